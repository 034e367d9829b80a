// To Court the King's board: the court display, the dice of the turn in progress (click an
// active die to set it aside), the cards the human may use or buy now, every seat's cards,
// the final round and the result.
//
// `render(root, state, act)` draws `state` (what the worker posts: the human seat's view,
// its legal actions with their notation, …) into `root` from scratch; every move is a
// `<button data-action="INDEX">`, enabled and highlighted exactly when it is legal.
// Everything in To Court the King is public, so the view is the whole game, with the rules'
// answers the engine adds to it (each seat's hand, the dice to roll, the round's order, each
// seat's part in the final round); the cards' words and the plain moves' action indices
// come from the engine's vocabulary (`state.vocabulary`). The board computes no rule.

import { courtWords, parseDice, seatName, valueText } from './court-text.js';

/** Draws the court game into `root`; `act(index)` sends the human's move. */
export function render(root, state, act) {
  const game = positionOf(state.view);
  const legal = new Map((state.legal || []).map((l) => [l.index, l.name]));
  const words = courtWords(state.vocabulary);
  const ctx = { state, game, legal, act, words, doc: root.ownerDocument };

  const board = el(ctx, 'div', { class: 'court' });
  board.append(
    statusPanel(ctx),
    finalPanel(ctx),
    turnPanel(ctx),
    playersPanel(ctx),
    displayPanel(ctx),
  );
  root.replaceChildren(board);
  root.onkeydown = (event) => typed(event, keys(words.actions), legal, act);
}

/** Keys for the common moves while the board has the focus: a die's face sets one aside,
 * r rolls, p buys nothing (the notation's `keep 4`, `roll`, `pass`). */
function keys(actions) {
  const map = { r: actions.roll, p: actions.pass };
  actions.set_aside.forEach((index, i) => { map[i + 1] = index; });
  return map;
}

function typed(event, map, legal, act) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const index = map[event.key.toLowerCase()];
  if (index === undefined || !legal.has(index)) return;
  event.preventDefault();
  act(index);
}

/** An event in words, for the page's log. */
export function describe(event, state) {
  return courtWords(state.vocabulary).describeEvent(event, state.seat);
}

/** The status line's words: what the seat to move is doing (or what the human may do). */
export function status(state) {
  const game = positionOf(state.view);
  if (!game || state.over || game.phase === 'game_over') return '';
  const mine = game.turn_seat === state.seat && state.toMove === state.seat;
  return phaseHint(game, mine, courtWords(state.vocabulary).cardOf);
}

/** The game as plain data: the court view is the position document (every field of the
 * game, public) with `seat` and the rules' answers added (`CourtView` in the package). */
function positionOf(view) {
  return view && view.phase ? view : null;
}

// ---------------------------------------------------------------------------------------
// Panels

/** The round and its stage; the result once the game is over. */
function statusPanel(ctx) {
  const { game, state } = ctx;
  const box = el(ctx, 'section', { class: 'court-status', 'aria-label': 'Game status' });
  if (!game) return box;
  const stage = {
    normal: 'Normal round',
    king_round: 'King round',
    final_round: 'Final round',
  }[game.stage] || game.stage;
  box.append(el(ctx, 'p', { class: 'court-round' }, `Round ${game.round + 1} · ${stage}`));
  if (game.phase === 'game_over' || state.over) box.append(resultBox(ctx));
  return box;
}

function phaseHint(game, mine, cardOf) {
  switch (game.phase) {
    case 'setup': return 'choosing the first player';
    case 'pre_roll': return mine ? 'roll your dice' : 'about to roll';
    case 'rolling': return 'rolling';
    case 'dice':
      if (!mine) return 'setting dice aside';
      // R11: at least one die set aside after every roll before the next.
      return game.set_aside_since_roll ? 'set aside more dice, use cards, or roll again'
        : 'set aside at least one die (cards may be used first)';
    case 'select': return mine ? `pick dice for the ${cardOf(game.selecting).name}, then confirm`
      : `picking dice for the ${cardOf(game.selecting).name}`;
    case 'buy': return mine ? 'buy a card with your result, or nothing' : 'buying';
    default: return game.phase;
  }
}

