//! The face of a die, 1 to 6.

use core::fmt;
use core::str::FromStr;

/// The face a die shows, `1..=6`.
///
/// ```
/// use kingup_court::Face;
///
/// assert_eq!(Face::new(4), Some(Face::Four));
/// assert_eq!(Face::Four.value(), 4);
/// assert_eq!(Face::Four.index(), 3);
/// assert_eq!(Face::Five.plus(1), Some(Face::Six));
/// assert_eq!(Face::Five.plus(2), None); // never above 6
/// assert_eq!("6".parse(), Ok(Face::Six));
/// assert!(Face::new(0).is_none() && Face::new(7).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Face {
    /// ⚀
    One = 1,
    /// ⚁
    Two,
    /// ⚂
    Three,
    /// ⚃
    Four,
    /// ⚄
    Five,
    /// ⚅
    Six,
}

/// The text is not a face: a digit 1 to 6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a die face: expected a digit 1 to 6")]
pub struct ParseFaceError;

impl Face {
    /// The six faces, 1 first.
    pub const ALL: [Face; 6] = [
        Face::One,
        Face::Two,
        Face::Three,
        Face::Four,
        Face::Five,
        Face::Six,
    ];

    /// The face showing `value` pips, if `1 <= value <= 6`.
    #[inline]
    pub const fn new(value: u8) -> Option<Face> {
        match value {
            1..=6 => Some(Face::ALL[value as usize - 1]),
            _ => None,
        }
    }

    /// The face with index `index` (`value - 1`), if `index < 6`.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Face> {
        if index < 6 {
            Some(Face::ALL[index])
        } else {
            None
        }
    }

    /// The pips, `1..=6`.
    #[inline]
    pub const fn value(self) -> u8 {
        self as u8
    }

    /// `value - 1`, `0..6`: the face's position in per-face arrays and bit masks.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize - 1
    }

    /// The face `pips` higher, if it is at most 6.
    #[inline]
    pub const fn plus(self, pips: u8) -> Option<Face> {
        match (self as u8).checked_add(pips) {
            Some(value) => Face::new(value),
            None => None,
        }
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.value())
    }
}

impl FromStr for Face {
    type Err = ParseFaceError;

    fn from_str(text: &str) -> Result<Face, ParseFaceError> {
        match text.trim().as_bytes() {
            [digit @ b'1'..=b'6'] => Face::new(digit - b'0').ok_or(ParseFaceError),
            _ => Err(ParseFaceError),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faces_round_trip() {
        for (i, face) in Face::ALL.into_iter().enumerate() {
            assert_eq!(face.index(), i);
            assert_eq!(Face::from_index(i), Some(face));
            assert_eq!(Face::new(face.value()), Some(face));
            assert_eq!(std::format!("{face}").parse(), Ok(face));
        }
        assert_eq!(Face::from_index(6), None);
        for bad in ["0", "7", "", "12", "x", "-1"] {
            assert_eq!(bad.parse::<Face>(), Err(ParseFaceError), "{bad:?}");
        }
        assert_eq!(Face::Six.plus(0), Some(Face::Six));
        assert_eq!(Face::One.plus(255), None);
    }
}
