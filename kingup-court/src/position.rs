//! Positions: a game's state as plain data, and hand-built positions accepted only when the
//! rules can reach them.

use kingup_table::Seat;

use crate::{Card, CardSet, Config, ConfigError, Dice, Phase, Stage, Value};

/// Seats a game has at most.
const SLOTS: usize = Config::MAX_PLAYERS as usize;

/// A game's state as plain data: every field public, nothing checked — what a test, an
/// analysis or a research script builds by hand, in the spirit of shakmaty's `Setup`.
///
/// [`Game::from_position`](crate::Game::from_position) turns it into a
/// [`Game`](crate::Game) only if the rules can reach it: it plays a history through the
/// engine — purchases in each seat's turns, the King, the final round, the dice of the
/// turn in progress — and accepts the position only if that history ends in exactly this
/// state. [`Game::position`](crate::Game::position) goes the other way. With feature
/// `serde` this is the position JSON form.
///
/// The display is not a field: what is left of each card follows from what the seats own.
///
/// **What is accepted.** Every position of play (a property test plays thousands of
/// states under both readings of the add-a-die cards), except one in the middle of card
/// uses ([`InvalidPosition::CardUses`]); nothing unreachable.
///
/// ```
/// use kingup_court::{Card, Config, FirstPlayer, Game, InvalidPosition, Seat};
///
/// let mut config = Config::new(3);
/// config.first_player = FirstPlayer::Seat(Seat::FIRST);
/// let mut position = Game::new(config)?.position();
///
/// // Round 3, seat 1 to start its turn, having bought the Farmer and the Guard in its
/// // two turns so far. The marker passes right: round 3 starts with (0 − 2) mod 3 = 1.
/// let seat = Seat::new(1).unwrap();
/// position.round = 2;
/// position.start_player = seat;
/// position.turn_seat = seat;
/// position.cards[1] = [Card::Farmer, Card::Guard].into_iter().collect();
/// let game = Game::from_position(&position)?;
/// assert_eq!(game.hand(seat), 4);
/// assert_eq!(game.supply(Card::Guard), Some(1)); // 2 copies for 3 players
/// assert_eq!(game.position(), position);
///
/// // Three cards in two turns: no history reaches it.
/// position.cards[1].insert(Card::Maid);
/// assert_eq!(
///     Game::from_position(&position),
///     Err(InvalidPosition::Purchases { seat })
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(deny_unknown_fields)
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The configuration.
    pub config: Config,
    /// The phase of the turn (or setup, or game over).
    pub phase: Phase,
    /// Normal rounds, the King round or the final round.
    pub stage: Stage,
    /// The round index, from 0 (the final round counts as a round).
    pub round: u32,
    /// The current round's start player, the start-player marker's holder.
    pub start_player: Seat,
    /// Whose turn it is (the last seat to play once the game is over).
    pub turn_seat: Seat,
    /// By seat: every card in front of it ([`Game::cards`](crate::Game::cards)).
    pub cards: [CardSet; SLOTS],
    /// By seat: its Charlatans.
    pub charlatans: [u8; SLOTS],
    /// The King card's holder.
    pub king: Option<Seat>,
    /// The Queen card's holder.
    pub queen: Option<Seat>,
    /// The best result: the King buyer's, then the final round's best.
    pub best: Option<Value>,
    /// By seat: its final-round result, once played.
    pub final_results: [Option<Value>; SLOTS],
    /// Cards used this turn.
    pub used: CardSet,
    /// The active dice.
    pub active: Dice,
    /// The dice set aside this turn.
    pub aside: Dice,
    /// The dice picked for the card selecting, in the select phase.
    pub picked: Dice,
    /// The card picking dice, in the select phase.
    pub selecting: Option<Card>,
    /// In the rolling phase, the dice chance has yet to roll (0 in every other phase).
    pub dice_to_roll: u8,
    /// Whether a die was set aside since the last roll.
    pub set_aside_since_roll: bool,
}

