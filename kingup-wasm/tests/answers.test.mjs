// What the views add to the position, the rules' answers a page draws instead of working
// them out: King Up!'s No cards left; the court's hands, most dice, dice in hand, round
// order and final-round parts. Checked against the events of seeded games.
import assert from "node:assert/strict";
import test from "node:test";

import { kingup } from "./package.mjs";

const { KingUpGame, CourtGame, CourtBot } = kingup;

test("King Up!'s No cards left drop by one for each No a seat is seen to vote", () => {
  let seen = 0;
  for (let seed = 1; seed <= 4; seed++) {
    const game = new KingUpGame({ players: 3 + (seed % 4) }, { seed });
    const allowance = game.view().no_cards[0];
    assert.equal(allowance, { 3: 4, 4: 3, 5: 2, 6: 2 }[game.players]);
    let noes = new Array(game.players).fill(0);
    let from = 0;
    while (!game.isOver()) {
      for (const event of game.events(undefined, from)) {
        if (event.type === "round_started") noes = noes.fill(0);
        if (event.type === "votes_revealed") for (const seat of event.no) noes[seat]++;
      }
      from = game.eventCount();
      const left = noes.map((n) => allowance - n);
      assert.deepEqual(game.view().no_cards, left, `seed ${seed}`);
      for (let seat = 0; seat < game.players; seat++) assert.deepEqual(game.view(seat).public.no_cards, left);
      seen += noes.reduce((a, b) => a + b);
      const seat = game.toMove();
      const legal = game.legalActions(seat);
      game.apply(seat, legal[(from * 7) % legal.length]);
    }
  }
  assert.ok(seen > 0, "some No was voted");
});

/** Plays a 3-player court game of greedy bots, calling `check(game, newEvents)` at each step. */
function greedyGame(seed, check) {
  const game = new CourtGame({ players: 3 }, { seed });
  const bots = [0, 1, 2].map((seat) => new CourtBot("greedy", seed + seat));
  let from = 0;
  for (;;) {
    check(game, game.events(undefined, from));
    from = game.eventCount();
    if (game.isOver()) return game;
    const seat = game.toMove();
    game.apply(seat, bots[seat].choose(game, seat));
  }
}

test("the court's hands are the dice each turn starts with, and grow with a Farmer", () => {
  let farmers = 0;
  for (let seed = 1; seed <= 3; seed++) {
    let before = null;
    greedyGame(seed, (game, events) => {
      const view = game.view();
      before ??= view; // the first turn started with the game
      for (const event of events) {
        // (a buy ends a turn, so no buy follows a turn's start in one step's events)
        if (event.type === "turn_started") assert.equal(event.dice, view.hands[event.seat], "a turn starts with the hand");
        if (event.type === "bought" && event.card === "farmer") {
          assert.equal(view.hands[event.seat], before.hands[event.seat] + 1, "the Farmer adds a die");
          farmers++;
        }
      }
      if (view.phase === "pre_roll") {
        // Each die brought in before the first roll adds one to it.
        assert.equal(view.dice_in_hand, view.hands[view.turn_seat] + view.used.length);
      } else assert.equal(view.dice_in_hand, 0);
      for (let seat = 0; seat < 3; seat++) assert.ok(view.max_dice[seat] >= view.hands[seat]);
      before = view;
    });
  }
  assert.ok(farmers > 0, "a Farmer was bought");
});

test("the court's round order and final-round parts follow the final round", () => {
  let finals = 0;
  for (let seed = 1; seed <= 3; seed++) {
    let played = [];
    greedyGame(seed, (game, events) => {
      const view = game.view(0);
      for (const event of events) {
        if (event.type === "turn_started" && view.stage === "final_round") played.push(event.seat);
        if (event.type === "skipped") assert.ok(view.max_dice[event.seat] === event.max_dice);
      }
      if (view.stage !== "final_round") {
        assert.deepEqual(view.final_turns, [null, null, null]);
        if (view.phase !== "setup") assert.equal(view.order[0], view.start_player);
        return;
      }
      finals++;
      assert.equal(view.order.at(-1), view.queen, "the Queen's holder plays last");
      for (const [seat, part] of view.final_turns.entries()) {
        const result = view.final_results[seat];
        if (result) assert.deepEqual(part, { played: result });
        else if (seat === view.turn_seat && !game.isOver()) assert.equal(part, "playing");
        else if (!game.isOver() && view.order.indexOf(seat) > view.order.indexOf(view.turn_seat)) assert.equal(part, "waiting");
        else assert.ok(["skipped", "kept_the_king", "playing"].includes(part), `seat ${seat}: ${JSON.stringify(part)}`);
      }
      // The seats that played did so in the round's order.
      assert.deepEqual(played, view.order.filter((s) => played.includes(s)));
      if (game.isOver()) assert.ok(!view.final_turns.includes("playing") && !view.final_turns.includes("waiting"));
    });
  }
  assert.ok(finals > 10, `${finals} steps in final rounds`);
});
