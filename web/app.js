// The page's main thread: the setup form, the status line, the log, undo, save and load.
// It never holds the game: the worker (worker.js) owns it and posts only the human seat's
// view and the events redacted for that seat. The board of each game is its own module
// (kingup-board.js, court-board.js) with one entry point, `render(root, state, act)`; a
// board may also export `describe(event, state)` (an event in words, for the log) and
// `status(state)` (the status line's words for the phase). The state a board gets is the
// worker's with `vocabulary` added: its game's pieces as the engine names them
// (`Game.vocabulary()`, posted once by the worker), so that boards hold no copy of them.

const GAMES = {
  kingup: { title: "King Up!", board: "./kingup-board.js" },
  court: { title: "To Court the King", board: "./court-board.js" },
};

// Page settings from the URL: ?delay=MS paces the bots (0 in tests), ?iterations=N sets
// the searching bots' iterations per move (the default is measured in docs/performance.md).
const params = new URLSearchParams(location.search);
const delay = numberParam("delay", 600);
const iterations = numberParam("iterations", null, 1);

const $ = (id) => document.getElementById(id);
const form = $("setup");
const play = $("play");
const boardRoot = $("board");
const logList = $("log");

let board = null; // the current game's board module
let state = null; // the last state the worker posted
let kinds = {}; // bot kinds by game, from the package (the worker asks it)
let vocabulary = {}; // each game's vocabulary by game, from the package (likewise)
let shown = Promise.resolve();
let received = 0; // states shown so far (tests wait on it)

const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
worker.onmessage = (message) => receive(message.data);
worker.onerror = (event) => showError({ name: "Error", message: event.message || "the game's worker failed" });

function numberParam(name, fallback, least = 0) {
  const text = params.get(name);
  const value = text === null ? NaN : Number(text);
  return Number.isInteger(value) && value >= least ? value : fallback;
}

// ---- messages from the worker ----

function receive(data) {
  switch (data.type) {
    case "ready":
      kinds = data.kinds;
      vocabulary = data.vocabulary;
      fillSetup();
      // The worker listens only once the package is loaded: until then nothing to start.
      $("start").disabled = false;
      $("load-file").disabled = false;
      document.body.dataset.ready = "true";
      break;
    case "state":
      // In order, one at a time: a board module may still be loading for the first one.
      shown = shown.then(() => showState(data.state)).catch((error) => showError(error));
      break;
    case "saved":
      download(data.url, data.name);
      break;
    case "error":
      showError(data);
      break;
  }
}

async function showState(posted) {
  const next = { ...posted, vocabulary: vocabulary[posted.game] };
  const mod = await boardFor(next.game);
  if (next.eventsFrom === 0 || !state || state.game !== next.game) logList.replaceChildren();
  while (logList.children.length > next.eventsFrom) logList.lastElementChild.remove();
  state = next;
  document.title = `${GAMES[next.game].title} — kingup`;
  form.hidden = true;
  play.hidden = false;
  hideError();
  for (const event of next.events) {
    const item = document.createElement("li");
    item.textContent = describe(mod, event, next);
    logList.append(item);
  }
  logList.parentElement.scrollTop = logList.parentElement.scrollHeight;
  $("status").textContent = statusLine(mod, next);
  $("undo").disabled = !next.canUndo;
  document.body.dataset.turn = next.over ? "over" : next.toMove === next.seat ? "you" : "bots";
  const keepFocus = boardRoot.contains(document.activeElement) ? (document.activeElement.dataset.action ?? null) : null;
  mod.render(boardRoot, next, act);
  focusAfterRender(keepFocus);
  document.body.dataset.seq = String(++received);
}

async function boardFor(game) {
  if (!board || board.game !== game) {
    board = { game, module: await import(GAMES[game].board) };
  }
  return board.module;
}

function describe(mod, event, current) {
  if (typeof mod.describe === "function") return mod.describe(event, current);
  const { type, ...rest } = event;
  return `${type.replaceAll("_", " ")} ${JSON.stringify(rest)}`;
}

function statusLine(mod, current) {
  const who = current.over
    ? "Game over"
    : current.toMove === current.seat
      ? "Your turn"
      : current.toMove === undefined || current.toMove === null
        ? "Waiting"
        : `${seatName(current.toMove, current)} to move`;
  const detail = typeof mod.status === "function" ? mod.status(current) : "";
  return detail ? `${who} — ${detail}` : who;
}

function seatName(seat, current) {
  return seat === current.seat ? "You" : `Seat ${seat + 1}`;
}