/// Why [`Game::from_position`](crate::Game::from_position) refused a position: the rules
/// cannot reach it, or (for [`InvalidPosition::CardUses`]) the search does not try it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InvalidPosition {
    /// The configuration is not playable.
    #[error("invalid config: {0}")]
    Config(#[from] ConfigError),
    /// A seat that does not play is named (to move, to start, holding a card or the King
    /// or Queen, with a result).
    #[error("seat {seat} does not play in this game")]
    Seat {
        /// The seat.
        seat: Seat,
    },
    /// The start player does not fit the round: the marker starts with the configured
    /// first player and passes right after every round.
    #[error("the start player of this round must be seat {expected}")]
    StartPlayer {
        /// The seat the rules give the marker in this round.
        expected: Seat,
    },
    /// The round is past the configured bound, or past the most a position may be set up
    /// at ([`Position::MAX_ROUNDS`]).
    #[error("round index {round} is out of range")]
    Round {
        /// The round index.
        round: u32,
    },
    /// The seat cannot have bought these cards in the turns it has played: too many, a
    /// card its dice could never meet the cost of, or more copies than the display holds.
    #[error("seat {seat} cannot have bought these cards in its turns")]
    Purchases {
        /// The seat.
        seat: Seat,
    },
    /// The turn in progress used a card other than the add-a-die cards: positions in the
    /// middle of card uses are not searched. Set the position up before them and play
    /// them with [`Game::apply`](crate::Game::apply).
    #[error("the turn in progress used a card other than an add-a-die card")]
    CardUses,
    /// No history reaches the position.
    #[error("no sequence of moves reaches this position")]
    Unreachable,
}

impl InvalidPosition {
    /// A stable snake_case code: `"config"`, `"seat"`, `"start_player"`, `"round"`,
    /// `"purchases"`, `"card_uses"` or `"unreachable"`.
    pub const fn code(&self) -> &'static str {
        match self {
            InvalidPosition::Config(_) => "config",
            InvalidPosition::Seat { .. } => "seat",
            InvalidPosition::StartPlayer { .. } => "start_player",
            InvalidPosition::Round { .. } => "round",
            InvalidPosition::Purchases { .. } => "purchases",
            InvalidPosition::CardUses => "card_uses",
            InvalidPosition::Unreachable => "unreachable",
        }
    }
}

impl Position {
    /// A history of this position: the replay of a new game of its config whose steps,
    /// played in order, reach exactly this position (they are how
    /// [`Game::from_position`](crate::Game::from_position) checks it). A session resumes
    /// from it like from a save ([`Session::from_replay`](crate::Session::from_replay)), so
    /// a game set up by hand saves as its replay like any other.
    ///
    /// ```
    /// use kingup_court::{Card, ChanceMode, Config, FirstPlayer, Game, Generator, Seat, Session};
    ///
    /// let mut config = Config::new(2);
    /// config.first_player = FirstPlayer::Seat(Seat::FIRST);
    /// let mut position = Game::new(config)?.position();
    /// position.round = 1;
    /// position.start_player = Seat::new(1).unwrap();
    /// position.turn_seat = Seat::FIRST;
    /// position.cards[0] = [Card::Farmer].into_iter().collect();
    ///
    /// let replay = position.history()?;
    /// let session = Session::from_replay(replay, Generator::new(7), ChanceMode::Auto)?;
    /// assert_eq!(session.game().position(), position);
    /// assert_eq!(session.game().hand(Seat::FIRST), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "alloc")]
    pub fn history(&self) -> Result<crate::Replay, InvalidPosition> {
        Ok(crate::Replay {
            config: self.config,
            steps: crate::game::history(self)?,
        })
    }

    /// The latest round a position may be set up in: the history plays every round before
    /// it, so this bounds the work of [`Game::from_position`](crate::Game::from_position)
    /// (a 4-player position at round 1,000 takes 0.75 ms to 1.8 ms in a release build, 2.6 times
    /// a replay of its history: `cargo bench -p kingup-court --bench positions`).
    pub const MAX_ROUNDS: u32 = 10_000;
}
