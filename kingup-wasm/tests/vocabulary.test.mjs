// Each game's vocabulary (`Game.vocabulary()`) against what the engine says elsewhere: its
// notation, its sentences, its scores and its views.
import assert from "node:assert/strict";
import test from "node:test";

import { kingup } from "./package.mjs";

const { KingUpGame, CourtGame } = kingup;

test("King Up!'s characters and floors are the ones its moves name", () => {
  const { characters, floors } = KingUpGame.vocabulary();
  assert.equal(characters.length, 13);
  assert.equal(floors.length, 7);
  assert.deepEqual(floors.map((f) => f.index), [0, 1, 2, 3, 4, 5, 6]);
  for (const { letter, name } of characters) {
    // Placement on floors 1 to 4: the engine's sentence names the character and the floor.
    for (const floor of floors.slice(1, 5)) {
      const index = KingUpGame.parseAction(`${letter}${floor.index}`);
      assert.equal(KingUpGame.describeAction(index), `place ${name} on ${floor.name} (${floor.index})`);
    }
    assert.equal(KingUpGame.describeAction(KingUpGame.parseAction(letter)), `climb ${name}`);
  }
  assert.deepEqual(floors.map((f) => f.capacity), [4, 4, 4, 4, 4, 4, 1]);
  assert.equal(floors[6].name, "Throne");
});

test("King Up!'s floor points are what a round scores", () => {
  const { floors } = KingUpGame.vocabulary();
  let checked = 0;
  for (let seed = 1; seed <= 5; seed++) {
    const game = new KingUpGame({ players: 3 + (seed % 4), rounds: 1 }, { seed });
    game.playRandom(seed);
    const view = game.view();
    const scored = game.events().find((e) => e.type === "round_scored");
    for (let seat = 0; seat < game.players; seat++) {
      const objective = view.config.deck[scored.objectives[seat]];
      let points = 0;
      for (const c of objective) {
        const floor = view.castle.floors.findIndex((on) => on.includes(c));
        if (floor >= 0) points += floors[floor].points;
      }
      assert.equal(points, scored.points[seat], `seed ${seed}, seat ${seat}: ${objective}`);
      checked++;
    }
  }
  assert.ok(checked >= 15);
});

test("the court's cards are the ones its notation reads and its display holds", () => {
  const { cards, rows, actions } = CourtGame.vocabulary();
  assert.equal(cards.length, 20);
  const game = new CourtGame({ players: 4 }, { seed: 1 });
  assert.deepEqual(cards.map((c) => c.key).sort(), Object.keys(game.view().supply).sort());
  for (const card of cards) {
    for (const text of [card.key, card.name, card.italian, card.cost, card.ability]) {
      assert.ok(typeof text === "string" && text.length > 0, `${card.key}: ${text}`);
    }
    if (card.buy === null) {
      assert.equal(card.key, "queen", "only the Queen is never bought");
      continue;
    }
    assert.equal(CourtGame.actionName(card.buy), `buy ${card.key}`);
    assert.equal(CourtGame.describeAction(card.buy), `buy the ${card.name}`);
    // The notation reads the Italian name too (one word: the notation splits at spaces).
    if (!card.italian.includes(" ")) assert.equal(CourtGame.parseAction(`buy ${card.italian}`), card.buy);
  }
  // The cards that bring a die in: the face their move's sentence brings in.
  for (const card of cards.filter((c) => c.brings_in !== null)) {
    const index = CourtGame.parseAction(card.key);
    assert.equal(CourtGame.describeAction(index), `${card.name}: bring in a ${card.brings_in}`);
  }
  assert.deepEqual(cards.filter((c) => c.brings_in !== null).map((c) => c.brings_in), [1, 2, 3, 4, 5, 6]);
  assert.deepEqual(cards.filter((c) => c.extra_dice).map((c) => [c.key, c.extra_dice]), [["charlatan", 1], ["farmer", 1], ["general", 2]]);
  // Every card in one row, the rows in order, each card's row its own.
  assert.deepEqual(rows.map((r) => r.key), ["Jester", "I", "II", "III", "IV", "V"]);
  assert.deepEqual(rows.flatMap((r) => r.cards), cards.map((c) => c.key));
  for (const row of rows) {
    for (const key of row.cards) assert.equal(cards.find((c) => c.key === key).row, row.key);
  }
  assert.equal(CourtGame.actionName(actions.roll), "roll");
  assert.equal(CourtGame.actionName(actions.pass), "pass");
  assert.deepEqual(actions.set_aside.map((i) => CourtGame.actionName(i)), [1, 2, 3, 4, 5, 6].map((f) => `keep ${f}`));
});

test("a vocabulary is a new plain object each call", () => {
  const a = CourtGame.vocabulary();
  a.cards[0].name = "changed";
  assert.equal(CourtGame.vocabulary().cards[0].name, "Jester");
  assert.notDeepEqual(KingUpGame.vocabulary(), CourtGame.vocabulary());
});
