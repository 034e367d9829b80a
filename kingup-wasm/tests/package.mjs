// The built package under test: KINGUP_WASM_PKG (a directory holding node/kingup.js), by
// default the build of `bash scripts/build-wasm.sh` in target/wasm-pkg.
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, "../..");
const dir = process.env.KINGUP_WASM_PKG ?? path.join(root, "target/wasm-pkg");
const require = createRequire(import.meta.url);

/** The package's node build: { KingUpGame, CourtGame, KingUpBot, CourtBot }. */
export const kingup = require(path.resolve(dir, "node/kingup.js"));

/** Runs `f`, which must throw; returns what it threw. */
export function thrown(f) {
  try {
    f();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

/** Everything observable about a game, to check that a refused call changed nothing. */
export function snapshot(game) {
  return JSON.stringify([game.save(), game.eventCount(), game.undoable(), game.toMove()]);
}
