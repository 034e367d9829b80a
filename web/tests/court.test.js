// To Court the King through the page, in headless Chromium: the human plays a whole game
// against bots (mcts, greedy) by clicking, some moves with the keyboard alone. At every decision
// the page's save (what its Save button downloads) is loaded into the package's Node build,
// and the screen is checked against that engine: the dice in play, set aside and picked
// (and, before the first roll, how many will be rolled), every seat's cards and hand, the
// copies left in the court display, whose turn it is, the final round's order and each
// seat's part in it, and the enabled (and highlighted) move buttons against the seat's
// legal actions. Also: the focus is on a legal move when the human is to move, an undo, a
// save and load, a phone's width, nothing the page was given holds the random stream, and
// screenshots.

import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdir, writeFile } from "node:fs/promises";
import * as h from "./harness.js";

const HUMAN = 0;
const PLAYERS = 3;
// The page's default kind (tree search, at its own settings) and a rule of thumb.
const BOTS = { 1: "mcts", 2: "greedy" };
const QUERY = "delay=0";

const pkg = h.kingup();
const suite = h.browserSuite();

// What the board shows, read from the DOM.
function readBoard(page) {
  return page.evaluate(() => {
    const board = document.getElementById("board");
    const all = (selector) => [...board.querySelectorAll(selector)];
    const faces = (selector) => all(selector).map((d) => Number(d.dataset.face));
    const focused = document.activeElement;
    return {
      enabled: all("button[data-action]:not([disabled])").map((b) => Number(b.dataset.action)),
      highlighted: all("button.legal").map((b) => Number(b.dataset.action)),
      unlabelled: all("button[data-action]").filter((b) => !b.textContent.trim()).length,
      active: faces(".court-active .court-die"),
      aside: faces(".court-aside .court-die"),
      picked: faces(".court-picked .court-die"),
      cards: all(".court-player").map((p) => [...p.querySelectorAll(".court-card-chip")].map((c) => c.dataset.card)),
      badges: all(".court-player .court-badges").map((b) => b.textContent),
      waiting: board.querySelector(".court-active .court-none")?.textContent ?? null,
      left: Object.fromEntries(all(".court-card").map((c) => [c.dataset.card, c.dataset.left])),
      turn: all(".court-player.turn").map((p) => Number(p.dataset.seat)),
      result: board.querySelector(".court-result")?.textContent ?? null,
      final: all(".court-final-order li").map((li) => [Number(li.dataset.seat), li.textContent]),
      finalText: board.querySelector(".court-final")?.textContent ?? "",
      focus: board.contains(focused) && focused.matches("button.legal") ? Number(focused.dataset.action) : null,
      status: document.getElementById("status").textContent,
      log: document.getElementById("log").children.length,
      width: document.documentElement.scrollWidth,
    };
  });
}

const ascending = (xs) => [...new Set(xs)].sort((a, b) => a - b);
const dice = (text) => (text === "none" ? [] : text.split("-").map(Number));

