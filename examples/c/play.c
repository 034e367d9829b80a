/*
 * Plays whole games of King Up! through the C ABI (kingup.h), as a C front end would:
 * standard and quick variants, automatic chance from the seed or explicit chance chosen
 * here, a custom deck, saves (which are replays), undo, the move notation, clones and
 * information-set sampling.
 *
 * Build against an installed kingup (docs/c-api.md; scripts/test-ffi.sh does both):
 *   cc -std=c11 play.c $(pkg-config --cflags --libs kingup)
 * or with CMake: find_package(kingup) and link kingup::kingup (CMakeLists.txt here).
 * Exits non-zero at the first unexpected status.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kingup.h"
#include "check.h"

/* A tiny xorshift generator for picking moves, so runs are reproducible. */
static uint64_t pick_state = 88172645463325252ull;

static size_t pick_below(size_t n) {
    pick_state ^= pick_state << 13;
    pick_state ^= pick_state >> 7;
    pick_state ^= pick_state << 17;
    return (size_t)(pick_state % n);
}

/* The save document as a malloc'd string: the size is asked first, then the text is
 * copied. It holds every secret: a host keeps it, players never see it. */
static char *save(const KingupGame *game) {
    size_t len = 0;
    KingupStatus status = kingup_game_to_json(game, NULL, 0, &len);
    ASSERT(status == KINGUP_STATUS_BUFFER_TOO_SMALL);
    char *text = malloc(len);
    ASSERT(text != NULL);
    CHECK(kingup_game_to_json(game, text, len, &len));
    return text;
}

/* The events from `from` on, as `viewer` sees them, as a malloc'd JSON string. */
static char *events(const KingupGame *game, int32_t viewer, size_t from) {
    size_t len = 0;
    kingup_game_events_json(game, viewer, from, NULL, 0, &len);
    char *text = malloc(len);
    ASSERT(text != NULL);
    CHECK(kingup_game_events_json(game, viewer, from, text, len, &len));
    return text;
}

/* Resolves the pending chance step with an outcome chosen here, from the offered ones. */
static void choose_chance(KingupGame *game) {
    uint32_t outcomes[32];
    double odds[32];
    size_t count = 0;
    char what[64];
    CHECK(kingup_game_chance_describe(game, what, sizeof what, &count));
    ASSERT(count > 1); /* e.g. "deal seat 2's objective" */
    CHECK(kingup_game_chance_outcomes(game, outcomes, odds, 32, &count));
    ASSERT(count > 0);
    double total = 0;
    for (size_t i = 0; i < count; i++) {
        total += odds[i];
    }
    ASSERT(total > 0.999999 && total < 1.000001);
    CHECK(kingup_game_apply_chance(game, outcomes[pick_below(count)]));
}

/* Checks that the mask and the legal list agree and the observation is full. */
static void check_views(const KingupGame *game, uint32_t seat, const uint32_t *legal, size_t n) {
    uint8_t mask[KINGUP_ACTION_COUNT];
    float obs[KINGUP_OBSERVATION_LEN];
    size_t len = 0;
    CHECK(kingup_game_action_mask(game, seat, mask, KINGUP_ACTION_COUNT, &len));
    ASSERT(len == KINGUP_ACTION_COUNT);
    size_t set = 0;
    for (size_t i = 0; i < KINGUP_ACTION_COUNT; i++) {
        set += mask[i];
    }
    ASSERT(set == n);
    for (size_t i = 0; i < n; i++) {
        ASSERT(mask[legal[i]] == 1);
    }
    CHECK(kingup_game_observation(game, seat, obs, KINGUP_OBSERVATION_LEN, &len));
    ASSERT(len == KINGUP_OBSERVATION_LEN);
}

