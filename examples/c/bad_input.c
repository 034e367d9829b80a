/*
 * Bad input for every entry point of kingup.h: NULL handles, NULL or short buffers, wrong
 * seats, out-of-range indices, garbage JSON. Each call must return the documented status,
 * explain itself through kingup_last_error, and leave the game exactly as it was (same
 * snapshot JSON, same event count). Built with -Wall -Wextra -Werror and run under
 * AddressSanitizer, UndefinedBehaviorSanitizer and valgrind by scripts/test-ffi.sh.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kingup.h"

static int passed, failed;

static void check(int ok, const char *what, int line) {
    if (ok) {
        passed++;
    } else {
        failed++;
        fprintf(stderr, "bad_input.c:%d: FAILED: %s\n", line, what);
    }
}

/* The snapshot and event count of a game, to prove a refused call changed nothing. */
typedef struct {
    char json[16384];
    size_t events;
} State;

static void capture(const KingupGame *game, State *state) {
    size_t len = 0;
    if (kingup_game_to_json(game, state->json, sizeof state->json, &len) != KINGUP_STATUS_OK ||
        kingup_game_event_count(game, &state->events) != KINGUP_STATUS_OK) {
        fprintf(stderr, "cannot capture the game state\n");
        exit(EXIT_FAILURE);
    }
}

static int has_message(void) {
    char message[512];
    size_t len = 0;
    return kingup_last_error(message, sizeof message, &len) == KINGUP_STATUS_OK && len > 1;
}

