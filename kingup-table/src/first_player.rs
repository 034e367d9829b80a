//! The rule for who starts a game, which both games configure the same way.

use crate::Seat;

/// Who starts the first round.
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FirstPlayer {
    /// Drawn uniformly at random, by a chance step.
    #[default]
    Random,
    /// This seat.
    Seat(Seat),
}
