// To Court the King's words for the page: the cards' names, costs, abilities and rows as
// the engine has them (`CourtGame.vocabulary()`, which the worker posts once), dice and
// results as text, and human-readable labels for actions (from their notation, `maid 4>6`)
// and events (their serde JSON). The rules live in the engine; this module only words
// them, as docs/court-rules.md does.

const made = new WeakMap();

/**
 * The court's words over its vocabulary (`CourtGame.vocabulary()`): the cards and rows,
 * `cardOf(key)`, `describeAction(notation)` and `describeEvent(event, you)`. Made once per
 * vocabulary.
 */
export function courtWords(vocabulary) {
  if (!made.has(vocabulary)) made.set(vocabulary, words(vocabulary));
  return made.get(vocabulary);
}

function words(vocabulary) {
  const byKey = new Map(vocabulary.cards.map((c) => [c.key, c]));
  /** A card's entry by its key; an unknown key stands for itself. */
  const cardOf = (key) => byKey.get(key) || { key, name: String(key), cost: '', ability: '' };
  /** The display by row (the cards' backs): a tag to print on a card ('' for the Jester's). */
  const rows = vocabulary.rows.map((row) => ({
    ...row, tag: row.key === 'Jester' ? '' : `row ${row.key}`,
  }));
  return {
    cards: vocabulary.cards,
    rows,
    actions: vocabulary.actions,
    cardOf,
    describeAction: (notation) => describeAction(notation, cardOf),
    describeEvent: (event, you) => describeEvent(event, you, cardOf),
  };
}

/** Dice notation (`"6-4-4"`, `"none"`) as faces, highest first. */
export function parseDice(text) {
  if (!text || text === 'none') return [];
  return text.split('-').map(Number);
}

/** A result's value (`{count: 7, face: 5}`) in words. */
export function valueText(value) {
  return `${value.count} dice showing ${value.face}`;
}

const digits = (text) => text.split('').join('-');

/**
 * An action's labels from its notation: `short` for a button beside its card's name, `long`
 * for a screen reader and the tooltip.
 */
function describeAction(notation, cardOf) {
  const words = notation.trim().split(/\s+/);
  const [head, arg] = words;
  const name = cardOf(head).name;
  if (head === 'roll') return both('Roll');
  if (head === 'pass') return both('Buy nothing');
  if (head === 'keep') return both(`Set aside a ${arg}`);
  if (head === 'buy') return both(`Buy the ${cardOf(arg).name}`);
  if (head === 'pre') {
    return { short: 'one more die', long: `${cardOf(arg).name}: one more die to roll` };
  }
  if (arg === undefined) {
    const face = cardOf(head).brings_in;
    return { short: `bring in a ${face}`, long: `${name}: bring in a die showing ${face}` };
  }
  if (arg === 'done') {
    const done = { merchant: 're-roll the picked dice', noblewoman: '+1 to the picked dice',
      nobleman: '+2 to the picked dice' }[head];
    return { short: done, long: `${name}: ${done}` };
  }
  if (arg.includes('>')) {
    const [from, to] = arg.split('>');
    const pair = head === 'philosopher' || head === 'alchemist';
    const short = pair ? `${digits(from)} → ${digits(to)}` : `${from} → ${to}`;
    const what = { astronomer: `turn a ${from} into a ${to} (a face set aside)`,
      magician: `turn a ${from} into a ${to}`, maid: `raise a ${from} to ${to}` }[head]
      || `turn ${digits(from)} into ${digits(to)}`;
    return { short, long: `${name}: ${what}` };
  }
  const one = {
    queen: [`bring in a ${arg}`, `bring in a die showing ${arg}`],
    jester: [`re-roll a ${arg}`, `re-roll a die showing ${arg}`],
    merchant: [`pick a ${arg}`, `pick a ${arg} to re-roll`],
    noblewoman: [`pick a ${arg}`, `pick a ${arg} to raise by 1`],
    nobleman: [`pick a ${arg}`, `pick a ${arg} to raise by 2`],
  }[head] || [arg, arg];
  return { short: one[0], long: `${name}: ${one[1]}` };

  function both(text) {
    return { short: text, long: text };
  }
}

/** A seat's name on the page: seats count from 1 on screen (seat 0 is "Seat 1"). */
export function seatName(seat) {
  return `Seat ${seat + 1}`;
}

/** One event (its serde JSON) as a sentence; `you` is the human's seat. */
function describeEvent(event, you, cardOf) {
  const who = (seat) => (seat === you ? 'You' : seatName(seat));
  const whom = (seat) => (seat === you ? 'you' : seatName(seat));
  const c = (key) => `the ${cardOf(key).name}`;
  switch (event.type) {
    case 'first_player_chosen': return `${who(event.seat)} take${s(event.seat)} the start-player marker.`;
    case 'round_started': return `Round ${event.round + 1} begins with ${whom(event.start)}.`;
    case 'final_round_started':
      return `The final round begins with ${whom(event.first)}; ${whom(event.queen)} (the Queen) play${s(event.queen)} last.`;
    case 'turn_started': return `${who(event.seat)} start${s(event.seat)} a turn with ${event.dice} dice.`;
    case 'pre_rolled': return `${who(event.seat)} add${s(event.seat)} a die to the roll with ${c(event.card)}.`;
    case 'rolling': return `${who(event.seat)} roll${s(event.seat)} ${event.dice} ${event.dice === 1 ? 'die' : 'dice'}.`;
    case 'die_rolled': return `${who(event.seat)} roll${s(event.seat)} a ${event.face}.`;
    case 'set_aside': return `${who(event.seat)} set${s(event.seat)} aside a ${event.face}.`;
    case 'card_used': {
      const what = event.from === 'none' ? `bringing in a ${event.to}`
        : event.to === 'none' ? `re-rolling ${event.from}` : `turning ${event.from} into ${event.to}`;
      return `${who(event.seat)} use${s(event.seat)} ${c(event.card)}: ${what}.`;
    }
    case 'picked': return `${who(event.seat)} pick${s(event.seat)} a ${event.face} for ${c(event.card)}.`;
    case 'result_set': return `${event.seat === you ? 'Your' : `${seatName(event.seat)}'s`} result: ${event.result}.`;
    case 'bought': return `${who(event.seat)} buy${s(event.seat)} ${c(event.card)}.`;
    case 'passed': return `${who(event.seat)} buy${s(event.seat)} nothing.`;
    case 'skipped':
      return `${who(event.seat)} cannot beat the best with ${event.max_dice} dice and ${event.seat === you ? 'do' : 'does'} not play.`;
    case 'king_taken': return `${who(event.seat)} take${s(event.seat)} the King with ${valueText(event.value)}.`;
    case 'game_over': {
      const o = event.outcome;
      if (o && typeof o === 'object' && 'won' in o) return `Game over: ${whom(o.won)} win${s(o.won)}.`;
      return 'Game over: nobody bought the King (no winner).';
    }
    default: return JSON.stringify(event);
  }

  function s(seat) {
    return seat === you ? '' : 's';
  }
}
