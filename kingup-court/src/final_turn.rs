//! Where each seat stands in the final round.

use core::fmt;

use crate::Value;

/// A seat's part in the final round ([`Game::final_turn`](crate::Game::final_turn)).
///
/// The final round goes clockwise from the seat right of the King round's start player,
/// skipping the Queen's holder, who plays last ([`Game::round_order`](crate::Game::round_order)).
/// A seat that cannot beat the best result even with every die its cards can bring in does
/// not play (R37); the Queen's holder need only tie, and does not roll at all if she still
/// holds the King when her turn comes (R38).
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FinalTurn {
    /// Its turn has not come yet.
    Waiting,
    /// It is playing its turn now.
    Playing,
    /// It played: its result's value.
    Played(Value),
    /// It could not beat the best (the Queen's holder: could not tie it) and did not play.
    Skipped,
    /// The Queen's holder still held the King when her turn came: she won without rolling.
    KeptTheKing,
}

impl FinalTurn {
    /// The part's name in snake_case, as the bindings spell it: `"waiting"`, `"playing"`,
    /// `"played"`, `"skipped"` or `"kept_the_king"`.
    pub const fn key(self) -> &'static str {
        match self {
            FinalTurn::Waiting => "waiting",
            FinalTurn::Playing => "playing",
            FinalTurn::Played(_) => "played",
            FinalTurn::Skipped => "skipped",
            FinalTurn::KeptTheKing => "kept_the_king",
        }
    }
}

impl fmt::Display for FinalTurn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FinalTurn::Waiting => f.write_str("waiting"),
            FinalTurn::Playing => f.write_str("playing"),
            FinalTurn::Played(value) => write!(f, "played {value}"),
            FinalTurn::Skipped => f.write_str("skipped"),
            FinalTurn::KeptTheKing => f.write_str("kept the King"),
        }
    }
}