// The screen against the engine's view of the human's seat.
function checkScreen(game, screen, { focus = false } = {}) {
  const view = game.view(HUMAN);
  assert.deepEqual(screen.cards, view.cards.slice(0, PLAYERS), "every seat's cards");
  screen.badges.forEach((text, seat) => assert.match(text, new RegExp(`\\b${view.hands[seat]} dice$`), `seat ${seat}'s hand`));
  for (const [card, left] of Object.entries(view.supply)) {
    assert.equal(screen.left[card], left === null ? "unlimited" : String(left), `copies of the ${card} left`);
  }
  assert.equal(screen.unlabelled, 0, "every button says what it does");
  assert.equal(screen.log, game.eventCount(), "one log line per event");
  checkFinal(view, screen);
  if (game.isOver()) {
    assert.match(screen.status, /^Game over/);
    assert.deepEqual(screen.enabled, [], "no move after the end");
    const winners = game.winners() ?? [];
    if (winners.length === 0) assert.match(screen.result, /no winner/);
    for (const seat of winners) assert.match(screen.result, seat === HUMAN ? /You win/ : new RegExp(`Seat ${seat + 1} wins`));
    assert.deepEqual([...screen.active, ...screen.aside], [], "no dice after the end");
    return;
  }
  // The turn's dice (at the end, the final round's panel lists the results instead).
  assert.deepEqual(ascending(screen.active), ascending(dice(view.active)), "dice in play (faces)");
  assert.equal(screen.active.length, dice(view.active).length, "dice in play (count)");
  if (view.phase === "pre_roll") assert.equal(screen.waiting, `${view.dice_in_hand} dice to roll`, "the dice the first roll will roll");
  assert.deepEqual(screen.aside.sort(), dice(view.aside).sort(), "dice set aside");
  assert.deepEqual(screen.picked.sort(), dice(view.picked).sort(), "dice picked");
  assert.equal(game.toMove(), HUMAN, "the page waits for the human only on the human's turn");
  assert.match(screen.status, /^Your turn/);
  assert.deepEqual(screen.turn, [HUMAN], "whose turn");
  const legal = game.legalActions(HUMAN);
  assert.deepEqual(ascending(screen.enabled), ascending(legal), "every legal move is an enabled button, and only those");
  assert.deepEqual(ascending(screen.highlighted), ascending(legal), "the legal moves are highlighted");
  if (focus) assert.ok(screen.focus !== null && legal.includes(screen.focus), "the focus is on a legal move");
}

// Once the King is bought: the best result and its holder, the Queen; in the final round
// each seat's part, the Queen's holder last.
function checkFinal(view, screen) {
  if (view.king === null) {
    assert.equal(screen.finalText, "", "no final-round panel before the King is bought");
    return;
  }
  const name = (seat) => (seat === HUMAN ? "you hold" : `Seat ${seat + 1} holds`);
  assert.ok(screen.finalText.includes(`${view.best.count} dice showing ${view.best.face}, ${name(view.king)} the King`), "the best result and the King");
  if (view.stage !== "final_round") return;
  assert.equal(screen.final.length, PLAYERS, "every seat's part in the final round");
  assert.equal(screen.final.at(-1)[0], view.queen, "the Queen's holder plays last");
  assert.deepEqual(screen.final.map(([seat]) => seat), view.order, "the final round's order");
  const parts = { waiting: /waiting$/, playing: /playing now$/, skipped: /did not play/, kept_the_king: /kept the King$/ };
  for (const [seat, text] of screen.final) {
    const result = view.final_results[seat];
    if (result) assert.match(text, new RegExp(`played ${result.count} dice showing ${result.face}$`), `seat ${seat}'s final result`);
    else if (view.phase !== "game_over" && seat === view.turn_seat) assert.match(text, /playing now$/);
    if (typeof view.final_turns[seat] === "string") assert.match(text, parts[view.final_turns[seat]], `seat ${seat}'s part`);
  }
}

// The random stream predicts the dice: it must never reach the page, nor the save's steps.
async function checkSecrets(page) {
  for (const message of JSON.parse(await h.received(page))) {
    const text = JSON.stringify(message);
    for (const key of ['"generator"', '"steps"', '"seed"']) assert.ok(!text.includes(key), `${key} posted to the main thread`);
    if (message.type === "state") assert.equal(message.state.view.seat, HUMAN, "only the human's view is posted");
  }
}

// The human's policy: the greedy bot, with now and then a card use picked at random (so
// that the cards' buttons are played too).
function policy(seed) {
  const choose = h.chooser(seed);
  const bot = new pkg.CourtBot("greedy", seed);
  return (game) => {
    const legal = game.legalActions(HUMAN);
    const uses = legal.filter((a) => a >= 7 && a <= 217);
    if (uses.length && choose(4) === 0) return uses[choose(uses.length)];
    return bot.choose(game, HUMAN);
  };
}

// A screenshot of the first decision of each stage worth showing.
function stage(view, legal) {
  if (view.stage === "final_round") return "final";
  if (view.stage === "king_round") return "king-round";
  if (view.phase === "buy" && legal.filter((a) => a >= 218 && a <= 236).length >= 3) return "buy";
  if (view.phase === "dice" && view.round >= 2 && legal.some((a) => a >= 14 && a <= 217)) return "dice";
  if (view.phase === "pre_roll") return "start";
  return null;
}

