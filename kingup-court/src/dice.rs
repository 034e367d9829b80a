//! Dice as multisets of faces, and the value of a result.

use core::fmt;
use core::str::FromStr;

use crate::Face;

/// A multiset of dice: how many show each face. Which die is which never matters in the
/// game, so the active dice, the set-aside dice, a result and the dice an ability takes or
/// gives are all `Dice`.
///
/// **Notation** ([`Display`](fmt::Display), [`FromStr`], the serde form): the faces from
/// highest to lowest joined by `-`, as the rulebook writes results (`4-2-2-2-2`); no dice
/// is `none`. Parsing also takes the digits in any order, with or without `-`.
///
/// ```
/// use kingup_court::{Dice, Face, Value};
///
/// let result: Dice = "2-4-2-2-2".parse()?;
/// assert_eq!(result.to_string(), "4-2-2-2-2");
/// assert_eq!(result.count(Face::Two), 4);
/// assert_eq!((result.len(), result.sum()), (5, 12));
/// assert_eq!(result.value(), Some(Value { count: 4, face: Face::Two }));
/// assert!(result.contains("22".parse()?));
/// assert_eq!(Dice::EMPTY.to_string(), "none");
/// # Ok::<(), kingup_court::ParseDiceError>(())
/// ```
///
/// The six counts are packed one byte a face in one word (face 1 in the low byte, the top
/// two bytes always zero): adding or taking dice is an add or a subtract, and the faces
/// present are found without a branch.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Dice(u64);

/// The low bit of each face's byte.
const LOW: u64 = 0x0101_0101_0101;
/// The high bit of each face's byte.
const HIGH: u64 = 0x8080_8080_8080;
/// Multiplying by it gathers bit `8i` of a word into bit `56 + i` (no two products meet).
const GATHER: u64 = 1 << 56 | 1 << 49 | 1 << 42 | 1 << 35 | 1 << 28 | 1 << 21;

/// The text is not dice in the notation (`4-2-2-2-2`, `none`); the message names the
/// first character that is not a face where one is at fault.
///
/// ```
/// use kingup_court::Dice;
///
/// let err = "4-9-2".parse::<Dice>().unwrap_err();
/// assert_eq!(err.to_string(), "not dice: '9' is not a face (1 to 6); expected faces such as 4-2-2-2-2, or none");
/// assert_eq!(err.character(), Some('9'));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseDiceError {
    /// The first character that is neither a face nor a dash between faces, if any (else
    /// the dashes or the length are at fault).
    character: Option<char>,
}

impl ParseDiceError {
    /// The first character that is neither a face (1 to 6) nor a dash between faces, or
    /// `None` when the text is wrong otherwise (empty, a dash out of place, too many dice).
    pub const fn character(&self) -> Option<char> {
        self.character
    }
}

impl fmt::Display for ParseDiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not dice: ")?;
        match self.character {
            Some(c) => write!(f, "{c:?} is not a face (1 to 6); expected faces such as ")?,
            None => f.write_str("expected faces 1 to 6 such as ")?,
        }
        f.write_str("4-2-2-2-2, or none")
    }
}

impl core::error::Error for ParseDiceError {}

/// What a result is worth at the end of the game: the size of its largest group of equal
/// dice, and the highest face among the groups of that size. Values compare by count, then
/// by face: eight 1s beat seven 6s.
///
/// ```
/// use kingup_court::{Dice, Face, Value};
///
/// let eight_ones: Dice = "1-1-1-1-1-1-1-1".parse()?;
/// let seven_sixes: Dice = "6-6-6-6-6-6-6-5".parse()?;
/// assert!(eight_ones.value() > seven_sixes.value());
/// assert_eq!(eight_ones.value().unwrap().to_string(), "8x1");
/// # Ok::<(), kingup_court::ParseDiceError>(())
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Value {
    /// How many dice show the face.
    pub count: u8,
    /// The face.
    pub face: Face,
}

impl fmt::Display for Value {
    /// `8x4`: eight 4s.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.count, self.face)
    }
}

impl Dice {
    /// No dice.
    pub const EMPTY: Dice = Dice(0);