/* The move's notation ("B4", "F", "yes") reads back as the same move. */
static void check_notation(uint32_t action) {
    char text[8];
    size_t len = 0;
    uint32_t back = KINGUP_ACTION_COUNT;
    CHECK(kingup_action_notation(action, text, sizeof text, &len));
    CHECK(kingup_action_parse(text, len - 1, &back));
    ASSERT(back == action);
}

/* Plays `action`, takes it back (nothing is revealed by a placement or a climb) and plays
 * it again: the save document is the same as if it had never been taken back. */
static void check_undo(KingupGame *game, uint32_t seat, uint32_t action) {
    char *before = save(game);
    CHECK(kingup_game_apply(game, seat, action));
    char *after = save(game);
    size_t undoable = 0;
    CHECK(kingup_game_undoable(game, &undoable));
    if (undoable > 0) {
        CHECK(kingup_game_undo(game, seat));
        char *back = save(game);
        ASSERT(strcmp(back, before) == 0);
        free(back);
        CHECK(kingup_game_apply(game, seat, action));
        char *again = save(game);
        ASSERT(strcmp(again, after) == 0);
        free(again);
    }
    free(after);
    free(before);
}

/* One random legal move by the seat that acts next (the lowest seat still to vote, in a
 * vote); returns that seat. Every fifth move is taken back and replayed. */
static uint32_t move(KingupGame *game, size_t moves) {
    int32_t next = -1;
    CHECK(kingup_game_next_seat(game, &next));
    ASSERT(next >= 0);
    uint32_t seat = (uint32_t)next;
    uint32_t legal[KINGUP_MAX_LEGAL_ACTIONS];
    size_t n = 0;
    CHECK(kingup_game_legal_actions(game, seat, legal, KINGUP_MAX_LEGAL_ACTIONS, &n));
    ASSERT(n > 0);
    check_views(game, seat, legal, n);
    uint32_t action = legal[pick_below(n)];
    check_notation(action);
    if (moves % 5 == 0) {
        check_undo(game, seat, action);
    } else {
        CHECK(kingup_game_apply(game, seat, action));
    }
    return seat;
}

/* A save loads to a game that saves to the same document, with the whole event log. */
static void check_round_trip(const KingupGame *game) {
    char *json = save(game);
    KingupGame *copy = NULL;
    CHECK(kingup_game_from_json(json, strlen(json), &copy));
    char *again = save(copy);
    ASSERT(strcmp(json, again) == 0);
    size_t events = 0, copied = 0;
    CHECK(kingup_game_event_count(game, &events));
    CHECK(kingup_game_event_count(copy, &copied));
    ASSERT(events == copied);
    free(again);
    free(json);
    kingup_game_free(copy);
}

/* A sampled world agrees with what `seat` knows, and can be played to the end. */
static void check_sampling(const KingupGame *game, uint32_t seat) {
    KingupGame *world = NULL;
    CHECK(kingup_game_sample(game, seat, 1234, &world));
    size_t a = 0, b = 0;
    char view_game[8192], view_world[8192];
    CHECK(kingup_game_player_view_json(game, seat, view_game, sizeof view_game, &a));
    CHECK(kingup_game_player_view_json(world, seat, view_world, sizeof view_world, &b));
    ASSERT(a == b && strcmp(view_game, view_world) == 0);
    kingup_game_free(world);
}

/* Plays `game` to the end; returns the number of seat moves. With automatic chance no
 * chance step is ever pending; with explicit chance this program picks the outcomes. */
static size_t play_out(KingupGame *game) {
    size_t moves = 0;
    for (;;) {
        KingupActor actor;
        CHECK(kingup_game_actor(game, &actor));
        if (actor.kind == KINGUP_ACTOR_KIND_NOBODY) {
            return moves;
        }
        if (actor.kind == KINGUP_ACTOR_KIND_CHANCE) {
            choose_chance(game);
            continue;
        }
        uint32_t seat = move(game, moves);
        if (++moves % 17 == 0) {
            check_round_trip(game);
            check_sampling(game, seat);
        }
    }
}

