// Every bad input gets a typed error (name and the reason code every language reports)
// and changes nothing.
import assert from "node:assert/strict";
import test from "node:test";

import { kingup, snapshot, thrown } from "./package.mjs";

const { KingUpGame, CourtGame, KingUpBot, CourtBot } = kingup;

/** Asserts that `f` throws `name` with `code`, leaving `game` (if any) unchanged. */
function refuses(game, f, name, code) {
  const before = game && snapshot(game);
  const error = thrown(f);
  assert.equal(error.name, name, error.message);
  assert.equal(error.code, code, error.message);
  assert.ok(error instanceof Error);
  if (name === "TypeError") assert.ok(error instanceof TypeError);
  if (game) assert.equal(snapshot(game), before);
  return error;
}

test("illegal actions carry the rules' reason codes", () => {
  const game = new KingUpGame({ players: 4 }, { seed: 1 });
  const seat = game.toMove();
  const other = (seat + 1) % 4;
  refuses(game, () => game.apply(other, "A1"), "IllegalActionError", "not_your_turn");
  refuses(game, () => game.apply(seat, 67), "IllegalActionError", "no_such_action");
  refuses(game, () => game.apply(seat, -1), "IllegalActionError", "no_such_action");
  refuses(game, () => game.apply(seat, "yes"), "IllegalActionError", "wrong_phase");
  refuses(game, () => game.apply(seat, "Z9"), "ParseError", "malformed");
  refuses(game, () => game.apply(seat, "x".repeat(100000)), "ParseError", "too_long");
  game.apply(seat, "A1");
  refuses(game, () => game.apply(game.toMove(), "A2"), "IllegalActionError", "already_placed");
});

test("a finished game refuses every move with game_over", () => {
  const game = new KingUpGame({ players: 3 }, { seed: 2 });
  game.playRandom();
  assert.ok(game.isOver());
  refuses(game, () => game.apply(0, 0), "IllegalActionError", "game_over");
  assert.deepEqual(game.legalActions(), []);
  assert.equal(game.toMove(), undefined);
});

test("seats out of range are SeatErrors; wrong types are TypeErrors", () => {
  const game = new CourtGame({ players: 2 }, { seed: 3 });
  for (const seat of [2, 5, -1, 2 ** 60]) {
    refuses(game, () => game.apply(seat, "roll"), "SeatError", "no_such_seat");
    refuses(game, () => game.view(seat), "SeatError", "no_such_seat");
    refuses(game, () => game.events(seat), "SeatError", "no_such_seat");
    refuses(game, () => game.legalActions(seat), "SeatError", "no_such_seat");
    refuses(game, () => game.undo(seat), "SeatError", "no_such_seat");
    assert.equal(game.isLegal(seat, "roll"), false);
  }
  for (const bad of ["0", 0.5, NaN, Infinity, true, {}, [], 1n, Symbol("s")]) {
    refuses(game, () => game.apply(bad, "roll"), "TypeError", "wrong_type");
    refuses(game, () => game.view(bad), "TypeError", "wrong_type");
  }
  for (const bad of [0.5, NaN, true, {}, null, undefined, 1n]) {
    refuses(game, () => game.apply(0, bad), "TypeError", "wrong_type");
    refuses(game, () => game.isLegal(0, bad), "TypeError", "wrong_type");
  }
  refuses(game, () => game.events(undefined, game.eventCount() + 1), "RangeError", "no_such_event");
  refuses(game, () => game.events(undefined, -1), "RangeError", "no_such_event");
  assert.deepEqual(game.events(undefined, game.eventCount()), []);
  refuses(game, () => game.eventTexts(undefined, game.eventCount() + 1), "RangeError", "no_such_event");
  refuses(game, () => game.eventTexts(2), "SeatError", "no_such_seat");
  assert.equal(game.eventTexts().length, game.eventCount());
});

test("chance refusals are IllegalChanceErrors", () => {
  const game = new CourtGame({ players: 3 }, { seed: 4, chance: "explicit" });
  assert.equal(game.isChance(), true);
  assert.equal(game.chance(), "first_player");
  refuses(game, () => game.applyChance("die 3"), "IllegalChanceError", "wrong_step");
  refuses(game, () => game.applyChance(12), "IllegalChanceError", "no_such_outcome");
  refuses(game, () => game.applyChance("first 4"), "IllegalChanceError", "no_such_seat");
  refuses(game, () => game.applyChance("nonsense"), "ParseError", "malformed");
  refuses(game, () => game.apply(0, "roll"), "IllegalActionError", "chance_pending");
  game.applyChance("first 1");
  assert.equal(game.toMove(), 1);
  refuses(game, () => game.resolveChance(), "IllegalChanceError", "not_chance");
  refuses(game, () => game.applyChance("die 3"), "IllegalChanceError", "not_chance");
  const auto = new KingUpGame({ players: 3 }, { seed: 4 });
  refuses(auto, () => auto.applyChance("deal 3"), "IllegalChanceError", "not_chance");
});

