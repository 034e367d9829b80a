//! Chance steps: what they decide, their outcomes and the outcome index space.

use core::fmt;

use arrayvec::ArrayVec;
use rand_core::RngCore;

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
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChanceOutcome::FirstPlayer(seat) => write!(f, "seat {seat} starts"),
            ChanceOutcome::Layout(floor) => write!(f, "laid out on {floor}"),
            ChanceOutcome::Deal(card) => write!(f, "dealt card {card}"),
        }
    }
}

/// The position of the `n`-th lowest set bit of `mask`, if it has more than `n` bits set.
pub(crate) fn nth_bit(mut mask: u32, n: u32) -> Option<u32> {
    for _ in 0..n {
        mask &= mask.wrapping_sub(1);
    }
    (mask != 0).then(|| mask.trailing_zeros())
}

/// Iterates over the positions of the set bits of `mask`, lowest first.
pub(crate) fn bits(mut mask: u32) -> impl Iterator<Item = u32> {
    core::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask.trailing_zeros();
            mask &= mask - 1;
            bit
        })
    })
}

/// A uniform integer in `0..n` (`n > 0`) without modulo bias (Lemire's method).
pub(crate) fn uniform_below<R: RngCore + ?Sized>(rng: &mut R, n: u32) -> u32 {
    debug_assert!(n > 0);
    let threshold = n.wrapping_neg() % n;
    loop {
        let product = u64::from(rng.next_u32()) * u64::from(n);
        if (product as u32) >= threshold {
            return (product >> 32) as u32;
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
    }

    #[test]
    fn uniform_below_stays_in_range_and_covers_it() {
        struct Counter(u32);
        impl RngCore for Counter {
            fn next_u32(&mut self) -> u32 {
                self.0 = self.0.wrapping_add(0x9E37_79B9);
                self.0
            }
            fn next_u64(&mut self) -> u64 {
                u64::from(self.next_u32())
            }
            fn fill_bytes(&mut self, dest: &mut [u8]) {
                dest.fill(0);
            }
        }
        let mut rng = Counter(1);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[uniform_below(&mut rng, 7) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| n > 800), "{seen:?}");
    }
}