// After a render, put the focus back on the same move if it is still there, else on the
// board's first control (the picked character, else the first legal move), so that a
// keyboard player goes on without hunting for it. A focused page button (Save, Undo)
// keeps the focus.
function focusAfterRender(action) {
  if (!state || state.over || state.toMove !== state.seat) return;
  const active = document.activeElement;
  if (active?.closest?.("#controls") && !active.disabled) return;
  const again = action !== null && boardRoot.querySelector(`button[data-action="${action}"]:not([disabled])`);
  const first = boardRoot.querySelector('button[aria-pressed="true"], button[data-action]:not([disabled])');
  (again || first)?.focus({ preventScroll: true });
}

function showError(data) {
  const box = $("error");
  box.textContent = `${data.message}${data.code ? ` (${data.code})` : ""}`;
  box.dataset.name = data.name || "Error";
  box.hidden = false;
}

function hideError() {
  $("error").hidden = true;
}

// ---- the human's moves and commands ----

function act(action) {
  if (!state || state.over || state.toMove !== state.seat) return;
  worker.postMessage({ type: "act", action: Number(action) });
}

$("undo").addEventListener("click", () => worker.postMessage({ type: "undo" }));
$("save").addEventListener("click", () => worker.postMessage({ type: "save" }));
$("new").addEventListener("click", () => {
  worker.postMessage({ type: "stop" });
  play.hidden = true;
  form.hidden = false;
  state = null;
  $("start").focus();
});

// The save holds every secret of the game (it is the host's replay), so its text stays in
// the worker: the worker makes the file and hands over only a link to download it.
function download(url, name) {
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => worker.postMessage({ type: "release", url }), 10_000);
}

// Loading: the file goes to the worker unread.
$("load-file").addEventListener("change", (event) => {
  const file = event.target.files[0];
  if (!file) return;
  const setup = readSetup();
  hideError();
  worker.postMessage({ type: "load", file, human: setup.human, bots: setup.bots, delay, iterations });
  event.target.value = "";
});

form.addEventListener("submit", (event) => {
  event.preventDefault();
  const setup = readSetup();
  hideError();
  worker.postMessage({ type: "new", ...setup, delay, iterations });
});

// Keyboard shortcuts outside form fields: u undo, s save. (No key starts a new game: that
// would throw the game away.)
document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey || play.hidden) return;
  if (event.target.closest?.("input, select, textarea")) return;
  const button = { u: "undo", s: "save" }[event.key];
  if (button && !$(button).disabled) {
    event.preventDefault();
    $(button).click();
  }
});

// ---- the setup form ----

function readSetup() {
  const game = $("game").value;
  const players = Number($("players").value);
  const human = Number($("human").value);
  const bots = [];
  for (let seat = 0; seat < players; seat++) {
    bots.push(seat === human ? null : form.querySelector(`[name="bot-${seat}"]`)?.value || null);
  }
  return { game, players, human, bots };
}

// The setup's choices come from the package (the worker's `ready`): none before it.
function fillSetup() {
  const game = $("game").value;
  if (!vocabulary[game]) return;
  const [low, high] = vocabulary[game].players;
  const players = Math.min(Math.max(Number($("players").value) || 4, low), high);
  fillOptions($("players"), range(low, high + 1).map((n) => [n, `${n}`]), players);
  const human = Math.min(Number($("human").value) || 0, players - 1);
  fillOptions($("human"), range(0, players).map((n) => [n, `Seat ${n + 1}`]), human);
  fillBots(game, players, human);
}

function fillBots(game, players, human) {
  const box = $("bots");
  const previous = new Map([...box.querySelectorAll("select")].map((s) => [s.name, s.value]));
  box.replaceChildren(Object.assign(document.createElement("legend"), { textContent: "Bots" }));
  const list = kinds[game] || [];
  for (let seat = 0; seat < players; seat++) {
    if (seat === human) continue;
    const label = document.createElement("label");
    label.textContent = `Seat ${seat + 1} `;
    const select = document.createElement("select");
    select.name = `bot-${seat}`;
    fillOptions(select, list.map((k) => [k, k]), previous.get(select.name) || defaultKind(game, list));
    label.append(select);
    box.append(label);
  }
}

// The strongest bot plays by default (it moves within the page's time budget).
function defaultKind(game, list) {
  const preferred = game === "kingup" ? "reader" : "mcts";
  return list.includes(preferred) ? preferred : list[0];
}

function fillOptions(select, options, selected) {
  select.replaceChildren(
    ...options.map(([value, text]) => {
      const option = new Option(text, value);
      option.selected = String(value) === String(selected);
      return option;
    }),
  );
}

function range(from, to) {
  return Array.from({ length: to - from }, (_, i) => from + i);
}

$("game").addEventListener("change", fillSetup);
$("players").addEventListener("change", fillSetup);
$("human").addEventListener("change", fillSetup);
