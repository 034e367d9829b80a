//! Events: every visible change, in order, for front ends to animate and logs to replay.

use core::fmt;

use arrayvec::ArrayVec;
use kingup_table::Seat;

use crate::{Card, Dice, Face, Outcome, Value};

/// Something that happened in the game. The game has no hidden information, so no event
/// is ever redacted.
///
/// ```
/// use kingup_court::{Config, Event, Game};
/// use kingup_court::{FirstPlayer, Seat};
///
/// let mut config = Config::new(3);
/// config.first_player = FirstPlayer::Seat(Seat::FIRST);
/// let mut events = Vec::new();
/// let game = Game::new_with(config, &mut events)?;
/// assert_eq!(events[0].to_string(), "round 1 begins with seat 0");
/// assert_eq!(events[1], Event::TurnStarted { seat: Seat::FIRST, dice: 3 });
/// # Ok::<(), kingup_court::ConfigError>(())
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
// Reading an internally tagged enum needs serde's buffering, hence `alloc`.
#[cfg_attr(all(feature = "serde", feature = "alloc"), derive(serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "type", rename_all = "snake_case"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// Chance chose the first player.
    FirstPlayerChosen {
        /// The seat that takes the start-player marker.
        seat: Seat,
    },
    /// A normal round begins.
    RoundStarted {
        /// The round index, from 0.
        round: u32,
        /// The start player: the marker's holder, who plays first.
        start: Seat,
    },
    /// The King round is over: the final round begins. (The start-player marker has passed
    /// right as after every round, so the marker's holder plays first unless she holds the
    /// Queen; [`Game::round_order`](crate::Game::round_order) gives the whole order.)
    FinalRoundStarted {
        /// The seat that plays first (not the marker's holder when she holds the Queen).
        first: Seat,
        /// The Queen's holder, who plays last.
        queen: Seat,
    },
    /// A seat's turn begins with this many dice in hand (3, the Farmer, each Charlatan, the
    /// General).
    TurnStarted {
        /// Whose turn it is.
        seat: Seat,
        /// Dice in hand.
        dice: u8,
    },
    /// Before the first roll, a card added a die to it.
    PreRolled {
        /// The seat.
        seat: Seat,
        /// The add-a-die card used.
        card: Card,
    },
    /// The seat rolls: the first roll, or every active die again. Chance steps follow, one
    /// [`Event::DieRolled`] per die.
    Rolling {
        /// The seat.
        seat: Seat,
        /// Dice to roll.
        dice: u8,
    },
    /// A die was rolled (a roll, or a Jester or Merchant re-roll); it is active.
    DieRolled {
        /// Whose die.
        seat: Seat,
        /// The face it shows.
        face: Face,
    },
    /// An active die was set aside; it is final.
    SetAside {
        /// The seat.
        seat: Seat,
        /// Its face.
        face: Face,
    },
    /// A card's ability changed the active dice: the dice `from` left, the dice `to` joined.
    /// A die brought in has empty `from`; a re-roll (Jester, Merchant) has empty `to`, and
    /// [`Event::DieRolled`] events follow.
    CardUsed {
        /// The seat.
        seat: Seat,
        /// The card.
        card: Card,
        /// Active dice taken.
        from: Dice,
        /// Active dice given.
        to: Dice,
    },
    /// A die was picked for the Merchant, the Noblewoman or the Nobleman.
    Picked {
        /// The seat.
        seat: Seat,
        /// The card picking.
        card: Card,
        /// The face of the picked die.
        face: Face,
    },
    /// No die is active: the turn's dice are done and `result` is final.
    ResultSet {
        /// The seat.
        seat: Seat,
        /// The set-aside dice.
        result: Dice,
    },
    /// A card was bought. The Charlatan turns a Jester over; the King comes with the Queen
    /// and starts the end of the game.
    Bought {
        /// The buyer.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// The seat bought nothing.
    Passed {
        /// The seat.
        seat: Seat,
    },
    /// Final round: the seat cannot beat the best result (the Queen's holder: cannot tie
    /// it) even with every die it could have, so it does not play.
    Skipped {
        /// The seat.
        seat: Seat,
        /// The most dice it could have this turn.
        max_dice: u8,
    },
    /// Final round: the seat's result beat the best, and the King card moves to it.
    KingTaken {
        /// The new King's holder.
        seat: Seat,
        /// The new best result.
        value: Value,
    },
    /// The game is over.
    GameOver {
        /// Who won, or that it was truncated.
        outcome: Outcome,
    },
}

