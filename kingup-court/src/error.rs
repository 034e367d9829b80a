//! Why an action or a chance outcome was refused.

use kingup_table::Seat;

use crate::{Action, Card, ChanceOutcome, ChanceStep, Face, Phase};

/// An action was refused; the game is unchanged. Names the seat, the action and the reason.
///
/// ```
/// use kingup_court::{Action, Config, Game, IllegalReason};
/// use kingup_court::{FirstPlayer, Seat};
///
/// let mut config = Config::new(3);
/// config.first_player = FirstPlayer::Seat(Seat::FIRST);
/// let mut game = Game::new(config)?;
/// let err = game.apply(Seat::FIRST, "buy king".parse()?).unwrap_err();
/// assert_eq!(err.reason, IllegalReason::WrongPhase { phase: game.phase() });
/// assert_eq!(err.to_string(), "seat 0 cannot buy the King: this is not possible in the pre-roll phase");
/// assert_eq!(err.reason.code(), "wrong_phase");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type IllegalAction = kingup_table::IllegalAction<Action, IllegalReason>;

/// Why an action is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalReason {
    /// The seat does not play in this game.
    #[error("there is no such seat in a {players}-player game")]
    NoSuchSeat {
        /// Players in this game.
        players: u8,
    },
    /// Nothing can be played once the game is over.
    #[error("the game is over")]
    GameOver,
    /// The next step belongs to chance (the first player, a die being rolled).
    #[error("a chance step is pending")]
    ChancePending,
    /// Another seat is to move.
    #[error("it is seat {to_move}'s turn")]
    NotYourTurn {
        /// The seat to move.
        to_move: Seat,
    },
    /// The action belongs to another phase of the turn.
    #[error("this is not possible in the {phase} phase")]
    WrongPhase {
        /// The current phase.
        phase: Phase,
    },
    /// Dice are being picked for a card: only picking more or confirming is possible.
    #[error("the dice picked for the {card} must be confirmed first")]
    Selecting {
        /// The card picking dice.
        card: Card,
    },
    /// The seat does not own the card (for the Jester: it has no face-up Jester).
    #[error("it does not have the {card}")]
    NotOwned {
        /// The card.
        card: Card,
    },
    /// The card was used already this turn.
    #[error("the {card} was used already this turn")]
    AlreadyUsed {
        /// The card.
        card: Card,
    },
    /// The `preroll_abilities` variant is off: add-a-die cards wait for the first roll.
    #[error("cards cannot be used before the first roll in this game")]
    PreRollOff,
    /// No active die shows the face (counting dice already picked as taken).
    #[error("no active die shows {face}")]
    NoActiveDie {
        /// The face.
        face: Face,
    },
    /// The Astronomer copies a face set aside this turn, and none shows this one.
    #[error("no die set aside this turn shows {face}")]
    NotSetAside {
        /// The face.
        face: Face,
    },
    /// Rolling again needs a die set aside since the last roll.
    #[error("a die must be set aside before rolling again")]
    MustSetAside,
    /// Dice are picked in non-decreasing face order.
    #[error("dice are picked from low to high: the last pick was a {last}")]
    PickOrder {
        /// The face picked last.
        last: Face,
    },
    /// The seat owns the card already.
    #[error("it already has the {card}")]
    AlreadyOwned {
        /// The card.
        card: Card,
    },
    /// No copy of the card is left in the display.
    #[error("the {card} is sold out")]
    SoldOut {
        /// The card.
        card: Card,
    },
    /// The result does not pay the card's cost.
    #[error("the result does not pay for the {card}")]
    CostNotMet {
        /// The card.
        card: Card,
    },
    /// The Charlatan is bought by turning over a face-up Jester, and the seat has none.
    #[error("buying the Charlatan needs a face-up Jester")]
    NoFaceUpJester,
    /// A seat holds at most one face-up Jester: turn it into a Charlatan first.
    #[error("it already has a face-up Jester")]
    FaceUpJester,
    /// Under `unlimited_jesters`, a seat holds at most [`Game::MAX_CHARLATANS`]
    /// Charlatans (so the dice of a turn stay countable).
    ///
    /// [`Game::MAX_CHARLATANS`]: crate::Game::MAX_CHARLATANS
    #[error("it has as many Charlatans as a seat may hold")]
    CharlatanLimit,
}

kingup_table::reason_codes! {
    IllegalReason {
        NoSuchSeat { .. } => "no_such_seat",
        GameOver => "game_over",
        ChancePending => "chance_pending",
        NotYourTurn { .. } => "not_your_turn",
        WrongPhase { .. } => "wrong_phase",
        Selecting { .. } => "selecting",
        NotOwned { .. } => "not_owned",
        AlreadyUsed { .. } => "already_used",
        PreRollOff => "pre_roll_off",
        NoActiveDie { .. } => "no_active_die",
        NotSetAside { .. } => "not_set_aside",
        MustSetAside => "must_set_aside",
        PickOrder { .. } => "pick_order",
        AlreadyOwned { .. } => "already_owned",
        SoldOut { .. } => "sold_out",
        CostNotMet { .. } => "cost_not_met",
        NoFaceUpJester => "no_face_up_jester",
        FaceUpJester => "face_up_jester",
        CharlatanLimit => "charlatan_limit",
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
    #[error("the pending chance step is to {0}")]
    WrongStep(ChanceStep),
    /// The seat does not play in this game.
    #[error("there is no such seat in a {players}-player game")]
    NoSuchSeat {
        /// Players in this game.
        players: u8,
    },
}

kingup_table::reason_codes! {
    ChanceReason {
        NotChance => "not_chance",
        WrongStep(_) => "wrong_step",
        NoSuchSeat { .. } => "no_such_seat",
    }
}
