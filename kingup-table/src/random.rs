//! The portable random stream: one generator, one way to draw an integer below `n`, so
//! that a seed means the same game in every language and on every platform.

use core::convert::Infallible;
use core::fmt;

use rand_core::{Rng, SeedableRng, TryRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The generator behind every seed: **xoshiro256++** (Blackman and Vigna) with its 256-bit
/// state filled by **SplitMix64** from the seed, as in the authors' reference code.
///
/// - `next_u64` is xoshiro256++'s output; `next_u32` is its high 32 bits.
/// - Integers below `n` are drawn by [`below`]: Lemire's multiply-and-reject on `next_u32`,
///   free of modulo bias.
/// - The state is 32 bytes ([`Generator::state`], little-endian words), saved with a
///   session so that a loaded game goes on exactly as the original would have.
///
/// The algorithm is part of the project's compatibility promise: it never changes within a
/// save format version. Test vectors (checked by the crate's tests and in `docs/random.md`):
///
/// ```
/// use kingup_table::Generator;
/// use kingup_table::rand_core::Rng;
///
/// let mut g = Generator::new(0);
/// assert_eq!(g.next_u64(), 0x53175d61490b23df);
/// assert_eq!(g.next_u64(), 0x61da6f3dc380d507);
/// let mut g = Generator::new(42);
/// assert_eq!(
///     g.state_hex().to_string(),
///     "956eeb2f2632d7bd03f166b233e3ef28529f0f135767524794e34a0effe11c58"
/// );
/// assert_eq!([g.below(6), g.below(6), g.below(26), g.below(2)], [4, 1, 25, 1]);
/// ```
///
/// `Generator` implements [`rand_core::Rng`], so it drives anything that takes one
/// (each game's chance steps, bots, `rand`'s helpers).
#[derive(Clone, PartialEq, Eq)]
pub struct Generator(Xoshiro256PlusPlus);

/// A generator state that xoshiro256++ cannot have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GeneratorError {
    /// The all-zero state only ever yields zeros, and no seed leads to it.
    #[error("the generator state is all zero, which no seed produces")]
    Zero,
    /// The hexadecimal form is not 64 hexadecimal digits.
    #[error("a generator state is 64 hexadecimal digits")]
    Hex,
}

impl Generator {
    /// The generator for `seed`: SplitMix64 from `seed` fills the four state words.
    pub fn new(seed: u64) -> Generator {
        Generator(Xoshiro256PlusPlus::seed_from_u64(seed))
    }

    /// The generator with state `state` (four little-endian 64-bit words), as
    /// [`Generator::state`] returns it. The all-zero state is refused.
    pub fn from_state(state: [u8; 32]) -> Result<Generator, GeneratorError> {
        if state == [0; 32] {
            return Err(GeneratorError::Zero);
        }
        Ok(Generator(Xoshiro256PlusPlus::from_seed(state)))
    }

    /// The state: four little-endian 64-bit words, `s[0]` first.
    pub fn state(&self) -> [u8; 32] {
        self.0.state()
    }

    /// The state as 64 lowercase hexadecimal digits (the save document's form).
    pub fn state_hex(&self) -> HexState {
        HexState(self.state())
    }

    /// Reads [`Generator::state_hex`]'s form back.
    pub fn from_hex(text: &str) -> Result<Generator, GeneratorError> {
        let digits = text.as_bytes();
        if digits.len() != 64 {
            return Err(GeneratorError::Hex);
        }
        let mut state = [0u8; 32];
        for (byte, pair) in state.iter_mut().zip(digits.chunks_exact(2)) {
            let nibble = |d: u8| char::from(d).to_digit(16).ok_or(GeneratorError::Hex);
            *byte = (nibble(pair[0])? << 4 | nibble(pair[1])?) as u8;
        }
        Generator::from_state(state)
    }

    /// A uniform integer in `0..n`: [`below`] on this generator. `n` must not be 0.
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        below(self, n)
    }
}

impl fmt::Debug for Generator {
    /// Shows the state only as a fingerprint: a generator's state predicts every deal, so a
    /// debug print must not give it away.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Generator { .. }")
    }
}

impl TryRng for Generator {
    type Error = Infallible;

    #[inline]
    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        // xoshiro's high bits are its best ones.
        Ok((self.0.next_u64() >> 32) as u32)
    }

    #[inline]
    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        Ok(self.0.next_u64())
    }

    #[inline]
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        self.0.fill_bytes(dst);
        Ok(())
    }
}

/// A generator state written as 64 lowercase hexadecimal digits.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct HexState([u8; 32]);

impl fmt::Display for HexState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|b| write!(f, "{b:02x}"))
    }
}

impl fmt::Debug for HexState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{self}\"")
    }
}

