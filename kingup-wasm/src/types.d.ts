/** Options of a new game. */
export interface GameOptions {
  /** The seed of the game's generator, 0 to 2**64 - 1 (a safe integer or a bigint);
   *  omitted: drawn from crypto.getRandomValues. A seed predicts every chance step. */
  seed?: number | bigint;
  /** "auto" (the default): chance is drawn at once; "explicit": left pending. */
  chance?: "auto" | "explicit";
}

/** Who starts the first round. */
export type FirstPlayer = "random" | { seat: number };

/** A King Up! config: the save document's `config` object. */
export interface KingUpConfig {
  /** 3 to 6. */
  players: number;
  /** 3, or 1 in the quick variant. */
  rounds: number;
  setup: "placement" | "random_layout";
  first_player: FirstPlayer;
  /** The objective cards, each the six characters it names ("BDEMNP"). */
  deck: string[];
}

/** A To Court the King config: the save document's `config` object. */
export interface CourtConfig {
  /** 2 to 5. */
  players: number;
  first_player: FirstPlayer;
  unlimited_jesters: boolean;
  preroll_abilities: boolean;
  /** Normal rounds after which the game ends truncated; null: never. */
  max_rounds: number | null;
}

/** A King Up! character's letter: A B C D E F G I L M N O P. */
export type Character = string;
export type Vote = "yes" | "no";

/** A King Up! event (the JSON every language reads, tagged by `type`). Another seat's dealt
 *  card and committed vote are null in the events a seat or a spectator sees. */
export type KingUpEvent =
  | { type: "first_player_chosen"; seat: number }
  | { type: "objective_dealt"; seat: number; card: number | null }
  | { type: "laid_out"; character: Character; floor: number }
  | { type: "round_started"; round: number; first_player: number }
  | { type: "placed"; seat: number; character: Character; floor: number }
  | { type: "leftovers_placed"; characters: string }
  | { type: "climbed"; seat: number; character: Character; to: number }
  | { type: "election_called"; seat: number; candidate: Character }
  | { type: "vote_committed"; seat: number; vote: Vote | null }
  | { type: "votes_revealed"; candidate: Character; no: number[] }
  | { type: "eliminated"; character: Character }
  | { type: "crowned"; character: Character }
  | { type: "round_scored"; round: number; objectives: Array<number | null>; points: number[] }
  | { type: "game_over"; totals: number[]; winners: number[] };

export type KingUpPhase = "setup" | "placement" | "climb" | "vote" | "score" | "game_over";

/** Everything public about a King Up! game: the spectator's view. */
export interface KingUpPublicView {
  config: KingUpConfig;
  /** From 0. */
  round: number;
  phase: KingUpPhase;
  /** "chance", "nobody", { seat: n }, or { voters: [seats] }. */
  actor: "chance" | "nobody" | { seat: number } | { voters: number[] };
  chance_step: null | "first_player" | { deal: number } | { layout: Character };
  /** Floors 0 to 6 (6: the throne), each the characters on it ("ABMN"). */
  castle: { floors: string[]; eliminated: string };
  first_player: number | null;
  crown: number | null;
  voted: number[];
  dealt: number[];
  movers: number[][];
  no_votes: number[][];
  /** By round, by seat: the objective card once the round is scored, else null. */
  revealed: Array<Array<number | null>>;
  scores: number[][];
  rounds_scored: number;
  /** By seat: the No cards it has left this round (its allowance less the No votes it was
   *  seen to play). Added by this package: the engine's deduction, so a page need not. */
  no_cards: number[];
  /** By seat: its points over the rounds scored so far. Added by this package (the
   *  engine's sum of `scores`). */
  totals: number[];
}

/** What one King Up! seat may see: the public view, its own objective card and vote. */
export interface KingUpPlayerView {
  seat: number;
  public: KingUpPublicView;
  objective_card: number | null;
  vote: Vote | null;
}

/** A King Up! view: a seat's, or (no seat) the spectator's. */
export type KingUpView = KingUpPlayerView | KingUpPublicView;

/** A To Court the King card's key ("farmer", "king", …). */
export type Card = string;
/** Dice as text: "none", or faces high to low joined by "-" ("6-6-5"). */
export type Dice = string;
/** A result's value: `count` dice showing `face`. */
export interface DiceValue { count: number; face: number }

/** A To Court the King event (the JSON every language reads, tagged by `type`). */
export type CourtEvent =
  | { type: "first_player_chosen"; seat: number }
  | { type: "round_started"; round: number; start: number }
  | { type: "final_round_started"; first: number; queen: number }
  | { type: "turn_started"; seat: number; dice: number }
  | { type: "pre_rolled"; seat: number; card: Card }
  | { type: "rolling"; seat: number; dice: number }
  | { type: "die_rolled"; seat: number; face: number }
  | { type: "set_aside"; seat: number; face: number }
  | { type: "card_used"; seat: number; card: Card; from: Dice; to: Dice }
  | { type: "picked"; seat: number; card: Card; face: number }
  | { type: "result_set"; seat: number; result: Dice }
  | { type: "bought"; seat: number; card: Card }
  | { type: "passed"; seat: number }
  | { type: "skipped"; seat: number; max_dice: number }
  | { type: "king_taken"; seat: number; value: DiceValue }
  | { type: "game_over"; outcome: { won: number } | "truncated" };

