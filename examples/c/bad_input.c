/*
 * Bad input for every entry point of kingup.h: NULL handles, NULL or short buffers,
 * misaligned pointers, wrong seats, out-of-range indices, garbage JSON, 10 MB texts, edited
 * saves, undo that is not allowed. Each call must return the documented status and reason
 * code (kingup_last_error_reason), explain itself through kingup_last_error in a message
 * that fits KINGUP_MAX_ERROR_LEN bytes, and leave the game exactly as it was (same save
 * document, same event count). Built with -Wall -Wextra -Werror and run under
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

/* The save document and event count of a game, to prove a refused call changed nothing. */
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

/* Whether the last error has a message, and it fits KINGUP_MAX_ERROR_LEN bytes. */
static int has_message(void) {
    char message[KINGUP_MAX_ERROR_LEN];
    size_t len = 0;
    return kingup_last_error(message, sizeof message, &len) == KINGUP_STATUS_OK && len > 1;
}

/* Whether the last reason code is `expected`; prints it when not. */
static int has_reason(const char *expected) {
    char reason[KINGUP_MAX_REASON_LEN];
    size_t len = 0;
    if (kingup_last_error_reason(reason, sizeof reason, &len) != KINGUP_STATUS_OK) {
        return 0;
    }
    if (strcmp(reason, expected) != 0) {
        fprintf(stderr, "  reason \"%s\", expected \"%s\"\n", reason, expected);
        return 0;
    }
    return 1;
}

/* Checks the status and reason of `call`, that it left a message, and that `game` is
 * unchanged. */