/* Checks the status of `call`, that it left a message, and that `game` is unchanged. */
#define REFUSED(game, call, expected)                                                      \
    do {                                                                                   \
        static State before_, after_;                                                      \
        capture((game), &before_);                                                         \
        KingupStatus got_ = (call);                                                        \
        check(got_ == (expected), #call " returns " #expected, __LINE__);                  \
        check(has_message(), #call " explains itself", __LINE__);                          \
        capture((game), &after_);                                                          \
        check(strcmp(before_.json, after_.json) == 0 && before_.events == after_.events,   \
              #call " leaves the game unchanged", __LINE__);                               \
    } while (0)

#define EXPECT(cond) check((cond), #cond, __LINE__)

#define NULL_GAME ((KingupGame *)NULL)

/* A stale non-NULL value put in handle out-parameters: failures must reset it to NULL. */
static KingupGame *stale(void) {
    static char dummy;
    return (KingupGame *)(void *)&dummy;
}

/* A 4-player game in the placement phase, seat 0 to move, with a non-empty log. */
static KingupGame *fixture(void) {
    KingupConfig config = {4, 3, KINGUP_SETUP_PLACEMENT, 0};
    KingupGame *game = NULL;
    if (kingup_game_new(&config, 7, &game) != KINGUP_STATUS_OK ||
        kingup_game_resolve_chance(game) != KINGUP_STATUS_OK) {
        fprintf(stderr, "cannot build the fixture\n");
        exit(EXIT_FAILURE);
    }
    return game;
}

static void library_functions(void) {
    char buf[64];
    size_t len = 0;
    EXPECT(kingup_abi_version() == KINGUP_ABI_VERSION);
    EXPECT(kingup_version() != NULL && strlen(kingup_version()) > 0);
    EXPECT(strcmp(kingup_status_name(KINGUP_STATUS_PARSE_ERROR), "parse error") == 0);
    EXPECT(strcmp(kingup_status_name(12345), "unknown status") == 0);
    EXPECT(kingup_config_init(NULL, 4) == KINGUP_STATUS_NULL_ARGUMENT);
    EXPECT(kingup_action_describe(KINGUP_ACTION_COUNT, buf, sizeof buf, &len) ==
           KINGUP_STATUS_INVALID_ARGUMENT);
    EXPECT(kingup_action_describe(0, buf, sizeof buf, NULL) == KINGUP_STATUS_NULL_ARGUMENT);
    EXPECT(kingup_action_describe(0, NULL, sizeof buf, &len) == KINGUP_STATUS_NULL_ARGUMENT);
    buf[0] = 'x';
    EXPECT(kingup_action_describe(0, buf, 3, &len) == KINGUP_STATUS_BUFFER_TOO_SMALL);
    EXPECT(len > 3 && buf[0] == 'x');
    EXPECT(kingup_action_describe(0, buf, len, &len) == KINGUP_STATUS_OK);

    /* The last error: short buffer, size query, NULL length; reading it keeps it. */
    kingup_game_free(NULL);
    EXPECT(kingup_game_apply(NULL, 0, 0) == KINGUP_STATUS_NULL_ARGUMENT);
    EXPECT(kingup_last_error(buf, 4, &len) == KINGUP_STATUS_BUFFER_TOO_SMALL);
    EXPECT(len == strlen("game is NULL") + 1);
    EXPECT(kingup_last_error(NULL, 0, &len) == KINGUP_STATUS_BUFFER_TOO_SMALL);
    EXPECT(kingup_last_error(buf, sizeof buf, NULL) == KINGUP_STATUS_NULL_ARGUMENT);
    EXPECT(kingup_last_error(buf, sizeof buf, &len) == KINGUP_STATUS_OK);
    EXPECT(strcmp(buf, "game is NULL") == 0);
}

static void constructors(KingupGame *game) {
    KingupConfig good = {4, 3, KINGUP_SETUP_PLACEMENT, -1};
    KingupConfig bad[] = {{2, 3, 0, -1}, {7, 3, 0, -1}, {4, 2, 0, -1}, {4, 3, 2, -1},
                          {4, 3, 0, 4},  {4, 3, 0, -2}, {0, 0, 0, 0}};
    KingupGame *out = stale();
    REFUSED(game, kingup_game_new(NULL, 0, &out), KINGUP_STATUS_NULL_ARGUMENT);
    EXPECT(out == NULL);
    REFUSED(game, kingup_game_new(&good, 0, NULL), KINGUP_STATUS_NULL_ARGUMENT);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        out = stale();
        REFUSED(game, kingup_game_new(&bad[i], 0, &out), KINGUP_STATUS_INVALID_ARGUMENT);
        EXPECT(out == NULL);
    }

    const char *garbage[] = {"", "{", "null", "\xff\xfe", "\"text\"", "42", "{\"players\":4,\"x\":1}",
                             "{\"players\":4,\"rounds\":3,\"deck\":[\"AABCDE\"]}"};
    for (size_t i = 0; i < sizeof garbage / sizeof garbage[0]; i++) {
        const char *text = garbage[i];
        out = stale();
        REFUSED(game, kingup_game_new_json(text, strlen(text), 0, &out), KINGUP_STATUS_PARSE_ERROR);
        EXPECT(out == NULL);
        out = stale();
        REFUSED(game, kingup_game_from_json(text, strlen(text), 0, &out), KINGUP_STATUS_PARSE_ERROR);
        EXPECT(out == NULL);
    }
    const char *small_deck = "{\"players\": 4, \"rounds\": 3, \"deck\": [\"ABCDEF\"]}";
    REFUSED(game, kingup_game_new_json(small_deck, strlen(small_deck), 0, &out),
            KINGUP_STATUS_INVALID_ARGUMENT);
    REFUSED(game, kingup_game_new_json(NULL, 5, 0, &out), KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_new_json(small_deck, strlen(small_deck), 0, NULL),
            KINGUP_STATUS_NULL_ARGUMENT);
}

static void snapshots(KingupGame *game) {
    static char json[16384], edited[16384];
    size_t len = 0;
    KingupGame *out = stale();
    EXPECT(kingup_game_to_json(game, json, sizeof json, &len) == KINGUP_STATUS_OK);
    REFUSED(game, kingup_game_to_json(NULL, json, sizeof json, &len), KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_to_json(game, json, sizeof json, NULL), KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_to_json(game, NULL, sizeof json, &len), KINGUP_STATUS_NULL_ARGUMENT);
    size_t needed = strlen(json) + 1;
    REFUSED(game, kingup_game_to_json(game, edited, needed - 1, &len),
            KINGUP_STATUS_BUFFER_TOO_SMALL);
    EXPECT(len == needed);

    REFUSED(game, kingup_game_from_json(json, needed / 2, 0, &out), KINGUP_STATUS_PARSE_ERROR);
    EXPECT(out == NULL);
    /* Valid JSON, impossible game: round 5 of a 3-round game. */
    strcpy(edited, json);
    char *round = strstr(edited, "\"round\":0");
    EXPECT(round != NULL);
    if (round != NULL) {
        round[8] = '5';
        REFUSED(game, kingup_game_from_json(edited, strlen(edited), 0, &out),
                KINGUP_STATUS_PARSE_ERROR);
    }
    REFUSED(game, kingup_game_from_json(NULL, 10, 0, &out), KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_from_json(json, strlen(json), 0, NULL), KINGUP_STATUS_NULL_ARGUMENT);

    out = stale();
    REFUSED(game, kingup_game_clone(NULL, &out), KINGUP_STATUS_NULL_ARGUMENT);
    EXPECT(out == NULL);
    REFUSED(game, kingup_game_clone(game, NULL), KINGUP_STATUS_NULL_ARGUMENT);
    out = stale();
    REFUSED(game, kingup_game_sample(NULL, 0, 0, &out), KINGUP_STATUS_NULL_ARGUMENT);
    EXPECT(out == NULL);
    REFUSED(game, kingup_game_sample(game, 4, 0, &out), KINGUP_STATUS_INVALID_ARGUMENT);
    REFUSED(game, kingup_game_sample(game, 0, 0, NULL), KINGUP_STATUS_NULL_ARGUMENT);
}

static void scalar_queries(KingupGame *game) {
    uint32_t n = 0;
    size_t size = 0;
    KingupActor actor;
    KingupChanceStep step;
    KingupConfig config;
    REFUSED(game, kingup_game_phase(NULL, &n), KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_phase(game, NULL), KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_round(NULL, &n), KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_round(game, NULL), KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_winners(NULL, &n), KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_winners(game, NULL), KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_event_count(NULL, &size), KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_event_count(game, NULL), KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_actor(NULL, &actor), KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_actor(game, NULL), KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_chance_step(NULL, &step), KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_chance_step(game, NULL), KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_config(NULL, &config), KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_config(game, NULL), KINGUP_STATUS_NULL_ARGUMENT);
    EXPECT(kingup_game_winners(game, &n) == KINGUP_STATUS_OK && n == 0);
}

static void seat_lists(KingupGame *game) {
    uint32_t actions[KINGUP_MAX_LEGAL_ACTIONS];
    uint8_t mask[KINGUP_ACTION_COUNT];
    static float obs[KINGUP_OBSERVATION_LEN];
    size_t len = 0;
    uint32_t bad_seats[] = {4, 6, 0xffffffffu};
    for (size_t i = 0; i < 3; i++) {
        uint32_t s = bad_seats[i];
        REFUSED(game, kingup_game_legal_actions(game, s, actions, 52, &len),
                KINGUP_STATUS_INVALID_ARGUMENT);
        REFUSED(game, kingup_game_action_mask(game, s, mask, 67, &len),
                KINGUP_STATUS_INVALID_ARGUMENT);
        REFUSED(game, kingup_game_observation(game, s, obs, KINGUP_OBSERVATION_LEN, &len),
                KINGUP_STATUS_INVALID_ARGUMENT);
    }
    REFUSED(game, kingup_game_legal_actions(NULL, 0, actions, 52, &len),
            KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_legal_actions(game, 0, NULL, 52, &len), KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_legal_actions(game, 0, actions, 52, NULL),
            KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_legal_actions(game, 0, actions, 3, &len),
            KINGUP_STATUS_BUFFER_TOO_SMALL);
    EXPECT(len == 52); /* 13 characters to place × 4 floors */
    REFUSED(game, kingup_game_action_mask(NULL, 0, mask, 67, &len), KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_action_mask(game, 0, mask, 66, &len),
            KINGUP_STATUS_BUFFER_TOO_SMALL);
    EXPECT(len == KINGUP_ACTION_COUNT);
    REFUSED(game, kingup_game_action_mask(game, 0, NULL, 67, &len), KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_observation(NULL, 0, obs, KINGUP_OBSERVATION_LEN, &len),
            KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_observation(game, 0, obs, 10, &len), KINGUP_STATUS_BUFFER_TOO_SMALL);
    EXPECT(len == KINGUP_OBSERVATION_LEN);
    REFUSED(game, kingup_game_observation(game, 0, obs, KINGUP_OBSERVATION_LEN, NULL),
            KINGUP_STATUS_NULL_ARGUMENT);
    /* A seat that plays but may not act now has no legal action: not an error. */
    EXPECT(kingup_game_legal_actions(game, 1, actions, 52, &len) == KINGUP_STATUS_OK && len == 0);
}

static void score_lists(KingupGame *game) {
    uint32_t values[32];
    size_t len = 0;
    REFUSED(game, kingup_game_totals(NULL, values, 32, &len), KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_totals(game, values, 3, &len), KINGUP_STATUS_BUFFER_TOO_SMALL);
    EXPECT(len == 4);
    REFUSED(game, kingup_game_totals(game, NULL, 32, &len), KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_totals(game, values, 32, NULL), KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_scores(NULL, values, 32, &len), KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_scores(game, values, 32, NULL), KINGUP_STATUS_NULL_ARGUMENT);
    /* No round is scored yet: nothing to write, so NULL with capacity 0 is fine. */
    EXPECT(kingup_game_scores(game, NULL, 0, &len) == KINGUP_STATUS_OK && len == 0);
}

static void moves(KingupGame *game) {
    REFUSED(game, kingup_game_apply(NULL, 0, 0), KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_apply(game, 4, 0), KINGUP_STATUS_INVALID_ARGUMENT);
    REFUSED(game, kingup_game_apply(game, 0, KINGUP_ACTION_COUNT), KINGUP_STATUS_INVALID_ARGUMENT);
    REFUSED(game, kingup_game_apply(game, 0, 0xffffffffu), KINGUP_STATUS_INVALID_ARGUMENT);
    REFUSED(game, kingup_game_apply(game, 1, 0), KINGUP_STATUS_ILLEGAL_ACTION); /* not its turn */
    REFUSED(game, kingup_game_apply(game, 0, 52), KINGUP_STATUS_ILLEGAL_ACTION); /* a climb */
    REFUSED(game, kingup_game_apply(game, 0, 66), KINGUP_STATUS_ILLEGAL_ACTION); /* a vote */
    REFUSED(game, kingup_game_apply_chance(NULL, 0), KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_apply_chance(game, KINGUP_CHANCE_OUTCOME_COUNT),
            KINGUP_STATUS_INVALID_ARGUMENT);
    REFUSED(game, kingup_game_apply_chance(game, 10), KINGUP_STATUS_ILLEGAL_ACTION);
    REFUSED(game, kingup_game_resolve_chance(NULL), KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_reseed(NULL, 1), KINGUP_STATUS_NULL_ARGUMENT);
    /* Resolving with no chance step pending changes nothing and succeeds. */
    State before, after;
    capture(game, &before);
    EXPECT(kingup_game_resolve_chance(game) == KINGUP_STATUS_OK);
    capture(game, &after);
    EXPECT(strcmp(before.json, after.json) == 0 && before.events == after.events);
}

static void chance_lists(void) {
    KingupConfig config = {6, 1, KINGUP_SETUP_RANDOM_LAYOUT, -1};
    KingupGame *game = NULL;
    EXPECT(kingup_game_new(&config, 0, &game) == KINGUP_STATUS_OK);
    uint32_t outcomes[6];
    double odds[6];
    size_t len = 0;
    REFUSED(game, kingup_game_chance_outcomes(NULL, outcomes, odds, 6, &len),
            KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_chance_outcomes(game, outcomes, odds, 5, &len),
            KINGUP_STATUS_BUFFER_TOO_SMALL);
    EXPECT(len == 6);
    REFUSED(game, kingup_game_chance_outcomes(game, NULL, odds, 6, &len),
            KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_chance_outcomes(game, outcomes, odds, 6, NULL),
            KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_apply_chance(game, 6), KINGUP_STATUS_ILLEGAL_ACTION); /* layout */
    REFUSED(game, kingup_game_apply(game, 0, 0), KINGUP_STATUS_ILLEGAL_ACTION); /* chance's turn */
    EXPECT(kingup_game_chance_outcomes(game, outcomes, NULL, 6, &len) == KINGUP_STATUS_OK);
    kingup_game_free(game);
}

static void json_outputs(KingupGame *game) {
    static char buf[16384];
    size_t len = 0, count = 0;
    EXPECT(kingup_game_event_count(game, &count) == KINGUP_STATUS_OK && count > 0);
    REFUSED(game, kingup_game_player_view_json(NULL, 0, buf, sizeof buf, &len),
            KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_player_view_json(game, 4, buf, sizeof buf, &len),
            KINGUP_STATUS_INVALID_ARGUMENT);
    REFUSED(game, kingup_game_player_view_json(game, 0, buf, 10, &len),
            KINGUP_STATUS_BUFFER_TOO_SMALL);
    EXPECT(len > 10);
    REFUSED(game, kingup_game_player_view_json(game, 0, buf, sizeof buf, NULL),
            KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_public_view_json(NULL, buf, sizeof buf, &len),
            KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_public_view_json(game, NULL, sizeof buf, &len),
            KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_public_view_json(game, buf, 1, &len),
            KINGUP_STATUS_BUFFER_TOO_SMALL);
    REFUSED(game, kingup_game_events_json(NULL, -1, 0, buf, sizeof buf, &len),
            KINGUP_STATUS_NULL_ARGUMENT);
    REFUSED(game, kingup_game_events_json(game, -2, 0, buf, sizeof buf, &len),
            KINGUP_STATUS_INVALID_ARGUMENT);
    REFUSED(game, kingup_game_events_json(game, 4, 0, buf, sizeof buf, &len),
            KINGUP_STATUS_INVALID_ARGUMENT);
    REFUSED(game, kingup_game_events_json(game, -1, count + 1, buf, sizeof buf, &len),
            KINGUP_STATUS_INVALID_ARGUMENT);
    REFUSED(game, kingup_game_events_json(game, 0, 0, buf, 2, &len),
            KINGUP_STATUS_BUFFER_TOO_SMALL);
    REFUSED(game, kingup_game_events_json(game, 0, 0, buf, sizeof buf, NULL),
            KINGUP_STATUS_NULL_ARGUMENT);
    EXPECT(kingup_game_events_json(game, 0, count, buf, sizeof buf, &len) == KINGUP_STATUS_OK);
    EXPECT(strcmp(buf, "[]") == 0 && len == 3);
}

int main(void) {
    KingupGame *game = fixture();
    library_functions();
    constructors(game);
    snapshots(game);
    scalar_queries(game);
    seat_lists(game);
    score_lists(game);
    moves(game);
    chance_lists();
    json_outputs(game);
    /* The game still plays after all that. */
    EXPECT(kingup_game_apply(game, 0, 0) == KINGUP_STATUS_OK);
    kingup_game_free(game);
    printf("bad_input: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
