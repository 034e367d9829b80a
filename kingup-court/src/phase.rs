//! Where a turn stands, where the game stands, and who is to move.

use core::fmt;

use kingup_table::Seat;

/// Where a game stands within a turn.
///
/// ```text
///            first player (chance, if random)
/// Setup ─────────────────────────────▶ PreRoll ──roll──▶ Rolling (chance: one die a step)
///                                         ▲                 │          ▲
///                                         │                 ▼          │ roll, Jester,
///                   next turn ◀── Buy ◀── Dice ─────────────┘──────────┘ Merchant
///                   (normal rounds)  ▲     │ pick (Merchant, Noblewoman, Nobleman)
///                                    │     ▼
///                  no die active ────┘   Select ──confirm──▶ Dice or Rolling
///                  (final round: next turn, or GameOver)
/// ```
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Phase {
    /// Chance draws the first player.
    Setup = 0,
    /// The turn has begun and nothing is rolled yet: roll, or first use add-a-die cards.
    PreRoll,
    /// Chance rolls the dice waiting to be rolled, one die a step.
    Rolling,
    /// Dice are active: set them aside, use cards, roll again.
    Dice,
    /// Dice are being picked for the Merchant, the Noblewoman or the Nobleman.
    Select,
    /// No die is active: buy a card with the result, or nothing.
    Buy,
    /// The game is over (won, or truncated by `max_rounds`).
    GameOver,
}

impl Phase {
    /// Number of phases.
    pub const COUNT: usize = 7;

    /// A stable number, `0..7`, in declaration order.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The phase's name.
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Setup => "setup",
            Phase::PreRoll => "pre-roll",
            Phase::Rolling => "rolling",
            Phase::Dice => "dice",
            Phase::Select => "select",
            Phase::Buy => "buy",
            Phase::GameOver => "game over",
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// Where a game stands between its start and its end.
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Stage {
    /// Normal rounds: nobody has bought the King.
    Normal = 0,
    /// The round in which the King was bought, finishing normally (nobody else can buy it).
    KingRound,
    /// The final round: one more dice turn each, no buying, the Queen's holder last.
    FinalRound,
}

impl Stage {
    /// A stable number, `0..3`, in declaration order.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(match self {
            Stage::Normal => "normal round",
            Stage::KingRound => "King round",
            Stage::FinalRound => "final round",
        })
    }
}

/// How a game ended.
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This seat holds the King at the end of the final round, or is the Queen's holder and
    /// tied or beat the best: the one winner.
    Won(Seat),
    /// `max_rounds` normal rounds passed without a King bought: no winner.
    Truncated,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Won(seat) => write!(f, "seat {seat} wins"),
            Outcome::Truncated => f.write_str("truncated: nobody bought the King"),
        }
    }
}

/// Who acts next, in the spirit of OpenSpiel's current player.
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Actor {
    /// A chance step is pending: see [`Game::chance_step`](crate::Game::chance_step).
    Chance,
    /// This seat decides.
    Seat(Seat),
    /// The game is over.
    Nobody,
}

impl Actor {
    /// The seat that acts, if a seat does.
    #[inline]
    pub const fn seat(self) -> Option<Seat> {
        match self {
            Actor::Seat(seat) => Some(seat),
            Actor::Chance | Actor::Nobody => None,
        }
    }
}

impl fmt::Display for Actor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Actor::Chance => f.write_str("chance"),
            Actor::Seat(seat) => write!(f, "seat {seat}"),
            Actor::Nobody => f.write_str("nobody"),
        }
    }
}