/* Prints totals and winners of a finished game. */
static void report(const char *name, const KingupGame *game, size_t moves) {
    uint32_t totals[KINGUP_MAX_PLAYERS], winners = 0, phase = 0;
    size_t players = 0, count = 0;
    CHECK(kingup_game_phase(game, &phase));
    ASSERT(phase == KINGUP_PHASE_GAME_OVER);
    CHECK(kingup_game_totals(game, totals, KINGUP_MAX_PLAYERS, &players));
    CHECK(kingup_game_winners(game, &winners));
    CHECK(kingup_game_event_count(game, &count));
    ASSERT(winners != 0);
    printf("%-32s %3zu moves %4zu events, totals", name, moves, count);
    for (size_t s = 0; s < players; s++) {
        printf(" %3u%s", totals[s], winners >> s & 1u ? "*" : " ");
    }
    printf("\n");
}

static void play_config(const char *name, KingupConfig config, uint64_t seed) {
    KingupGame *game = NULL;
    CHECK(kingup_game_new(&config, seed, &game));
    size_t moves = play_out(game);
    report(name, game, moves);

    /* What a spectator was shown: no dealt card, no committed vote. */
    char *log = events(game, -1, 0);
    ASSERT(strstr(log, "\"type\":\"game_over\"") != NULL);
    ASSERT(strstr(log, "\"card\":null") != NULL);
    free(log);
    kingup_game_free(game);
}

/* A custom deck through a JSON config; a clone and a game loaded from a save, played the
 * same way as their source, end the same. */
static void play_custom_deck(void) {
    const char *json = "{\"players\": 3, \"rounds\": 3, \"setup\": \"random_layout\","
                       " \"first_player\": {\"seat\": 1}, \"deck\": [\"ABCDEF\", \"GILMNO\","
                       " \"PABCDE\", \"FGILMN\", \"OPABCD\", \"EFGILM\", \"NOPABC\", \"DEFGIL\","
                       " \"MNOPAB\"]}";
    KingupGame *game = NULL, *twin = NULL, *loaded = NULL;
    CHECK(kingup_game_new_json(json, strlen(json), KINGUP_CHANCE_AUTO, 99, &game));
    CHECK(kingup_game_clone(game, &twin));
    char *start = save(game);
    CHECK(kingup_game_from_json(start, strlen(start), &loaded));
    free(start);
    uint64_t saved = pick_state;
    size_t moves = play_out(game);
    pick_state = saved;
    ASSERT(play_out(twin) == moves);
    pick_state = saved;
    ASSERT(play_out(loaded) == moves);
    char *a = save(game), *b = save(twin), *c = save(loaded);
    ASSERT(strcmp(a, b) == 0 && strcmp(a, c) == 0);
    free(a);
    free(b);
    free(c);
    report("custom deck (JSON), clone, save", game, moves);
    kingup_game_free(loaded);
    kingup_game_free(twin);
    kingup_game_free(game);
}

int main(void) {
    ASSERT(kingup_abi_version() == KINGUP_ABI_VERSION);
    printf("kingup %s, ABI %u\n", kingup_version(), kingup_abi_version());
    KingupConfig config;
    for (uint32_t players = 3; players <= 6; players++) {
        CHECK(kingup_config_init(&config, players));
        ASSERT(config.chance == KINGUP_CHANCE_AUTO);
        char name[64];
        snprintf(name, sizeof name, "%u players, seeded chance", players);
        play_config(name, config, players);
    }
    CHECK(kingup_config_init(&config, 4));
    config.rounds = 1;
    config.setup = KINGUP_SETUP_RANDOM_LAYOUT;
    config.chance = KINGUP_CHANCE_EXPLICIT;
    play_config("quick, explicit chance", config, 0);
    config.rounds = 3;
    config.first_player = 2;
    play_config("4 players, explicit chance", config, 0);
    play_custom_deck();
    printf("play: all games finished\n");
    return 0;
}