#define REFUSED(game, call, expected, reason)                                              \
    do {                                                                                   \
        static State before_, after_;                                                      \
        capture((game), &before_);                                                         \
        KingupStatus got_ = (call);                                                        \
        check(got_ == (expected), #call " returns " #expected, __LINE__);                  \
        check(has_reason(reason), #call " gives its reason", __LINE__);                    \
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

/* A 4-player game in the placement phase, seat 0 to move, with a non-empty log (automatic
 * chance has dealt the objectives). */
static KingupGame *fixture(void) {
    KingupConfig config = {4, 3, KINGUP_SETUP_PLACEMENT, 0, KINGUP_CHANCE_AUTO};
    KingupGame *game = NULL;
    if (kingup_game_new(&config, 7, &game) != KINGUP_STATUS_OK ||
        kingup_game_resolve_chance(game) != KINGUP_STATUS_OK) {
        fprintf(stderr, "cannot build the fixture\n");
        exit(EXIT_FAILURE);
    }
    return game;
}

static void library_functions(KingupGame *game) {
    char buf[64];
    size_t len = 0;
    uint32_t action = 12345;
    EXPECT(kingup_abi_version() == KINGUP_ABI_VERSION);
    EXPECT(kingup_version() != NULL && strlen(kingup_version()) > 0);
    EXPECT(strcmp(kingup_status_name(KINGUP_STATUS_PARSE_ERROR), "parse error") == 0);
    EXPECT(strcmp(kingup_status_name(12345), "unknown status") == 0);
    REFUSED(game, kingup_config_init(NULL, 4), KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    REFUSED(game, kingup_action_describe(KINGUP_ACTION_COUNT, buf, sizeof buf, &len),
            KINGUP_STATUS_INVALID_ARGUMENT, "no_such_action");
    REFUSED(game, kingup_action_notation(0xffffffffu, buf, sizeof buf, &len),
            KINGUP_STATUS_INVALID_ARGUMENT, "no_such_action");
    REFUSED(game, kingup_action_describe(0, buf, sizeof buf, NULL), KINGUP_STATUS_NULL_ARGUMENT,
            "null_argument");
    REFUSED(game, kingup_action_describe(0, NULL, sizeof buf, &len), KINGUP_STATUS_NULL_ARGUMENT,
            "null_argument");
    buf[0] = 'x';
    REFUSED(game, kingup_action_describe(0, buf, 3, &len), KINGUP_STATUS_BUFFER_TOO_SMALL,
            "buffer_too_small");
    EXPECT(len > 3 && buf[0] == 'x');
    EXPECT(kingup_action_describe(0, buf, len, &len) == KINGUP_STATUS_OK);
    buf[0] = 'x';
    REFUSED(game, kingup_action_notation(0, buf, 2, &len), KINGUP_STATUS_BUFFER_TOO_SMALL,
            "buffer_too_small");
    EXPECT(len == 3 && buf[0] == 'x'); /* "A1" and its NUL */

    /* The move notation: anything but "B4", "F", "yes" or "no" is refused. */
    const char *not_moves[] = {"", "B5", "B44", "H", "climb F", "yess", "4B"};
    for (size_t i = 0; i < sizeof not_moves / sizeof not_moves[0]; i++) {
        REFUSED(game, kingup_action_parse(not_moves[i], strlen(not_moves[i]), &action),
                KINGUP_STATUS_PARSE_ERROR, "malformed");
    }
    REFUSED(game, kingup_action_parse("\xff" "B4", 3, &action), KINGUP_STATUS_PARSE_ERROR,
            "invalid_utf8");
    REFUSED(game, kingup_action_parse(NULL, 2, &action), KINGUP_STATUS_NULL_ARGUMENT,
            "null_argument");
    REFUSED(game, kingup_action_parse("B4", 2, NULL), KINGUP_STATUS_NULL_ARGUMENT,
            "null_argument");
    EXPECT(action == 12345);
    EXPECT(kingup_action_parse(" b4 ", 4, &action) == KINGUP_STATUS_OK && action == 7);

    /* The last error and its reason: short buffer, size query, NULL length; reading them
     * keeps them. */
    kingup_game_free(NULL);
    EXPECT(kingup_game_apply(NULL, 0, 0) == KINGUP_STATUS_NULL_ARGUMENT);
    EXPECT(kingup_last_error(buf, 4, &len) == KINGUP_STATUS_BUFFER_TOO_SMALL);
    EXPECT(len == strlen("game is NULL") + 1);
    EXPECT(kingup_last_error(NULL, 0, &len) == KINGUP_STATUS_BUFFER_TOO_SMALL);
    EXPECT(kingup_last_error(buf, sizeof buf, NULL) == KINGUP_STATUS_NULL_ARGUMENT);
    EXPECT(kingup_last_error_reason(buf, 4, &len) == KINGUP_STATUS_BUFFER_TOO_SMALL);
    EXPECT(len == strlen("null_argument") + 1);
    EXPECT(kingup_last_error_reason(buf, sizeof buf, NULL) == KINGUP_STATUS_NULL_ARGUMENT);
    EXPECT(kingup_last_error_reason(buf, sizeof buf, &len) == KINGUP_STATUS_OK);
    EXPECT(strcmp(buf, "null_argument") == 0);
    EXPECT(kingup_last_error(buf, sizeof buf, &len) == KINGUP_STATUS_OK);
    EXPECT(strcmp(buf, "game is NULL") == 0);
    /* A success clears both. */
    EXPECT(kingup_action_parse("F", 1, &action) == KINGUP_STATUS_OK);
    EXPECT(kingup_last_error_reason(buf, sizeof buf, &len) == KINGUP_STATUS_OK && len == 1);
}

static void constructors(KingupGame *game) {
    KingupConfig good = {4, 3, KINGUP_SETUP_PLACEMENT, -1, KINGUP_CHANCE_AUTO};
    KingupConfig bad[] = {{2, 3, 0, -1, 0}, {7, 3, 0, -1, 0}, {4, 2, 0, -1, 0},
                          {4, 3, 2, -1, 0}, {4, 3, 0, 4, 0},  {4, 3, 0, -2, 0},
                          {4, 3, 0, -1, 2}, {0, 0, 0, 0, 0}};
    KingupGame *out = stale();
    REFUSED(game, kingup_game_new(NULL, 0, &out), KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    EXPECT(out == NULL);
    REFUSED(game, kingup_game_new(&good, 0, NULL), KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        out = stale();
        REFUSED(game, kingup_game_new(&bad[i], 0, &out), KINGUP_STATUS_INVALID_ARGUMENT,
                "invalid_config");
        EXPECT(out == NULL);
    }

    /* Garbage for both JSON readers: a config and a save document. */
    struct {
        const char *text;
        const char *reason;
    } garbage[] = {{"", "malformed"},          {"{", "malformed"},
                   {"null", "malformed"},      {"\xff\xfe", "invalid_utf8"},
                   {"\"text\"", "malformed"},  {"42", "malformed"},
                   {"{\"players\":4,\"x\":1}", "malformed"}};
    for (size_t i = 0; i < sizeof garbage / sizeof garbage[0]; i++) {
        const char *text = garbage[i].text;
        out = stale();
        REFUSED(game, kingup_game_new_json(text, strlen(text), 0, 0, &out),
                KINGUP_STATUS_PARSE_ERROR, garbage[i].reason);
        EXPECT(out == NULL);
        out = stale();
        REFUSED(game, kingup_game_from_json(text, strlen(text), &out), KINGUP_STATUS_PARSE_ERROR,
                garbage[i].reason);
        EXPECT(out == NULL);
    }
    const char *bad_card = "{\"players\":4,\"rounds\":3,\"deck\":[\"AABCDE\"]}";
    REFUSED(game, kingup_game_new_json(bad_card, strlen(bad_card), 0, 0, &out),
            KINGUP_STATUS_PARSE_ERROR, "malformed");
    const char *small_deck = "{\"players\": 4, \"rounds\": 3, \"deck\": [\"ABCDEF\"]}";
    REFUSED(game, kingup_game_new_json(small_deck, strlen(small_deck), 0, 0, &out),
            KINGUP_STATUS_INVALID_ARGUMENT, "invalid_config");
    const char *config = "{\"players\": 4, \"rounds\": 3}";
    REFUSED(game, kingup_game_new_json(config, strlen(config), 7, 0, &out),
            KINGUP_STATUS_INVALID_ARGUMENT, "invalid_config");
    REFUSED(game, kingup_game_new_json(NULL, 5, 0, 0, &out), KINGUP_STATUS_NULL_ARGUMENT,
            "null_argument");
    REFUSED(game, kingup_game_new_json(small_deck, strlen(small_deck), 0, 0, NULL),
            KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
}

/* Replaces the first `from` in `text` by `to` (same length); returns whether it was there. */
static int edit(char *text, const char *from, const char *to) {
    char *at = strstr(text, from);
    if (at == NULL || strlen(from) != strlen(to)) {
        return 0;
    }
    memcpy(at, to, strlen(to));
    return 1;
}

/* Saves are replays: a save whose steps or fields were edited is refused, with the reason. */
static void saves(KingupGame *game) {
    static char json[16384], edited[16384];
    size_t len = 0;
    KingupGame *out = stale(), *played = NULL;
    /* A copy of the game one move on (seat 0 places Alighiero on floor 1: "0: A1"). */
    EXPECT(kingup_game_clone(game, &played) == KINGUP_STATUS_OK);
    EXPECT(kingup_game_apply(played, 0, 0) == KINGUP_STATUS_OK);
    EXPECT(kingup_game_to_json(game, json, sizeof json, &len) == KINGUP_STATUS_OK);
    size_t needed = strlen(json) + 1;
    REFUSED(game, kingup_game_to_json(game, edited, needed - 1, &len),
            KINGUP_STATUS_BUFFER_TOO_SMALL, "buffer_too_small");
    EXPECT(len == needed);
    EXPECT(kingup_game_to_json(played, json, sizeof json, &len) == KINGUP_STATUS_OK);
    kingup_game_free(played);
    REFUSED(game, kingup_game_to_json(NULL, json, sizeof json, &len), KINGUP_STATUS_NULL_ARGUMENT,
            "null_argument");
    REFUSED(game, kingup_game_to_json(game, json, sizeof json, NULL), KINGUP_STATUS_NULL_ARGUMENT,
            "null_argument");
    REFUSED(game, kingup_game_to_json(game, NULL, sizeof json, &len), KINGUP_STATUS_NULL_ARGUMENT,
            "null_argument");
    REFUSED(game, kingup_game_from_json(json, strlen(json) / 2, &out), KINGUP_STATUS_PARSE_ERROR,
            "malformed");
    EXPECT(out == NULL);
    /* Each edit keeps the JSON well formed; the replay refuses it. */
    struct {
        const char *from, *to, *reason;
    } edits[] = {
        {"\"version\":1", "\"version\":7", "version"},
        {"\"players\":4", "\"players\":9", "invalid_config"},
        {"\"chance\":\"auto\"", "\"chance\":\"oops\"", "malformed"},
        {"\"0: A1\"", "\"1: A1\"", "not_your_turn"}, /* the move made by the wrong seat */
    };
    for (size_t i = 0; i < sizeof edits / sizeof edits[0]; i++) {
        strcpy(edited, json);
        EXPECT(edit(edited, edits[i].from, edits[i].to));
        out = stale();
        REFUSED(game, kingup_game_from_json(edited, strlen(edited), &out),
                KINGUP_STATUS_PARSE_ERROR, edits[i].reason);
        EXPECT(out == NULL);
    }
    /* A generator state that is not hexadecimal. */
    strcpy(edited, json);
    char *state = strstr(edited, "\"generator\":\"");
    EXPECT(state != NULL);
    if (state != NULL) {
        state[strlen("\"generator\":\"")] = 'x';
        REFUSED(game, kingup_game_from_json(edited, strlen(edited), &out),
                KINGUP_STATUS_PARSE_ERROR, "generator");
    }
    /* Two seats dealt the same card: the second deal copies the first. */
    strcpy(edited, json);
    char *first = strstr(edited, "\"chance: deal ");
    char *second = first == NULL ? NULL : strstr(first + 1, "\"chance: deal ");
    /* For this seed the first two cards have the same number of digits ("deal 1", "deal 5"),
     * so the copy keeps the document's length. */
    int same_length = second != NULL &&
                      strchr(first + 1, '"') - first == strchr(second + 1, '"') - second;
    EXPECT(same_length);
    if (same_length) {
        memcpy(second, first, (size_t)(strchr(first + 1, '"') - first));
        REFUSED(game, kingup_game_from_json(edited, strlen(edited), &out),
                KINGUP_STATUS_PARSE_ERROR, "card_unavailable");
    }
    REFUSED(game, kingup_game_from_json(NULL, 10, &out), KINGUP_STATUS_NULL_ARGUMENT,
            "null_argument");
    REFUSED(game, kingup_game_from_json(json, strlen(json), NULL), KINGUP_STATUS_NULL_ARGUMENT,
            "null_argument");
    /* Over KINGUP_MAX_SAVE_LEN: refused unread, so the length may exceed the buffer. */
    REFUSED(game, kingup_game_from_json(json, KINGUP_MAX_SAVE_LEN + 1, &out),
            KINGUP_STATUS_PARSE_ERROR, "too_long");

    out = stale();
    REFUSED(game, kingup_game_clone(NULL, &out), KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    EXPECT(out == NULL);
    REFUSED(game, kingup_game_clone(game, NULL), KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    out = stale();
    REFUSED(game, kingup_game_sample(NULL, 0, 0, &out), KINGUP_STATUS_NULL_ARGUMENT,
            "null_argument");
    EXPECT(out == NULL);
    REFUSED(game, kingup_game_sample(game, 4, 0, &out), KINGUP_STATUS_INVALID_ARGUMENT,
            "no_such_seat");
    REFUSED(game, kingup_game_sample(game, 0, 0, NULL), KINGUP_STATUS_NULL_ARGUMENT,
            "null_argument");
}

static void scalar_queries(KingupGame *game) {
    uint32_t n = 0;
    int32_t seat = 0;
    size_t size = 0;
    KingupActor actor;
    KingupChanceStep step;
    KingupConfig config;
    REFUSED(game, kingup_game_phase(NULL, &n), KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    REFUSED(game, kingup_game_phase(game, NULL), KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    REFUSED(game, kingup_game_round(NULL, &n), KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    REFUSED(game, kingup_game_round(game, NULL), KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    REFUSED(game, kingup_game_winners(NULL, &n), KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    REFUSED(game, kingup_game_winners(game, NULL), KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    REFUSED(game, kingup_game_event_count(NULL, &size), KINGUP_STATUS_NULL_ARGUMENT,
            "null_argument");
    REFUSED(game, kingup_game_event_count(game, NULL), KINGUP_STATUS_NULL_ARGUMENT,
            "null_argument");
    REFUSED(game, kingup_game_undoable(NULL, &size), KINGUP_STATUS_NULL_ARGUMENT,
            "null_argument");
    REFUSED(game, kingup_game_undoable(game, NULL), KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    REFUSED(game, kingup_game_next_seat(NULL, &seat), KINGUP_STATUS_NULL_ARGUMENT,
            "null_argument");
    REFUSED(game, kingup_game_next_seat(game, NULL), KINGUP_STATUS_NULL_ARGUMENT,
            "null_argument");
    REFUSED(game, kingup_game_king(NULL, &seat), KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    REFUSED(game, kingup_game_king(game, NULL), KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    REFUSED(game, kingup_game_actor(NULL, &actor), KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    REFUSED(game, kingup_game_actor(game, NULL), KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    REFUSED(game, kingup_game_chance_step(NULL, &step), KINGUP_STATUS_NULL_ARGUMENT,
            "null_argument");
    REFUSED(game, kingup_game_chance_step(game, NULL), KINGUP_STATUS_NULL_ARGUMENT,
            "null_argument");
    REFUSED(game, kingup_game_config(NULL, &config), KINGUP_STATUS_NULL_ARGUMENT,
            "null_argument");
    REFUSED(game, kingup_game_config(game, NULL), KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    EXPECT(kingup_game_winners(game, &n) == KINGUP_STATUS_OK && n == 0);
    EXPECT(kingup_game_next_seat(game, &seat) == KINGUP_STATUS_OK && seat == 0);
    EXPECT(kingup_game_king(game, &seat) == KINGUP_STATUS_OK && seat == -1);
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
                KINGUP_STATUS_INVALID_ARGUMENT, "no_such_seat");
        REFUSED(game, kingup_game_action_mask(game, s, mask, 67, &len),
                KINGUP_STATUS_INVALID_ARGUMENT, "no_such_seat");
        REFUSED(game, kingup_game_observation(game, s, obs, KINGUP_OBSERVATION_LEN, &len),
                KINGUP_STATUS_INVALID_ARGUMENT, "no_such_seat");
    }
    REFUSED(game, kingup_game_legal_actions(NULL, 0, actions, 52, &len),
            KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    REFUSED(game, kingup_game_legal_actions(game, 0, NULL, 52, &len), KINGUP_STATUS_NULL_ARGUMENT,
            "null_argument");
    REFUSED(game, kingup_game_legal_actions(game, 0, actions, 52, NULL),
            KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    REFUSED(game, kingup_game_legal_actions(game, 0, actions, 3, &len),
            KINGUP_STATUS_BUFFER_TOO_SMALL, "buffer_too_small");
    EXPECT(len == 52); /* 13 characters to place × 4 floors */
    REFUSED(game, kingup_game_action_mask(NULL, 0, mask, 67, &len), KINGUP_STATUS_NULL_ARGUMENT,
            "null_argument");
    REFUSED(game, kingup_game_action_mask(game, 0, mask, 66, &len),
            KINGUP_STATUS_BUFFER_TOO_SMALL, "buffer_too_small");
    EXPECT(len == KINGUP_ACTION_COUNT);
    REFUSED(game, kingup_game_action_mask(game, 0, NULL, 67, &len), KINGUP_STATUS_NULL_ARGUMENT,
            "null_argument");
    REFUSED(game, kingup_game_observation(NULL, 0, obs, KINGUP_OBSERVATION_LEN, &len),
            KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    REFUSED(game, kingup_game_observation(game, 0, obs, 10, &len), KINGUP_STATUS_BUFFER_TOO_SMALL,
            "buffer_too_small");
    EXPECT(len == KINGUP_OBSERVATION_LEN);
    REFUSED(game, kingup_game_observation(game, 0, obs, KINGUP_OBSERVATION_LEN, NULL),
            KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    /* A seat that plays but may not act now has no legal action: not an error. */
    EXPECT(kingup_game_legal_actions(game, 1, actions, 52, &len) == KINGUP_STATUS_OK && len == 0);
}

static void score_lists(KingupGame *game) {
    uint32_t values[32];
    size_t len = 0;
    REFUSED(game, kingup_game_totals(NULL, values, 32, &len), KINGUP_STATUS_NULL_ARGUMENT,
            "null_argument");
    REFUSED(game, kingup_game_totals(game, values, 3, &len), KINGUP_STATUS_BUFFER_TOO_SMALL,
            "buffer_too_small");
    EXPECT(len == 4);
    REFUSED(game, kingup_game_totals(game, NULL, 32, &len), KINGUP_STATUS_NULL_ARGUMENT,
            "null_argument");
    REFUSED(game, kingup_game_totals(game, values, 32, NULL), KINGUP_STATUS_NULL_ARGUMENT,
            "null_argument");
    REFUSED(game, kingup_game_scores(NULL, values, 32, &len), KINGUP_STATUS_NULL_ARGUMENT,
            "null_argument");
    REFUSED(game, kingup_game_scores(game, values, 32, NULL), KINGUP_STATUS_NULL_ARGUMENT,
            "null_argument");
    /* No round is scored yet: nothing to write, so NULL with capacity 0 is fine. */
    EXPECT(kingup_game_scores(game, NULL, 0, &len) == KINGUP_STATUS_OK && len == 0);
}

static void moves(KingupGame *game) {
    REFUSED(game, kingup_game_apply(NULL, 0, 0), KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    REFUSED(game, kingup_game_apply(game, 4, 0), KINGUP_STATUS_INVALID_ARGUMENT, "no_such_seat");
    REFUSED(game, kingup_game_apply(game, 0, KINGUP_ACTION_COUNT), KINGUP_STATUS_INVALID_ARGUMENT,
            "no_such_action");
    REFUSED(game, kingup_game_apply(game, 0, 0xffffffffu), KINGUP_STATUS_INVALID_ARGUMENT,
            "no_such_action");
    REFUSED(game, kingup_game_apply(game, 1, 0), KINGUP_STATUS_ILLEGAL_ACTION, "not_your_turn");
    REFUSED(game, kingup_game_apply(game, 0, 52), KINGUP_STATUS_ILLEGAL_ACTION,
            "wrong_phase"); /* a climb */
    REFUSED(game, kingup_game_apply(game, 0, 66), KINGUP_STATUS_ILLEGAL_ACTION,
            "wrong_phase"); /* a vote */
    REFUSED(game, kingup_game_apply_chance(NULL, 0), KINGUP_STATUS_NULL_ARGUMENT,
            "null_argument");
    REFUSED(game, kingup_game_apply_chance(game, KINGUP_CHANCE_OUTCOME_COUNT),
            KINGUP_STATUS_INVALID_ARGUMENT, "no_such_outcome");
    /* Automatic chance never leaves a chance step pending. */
    REFUSED(game, kingup_game_apply_chance(game, 10), KINGUP_STATUS_ILLEGAL_ACTION, "not_chance");
    REFUSED(game, kingup_game_resolve_chance(NULL), KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    REFUSED(game, kingup_game_reseed(NULL, 1), KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    /* Resolving with no chance step pending changes nothing and succeeds. */
    State before, after;
    capture(game, &before);
    EXPECT(kingup_game_resolve_chance(game) == KINGUP_STATUS_OK);
    capture(game, &after);
    EXPECT(strcmp(before.json, after.json) == 0 && before.events == after.events);
}

static void undo(KingupGame *game) {
    REFUSED(game, kingup_game_undo(NULL, 0), KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    REFUSED(game, kingup_game_undo(game, 4), KINGUP_STATUS_INVALID_ARGUMENT, "no_such_seat");
    /* The last steps are the deals: secrets, which cannot be taken back. */
    REFUSED(game, kingup_game_undo(game, 0), KINGUP_STATUS_ILLEGAL_ACTION, "revealed");
    /* Seat 0 places a character; seat 1 cannot take it back, seat 0 can. */
    State before, after;
    capture(game, &before);
    EXPECT(kingup_game_apply(game, 0, 5) == KINGUP_STATUS_OK);
    REFUSED(game, kingup_game_undo(game, 1), KINGUP_STATUS_ILLEGAL_ACTION, "not_your_step");
    EXPECT(kingup_game_undo(game, 0) == KINGUP_STATUS_OK);
    capture(game, &after);
    EXPECT(strcmp(before.json, after.json) == 0 && before.events == after.events);

    KingupConfig config = {3, 1, KINGUP_SETUP_PLACEMENT, -1, KINGUP_CHANCE_EXPLICIT};
    KingupGame *fresh = NULL;
    EXPECT(kingup_game_new(&config, 0, &fresh) == KINGUP_STATUS_OK);
    REFUSED(fresh, kingup_game_undo(fresh, 0), KINGUP_STATUS_ILLEGAL_ACTION, "nothing_to_undo");
    kingup_game_free(fresh);
}

static void chance_lists(void) {
    KingupConfig config = {6, 1, KINGUP_SETUP_RANDOM_LAYOUT, -1, KINGUP_CHANCE_EXPLICIT};
    KingupGame *game = NULL;
    EXPECT(kingup_game_new(&config, 0, &game) == KINGUP_STATUS_OK);
    uint32_t outcomes[6];
    double odds[6];
    size_t len = 0;
    char what[64];
    REFUSED(game, kingup_game_chance_outcomes(NULL, outcomes, odds, 6, &len),
            KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    REFUSED(game, kingup_game_chance_outcomes(game, outcomes, odds, 5, &len),
            KINGUP_STATUS_BUFFER_TOO_SMALL, "buffer_too_small");
    EXPECT(len == 6);
    REFUSED(game, kingup_game_chance_outcomes(game, NULL, odds, 6, &len),
            KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    REFUSED(game, kingup_game_chance_outcomes(game, outcomes, odds, 6, NULL),
            KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    REFUSED(game, kingup_game_chance_describe(NULL, what, sizeof what, &len),
            KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    REFUSED(game, kingup_game_chance_describe(game, what, 4, &len),
            KINGUP_STATUS_BUFFER_TOO_SMALL, "buffer_too_small");
    EXPECT(kingup_game_chance_describe(game, what, sizeof what, &len) == KINGUP_STATUS_OK);
    EXPECT(strcmp(what, "draw the first player") == 0);
    REFUSED(game, kingup_game_apply_chance(game, 6), KINGUP_STATUS_ILLEGAL_ACTION, "wrong_step");
    REFUSED(game, kingup_game_apply(game, 0, 0), KINGUP_STATUS_ILLEGAL_ACTION, "chance_pending");
    EXPECT(kingup_game_chance_outcomes(game, outcomes, NULL, 6, &len) == KINGUP_STATUS_OK);
    kingup_game_free(game);
}

static void json_outputs(KingupGame *game) {
    static char buf[16384];
    size_t len = 0, count = 0;
    EXPECT(kingup_game_event_count(game, &count) == KINGUP_STATUS_OK && count > 0);
    REFUSED(game, kingup_game_player_view_json(NULL, 0, buf, sizeof buf, &len),
            KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    REFUSED(game, kingup_game_player_view_json(game, 4, buf, sizeof buf, &len),
            KINGUP_STATUS_INVALID_ARGUMENT, "no_such_seat");
    REFUSED(game, kingup_game_player_view_json(game, 0, buf, 10, &len),
            KINGUP_STATUS_BUFFER_TOO_SMALL, "buffer_too_small");
    EXPECT(len > 10);
    REFUSED(game, kingup_game_player_view_json(game, 0, buf, sizeof buf, NULL),
            KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    REFUSED(game, kingup_game_public_view_json(NULL, buf, sizeof buf, &len),
            KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    REFUSED(game, kingup_game_public_view_json(game, NULL, sizeof buf, &len),
            KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    REFUSED(game, kingup_game_public_view_json(game, buf, 1, &len),
            KINGUP_STATUS_BUFFER_TOO_SMALL, "buffer_too_small");
    REFUSED(game, kingup_game_events_json(NULL, -1, 0, buf, sizeof buf, &len),
            KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    REFUSED(game, kingup_game_events_json(game, -2, 0, buf, sizeof buf, &len),
            KINGUP_STATUS_INVALID_ARGUMENT, "no_such_seat");
    REFUSED(game, kingup_game_events_json(game, 4, 0, buf, sizeof buf, &len),
            KINGUP_STATUS_INVALID_ARGUMENT, "no_such_seat");
    REFUSED(game, kingup_game_events_json(game, -1, count + 1, buf, sizeof buf, &len),
            KINGUP_STATUS_INVALID_ARGUMENT, "no_such_event");
    REFUSED(game, kingup_game_events_json(game, 0, 0, buf, 2, &len),
            KINGUP_STATUS_BUFFER_TOO_SMALL, "buffer_too_small");
    REFUSED(game, kingup_game_events_json(game, 0, 0, buf, sizeof buf, NULL),
            KINGUP_STATUS_NULL_ARGUMENT, "null_argument");
    EXPECT(kingup_game_events_json(game, 0, count, buf, sizeof buf, &len) == KINGUP_STATUS_OK);
    EXPECT(strcmp(buf, "[]") == 0 && len == 3);
}

/* 8-aligned memory filled with a pattern, to hand out misaligned pointers into. */
static uint64_t storage[64];

/* A pointer one byte into `storage`: misaligned for every type wider than a byte. It is
 * made the way a caller's bug makes one (an offset into a byte buffer) and only ever
 * passed to the library, which must refuse it without reading or writing through it. */
static void *misaligned_pointer(void) {
    memset(storage, 0xA5, sizeof storage);
    return (unsigned char *)storage + 1;
}

/* Whether nothing was written into `storage` since misaligned_pointer(). */
static int storage_untouched(void) {
    const unsigned char *bytes = (const unsigned char *)storage;
    for (size_t i = 0; i < sizeof storage; i++) {
        if (bytes[i] != 0xA5) {
            return 0;
        }
    }
    return 1;
}

#define MISALIGNED(game, call)                                                             \
    do {                                                                                   \
        REFUSED((game), (call), KINGUP_STATUS_INVALID_ARGUMENT, "misaligned");             \
        check(storage_untouched(), #call " writes nothing through the pointer", __LINE__); \
    } while (0)

/* Every kind of pointer wider than a byte, misaligned: refused, never written through,
 * and the call's other outputs untouched. */
static void misaligned(KingupGame *game) {
    uint32_t words[64];
    double odds[64];
    size_t len = 12345;
    uint32_t action = 12345;
    char text[256];
    KingupGame *out = stale();
    KingupConfig good = {4, 3, KINGUP_SETUP_PLACEMENT, -1, KINGUP_CHANCE_AUTO};
    KingupConfig explicit_config = {4, 3, KINGUP_SETUP_PLACEMENT, -1, KINGUP_CHANCE_EXPLICIT};
    KingupGame *waiting = NULL;
    KingupBot *bot = NULL;
    EXPECT(kingup_game_new(&explicit_config, 3, &waiting) == KINGUP_STATUS_OK);
    EXPECT(kingup_bot_new(KINGUP_BOT_KIND_RANDOM, 1, 0, &bot) == KINGUP_STATUS_OK);
    for (size_t i = 0; i < 64; i++) {
        words[i] = 0xDEADBEEFu;
        odds[i] = -1.0;
    }

    /* Lists: the buffer, the length, and both arrays of the chance outcomes. */
    MISALIGNED(game, kingup_game_legal_actions(game, 0, misaligned_pointer(), 52, &len));
    MISALIGNED(game, kingup_game_legal_actions(game, 0, words, 64, misaligned_pointer()));
    MISALIGNED(game, kingup_game_observation(game, 0, misaligned_pointer(), 401, &len));
    MISALIGNED(game, kingup_game_totals(game, misaligned_pointer(), 6, &len));
    MISALIGNED(game, kingup_game_to_json(game, text, sizeof text, misaligned_pointer()));
    MISALIGNED(waiting,
               kingup_game_chance_outcomes(waiting, words, misaligned_pointer(), 64, &len));
    MISALIGNED(waiting,
               kingup_game_chance_outcomes(waiting, misaligned_pointer(), odds, 64, &len));
    /* One value, structs, handles and handle out-parameters. */
    MISALIGNED(game, kingup_game_phase(game, misaligned_pointer()));
    MISALIGNED(game, kingup_game_event_count(game, misaligned_pointer()));
    MISALIGNED(game, kingup_game_actor(game, misaligned_pointer()));
    MISALIGNED(game, kingup_game_config(game, misaligned_pointer()));
    MISALIGNED(game, kingup_config_init(misaligned_pointer(), 4));
    MISALIGNED(game, kingup_action_parse("B4", 2, misaligned_pointer()));
    MISALIGNED(game, kingup_game_new(misaligned_pointer(), 0, &out));
    EXPECT(out == NULL);
    MISALIGNED(game, kingup_game_new(&good, 0, misaligned_pointer()));
    MISALIGNED(game, kingup_game_clone(game, misaligned_pointer()));
    MISALIGNED(game, kingup_game_clone(misaligned_pointer(), &out));
    MISALIGNED(game, kingup_game_apply(misaligned_pointer(), 0, 0));
    MISALIGNED(game, kingup_game_undo(misaligned_pointer(), 0));
    MISALIGNED(game, kingup_bot_new(KINGUP_BOT_KIND_RANDOM, 0, 0, misaligned_pointer()));
    MISALIGNED(game, kingup_bot_choose(bot, game, 0, misaligned_pointer()));
    MISALIGNED(game, kingup_bot_choose(misaligned_pointer(), game, 0, &action));
    MISALIGNED(game, kingup_bot_choose(bot, misaligned_pointer(), 0, &action));
    /* The last-error readers report through their status only. */
    EXPECT(kingup_last_error(text, sizeof text, misaligned_pointer()) ==
           KINGUP_STATUS_INVALID_ARGUMENT);
    EXPECT(storage_untouched());
    /* The frees cannot report: a misaligned pointer is ignored like NULL. */
    kingup_game_free(misaligned_pointer());
    kingup_bot_free(misaligned_pointer());
    EXPECT(storage_untouched());
    EXPECT(len == 12345 && action == 12345);
    /* Byte buffers may be anywhere. */
    EXPECT(kingup_action_notation(0, text + 1, sizeof text - 1, &len) == KINGUP_STATUS_OK);
    EXPECT(strcmp(text + 1, "A1") == 0);

    for (size_t i = 0; i < 64; i++) {
        EXPECT(words[i] == 0xDEADBEEFu && odds[i] == -1.0);
    }
    kingup_bot_free(bot);
    kingup_game_free(waiting);
}

/* Text input is read only up to its call's limit, and a message quotes at most 40
 * characters of it. */
static void bounded(KingupGame *game) {
    size_t big = (size_t)10 << 20; /* 10 MB */
    char *text = malloc(big);
    if (text == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(EXIT_FAILURE);
    }
    memset(text, 'x', big);
    KingupGame *out = stale();
    uint32_t action = 12345;
    REFUSED(game, kingup_game_new_json(text, big, 0, 0, &out), KINGUP_STATUS_PARSE_ERROR,
            "too_long");
    EXPECT(out == NULL);
    REFUSED(game, kingup_game_from_json(text, big, &out), KINGUP_STATUS_PARSE_ERROR,
            "too_long");
    REFUSED(game, kingup_action_parse(text, big, &action), KINGUP_STATUS_PARSE_ERROR,
            "too_long");
    REFUSED(game, kingup_action_parse(text, KINGUP_MAX_MOVE_LEN + 1, &action),
            KINGUP_STATUS_PARSE_ERROR, "too_long");
    EXPECT(action == 12345);

    /* Just under the limit, a config whose player count is 60 000 x's: refused, and the
     * message quotes 40 of them. */
    size_t n = 60000;
    memcpy(text, "{\"players\": \"", 13);
    memcpy(text + 13 + n, "\"}", 2);
    char message[KINGUP_MAX_ERROR_LEN], forty_one[42];
    size_t len = 0;
    EXPECT(kingup_game_new_json(text, 13 + n + 2, 0, 0, &out) == KINGUP_STATUS_PARSE_ERROR);
    EXPECT(kingup_last_error(message, sizeof message, &len) == KINGUP_STATUS_OK);
    memset(forty_one, 'x', 41);
    forty_one[41] = '\0';
    EXPECT(strstr(message, forty_one) == NULL && strstr(message, forty_one + 1) != NULL);
    free(text);
}

int main(void) {
    KingupGame *game = fixture();
    library_functions(game);
    constructors(game);
    saves(game);
    scalar_queries(game);
    seat_lists(game);
    score_lists(game);
    moves(game);
    undo(game);
    chance_lists();
    json_outputs(game);
    misaligned(game);
    bounded(game);
    /* The game still plays after all that. */
    EXPECT(kingup_game_apply(game, 0, 0) == KINGUP_STATUS_OK);
    kingup_game_free(game);
    printf("bad_input: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