    /// The dice with `counts[i]` dice showing face `i + 1`.
    #[inline]
    pub const fn from_counts(counts: [u8; 6]) -> Dice {
        Dice(u64::from_le_bytes([
            counts[0], counts[1], counts[2], counts[3], counts[4], counts[5], 0, 0,
        ]))
    }

    /// One die showing `face`.
    #[inline]
    pub const fn one(face: Face) -> Dice {
        Dice(1 << (8 * face.index()))
    }

    /// The dice showing `faces`.
    pub fn of(faces: &[Face]) -> Dice {
        faces
            .iter()
            .fold(Dice::EMPTY, |dice, &face| dice.with(face))
    }

    /// How many dice show each face, face 1 first.
    #[inline]
    pub const fn counts(self) -> [u8; 6] {
        let b = self.0.to_le_bytes();
        [b[0], b[1], b[2], b[3], b[4], b[5]]
    }

    /// How many dice show `face`.
    #[inline]
    pub const fn count(self, face: Face) -> u8 {
        (self.0 >> (8 * face.index())) as u8
    }

    /// Whether no count reaches 128, so that byte-wise sums of two such dice cannot carry
    /// (every turn's dice are far below).
    #[inline]
    const fn small(self) -> bool {
        self.0 & HIGH == 0
    }

    /// The counts capped at 3, two bits a face (bit `i` the low bit of face `i + 1`'s, bit
    /// `i + 6` its high bit): the key of a table over what a few dice of each face allow.
    #[inline]
    pub(crate) const fn capped_key(self) -> usize {
        let capped = if self.small() {
            // A byte at 3 or more carries into its high bit.
            let ge3 = ((self.0 + 0x7d * LOW) & HIGH) >> 7;
            (self.0 & !(ge3 * 0xff)) | (ge3 * 3)
        } else {
            let c = self.counts();
            let mut capped = 0u64;
            let mut i = 0;
            while i < 6 {
                let n = if c[i] > 3 { 3 } else { c[i] };
                capped |= (n as u64) << (8 * i);
                i += 1;
            }
            capped
        };
        let low = ((capped & LOW).wrapping_mul(GATHER) >> 56) as usize;
        let high = ((capped >> 1 & LOW).wrapping_mul(GATHER) >> 56) as usize;
        low | high << 6
    }

    /// The number of dice.
    #[inline]
    pub const fn len(self) -> u32 {
        // Three 16-bit lanes of two faces each, then their sum in the top lane.
        let pairs = (self.0 & 0x00ff_00ff_00ff) + (self.0 >> 8 & 0x00ff_00ff_00ff);
        (pairs.wrapping_mul(0x0001_0001_0001) >> 32) as u32 & 0xffff
    }

    /// Whether there are no dice.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The pips of all the dice together.
    #[inline]
    pub const fn sum(self) -> u32 {
        let c = self.counts();
        c[0] as u32
            + 2 * c[1] as u32
            + 3 * c[2] as u32
            + 4 * c[3] as u32
            + 5 * c[4] as u32
            + 6 * c[5] as u32
    }

    /// The faces shown by at least one die, as a mask (bit `i` for face `i + 1`).
    #[inline]
    pub const fn faces_mask(self) -> u8 {
        // A byte's high bit, or a carry into it from its low seven bits: nonzero.
        let nonzero = (self.0 | ((self.0 & !HIGH) + (LOW * 0x7f))) & HIGH;
        ((nonzero >> 7).wrapping_mul(GATHER) >> 56) as u8
    }

    /// Whether every die of `other` is among these (multiset inclusion).
    #[inline]
    pub const fn contains(self, other: Dice) -> bool {
        if self.small() && other.small() {
            // A byte keeps its high bit when nothing is borrowed from it.
            return ((self.0 | HIGH) - other.0) & HIGH == HIGH;
        }
        let (a, b) = (self.counts(), other.counts());
        let mut i = 0;
        while i < 6 {
            if b[i] > a[i] {
                return false;
            }
            i += 1;
        }
        true
    }

