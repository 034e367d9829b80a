//! Chance: who starts, and every die rolled, as explicit outcomes.

use core::fmt;
use core::str::FromStr;
use kingup_table::OutcomeIndexError;

use arrayvec::ArrayVec;
use kingup_table::Seat;

use crate::Face;

/// What the pending chance step decides.
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChanceStep {
    /// Who holds the start-player marker (when the config asks for a random first player).
    FirstPlayer,
    /// The face of the next die being rolled (a roll of `k` dice is `k` steps).
    Die,
}

/// The result of a chance step.
///
/// Chance outcomes have their own dense index space, `0..12`:
///
/// | index | outcome | probability |
/// |---|---|---|
/// | `0..6` | `Die(face = i + 1)` | 1/6 each |
/// | `6..12` | `FirstPlayer(seat = i − 6)` | 1/players for each seat that plays (seat 5 never does: the game is for at most five) |
///
/// **Notation**: `die 5`, `first 2`.
///
/// ```
/// use kingup_court::{ChanceOutcome, Face};
/// use kingup_court::Seat;
///
/// let five = ChanceOutcome::Die(Face::Five);
/// assert_eq!(five.index(), 4);
/// assert_eq!(ChanceOutcome::from_index(4), Some(five));
/// assert_eq!(ChanceOutcome::FirstPlayer(Seat::new(2).unwrap()).index(), 8);
/// assert_eq!(five.to_string(), "die 5");
/// assert_eq!("first 2".parse::<ChanceOutcome>()?.index(), 8);
/// # Ok::<(), kingup_court::ParseChanceError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ChanceOutcome {
    /// The die being rolled shows this face.
    Die(Face),
    /// This seat takes the start-player marker.
    FirstPlayer(Seat),
}

/// The outcomes of a chance step with their probabilities, which sum to 1: six faces, or
/// at most five seats.
pub type ChanceOutcomes = ArrayVec<(ChanceOutcome, f64), 6>;

/// The text is not a chance outcome in the notation: `die 5`, `first 2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a chance outcome: expected die FACE (1-6) or first SEAT")]
pub struct ParseChanceError;

impl ChanceOutcome {
    /// Size of the chance outcome index space.
    pub const COUNT: usize = ChanceOutcome::FIRST_PLAYER_BASE + Seat::MAX;
    /// First first-player index.
    pub const FIRST_PLAYER_BASE: usize = 6;

    /// The dense index, `0..12`.
    #[inline]
    pub const fn index(self) -> usize {
        match self {
            ChanceOutcome::Die(face) => face.index(),
            ChanceOutcome::FirstPlayer(seat) => ChanceOutcome::FIRST_PLAYER_BASE + seat.index(),
        }
    }

    /// The outcome with dense index `index`, if it names one.
    pub const fn from_index(index: usize) -> Option<ChanceOutcome> {
        if index < ChanceOutcome::FIRST_PLAYER_BASE {
            match Face::from_index(index) {
                Some(face) => Some(ChanceOutcome::Die(face)),
                None => None,
            }
        } else if index < ChanceOutcome::COUNT {
            match Seat::new(index - ChanceOutcome::FIRST_PLAYER_BASE) {
                Some(seat) => Some(ChanceOutcome::FirstPlayer(seat)),
                None => None,
            }
        } else {
            None
        }
    }
}

impl TryFrom<usize> for ChanceOutcome {
    type Error = OutcomeIndexError<{ ChanceOutcome::COUNT }>;

    fn try_from(
        index: usize,
    ) -> Result<ChanceOutcome, OutcomeIndexError<{ ChanceOutcome::COUNT }>> {
        ChanceOutcome::from_index(index).ok_or(OutcomeIndexError(index))
    }
}

impl fmt::Display for ChanceOutcome {
    /// The notation: `die 5`, `first 2`; `{:#}` gives a sentence.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self, f.alternate()) {
            (ChanceOutcome::Die(face), false) => write!(f, "die {face}"),
            (ChanceOutcome::Die(face), true) => write!(f, "a die shows {face}"),
            (ChanceOutcome::FirstPlayer(seat), false) => write!(f, "first {seat}"),
            (ChanceOutcome::FirstPlayer(seat), true) => write!(f, "seat {seat} starts"),
        }
    }
}

impl FromStr for ChanceOutcome {
    type Err = ParseChanceError;

    fn from_str(text: &str) -> Result<ChanceOutcome, ParseChanceError> {
        let mut words = text.split_whitespace();
        let outcome = match (words.next(), words.next(), words.next()) {
            (Some("die"), Some(face), None) => face.parse().ok().map(ChanceOutcome::Die),
            (Some("first"), Some(seat), None) if seat.bytes().all(|b| b.is_ascii_digit()) => seat
                .parse()
                .ok()
                .and_then(Seat::new)
                .map(ChanceOutcome::FirstPlayer),
            _ => None,
        };
        outcome.ok_or(ParseChanceError)
    }
}

impl fmt::Display for ChanceStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ChanceStep::FirstPlayer => "draw the first player",
            ChanceStep::Die => "roll a die",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_index_round_trips() {
        for i in 0..ChanceOutcome::COUNT {
            let outcome = ChanceOutcome::from_index(i).unwrap();
            assert_eq!(outcome.index(), i);
            assert_eq!(std::format!("{outcome}").parse(), Ok(outcome));
        }
        assert_eq!(ChanceOutcome::COUNT, 12);
        assert_eq!(ChanceOutcome::from_index(12), None);
        assert_eq!(ChanceOutcome::try_from(12), Err(OutcomeIndexError(12)));
        for bad in [
            "", "die", "die 0", "die 7", "first 6", "first -1", "deal 3", "die 1 2",
        ] {
            assert_eq!(
                bad.parse::<ChanceOutcome>(),
                Err(ParseChanceError),
                "{bad:?}"
            );
        }
    }
}
