// To Court the King through the page, in headless Chromium: the human (seat 1 on screen,
// seat 0 in the engine) plays a whole game against two greedy bots by clicking, some moves
// with the keyboard only. At every decision the test takes the page's save (the file the
// Save button downloads), rebuilds the game with the Node build of the package, and checks
// the screen against the engine: the dice in play and set aside, every seat's cards, the
// copies left in the display, whose turn it is, and that the enabled move buttons are
// exactly the seat's legal actions. Screenshots go to target/web-shots/court-*.png.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

import { launchBrowser, serveSite } from './court-harness.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const require = createRequire(import.meta.url);
const { CourtGame, CourtBot } = require(path.join(root, 'target/wasm-pkg/node/kingup.js'));

const SHOTS = path.join(root, 'target/web-shots');
const HUMAN = 0;
const PLAYERS = 3;
const MAX_DECISIONS = 2000;

test('a whole To Court the King game through the page, checked against the engine', async (t) => {
  await mkdir(SHOTS, { recursive: true });
  const site = await serveSite(path.join(root, 'target/web-site'));
  const browser = await launchBrowser();
  t.after(async () => {
    await browser.close();
    await site.close();
  });
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 }, acceptDownloads: true });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto(`${site.url}/index.html?delay=0`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.selectOption('#game', 'court');
  await page.selectOption('#players', String(PLAYERS));
  await page.selectOption('#human', String(HUMAN));
  for (let seat = 0; seat < PLAYERS; seat++) {
    if (seat !== HUMAN) await page.selectOption(`select[name="bot-${seat}"]`, 'greedy');
  }
  await page.click('#start');

  const picker = new Picker(26);
  const shots = new Set();
  let seen = -1;
  let decisions = 0;
  let keyboardMoves = 0;
  let cardUses = 0;
  let phoneChecked = false;
  for (;;) {
    seen = await nextState(page, seen);
    const over = await page.evaluate(() => document.body.dataset.turn === 'over');
    const game = await rebuild(page);
    const view = game.view(HUMAN);
    assert.equal(await page.content().then((html) => html.includes(generatorOf(game))), false,
      'the page never holds the generator (it predicts the dice)');
    if (over) {
      await checkEnd(page, game);
      await shot(page, 'over', shots);
      break;
    }
    assert.equal(game.toMove(), HUMAN, 'the page waits for the human only on its turn');
    const legal = game.legalActions(HUMAN);
    await checkScreen(page, game, view, legal);

    if (!phoneChecked && view.round >= 3 && view.phase === 'dice') {
      await checkPhone(page, shots);
      phoneChecked = true;
    }
    await stageShots(page, view, legal, shots);

    const action = picker.choose(game, legal);
    if (action >= 7 && action <= 217) cardUses++;
    if (decisions % 5 === 2) {
      await pressKeys(page, action);
      keyboardMoves++;
    } else {
      await page.click(`#board button[data-action="${action}"] >> nth=0`);
    }
    decisions++;
    assert.ok(decisions < MAX_DECISIONS, 'the game ends');
  }
  assert.deepEqual(errors, [], 'no script error on the page');
  assert.ok(decisions > 20, `the human decided ${decisions} times`);
  assert.ok(keyboardMoves > 4, `${keyboardMoves} moves by keyboard`);
  assert.ok(cardUses > 0, `${cardUses} card uses`);
  assert.ok(phoneChecked, 'the phone width was checked');
});

/** Waits for a state the human must answer (or the end) newer than `seen` events. */
async function nextState(page, seen) {
  const handle = await page.waitForFunction((before) => {
    const court = document.querySelector('#board .court');
    const turn = document.body.dataset.turn;
    if (!court || (turn !== 'you' && turn !== 'over')) return null;
    const events = Number(court.dataset.events);
    return events > before ? events : null;
  }, seen, { timeout: 30_000 });
  return handle.jsonValue();
}

/** The game as the page's Save writes it, loaded into the Node package. */
async function rebuild(page) {
  // The s key, not a click: the focus stays where the keyboard player has it.
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('s')]);
  const text = await readFile(await download.path(), 'utf8');
  return CourtGame.load(text);
}

function generatorOf(game) {
  return JSON.parse(game.save()).generator;
}

