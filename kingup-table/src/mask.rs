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

    /// [`ActionMask::write_flags`] into `out`, which holds `before`'s flags: only where
    /// they differ (by default, everywhere).
    fn write_flag_changes(&self, before: &Self, out: &mut [i8]) {
        let _ = before;
        self.write_flags(out);
    }

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

/// By byte value: its number of set bits.
const BYTE_ONES: [u8; 256] = {
    let mut ones = [0; 256];
    let mut b = 0;
    while b < 256 {
        ones[b] = (b as u8).count_ones() as u8;
        b += 1;
    }
    ones
};

/// The number of set bits of `byte`, from a table. The engines are built for the baseline
/// x86-64 target, which has no `popcnt` instruction: there a count of ones is a dozen
/// instructions, a table look-up one.
///
/// ```
/// assert_eq!(kingup_table::byte_ones(0b1011_0001), 4);
/// ```
#[inline]
pub const fn byte_ones(byte: u8) -> u32 {
    BYTE_ONES[byte as usize] as u32
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
        write_flag_words(&[*self as u64, (*self >> 64) as u64], out);
    }

    /// The 8 flags of each byte that changed.
    ///
    /// ```
    /// use kingup_table::ActionMask;
    ///
    /// let mut out = [0i8; 70];
    /// (1u128 << 3).write_flags(&mut out);
    /// (1u128 << 66).write_flag_changes(&(1 << 3), &mut out);
    /// assert_eq!((out[3], out[66]), (0, 1));
    /// ```
    fn write_flag_changes(&self, before: &Self, out: &mut [i8]) {
        let words = |m: u128| [m as u64, (m >> 64) as u64];
        write_flag_word_changes(&words(*self), &words(*before), out);
    }
}

/// Each byte's bits spread to the low bit of eight bytes: bit `i` of `b` is byte `i` of
/// `SPREAD[b]`.
const SPREAD: [u64; 256] = {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            table[b] |= ((b as u64 >> i) & 1) << (8 * i);
            i += 1;
        }
        b += 1;
    }
    table
};

/// Writes the bit set `words` (bit `i % 64` of word `i / 64` is index `i`) as flags:
/// `out[i]` is 1 when index `i` is in the set, else 0 (0 past the last word). Eight flags
/// a store, looked up from each byte of the words: what every game's
/// [`ActionMask::write_flags`] is made of.
///
/// ```
/// let mut out = [7i8; 70];
/// kingup_table::write_flag_words(&[1 << 63, 0b10], &mut out);
/// assert_eq!(out.iter().filter(|&&f| f == 1).count(), 2);
/// assert_eq!((out[63], out[65], out[69]), (1, 1, 0));
/// ```
pub fn write_flag_words(words: &[u64], out: &mut [i8]) {
    for (w, flags) in out.chunks_mut(64).enumerate() {
        write_word(words.get(w).copied().unwrap_or(0), flags);
    }
}

/// [`write_flag_words`] into `out`, which holds the flags of `before`: only the 8 flags
/// of each byte that differs (one store each; a step changes a few bytes of a mask).
///
/// ```
/// let mut out = [0i8; 130];
/// kingup_table::write_flag_words(&[1, 1, 1], &mut out);
/// kingup_table::write_flag_word_changes(&[1, 2, 1], &[1, 1, 1], &mut out);
/// assert_eq!((out[0], out[64], out[65], out[128]), (1, 0, 1, 1));
/// ```
pub fn write_flag_word_changes(words: &[u64], before: &[u64], out: &mut [i8]) {
    for (w, (&word, &was)) in words.iter().zip(before).enumerate() {
        let mut changed = word ^ was;
        while changed != 0 {
            let shift = changed.trailing_zeros() & !7;
            let spread = SPREAD[usize::from((word >> shift) as u8)].to_le_bytes();
            let at = w * 64 + shift as usize;
            match out.get_mut(at..at + 8) {
                Some(flags) => {
                    if let Ok(flags) = <&mut [i8; 8]>::try_from(flags) {
                        *flags = spread.map(|b| b as i8);
                    }
                }
                None => {
                    let rest = out.get_mut(at..).unwrap_or_default();
                    for (flag, b) in rest.iter_mut().zip(spread) {
                        *flag = b as i8;
                    }
                }
            }
            changed &= !(0xff << shift);
        }
    }
}

/// Up to 64 flags from the bits of `word`.
#[inline]
fn write_word(word: u64, flags: &mut [i8]) {
    for (k, chunk) in flags.chunks_mut(8).enumerate() {
        let spread = SPREAD[(word >> (8 * k)) as u8 as usize].to_le_bytes();
        if let Ok(chunk) = <&mut [i8; 8]>::try_from(&mut *chunk) {
            *chunk = spread.map(|b| b as i8);
        } else {
            for (flag, b) in chunk.iter_mut().zip(spread) {
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
