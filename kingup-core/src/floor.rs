//! The seven floors of the castle.

use core::fmt;

/// A floor of the castle, from the Servants (0) to the Throne (6).
///
/// ```
/// use kingup_core::Floor;
///
/// assert_eq!(Floor::Nobles.points(), 5);
/// assert_eq!(Floor::Throne.points(), 10);
/// assert_eq!(Floor::Nobles.up(), Some(Floor::Throne));
/// assert_eq!(Floor::Throne.capacity(), 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Floor {
    /// Floor 0, where the characters nobody placed start.
    Servants = 0,
    /// Floor 1.
    Artisans,
    /// Floor 2.
    Merchants,
    /// Floor 3.
    Officials,
    /// Floor 4.
    Dignitaries,
    /// Floor 5, the last before the throne.
    Nobles,
    /// Floor 6: a character here is the candidate, then the King.
    Throne,
}

impl Floor {
    /// Number of floors.
    pub const COUNT: usize = 7;

    /// Every floor, bottom to top.
    pub const ALL: [Floor; Floor::COUNT] = [
        Floor::Servants,
        Floor::Artisans,
        Floor::Merchants,
        Floor::Officials,
        Floor::Dignitaries,
        Floor::Nobles,
        Floor::Throne,
    ];

    /// The floors a character may be placed on in the placement phase.
    pub const PLACEMENT: [Floor; 4] = [
        Floor::Artisans,
        Floor::Merchants,
        Floor::Officials,
        Floor::Dignitaries,
    ];

    /// Characters a floor below the throne holds at most.
    pub const ROOM: u8 = 4;

    /// The floor number, `0..=6`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The floor with number `index`, if `index <= 6`.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Floor> {
        // A match, not a look-up in `ALL`: the compiler sees the identity (no load).
        match index {
            0 => Some(Floor::Servants),
            1 => Some(Floor::Artisans),
            2 => Some(Floor::Merchants),
            3 => Some(Floor::Officials),
            4 => Some(Floor::Dignitaries),
            5 => Some(Floor::Nobles),
            6 => Some(Floor::Throne),
            _ => None,
        }
    }

    /// Points a character on this floor scores: 0–5 by floor, 10 for the King.
    #[inline]
    pub const fn points(self) -> u8 {
        match self {
            Floor::Throne => 10,
            floor => floor as u8,
        }
    }

    /// How many characters this floor holds at most: 4, or 1 for the throne.
    #[inline]
    pub const fn capacity(self) -> u8 {
        match self {
            Floor::Throne => 1,
            _ => Floor::ROOM,
        }
    }

    /// The floor above, if any.
    #[inline]
    pub const fn up(self) -> Option<Floor> {
        Floor::from_index(self as usize + 1)
    }

    /// Whether characters may be placed here in the placement phase (floors 1–4).
    #[inline]
    pub const fn is_placement(self) -> bool {
        matches!(self as u8, 1..=4)
    }

    /// The English name of the floor.
    pub const fn name(self) -> &'static str {
        match self {
            Floor::Servants => "Servants",
            Floor::Artisans => "Artisans",
            Floor::Merchants => "Merchants",
            Floor::Officials => "Officials",
            Floor::Dignitaries => "Dignitaries",
            Floor::Nobles => "Nobles",
            Floor::Throne => "Throne",
        }
    }
}

impl fmt::Display for Floor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_and_capacity_follow_the_rules() {
        let points: [u8; 7] = Floor::ALL.map(Floor::points);
        assert_eq!(points, [0, 1, 2, 3, 4, 5, 10]);
        let room: [u8; 7] = Floor::ALL.map(Floor::capacity);
        assert_eq!(room, [4, 4, 4, 4, 4, 4, 1]);
        assert_eq!(Floor::Throne.up(), None);
        assert_eq!(Floor::from_index(7), None);
        let placement: [bool; 7] = Floor::ALL.map(Floor::is_placement);
        assert_eq!(placement, [false, true, true, true, true, false, false]);
    }
}
