//! Vote cards.

use core::fmt;

/// A vote card: every seat has one Yes card and a few No cards.
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Vote {
    /// Crown the candidate. The card goes back to hand after the reveal.
    Yes,
    /// Eliminate the candidate. The card is discarded for the rest of the round.
    No,
}

impl fmt::Display for Vote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(match self {
            Vote::Yes => "Yes",
            Vote::No => "No",
        })
    }
}
