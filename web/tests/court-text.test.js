// The court board's words, without a browser: every one of the 238 actions gets a label in
// words (from its notation), and every event a game can log gets a sentence, checked with
// the package's Node build.

import { test } from "node:test";
import assert from "node:assert/strict";
import * as h from "./harness.js";
import { describeAction, describeEvent, cardOf } from "../court-text.js";

const pkg = h.kingup();

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
