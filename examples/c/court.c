/*
 * A whole game of To Court the King through the C API: three bots (greedy, random, MCTS)
 * play a 3-player game to the end, the host polls the event log as it grows, saves the
 * game, loads the save and checks it plays on the same. Then every kind of bad input is
 * refused with its status and reason, and changes nothing. Built with -Wall -Wextra -Werror
 * and run under AddressSanitizer, UndefinedBehaviorSanitizer and valgrind by
 * scripts/test-ffi.sh.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* The save document, malloc'ed; the caller frees it. */
static char *save(const KingupCourtGame *game) {
    size_t need = 0;
    ASSERT(kingup_court_game_to_json(game, NULL, 0, &need) == KINGUP_STATUS_BUFFER_TOO_SMALL);
    char *json = malloc(need);
    ASSERT(json != NULL);
    CHECK(kingup_court_game_to_json(game, json, need, &need));
    return json;
}

/* Whether the last failure had `reason`. */
static int reason_is(const char *expected) {
    char reason[KINGUP_MAX_REASON_LEN];
    size_t len = 0;
    CHECK(kingup_last_error_reason(reason, sizeof reason, &len));
    return strcmp(reason, expected) == 0;
}

/* Asserts that `status` is `expected` with `reason`, and that the game is as `before`. */
static void refused(const KingupCourtGame *game, const char *before, KingupStatus status,
                    KingupStatus expected, const char *reason) {
    ASSERT(status == expected);
    ASSERT(reason_is(reason));
    char *after = save(game);
    ASSERT(strcmp(after, before) == 0);
    free(after);
}

static void play_with_bots(void) {
    KingupCourtConfig config;
    CHECK(kingup_court_config_init(&config, 3));
    config.max_rounds = 30; /* a bound, so that the example always ends quickly */
    KingupCourtGame *game = NULL;
    CHECK(kingup_court_game_new(&config, 2026, &game));
    KingupCourtBot *bots[3] = {NULL, NULL, NULL};
    CHECK(kingup_court_bot_new(KINGUP_COURT_BOT_KIND_GREEDY, 1, 0, &bots[0]));
    CHECK(kingup_court_bot_new(KINGUP_COURT_BOT_KIND_RANDOM, 2, 0, &bots[1]));
    CHECK(kingup_court_bot_new(KINGUP_COURT_BOT_KIND_MCTS, 3, 20, &bots[2]));

    size_t seen = 0, actions = 0;
    char *events = malloc(1 << 16);
    ASSERT(events != NULL);
    int32_t seat = -1;
    CHECK(kingup_court_game_next_seat(game, &seat));
    while (seat >= 0) {
        uint32_t action = 0;
        CHECK(kingup_court_bot_choose(bots[seat], game, (uint32_t)seat, &action));
        CHECK(kingup_court_game_apply(game, (uint32_t)seat, action));
        actions++;
        /* Only the new events, from the count seen so far. */
        size_t len = 0;
        CHECK(kingup_court_game_events_json(game, -1, seen, events, 1 << 16, &len));
        ASSERT(events[0] == '[' && events[len - 2] == ']');
        CHECK(kingup_court_game_event_count(game, &seen));
        CHECK(kingup_court_game_next_seat(game, &seat));
    }
    free(events);

    uint32_t phase = 0, winners = 0, truncated = 0;
    CHECK(kingup_court_game_phase(game, &phase));
    CHECK(kingup_court_game_winners(game, &winners));
    CHECK(kingup_court_game_truncated(game, &truncated));
    ASSERT(phase == KINGUP_COURT_PHASE_GAME_OVER);
    ASSERT(truncated ? winners == 0 : (winners & (winners - 1)) == 0 && winners != 0);
    uint32_t scores[KINGUP_COURT_MAX_PLAYERS];
    size_t players = 0;
    CHECK(kingup_court_game_scores(game, scores, KINGUP_COURT_MAX_PLAYERS, &players));
    ASSERT(players == 3);
    printf("%zu actions, %zu events; cards %u %u %u; %s\n", actions, seen, scores[0],
           scores[1], scores[2], truncated ? "truncated" : "a King was crowned");

    /* The save loads (here, or in any other language) and writes the same bytes. */
    char *json = save(game);
    KingupCourtGame *loaded = NULL;
    CHECK(kingup_court_game_from_json(json, strlen(json), &loaded));
    char *again = save(loaded);
    ASSERT(strcmp(json, again) == 0);
    free(again);
    free(json);
    kingup_court_game_free(loaded);
    for (int i = 0; i < 3; i++) {
        kingup_court_bot_free(bots[i]);
    }
    kingup_court_game_free(game);
}

