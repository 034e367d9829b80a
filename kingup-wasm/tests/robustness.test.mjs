// Nothing reaches a trap: thousands of calls with arguments of every shape (seeded, so a
// failure repeats) either succeed or throw a typed error, and a throw changes nothing.
// A Rust panic would surface as a WebAssembly RuntimeError and leave the module unusable.
import assert from "node:assert/strict";
import test from "node:test";

import { kingup, snapshot } from "./package.mjs";

const { KingUpGame, CourtGame, KingUpBot, CourtBot } = kingup;

const NAMES = new Set([
  "IllegalActionError", "IllegalChanceError", "InvalidConfigError", "SeatError",
  "UndoError", "LoadError", "ParseError", "TypeError", "RangeError",
]);

/** A small seeded generator (mulberry32). */
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function values(random, game) {
  const legal = game.legalActions();
  return [
    undefined, null, 0, 1, 2, 5, -1, 1.5, NaN, Infinity, -Infinity, 2 ** 31, 2 ** 53, 2 ** 64,
    1n, -1n, 2n ** 70n, "", "B4", "yes", "roll", "keep 5", "die 3", "deal 2", "first 1",
    "x".repeat(70), "\u{1F451}", {}, [], [1, 2], { players: 3 }, () => 1, Symbol("s"), true,
    legal.length ? legal[Math.floor(random() * legal.length)] : 0,
    game.toMove() ?? 0,
  ];
}

function pick(random, list) {
  return list[Math.floor(random() * list.length)];
}

for (const [Game, Bot, config] of [
  [KingUpGame, KingUpBot, { players: 4 }],
  [CourtGame, CourtBot, { players: 3, max_rounds: 15 }],
]) {
  test(`${Game.name}: random calls with random arguments never trap`, () => {
    const random = generator(Game === KingUpGame ? 1 : 2);
    const bot = new Bot(undefined, 1);
    let game = new Game(config, { seed: 3, chance: "explicit" });
    const calls = [
      (a) => game.legalActions(a),
      (a, b) => game.isLegal(a, b),
      (a, b) => game.apply(a, b),
      (a) => game.applyChance(a),
      () => game.resolveChance(),
      (a) => game.undo(a),
      (a) => game.view(a),
      (a, b) => game.events(a, b),
      (a, b) => game.eventTexts(a, b),
      (a) => game.returns(a),
      (a) => Game.actionName(a),
      (a) => Game.parseAction(a),
      (a) => Game.chanceName(a),
      (a) => Game.parseChance(a),
      (a) => Game.describeAction(a),
      (a) => Game.load(a),
      (a, b) => new Game(a, b),
      (a, b) => new Bot(a, b),
      (a) => bot.choose(game, a),
    ];
    let thrown = 0;
    for (let i = 0; i < 3000; i++) {
      // Mostly good moves, so that the game goes on to every phase.
      if (random() < 0.5) {
        if (game.isOver()) game = new Game(config, { seed: i, chance: "explicit" });
        else if (game.isChance()) game.resolveChance();
        else game.apply(game.toMove(), bot.choose(game, game.toMove()));
        continue;
      }
      const before = snapshot(game);
      const [a, b] = [pick(random, values(random, game)), pick(random, values(random, game))];
      try {
        pick(random, calls)(a, b);
      } catch (error) {
        thrown++;
        assert.ok(NAMES.has(error.name) || /instance of/.test(error.message), `${error.name}: ${error.message}`);
        assert.ok(!(error instanceof WebAssembly.RuntimeError), error.message);
        assert.equal(snapshot(game), before, `${error.name}: ${error.message}`);
      }
    }
    assert.ok(thrown > 300, `${thrown} refusals`);
    // The module still works.
    assert.equal(new Game(config, { seed: 1 }).players, config.players);
  });
}
