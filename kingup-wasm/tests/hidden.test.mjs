// Hidden information: a seat's view and events hold nothing of another seat's secrets.
// Two games that differ only in seat 1's objective card and vote must look the same, to
// the byte, to seat 0, seat 2 and a spectator.
import assert from "node:assert/strict";
import test from "node:test";

import { kingup } from "./package.mjs";

const { KingUpGame } = kingup;

/** A 3-player game with explicit chance, seat `s` dealt `cards[s]` in round 1. */
function dealt(cards) {
  const game = new KingUpGame({ players: 3, first_player: { seat: 0 } }, { seed: 1, chance: "explicit" });
  while (game.isChance()) {
    const step = game.view().chance_step;
    game.applyChance(`deal ${cards[step.deal]}`);
  }
  return game;
}

/** What `viewer` (undefined: a spectator) may know of `game`, as JSON. */
function seen(game, viewer) {
  return JSON.stringify([
    game.view(viewer),
    game.events(viewer),
    game.eventTexts(viewer),
    game.legalActions(viewer ?? 0),
  ]);
}

test("another seat's objective and vote are in no view or event", () => {
  const a = dealt([0, 1, 2]);
  const b = dealt([0, 7, 2]);
  // The same moves in both, chosen from what everybody sees, up to the vote.
  let guard = 0;
  while (a.view().phase !== "vote") {
    const seat = a.toMove();
    assert.deepEqual(a.legalActions(seat), b.legalActions(seat));
    const action = a.legalActions(seat)[guard % a.legalActions(seat).length];
    a.apply(seat, action);
    b.apply(seat, action);
    assert.ok(++guard < 500, "the vote never came");
  }
  assert.ok(a.legalActions(1).length > 0, "seat 1 votes");
  a.apply(1, "yes");
  b.apply(1, "no");
  for (const viewer of [0, 2, undefined]) {
    assert.equal(seen(a, viewer), seen(b, viewer), `viewer ${viewer}`);
  }
  // The test can fail: seat 1 itself sees its own card and vote, which differ.
  assert.notEqual(seen(a, 1), seen(b, 1));
  assert.equal(a.view(1).objective_card, 1);
  assert.equal(b.view(1).objective_card, 7);
  assert.equal(a.view(1).vote, "yes");
  // And the host's record holds everything: the saves differ.
  assert.notEqual(a.save(), b.save());
  // Seat 0's events name its own card only.
  const deals = a.events(0).filter((e) => e.type === "objective_dealt");
  assert.deepEqual(deals.map((e) => e.card), [0, null, null]);
  assert.equal(a.view(0).objective_card, 0);
  assert.ok(a.eventTexts(1).includes("seat 1 is dealt objective #1"));
  assert.ok(!a.eventTexts(0).some((text) => text.includes("seat 1 is dealt objective #")));
});

test("the reveal shows every objective once the round is scored", () => {
  const game = new KingUpGame({ players: 3, rounds: 1 }, { seed: 9 });
  game.playRandom(1);
  assert.ok(game.isOver());
  const scored = game.events(0).find((e) => e.type === "round_scored");
  assert.ok(scored.objectives.slice(0, 3).every((card) => typeof card === "number"));
  assert.deepEqual(game.view().revealed[0].slice(0, 3), scored.objectives.slice(0, 3));
});