static void explicit_chance(void) {
    KingupCourtConfig config;
    CHECK(kingup_court_config_init(&config, 2));
    config.chance = KINGUP_CHANCE_EXPLICIT;
    KingupCourtGame *game = NULL;
    CHECK(kingup_court_game_new(&config, 1, &game));
    uint32_t outcomes[KINGUP_COURT_CHANCE_OUTCOME_COUNT];
    double odds[KINGUP_COURT_CHANCE_OUTCOME_COUNT];
    size_t n = 0;
    CHECK(kingup_court_game_chance_outcomes(game, outcomes, odds, KINGUP_COURT_CHANCE_OUTCOME_COUNT, &n));
    ASSERT(n == 2 && odds[0] == 0.5); /* either seat starts */
    uint32_t first = 0, roll = 0;
    CHECK(kingup_court_chance_parse("first 1", 7, &first));
    CHECK(kingup_court_game_apply_chance(game, first));
    CHECK(kingup_court_action_parse("roll", 4, &roll));
    CHECK(kingup_court_game_apply(game, 1, roll));
    CHECK(kingup_court_game_chance_outcomes(game, outcomes, odds, KINGUP_COURT_CHANCE_OUTCOME_COUNT, &n));
    ASSERT(n == 6); /* a die: six faces */
    CHECK(kingup_court_game_resolve_chance(game)); /* the three dice, from the generator */
    uint32_t phase = 0;
    CHECK(kingup_court_game_phase(game, &phase));
    ASSERT(phase == KINGUP_COURT_PHASE_DICE);
    char notation[32];
    size_t len = 0;
    CHECK(kingup_court_chance_notation(outcomes[4], notation, sizeof notation, &len));
    ASSERT(strcmp(notation, "die 5") == 0);
    kingup_court_game_free(game);
}

static void bad_input(void) {
    KingupCourtConfig config;
    CHECK(kingup_court_config_init(&config, 3));
    config.first_player = 0;
    KingupCourtGame *game = NULL;
    CHECK(kingup_court_game_new(&config, 7, &game));
    char *before = save(game);
    uint32_t roll = 0, pass = 0;
    CHECK(kingup_court_action_parse("roll", 4, &roll));
    CHECK(kingup_court_action_parse("pass", 4, &pass));

    refused(game, before, kingup_court_game_apply(NULL, 0, roll), KINGUP_STATUS_NULL_ARGUMENT,
            "null_argument");
    refused(game, before, kingup_court_game_apply(game, 3, roll), KINGUP_STATUS_INVALID_ARGUMENT,
            "no_such_seat");
    refused(game, before, kingup_court_game_apply(game, 0, KINGUP_COURT_ACTION_COUNT),
            KINGUP_STATUS_INVALID_ARGUMENT, "no_such_action");
    refused(game, before, kingup_court_game_apply(game, 1, roll), KINGUP_STATUS_ILLEGAL_ACTION,
            "not_your_turn");
    refused(game, before, kingup_court_game_apply(game, 0, pass), KINGUP_STATUS_ILLEGAL_ACTION,
            "wrong_phase");
    refused(game, before, kingup_court_game_apply_chance(game, 0), KINGUP_STATUS_ILLEGAL_ACTION,
            "not_chance");
    refused(game, before, kingup_court_game_undo(game, 0), KINGUP_STATUS_ILLEGAL_ACTION,
            "nothing_to_undo");
    char small[4] = "abc";
    size_t len = 0;
    refused(game, before, kingup_court_game_to_json(game, small, sizeof small, &len),
            KINGUP_STATUS_BUFFER_TOO_SMALL, "buffer_too_small");
    ASSERT(len == strlen(before) + 1 && strcmp(small, "abc") == 0);
    uint32_t legal[KINGUP_COURT_MAX_LEGAL_ACTIONS];
    refused(game, before, kingup_court_game_legal_actions(game, 0, NULL, 5, &len),
            KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    refused(game, before, kingup_court_game_legal_actions(game, 9, legal, 5, &len),
            KINGUP_STATUS_INVALID_ARGUMENT, "no_such_seat");
    refused(game, before, kingup_court_game_events_json(game, -1, 99, small, 4, &len),
            KINGUP_STATUS_INVALID_ARGUMENT, "no_such_event");

    KingupCourtGame *made = game;
    const char *broken = "{\"players\": 3,";
    refused(game, before, kingup_court_game_new_json(broken, strlen(broken), 0, 1, &made),
            KINGUP_STATUS_PARSE_ERROR, "malformed");
    ASSERT(made == NULL); /* a failed call clears *out */
    config.players = 6;
    refused(game, before, kingup_court_game_new(&config, 1, &made), KINGUP_STATUS_INVALID_ARGUMENT,
            "invalid_config");
    refused(game, before, kingup_court_game_from_json("{}", 2, &made), KINGUP_STATUS_PARSE_ERROR,
            "malformed");
    KingupCourtBot *bot = NULL;
    refused(game, before, kingup_court_bot_new(7, 1, 0, &bot), KINGUP_STATUS_INVALID_ARGUMENT,
            "no_such_bot_kind");
    CHECK(kingup_court_bot_new(KINGUP_COURT_BOT_KIND_GREEDY, 1, 0, &bot));
    uint32_t action = 12345;
    refused(game, before, kingup_court_bot_choose(bot, game, 2, &action),
            KINGUP_STATUS_INVALID_ARGUMENT, "not_your_turn");
    ASSERT(action == 12345);
    kingup_court_bot_free(bot);
    kingup_court_game_free(NULL); /* accepted */
    free(before);
    kingup_court_game_free(game);
    printf("bad input: refused, nothing changed\n");
}

int main(void) {
    play_with_bots();
    explicit_chance();
    bad_input();
    return EXIT_SUCCESS;
}
