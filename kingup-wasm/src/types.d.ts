/** Options of a new game. */
export interface GameOptions {
  /** The seed of the game's generator (0 to 2**64 - 1); omitted: from crypto.getRandomValues. */
  seed?: number | bigint;
  /** "auto" (the default): chance is drawn at once; "explicit": left pending. */
  chance?: "auto" | "explicit";
}

/** A King Up! config: the save document's `config` object. */
export interface KingUpConfig {
  players: number;
  rounds: number;
  setup: "placement" | "random_layout";
  first_player: "random" | number | { seat: number } | string;
  deck: unknown;
}

/** A To Court the King config: the save document's `config` object. */
export interface CourtConfig {
  players: number;
  first_player: "random" | number | { seat: number } | string;
  unlimited_jesters: boolean;
  preroll_abilities: boolean;
  max_rounds: number | null;
}

/** A King Up! event, tagged by `type` (see docs). */
export interface KingUpEvent { type: string; [field: string]: unknown }
/** A To Court the King event, tagged by `type`. */
export interface CourtEvent { type: string; [field: string]: unknown }

/** A King Up! view: a seat's PlayerView, or the spectator's PublicView. */
export type KingUpView = { [field: string]: unknown };
/** A To Court the King view: the position document with `seat` and `supply`. */
export type CourtView = { seat: number | null; supply: { [card: string]: number | null }; [field: string]: unknown };

/** King Up! bot specs: "random", "heuristic", "ismcts", "reader", "ismcts:N", "reader:N". */
export type KingUpBotSpec = string;
/** To Court the King bot specs: "greedy", "random", "mcts". */
export type CourtBotSpec = "greedy" | "random" | "mcts";
