/*
 * A kingup engine in C99 with nothing beyond libc: plays King Up! or To Court the King over
 * the bot protocol (docs/protocol.md), line-based JSON on stdin and stdout. It needs only
 * the request's list of legal moves, so a small hand-written scanner stands in for a JSON
 * library: it reads the top-level "type", "id", "bot_seed" and the length of "legal".
 *
 *   cc -std=c99 -O2 -o engine engine.c
 *   kingup arena --players 3 --bots heuristic,random --engine "c=./engine"
 *
 *   ./engine               a uniformly random legal move (seeded by each game's bot_seed)
 *   ./engine --first       always the first legal move
 *   ./engine --name NAME   the name sent in "ready"
 *
 * Every answer is an "index" into the request's legal list.
 */
#include <ctype.h>
#include <inttypes.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What the engine takes from one message; the rest of the line is skipped. */
typedef struct {
    char type[32];      /* "" when absent or not a short string */
    int has_id;
    uint64_t id;
    int has_bot_seed;
    uint64_t bot_seed;
    long legal_count;   /* -1 when there is no top-level "legal" array */
} Message;

/* splitmix64: small, good enough for choosing moves, and well defined on any seed. */
static uint64_t next_random(uint64_t *state) {
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* Reads one line of any length into *buf (grown as needed); NULL at end of input. A last
 * line without its newline is still returned. Views run to several kilobytes. */
static char *read_line(FILE *in, char **buf, size_t *cap) {
    size_t len = 0;
    for (;;) {
        if (*cap - len < 2) {
            size_t grown = *cap ? *cap * 2 : 4096;
            char *bigger = realloc(*buf, grown);
            if (!bigger) {
                fprintf(stderr, "engine: out of memory reading a line\n");
                exit(1);
            }
            *buf = bigger;
            *cap = grown;
        }
        size_t room = *cap - len;
        if (room > INT_MAX) {
            room = INT_MAX;
        }
        if (!fgets(*buf + len, (int)room, in)) {
            return len ? *buf : NULL;
        }
        len += strlen(*buf + len);
        if (len > 0 && (*buf)[len - 1] == '\n') {
            return *buf;
        }
    }
}

static const char *skip_space(const char *p) {
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') {
        p++;
    }
    return p;
}

/* p is at a string's opening quote; returns the position after its closing quote, or NULL
 * when the line ends first. A backslash always escapes the next character, which is what
 * keeps \" inside a view's text from ending the string. */
static const char *skip_string(const char *p) {
    for (p++; *p != '"'; p++) {
        if (*p == '\0') {
            return NULL;
        }
        if (*p == '\\') {
            p++;
            if (*p == '\0') {
                return NULL;
            }
        }
    }
    return p + 1;
}

/* Skips any JSON value (objects and arrays whole, whatever they nest); NULL if cut off. */
static const char *skip_value(const char *p) {
    if (*p == '"') {
        return skip_string(p);
    }
    if (*p == '{' || *p == '[') {
        size_t depth = 0;
        do {
            if (*p == '"') {
                p = skip_string(p);
                if (!p) {
                    return NULL;
                }
                continue;
            }
            if (*p == '\0') {
                return NULL;
            }
            if (*p == '{' || *p == '[') {
                depth++;
            } else if (*p == '}' || *p == ']') {
                depth--;
            }
            p++;
        } while (depth > 0);
        return p;
    }
    /* A number, true, false or null: runs to the next delimiter. */
    const char *start = p;
    while (*p && !strchr(",}] \t\r\n", *p)) {
        p++;
    }
    return p > start ? p : NULL;
}

/* Reads an unsigned decimal integer that fits 64 bits; 0 on anything else (a sign, a
 * fraction, an exponent, overflow). */
static int parse_u64(const char *p, uint64_t *out) {
    uint64_t value = 0;
    const char *start = p;
    while (isdigit((unsigned char)*p)) {
        unsigned digit = (unsigned)(*p - '0');
        if (value > (UINT64_MAX - digit) / 10) {
            return 0;
        }
        value = value * 10 + digit;
        p++;
    }
    if (p == start || *p == '.' || *p == 'e' || *p == 'E') {
        return 0;
    }
    *out = value;
    return 1;
}

/* p is at an array's '['; counts its elements that are strings. -1 if cut off. */
static long count_strings(const char *p) {
    long count = 0;
    p = skip_space(p + 1);
    if (*p == ']') {
        return 0;
    }
    for (;;) {
        if (*p == '"') {
            count++;
        }
        p = skip_value(p);
        if (!p) {
            return -1;
        }
        p = skip_space(p);
        if (*p == ']') {
            return count;
        }
        if (*p != ',') {
            return -1;
        }
        p = skip_space(p + 1);
    }
}

