//! Seats around the table and sets of them.

use core::fmt;

/// A seat at the table, `0..6`, numbered clockwise.
///
/// A `Seat` is always below [`Seat::MAX`]; whether it plays in a given game depends on
/// that game's number of players.
///
/// ```
/// use kingup_table::Seat;
///
/// let s = Seat::new(2).unwrap();
/// assert_eq!(s.next(3), Seat::new(0).unwrap());
/// assert!(Seat::new(6).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Seat(u8);

impl Seat {
    /// Number of seats the largest game has.
    pub const MAX: usize = 6;

    /// Seat 0.
    pub const FIRST: Seat = Seat(0);

    /// The seat with number `index`, if `index < 6`.
    #[inline]
    pub const fn new(index: usize) -> Option<Seat> {
        if index < Seat::MAX {
            Some(Seat(index as u8))
        } else {
            None
        }
    }

    /// The seat number, `0..6`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat to the left (clockwise) in a game of `players`.
    #[inline]
    pub const fn next(self, players: usize) -> Seat {
        // A compare, not a division: this runs on every move.
        if self.0 as usize + 1 >= players {
            Seat(0)
        } else {
            Seat(self.0 + 1)
        }
    }

    /// The seat numbered `index` if it plays in a game of `players`: the one check every
    /// front end runs on seat numbers from its callers (signed, as Python and C# integers
    /// are), so that a bad seat gets the same error in every language and game.
    ///
    /// ```
    /// use kingup_table::Seat;
    ///
    /// assert_eq!(Seat::checked(3, 4).map(|s| s.index()), Ok(3));
    /// let err = Seat::checked(4, 4).unwrap_err();
    /// assert_eq!(err.to_string(), "there is no seat 4 in a 4-player game");
    /// assert_eq!(err.code(), "no_such_seat");
    /// assert!(Seat::checked(-1, 4).is_err());
    /// ```
    pub fn checked(index: i64, players: u8) -> Result<Seat, SeatError> {
        usize::try_from(index)
            .ok()
            .filter(|&i| i < usize::from(players))
            .and_then(Seat::new)
            .ok_or(SeatError { index, players })
    }

    /// The seats `0..players`, in order.
    pub fn all(players: usize) -> impl Iterator<Item = Seat> {
        (0..players.min(Seat::MAX)).map(|i| Seat(i as u8))
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// The number names no seat of the game: it is negative or not below the player count
/// ([`Seat::checked`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("there is no seat {index} in a {players}-player game")]
pub struct SeatError {
    /// The number given.
    pub index: i64,
    /// Players in the game.
    pub players: u8,
}

impl SeatError {
    /// The reason code bindings report for it.
    pub const CODE: &'static str = "no_such_seat";

    /// The reason code bindings report for it: `"no_such_seat"`.
    pub const fn code(&self) -> &'static str {
        SeatError::CODE
    }
}

/// A set of seats, stored as a 6-bit mask (bit `i` is seat `i`).
///
/// ```
/// use kingup_table::{Seat, SeatSet};
///
/// let all = SeatSet::first(4);
/// let one = SeatSet::single(Seat::new(1).unwrap());
/// assert_eq!(all.difference(one).len(), 3);
/// assert_eq!(all.to_string(), "{0, 1, 2, 3}");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SeatSet(u8);

impl SeatSet {
    /// No seat.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// The seats `0..players`.
    #[inline]
    pub const fn first(players: usize) -> SeatSet {
        SeatSet(((1u16 << players) - 1) as u8 & 0x3f)
    }

    /// The set with the given mask, if it names no bit above 5.
    #[inline]
    pub const fn from_bits(bits: u8) -> Option<SeatSet> {
        if bits & !0x3f == 0 {
            Some(SeatSet(bits))
        } else {
            None
        }
    }

    /// The mask: bit `i` is set when seat `i` is in the set.
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The set holding only `seat`.
    #[inline]
    pub const fn single(seat: Seat) -> SeatSet {
        SeatSet(1 << seat.0)
    }

    /// Whether `seat` is in the set.
    #[inline]
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat.0) != 0
    }

    /// Number of seats in the set.
    #[inline]
    pub const fn len(self) -> usize {
        crate::byte_ones(self.0) as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Adds `seat`.
    #[inline]
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= 1 << seat.0;
    }

    /// Seats in either set.
    #[inline]
    pub const fn union(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 | other.0)
    }

    /// The lowest seat in the set, if any (e.g. the next voter to ask).
    #[inline]
    pub const fn lowest(self) -> Option<Seat> {
        if self.0 == 0 {
            None
        } else {
            Some(Seat(self.0.trailing_zeros() as u8))
        }
    }

    /// Seats in both sets.
    #[inline]
    pub const fn intersection(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 & other.0)
    }

    /// Seats in `self` but not in `other`.
    #[inline]
    pub const fn difference(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 & !other.0)
    }

    /// Iterates over the seats in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..Seat::MAX as u8)
            .filter(move |i| self.0 & (1 << i) != 0)
            .map(Seat)
    }
}

impl fmt::Display for SeatSet {
    /// The seat numbers in braces, e.g. `{0, 2}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, seat) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{seat}")?;
        }
        f.write_str("}")
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> SeatSet {
        let mut set = SeatSet::EMPTY;
        for seat in iter {
            set.insert(seat);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_wrap_clockwise() {
        let last = Seat::new(5).unwrap();
        assert_eq!(last.next(6).index(), 0);
        assert_eq!(Seat::new(1).unwrap().next(6).index(), 2);
        assert_eq!(Seat::all(4).count(), 4);
    }

    #[test]
    fn seat_sets() {
        assert_eq!(SeatSet::first(6).bits(), 0x3f);
        assert_eq!(SeatSet::first(3).len(), 3);
        assert_eq!(SeatSet::from_bits(0x40), None);
        let set: SeatSet = [Seat::new(4).unwrap(), Seat::new(0).unwrap()]
            .into_iter()
            .collect();
        let seats: [usize; 2] = [0, 4];
        assert!(set.iter().map(Seat::index).eq(seats));
    }
}