/** The winner, or that nobody won (a game truncated by a round limit). */
function resultBox(ctx) {
  const { game, state } = ctx;
  const box = el(ctx, 'div', { class: 'court-result', role: 'status' });
  const winners = state.winners || [];
  if (winners.length === 0) {
    box.append(el(ctx, 'p', { class: 'court-winner' },
      'Game over: nobody bought the King before the round limit (no winner).'));
    return box;
  }
  const names = winners.map((s) => (s === state.seat ? 'You' : seatName(s)));
  const best = game.best ? ` with the best result, ${valueText(game.best)}` : '';
  const verb = winners.length === 1 && winners[0] === state.seat ? 'win' : 'wins';
  box.append(el(ctx, 'p', { class: 'court-winner' }, `${names.join(', ')} ${verb}${best}.`));
  return box;
}

/** The turn in progress: dice in play, dice set aside, and every move of the human now. */
function turnPanel(ctx) {
  const { game, state } = ctx;
  const box = el(ctx, 'section', { class: 'court-turn', 'aria-label': 'Dice' });
  if (!game || game.phase === 'game_over' || game.phase === 'setup') return box;
  const seat = game.turn_seat;
  const title = seat === state.seat ? 'Your dice' : `${seatName(seat)}'s dice`;
  box.append(el(ctx, 'h3', {}, title));

  const { cardOf } = ctx.words;
  const active = parseDice(game.active);
  const aside = parseDice(game.aside);
  const picked = parseDice(game.picked);
  const activeRow = el(ctx, 'div', { class: 'court-dice-row court-active' });
  activeRow.append(el(ctx, 'span', { class: 'court-dice-label' }, 'In play'));
  if (active.length === 0) {
    const count = game.phase === 'rolling' ? game.dice_to_roll : game.dice_in_hand;
    const waiting = game.phase === 'pre_roll' || game.phase === 'rolling'
      ? `${count} ${count === 1 ? 'die' : 'dice'} to roll` : 'none';
    activeRow.append(el(ctx, 'span', { class: 'court-none' }, waiting));
  }
  for (const face of active) activeRow.append(dieButton(ctx, face));
  box.append(activeRow);

  const asideRow = el(ctx, 'div', { class: 'court-dice-row court-aside' });
  asideRow.append(el(ctx, 'span', { class: 'court-dice-label' },
    game.phase === 'buy' ? 'Result' : 'Set aside'));
  if (aside.length === 0) asideRow.append(el(ctx, 'span', { class: 'court-none' }, 'none'));
  for (const face of aside) asideRow.append(die(ctx, face, 'set aside'));
  box.append(asideRow);

  if (game.selecting) {
    const row = el(ctx, 'div', { class: 'court-dice-row court-picked' });
    row.append(el(ctx, 'span', { class: 'court-dice-label' },
      `Picked for the ${cardOf(game.selecting).name}`));
    if (picked.length === 0) row.append(el(ctx, 'span', { class: 'court-none' }, 'none yet'));
    for (const face of picked) row.append(die(ctx, face, 'picked'));
    box.append(row);
  }
  if (game.used && game.used.length) {
    box.append(el(ctx, 'p', { class: 'court-used' },
      `Used this turn: ${game.used.map((k) => cardOf(k).name).join(', ')}`));
  }
  box.append(movesBox(ctx), usesBox(ctx));
  return box;
}

/** An active die: a button that sets it aside (several dice of a face share the action). */
function dieButton(ctx, face) {
  const index = ctx.words.actions.set_aside[face - 1];
  const legal = ctx.legal.has(index);
  const button = actionButton(ctx, index, String(face), {
    class: 'court-die',
    label: legal ? `Set aside a ${face}` : `Die showing ${face}`,
  });
  button.dataset.face = String(face);
  return button;
}

/** A die that is not clickable (set aside, picked). */
function die(ctx, face, what) {
  return el(ctx, 'span', {
    class: 'court-die', 'data-face': String(face), role: 'img', 'aria-label': `${what}: ${face}`,
  }, String(face));
}

/** Roll, pass and the other moves that use no card. */
function movesBox(ctx) {
  const box = el(ctx, 'div', { class: 'court-moves' });
  const { game } = ctx;
  const { roll, pass } = ctx.words.actions;
  if (ctx.legal.has(roll)) {
    const n = game.phase === 'pre_roll' ? game.dice_in_hand : parseDice(game.active).length;
    const label = game.phase === 'pre_roll' ? `Roll ${n} dice` : `Roll the ${n} dice in play again`;
    box.append(actionButton(ctx, roll, label, { class: 'court-primary' }));
  }
  if (ctx.legal.has(pass)) {
    box.append(actionButton(ctx, pass, 'Buy nothing', { class: 'court-primary' }));
  }
  return box;
}

/** The action indices drawn elsewhere than among the card uses: roll, pass, set-asides
 * and buys. */
