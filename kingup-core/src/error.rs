//! Why an action or a chance outcome was refused.

use crate::{Action, CardId, ChanceOutcome, ChanceStep, Character, Floor, Phase, Seat};

/// An action was refused; the game is unchanged. Names the seat, the action and the reason.
///
/// ```
/// use kingup_core::{Action, Character, Config, FirstPlayer, Game, IllegalReason, Seat};
///
/// let mut config = Config::new(3);
/// config.first_player = FirstPlayer::Seat(Seat::new(0).unwrap());
/// let mut game = Game::new(config)?;
/// let climb = Action::Climb { character: Character::Dario };
/// let err = game.apply(Seat::new(0).unwrap(), climb).unwrap_err();
/// assert_eq!(err.reason, IllegalReason::ChancePending);
/// assert_eq!(err.to_string(), "seat 0 cannot climb Dario: a chance step is pending");
/// # Ok::<(), kingup_core::ConfigError>(())
/// ```
pub type IllegalAction = kingup_table::IllegalAction<Action, IllegalReason>;

/// Why an action is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalReason {
    /// Nothing can be played after the last round is scored.
    #[error("the game is over")]
    GameOver,
    /// The next step belongs to chance (dealing, first player, layout).
    #[error("a chance step is pending")]
    ChancePending,
    /// The seat does not play in this game.
    #[error("there is no such seat in a {players}-player game")]
    NoSuchSeat {
        /// Players in this game.
        players: u8,
    },
    /// The action belongs to another phase.
    #[error("this is not possible in the {phase} phase")]
    WrongPhase {
        /// The current phase.
        phase: Phase,
    },
    /// Another seat is to move.
    #[error("it is seat {to_move}'s turn")]
    NotYourTurn {
        /// The seat to move.
        to_move: Seat,
    },
    /// The seat already committed its vote in this election.
    #[error("it has already voted in this election")]
    AlreadyVoted,
    /// The character was placed already.
    #[error("{character} is already in the castle")]
    AlreadyPlaced {
        /// The character.
        character: Character,
    },
    /// Placement is on floors 1–4 only.
    #[error("characters are placed on floors 1 to 4, not {floor}")]
    FloorNotAllowed {
        /// The floor asked for.
        floor: Floor,
    },
    /// The target floor already holds four characters (or the throne is taken).
    #[error("{floor} is full")]
    FloorFull {
        /// The full floor.
        floor: Floor,
    },
    /// The character is not on a floor (not placed yet, or eliminated).
    #[error("{character} is not in the castle")]
    NotInCastle {
        /// The character.
        character: Character,
    },
    /// The seat has no No card left this round, so it must vote Yes.
    #[error("it has no No card left and must vote Yes")]
    NoNoCardLeft,
}

kingup_table::reason_codes! {
    IllegalReason {
        GameOver => "game_over",
        ChancePending => "chance_pending",
        NoSuchSeat { .. } => "no_such_seat",
        WrongPhase { .. } => "wrong_phase",
        NotYourTurn { .. } => "not_your_turn",
        AlreadyVoted => "already_voted",
        AlreadyPlaced { .. } => "already_placed",
        FloorNotAllowed { .. } => "floor_not_allowed",
        FloorFull { .. } => "floor_full",
        NotInCastle { .. } => "not_in_castle",
        NoNoCardLeft => "no_no_card_left",
    }
}

/// A chance outcome was refused; the game is unchanged.
pub type IllegalChance = kingup_table::IllegalChance<ChanceOutcome, ChanceReason>;

/// Why a chance outcome is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChanceReason {
    /// A seat is to move, or the game is over.
    #[error("no chance step is pending")]
    NotChance,
    /// The pending chance step decides something else.
    #[error("the pending chance step is {0:?}")]
    WrongStep(ChanceStep),
    /// The seat does not play in this game.
    #[error("there is no such seat in a {players}-player game")]
    NoSuchSeat {
        /// Players in this game.
        players: u8,
    },
    /// The card is not in the deck, or was dealt already in this game.
    #[error("card {0} is not available")]
    CardUnavailable(CardId),
    /// The layout puts characters on floors 0–3 with room.
    #[error("{0} is full or not a starting floor")]
    FloorUnavailable(Floor),
}

kingup_table::reason_codes! {
    ChanceReason {
        NotChance => "not_chance",
        WrongStep(_) => "wrong_step",
        NoSuchSeat { .. } => "no_such_seat",
        CardUnavailable(_) => "card_unavailable",
        FloorUnavailable(_) => "floor_unavailable",
    }
}
