// Type-checked, not run: the package's declarations give each call the types below
// (scripts/test-wasm.sh compiles this with tsc --strict against the built package).
import {
  CourtBot,
  CourtGame,
  KingUpBot,
  KingUpGame,
  type CourtEvent,
  type CourtView,
  type CourtVocabulary,
  type FinalTurn,
  type KingUpConfig,
  type KingUpEvent,
  type KingUpPlayerView,
  type KingUpPublicView,
  type KingUpVocabulary,
} from "kingup";

const game = new KingUpGame({ players: 4 }, { seed: 1n, chance: "auto" });
const config: KingUpConfig = game.config();
const players: number = config.players + game.players;
const seat: number | undefined = game.toMove();
if (seat !== undefined) {
  const legal: number[] = game.legalActions(seat);
  const bot = new KingUpBot("ismcts:300", 7);
  const action: number = bot.choose(game, seat);
  game.apply(seat, legal.includes(action) ? action : "B4");
  const mine = game.view(seat) as KingUpPlayerView;
  const card: number | null = mine.objective_card;
  const phase: string = mine.public.phase;
  console.log(card, phase, players);
}
const spectator = game.view() as KingUpPublicView;
const floors: string[] = spectator.castle.floors;
const noCards: number[] = spectator.no_cards;
const names: KingUpVocabulary = KingUpGame.vocabulary();
const throne: number = names.floors[6].points + noCards.length;
console.log(names.characters.map((c) => `${c.letter} ${c.name}`), throne);
const events: KingUpEvent[] = game.events(undefined, 0);
for (const event of events) {
  if (event.type === "objective_dealt") {
    const dealt: number | null = event.card;
    console.log(dealt);
  }
}
const outcomes: Array<[number, number]> = game.chanceOutcomes();
const history: Array<[number | null, number]> = game.history();
const winners: number[] | undefined = game.winners();
const returns: number[] = game.returns("points");
console.log(floors, outcomes, history, winners, returns, KingUpGame.ACTION_COUNT);

const court = new CourtGame({ players: 3, max_rounds: 20 });
const view: CourtView = court.view(0);
const supply: number | null | undefined = view.supply["jester"];
const courtBot = new CourtBot("mcts", 3);
const courtEvents: CourtEvent[] = court.events();
const loaded: CourtGame = CourtGame.load(court.save());
const drawn: number = loaded.isChance() ? loaded.resolveChance() : -1;
console.log(supply, courtBot.name, courtEvents.length, drawn, CourtBot.kinds());
const hands: number[] = view.hands;
const order: number[] = view.order;
const parts: Array<FinalTurn | null> = view.final_turns;
const cards: CourtVocabulary = CourtGame.vocabulary();
const buy: number | null = cards.cards[2].buy;
console.log(hands, order, view.max_dice, view.dice_in_hand, buy, cards.rows[1].key, cards.actions.roll);
for (const part of parts) {
  if (part !== null && typeof part === "object") console.log(part.played.count);
}

try {
  game.apply(9, 0);
} catch (error) {
  const { name, code } = error as Error & { code: string };
  console.log(name, code);
}
