// King Up! through the page, in headless Chromium: a whole game by clicking against bots,
// the screen checked against the engine at every decision of the human's seat, no other
// seat's secret in the DOM or in anything the main thread received, undo, save and load,
// moves from the keyboard, a phone's width, screenshots.

import { test } from "node:test";
import assert from "node:assert/strict";
import * as h from "./harness.js";

const HUMAN = 1;
const PLAYERS = 4;
// Fast bots: the searching one at few iterations, the others rules of thumb and random.
const QUERY = "delay=0&iterations=30";
const BOTS = { 0: "ismcts", 2: "heuristic", 3: "random" };

const pkg = h.kingup();
// The characters' names by letter, as the engine has them.
const NAMES = new Map(pkg.KingUpGame.vocabulary().characters.map((c) => [c.letter, c.name]));
const suite = h.browserSuite();

// What the board shows, read from the DOM.
function readBoard(page) {
  return page.evaluate(() => {
    const letters = (nodes) => [...nodes].map((n) => n.dataset.character).join("");
    const floors = [];
    for (let f = 0; f <= 6; f++) floors.push(letters(document.querySelectorAll(`#board .floor-${f} .slots .token`)));
    return {
      floors,
      eliminated: letters(document.querySelectorAll("#board .eliminated .token")),
      objective: letters(document.querySelectorAll("#board .objective-card .token")),
      marked: letters(document.querySelectorAll("#board .castle .floors .token.mine")),
      actions: [...document.querySelectorAll("#board button[data-action]")].map((b) => Number(b.dataset.action)).sort((a, b) => a - b),
      picks: [...document.querySelectorAll("#board button.pick")].map((b) => b.dataset.character).join(""),
      picked: document.querySelector('#board button.pick[aria-pressed="true"]')?.dataset.character ?? null,
      status: document.getElementById("status").textContent,
      toMove: [...document.querySelectorAll("#board .seat.to-move")].map((s) => Number(s.dataset.seat)),
      undo: !document.getElementById("undo").disabled,
      revealed: Object.fromEntries([...document.querySelectorAll("#board [data-revealed]")].map((n) => [n.dataset.revealed, n.textContent])),
      log: document.getElementById("log").children.length,
    };
  });
}

const sorted = (text) => [...text].sort().join("");

// The screen against the engine: the castle, the objective and its marks, whose turn, the
// legal moves (placement: the characters to pick, and the picked one's floors).
function checkScreen(game, screen, seat) {
  const view = game.view(seat);
  const pub = view.public;
  pub.castle.floors.forEach((letters, floor) => assert.equal(sorted(screen.floors[floor]), sorted(letters), `floor ${floor}`));
  assert.equal(sorted(screen.eliminated), sorted(pub.castle.eliminated));
  const mine = pub.config.deck[view.objective_card];
  assert.equal(sorted(screen.objective), sorted(mine));
  const inCastle = pub.castle.floors.join("");
  assert.equal(sorted(screen.marked), sorted([...inCastle].filter((c) => mine.includes(c)).join("")), `marks: ${JSON.stringify(screen)} ${JSON.stringify(pub.castle)}`);
  assert.equal(screen.log, game.eventCount(), "one log line per event");
  if (game.isOver()) {
    assert.match(screen.status, /^Game over/);
    assert.deepEqual(screen.actions, []);
    return;
  }
  assert.equal(game.toMove(), seat, "the page waits for the human only on the human's turn");
  assert.match(screen.status, /^Your turn/);
  assert.deepEqual(screen.toMove, [seat]);
  const legal = game.legalActions(seat);
  const names = legal.map((a) => pkg.KingUpGame.actionName(a));
  if (pub.phase === "placement") {
    const pickable = [...new Set(names.map((n) => n[0]))].join("");
    assert.equal(sorted(screen.picks), sorted(pickable), "the characters one may place");
    const floors = legal.filter((a, i) => names[i][0] === screen.picked);
    assert.deepEqual(screen.actions, floors, "the picked character's floors");
  } else {
    assert.deepEqual(screen.actions, [...legal].sort((a, b) => a - b), "every legal move is a button, and only those");
  }
}

// No other seat's secret on the screen or in what the worker posted: another seat's
// objective of a round not scored yet, another seat's vote not revealed yet, the seed, the
// generator or the record of steps.
async function checkSecrets(page, game, seat) {
  const html = await page.content();
  const messages = JSON.parse(await h.received(page));
  const pub = game.view(seat).public;
  for (let other = 0; other < game.players; other++) {
    if (other === seat) continue;
    const view = game.view(other);
    if (view.objective_card !== null && view.objective_card !== undefined && pub.rounds_scored <= pub.round) {
      const letters = pub.config.deck[view.objective_card];
      const names = [...letters].map((c) => NAMES.get(c)).join(", ");
      for (const text of [letters, names]) assert.ok(!html.includes(text), `seat ${other}'s objective ${text} is in the DOM before the reveal`);
    }
  }
  for (const message of messages) {
    const text = JSON.stringify(message);
    for (const key of ['"generator"', '"steps"', '"seed"']) assert.ok(!text.includes(key), `${key} posted to the main thread`);
    if (message.type !== "state") continue;
    assert.equal(message.state.view.seat, seat, "only the human's view is posted");
    for (const event of message.state.events) {
      if (event.seat === seat) continue;
      if (event.type === "objective_dealt") assert.equal(event.card, null, "another seat's card posted");
      if (event.type === "vote_committed") assert.equal(event.vote, null, "another seat's vote posted");
    }
  }
}

async function referee(page) {
  return pkg.KingUpGame.load(await h.save(page));
}