test("undo refusals are UndoErrors", () => {
  const game = new KingUpGame({ players: 3 }, { seed: 5 });
  const seat = game.toMove();
  refuses(game, () => game.undo(seat), "UndoError", "revealed");
  game.apply(seat, game.legalActions()[0]);
  refuses(game, () => game.undo((seat + 1) % 3), "UndoError", "not_your_step");
  assert.equal(game.undoable(), 1);
  game.undo(seat);
  assert.equal(game.toMove(), seat);
  const fresh = new KingUpGame({ players: 3, first_player: { seat: 0 } }, { seed: 5, chance: "explicit" });
  refuses(fresh, () => fresh.undo(0), "UndoError", "nothing_to_undo");
});

test("configs, seeds and options are checked", () => {
  refuses(null, () => new KingUpGame({ players: 7 }), "InvalidConfigError", "invalid_config");
  refuses(null, () => new KingUpGame({ players: 300 }), "InvalidConfigError", "invalid_config");
  refuses(null, () => new KingUpGame({ players: "4" }), "InvalidConfigError", "invalid_config");
  refuses(null, () => new KingUpGame({ rounds: 2 }), "InvalidConfigError", "invalid_config");
  refuses(null, () => new KingUpGame({ colour: "red" }), "InvalidConfigError", "invalid_config");
  refuses(null, () => new CourtGame({ players: 1 }), "InvalidConfigError", "invalid_config");
  refuses(null, () => new CourtGame(4), "TypeError", "wrong_type");
  refuses(null, () => new CourtGame([4]), "TypeError", "wrong_type");
  refuses(null, () => new CourtGame({ players: 2n }), "TypeError", "wrong_type");
  refuses(null, () => new CourtGame({}, { seed: -1 }), "InvalidConfigError", "invalid_config");
  refuses(null, () => new CourtGame({}, { seed: 2n ** 64n }), "InvalidConfigError", "invalid_config");
  refuses(null, () => new CourtGame({}, { seed: -1n }), "InvalidConfigError", "invalid_config");
  refuses(null, () => new CourtGame({}, { seed: 0.5 }), "TypeError", "wrong_type");
  refuses(null, () => new CourtGame({}, { seed: 2 ** 60 }), "TypeError", "wrong_type");
  refuses(null, () => new CourtGame({}, { seed: "1" }), "TypeError", "wrong_type");
  refuses(null, () => new CourtGame({}, { chance: "manual" }), "InvalidConfigError", "invalid_config");
  refuses(null, () => new CourtGame({}, { sead: 1 }), "InvalidConfigError", "invalid_config");
  refuses(null, () => new CourtGame({}, "seed"), "TypeError", "wrong_type");
  // Objects that throw when read are TypeErrors, not a crash of the module.
  const keyless = new Proxy({}, { ownKeys() { throw new Error("no keys") } });
  refuses(null, () => new CourtGame({}, keyless), "TypeError", "wrong_type");
  refuses(null, () => new CourtGame(keyless), "TypeError", "wrong_type");
  refuses(null, () => new CourtGame({}, { get seed() { throw new Error("no seed") } }), "TypeError", "wrong_type");
  refuses(null, () => new CourtGame({ get players() { throw new Error("no players") } }), "TypeError", "wrong_type");
  const big = {};
  for (let i = 0; i < 20000; i++) big["k" + i] = i;
  refuses(null, () => new CourtGame(big), "InvalidConfigError", "too_long");
  // The largest seeds are accepted, as numbers and bigints, and equal seeds are equal games.
  const a = new CourtGame({}, { seed: 2 ** 53 - 1 });
  const b = new CourtGame({}, { seed: 2n ** 53n - 1n });
  assert.equal(a.save(), b.save());
  new CourtGame({}, { seed: 2n ** 64n - 1n });
  // Defaults: four players, and no seed draws one.
  assert.equal(new KingUpGame().players, 4);
  assert.notEqual(new KingUpGame().save(), new KingUpGame().save());
});

