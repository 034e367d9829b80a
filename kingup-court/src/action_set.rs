//! Sets of actions as 238-bit masks: the legal-action mask.

use core::fmt;

use crate::Action;

/// A set of actions, as a mask over the [`Action`] index space (bit `i` of word `i / 64`
/// for the action with index `i`). [`Game::legal_mask`](crate::Game::legal_mask) returns the
/// legal actions this way: counting, testing and picking the `n`-th are a few bit
/// operations, and the four words hand a legal-action mask to another language as is.
///
/// ```
/// use kingup_court::{Action, ActionSet, Face};
///
/// let mut set = ActionSet::EMPTY;
/// set.insert(Action::PASS);
/// set.insert(Action::set_aside(Face::Two));
/// assert_eq!(set.len(), 2);
/// assert_eq!(set.nth(0), Some(Action::set_aside(Face::Two)));
/// assert_eq!(set.iter().last(), Some(Action::PASS));
/// assert_eq!(ActionSet::from_words(set.words()), Some(set));
/// assert_eq!(ActionSet::from_words([0, 0, 0, 1 << 63]), None); // index 255
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ActionSet([u64; 4]);

/// The bits of the last word that name actions (indices 192..238).
const LAST_WORD: u64 = (1 << (Action::COUNT - 192)) - 1;

impl ActionSet {
    /// No action.
    pub const EMPTY: ActionSet = ActionSet([0; 4]);
    /// Every action.
    pub const ALL: ActionSet = ActionSet([u64::MAX, u64::MAX, u64::MAX, LAST_WORD]);

    /// The mask as four little-endian words.
    #[inline]
    pub const fn words(self) -> [u64; 4] {
        self.0
    }

    /// The set with mask `words`, if it names no index past 237.
    #[inline]
    pub const fn from_words(words: [u64; 4]) -> Option<ActionSet> {
        if words[3] & !LAST_WORD == 0 {
            Some(ActionSet(words))
        } else {
            None
        }
    }

    /// Whether `action` is in the set.
    #[inline]
    pub const fn contains(self, action: Action) -> bool {
        let i = action.index();
        self.0[i / 64] >> (i % 64) & 1 != 0
    }

    /// Adds `action`.
    #[inline]
    pub fn insert(&mut self, action: Action) {
        let i = action.index();
        self.0[i / 64] |= 1 << (i % 64);
    }

    /// Adds the actions `start + j` for each bit `j` of `bits` (indices past the space are
    /// ignored).
    #[inline]
    pub(crate) fn insert_bits(&mut self, start: u8, bits: u128) {
        let (word, shift) = (usize::from(start) / 64, u32::from(start) % 64);
        // Spread the 128 bits over at most three words.
        let low = bits << shift;
        let high = if shift == 0 { 0 } else { bits >> (128 - shift) };
        let parts = [low as u64, (low >> 64) as u64, high as u64];
        for (offset, part) in parts.into_iter().enumerate() {
            if let Some(w) = self.0.get_mut(word + offset) {
                *w |= part;
            }
        }
        self.0[3] &= LAST_WORD;
    }

    /// Number of actions in the set.
    #[inline]
    pub const fn len(self) -> usize {
        (self.0[0].count_ones()
            + self.0[1].count_ones()
            + self.0[2].count_ones()
            + self.0[3].count_ones()) as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0[0] | self.0[1] | self.0[2] | self.0[3] == 0
    }

    /// The `n`-th action of the set in index order, if it has more than `n`.
    #[inline]
    pub fn nth(self, mut n: usize) -> Option<Action> {
        for (w, &word) in self.0.iter().enumerate() {
            let ones = word.count_ones() as usize;
            if n < ones {
                let mut word = word;
                for _ in 0..n {
                    word &= word - 1;
                }
                return Action::from_index(w * 64 + word.trailing_zeros() as usize).ok();
            }
            n -= ones;
        }
        None
    }

    /// The actions, in index order.
    pub fn iter(self) -> impl Iterator<Item = Action> + Clone {
        let mut words = self.0;
        let mut w = 0;
        core::iter::from_fn(move || {
            while w < 4 {
                if words[w] != 0 {
                    let bit = words[w].trailing_zeros() as usize;
                    words[w] &= words[w] - 1;
                    return Action::from_index(w * 64 + bit).ok();
                }
                w += 1;
            }
            None
        })
    }

    /// The mask as 238 booleans, index order (a legal-action mask for a policy).
    pub fn to_bools(self) -> [bool; Action::COUNT] {
        core::array::from_fn(|i| self.0[i / 64] >> (i % 64) & 1 != 0)
    }
}

impl FromIterator<Action> for ActionSet {
    fn from_iter<I: IntoIterator<Item = Action>>(actions: I) -> ActionSet {
        actions.into_iter().fold(ActionSet::EMPTY, |mut set, a| {
            set.insert(a);
            set
        })
    }
}

impl fmt::Debug for ActionSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl fmt::Display for ActionSet {
    /// The actions in the notation, comma-separated: `keep 2, keep 5, roll`… in index order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, action) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{action}")?;
        }
        Ok(())
    }
}

impl kingup_table::ActionMask for ActionSet {
    #[inline]
    fn contains_index(&self, index: usize) -> bool {
        index < Action::COUNT && self.0[index / 64] >> (index % 64) & 1 != 0
    }

    #[inline]
    fn lowest_index(&self) -> Option<usize> {
        self.nth(0).map(Action::index)
    }

    /// Eight flags at a time from the words' bytes ([`kingup_table::write_flag_words`]).
    fn write_flags(&self, out: &mut [i8]) {
        kingup_table::write_flag_words(&self.0, out);
    }

    /// The 64 flags of each word that changed.
    fn write_flag_changes(&self, before: &Self, out: &mut [i8]) {
        kingup_table::write_flag_word_changes(&self.0, &before.0, out);
    }

    #[inline]
    fn count(&self) -> usize {
        self.len()
    }

    fn indices(&self) -> impl Iterator<Item = usize> {
        self.iter().map(Action::index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_bits_lands_on_the_right_indices() {
        for start in [0u8, 1, 44, 63, 64, 70, 127, 128, 140, 200, 218, 237] {
            for bits in [1u128, 0b1011, (1 << 70) - 1, u128::MAX] {
                let mut set = ActionSet::EMPTY;
                set.insert_bits(start, bits);
                let expected: ActionSet = (0..128)
                    .filter(|j| bits >> j & 1 != 0)
                    .filter_map(|j| Action::from_index(usize::from(start) + j).ok())
                    .collect();
                assert_eq!(set, expected, "start {start}");
                let bools = set.to_bools();
                assert_eq!(bools.iter().filter(|&&b| b).count(), set.len());
                for (n, action) in set.iter().enumerate() {
                    assert_eq!(set.nth(n), Some(action));
                    assert!(set.contains(action));
                }
                assert_eq!(set.nth(set.len()), None);
            }
        }
        assert_eq!(ActionSet::ALL.len(), Action::COUNT);
    }
}
