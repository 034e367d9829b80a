// The court board's words, without a browser: every one of the 238 actions gets a label in
// words (from its notation), and every event a game can log gets a sentence, checked with
// the package's Node build, whose vocabulary (`CourtGame.vocabulary()`, what the worker
// posts to the page) gives the words their cards.

import { test } from "node:test";
import assert from "node:assert/strict";
import * as h from "./harness.js";
import { courtWords } from "../court-text.js";

const pkg = h.kingup();
const { describeAction, describeEvent, cardOf } = courtWords(pkg.CourtGame.vocabulary());

test("every court action has a label in words", () => {
  const labels = new Set();
  for (let index = 0; index < pkg.CourtGame.ACTION_COUNT; index++) {
    const notation = pkg.CourtGame.actionName(index);
    const { short, long } = describeAction(notation);
    for (const text of [short, long]) {
      assert.ok(text && !/undefined|NaN|null/.test(text), `${index} (${notation}): "${text}"`);
    }
    // A card's move names the card (its group on the board shows the short label).
    const card = notation.split(" ")[0] === "pre" ? notation.split(" ")[1] : notation.split(" ")[0];
    if (cardOf(card).ability) assert.ok(long.startsWith(cardOf(card).name), `${notation}: "${long}"`);
    labels.add(long);
  }
  assert.equal(labels.size, pkg.CourtGame.ACTION_COUNT, "no two actions share a label");
});

test("a card's words are the engine's, and its moves' labels agree with the engine's", () => {
  const { cards } = pkg.CourtGame.vocabulary();
  for (const card of cards) {
    assert.deepEqual(cardOf(card.key), card);
    if (card.buy !== null) assert.equal(describeAction(pkg.CourtGame.actionName(card.buy)).long, `Buy the ${card.name}`);
  }
  // The dice a card brings in: the engine's sentence says the same face.
  for (const card of cards.filter((c) => c.brings_in !== null)) {
    const index = pkg.CourtGame.parseAction(card.key);
    assert.equal(describeAction(card.key).short, pkg.CourtGame.describeAction(index).split(": ")[1]);
  }
});

test("every event of a played game has a sentence", () => {
  const kinds = new Set();
  for (let seed = 1; seed <= 6; seed++) {
    const game = new pkg.CourtGame({ players: 2 + (seed % 4) }, { seed });
    game.playRandom(seed);
    for (const event of game.events()) {
      kinds.add(event.type);
      for (const you of [0, 1]) {
        const text = describeEvent(event, you);
        assert.ok(!text.startsWith("{") && !/undefined|NaN|null/.test(text), `${JSON.stringify(event)}: "${text}"`);
      }
    }
  }
  for (const kind of ["turn_started", "rolling", "die_rolled", "set_aside", "card_used", "result_set", "bought", "passed", "game_over"]) {
    assert.ok(kinds.has(kind), `the games logged a ${kind} event`);
  }
});
