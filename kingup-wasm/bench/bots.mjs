// A bot's move time under Node, by bot spec: min / median / max milliseconds of
// `bot.choose` over positions of several games (decisions of every phase, the first
// positions of each game included).
// Usage: node kingup-wasm/bench/bots.mjs [SPEC...]   (after bash scripts/build-wasm.sh;
//   a spec is "kingup:<bot spec>" or "court:<bot spec>"; default: every kind at its default
//   strength, and the searches at a few smaller budgets.)
import { createRequire } from "node:module";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const pkg = process.env.KINGUP_WASM_PKG ?? path.join(root, "target/wasm-pkg");
const { KingUpGame, CourtGame, KingUpBot, CourtBot } = createRequire(import.meta.url)(
  path.resolve(pkg, "node/kingup.js"),
);

const GAMES = 4;
const SAMPLES_PER_GAME = 12;

/** Positions to decide in: games of heuristic (greedy) play, sampled evenly. */
function positions(court) {
  const found = [];
  for (let g = 0; g < GAMES; g++) {
    const game = court
      ? new CourtGame({ players: 2 + (g % 4), max_rounds: 40 }, { seed: 100 + g })
      : new KingUpGame({ players: 3 + (g % 4) }, { seed: 100 + g });
    const players = game.players;
    const bots = Array.from({ length: players }, (_, s) =>
      court ? new CourtBot("greedy", s) : new KingUpBot("heuristic", s),
    );
    const all = [];
    while (!game.isOver()) {
      const seat = game.toMove();
      all.push([game.clone(), seat]);
      game.apply(seat, bots[seat].choose(game, seat));
    }
    const step = Math.max(1, Math.floor(all.length / SAMPLES_PER_GAME));
    for (let i = 0; i < all.length && found.length < (g + 1) * SAMPLES_PER_GAME; i += step) {
      found.push(all[i]);
    }
  }
  return found;
}

function measure(spec, cases) {
  const [game, name] = spec.split(/:(.*)/s);
  const Bot = game === "court" ? CourtBot : KingUpBot;
  const times = [];
  for (const [position, seat] of cases) {
    const bot = new Bot(name, 1);
    const start = performance.now();
    bot.choose(position, seat);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const ms = (t) => t.toFixed(t < 10 ? 2 : 0);
  const median = times[Math.floor(times.length / 2)];
  console.log(
    `${spec.padEnd(22)} ${String(times.length).padStart(3)} positions  min ${ms(times[0])}  median ${ms(median)}  max ${ms(times.at(-1))} ms`,
  );
}

const specs = process.argv.length > 2
  ? process.argv.slice(2)
  : [
      "kingup:random", "kingup:heuristic", "kingup:ismcts", "kingup:reader",
      "kingup:ismcts:300", "kingup:reader:300", "kingup:ismcts:100",
      "court:greedy", "court:random", "court:mcts",
    ];
const cases = { kingup: positions(false), court: positions(true) };
// Warm up: the first calls compile the module's functions.
measure("kingup:ismcts:50", cases.kingup.slice(0, 5));
console.log("(warm-up above)");
for (const spec of specs) measure(spec, cases[spec.split(":")[0]]);