// A smaller screenshot (for the docs): 800 px wide, from the status line down to the bottom
// of `last`.
async function partShot(page, name, last) {
  const wide = page.viewportSize();
  await page.setViewportSize({ width: 800, height: wide.height });
  const clip = await page.evaluate((selector) => {
    const top = document.getElementById("status").getBoundingClientRect().top + scrollY;
    const bottom = document.querySelector(selector).getBoundingClientRect().bottom + scrollY;
    return { x: 0, y: top - 8, width: document.documentElement.clientWidth, height: bottom - top + 16 };
  }, `#board ${last}`);
  await page.screenshot({ path: `${h.SHOTS}/${name}.png`, clip, fullPage: true });
  await page.setViewportSize(wide);
}

// The board's keys: a face sets a die aside, r rolls, p buys nothing.
function typedKey(action) {
  if (action >= 1 && action <= 6) return String(action);
  return { 0: "r", 237: "p" }[action] ?? null;
}

// Types a move's key with the focus on the board (its first legal move), then waits.
async function playByKey(page, key) {
  const seq = await h.sequence(page);
  await page.focus("#board button.legal");
  await page.keyboard.press(key);
  return h.settle(page, seq);
}

test("a whole game of To Court the King through the page", { timeout: 600_000 }, async () => {
  const { page, errors } = await suite.open({ width: 1100, query: QUERY });
  // The page draws its seed, so each run is another game: a failure leaves its save to
  // replay (`kingup court play --load FILE`, or CourtGame.load in Node).
  try {
    await wholeGame(page, errors);
  } catch (error) {
    await mkdir(h.SHOTS, { recursive: true });
    await writeFile(`${h.SHOTS}/court-failed.txt`, `${error.stack}\n`).catch(() => {});
    await writeFile(`${h.SHOTS}/court-failed-save.json`, await h.save(page)).catch(() => {});
    await h.shot(page, "court-failed").catch(() => {});
    throw error;
  }
});

async function wholeGame(page, errors) {
  let turn = await h.start(page, { game: "court", players: PLAYERS, human: HUMAN, bots: BOTS });
  const choose = policy(26);
  const shots = new Set();
  let decisions = 0;
  let keyboardMoves = 0;
  let cardUses = 0;
  let typedMoves = 0;
  let undone = false;
  let reloaded = false;
  let phone = false;
  let previous = null; // the save at the human's previous decision, when that was a set-aside
  let moved = false; // whether the last thing done was a move on the board (not undo or load)
  while (turn === "you") {
    const screen = await readBoard(page);
    const saved = await h.save(page);
    const game = pkg.CourtGame.load(saved);
    const view = game.view(HUMAN);
    // After a move on the board the focus is on a legal move (the page moves it there).
    checkScreen(game, screen, { focus: moved });
    moved = false;

    // Undo: a set-aside draws no dice, so the undo takes it back to exactly the game before.
    if (previous && !undone) {
      const seq = await h.sequence(page);
      await page.click("#undo");
      turn = await h.settle(page, seq);
      assert.equal(await h.save(page), previous, "undo goes back to the decision before the set-aside");
      checkScreen(pkg.CourtGame.load(previous), await readBoard(page));
      undone = true;
      previous = null;
      continue;
    }

    // Save, the setup form, load: the same game on the same screen.
    if (decisions === 10 && !reloaded) {
      await page.click("#new");
      assert.ok(await page.isVisible("#setup"));
      turn = await h.load(page, saved);
      assert.equal(await h.save(page), saved, "save → load → save gives the same bytes");
      reloaded = true;
      continue;
    }

    // A phone's width: nothing scrolls sideways, the dice and moves are still there.
    if (!phone && view.phase === "dice" && view.round >= 3) {
      await page.setViewportSize({ width: 390, height: 844 });
      const narrow = await readBoard(page);
      assert.ok(narrow.width <= 390, `the page is ${narrow.width} px wide on a 390 px screen`);
      checkScreen(game, narrow);
      await page.evaluate(() => document.getElementById("status").scrollIntoView());
      await page.screenshot({ path: `${h.SHOTS}/court-phone.png` });
      await page.setViewportSize({ width: 1100, height: 900 });
      phone = true;
    }

    const legal = game.legalActions(HUMAN);
    const name = stage(view, legal);
    if (name && !shots.has(name)) {
      shots.add(name);
      await h.shot(page, `court-${name}`);
      await partShot(page, `court-${name}-part`, name === "buy" ? ".court-display" : ".court-players");
    }

    const action = choose(game);
    if (action >= 7 && action <= 217) cardUses++;
    // (a set-aside that leaves dice in play: the turn goes on, no die is drawn)
    if (!undone && decisions > 3 && action >= 1 && action <= 6 && dice(view.active).length > 1) previous = saved;
    const keyboard = decisions % 4 === 1;
    if (keyboard) keyboardMoves++;
    if (keyboard && typedKey(action) && decisions % 8 === 1) {
      turn = await playByKey(page, typedKey(action));
      typedMoves++;
    } else {
      turn = keyboard ? await h.playByKeyboard(page, action) : await h.play(page, action);
    }
    decisions++;
    moved = true;
  }
  assert.equal(turn, "over");
  const game = pkg.CourtGame.load(await h.save(page));
  checkScreen(game, await readBoard(page));
  await checkSecrets(page);
  await h.shot(page, "court-over");
  await partShot(page, "court-over-part", ".court-players");
  h.assertNoErrors(errors);
  assert.ok(undone && reloaded && phone, "the game went through undo, reload and a phone's width");
  assert.ok(keyboardMoves >= 3 && typedMoves >= 1 && cardUses >= 1,
    `${keyboardMoves} keyboard moves (${typedMoves} typed), ${cardUses} card uses`);
  console.log(`court: ${decisions} decisions, ${keyboardMoves} by keyboard (${typedMoves} typed), ${cardUses} card uses, ${game.eventCount()} events`);
}

