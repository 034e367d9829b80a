/*
 * The C driver of the cross-language golden test (see interop/src/lib.rs): plays every
 * scenario named on the command line through the C ABI (King Up!'s, or To Court the King's
 * for a scenario with the line "game court") and checks the save document and every
 * viewer's redacted event stream against interop/expected byte for byte; loads every
 * expected save and writes it back unchanged.
 *
 * usage: interop INTEROP_DIR NAME...
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kingup.h"

static int failures = 0;

/* Prints the failed call, its status, reason and message, then exits. */
static void fail(const char *call, KingupStatus status) {
    char message[512] = "", reason[KINGUP_MAX_REASON_LEN] = "";
    size_t len = 0;
    kingup_last_error(message, sizeof message, &len);
    kingup_last_error_reason(reason, sizeof reason, &len);
    fprintf(stderr, "%s: %s (%s): %s\n", call, kingup_status_name(status), reason, message);
    exit(EXIT_FAILURE);
}

#define CHECK(call)                                                                        \
    do {                                                                                   \
        KingupStatus status_ = (call);                                                     \
        if (status_ != KINGUP_STATUS_OK) {                                                 \
            fail(#call, status_);                                                          \
        }                                                                                  \
    } while (0)

/* The whole file at `path`, NUL-terminated; the caller frees it. */
static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "cannot open %s\n", path);
        exit(EXIT_FAILURE);
    }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    if (text == NULL || fread(text, 1, (size_t)size, f) != (size_t)size) {
        fprintf(stderr, "cannot read %s\n", path);
        exit(EXIT_FAILURE);
    }
    text[size] = '\0';
    fclose(f);
    return text;
}

/* A growable string. */
typedef struct {
    char *data;
    size_t len, cap;
} Text;

static void append(Text *t, const char *s, size_t n) {
    if (t->len + n + 1 > t->cap) {
        t->cap = (t->len + n + 1) * 2;
        t->data = realloc(t->data, t->cap);
        if (t->data == NULL) {
            exit(EXIT_FAILURE);
        }
    }
    memcpy(t->data + t->len, s, n);
    t->len += n;
    t->data[t->len] = '\0';
}

/* What the driver asks of a game handle, the same for both games. */
typedef struct {
    KingupStatus (*to_json)(const void *, char *, size_t, size_t *);
    KingupStatus (*events_json)(const void *, int32_t, size_t, char *, size_t, size_t *);
    uint32_t (*players)(const void *);
    KingupStatus (*from_json)(const char *, size_t, void **);
    void (*free)(void *);
} Ops;

static KingupStatus up_to_json(const void *g, char *b, size_t c, size_t *l) {
    return kingup_game_to_json(g, b, c, l);
}
static KingupStatus up_events(const void *g, int32_t v, size_t f, char *b, size_t c, size_t *l) {
    return kingup_game_events_json(g, v, f, b, c, l);
}
static uint32_t up_players(const void *g) {
    KingupConfig config;
    CHECK(kingup_game_config(g, &config));
    return config.players;
}
static KingupStatus up_from_json(const char *json, size_t len, void **out) {
    KingupGame *game = NULL;
    KingupStatus status = kingup_game_from_json(json, len, &game);
    *out = game;
    return status;
}
static void up_free(void *g) { kingup_game_free(g); }
static const Ops KING_UP = {up_to_json, up_events, up_players, up_from_json, up_free};

static KingupStatus court_to_json(const void *g, char *b, size_t c, size_t *l) {
    return kingup_court_game_to_json(g, b, c, l);
}
static KingupStatus court_events(const void *g, int32_t v, size_t f, char *b, size_t c, size_t *l) {
    return kingup_court_game_events_json(g, v, f, b, c, l);
}
static uint32_t court_players(const void *g) {
    KingupCourtConfig config;
    CHECK(kingup_court_game_config(g, &config));
    return config.players;
}
static KingupStatus court_from_json(const char *json, size_t len, void **out) {
    KingupCourtGame *game = NULL;
    KingupStatus status = kingup_court_game_from_json(json, len, &game);
    *out = game;
    return status;
}
static void court_free(void *g) { kingup_court_game_free(g); }
static const Ops COURT = {court_to_json, court_events, court_players, court_from_json, court_free};

