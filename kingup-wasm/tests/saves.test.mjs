// Save documents round-trip: load(save()) plays on as the original, in both games and
// both chance modes, and writes the same bytes back.
import assert from "node:assert/strict";
import test from "node:test";

import { kingup } from "./package.mjs";

const { KingUpGame, CourtGame } = kingup;

/** Plays `steps` random-but-seeded steps, chance included. */
function advance(game, steps, salt) {
  for (let i = 0; i < steps && !game.isOver(); i++) {
    if (game.isChance()) {
      game.resolveChance();
      continue;
    }
    const legal = game.legalActions();
    game.apply(game.toMove(), legal[(i * 7 + salt) % legal.length]);
  }
}

for (const [Game, config] of [
  [KingUpGame, { players: 5 }],
  [KingUpGame, { players: 3, rounds: 1, setup: "random_layout" }],
  [CourtGame, { players: 3 }],
  [CourtGame, { players: 5, unlimited_jesters: true, max_rounds: 3 }],
]) {
  for (const chance of ["auto", "explicit"]) {
    test(`${Game.name} ${JSON.stringify(config)} ${chance}: saves round-trip`, () => {
      const game = new Game(config, { seed: 2026n, chance });
      for (let stop = 0; stop < 6 && !game.isOver(); stop++) {
        advance(game, 17, stop);
        const save = game.save();
        const loaded = Game.load(save);
        assert.equal(loaded.save(), save);
        assert.deepEqual(loaded.events(), game.events());
        assert.deepEqual(loaded.history(), game.history());
        assert.deepEqual(loaded.config(), game.config());
        // The generator is in the save: both play on the same way.
        const [x, y] = [loaded.clone(), game.clone()];
        x.playRandom();
        y.playRandom();
        assert.equal(x.save(), y.save());
        assert.deepEqual(JSON.parse(save).steps, game.steps());
      }
    });
  }
}

test("a config object is the save's config, defaults filled in", () => {
  const game = new KingUpGame({ players: 3 }, { seed: 1 });
  assert.deepEqual(JSON.parse(game.save()).config, game.config());
  assert.equal(game.config().rounds, 3);
  assert.equal(new KingUpGame(game.config(), { seed: 1 }).save(), game.save());
  const court = new CourtGame({ players: 2, first_player: { seat: 1 } }, { seed: 1 });
  assert.deepEqual(court.config(), {
    players: 2,
    first_player: { seat: 1 },
    unlimited_jesters: false,
    preroll_abilities: true,
    max_rounds: null,
  });
  assert.equal(court.toMove(), 1);
});

for (const [Game, config] of [
  [KingUpGame, { players: 4 }],
  [CourtGame, { players: 3, max_rounds: 10 }],
]) {
  test(`${Game.name}: explicit chance by outcome index replays the automatic game`, () => {
    const auto = new Game(config, { seed: 99 });
    auto.playRandom(5);
    const explicit = new Game(config, { seed: 1, chance: "explicit" });
    for (const [seat, index] of auto.history()) {
      if (seat === null) {
        assert.ok(explicit.isChance());
        assert.ok(explicit.chanceOutcomes().some(([outcome]) => outcome === index));
        explicit.applyChance(index);
      } else {
        explicit.apply(seat, index);
      }
    }
    assert.ok(explicit.isOver());
    assert.deepEqual(explicit.events(), auto.events());
    assert.deepEqual(explicit.history(), auto.history());
  });
}