function plainMoves(words) {
  const { roll, pass, set_aside: aside } = words.actions;
  return new Set([roll, pass, ...aside, ...words.cards.map((c) => c.buy).filter((i) => i !== null)]);
}

/** The cards the human may use now: one group per card, one button per way to use it. */
function usesBox(ctx) {
  const groups = new Map();
  const plain = plainMoves(ctx.words);
  for (const [index, name] of ctx.legal) {
    if (plain.has(index)) continue;
    const key = name.split(' ')[0] === 'pre' ? name.split(' ')[1] : name.split(' ')[0];
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push([index, name]);
  }
  const box = el(ctx, 'div', { class: 'court-uses' });
  if (groups.size === 0) return box;
  box.append(el(ctx, 'h4', {}, 'Cards you may use now'));
  for (const [key, actions] of groups) {
    const card = ctx.words.cardOf(key);
    const group = el(ctx, 'div', { class: 'court-use', role: 'group', 'aria-label': card.name });
    group.append(el(ctx, 'span', { class: 'court-use-card', title: card.ability }, card.name));
    for (const [index, name] of actions.sort((a, b) => a[0] - b[0])) {
      const { short, long } = ctx.words.describeAction(name);
      group.append(actionButton(ctx, index, short, { label: long }));
    }
    box.append(group);
  }
  return box;
}

/** The final round: the best result, the King's and the Queen's holders, each seat's part. */
function finalPanel(ctx) {
  const { game } = ctx;
  const box = el(ctx, 'section', { class: 'court-final', 'aria-label': 'Final round' });
  if (!game || game.stage === 'normal' || game.king === null) return box;
  box.append(el(ctx, 'h3', {}, game.stage === 'king_round' ? 'The King is bought' : 'Final round'));
  const lines = [];
  if (game.best) lines.push(`Best result: ${valueText(game.best)}, ${whose(ctx, game.king)} the King.`);
  if (game.queen !== null && game.phase !== 'game_over') {
    const you = game.queen === ctx.state.seat;
    lines.push(`${cap(whose(ctx, game.queen))} the Queen and play${you ? '' : 's'} last in the final round: a tie is enough to win.`);
  }
  if (game.stage === 'king_round') {
    lines.push('This round finishes normally (nobody else may buy the King); then everyone has one more turn to beat the best result.');
  }
  for (const line of lines) box.append(el(ctx, 'p', {}, line));
  if (game.stage === 'final_round') box.append(finalTable(ctx));
  return box;
}

/** Each seat's part in the final round (the engine's `final_turns`), in playing order. */
function finalTable(ctx) {
  const { game } = ctx;
  const list = el(ctx, 'ol', { class: 'court-final-order' });
  for (const seat of game.order) {
    const marks = [seat === game.king ? ' ♔ King' : '', seat === game.queen ? ' ♕ Queen' : ''].join('');
    const part = finalPart(game.final_turns[seat]);
    list.append(el(ctx, 'li', { 'data-seat': String(seat) }, `${seatName(seat)}${marks}: ${part}`));
  }
  return list;
}

/** A seat's part in the final round in words. */
function finalPart(turn) {
  if (turn && typeof turn === 'object' && turn.played) return `played ${valueText(turn.played)}`;
  return {
    waiting: 'waiting',
    playing: 'playing now',
    skipped: 'did not play (could not beat the best)',
    kept_the_king: 'kept the King',
  }[turn] || String(turn);
}