    /// These dice and one more showing `face` (a count saturates at 255, which no turn
    /// reaches).
    #[inline]
    #[must_use]
    pub const fn with(self, face: Face) -> Dice {
        if self.count(face) == u8::MAX {
            return self;
        }
        Dice(self.0 + Dice::one(face).0)
    }

    /// These dice and one more showing face index `index` (`0..6`, the value of a
    /// `below(6)` draw), for a turn's dice: no turn has 255 dice of a face (at most 18, or
    /// a few more than the Charlatans with unlimited Jesters), so the count cannot carry.
    #[inline]
    #[must_use]
    pub(crate) const fn with_rolled(self, index: u32) -> Dice {
        debug_assert!(index < 6 && self.0 >> (8 * (index % 6)) & 0xff < 0xff);
        Dice(self.0 + (1 << (8 * (index % 6))))
    }

    /// These dice less one showing `face`, if there is one.
    #[inline]
    pub const fn without(self, face: Face) -> Option<Dice> {
        if self.count(face) == 0 {
            return None;
        }
        Some(Dice(self.0 - Dice::one(face).0))
    }

    /// These dice and `other`'s together.
    #[inline]
    #[must_use]
    pub const fn plus(self, other: Dice) -> Dice {
        if self.small() && other.small() {
            return Dice(self.0 + other.0);
        }
        let (mut a, b) = (self.counts(), other.counts());
        let mut i = 0;
        while i < 6 {
            a[i] = a[i].saturating_add(b[i]);
            i += 1;
        }
        Dice::from_counts(a)
    }

    /// These dice less `other`'s, if they are all here.
    #[inline]
    pub const fn minus(self, other: Dice) -> Option<Dice> {
        if !self.contains(other) {
            return None;
        }
        // No byte borrows: each of `other`'s counts is at most `self`'s.
        Some(Dice(self.0 - other.0))
    }

    /// These dice with every face raised by `pips`; `None` if one would pass 6.
    pub const fn raised(self, pips: u8) -> Option<Dice> {
        if pips >= 6 {
            return if self.is_empty() { Some(self) } else { None };
        }
        if self.0 >> (8 * (6 - pips as u32)) != 0 {
            return None;
        }
        Some(Dice(self.0 << (8 * pips as u32)))
    }

    /// The lowest face shown, if any.
    #[inline]
    pub const fn lowest(self) -> Option<Face> {
        Face::from_index(self.0.trailing_zeros() as usize / 8)
    }

    /// The highest face shown, if any.
    #[inline]
    pub const fn highest(self) -> Option<Face> {
        match self.0 {
            0 => None,
            word => Face::from_index(7 - word.leading_zeros() as usize / 8),
        }
    }

    /// The faces one die at a time, lowest first.
    pub fn faces(self) -> impl DoubleEndedIterator<Item = Face> + Clone {
        Face::ALL
            .into_iter()
            .flat_map(move |face| core::iter::repeat_n(face, usize::from(self.count(face))))
    }

    /// The size of the largest group of equal dice (0 for no dice).
    #[inline]
    pub const fn largest_group(self) -> u8 {
        let c = self.counts();
        let mut most = 0;
        let mut i = 0;
        while i < 6 {
            if c[i] > most {
                most = c[i];
            }
            i += 1;
        }
        most
    }

    /// How many disjoint groups of `size` equal dice the dice hold: `Σ ⌊count / size⌋`
    /// (four of a kind is two pairs).
    #[inline]
    pub const fn groups(self, size: u8) -> u32 {
        let c = self.counts();
        let mut n = 0;
        let mut i = 0;
        while i < 6 {
            n += (c[i] / size) as u32;
            i += 1;
        }
        n
    }

    /// The value of the dice as a final result: the largest group, and the highest face
    /// among the groups of that size. `None` for no dice.
    #[inline]
    pub const fn value(self) -> Option<Value> {
        let count = self.largest_group();
        if count == 0 {
            return None;
        }
        let c = self.counts();
        let mut i = 6;
        while i > 0 {
            i -= 1;
            if c[i] == count {
                return match Face::from_index(i) {
                    Some(face) => Some(Value { count, face }),
                    None => None,
                };
            }
        }
        None
    }
}

