//! Chance steps: what they decide, their outcomes and the outcome index space.

use core::fmt;
use core::str::FromStr;
use kingup_table::OutcomeIndexError;

use arrayvec::ArrayVec;

use crate::{CardId, Character, Deck, Floor, Seat};

/// What the pending chance step decides.
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChanceStep {
    /// Who starts round 1 (when the config asks for a random first player).
    FirstPlayer,
    /// Which objective card `seat` is dealt, uniformly among the cards not yet used.
    Deal(Seat),
    /// Which floor 0–3 `character` starts on (random-layout variant).
    Layout(Character),
}

/// The result of a chance step.
///
/// Chance outcomes have their own dense index space, `0..42`:
///
/// | index     | outcome                          |
/// |-----------|----------------------------------|
/// | `0..6`    | `FirstPlayer(seat = i)`          |
/// | `6..10`   | `Layout(floor = i - 6)` (0–3)    |
/// | `10..42`  | `Deal(card = i - 10)`            |
///
/// ```
/// use kingup_core::{CardId, ChanceOutcome};
///
/// let deal = ChanceOutcome::Deal(CardId::new(3).unwrap());
/// assert_eq!(deal.index(), 13);
/// assert_eq!(ChanceOutcome::from_index(13), Some(deal));
/// assert_eq!(ChanceOutcome::from_index(42), None);
/// assert_eq!(deal.to_string(), "deal 3");
/// assert_eq!("deal 3".parse(), Ok(deal));
/// ```
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ChanceOutcome {
    /// This seat starts round 1.
    FirstPlayer(Seat),
    /// The character being laid out goes on this floor (0–3).
    Layout(Floor),
    /// The seat being dealt gets this card.
    Deal(CardId),
}

/// The outcomes of a chance step with their probabilities, which sum to 1.
///
/// Capacity: a deal has at most [`Deck::MAX`] (32) outcomes, a first-player draw 6 and a
/// layout 4.
pub type ChanceOutcomes = ArrayVec<(ChanceOutcome, f64), { Deck::MAX }>;

impl ChanceOutcome {
    /// Size of the chance outcome index space.
    pub const COUNT: usize = ChanceOutcome::DEAL_BASE + Deck::MAX;
    /// First layout index.
    pub const LAYOUT_BASE: usize = Seat::MAX;
    /// First deal index.
    pub const DEAL_BASE: usize = ChanceOutcome::LAYOUT_BASE + 4;

    /// The dense index, `0..42`.
    #[inline]
    pub const fn index(self) -> usize {
        match self {
            ChanceOutcome::FirstPlayer(seat) => seat.index(),
            ChanceOutcome::Layout(floor) => ChanceOutcome::LAYOUT_BASE + floor.index(),
            ChanceOutcome::Deal(card) => ChanceOutcome::DEAL_BASE + card.index(),
        }
    }

    /// The outcome with dense index `index`, if it names one.
    pub const fn from_index(index: usize) -> Option<ChanceOutcome> {
        if index < ChanceOutcome::LAYOUT_BASE {
            match Seat::new(index) {
                Some(seat) => Some(ChanceOutcome::FirstPlayer(seat)),
                None => None,
            }
        } else if index < ChanceOutcome::DEAL_BASE {
            match Floor::from_index(index - ChanceOutcome::LAYOUT_BASE) {
                Some(floor) => Some(ChanceOutcome::Layout(floor)),
                None => None,
            }
        } else {
            match CardId::new(index - ChanceOutcome::DEAL_BASE) {
                Some(card) => Some(ChanceOutcome::Deal(card)),
                None => None,
            }
        }
    }
}

impl fmt::Display for ChanceOutcome {
    /// The notation: `first 2`, `layout 0`, `deal 12`; `{:#}` gives a sentence.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self, f.alternate()) {
            (ChanceOutcome::FirstPlayer(seat), false) => write!(f, "first {seat}"),
            (ChanceOutcome::FirstPlayer(seat), true) => write!(f, "seat {seat} starts"),
            (ChanceOutcome::Layout(floor), false) => write!(f, "layout {}", floor.index()),
            (ChanceOutcome::Layout(floor), true) => write!(f, "laid out on {floor}"),
            (ChanceOutcome::Deal(card), false) => write!(f, "deal {}", card.index()),
            (ChanceOutcome::Deal(card), true) => write!(f, "dealt card {card}"),
        }
    }
}

/// The text is not a chance outcome in the notation: `first 2`, `layout 0`, `deal 12`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a chance outcome: expected first SEAT, layout FLOOR (0-3) or deal CARD")]
pub struct ParseChanceError;

impl FromStr for ChanceOutcome {
    type Err = ParseChanceError;

    /// Reads the notation: `first 2`, `layout 0`, `deal 12`.
    fn from_str(text: &str) -> Result<ChanceOutcome, ParseChanceError> {
        let (kind, number) = text.trim().split_once(' ').ok_or(ParseChanceError)?;
        let n: usize = number.trim().parse().map_err(|_| ParseChanceError)?;
        let outcome = match kind {
            "first" => Seat::new(n).map(ChanceOutcome::FirstPlayer),
            "layout" => Floor::from_index(n)
                .filter(|f| f.index() < 4)
                .map(ChanceOutcome::Layout),
            "deal" => CardId::new(n).map(ChanceOutcome::Deal),
            _ => None,
        };
        outcome.ok_or(ParseChanceError)
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

impl fmt::Display for ChanceStep {
    /// What the step decides: `draw the first player`, `deal seat 2's objective`,
    /// `lay out Beatrice`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChanceStep::FirstPlayer => f.write_str("draw the first player"),
            ChanceStep::Deal(seat) => write!(f, "deal seat {seat}'s objective"),
            ChanceStep::Layout(character) => write!(f, "lay out {character}"),
        }
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
        }
        assert_eq!(ChanceOutcome::COUNT, 42);
        assert_eq!(ChanceOutcome::from_index(42), None);
        assert_eq!(ChanceOutcome::try_from(42), Err(OutcomeIndexError(42)));
    }

    #[test]
    fn notation_round_trips_for_every_outcome() {
        for i in 0..ChanceOutcome::COUNT {
            let outcome = ChanceOutcome::from_index(i).unwrap();
            assert_eq!(std::format!("{outcome}").parse(), Ok(outcome));
        }
        for bad in [
            "",
            "deal",
            "deal 32",
            "layout 4",
            "first 6",
            "deal -1",
            "shuffle 2",
        ] {
            assert_eq!(
                bad.parse::<ChanceOutcome>(),
                Err(ParseChanceError),
                "{bad:?}"
            );
        }
    }
}
