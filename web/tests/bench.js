// How long a bot takes to choose a move in the browser: headless Chromium runs the page's
// package in a module Web Worker (as the page does) and times each `choose` with
// performance.now(), over whole games where every seat is that bot. Not a test (no timed
// assertions): it prints the figures docs/performance.md records.
//
// Usage (after `bash scripts/web.sh --build-only` and `npm ci` here):
//   node bench.js [--moves N] [--players N] [SPEC...]
// SPECs are game:bot names, e.g. kingup:ismcts:300 court:mcts (default: a ladder of
// iteration counts for King Up!'s searching bots, and court's mcts).

import * as h from "./harness.js";

const args = process.argv.slice(2);
let moves = 200;
let players = 4;
const specs = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--moves") moves = Number(args[++i]);
  else if (args[i] === "--players") players = Number(args[++i]);
  else specs.push(args[i]);
}
if (specs.length === 0) {
  for (const n of [100, 200, 300, 500, 1000]) specs.push(`kingup:ismcts:${n}`);
  for (const n of [100, 200, 300]) specs.push(`kingup:reader:${n}`);
  specs.push("court:mcts"); // court's tree search has one strength (MctsConfig::DEFAULT_ITERATIONS)
}

// The worker: plays games of `spec` at every seat until `moves` decisions are timed.
const WORKER = (origin) => `
import init, { KingUpGame, KingUpBot, CourtGame, CourtBot } from "${origin}pkg/kingup.js";
await init();
const GAMES = { kingup: [KingUpGame, KingUpBot], court: [CourtGame, CourtBot] };
onmessage = ({ data }) => {
  const [Game, Bot] = GAMES[data.game];
  const times = [];
  for (let g = 0; times.length < data.moves; g++) {
    const game = new Game({ players: data.players }, { seed: 1000 + g });
    const bots = Array.from({ length: data.players }, (_, s) => new Bot(data.bot, 77 * g + s));
    while (!game.isOver() && times.length < data.moves) {
      if (game.isChance()) { game.resolveChance(); continue; }
      const seat = game.toMove();
      const legal = game.legalActions(seat);
      const started = performance.now();
      const action = bots[seat].choose(game, seat);
      const took = performance.now() - started;
      if (legal.length > 1) times.push(took);
      game.apply(seat, action);
    }
  }
  postMessage(times);
};
postMessage("ready");`;

const site = await h.serve();
const browser = await h.launch();
try {
  const { page } = await h.open(browser, site);
  console.log(`Chromium ${browser.version()}, ${players} players, ${moves} decisions with a choice (more than one legal move) per bot`);
  console.log("| bot | median ms | p90 ms | p99 ms | max ms |");
  console.log("|---|---:|---:|---:|---:|");
  for (const spec of specs) {
    const [game, ...bot] = spec.split(":");
    const times = await page.evaluate(
      ({ code, job }) =>
        new Promise((resolve, reject) => {
          const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
          const worker = new Worker(url, { type: "module" });
          // The job is posted once the worker has loaded the package and listens.
          worker.onmessage = (event) => {
            if (event.data === "ready") return worker.postMessage(job);
            worker.terminate();
            resolve(event.data);
          };
          worker.onerror = (event) => reject(new Error(event.message));
        }),
      { code: WORKER(site.url), job: { game, bot: bot.join(":"), players, moves } },
    );
    times.sort((a, b) => a - b);
    const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
    console.log(`| ${spec} | ${at(0.5)} | ${at(0.9)} | ${at(0.99)} | ${times[times.length - 1].toFixed(1)} |`);
  }
} finally {
  await browser.close();
  await site.close();
}
