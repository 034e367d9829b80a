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

/// The position of the `n`-th set bit of `word` (`n` below its count of ones), without a
/// loop over the bits: the running count of ones byte by byte, the byte where it passes
/// `n`, and the bit within that byte from a table.
#[inline]
pub(crate) fn select_in_word(word: u64, n: u32) -> u32 {
    if word < 0x100 {
        // Most masks of a decision are a few faces.
        return u32::from(SELECT_IN_BYTE[word as usize][n as usize & 7]);
    }
    select_by_bytes(word, byte_ones(word).wrapping_mul(LOW), n)
}

const LOW: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// The ones in each byte of `word`, byte by byte.
#[inline]
const fn byte_ones(word: u64) -> u64 {
    let mut bytes = word - ((word >> 1) & 0x5555_5555_5555_5555);
    bytes = (bytes & 0x3333_3333_3333_3333) + ((bytes >> 2) & 0x3333_3333_3333_3333);
    (bytes + (bytes >> 4)) & 0x0f0f_0f0f_0f0f_0f0f
}

/// [`select_in_word`] given `running`, byte `k` the ones in bytes `0..=k` of `word`.
#[inline]
fn select_by_bytes(word: u64, running: u64, n: u32) -> u32 {
    // A byte keeps its high bit when its running count exceeds `n`.
    let past = ((running | HIGH) - (u64::from(n) + 1) * LOW) & HIGH;
    let byte = past.trailing_zeros() / 8;
    let before = ((running << 8) >> (8 * byte)) as u32 & 0xff;
    let bits = (word >> (8 * byte)) as usize & 0xff;
    8 * byte + u32::from(SELECT_IN_BYTE[bits][(n - before) as usize & 7])
}

/// `SELECT_IN_BYTE[b][k]`: the position of the `k`-th set bit of the byte `b`.
static SELECT_IN_BYTE: [[u8; 8]; 256] = select_in_byte();

const fn select_in_byte() -> [[u8; 8]; 256] {
    let mut table = [[0; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let (mut k, mut bit) = (0, 0);
        while bit < 8 {
            if b >> bit & 1 != 0 {
                table[b][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    table
}

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
        // Ones per byte of each word (at most 8), summed over the words (at most 32 a
        // byte), then over the bytes: one multiply instead of four.
        let w = self.0;
        let total = byte_ones(w[0]) + byte_ones(w[1]) + byte_ones(w[2]) + byte_ones(w[3]);
        (total.wrapping_mul(LOW) >> 56) as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0[0] | self.0[1] | self.0[2] | self.0[3] == 0
    }

    /// The `n`-th action of the set in index order, if it has more than `n`.
    #[inline]
    pub fn nth(self, n: usize) -> Option<Action> {
        let mut n = u32::try_from(n).ok()?;
        for (w, &word) in self.0.iter().enumerate() {
            let running = byte_ones(word).wrapping_mul(LOW);
            let ones = (running >> 56) as u32;
            if n < ones {
                let bit = select_by_bytes(word, running, n) as usize;
                return Action::from_index(w * 64 + bit).ok();
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

    /// The 8 flags of each byte that changed.
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

    #[inline]
    fn for_each_index(&self, f: impl FnMut(usize)) {
        kingup_table::for_each_set_bit(self.0, f);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn select_finds_every_set_bit() {
        for word in [
            1u64,
            0b1011,
            u64::MAX,
            0x8000_0000_0000_0001,
            0xdead_beef_0bad_f00d,
        ] {
            let mut rest = word;
            for n in 0..word.count_ones() {
                assert_eq!(
                    select_in_word(word, n),
                    rest.trailing_zeros(),
                    "{word:x} {n}"
                );
                rest &= rest - 1;
            }
        }
    }

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
                let mut visited = alloc::vec::Vec::new();
                kingup_table::ActionMask::for_each_index(&set, |i| visited.push(i));
                assert!(visited.into_iter().eq(set.iter().map(Action::index)));
            }
        }
        assert_eq!(ActionSet::ALL.len(), Action::COUNT);
    }
}
