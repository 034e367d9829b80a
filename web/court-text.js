// To Court the King's vocabulary for the page: the cards (name, cost, ability, row), dice
// and results as text, and human-readable labels for actions (from
// their notation, `maid 4>6`) and events (their serde JSON). The rules live in the engine;
// this module only words them, as docs/court-rules.md does.

/** The twenty cards in id order (the order of the buy actions 218…235). */
export const CARDS = [
  card('jester', 'Jester', 'any result', 're-roll one active die'),
  card('charlatan', 'Charlatan', 'any result; turns over your face-up Jester',
    'one more die every turn'),
  card('farmer', 'Farmer', 'two equal dice', 'one more die every turn'),
  card('maid', 'Maid', 'every die odd', '+1, +2 or +3 to one active die (at most 6)'),
  card('philosopher', 'Philosopher', 'every die even', 'move pips from one active die to another'),
  card('laborer', 'Laborer', 'sum 15 or more', 'bring in an active die showing 1'),
  card('guard', 'Guard', 'three equal dice', 'bring in an active die showing 2'),
  card('astronomer', 'Astronomer', 'two pairs (four equal count)',
    'an active die takes the face of a die set aside this turn'),
  card('merchant', 'Merchant', 'sum 20 or more', 're-roll any number of active dice'),
  card('hunter', 'Hunter', 'four equal dice', 'bring in an active die showing 3'),
  card('pawnbroker', 'Pawnbroker', 'sum 30 or more', 'bring in an active die showing 4'),
  card('knight', 'Knight', 'five equal dice', 'bring in an active die showing 5'),
  card('magician', 'Magician', '1-2-3-4-5 or 2-3-4-5-6', 'turn one active die to any face'),
  card('noblewoman', 'Noblewoman', 'three equal and a pair (five equal count)',
    '+1 to any number of active dice'),
  card('alchemist', 'Alchemist', '1-2-3-4-5-6',
    'share the pips of three (or two) active dice anew, same sum'),
  card('bishop', 'Bishop', 'three pairs (4+2 or six equal count)', 'bring in an active die showing 6'),
  card('nobleman', 'Nobleman', 'two triples (six equal count)',
    '+2 to any number of active dice showing 1 to 4'),
  card('general', 'General', 'six equal dice', 'two more dice every turn'),
  card('queen', 'Queen', 'never bought: comes with the first King', 'bring in an active die of any face'),
  card('king', 'King', 'seven equal dice', 'none; buying it starts the end of the game'),
];

function card(key, name, cost, ability) {
  return { key, name, cost, ability };
}

/** The display by row (the cards' backs). */
export const ROWS = [
  { key: 'jester', tag: '', title: 'the Jester row', cards: ['jester', 'charlatan'] },
  { key: 'I', tag: 'row I', title: 'row I', cards: ['farmer', 'maid', 'philosopher', 'laborer', 'guard'] },
  { key: 'II', tag: 'row II', title: 'row II', cards: ['astronomer', 'merchant', 'hunter'] },
  { key: 'III', tag: 'row III', title: 'row III', cards: ['pawnbroker', 'knight', 'magician', 'noblewoman'] },
  { key: 'IV', tag: 'row IV', title: 'row IV', cards: ['alchemist', 'bishop', 'nobleman', 'general'] },
  { key: 'V', tag: 'row V', title: 'row V', cards: ['queen', 'king'] },
];

const BY_KEY = new Map(CARDS.map((c) => [c.key, c]));

/** A card's entry by its key; an unknown key stands for itself. */
export function cardOf(key) {
  return BY_KEY.get(key) || { key, name: String(key), cost: '', ability: '' };
}

/** The dice a seat starts a turn with: 3, the Farmer, each Charlatan, two for the General
 * (R8; the view has the cards, not this count). */
export function hand(game, seat) {
  const cards = game.cards[seat] || [];
  return 3 + (cards.includes('farmer') ? 1 : 0) + (cards.includes('general') ? 2 : 0)
    + (game.charlatans[seat] || 0);
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
export function describeAction(notation) {
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
    const face = ['laborer', 'guard', 'hunter', 'pawnbroker', 'knight', 'bishop'].indexOf(head) + 1;
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
export function describeEvent(event, you) {
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