/** Every seat: its cards, its dice in hand, the King, the Queen and the marker. */
function playersPanel(ctx) {
  const { game, state } = ctx;
  const box = el(ctx, 'section', { class: 'court-players', 'aria-label': 'Players' });
  if (!game) return box;
  box.append(el(ctx, 'h3', {}, 'Players'));
  const list = el(ctx, 'ul', {});
  for (let seat = 0; seat < game.config.players; seat++) {
    const item = el(ctx, 'li', {
      class: 'court-player' + (seat === game.turn_seat && game.phase !== 'game_over' ? ' turn' : '')
        + (seat === state.seat ? ' me' : ''),
      'data-seat': String(seat),
    });
    const head = el(ctx, 'div', { class: 'court-player-head' });
    const bot = state.bots && state.bots[seat] ? ` (${state.bots[seat]})` : '';
    head.append(el(ctx, 'strong', {}, seat === state.seat ? `${seatName(seat)} (you)` : seatName(seat) + bot));
    const badges = [];
    if (seat === game.start_player) badges.push('start player');
    if (seat === game.king) badges.push('♔ King');
    if (seat === game.queen) badges.push('♕ Queen');
    badges.push(`${game.hands[seat]} dice`);
    head.append(el(ctx, 'span', { class: 'court-badges' }, badges.join(' · ')));
    item.append(head);
    const cards = el(ctx, 'ul', { class: 'court-cards', 'aria-label': 'Cards' });
    for (const key of game.cards[seat]) {
      const card = ctx.words.cardOf(key);
      const used = seat === game.turn_seat && game.phase !== 'game_over' && game.used.includes(key);
      const count = key === 'charlatan' && game.charlatans[seat] > 1 ? ` ×${game.charlatans[seat]}` : '';
      cards.append(el(ctx, 'li', {
        class: 'court-card-chip' + (used ? ' used' : ''), 'data-card': key, title: card.ability,
      }, card.name + count + (used ? ' (used)' : '')));
    }
    if (!cards.childElementCount) cards.append(el(ctx, 'li', { class: 'court-none' }, 'no cards'));
    item.append(cards);
    list.append(item);
  }
  box.append(list);
  return box;
}

/** The court: every card by row, its cost and ability, copies left, owners, buy buttons. */
function displayPanel(ctx) {
  const { game } = ctx;
  const box = el(ctx, 'section', { class: 'court-display', 'aria-label': 'The court' });
  if (!game) return box;
  const buying = ctx.words.cards.some((card) => ctx.legal.has(card.buy));
  box.append(el(ctx, 'h3', {}, buying ? 'The court — buy one card' : 'The court'));
  // One grid for every card, in row order (each card names its row): compact on any width.
  const grid = el(ctx, 'div', { class: 'court-grid' });
  for (const row of ctx.words.rows) {
    for (const key of row.cards) grid.append(cardTile(ctx, key, row));
  }
  box.append(grid);
  return box;
}

/** One character card of the display. */
function cardTile(ctx, key, row) {
  const { game } = ctx;
  const card = ctx.words.cardOf(key);
  const left = game.supply[key];
  const owners = [];
  for (let seat = 0; seat < game.config.players; seat++) {
    if (game.cards[seat].includes(key)) owners.push(seat);
  }
  const tile = el(ctx, 'article', {
    class: 'court-card' + (left === 0 && key !== 'charlatan' ? ' sold-out' : ''),
    'data-card': key, 'data-left': left === null ? 'unlimited' : String(left),
  });
  const head = el(ctx, 'h5', {}, card.name);
  if (row.tag) head.append(' ', el(ctx, 'span', { class: 'court-row-tag' }, row.tag));
  tile.append(head);
  tile.append(el(ctx, 'p', { class: 'court-cost' }, `Cost: ${card.cost}`));
  tile.append(el(ctx, 'p', { class: 'court-ability' }, card.ability));
  const leftText = key === 'charlatan' ? 'bought by turning your Jester over'
    : left === null ? 'never runs out' : left === 0 ? 'none left' : `${left} left`;
  const ownersText = owners.length
    ? `owned by ${owners.map((s) => (s === ctx.state.seat ? 'you' : seatName(s))).join(', ')}` : '';
  tile.append(el(ctx, 'p', { class: 'court-supply' }, [leftText, ownersText].filter(Boolean).join(' · ')));
  if (card.buy !== null && ctx.legal.has(card.buy)) {
    tile.classList.add('buyable');
    tile.append(actionButton(ctx, card.buy, `Buy the ${card.name}`, { class: 'court-buy' }));
  }
  return tile;
}

// ---------------------------------------------------------------------------------------
// Buttons and small functions

/** A move's button: enabled and highlighted when legal, disabled otherwise. */
function actionButton(ctx, index, text, { class: cls = '', label } = {}) {
  const legal = ctx.legal.has(index);
  const button = el(ctx, 'button', {
    type: 'button', class: `court-action ${cls}${legal ? ' legal' : ''}`.trim(),
    'data-action': String(index),
  }, text);
  if (label) button.setAttribute('aria-label', label);
  if (label) button.title = label;
  if (legal) {
    button.addEventListener('click', () => ctx.act(index));
  } else {
    button.disabled = true;
  }
  return button;
}

function whose(ctx, seat) {
  return seat === ctx.state.seat ? 'you hold' : `${seatName(seat)} holds`;
}

function cap(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `el(ctx, tag, attrs, text)`: a new element. */
function el(ctx, tag, attrs = {}, text) {
  const node = ctx.doc.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}
