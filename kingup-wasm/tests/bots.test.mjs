// Bots play whole games of both games, from their seat's view, deterministically by seed.
import assert from "node:assert/strict";
import test from "node:test";

import { kingup } from "./package.mjs";

const { KingUpGame, CourtGame, KingUpBot, CourtBot } = kingup;

/** Plays `game` to the end with `bots` (one per seat); returns the number of moves. */
function play(game, bots) {
  let moves = 0;
  while (!game.isOver()) {
    const seat = game.toMove();
    const before = game.save();
    const action = bots[seat].choose(game, seat);
    assert.equal(game.save(), before, "choosing changes nothing");
    assert.ok(game.isLegal(seat, action));
    game.apply(seat, action);
    moves++;
  }
  return moves;
}

test("King Up! bots of every kind play a whole game", () => {
  assert.deepEqual(KingUpBot.kinds(), ["random", "heuristic", "ismcts", "reader"]);
  const specs = ["random", "heuristic", "ismcts:40", "reader:40"];
  const bots = specs.map((spec, i) => new KingUpBot(spec, i));
  assert.deepEqual(bots.map((b) => b.name), specs);
  assert.equal(new KingUpBot().name, "heuristic");
  assert.equal(new KingUpBot("ismcts").name, "ismcts:1000");
  const game = new KingUpGame({ players: 4 }, { seed: 11 });
  assert.ok(play(game, bots) > 30);
  assert.equal(game.winners().length > 0, true);
  assert.equal(game.returns().reduce((a, b) => a + b), 1);
});

test("court bots of every kind play a whole game", () => {
  assert.deepEqual(CourtBot.kinds(), ["greedy", "random", "mcts"]);
  const bots = ["greedy", "random", "mcts"].map((spec, i) => new CourtBot(spec, i));
  assert.equal(new CourtBot().name, "greedy");
  const game = new CourtGame({ players: 3, max_rounds: 30 }, { seed: 12 });
  assert.ok(play(game, bots) > 10);
  assert.ok(game.winners() !== undefined);
});

test("the same seed decides the same way", () => {
  for (const spec of ["random", "ismcts:30", "reader:30"]) {
    const game = new KingUpGame({ players: 3 }, { seed: 5 });
    const seat = game.toMove();
    const choices = [1, 1, 2].map((seed) => new KingUpBot(spec, seed).choose(game, seat));
    assert.equal(choices[0], choices[1], spec);
  }
  const court = new CourtGame({ players: 2 }, { seed: 5 });
  const a = new CourtBot("mcts", 3).choose(court, court.toMove());
  assert.equal(new CourtBot("mcts", 3n).choose(court, court.toMove()), a);
});

test("a bot decides for any voter of King Up!'s simultaneous vote", () => {
  const game = new KingUpGame({ players: 3 }, { seed: 8 });
  const bot = new KingUpBot("heuristic", 1);
  while (game.view().phase !== "vote") {
    const seat = game.toMove();
    game.apply(seat, bot.choose(game, seat));
  }
  const voters = game.view().actor.voters;
  assert.ok(voters.length > 1);
  for (const seat of voters) {
    assert.ok(["yes", "no"].includes(KingUpGame.actionName(bot.choose(game, seat))));
  }
});
