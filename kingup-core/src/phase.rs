//! The phases of a round and who is to move.

use core::fmt;

use crate::{IllegalReason, Seat, SeatSet};

/// Where a game stands. Each round runs `Setup → Placement → Climb ⇄ Vote → Score`; the last
/// round's scoring ends the game.
///
/// ```text
///            chance                 seats                 seats
/// Setup ───────────────▶ Placement ──────▶ Climb ──────────────▶ Vote
///   ▲   (random layout: no placement) ───▶   ▲  ◀── any No: eliminated ──┘
///   │                                                         │ all Yes: crowned
///   └───── first deal of next round ◀──── Score ◀─────────────┘
///                                           └──▶ GameOver (after the last round)
/// ```
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Phase {
    /// Chance steps: first player (round 1), one objective per seat, the random layout.
    Setup = 0,
    /// Seats take turns placing characters on floors 1–4.
    Placement,
    /// The seat to move climbs a character one floor.
    Climb,
    /// A candidate is on the throne; every seat commits a vote.
    Vote,
    /// The round is over and scored; the castle stays as it ended until the next round's
    /// first card is dealt (a chance step).
    Score,
    /// The last round is scored.
    GameOver,
}

impl Phase {
    /// Number of phases.
    pub const COUNT: usize = 6;

    /// A stable number, `0..6`, in the order the phases are declared (observation one-hot
    /// and binding enums use it).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The phase's name.
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Setup => "setup",
            Phase::Placement => "placement",
            Phase::Climb => "climb",
            Phase::Vote => "vote",
            Phase::Score => "score",
            Phase::GameOver => "game over",
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// Who acts next, in the spirit of OpenSpiel's current player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum Actor {
    /// A chance step is pending: see [`Game::chance_step`](crate::Game::chance_step).
    Chance,
    /// This seat moves.
    Seat(Seat),
    /// The simultaneous vote: these seats have not committed a vote yet, and any of them
    /// may commit next.
    Voters(SeatSet),
    /// The game is over.
    Nobody,
}

impl Actor {
    /// Whether `seat` may act now.
    #[inline]
    pub const fn includes(self, seat: Seat) -> bool {
        match self {
            Actor::Seat(s) => s.index() == seat.index(),
            Actor::Voters(set) => set.contains(seat),
            Actor::Chance | Actor::Nobody => false,
        }
    }

    /// The seat that acts next: the seat to move, or the lowest seat still to vote.
    #[inline]
    pub const fn next_seat(self) -> Option<Seat> {
        match self {
            Actor::Seat(seat) => Some(seat),
            Actor::Voters(set) => set.lowest(),
            Actor::Chance | Actor::Nobody => None,
        }
    }

    /// Checks that `seat` may act now, or says why not (a seat of the game is assumed:
    /// [`Game::check_turn`](crate::Game::check_turn) also checks that).
    pub const fn check(self, seat: Seat) -> Result<(), IllegalReason> {
        match self {
            _ if self.includes(seat) => Ok(()),
            Actor::Chance => Err(IllegalReason::ChancePending),
            Actor::Nobody => Err(IllegalReason::GameOver),
            Actor::Seat(to_move) => Err(IllegalReason::NotYourTurn { to_move }),
            Actor::Voters(_) => Err(IllegalReason::AlreadyVoted),
        }
    }
}

impl fmt::Display for Actor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Actor::Chance => f.write_str("chance"),
            Actor::Seat(seat) => write!(f, "seat {seat}"),
            Actor::Voters(seats) => write!(f, "voters {seats}"),
            Actor::Nobody => f.write_str("nobody"),
        }
    }
}
