// The browser tests' shared harness: serves the assembled site (target/web-site, made by
// `bash scripts/web.sh --build-only`), starts the system's Chromium headless through
// playwright-core (nothing is downloaded), drives the page's setup form, waits for the
// human's turn, fetches the page's save through its Save button, and loads the package's
// Node build to read the same game with every secret (the tests' referee).

import { createServer } from "node:http";
import { readFile, mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { extname, join, normalize, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { before, after } from "node:test";
import { chromium } from "playwright-core";

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const SITE = join(REPO, "target/web-site");
export const SHOTS = join(REPO, "target/web-shots");

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".ts": "text/plain; charset=utf-8",
};

// The package's Node build (CommonJS): the same engine the page runs, to referee.
export function kingup() {
  return createRequire(import.meta.url)(join(REPO, "target/wasm-pkg/node/kingup.js"));
}

// A static file server for the site on a free port of 127.0.0.1.
export async function serve(root = SITE) {
  const server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url, "http://x").pathname));
    const file = join(root, path.endsWith("/") ? `${path}index.html` : path);
    if (!file.startsWith(root)) return response.writeHead(403).end();
    try {
      const body = await readFile(file);
      response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
      response.end(body);
    } catch {
      response.writeHead(404).end("not found");
    }
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((ok) => server.close(ok)) };
}

// Debian's Chromium, headless; the flags keep it off the network (a closed machine).
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

// A browser test file's setup: the site served and Chromium started before its tests, both
// closed after them; `open(options)` opens a page of the site (as `open` below).
export function browserSuite() {
  let site, browser;
  before(async () => {
    site = await serve();
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });
  return { open: (options) => open(browser, site, options) };
}

// A page of the site, with the errors it reports collected, and every message the
// worker posts to the main thread recorded (window.__received) so that tests can check
// what the main thread was given. Optional stylesheets that a game does not have (404)
// are not errors.
export async function open(browser, site, { width = 1000, height = 900, query = "delay=0" } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, acceptDownloads: true });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" && !/Failed to load resource/.test(message.text())) errors.push(`console: ${message.text()}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400 && !response.url().endsWith("/court.css")) errors.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  await page.addInitScript(() => {
    window.__received = [];
    const Native = window.Worker;
    window.Worker = class extends Native {
      constructor(...args) {
        super(...args);
        this.addEventListener("message", (event) => window.__received.push(event.data));
      }
    };
  });
  await page.goto(`${site.url}index.html?${query}`);
  await page.waitForSelector('body[data-ready="true"]');
  return { page, errors, context };
}

// Fills the setup form and starts; resolves at the human's first decision.
export async function start(page, { game, players, human, bots = {} }) {
  await page.selectOption("#game", game);
  await page.selectOption("#players", String(players));
  await page.selectOption("#human", String(human));
  for (const [seat, kind] of Object.entries(bots)) await page.selectOption(`select[name="bot-${seat}"]`, kind);
  const seq = await sequence(page);
  await page.click("#start");
  return settle(page, seq);
}

export async function sequence(page) {
  return Number((await page.getAttribute("body", "data-seq")) ?? 0);
}

// Waits for a state newer than `seq` in which the bots are done: the human's turn or the
// end. Returns "you" or "over".
// An error the page shows instead fails at once, with its message.
export async function settle(page, seq) {
  await page.waitForFunction(
    (before) => (Number(document.body.dataset.seq ?? 0) > before && ["you", "over"].includes(document.body.dataset.turn)) || !document.getElementById("error").hidden,
    seq,
  );
  const error = await page.$eval("#error", (box) => (box.hidden ? null : `${box.dataset.name}: ${box.textContent}`));
  if (error) throw new Error(`the page shows an error: ${error}`);
  return page.getAttribute("body", "data-turn");
}

// Clicks a move (by data-action) and waits for the next decision.
export async function play(page, action) {
  const seq = await sequence(page);
  await page.click(`#board button[data-action="${action}"]`);
  return settle(page, seq);
}

// The page's save, through its Save button (a download, as a person gets it). Once in
// about twenty whole court games (some 4,000 saves) a click brought no download within
// 30 s although the page was fine and went on; so a save with no download in 10 s is
// clicked once more (and said so), and a second miss fails. The focus goes back where it
// was: the tests' own saves must not move the player's focus.
export async function save(page) {
  for (let attempt = 1; ; attempt++) {
    const focused = await page.evaluateHandle(() => document.activeElement);
    const download = page.waitForEvent("download", { timeout: 10_000 });
    await page.click("#save");
    try {
      const text = await readFile(await (await download).path(), "utf8");
      await focused.evaluate((element) => element?.focus?.());
      return text;
    } catch (error) {
      const saved = JSON.parse(await received(page)).filter((m) => m.type === "saved").length;
      console.log(`save: no download after click ${attempt} (${saved} "saved" messages so far)`);
      if (attempt === 2) throw error;
    } finally {
      await focused.dispose();
    }
  }
}

// Loads a save through the page's file input.
export async function load(page, text, name = "saved.json") {
  const seq = await sequence(page);
  await page.setInputFiles("#load-file", { name, mimeType: "application/json", buffer: Buffer.from(text) });
  return settle(page, seq);
}

export async function shot(page, name) {
  await mkdir(SHOTS, { recursive: true });
  const path = join(SHOTS, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

// Every message the main thread received, as JSON text (for secrets that must not be there).
export async function received(page) {
  return page.evaluate(() => JSON.stringify(window.__received));
}

// The tests' own stream of choices (a fixed seed: a failing run can be read again).
export function chooser(seed) {
  let x = BigInt(seed) & 0xffffffffn;
  return (n) => {
    x = (x * 1103515245n + 12345n) & 0x7fffffffn;
    return Number(x % BigInt(n));
  };
}

export function assertNoErrors(errors) {
  assert.deepEqual(errors, [], `the page reported errors:\n${errors.join("\n")}`);
}

// Presses Tab (at most `limit` times) until the focused element matches `selector`, then
// Enter: every control can be reached and used from the keyboard alone.
export async function pressByKeyboard(page, selector, limit = 100) {
  for (let i = 0; i < limit; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches?.(s) ?? false, selector)) {
      await page.keyboard.press("Enter");
      return;
    }
    await page.keyboard.press("Tab");
  }
  throw new Error(`${selector} not reached with ${limit} Tab presses`);
}

// Plays a move from the keyboard and waits for the next decision.
export async function playByKeyboard(page, action) {
  const seq = await sequence(page);
  await pressByKeyboard(page, `#board button[data-action="${action}"]`);
  return settle(page, seq);
}
