/*
 * A player's screen drawn from the blittable view (kingup_game_player_view), with no JSON
 * parser: heuristic bots play a 4-player game and seat 0's screen is printed at the start,
 * at the first vote and at the end — the castle by floor with seat 0's objective marked,
 * the candidate and who voted, the crown, No cards left, the scores. The view holds seat
 * 0's secrets and no other seat's.
 *
 * Build against an installed kingup (docs/c-api.md):
 *   cc -std=c11 screen.c $(pkg-config --cflags --libs kingup)
 */
#include <stdio.h>

#include "kingup.h"
#include "check.h"

static const char *const CHARACTERS[KINGUP_CHARACTER_COUNT] = {
    "Alighiero", "Beatrice", "Clemente", "Dario", "Ernesto", "Fiorello", "Giuseppe",
    "Irina", "Leonardo", "Martino", "Natale", "Odessa", "Piero"};
static const char *const FLOORS[KINGUP_FLOOR_COUNT] = {
    "Servants", "Artisans", "Merchants", "Officials", "Dignitaries", "Nobles", "Throne"};
static const char *const PHASES[] = {"setup", "placement", "climb", "vote", "score", "game over"};

/* Prints the characters of a mask, marking those of `objective` with '*'. */
static void print_characters(uint32_t mask, uint32_t objective) {
    for (uint32_t c = 0; c < KINGUP_CHARACTER_COUNT; c++) {
        if (mask >> c & 1u) {
            printf(" %s%s", CHARACTERS[c], objective >> c & 1u ? "*" : "");
        }
    }
}

static void print_screen(const KingupPlayerView *me) {
    const KingupPublicView *table = &me->public_view;
    printf("round %u/%u, %s", table->round + 1, table->rounds, PHASES[table->phase]);
    if (table->next_seat >= 0) {
        printf(", seat %d to move", table->next_seat);
    }
    printf("\n");
    for (int f = KINGUP_FLOOR_COUNT - 1; f >= 0; f--) {
        printf("  %-11s", FLOORS[f]);
        print_characters(table->floors[f], me->objective);
        printf("\n");
    }
    if (table->outside) {
        printf("  to place:  ");
        print_characters(table->outside, me->objective);
        printf("\n");
    }
    if (table->candidate >= 0) {
        printf("vote on %s, voted: seats mask %#x\n", CHARACTERS[table->candidate], table->voted);
    }
    if (table->crown >= 0) {
        printf("crown: seat %d\n", table->crown);
    }
    printf("you are seat %u: objective", me->seat);
    print_characters(me->objective, 0);
    printf(", %u No cards left, %u points now, %u moves\n", me->no_cards, me->current_points,
           me->legal_count);
    printf("totals:");
    for (uint32_t s = 0; s < table->players; s++) {
        printf(" %u%s", table->totals[s], table->winners >> s & 1u ? " (wins)" : "");
    }
    printf("\n\n");
}

int main(void) {
    KingupConfig config;
    CHECK(kingup_config_init(&config, 4));
    config.first_player = 0;
    KingupGame *game = NULL;
    CHECK(kingup_game_new(&config, 2026, &game));
    KingupBot *bot = NULL;
    CHECK(kingup_bot_new(KINGUP_BOT_KIND_HEURISTIC, 1, 0, &bot));

    KingupPlayerView me;
    CHECK(kingup_game_player_view(game, 0, &me));
    print_screen(&me);
    int shown_vote = 0;
    int32_t seat = me.public_view.next_seat;
    while (seat >= 0) {
        uint32_t action = 0;
        CHECK(kingup_bot_choose(bot, game, (uint32_t)seat, &action));
        CHECK(kingup_game_apply(game, (uint32_t)seat, action));
        CHECK(kingup_game_player_view(game, 0, &me));
        if (me.public_view.phase == KINGUP_PHASE_VOTE && !shown_vote) {
            print_screen(&me);
            shown_vote = 1;
        }
        /* The view's legal actions are the game's. */
        uint32_t legal[KINGUP_MAX_LEGAL_ACTIONS];
        size_t n = 0;
        CHECK(kingup_game_legal_actions(game, 0, legal, KINGUP_MAX_LEGAL_ACTIONS, &n));
        ASSERT(n == me.legal_count);
        for (size_t i = 0; i < n; i++) {
            ASSERT(legal[i] == me.legal_actions[i]);
        }
        seat = me.public_view.next_seat;
    }
    print_screen(&me);
    ASSERT(me.public_view.phase == KINGUP_PHASE_GAME_OVER && me.public_view.winners != 0);
    kingup_bot_free(bot);
    kingup_game_free(game);
    return 0;
}
