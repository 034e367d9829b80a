/*
 * Bots through the C ABI (kingup.h): a heuristic bot, two ISMCTS bots and a reader bot
 * play a whole 4-player game, as a C front end would run its computer opponents. Each bot sees only
 * the player view of the seat it plays; the program drives the game with the usual
 * entry points (next_seat, apply). Chance is automatic: the deals are drawn from the
 * game's seed as soon as they are due.
 *
 * Build against an installed kingup (docs/c-api.md; scripts/test-ffi.sh does both):
 *   cc -std=c11 bots.c $(pkg-config --cflags --libs kingup)
 * or with CMake: find_package(kingup) and link kingup::kingup (CMakeLists.txt here).
 * Exits non-zero at the first unexpected status.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kingup.h"
#include "check.h"

/* Few iterations keep the example quick in a debug build and under valgrind; a real
 * opponent would use 0 (the kind's default; 1000 for ISMCTS) or more. */
#define ISMCTS_ITERATIONS 30u
#define PLAYERS 4u

/* Whether `action` is among `seat`'s legal actions now. */
static int is_legal(const KingupGame *game, uint32_t seat, uint32_t action) {
    uint32_t legal[KINGUP_MAX_LEGAL_ACTIONS];
    size_t n = 0;
    CHECK(kingup_game_legal_actions(game, seat, legal, KINGUP_MAX_LEGAL_ACTIONS, &n));
    for (size_t i = 0; i < n; i++) {
        if (legal[i] == action) {
            return 1;
        }
    }
    return 0;
}

/* Checks that a call failed with `expected` and `reason`, and left a message. */
static void expect_refused(KingupStatus status, KingupStatus expected, const char *reason,
                           const char *what) {
    char message[512], got[KINGUP_MAX_REASON_LEN];
    size_t len = 0;
    ASSERT(status == expected);
    CHECK(kingup_last_error_reason(got, sizeof got, &len));
    ASSERT(strcmp(got, reason) == 0);
    CHECK(kingup_last_error(message, sizeof message, &len));
    ASSERT(len > 1);
    printf("  refused as expected (%s): %s: %s\n", what, got, message);
}

/* Bad input is refused with a status and a message, and writes nothing. */
static void check_bad_input(KingupBot *bot, const KingupGame *game, uint32_t to_move) {
    static char stale;
    KingupBot *none = (KingupBot *)(void *)&stale; /* a failed create must reset it */
    uint32_t action = 12345;
    expect_refused(kingup_bot_new(7, 0, 0, &none), KINGUP_STATUS_INVALID_ARGUMENT,
                   "no_such_bot_kind", "kind 7");
    ASSERT(none == NULL);
    expect_refused(kingup_bot_new(KINGUP_BOT_KIND_HEURISTIC, 0, 10, &none),
                   KINGUP_STATUS_INVALID_ARGUMENT, "iterations", "iterations for a heuristic bot");
    expect_refused(kingup_bot_new(KINGUP_BOT_KIND_ISMCTS, 0, KINGUP_BOT_MAX_ITERATIONS + 1, &none),
                   KINGUP_STATUS_INVALID_ARGUMENT, "iterations", "too many iterations");
    expect_refused(kingup_bot_choose(NULL, game, to_move, &action),
                   KINGUP_STATUS_NULL_ARGUMENT, "null_argument", "no bot");
    expect_refused(kingup_bot_choose(bot, NULL, to_move, &action),
                   KINGUP_STATUS_NULL_ARGUMENT, "null_argument", "no game");
    expect_refused(kingup_bot_choose(bot, game, to_move, NULL), KINGUP_STATUS_NULL_ARGUMENT,
                   "null_argument", "no out");
    expect_refused(kingup_bot_choose(bot, game, PLAYERS, &action),
                   KINGUP_STATUS_INVALID_ARGUMENT, "no_such_seat", "no such seat");
    expect_refused(kingup_bot_choose(bot, game, (to_move + 1) % PLAYERS, &action),
                   KINGUP_STATUS_INVALID_ARGUMENT, "not_your_turn", "not that seat's turn");
    ASSERT(action == 12345);
}

