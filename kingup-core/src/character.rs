//! The thirteen characters and sets of them.

use core::fmt;
use core::str::FromStr;

/// One of the thirteen characters who climb the castle.
///
/// The discriminant is the stable id used everywhere in kingup (`0..13`), in the
/// order of the letters printed on the pieces: A B C D E F G I L M N O P.
///
/// ```
/// use kingup_core::Character;
///
/// let c: Character = "F".parse()?;
/// assert_eq!(c, Character::Fiorello);
/// assert_eq!(c.index(), 5);
/// assert_eq!(c.letter(), 'F');
/// assert_eq!("irina".parse::<Character>()?, Character::Irina);
/// # Ok::<(), kingup_core::ParseCharacterError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)] // The variants are the names printed on the pieces.
pub enum Character {
    Alighiero = 0,
    Beatrice,
    Clemente,
    Dario,
    Ernesto,
    Fiorello,
    Giuseppe,
    Irina,
    Leonardo,
    Martino,
    Natale,
    Odessa,
    Piero,
}

impl Character {
    /// Number of characters.
    pub const COUNT: usize = 13;

    /// Every character, in id order.
    pub const ALL: [Character; Character::COUNT] = [
        Character::Alighiero,
        Character::Beatrice,
        Character::Clemente,
        Character::Dario,
        Character::Ernesto,
        Character::Fiorello,
        Character::Giuseppe,
        Character::Irina,
        Character::Leonardo,
        Character::Martino,
        Character::Natale,
        Character::Odessa,
        Character::Piero,
    ];

    const LETTERS: [char; Character::COUNT] = [
        'A', 'B', 'C', 'D', 'E', 'F', 'G', 'I', 'L', 'M', 'N', 'O', 'P',
    ];

    const NAMES: [&'static str; Character::COUNT] = [
        "Alighiero",
        "Beatrice",
        "Clemente",
        "Dario",
        "Ernesto",
        "Fiorello",
        "Giuseppe",
        "Irina",
        "Leonardo",
        "Martino",
        "Natale",
        "Odessa",
        "Piero",
    ];

    /// The stable id, `0..13`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The character with id `index`, if `index < 13`.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Character> {
        // A match on every id, not a look-up in `ALL`: the compiler sees the identity and
        // emits a range check alone, where a look-up adds a load to every caller's chain.
        match index {
            0 => Some(Character::Alighiero),
            1 => Some(Character::Beatrice),
            2 => Some(Character::Clemente),
            3 => Some(Character::Dario),
            4 => Some(Character::Ernesto),
            5 => Some(Character::Fiorello),
            6 => Some(Character::Giuseppe),
            7 => Some(Character::Irina),
            8 => Some(Character::Leonardo),
            9 => Some(Character::Martino),
            10 => Some(Character::Natale),
            11 => Some(Character::Odessa),
            12 => Some(Character::Piero),
            _ => None,
        }
    }

    /// The letter printed on the piece.
    #[inline]
    pub const fn letter(self) -> char {
        Character::LETTERS[self as usize]
    }

    /// The character whose piece shows `letter` (case-insensitive).
    pub fn from_letter(letter: char) -> Option<Character> {
        let upper = letter.to_ascii_uppercase();
        Character::LETTERS
            .iter()
            .position(|&l| l == upper)
            .map(|i| Character::ALL[i])
    }

    /// The name as printed in the rulebooks.
    #[inline]
    pub const fn name(self) -> &'static str {
        Character::NAMES[self as usize]
    }
}

impl fmt::Display for Character {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// The text did not name a character.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a character: expected a letter (A B C D E F G I L M N O P), a name or an id 0-12")]
pub struct ParseCharacterError;

impl FromStr for Character {
    type Err = ParseCharacterError;

    /// Accepts a letter, a name (both case-insensitive) or an id `0..13`.
    fn from_str(s: &str) -> Result<Character, ParseCharacterError> {
        let mut chars = s.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            if let Some(character) = Character::from_letter(c) {
                return Ok(character);
            }
        }
        if let Some(&c) = Character::ALL
            .iter()
            .find(|c| c.name().eq_ignore_ascii_case(s))
        {
            return Ok(c);
        }
        s.parse::<usize>()
            .ok()
            .and_then(Character::from_index)
            .ok_or(ParseCharacterError)
    }
}

/// A set of characters, stored as a 13-bit mask (bit `i` is the character with id `i`).
///
/// Iteration yields characters in id order.
///
/// ```
/// use kingup_core::{Character, CharacterSet};
///
/// let set: CharacterSet = [Character::Piero, Character::Beatrice].into_iter().collect();
/// assert_eq!(set.len(), 2);
/// assert!(set.contains(Character::Piero));
/// assert_eq!(set.iter().next(), Some(Character::Beatrice));
/// assert_eq!(set.to_string(), "BP");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CharacterSet(u16);

impl CharacterSet {
    /// No character.
    pub const EMPTY: CharacterSet = CharacterSet(0);
    /// All thirteen characters.
    pub const ALL: CharacterSet = CharacterSet((1 << Character::COUNT) - 1);

    /// The set with the given mask, if it names no bit above 12.
    #[inline]
    pub const fn from_bits(bits: u16) -> Option<CharacterSet> {
        if bits & !CharacterSet::ALL.0 == 0 {
            Some(CharacterSet(bits))
        } else {
            None
        }
    }

    /// The set with the given mask, bits above 12 dropped.
    #[inline]
    pub(crate) const fn from_bits_truncate(bits: u16) -> CharacterSet {
        CharacterSet(bits & CharacterSet::ALL.0)
    }