impl fmt::Debug for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Dice({self})")
    }
}

impl fmt::Display for Dice {
    /// The faces from highest to lowest, `4-2-2-2-2`; `none` for no dice.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("none");
        }
        for (i, face) in self.faces().rev().enumerate() {
            if i > 0 {
                f.write_str("-")?;
            }
            write!(f, "{face}")?;
        }
        Ok(())
    }
}

impl FromStr for Dice {
    type Err = ParseDiceError;

    /// Reads faces as digits 1–6, separated by `-` or not (`4-2-2`, `422`), or `none`.
    fn from_str(text: &str) -> Result<Dice, ParseDiceError> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("none") {
            return Ok(Dice::EMPTY);
        }
        let form = ParseDiceError { character: None };
        let mut dice = Dice::EMPTY;
        let mut digits = 0;
        let mut after_digit = false;
        for c in text.chars() {
            match c {
                '-' if after_digit => after_digit = false,
                '-' => return Err(form),
                '1'..='6' => {
                    let face = c
                        .to_digit(10)
                        .and_then(|d| Face::new(d as u8))
                        .ok_or(form)?;
                    if dice.count(face) == u8::MAX {
                        return Err(form);
                    }
                    dice = dice.with(face);
                    digits += 1;
                    after_digit = true;
                }
                _ => return Err(ParseDiceError { character: Some(c) }),
            }
        }
        // No faces or a trailing dash are not dice.
        if digits == 0 || !after_digit {
            return Err(form);
        }
        Ok(dice)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dice(text: &str) -> Dice {
        text.parse().unwrap()
    }

    #[test]
    fn notation_round_trips() {
        for text in ["4-2-2-2-2", "6", "6-5-4-3-2-1", "1-1-1-1-1-1-1-1", "none"] {
            assert_eq!(std::format!("{}", dice(text)), text);
        }
        assert_eq!(dice("123"), dice("3-2-1"));
        for bad in ["", "-", "1-", "-1", "1--2"] {
            assert_eq!(
                bad.parse::<Dice>(),
                Err(ParseDiceError { character: None }),
                "{bad:?}"
            );
        }
        for (bad, character) in [
            ("0", '0'),
            ("7", '7'),
            ("1 2", ' '),
            ("x", 'x'),
            ("4-é", 'é'),
        ] {
            let err = bad.parse::<Dice>().unwrap_err();
            assert_eq!(err.character(), Some(character), "{bad:?}");
            assert!(std::format!("{err}").contains(&std::format!("{character:?} is not a face")));
        }
    }

    #[test]
    fn values_compare_by_count_then_face() {
        let v = |t: &str| dice(t).value().unwrap();
        assert_eq!(
            v("4-4-1-1-2"),
            Value {
                count: 2,
                face: Face::Four
            }
        );
        assert!(v("1-1-1") > v("6-6-5"));
        assert!(v("4-4-4-4-4-4-4-4") > v("3-3-3-3-3-3-3-3"));
        assert_eq!(v("3-3-3-3-3-3-3-3"), v("3-3-3-3-3-3-3-3-1"));
        assert_eq!(Dice::EMPTY.value(), None);
    }

    #[test]
    fn arithmetic() {
        let d = dice("6-5-4");
        assert_eq!(d.raised(1), None);
        assert_eq!(dice("5-4").raised(1), Some(dice("6-5")));
        assert_eq!(d.minus(dice("5")), Some(dice("6-4")));
        assert_eq!(d.minus(dice("5-5")), None);
        assert_eq!(d.plus(dice("1")), dice("6-5-4-1"));
        assert_eq!(d.without(Face::One), None);
        assert_eq!(
            (d.lowest(), d.highest()),
            (Some(Face::Four), Some(Face::Six))
        );
        assert_eq!((Dice::EMPTY.lowest(), Dice::EMPTY.highest()), (None, None));
        assert_eq!(dice("1-1-1-1").groups(2), 2);
        assert_eq!(dice("6-6-6-6-6-6").groups(3), 2);
        assert_eq!(d.faces_mask(), 0b111000);
    }
}
