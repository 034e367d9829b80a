// The JavaScript driver of the cross-language golden test (see interop/src/lib.rs): plays
// every scenario of interop/scenarios through the WebAssembly package's node build and
// checks the save document and every viewer's redacted event stream against
// interop/expected byte for byte; loads every expected save and writes it back unchanged.
// Run: node --test interop/js/ (after bash scripts/build-wasm.sh; KINGUP_WASM_PKG=dir for
// another build).
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import test from "node:test";
import { fileURLToPath } from "node:url";

const interop = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pkg = process.env.KINGUP_WASM_PKG ?? path.resolve(interop, "../target/wasm-pkg");
const { KingUpGame, CourtGame } = createRequire(import.meta.url)(path.resolve(pkg, "node/kingup.js"));

const scenarios = readdirSync(path.join(interop, "scenarios"))
  .filter((name) => name.endsWith(".txt"))
  .sort()
  .map((name) => name.slice(0, -4));

/** A scenario's settings and its script's lines ([who, what]). */
function read(text) {
  const settings = {};
  const moves = [];
  for (const raw of text.split("\n")) {
    const line = raw.split("#")[0].trim();
    if (!line) continue;
    const colon = line.indexOf(":");
    if (colon >= 0) {
      moves.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
    } else {
      const space = line.indexOf(" ");
      settings[line.slice(0, space)] = line.slice(space + 1).trim();
    }
  }
  return { settings, moves };
}

/** Plays a scenario file's lines through the package. */
function play(text) {
  const { settings, moves } = read(text);
  const court = settings.game === "court";
  const config = { players: Number(settings.players) };
  if (court) {
    if (settings.first_player !== undefined) config.first_player = { seat: Number(settings.first_player) };
    if (settings.max_rounds !== undefined) config.max_rounds = Number(settings.max_rounds);
  } else {
    config.rounds = Number(settings.rounds);
    config.setup = settings.setup === "random" ? "random_layout" : settings.setup;
  }
  const Game = court ? CourtGame : KingUpGame;
  // Seeds as bigints: every u64 is exact.
  const game = new Game(config, { seed: BigInt(settings.seed), chance: settings.chance ?? "auto" });
  for (const [who, what] of moves) {
    if (who === "chance") game.applyChance(what);
    else if (what === "undo") game.undo(Number(who));
    else game.apply(Number(who), what);
  }
  return game;
}

/** One line per viewer: the whole event log as that viewer may see it, as JSON. */
function eventsText(game) {
  const viewers = [undefined, ...Array.from({ length: game.players }, (_, i) => i)];
  return viewers
    .map((viewer) => {
      const events = game.events(viewer).map((e) => JSON.stringify(e)).join(",");
      return `${viewer === undefined ? "spectator" : `seat ${viewer}`} [${events}]\n`;
    })
    .join("");
}

const expected = (name) => readFileSync(path.join(interop, "expected", name), "utf8");

test("there are scenarios of both games", () => {
  assert.ok(scenarios.length >= 4);
  assert.ok(scenarios.some((name) => name.startsWith("court-")));
});

for (const name of scenarios) {
  test(`${name}: the same events and save bytes as every language`, () => {
    const game = play(readFileSync(path.join(interop, "scenarios", `${name}.txt`), "utf8"));
    assert.equal(game.save() + "\n", expected(`${name}.save.json`));
    assert.equal(eventsText(game), expected(`${name}.events.txt`));
  });

  test(`${name}: the expected save loads and saves back unchanged`, () => {
    const text = expected(`${name}.save.json`);
    const Game = text.includes('"format":"kingup-court-save"') ? CourtGame : KingUpGame;
    const game = Game.load(text.trimEnd());
    assert.equal(game.save() + "\n", text);
    assert.equal(eventsText(game), expected(`${name}.events.txt`));
  });
}