/* Two bots of the same kind and seed choose the same action. */
static void check_determinism(const KingupGame *game, uint32_t seat) {
    KingupBot *a = NULL, *b = NULL;
    uint32_t first = 0, second = 1;
    CHECK(kingup_bot_new(KINGUP_BOT_KIND_ISMCTS, 99, ISMCTS_ITERATIONS, &a));
    CHECK(kingup_bot_new(KINGUP_BOT_KIND_ISMCTS, 99, ISMCTS_ITERATIONS, &b));
    CHECK(kingup_bot_choose(a, game, seat, &first));
    CHECK(kingup_bot_choose(b, game, seat, &second));
    ASSERT(first == second);
    kingup_bot_free(a);
    kingup_bot_free(b);
}

int main(void) {
    ASSERT(kingup_abi_version() == KINGUP_ABI_VERSION);
    KingupConfig config;
    CHECK(kingup_config_init(&config, PLAYERS));
    KingupGame *game = NULL;
    CHECK(kingup_game_new(&config, 2024, &game));

    /* Seat 0: heuristic. Seats 1-2: ISMCTS, each with its own seed. Seat 3: reader (the
     * same search, worlds drawn from a belief read from its view). */
    KingupBot *bots[PLAYERS] = {NULL};
    const char *names[PLAYERS] = {"heuristic", "ismcts", "ismcts", "reader"};
    CHECK(kingup_bot_new(KINGUP_BOT_KIND_HEURISTIC, 1, 0, &bots[0]));
    for (uint32_t s = 1; s < 3; s++) {
        CHECK(kingup_bot_new(KINGUP_BOT_KIND_ISMCTS, 10 + s, ISMCTS_ITERATIONS, &bots[s]));
    }
    CHECK(kingup_bot_new(KINGUP_BOT_KIND_READER, 13, ISMCTS_ITERATIONS, &bots[3]));

    size_t moves = 0;
    int checked = 0;
    for (;;) {
        /* The seat to move, or the lowest seat still to vote; -1 once the game is over
         * (automatic chance never leaves a chance step pending). */
        int32_t next = -1;
        CHECK(kingup_game_next_seat(game, &next));
        if (next < 0) {
            break;
        }
        uint32_t seat = (uint32_t)next;
        KingupActor actor;
        CHECK(kingup_game_actor(game, &actor));
        if (!checked && actor.kind == KINGUP_ACTOR_KIND_SEAT) {
            check_bad_input(bots[seat], game, seat);
            check_determinism(game, seat);
            checked = 1;
        }
        uint32_t action = 0;
        CHECK(kingup_bot_choose(bots[seat], game, seat, &action));
        ASSERT(is_legal(game, seat, action));
        if (moves < 6) {
            char name[64], notation[8];
            size_t len = 0;
            CHECK(kingup_action_describe(action, name, sizeof name, &len));
            CHECK(kingup_action_notation(action, notation, sizeof notation, &len));
            printf("  seat %u (%s): %s (%s)\n", seat, names[seat], notation, name);
        }
        CHECK(kingup_game_apply(game, seat, action));
        moves++;
    }
    ASSERT(checked);

    /* Choosing after the game is over is refused: nobody may act. */
    uint32_t action = 0;
    expect_refused(kingup_bot_choose(bots[0], game, 0, &action),
                   KINGUP_STATUS_INVALID_ARGUMENT, "game_over", "game over");

    uint32_t totals[KINGUP_MAX_PLAYERS], winners = 0;
    size_t players = 0;
    CHECK(kingup_game_totals(game, totals, KINGUP_MAX_PLAYERS, &players));
    CHECK(kingup_game_winners(game, &winners));
    ASSERT(players == PLAYERS && winners != 0);
    printf("bots: %zu moves, totals", moves);
    for (size_t s = 0; s < players; s++) {
        printf(" %s %u%s", names[s], totals[s], winners >> s & 1u ? "*" : "");
    }
    printf("\n");

    for (uint32_t s = 0; s < PLAYERS; s++) {
        kingup_bot_free(bots[s]);
    }
    kingup_bot_free(NULL);
    kingup_game_free(game);
    printf("bots: game finished\n");
    return 0;
}
