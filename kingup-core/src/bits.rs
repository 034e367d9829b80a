//! Bit tricks on masks: the `n`-th set bit, the set bits in order, a set's bits spread to
//! nibbles.

use kingup_table::byte_ones;

/// By byte value and `k`: the position of the byte's `k`-th lowest set bit (0 past the last).
const SELECT: [[u8; 8]; 256] = {
    let mut select = [[0; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let (mut bit, mut k) = (0, 0);
        while bit < 8 {
            if b & 1 << bit != 0 {
                select[b][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    select
};

/// The position of the `n`-th lowest set bit of `mask`, if it has more than `n` bits set.
///
/// Byte by byte from tables, without a branch that depends on the mask: random playouts
/// pick a random `n`, and a loop that clears `n` bits mispredicts its exit nearly every time.
#[inline]
pub(crate) fn nth_bit(mask: u32, n: u32) -> Option<u32> {
    let bytes = mask.to_le_bytes();
    // Set bits below each byte.
    let c1 = byte_ones(bytes[0]);
    let c2 = c1 + byte_ones(bytes[1]);
    let c3 = c2 + byte_ones(bytes[2]);
    if n >= c3 + byte_ones(bytes[3]) {
        return None;
    }
    let byte = usize::from(n >= c1) + usize::from(n >= c2) + usize::from(n >= c3);
    let below = [0, c1, c2, c3][byte];
    let k = (n - below) as usize;
    Some(8 * byte as u32 + u32::from(SELECT[usize::from(bytes[byte])][k & 7]))
}

/// [`nth_bit`] for a 16-bit mask: two bytes, one table look-up each way.
#[inline]
pub(crate) fn nth_bit16(mask: u16, n: u32) -> Option<u32> {
    let [low, high] = mask.to_le_bytes().map(usize::from);
    let below_high = byte_ones(low as u8);
    if n >= below_high + byte_ones(high as u8) {
        return None;
    }
    let in_high = n >= below_high;
    let (byte, k) = if in_high {
        (high, n - below_high)
    } else {
        (low, n)
    };
    Some(8 * u32::from(in_high) + u32::from(SELECT[byte][k as usize & 7]))
}

/// By 7-bit value: bit `i` moved to bit `4 i` (the low bit of nibble `i`).
const NIBBLE_LOWS: [u32; 128] = {
    let mut spread = [0; 128];
    let mut b = 0;
    while b < 128 {
        let mut i = 0;
        while i < 7 {
            spread[b] |= ((b as u32 >> i) & 1) << (4 * i);
            i += 1;
        }
        b += 1;
    }
    spread
};

/// Bit `i` of a 13-bit set moved to bit `4 i`: a character set as the low bits of its
/// characters' nibbles (the placements' index space). Two look-ups instead of a loop over
/// the thirteen bits.
#[inline]
pub(crate) fn nibble_lows(set: u16) -> u64 {
    let low = u64::from(NIBBLE_LOWS[usize::from(set & 127)]);
    let high = u64::from(NIBBLE_LOWS[usize::from(set >> 7 & 63)]);
    low | high << 28
}

/// Iterates over the positions of the set bits of `mask`, lowest first.
pub(crate) fn bits(mut mask: u32) -> impl Iterator<Item = u32> + Clone {
    core::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask.trailing_zeros();
            mask &= mask - 1;
            bit
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nth_bit_agrees_with_clearing_bits() {
        let slow = |mut mask: u32, n: u32| {
            for _ in 0..n {
                mask &= mask.wrapping_sub(1);
            }
            (mask != 0).then(|| mask.trailing_zeros())
        };
        let masks = [
            0,
            1,
            0x8000_0000,
            u32::MAX,
            0x1fff,
            0x0101_0101,
            0xdead_beef,
            0x00f0_0f00,
        ];
        for mask in masks {
            for n in 0..34 {
                assert_eq!(nth_bit(mask, n), slow(mask, n), "{mask:#x} {n}");
            }
        }
        assert_eq!(nth_bit(u32::MAX, u32::MAX), None);
        for mask in [0u16, 1, 0x1fff, 0x8001, 0xbeef, 0x0f00] {
            for n in 0..18 {
                assert_eq!(
                    nth_bit16(mask, n),
                    slow(u32::from(mask), n),
                    "{mask:#x} {n}"
                );
            }
        }
        assert_eq!(bits(0x8000_0005).collect::<std::vec::Vec<_>>(), [0, 2, 31]);
        for set in 0..1u16 << 13 {
            let slow = (0..13).fold(0u64, |acc, c| acc | u64::from(set >> c & 1) << (4 * c));
            assert_eq!(nibble_lows(set), slow, "{set:#x}");
        }
    }
}
