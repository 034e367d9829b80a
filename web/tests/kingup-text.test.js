// King Up!'s words for the log and the status line, under Node (no browser): every event of
// whole games, as a seat sees them, is a sentence of its own, with no placeholder left.

import { test } from "node:test";
import assert from "node:assert/strict";
import * as h from "./harness.js";
import { describe, status } from "../kingup-board.js";

test("every King Up! event is a sentence in the log", () => {
  const { KingUpGame } = h.kingup();
  const seen = new Set();
  for (const [players, setup] of [[3, "random_layout"], [4, "placement"], [6, "placement"]]) {
    const game = new KingUpGame({ players, rounds: setup === "random_layout" ? 1 : 3, setup }, { seed: 26 });
    game.playRandom(7);
    const seat = 1;
    const vocabulary = KingUpGame.vocabulary(); // what the page adds to each state
    const state = { game: "kingup", seat, players, view: game.view(seat), legal: [], events: [], over: game.isOver(), winners: game.winners(), vocabulary };
    for (const event of game.events(seat)) {
      const text = describe(event, state);
      seen.add(event.type);
      assert.match(text, /^[A-Z].*[.]$/, `${event.type}: ${text}`);
      assert.doesNotMatch(text, /undefined|null|NaN|\[object/, `${event.type}: ${text}`);
    }
    assert.match(status(state), /won with \d+ points$/);
  }
  for (const type of ["first_player_chosen", "objective_dealt", "laid_out", "round_started", "placed", "leftovers_placed", "climbed", "election_called", "vote_committed", "votes_revealed", "eliminated", "crowned", "round_scored", "game_over"]) {
    assert.ok(seen.has(type), `no ${type} event in the games`);
  }
});