test("save documents: malformed, edited, too long", () => {
  const game = new KingUpGame({ players: 3 }, { seed: 6 });
  game.apply(game.toMove(), game.legalActions()[0]);
  const save = game.save();
  refuses(null, () => KingUpGame.load("{"), "LoadError", "malformed");
  refuses(null, () => KingUpGame.load(""), "LoadError", "malformed");
  refuses(null, () => KingUpGame.load("[".repeat(100000)), "LoadError", "malformed");
  refuses(null, () => KingUpGame.load(save.replace('"version":1', '"version":2')), "LoadError", "version");
  refuses(null, () => KingUpGame.load(save.replace('"generator":"', '"generator":"x')), "LoadError", "generator");
  refuses(null, () => KingUpGame.load(save.replace('"players":3', '"players":9')), "LoadError", "invalid_config");
  refuses(null, () => CourtGame.load(save), "LoadError", "malformed");
  refuses(null, () => KingUpGame.load(" ".repeat(2 ** 20 + 1)), "LoadError", "too_long");
  refuses(null, () => KingUpGame.load(5), "TypeError", "wrong_type");
  // A step the rules refuse: the code is that step's own.
  const steps = JSON.parse(save).steps;
  const last = steps[steps.length - 1];
  const edited = save.replace(`"${last}"]`, `"${last}","${last}"]`);
  const error = refuses(null, () => KingUpGame.load(edited), "LoadError", "not_your_turn");
  assert.match(error.message, /step/);
});

test("bots refuse seats that may not act, and bad specs", () => {
  const game = new KingUpGame({ players: 3 }, { seed: 7 });
  const bot = new KingUpBot("heuristic", 1);
  const other = (game.toMove() + 1) % 3;
  refuses(game, () => bot.choose(game, other), "IllegalActionError", "not_your_turn");
  refuses(game, () => bot.choose(game, 3), "SeatError", "no_such_seat");
  refuses(game, () => bot.choose(game, "0"), "TypeError", "wrong_type");
  // The glue checks the class before any Rust runs.
  assert.match(thrown(() => bot.choose(new CourtGame(), 0)).message, /instance of KingUpGame/);
  refuses(null, () => new KingUpBot("alphazero"), "ParseError", "no_such_bot_kind");
  refuses(null, () => new KingUpBot("ISMCTS"), "ParseError", "no_such_bot_kind");
  refuses(null, () => new KingUpBot("ismcts:0"), "InvalidConfigError", "iterations");
  refuses(null, () => new KingUpBot("ismcts:2s"), "InvalidConfigError", "iterations");
  refuses(null, () => new KingUpBot("heuristic:5"), "InvalidConfigError", "iterations");
  refuses(null, () => new KingUpBot(3), "TypeError", "wrong_type");
  refuses(null, () => new CourtBot("heuristic"), "ParseError", "no_such_bot_kind");
  const court = new CourtGame({ players: 2 }, { seed: 1 });
  court.playRandom();
  refuses(court, () => new CourtBot().choose(court, 0), "IllegalActionError", "game_over");
});

test("notation statics", () => {
  assert.equal(KingUpGame.ACTION_COUNT, 67);
  assert.equal(KingUpGame.actionName(KingUpGame.parseAction("B4")), "B4");
  assert.equal(CourtGame.chanceName(CourtGame.parseChance("die 5")), "die 5");
  assert.equal(CourtGame.parseChance("first 2"), 8);
  refuses(null, () => KingUpGame.actionName(KingUpGame.ACTION_COUNT), "IllegalActionError", "no_such_action");
  refuses(null, () => CourtGame.chanceName(-1), "IllegalChanceError", "no_such_outcome");
  refuses(null, () => CourtGame.parseAction("fly"), "ParseError", "malformed");
  refuses(null, () => CourtGame.parseAction(7), "TypeError", "wrong_type");
  assert.equal(KingUpGame.describeAction(KingUpGame.parseAction("B4")), "place Beatrice on Dignitaries (4)");
  assert.equal(CourtGame.describeChance(CourtGame.parseChance("die 5")), "a die shows 5");
  refuses(null, () => KingUpGame.describeAction(-1), "IllegalActionError", "no_such_action");
  refuses(null, () => CourtGame.describeChance(99), "IllegalChanceError", "no_such_outcome");
  for (const G of [KingUpGame, CourtGame]) {
    for (let i = 0; i < G.ACTION_COUNT; i++) assert.equal(G.parseAction(G.actionName(i)), i);
    for (let i = 0; i < G.CHANCE_COUNT; i++) assert.equal(G.parseChance(G.chanceName(i)), i);
  }
});
