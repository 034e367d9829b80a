// The game's worker: it owns the game (every secret in it) and the bots, plays the bots'
// turns, and posts to the page only what the human's seat may see: that seat's view, the
// events redacted for it, its legal moves. The save's text never leaves the worker either:
// the worker makes the file and posts a link to it.

import init, { KingUpGame, KingUpBot, CourtGame, CourtBot } from "./pkg/kingup.js";

const GAMES = {
  kingup: { Game: KingUpGame, Bot: KingUpBot, format: "kingup-save" },
  court: { Game: CourtGame, Bot: CourtBot, format: "kingup-court-save" },
};

// Iterations per move of King Up!'s searching bots when the page does not say: a move
// takes at most about 0.1 s in headless Chromium on the project's machine at 3 to 6
// players, under the 300 ms budget with room for slower devices (docs/performance.md,
// "Issue 26: the page's bots"). Court's mcts has one strength (no count to set).
const DEFAULT_ITERATIONS = { ismcts: 10000, reader: 10000 };

// The bot a seat gets when the page names none (e.g. a loaded game with more seats).
const DEFAULT_KIND = { kingup: "reader", court: "mcts" };

let table = null; // { game, kind, human, bots, sent, delay }
let timer = null;

await init();
// Once: the bot kinds and each game's vocabulary (the names and numbers of its pieces, as
// the engine has them), so that the page draws the games without copies of its own.
postMessage({
  type: "ready",
  kinds: { kingup: KingUpBot.kinds(), court: CourtBot.kinds() },
  vocabulary: { kingup: KingUpGame.vocabulary(), court: CourtGame.vocabulary() },
});

onmessage = async (message) => {
  try {
    await handle(message.data);
  } catch (error) {
    postError(error);
  }
};

async function handle(data) {
  switch (data.type) {
    case "new":
      start(data.game, new GAMES[data.game].Game({ players: data.players }), data);
      break;
    case "load":
      load(await data.file.text(), data);
      break;
    case "act":
      if (!table || table.game.isOver() || nextSeat(table.game) !== table.human) return;
      table.game.apply(table.human, data.action);
      advance();
      break;
    case "undo":
      undo();
      break;
    case "save":
      save();
      break;
    case "release":
      URL.revokeObjectURL(data.url);
      break;
    case "stop":
      stop();
      table = null;
      break;
  }
}

function start(kind, game, data) {
  stop();
  const human = data.human;
  if (!Number.isInteger(human) || human < 0 || human >= game.players) {
    throw Object.assign(new Error(`no seat ${human} in a ${game.players}-player game`), { name: "SeatError", code: "seat" });
  }
  const bots = [];
  for (let seat = 0; seat < game.players; seat++) {
    bots.push(seat === human ? null : makeBot(kind, data.bots?.[seat], data.iterations));
  }
  table = { game, kind, human, bots, sent: 0, delay: data.delay ?? 600 };
  post();
  schedule();
}

// A save of either game: its "format" says which.
function load(text, data) {
  let format;
  try {
    format = JSON.parse(text).format;
  } catch {
    throw Object.assign(new Error("this file is not a saved game (not JSON)"), { name: "LoadError", code: "json" });
  }
  const kind = Object.keys(GAMES).find((k) => GAMES[k].format === format);
  if (!kind) {
    throw Object.assign(new Error("this file is not a kingup saved game"), { name: "LoadError", code: "format" });
  }
  const game = GAMES[kind].Game.load(text);
  const human = Math.min(data.human ?? 0, game.players - 1);
  start(kind, game, { ...data, human });
}

// A searching kind ("ismcts") gets the page's iterations ("ismcts:N"); others are as named.
function makeBot(kind, name, iterations) {
  const Bot = GAMES[kind].Bot;
  const kinds = Bot.kinds();
  const base = kinds.includes(name) ? name : kinds.includes(DEFAULT_KIND[kind]) ? DEFAULT_KIND[kind] : kinds[0];
  const searches = base in DEFAULT_ITERATIONS;
  return new Bot(searches ? `${base}:${iterations ?? DEFAULT_ITERATIONS[base]}` : base);
}

// The seat whose decision the game waits for: in King Up!'s vote, any voter may commit
// next; the human votes when the engine reaches its seat.
function nextSeat(game) {
  const seat = game.toMove();
  return seat === undefined || seat === null ? null : seat;
}

// Plays bots and chance, one step per tick, until the human is to move or the game ends.
function schedule() {
  clearTimeout(timer);
  const { game, human } = table;
  if (game.isOver()) return;
  if (!game.isChance() && nextSeat(game) === human) return;
  timer = setTimeout(step, table.delay);
}

function step() {
  const here = table;
  if (!here) return;
  try {
    const { game, bots } = here;
    if (game.isChance()) {
      game.resolveChance();
    } else {
      const seat = nextSeat(game);
      if (seat === null) return;
      const started = performance.now();
      const action = bots[seat].choose(game, seat);
      here.lastThink = performance.now() - started;
      game.apply(seat, action);
    }
    advance();
  } catch (error) {
    postError(error);
  }
}

function advance() {
  post();
  schedule();
}

function stop() {
  clearTimeout(timer);
  timer = null;
}

// Takes back the human's last move and the bots' moves after it, if the session can take
// back all of them (nothing revealed since, no chance step).
function undo() {
  if (!table) return;
  const count = undoSteps();
  if (count === 0) {
    throw Object.assign(new Error("nothing of yours can be taken back now"), { name: "UndoError", code: "revealed" });
  }
  stop();
  const history = table.game.history();
  for (let i = 0; i < count; i++) {
    const [seat] = history[history.length - 1 - i];
    table.game.undo(seat);
  }
  table.sent = Math.min(table.sent, table.game.eventCount());
  table.rewound = true;
  post();
  schedule();
}

// How many last steps an undo takes back: through the human's last action, or 0 if the
// session cannot take back that many.
function undoSteps() {
  const { game, human } = table;
  const history = game.history();
  let count = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    count++;
    if (history[i][0] === human) return count <= game.undoable() ? count : 0;
  }
  return 0;
}

function save() {
  if (!table) return;
  const blob = new Blob([table.game.save()], { type: "application/json" });
  const name = `${table.kind}-${new Date().toISOString().slice(0, 19).replaceAll(":", "-")}.json`;
  postMessage({ type: "saved", url: URL.createObjectURL(blob), name });
}

// The state the page shows: the human seat's view and what it may know, nothing else.
function post() {
  const { game, human, kind } = table;
  const over = game.isOver();
  const toMove = nextSeat(game);
  const mine = !over && toMove === human;
  const count = game.eventCount();
  const from = table.rewound ? Math.min(table.sent, count) : table.sent;
  const state = {
    game: kind,
    seat: human,
    players: game.players,
    view: game.view(human),
    legal: mine ? game.legalActions(human).map((index) => ({ index, name: GAMES[kind].Game.actionName(index) })) : [],
    events: game.events(human, from),
    eventsFrom: from,
    toMove: toMove ?? undefined,
    over,
    canUndo: mine && undoSteps() > 0,
    bots: table.bots.map((bot) => (bot ? bot.name : null)),
  };
  if (over) state.winners = game.winners();
  table.sent = count;
  table.rewound = false;
  postMessage({ type: "state", state });
}

function postError(error) {
  postMessage({ type: "error", name: error?.name || "Error", code: error?.code, message: error?.message || String(error) });
}