/** A seat's part in To Court the King's final round: its turn has not come, it is
 *  playing, it played (its result's value), it could not beat the best and did not play,
 *  or (the Queen's holder) it still held the King when its turn came and won. */
export type FinalTurn =
  | "waiting" | "playing" | { played: DiceValue } | "skipped" | "kept_the_king";

/** A To Court the King view: the position document (the whole game: court hides nothing),
 *  with the viewer's `seat` (null: a spectator) and what the rules compute from it (the
 *  fields from `supply` to `final_turns`, added by this package). */
export interface CourtView {
  seat: number | null;
  /** Copies of each card left; null for one that never runs out. */
  supply: { [card: string]: number | null };
  /** By seat: the dice it starts a turn with (3, one per Farmer and Charlatan, two for
   *  the General). */
  hands: number[];
  /** By seat: the most dice it can have in a turn (its hand and each add-a-die card). */
  max_dice: number[];
  /** In the pre-roll phase, the dice the first roll will roll (the hand and each die
   *  added before it); 0 in every other phase. */
  dice_in_hand: number;
  /** The seats in the order they play this round (the final round: the Queen's holder
   *  last); empty while the first player is drawn. */
  order: number[];
  /** By seat: its part in the final round; null outside it. */
  final_turns: Array<FinalTurn | null>;
  config: CourtConfig;
  phase: "setup" | "pre_roll" | "rolling" | "dice" | "select" | "buy" | "game_over";
  stage: "normal" | "king_round" | "final_round";
  round: number;
  start_player: number;
  turn_seat: number;
  /** By seat (5 slots): the cards in front of it. */
  cards: Card[][];
  charlatans: number[];
  king: number | null;
  queen: number | null;
  best: DiceValue | null;
  final_results: Array<DiceValue | null>;
  used: Card[];
  active: Dice;
  aside: Dice;
  picked: Dice;
  selecting: Card | null;
  dice_to_roll: number;
  set_aside_since_roll: boolean;
}

/** King Up!'s pieces as the engine names them (`KingUpGame.vocabulary()`). */
export interface KingUpVocabulary {
  /** The player counts the game is played with: [least, most] ([3, 6]). */
  players: [number, number];
  /** The thirteen characters, in id order: the letter on the piece and the name. */
  characters: Array<{ letter: Character; name: string }>;
  /** The floors, bottom (0, the Servants) to top (6, the Throne): name, points a
   *  character there scores, characters it holds at most. */
  floors: Array<{ index: number; name: string; points: number; capacity: number }>;
}

/** A row of To Court the King's display (a card's back). */
export type CourtRow = "Jester" | "I" | "II" | "III" | "IV" | "V";

/** A To Court the King card as the engine describes it. */
export interface CourtCardInfo {
  key: Card;
  name: string;
  italian: string;
  row: CourtRow;
  /** The cost, in words. */
  cost: string;
  /** The ability, in words. */
  ability: string;
  /** Dice it adds to its owner's hand every turn (Farmer, Charlatan 1; General 2). */
  extra_dice: number;
  /** The face of the die it brings in (Laborer 1 … Bishop 6); null for the others (the
   *  Queen brings in any face). */
  brings_in: number | null;
  /** The action index that buys it; null for the Queen, which is never bought. */
  buy: number | null;
}

/** To Court the King's pieces as the engine names them (`CourtGame.vocabulary()`). */
export interface CourtVocabulary {
  /** The player counts the game is played with: [least, most] ([2, 5]). */
  players: [number, number];
  /** The twenty cards, in id order. */
  cards: CourtCardInfo[];
  /** The display's rows in order, each with its cards' keys. */
  rows: Array<{ key: CourtRow; cards: Card[] }>;
  /** The action indices of the moves that use no card: roll, buy nothing, and set aside
   *  a die of each face (`set_aside[0]` for a 1). */
  actions: { roll: number; pass: number; set_aside: number[] };
}

/** King Up! bot specs: "random", "heuristic", "ismcts", "reader", or a searching kind with
 *  its iterations per decision ("ismcts:300", "reader:300"). */
export type KingUpBotSpec = "random" | "heuristic" | "ismcts" | "reader" | `ismcts:${number}` | `reader:${number}`;
/** To Court the King bot specs. */
export type CourtBotSpec = "greedy" | "random" | "mcts";

/** The `name` of the errors the package throws (each also has a `code`, the snake_case
 *  reason every language reports). */
export type KingupErrorName =
  | "IllegalActionError" | "IllegalChanceError" | "InvalidConfigError" | "SeatError"
  | "UndoError" | "LoadError" | "ParseError" | "TypeError" | "RangeError" | "InternalError";