/* Scans one line's top-level object. Only keys of the outer object count: the same names
 * nested in "view" or "events" (an event's own "type", a "seat") are skipped with their
 * values. Returns 0 if the line is not a whole JSON object. */
static int scan_message(const char *p, Message *m) {
    memset(m, 0, sizeof *m);
    m->legal_count = -1;
    p = skip_space(p);
    if (*p != '{') {
        return 0;
    }
    p = skip_space(p + 1);
    if (*p == '}') {
        return 1;
    }
    for (;;) {
        if (*p != '"') {
            return 0;
        }
        const char *key = p + 1;
        p = skip_string(p);
        if (!p) {
            return 0;
        }
        size_t key_len = (size_t)(p - 1 - key);
        p = skip_space(p);
        if (*p != ':') {
            return 0;
        }
        const char *value = skip_space(p + 1);

        /* The keys looked for have no escapes, so comparing the raw bytes is enough. */
        if (key_len == 4 && memcmp(key, "type", 4) == 0 && *value == '"') {
            const char *end = skip_string(value);
            size_t len = end ? (size_t)(end - 1 - (value + 1)) : 0;
            if (end && len < sizeof m->type) {
                memcpy(m->type, value + 1, len);
                m->type[len] = '\0';
            }
        } else if (key_len == 2 && memcmp(key, "id", 2) == 0) {
            m->has_id = parse_u64(value, &m->id);
        } else if (key_len == 8 && memcmp(key, "bot_seed", 8) == 0) {
            m->has_bot_seed = parse_u64(value, &m->bot_seed);
        } else if (key_len == 5 && memcmp(key, "legal", 5) == 0 && *value == '[') {
            m->legal_count = count_strings(value);
        }

        p = skip_value(value);
        if (!p) {
            return 0;
        }
        p = skip_space(p);
        if (*p == '}') {
            return 1;
        }
        if (*p != ',') {
            return 0;
        }
        p = skip_space(p + 1);
    }
}

/* Writes s as the inside of a JSON string (the name comes from the command line). */
static void put_json_string(const char *s) {
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            printf("\\%c", c);
        } else if (c < 0x20) {
            printf("\\u%04x", c);
        } else {
            putchar(c);
        }
    }
}

int main(int argc, char **argv) {
    int first = 0;
    const char *name = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--first") == 0) {
            first = 1;
        } else if (strcmp(argv[i], "--name") == 0 && i + 1 < argc) {
            name = argv[++i];
        } else {
            fprintf(stderr, "usage: %s [--first] [--name NAME]\n", argv[0]);
            return 2;
        }
    }
    if (!name) {
        name = first ? "c-first" : "c-random";
    }

    uint64_t rng = 0; /* reseeded by every new_game */
    char *line = NULL;
    size_t cap = 0;
    Message m;
    while (read_line(stdin, &line, &cap)) {
        if (!scan_message(line, &m)) {
            fprintf(stderr, "%s: not a JSON object, ignored\n", name);
            continue;
        }
        if (strcmp(m.type, "hello") == 0) {
            printf("{\"type\":\"ready\",\"protocol\":1,\"name\":\"");
            put_json_string(name);
            printf("\"}\n");
            fflush(stdout);
        } else if (strcmp(m.type, "new_game") == 0) {
            rng = m.has_bot_seed ? m.bot_seed : 0;
        } else if (strcmp(m.type, "request") == 0) {
            if (!m.has_id || m.legal_count <= 0) {
                fprintf(stderr, "%s: a request without an id or legal moves, ignored\n", name);
                continue;
            }
            /* The modulo's bias is below 67 / 2^64 for the few dozen moves a list holds. */
            uint64_t index = first ? 0 : next_random(&rng) % (uint64_t)m.legal_count;
            printf("{\"type\":\"move\",\"id\":%" PRIu64 ",\"index\":%" PRIu64 "}\n", m.id, index);
            fflush(stdout);
        } else if (strcmp(m.type, "forfeit") == 0) {
            fprintf(stderr, "%s: move %" PRIu64 " forfeited\n", name, m.id);
        } else if (strcmp(m.type, "quit") == 0) {
            break;
        }
        /* game_over and types a later protocol version adds need no answer. */
    }
    free(line);
    return 0;
}