/* The save document and a newline. */
static void save_text(const Ops *ops, const void *game, Text *out) {
    size_t need = 0;
    ops->to_json(game, NULL, 0, &need);
    char *buf = malloc(need);
    CHECK(ops->to_json(game, buf, need, &need));
    append(out, buf, strlen(buf));
    append(out, "\n", 1);
    free(buf);
}

/* One line per viewer: `spectator [..]`, then `seat N [..]`. */
static void events_text(const Ops *ops, const void *game, Text *out) {
    for (int32_t viewer = -1; viewer < (int32_t)ops->players(game); viewer++) {
        char who[32];
        if (viewer < 0) {
            snprintf(who, sizeof who, "spectator ");
        } else {
            snprintf(who, sizeof who, "seat %d ", (int)viewer);
        }
        append(out, who, strlen(who));
        size_t need = 0;
        ops->events_json(game, viewer, 0, NULL, 0, &need);
        char *buf = malloc(need);
        CHECK(ops->events_json(game, viewer, 0, buf, need, &need));
        append(out, buf, strlen(buf));
        append(out, "\n", 1);
        free(buf);
    }
}

/* Whether a scenario is To Court the King's: it has the line "game court". */
static int is_court(const char *text) {
    return strncmp(text, "game court\n", 11) == 0 || strstr(text, "\ngame court\n") != NULL;
}

/* Plays a court scenario's lines; the caller frees the game. */
static KingupCourtGame *play_court(char *text) {
    KingupCourtConfig config;
    CHECK(kingup_court_config_init(&config, 2));
    uint64_t seed = 0;
    KingupCourtGame *game = NULL;
    for (char *line = strtok(text, "\n"); line != NULL; line = strtok(NULL, "\n")) {
        char *hash = strchr(line, '#');
        if (hash != NULL) {
            *hash = '\0';
        }
        char *colon = strchr(line, ':');
        if (colon == NULL) {
            char key[16], value[32];
            if (sscanf(line, "%15s %31s", key, value) != 2) {
                continue;
            }
            if (strcmp(key, "players") == 0) {
                config.players = (uint32_t)atoi(value);
            } else if (strcmp(key, "max_rounds") == 0) {
                config.max_rounds = (uint32_t)atoi(value);
            } else if (strcmp(key, "first_player") == 0) {
                config.first_player = atoi(value);
            } else if (strcmp(key, "chance") == 0) {
                config.chance = strcmp(value, "explicit") == 0 ? KINGUP_CHANCE_EXPLICIT
                                                              : KINGUP_CHANCE_AUTO;
            } else if (strcmp(key, "seed") == 0) {
                seed = strtoull(value, NULL, 10);
            }
            continue;
        }
        if (game == NULL) {
            CHECK(kingup_court_game_new(&config, seed, &game));
        }
        const char *what = colon + 1;
        while (*what == ' ') {
            what++;
        }
        if (strncmp(line, "chance", 6) == 0) {
            uint32_t outcome = 0;
            CHECK(kingup_court_chance_parse(what, strlen(what), &outcome));
            CHECK(kingup_court_game_apply_chance(game, outcome));
        } else if (strcmp(what, "undo") == 0) {
            CHECK(kingup_court_game_undo(game, (uint32_t)atoi(line)));
        } else {
            uint32_t action = 0;
            CHECK(kingup_court_action_parse(what, strlen(what), &action));
            CHECK(kingup_court_game_apply(game, (uint32_t)atoi(line), action));
        }
    }
    if (game == NULL) {
        CHECK(kingup_court_game_new(&config, seed, &game));
    }
    return game;
}

