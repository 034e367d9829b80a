//! A seat's legal actions as a set over a game's dense action indices.

use core::fmt::Debug;

/// A set of action indices, as each game stores a seat's legal actions (King Up!: a `u128`;
/// To Court the King: four words; the default is the empty set). Environments keep one per env and write it out as the
/// action mask a learner reads.
pub trait ActionMask: Copy + Default + Debug + Send + Sync + 'static {
    /// Whether the action with dense index `index` is in the set.
    fn contains_index(&self, index: usize) -> bool;

    /// The lowest index in the set.
    fn lowest_index(&self) -> Option<usize>;

    /// Writes the set as flags: `out[i]` is 1 when index `i` is in the set, else 0.
    fn write_flags(&self, out: &mut [i8]);

    /// How many indices the set holds.
    fn count(&self) -> usize;

    /// The indices in the set, lowest first (a front end's list of legal actions).
    fn indices(&self) -> impl Iterator<Item = usize>;

    /// Calls `f` with each index in the set, lowest first: [`indices`](Self::indices)
    /// without an iterator's state, for the loops that run at every step (a Python list
    /// of legal actions is filled this way).
    #[inline]
    fn for_each_index(&self, mut f: impl FnMut(usize)) {
        for index in self.indices() {
            f(index);
        }
    }
}

/// Calls `f` with the index of each set bit of `words` (little-endian 64-bit words),
/// lowest first: one `trailing_zeros` and one clear per index, no branch on the words but
/// the loop's.
#[inline]
pub fn for_each_set_bit<const N: usize>(words: [u64; N], mut f: impl FnMut(usize)) {
    for (w, mut word) in words.into_iter().enumerate() {
        while word != 0 {
            f(w * 64 + word.trailing_zeros() as usize);
            word &= word - 1;
        }
    }
}

impl ActionMask for u128 {
    #[inline]
    fn contains_index(&self, index: usize) -> bool {
        index < 128 && self >> index & 1 == 1
    }

    #[inline]
    fn lowest_index(&self) -> Option<usize> {
        (*self != 0).then(|| self.trailing_zeros() as usize)
    }

    #[inline]
    fn count(&self) -> usize {
        self.count_ones() as usize
    }

    /// Lowest bit first, each found by `trailing_zeros` and cleared.
    ///
    /// ```
    /// use kingup_table::ActionMask;
    ///
    /// let mask = 0b10_0000_0101u128;
    /// assert_eq!(mask.indices().collect::<Vec<_>>(), [0, 2, 9]);
    /// assert_eq!(mask.count(), 3);
    /// ```
    fn indices(&self) -> impl Iterator<Item = usize> {
        let mut rest = *self;
        core::iter::from_fn(move || {
            let index = rest.lowest_index()?;
            rest &= rest - 1;
            Some(index)
        })
    }

    #[inline]
    fn for_each_index(&self, f: impl FnMut(usize)) {
        for_each_set_bit([*self as u64, (*self >> 64) as u64], f);
    }

    /// Eight flags at a time from each byte of the mask, without a branch a bit.
    ///
    /// ```
    /// use kingup_table::ActionMask;
    ///
    /// let mut out = [7i8; 10];
    /// (0b10_0000_0101u128).write_flags(&mut out);
    /// assert_eq!(out, [1, 0, 1, 0, 0, 0, 0, 0, 0, 1]);
    /// ```
    fn write_flags(&self, out: &mut [i8]) {
        /// Bit `i` of `byte` moved to bit `8 * i`. The low seven bits are multiplied by
        /// `sum(2**(7 * i))`: the copies of the byte land 7 bits apart without overlapping
        /// (so nothing carries), and bit `i` of copy `i` is bit `8 * i`, which the final
        /// mask keeps; bit 7 is moved by a shift.
        fn spread(byte: u8) -> u64 {
            const COPIES: u64 = 0x0002_0408_1020_4081;
            ((u64::from(byte) & 0x7f).wrapping_mul(COPIES) & 0x0101_0101_0101_0101)
                | (u64::from(byte >> 7) << 56)
        }
        let bytes = self.to_le_bytes();
        for (i, chunk) in out.chunks_mut(8).enumerate() {
            let byte = bytes.get(i).copied().unwrap_or(0);
            for (flag, b) in chunk.iter_mut().zip(spread(byte).to_le_bytes()) {
                *flag = b as i8;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn for_each_index_visits_the_indices_in_order() {
        for mask in [
            0u128,
            1,
            1 << 63,
            1 << 64,
            u128::MAX,
            0x8000_0000_0000_0001_0000_0000_0000_0005,
        ] {
            let mut seen = [0usize; 128];
            let mut n = 0;
            mask.for_each_index(|i| {
                seen[n] = i;
                n += 1;
            });
            assert_eq!(n, mask.count());
            assert!(seen[..n].iter().copied().eq(mask.indices()), "{mask:#x}");
        }
    }
}