    /// The mask: bit `i` is set when the character with id `i` is in the set.
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The set holding only `character`.
    #[inline]
    pub const fn single(character: Character) -> CharacterSet {
        CharacterSet(1 << character as u16)
    }

    /// Whether `character` is in the set.
    #[inline]
    pub const fn contains(self, character: Character) -> bool {
        self.0 & (1 << character as u16) != 0
    }

    /// Number of characters in the set.
    #[inline]
    pub const fn len(self) -> usize {
        // Two bytes from a table (`byte_ones`): without the `popcnt` instruction a count of
        // ones is a dozen instructions.
        (kingup_table::byte_ones(self.0 as u8) + kingup_table::byte_ones((self.0 >> 8) as u8))
            as usize
    }

    /// Each character `c` of the set as bit `4 c`. Multiplied by a mask of placement floors
    /// (bit `f − 1` for floor `f`, 1 to 4) it is the set of these characters' placements on
    /// those floors as bits of [`Action::index`](crate::Action::index), where a placement is
    /// `4 × character + floor − 1`: the index space's own layout, built by two table
    /// look-ups.
    ///
    /// ```
    /// use kingup_core::{Action, Character, CharacterSet, Floor};
    ///
    /// let beatrice = CharacterSet::single(Character::Beatrice);
    /// let on_merchants = beatrice.placement_bits() << (Floor::Merchants as u32 - 1);
    /// let place = Action::Place { character: Character::Beatrice, floor: Floor::Merchants };
    /// assert_eq!(on_merchants, 1 << place.index());
    /// ```
    #[inline]
    pub fn placement_bits(self) -> u64 {
        crate::bits::nibble_lows(self.0)
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Adds `character`.
    #[inline]
    pub fn insert(&mut self, character: Character) {
        self.0 |= 1 << character as u16;
    }

    /// Removes `character`.
    #[inline]
    pub fn remove(&mut self, character: Character) {
        self.0 &= !(1 << character as u16);
    }

    /// Characters in either set.
    #[inline]
    pub const fn union(self, other: CharacterSet) -> CharacterSet {
        CharacterSet(self.0 | other.0)
    }

    /// Characters in both sets.
    #[inline]
    pub const fn intersection(self, other: CharacterSet) -> CharacterSet {
        CharacterSet(self.0 & other.0)
    }

    /// Characters in `self` but not in `other`.
    #[inline]
    pub const fn difference(self, other: CharacterSet) -> CharacterSet {
        CharacterSet(self.0 & !other.0)
    }

    /// The character with the lowest id, if any.
    #[inline]
    pub const fn first(self) -> Option<Character> {
        Character::from_index(self.0.trailing_zeros() as usize)
    }

    /// The `n`-th character in id order, if the set has more than `n`.
    #[inline]
    pub fn nth(self, n: usize) -> Option<Character> {
        let index = crate::bits::nth_bit16(self.0, u32::try_from(n).ok()?)?;
        Character::from_index(index as usize)
    }

    /// Iterates over the characters in id order.
    #[inline]
    pub fn iter(self) -> CharacterSetIter {
        CharacterSetIter(self.0)
    }
}

impl fmt::Display for CharacterSet {
    /// The letters in id order, e.g. `BDEIOP`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.iter()
            .try_for_each(|c| fmt::Write::write_char(f, c.letter()))
    }
}

impl FromIterator<Character> for CharacterSet {
    fn from_iter<I: IntoIterator<Item = Character>>(iter: I) -> CharacterSet {
        let mut set = CharacterSet::EMPTY;
        for c in iter {
            set.insert(c);
        }
        set
    }
}

impl IntoIterator for CharacterSet {
    type Item = Character;
    type IntoIter = CharacterSetIter;

    fn into_iter(self) -> CharacterSetIter {
        self.iter()
    }
}

/// Iterator over a [`CharacterSet`], in id order.
#[derive(Clone, Debug)]
pub struct CharacterSetIter(u16);

impl Iterator for CharacterSetIter {
    type Item = Character;

    #[inline]
    fn next(&mut self) -> Option<Character> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Character::from_index(i)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CharacterSetIter {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_letters_and_names_round_trip() {
        for (i, c) in Character::ALL.into_iter().enumerate() {
            assert_eq!(c.index(), i);
            assert_eq!(Character::from_index(i), Some(c));
            assert_eq!(Character::from_letter(c.letter()), Some(c));
            assert_eq!(c.name().parse::<Character>(), Ok(c));
        }
        assert_eq!(Character::from_index(13), None);
        assert_eq!(Character::from_letter('H'), None);
        assert_eq!("12".parse::<Character>(), Ok(Character::Piero));
        assert_eq!("13".parse::<Character>(), Err(ParseCharacterError));
        assert_eq!("Gavino".parse::<Character>(), Err(ParseCharacterError));
    }

    #[test]
    fn set_operations() {
        let a: CharacterSet = [Character::Dario, Character::Alighiero]
            .into_iter()
            .collect();
        let b = CharacterSet::single(Character::Dario);
        assert_eq!(a.intersection(b), b);
        assert_eq!(a.difference(b), CharacterSet::single(Character::Alighiero));
        assert_eq!(a.first(), Some(Character::Alighiero));
        assert_eq!(a.nth(1), Some(Character::Dario));
        assert_eq!(a.nth(2), None);
        assert_eq!(CharacterSet::ALL.len(), 13);
        assert_eq!(CharacterSet::from_bits(1 << 13), None);
        assert_eq!(CharacterSet::EMPTY.first(), None);
    }
}