/* Plays a scenario file's lines; the caller frees the game. */
static KingupGame *play(char *text) {
    KingupConfig config;
    CHECK(kingup_config_init(&config, 4));
    uint64_t seed = 0;
    KingupGame *game = NULL;
    for (char *line = strtok(text, "\n"); line != NULL; line = strtok(NULL, "\n")) {
        char *hash = strchr(line, '#');
        if (hash != NULL) {
            *hash = '\0';
        }
        char *colon = strchr(line, ':');
        if (colon == NULL) {
            char key[16], value[32];
            if (sscanf(line, "%15s %31s", key, value) != 2) {
                continue;
            }
            if (strcmp(key, "players") == 0) {
                config.players = (uint32_t)atoi(value);
            } else if (strcmp(key, "rounds") == 0) {
                config.rounds = (uint32_t)atoi(value);
            } else if (strcmp(key, "setup") == 0) {
                config.setup = strcmp(value, "random") == 0 ? KINGUP_SETUP_RANDOM_LAYOUT
                                                            : KINGUP_SETUP_PLACEMENT;
            } else if (strcmp(key, "seed") == 0) {
                seed = strtoull(value, NULL, 10);
            }
            continue;
        }
        if (game == NULL) {
            CHECK(kingup_game_new(&config, seed, &game));
        }
        uint32_t seat = (uint32_t)atoi(line);
        const char *move = colon + 1;
        while (*move == ' ') {
            move++;
        }
        if (strcmp(move, "undo") == 0) {
            CHECK(kingup_game_undo(game, seat));
        } else {
            uint32_t action = 0;
            CHECK(kingup_action_parse(move, strlen(move), &action));
            CHECK(kingup_game_apply(game, seat, action));
        }
    }
    if (game == NULL) {
        CHECK(kingup_game_new(&config, seed, &game));
    }
    return game;
}

static void compare(const char *what, const char *produced, const char *expected) {
    if (strcmp(produced, expected) != 0) {
        fprintf(stderr, "C: %s differs from interop/expected\n", what);
        failures++;
    }
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: interop INTEROP_DIR NAME...\n");
        return EXIT_FAILURE;
    }
    for (int i = 2; i < argc; i++) {
        int before = failures;
        char path[1024];
        snprintf(path, sizeof path, "%s/scenarios/%s.txt", argv[1], argv[i]);
        char *scenario = read_file(path);
        const Ops *ops = is_court(scenario) ? &COURT : &KING_UP;
        void *game = ops == &COURT ? (void *)play_court(scenario) : (void *)play(scenario);
        free(scenario);

        snprintf(path, sizeof path, "%s/expected/%s.save.json", argv[1], argv[i]);
        char *expected_save = read_file(path);
        snprintf(path, sizeof path, "%s/expected/%s.events.txt", argv[1], argv[i]);
        char *expected_events = read_file(path);

        Text save = {0}, events = {0};
        save_text(ops, game, &save);
        events_text(ops, game, &events);
        compare("the save document", save.data, expected_save);
        compare("the event streams", events.data, expected_events);
        ops->free(game);

        /* The expected save (any front end's) loads and saves back unchanged. */
        void *loaded = NULL;
        CHECK(ops->from_json(expected_save, strlen(expected_save) - 1, &loaded));
        Text again = {0}, again_events = {0};
        save_text(ops, loaded, &again);
        events_text(ops, loaded, &again_events);
        compare("the reloaded save", again.data, expected_save);
        compare("the reloaded event streams", again_events.data, expected_events);
        ops->free(loaded);

        free(save.data);
        free(events.data);
        free(again.data);
        free(again_events.data);
        free(expected_save);
        free(expected_events);
        if (failures == before) {
            printf("C: %s matches\n", argv[i]);
        }
    }
    return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