/** The screen against the engine's view of the human seat. */
async function checkScreen(page, game, view, legal) {
  const screen = await page.evaluate(() => {
    const board = document.querySelector('#board');
    const faces = (sel) => [...board.querySelectorAll(sel)].map((d) => Number(d.dataset.face));
    return {
      enabled: [...board.querySelectorAll('button[data-action]:not([disabled])')].map((b) => Number(b.dataset.action)),
      highlighted: [...board.querySelectorAll('button.legal')].map((b) => Number(b.dataset.action)),
      unlabelled: [...board.querySelectorAll('button[data-action]')].filter((b) => !b.textContent.trim()).length,
      active: faces('.court-active .court-die'),
      aside: faces('.court-aside .court-die'),
      picked: faces('.court-picked .court-die'),
      cards: [...board.querySelectorAll('.court-player')].map((p) => [...p.querySelectorAll('.court-card-chip')].map((c) => c.dataset.card)),
      left: Object.fromEntries([...board.querySelectorAll('.court-card')].map((c) => [c.dataset.card, c.dataset.left])),
      turn: [...board.querySelectorAll('.court-player.turn')].map((p) => Number(p.dataset.seat)),
    };
  });
  const sorted = (xs) => [...xs].sort((a, b) => a - b);
  assert.deepEqual(sorted(new Set(screen.enabled)), sorted(legal), 'enabled buttons = legal actions');
  assert.deepEqual(sorted(new Set(screen.highlighted)), sorted(legal), 'highlighted buttons = legal actions');
  assert.equal(screen.unlabelled, 0, 'every button says what it does');
  assert.deepEqual(sorted(screen.active), sorted(dice(view.active)), 'dice in play');
  assert.deepEqual(sorted(screen.aside), sorted(dice(view.aside)), 'dice set aside');
  assert.deepEqual(sorted(screen.picked), sorted(dice(view.picked)), 'dice picked');
  assert.deepEqual(screen.cards, view.cards.slice(0, game.players), "every seat's cards");
  for (const [card, left] of Object.entries(view.supply)) {
    assert.equal(screen.left[card], left === null ? 'unlimited' : String(left), `copies of the ${card} left`);
  }
  assert.deepEqual(screen.turn, [view.turn_seat], 'whose turn');
  // Every legal move's name is the engine's notation for it.
  for (const index of legal) assert.equal(CourtGame.parseAction(CourtGame.actionName(index)), index);
}

function dice(text) {
  return text === 'none' ? [] : text.split('-').map(Number);
}

/** The end: the result names the engine's winner, and no move is offered. */
async function checkEnd(page, game) {
  assert.ok(game.isOver());
  const text = await page.textContent('#board .court-result');
  const winners = game.winners() || [];
  if (winners.length === 0) assert.match(text, /no winner/);
  for (const seat of winners) assert.match(text, seat === HUMAN ? /You win/ : new RegExp(`Seat ${seat + 1} wins`));
  assert.equal(await page.locator('#board button[data-action]:not([disabled])').count(), 0);
}

/** At a phone's width (390 px) nothing scrolls sideways. */
async function checkPhone(page, shots) {
  await page.setViewportSize({ width: 390, height: 844 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width} px wide at 390 px`);
  await shot(page, 'phone', shots, { fullPage: false });
  await page.setViewportSize({ width: 1100, height: 900 });
}

/** A screenshot at the first decision of a few stages. */
async function stageShots(page, view, legal, shots) {
  if (view.phase === 'pre_roll') await shot(page, 'start', shots);
  if (view.phase === 'dice' && legal.some((a) => a >= 7 && a <= 217) && view.round >= 2) await shot(page, 'dice', shots);
  if (view.phase === 'buy' && legal.filter((a) => a >= 218).length >= 4) await shot(page, 'buy', shots);
  if (view.stage === 'final_round') await shot(page, 'final', shots);
}

async function shot(page, name, shots, { fullPage = true } = {}) {
  if (shots.has(name)) return;
  shots.add(name);
  await page.locator('#play').screenshot({ path: path.join(SHOTS, `court-${name}.png`) });
  if (!fullPage) await page.screenshot({ path: path.join(SHOTS, `court-${name}-viewport.png`) });
}

/** Keyboard only: Tab to the move's button, then Enter (or Space). */
async function pressKeys(page, action) {
  for (let i = 0; i < 400; i++) {
    const focused = await page.evaluate(() => document.activeElement?.dataset?.action ?? null);
    if (focused === String(action)) {
      await page.keyboard.press(i % 2 ? 'Enter' : 'Space');
      return;
    }
    await page.keyboard.press('Tab');
  }
  assert.fail(`the button of action ${action} cannot be reached with Tab`);
}

/** The human's policy: the greedy bot, with now and then a random card use instead. */
class Picker {
  constructor(seed) {
    this.state = seed;
    this.bot = new CourtBot('greedy', seed);
  }

  next() {
    this.state = (this.state * 1103515245 + 12345) % 2147483648;
    return this.state / 2147483648;
  }

  choose(game, legal) {
    const uses = legal.filter((a) => a >= 7 && a <= 217);
    if (uses.length && this.next() < 0.25) return uses[Math.floor(this.next() * uses.length)];
    return this.bot.choose(game, HUMAN);
  }
}