/// One step's events, without allocation.
///
/// Capacity 8 is enough for any step. The longest are:
///
/// - the last set-aside of a final-round turn: set aside, result set, King taken, up to 3
///   seats skipped (the others before the Queen's holder), then the Queen's holder skipped
///   too and the game over: 8;
/// - buying or passing at the end of the King round: bought or passed, final round
///   started, up to 4 seats skipped, then a turn starts or the game ends (if every other
///   seat was skipped the Queen's holder still holds the King and wins without a skip
///   event): 7.
///
/// A chance step writes at most 3 (first player chosen, round started, turn started), and
/// any other action at most 3 (bought or passed, round started, turn started).
pub type Events = ArrayVec<Event, 8>;

/// Where the engine writes the events of a step: the table's
/// [`EventSink`](kingup_table::EventSink) for this game's [`Event`], under the name the
/// engine's methods take.
///
/// `()` discards them (the fast path), [`Events`] collects one step's and `Vec<Event>`
/// (feature `alloc`) collects a whole game's. A sink of your own implements
/// `kingup_table::EventSink<Event>`.
pub trait EventSink: kingup_table::EventSink<Event> {}

impl<S: kingup_table::EventSink<Event> + ?Sized> EventSink for S {}

impl Event {
    /// The event's type in snake_case, e.g. `"set_aside"`: the `"type"` field of its serde
    /// form.
    pub const fn kind(&self) -> &'static str {
        match self {
            Event::FirstPlayerChosen { .. } => "first_player_chosen",
            Event::RoundStarted { .. } => "round_started",
            Event::FinalRoundStarted { .. } => "final_round_started",
            Event::TurnStarted { .. } => "turn_started",
            Event::PreRolled { .. } => "pre_rolled",
            Event::Rolling { .. } => "rolling",
            Event::DieRolled { .. } => "die_rolled",
            Event::SetAside { .. } => "set_aside",
            Event::CardUsed { .. } => "card_used",
            Event::Picked { .. } => "picked",
            Event::ResultSet { .. } => "result_set",
            Event::Bought { .. } => "bought",
            Event::Passed { .. } => "passed",
            Event::Skipped { .. } => "skipped",
            Event::KingTaken { .. } => "king_taken",
            Event::GameOver { .. } => "game_over",
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Event::FirstPlayerChosen { seat } => write!(f, "seat {seat} takes the marker"),
            Event::RoundStarted { round, start } => {
                write!(f, "round {} begins with seat {start}", u64::from(round) + 1)
            }
            Event::FinalRoundStarted { first, queen } => write!(
                f,
                "the final round begins with seat {first}; seat {queen} plays last"
            ),
            Event::TurnStarted { seat, dice } => write!(f, "seat {seat} starts with {dice} dice"),
            Event::PreRolled { seat, card } => {
                write!(f, "seat {seat} adds a die to the roll with the {card}")
            }
            Event::Rolling { seat, dice } => write!(f, "seat {seat} rolls {dice} dice"),
            Event::DieRolled { seat, face } => write!(f, "seat {seat} rolls a {face}"),
            Event::SetAside { seat, face } => write!(f, "seat {seat} sets aside a {face}"),
            Event::CardUsed {
                seat,
                card,
                from,
                to,
            } => write!(f, "seat {seat} uses the {card}: {from} becomes {to}"),
            Event::Picked { seat, card, face } => {
                write!(f, "seat {seat} picks a {face} for the {card}")
            }
            Event::ResultSet { seat, result } => write!(f, "seat {seat}'s result is {result}"),
            Event::Bought { seat, card } => write!(f, "seat {seat} buys the {card}"),
            Event::Passed { seat } => write!(f, "seat {seat} buys nothing"),
            Event::Skipped { seat, max_dice } => write!(
                f,
                "seat {seat} cannot beat the best with {max_dice} dice and does not play"
            ),
            Event::KingTaken { seat, value } => {
                write!(f, "seat {seat} takes the King with {value}")
            }
            Event::GameOver { outcome } => write!(f, "game over: {outcome}"),
        }
    }
}
