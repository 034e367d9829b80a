//! `ln` and `exp` in plain arithmetic, the same on every platform.
//!
//! `f64::ln` and `f64::exp` come from the platform's libm, whose last bits differ between
//! platforms, and a seeded bot must choose the same actions everywhere. Additions,
//! multiplications, divisions and `f64::round` are exactly rounded by IEEE 754 (as is
//! `f64::sqrt`, used as is), so these functions give the same bits everywhere.

use core::f64::consts::LN_2;

/// The natural logarithm of `x > 0`, to within a few units in the last place.
pub(crate) fn ln(x: f64) -> f64 {
    if x.is_nan() || x < 0.0 {
        return f64::NAN;
    }
    if x == 0.0 || x == f64::INFINITY {
        return if x == 0.0 { f64::NEG_INFINITY } else { x };
    }
    // ln(x) = 2 atanh((m - 1) / (m + 1)) + k ln 2, with x = m 2^k and m in [1, 2).
    let mut m = x;
    let mut k = 0.0;
    while m >= 2.0 {
        m /= 2.0;
        k += 1.0;
    }
    while m < 1.0 {
        m *= 2.0;
        k -= 1.0;
    }
    let y = (m - 1.0) / (m + 1.0);
    let y2 = y * y;
    let mut term = y;
    let mut sum = 0.0;
    let mut n = 1.0;
    while n < 40.0 {
        sum += term / n;
        term *= y2;
        n += 2.0;
    }
    2.0 * sum + k * LN_2
}

/// `e^x`, to within a few units in the last place: 0 below about −745, infinite above about
/// 709.
pub(crate) fn exp(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x < -746.0 {
        return 0.0;
    }
    if x > 710.0 {
        return f64::INFINITY;
    }
    // e^x = 2^k e^r with |r| <= ln 2 / 2. ln 2 in two parts (fdlibm's), the first with
    // trailing zero bits so that k times it is exact, keeps r right to the last bits.
    const LN_2_HI: f64 = f64::from_bits(0x3FE6_2E42_FEE0_0000);
    const LN_2_LO: f64 = f64::from_bits(0x3DEA_39EF_3579_3C76);
    let k = (x / LN_2).round();
    let r = (x - k * LN_2_HI) - k * LN_2_LO;
    let mut term = 1.0;
    let mut sum = 1.0;
    let mut n = 1.0;
    while n < 24.0 {
        term *= r / n;
        sum += term;
        n += 1.0;
    }
    scale(sum, k as i32)
}

/// `v · 2^k`, exactly (but for rounding into the subnormals).
fn scale(mut v: f64, mut k: i32) -> f64 {
    // 2^k as a float for k in -1022..=1023; larger steps are taken in parts.
    let power = |k: i32| f64::from_bits(((k + 1023) as u64) << 52);
    while k > 1023 {
        v *= power(1023);
        k -= 1023;
    }
    while k < -1022 {
        v *= power(-1022);
        k += 1022;
    }
    v * power(k)
}

#[cfg(test)]
mod tests {
    use super::{exp, ln};

    fn close(a: f64, b: f64) -> bool {
        a == b || ((a - b) / b).abs() < 1e-14
    }

    #[test]
    fn ln_matches_std() {
        for x in [
            1e-300, 1e-9, 0.001, 0.05, 0.5, 0.95, 1.0, 1.5, 2.0, 3.0, 10.0, 1000.0, 123_456.0,
        ] {
            assert!(
                close(ln(x), x.ln()) || (ln(x) - x.ln()).abs() < 1e-15,
                "{x}"
            );
        }
        assert_eq!(ln(0.0), f64::NEG_INFINITY);
        assert_eq!(ln(f64::INFINITY), f64::INFINITY);
        assert!(ln(-1.0).is_nan() && ln(f64::NAN).is_nan());
    }

    #[test]
    fn exp_matches_std() {
        // Normal results; below about -708 they are subnormal, with fewer bits to agree on.
        let mut x = -708.0;
        while x < 709.0 {
            assert!(close(exp(x), x.exp()), "{x}: {} vs {}", exp(x), x.exp());
            x += 0.731;
        }
        for x in [0.0, -0.0, 1e-12, -1e-12, 0.5, -0.5, 1.0, -1.0] {
            assert!(close(exp(x), x.exp()), "{x}");
        }
        assert!(exp(-745.0) > 0.0 && exp(-745.0) < 1e-300);
        assert_eq!(exp(-800.0), 0.0);
        assert_eq!(exp(800.0), f64::INFINITY);
        assert_eq!(exp(f64::NEG_INFINITY), 0.0);
        assert!(exp(f64::NAN).is_nan());
    }
}
