//! An observation as the positions that hold 1 and the few that hold other numbers: what
//! a vector of envs writes as changes to the observation it wrote at the last step.
//!
//! Most of a game's observation is flags and one-hots that move little from one step to
//! the next, while writing the whole tensor (hundreds of floats) was most of an env's
//! step. Kept as bits, two observations differ where their words' XOR has a bit, and
//! only those floats need writing.

/// Words of flag bits: room for 512 positions (King Up!'s 401, court's 257).
pub const SPARSE_WORDS: usize = 8;
/// The most value positions (court writes 107 at five players).
pub const SPARSE_VALUES: usize = 112;
/// The most runs of value positions (court writes 10 at five players).
const RUNS: usize = 16;

/// An observation as its flags (the positions that hold 1.0) and its values (positions
/// that hold any other number: counts, totals). A game fills it with the same floats its
/// [`Rules::observation`](crate::Rules::observation) writes, on one condition: a
/// position is either a flag in every state of a game or a value in every state (written
/// whatever it holds, 0 included), so that changes are found by comparing flags alone.
///
/// ```
/// use kingup_table::SparseObservation;
///
/// let mut before = SparseObservation::new();
/// before.set(1);
/// before.value(3, 2.5);
/// let mut out = [9.0f32; 5];
/// before.write(&mut out);
/// assert_eq!(out, [0.0, 1.0, 0.0, 2.5, 0.0]);
///
/// let mut after = SparseObservation::new();
/// after.set_bits(0b10001, 0); // positions 0 and 4
/// after.value(3, 0.0);
/// after.write_changes(before.flags(), &mut out);
/// assert_eq!(out, [1.0, 0.0, 0.0, 0.0, 1.0]);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct SparseObservation {
    flags: [u64; SPARSE_WORDS],
    /// The values, run after run.
    values: [f32; SPARSE_VALUES],
    /// Values used.
    len: usize,
    /// Each run's first position and length (its values follow the previous run's).
    runs: [(u16, u16); RUNS],
    run_count: usize,
}

impl Default for SparseObservation {
    fn default() -> Self {
        Self::new()
    }
}

impl SparseObservation {
    /// An observation of zeros.
    pub const fn new() -> Self {
        SparseObservation {
            flags: [0; SPARSE_WORDS],
            values: [0.0; SPARSE_VALUES],
            len: 0,
            runs: [(0, 0); RUNS],
            run_count: 0,
        }
    }

    /// Back to zeros (kept to be filled again: the value arrays are not cleared).
    #[inline]
    pub fn clear(&mut self) {
        self.flags = [0; SPARSE_WORDS];
        self.len = 0;
        self.run_count = 0;
    }

    /// The flag words: bit `i % 64` of word `i / 64` is position `i`.
    #[inline]
    pub fn flags(&self) -> &[u64; SPARSE_WORDS] {
        &self.flags
    }

    /// Sets position `i` to 1 (past the last word: ignored).
    #[inline]
    pub fn set(&mut self, i: usize) {
        if let Some(word) = self.flags.get_mut(i / 64) {
            *word |= 1 << (i % 64);
        }
    }

    /// Sets position `offset + i` to 1 for each bit `i` of `bits` (past the last word:
    /// ignored).
    #[inline]
    pub fn set_bits(&mut self, bits: u64, offset: usize) {
        let (word, shift) = (offset / 64, offset % 64);
        if let Some(w) = self.flags.get_mut(word) {
            *w |= bits << shift;
        }
        if shift != 0 {
            if let Some(w) = self.flags.get_mut(word + 1) {
                *w |= bits >> (64 - shift);
            }
        }
    }

    /// Sets position `offset + i * stride` to 1 for each bit `i` of `bits`.
    #[inline]
    pub fn set_strided(&mut self, mut bits: u64, stride: usize, offset: usize) {
        while bits != 0 {
            self.set(offset + bits.trailing_zeros() as usize * stride);
            bits &= bits - 1;
        }
    }

    /// The values of positions `at..at + len`, zeros for the caller to fill. Beyond
    /// [`SPARSE_VALUES`] values or 16 runs, shorter or empty (which a game's tests rule
    /// out).
    #[inline]
    pub fn values(&mut self, at: usize, len: usize) -> &mut [f32] {
        let len = len.min(SPARSE_VALUES - self.len);
        let Some(run) = self.runs.get_mut(self.run_count) else {
            return &mut [];
        };
        *run = (at as u16, len as u16);
        self.run_count += 1;
        let from = self.len;
        self.len += len;
        let values = &mut self.values[from..from + len];
        values.fill(0.0);
        values
    }

    /// Writes `values` at positions `at..at + N`: [`SparseObservation::values`] for a
    /// run whose every value the caller has at hand, copied in one fixed-size move (no
    /// zeroing first).
    #[inline]
    pub fn set_values<const N: usize>(&mut self, at: usize, values: [f32; N]) {
        let len = N.min(SPARSE_VALUES - self.len);
        let Some(run) = self.runs.get_mut(self.run_count) else {
            return;
        };
        *run = (at as u16, len as u16);
        self.run_count += 1;
        let from = self.len;
        self.len += len;
        match self.values.get_mut(from..from + N) {
            Some(x) => {
                if let Ok(x) = <&mut [f32; N]>::try_from(x) {
                    *x = values;
                }
            }
            None => {
                for (x, v) in self.values[from..from + len].iter_mut().zip(values) {
                    *x = v;
                }
            }
        }
    }