// A final round, set up in Node (greedy players, a fixed seed, up to the human's final turn)
// and loaded through the page: the final-round panel against the engine at every decision
// to the end of the game.
function finalRoundSave() {
  const game = new pkg.CourtGame({ players: PLAYERS }, { seed: 1 });
  const bots = [0, 1, 2].map((seat) => new pkg.CourtBot("greedy", 10 + seat));
  for (;;) {
    assert.ok(!game.isOver(), "the seed reaches the human's final turn");
    const seat = game.toMove();
    const view = game.view(HUMAN);
    if (view.stage === "final_round" && seat === HUMAN && view.phase === "pre_roll") return game.save();
    game.apply(seat, bots[seat].choose(game, seat));
  }
}

test("To Court the King's final round through the page", { timeout: 300_000 }, async () => {
  const { page, errors } = await suite.open({ width: 1100, query: QUERY });
  await page.selectOption("#game", "court");
  await page.selectOption("#players", String(PLAYERS));
  await page.selectOption("#human", String(HUMAN));
  for (const [seat, kind] of Object.entries(BOTS)) await page.selectOption(`select[name="bot-${seat}"]`, kind);
  let turn = await h.load(page, finalRoundSave());
  const bot = new pkg.CourtBot("greedy", 3);
  let decisions = 0;
  while (turn === "you") {
    const screen = await readBoard(page);
    const game = pkg.CourtGame.load(await h.save(page));
    assert.equal(game.view(HUMAN).stage, "final_round");
    checkScreen(game, screen);
    assert.ok(screen.final.length > 0);
    if (decisions === 2) await partShot(page, "court-final-part", ".court-players");
    turn = await h.play(page, bot.choose(game, HUMAN));
    decisions++;
  }
  assert.equal(turn, "over");
  const game = pkg.CourtGame.load(await h.save(page));
  const screen = await readBoard(page);
  checkScreen(game, screen);
  assert.ok(game.view(HUMAN).final_results[HUMAN], "the human played a final turn");
  await h.shot(page, "court-final-over");
  h.assertNoErrors(errors);
  assert.ok(decisions >= 3, `${decisions} decisions in the final round`);
});
