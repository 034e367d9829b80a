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
        write_flag_words(&[*self as u64, (*self >> 64) as u64], out);
    }
}

/// Writes the bit set `words` (bit `i % 64` of word `i / 64` is index `i`) as flags:
/// `out[i]` is 1 when index `i` is in the set, else 0 (0 past the last word). Eight flags
/// at a time from each byte of the words, without a branch a bit: what every game's
/// [`ActionMask::write_flags`] is made of.
///
/// ```
/// let mut out = [7i8; 70];
/// kingup_table::write_flag_words(&[1 << 63, 0b10], &mut out);
/// assert_eq!(out.iter().filter(|&&f| f == 1).count(), 2);
/// assert_eq!((out[63], out[65], out[69]), (1, 1, 0));
/// ```
pub fn write_flag_words(words: &[u64], out: &mut [i8]) {
    /// Bit `i` of `byte` moved to bit `8 * i`. The low seven bits are multiplied by
    /// `sum(2**(7 * i))`: the copies of the byte land 7 bits apart without overlapping
    /// (so nothing carries), and bit `i` of copy `i` is bit `8 * i`, which the final
    /// mask keeps; bit 7 is moved by a shift.
    #[inline]
    fn spread(byte: u8) -> u64 {
        const COPIES: u64 = 0x0002_0408_1020_4081;
        ((u64::from(byte) & 0x7f).wrapping_mul(COPIES) & 0x0101_0101_0101_0101)
            | (u64::from(byte >> 7) << 56)
    }
    let byte = |i: usize| words.get(i / 8).map_or(0, |w| (w >> (i % 8 * 8)) as u8);
    let mut chunks = out.chunks_exact_mut(8);
    let mut i = 0;
    for chunk in &mut chunks {
        // One 8-byte store a chunk.
        chunk.copy_from_slice(&spread(byte(i)).to_le_bytes().map(|b| b as i8));
        i += 1;
    }
    let rest = chunks.into_remainder();
    for (flag, b) in rest.iter_mut().zip(spread(byte(i)).to_le_bytes()) {
        *flag = b as i8;
    }
}