// Plays `action` the way a person does: a placement is two clicks (the character, then its
// floor), anything else one; "keyboard" plays it with Tab and Enter only, "typed" types its
// notation (a letter, and a floor's digit) with the board focused.
async function move(page, game, action, how) {
  const name = pkg.KingUpGame.actionName(action);
  const keyboard = how === "keyboard";
  if (how === "typed" && name !== "yes" && name !== "no") {
    const seq = await h.sequence(page);
    assert.ok(await page.evaluate(() => document.getElementById("board").contains(document.activeElement)), "the board has the focus on the human's turn");
    for (const key of name) await page.keyboard.press(key.toLowerCase());
    return h.settle(page, seq);
  }
  if (/^[A-Z][0-9]$/.test(name)) {
    const pick = `#board button.pick[data-character="${name[0]}"]`;
    if (keyboard) await h.pressByKeyboard(page, pick);
    else await page.click(pick);
    await page.waitForSelector(`${pick}[aria-pressed="true"]`);
  }
  return keyboard ? h.playByKeyboard(page, action) : h.play(page, action);
}

test("a whole game of King Up! through the page", { timeout: 600_000 }, async () => {
  const { page, errors } = await suite.open({ query: QUERY });
  let turn = await h.start(page, { game: "kingup", players: PLAYERS, human: HUMAN, bots: BOTS });
  const choose = h.chooser(2026);
  const shots = new Set();
  let decisions = 0;
  let undone = false;
  let reloaded = false;
  let keyboardMoves = 0;
  let previous = null; // the save at the human's previous decision
  while (turn === "you") {
    const saved = await h.save(page);
    const game = pkg.KingUpGame.load(saved);
    checkScreen(game, await readBoard(page), HUMAN);
    await checkSecrets(page, game, HUMAN);
    const phase = game.view(HUMAN).public.phase;
    if (!shots.has(phase) && (phase !== "climb" || decisions > 8)) {
      shots.add(phase);
      await h.shot(page, `kingup-${phase}`);
    }

    // Undo: the human's second decision follows only placements (nothing revealed), so
    // the human's move and the bots' after it can be taken back, to exactly the game of
    // the human's previous decision.
    if (decisions === 1 && !undone) {
      assert.ok((await readBoard(page)).undo, "undo is offered after a placement");
      const seq = await h.sequence(page);
      await page.click("#undo");
      turn = await h.settle(page, seq);
      assert.equal(await h.save(page), previous, "undo goes back to the previous decision");
      checkScreen(pkg.KingUpGame.load(previous), await readBoard(page), HUMAN);
      undone = true;
      continue;
    }

    // Save, a new game's setup, load: the same game, the same screen.
    if (decisions === 12 && !reloaded) {
      const text = await h.save(page);
      await page.click("#new");
      assert.ok(await page.isVisible("#setup"));
      turn = await h.load(page, text);
      assert.equal(await h.save(page), text, "save → load → save gives the same bytes");
      checkScreen(pkg.KingUpGame.load(text), await readBoard(page), HUMAN);
      reloaded = true;
      continue;
    }

    const legal = game.legalActions(HUMAN);
    const action = legal[choose(legal.length)];
    // Some moves from the keyboard alone: with Tab and Enter, or typed in the notation.
    const how = ["click", "click", "keyboard", "click", "typed"][decisions % 5];
    if (how !== "click") keyboardMoves++;
    turn = await move(page, game, action, how);
    decisions++;
    previous = saved;
  }
  assert.equal(turn, "over");
  assert.ok(undone && reloaded && keyboardMoves >= 3, "the game went through undo, reload and keyboard moves");

  // The end: every objective of every round revealed, the scores and the winners.
  const game = await referee(page);
  const screen = await readBoard(page);
  checkScreen(game, screen, HUMAN);
  const pub = game.view(HUMAN).public;
  for (let round = 0; round < pub.config.rounds; round++) {
    for (let seat = 0; seat < PLAYERS; seat++) {
      assert.equal(screen.revealed[`${round}-${seat}`], pub.config.deck[pub.revealed[round][seat]], `round ${round + 1}, seat ${seat + 1}`);
    }
  }
  const winners = await page.$$eval("#board .scores td.winner", (cells) => cells.map((c) => c.cellIndex - 1));
  assert.deepEqual(winners, [...game.winners()]);
  await h.shot(page, "kingup-over");
  h.assertNoErrors(errors);
});

test("King Up! fits a phone's width", { timeout: 300_000 }, async () => {
  const { page, errors } = await suite.open({ width: 390, height: 844, query: QUERY });
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), "the setup fits 390 px");
  let turn = await h.start(page, { game: "kingup", players: 5, human: 0, bots: { 1: "ismcts" } });
  const choose = h.chooser(7);
  for (let i = 0; i < 6 && turn === "you"; i++) {
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), "the board fits 390 px");
    const game = await referee(page);
    checkScreen(game, await readBoard(page), 0);
    if (i === 0) await h.shot(page, "kingup-phone");
    const legal = game.legalActions(0);
    turn = await move(page, game, legal[choose(legal.length)], "click");
  }
  h.assertNoErrors(errors);
});

test("a file that is not a save is refused and changes nothing", { timeout: 120_000 }, async () => {
  const { page, errors } = await suite.open({ query: QUERY });
  await h.start(page, { game: "kingup", players: 3, human: 2 });
  const before = await h.save(page);
  await page.setInputFiles("#load-file", { name: "bad.json", mimeType: "application/json", buffer: Buffer.from('{"format":"kingup-save","version":1}') });
  await page.waitForSelector("#error:not([hidden])");
  assert.equal(await page.getAttribute("#error", "data-name"), "LoadError");
  assert.equal(await h.save(page), before);
  h.assertNoErrors(errors);
});