    /// Writes `value` at position `i` (a run of one).
    #[inline]
    pub fn value(&mut self, i: usize, value: f32) {
        if let Some(x) = self.values(i, 1).first_mut() {
            *x = value;
        }
    }

    /// Writes the whole observation into `out` (zeros elsewhere).
    pub fn write(&self, out: &mut [f32]) {
        out.fill(0.0);
        for (w, &word) in self.flags.iter().enumerate() {
            write_bits(out, word, w * 64, 1.0);
        }
        self.write_values(out);
    }

    /// Writes into `out`, which holds the observation whose flags were `before` (and
    /// whose values were at the same positions), only what differs: the flags of the
    /// words that changed, and every value. A changed word's 64 flags are written whole,
    /// eight floats a byte from a table, with no branch a flag or a byte: a change of
    /// viewer moves dozens of flags, a few in each of the cache lines a word's flags span.
    #[inline]
    pub fn write_changes(&self, before: &[u64; SPARSE_WORDS], out: &mut [f32]) {
        for (w, (&now, &was)) in self.flags.iter().zip(before).enumerate() {
            if now != was {
                write_word(out, now, w * 64);
            }
        }
        self.write_values(out);
    }

    #[inline]
    fn write_values(&self, out: &mut [f32]) {
        let mut from = 0;
        for &(at, len) in &self.runs[..self.run_count.min(RUNS)] {
            let (at, len) = (usize::from(at), usize::from(len));
            if let (Some(x), Some(v)) =
                (out.get_mut(at..at + len), self.values.get(from..from + len))
            {
                copy_short(x, v);
            }
            from += len;
        }
    }
}

/// `out.copy_from_slice(values)` for the short runs of an observation: four floats a
/// move, not a call to `memcpy` a run.
#[inline]
fn copy_short(out: &mut [f32], values: &[f32]) {
    let mut out = out.chunks_exact_mut(4);
    let mut values = values.chunks_exact(4);
    for (x, v) in (&mut out).zip(&mut values) {
        if let (Ok(x), Ok(v)) = (<&mut [f32; 4]>::try_from(x), <&[f32; 4]>::try_from(v)) {
            *x = *v;
        }
    }
    // Element by element, not in a loop the compiler would make a call again.
    match (out.into_remainder(), values.remainder()) {
        ([a], [x]) => *a = *x,
        ([a, b], [x, y]) => (*a, *b) = (*x, *y),
        ([a, b, c], [x, y, z]) => (*a, *b, *c) = (*x, *y, *z),
        _ => {}
    }
}

/// The eight flags of each byte as floats (1.0 where its bit is set): 8 KB, so a byte's
/// eight floats are two loads and two stores, with no branch a flag.
static BYTE_FLOATS: [[f32; 8]; 256] = {
    let mut table = [[0.0; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            if (b >> i) & 1 == 1 {
                table[b][i] = 1.0;
            }
            i += 1;
        }
        b += 1;
    }
    table
};

/// Writes the 64 flags of `word` at `out[offset..offset + 64]` (past the end: as many as
/// fit).
#[inline]
fn write_word(out: &mut [f32], word: u64, offset: usize) {
    let bytes = word.to_le_bytes();
    match out.get_mut(offset..offset + 64) {
        Some(flags) => {
            for (chunk, byte) in flags.chunks_exact_mut(8).zip(bytes) {
                if let Ok(chunk) = <&mut [f32; 8]>::try_from(chunk) {
                    *chunk = BYTE_FLOATS[usize::from(byte)];
                }
            }
        }
        None => {
            let rest = out.get_mut(offset..).unwrap_or_default();
            for (chunk, byte) in rest.chunks_mut(8).zip(bytes) {
                for (x, f) in chunk.iter_mut().zip(BYTE_FLOATS[usize::from(byte)]) {
                    *x = f;
                }
            }
        }
    }
}

/// Writes `value` at `out[offset + i]` for each bit `i` of `bits` (out of range: none).
#[inline]
fn write_bits(out: &mut [f32], mut bits: u64, offset: usize, value: f32) {
    while bits != 0 {
        if let Some(x) = out.get_mut(offset + bits.trailing_zeros() as usize) {
            *x = value;
        }
        bits &= bits - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec::Vec;

    #[test]
    fn bits_land_across_words() {
        let mut s = SparseObservation::new();
        s.set_bits(0b111, 62);
        s.set_strided(0b101, 9, 100);
        let mut out = [0.0f32; 130];
        s.write(&mut out);
        let ones: Vec<usize> = (0..out.len()).filter(|&i| out[i] == 1.0).collect();
        assert_eq!(ones, [62, 63, 64, 100, 118]);
    }

    #[test]
    fn changes_turn_the_old_observation_into_the_new() {
        let mut before = SparseObservation::new();
        before.set_bits(0b1011, 126);
        before.value(5, 3.0);
        let mut after = SparseObservation::new();
        after.set_bits(0b0110, 126);
        after.set(300);
        after.value(5, 0.0);
        let (mut incremental, mut whole) = ([7.0f32; 320], [0.0f32; 320]);
        before.write(&mut incremental);
        after.write_changes(before.flags(), &mut incremental);
        after.write(&mut whole);
        assert_eq!(incremental, whole);
        assert_eq!(whole[126..130], [0.0, 1.0, 1.0, 0.0]);
    }
}