/// A uniform integer in `0..n` (`n > 0`) from `rng`, without modulo bias: Lemire's method
/// on `next_u32` (multiply by `n`, keep the high word, reject the few low words under
/// `2^32 mod n`). Every draw in the project goes through it; it returns 0 for `n == 0`
/// rather than loop.
///
/// ```
/// use kingup_table::{Generator, below};
///
/// let mut g = Generator::new(7);
/// let roll = below(&mut g, 6);
/// assert!(roll < 6);
/// ```
#[inline]
pub fn below<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    if n == 0 {
        return 0;
    }
    let mut product = u64::from(rng.next_u32()) * u64::from(n);
    // The threshold `2^32 mod n` is below `n`: a low word of at least `n` passes without
    // the division (Lemire's nearly divisionless form; the same draws as always dividing).
    if (product as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (product as u32) < threshold {
            product = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (product >> 32) as u32
}

/// The seed of the bot in seat `seat` of the game seeded `game_seed`:
/// `game_seed + (seat + 1) * 0x9E3779B97F4A7C15` (mod 2^64), so that the seats' bots draw
/// apart and a game with the same seed and bots is the same game in every language
/// (`kingup.VectorEnv` documents it for its opponents).
///
/// ```
/// use kingup_table::{Seat, bot_seed};
///
/// let seat = Seat::new(1).unwrap();
/// assert_eq!(bot_seed(7, seat), 7u64.wrapping_add(2u64.wrapping_mul(0x9E37_79B9_7F4A_7C15)));
/// assert_ne!(bot_seed(7, seat), bot_seed(7, Seat::FIRST));
/// ```
#[inline]
pub const fn bot_seed(game_seed: u64, seat: crate::Seat) -> u64 {
    game_seed.wrapping_add((seat.index() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// A uniform float in `[0, 1)` from the top 53 bits of one `next_u64` (every such float is
/// a multiple of `2^-53`, so the draw is exact and the same on every platform).
///
/// ```
/// use kingup_table::{Generator, unit_f64};
///
/// let mut g = Generator::new(7);
/// let x = unit_f64(&mut g);
/// assert!((0.0..1.0).contains(&x));
/// ```
#[inline]
pub fn unit_f64<R: Rng + ?Sized>(rng: &mut R) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference algorithms, written out here as the independent oracle.
    fn splitmix64(x: &mut u64) -> u64 {
        *x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = *x;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn xoshiro256pp(s: &mut [u64; 4]) -> u64 {
        let result = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    #[test]
    fn matches_the_reference_algorithms() {
        for seed in [0, 1, 42, 2026, u64::MAX] {
            let mut x = seed;
            let mut s = [0u64; 4];
            s.iter_mut().for_each(|w| *w = splitmix64(&mut x));
            let mut g = Generator::new(seed);
            let words: [u8; 32] = core::array::from_fn(|i| s[i / 8].to_le_bytes()[i % 8]);
            assert_eq!(g.state(), words);
            for _ in 0..100 {
                assert_eq!(g.next_u64(), xoshiro256pp(&mut s));
            }
            assert_eq!(g.next_u32(), (xoshiro256pp(&mut s) >> 32) as u32);
        }
    }

    #[test]
    fn state_round_trips_and_zero_is_refused() {
        let mut g = Generator::new(9);
        g.next_u64();
        let back = Generator::from_hex(&std::format!("{}", g.state_hex())).unwrap();
        assert_eq!(back, g);
        assert_eq!(Generator::from_state([0; 32]), Err(GeneratorError::Zero));
        assert_eq!(
            Generator::from_hex(&"0".repeat(64)),
            Err(GeneratorError::Zero)
        );
        assert_eq!(Generator::from_hex("12"), Err(GeneratorError::Hex));
        assert_eq!(
            Generator::from_hex(&"g".repeat(64)),
            Err(GeneratorError::Hex)
        );
        assert_eq!(
            Generator::from_hex(&"é".repeat(32)),
            Err(GeneratorError::Hex)
        );
        assert_eq!(std::format!("{g:?}"), "Generator { .. }");
    }

    #[test]
    fn below_is_in_range_and_covers_it() {
        let mut g = Generator::new(1);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[below(&mut g, 7) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| n > 800), "{seen:?}");
        assert_eq!(below(&mut g, 0), 0);
        assert_eq!(below(&mut g, 1), 0);
    }

    #[test]
    fn below_rejects_the_biased_low_words() {
        // A stream whose first word falls under 2^32 mod 3 = 1 must be redrawn.
        struct Words([u32; 2], usize);
        impl TryRng for Words {
            type Error = Infallible;
            fn try_next_u32(&mut self) -> Result<u32, Infallible> {
                self.1 += 1;
                Ok(self.0[self.1 - 1])
            }
            fn try_next_u64(&mut self) -> Result<u64, Infallible> {
                unreachable!()
            }
            fn try_fill_bytes(&mut self, _: &mut [u8]) -> Result<(), Infallible> {
                unreachable!()
            }
        }
        let mut words = Words([0, u32::MAX], 0);
        assert_eq!(below(&mut words, 3), 2);
        assert_eq!(words.1, 2);
    }
}
