//! Secret objective cards.

use core::fmt;

use crate::{Character, CharacterSet};

/// An objective card: the six characters a seat wants high in the castle.
///
/// Always exactly six distinct characters; stored as a [`CharacterSet`].
///
/// ```
/// use kingup_core::{Character, Objective};
///
/// let o = Objective::from_letters("BCDEIO")?;
/// assert!(o.contains(Character::Odessa));
/// assert_eq!(o.to_string(), "BCDEIO");
/// assert!(Objective::from_letters("BCDEI").is_err());
/// # Ok::<(), kingup_core::ObjectiveError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Objective(CharacterSet);

/// Why a list of characters is not an objective.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ObjectiveError {
    /// An objective names exactly six characters.
    #[error("an objective names exactly 6 characters, found {0}")]
    WrongSize(usize),
    /// A character was named twice.
    #[error("{0} is named twice")]
    Duplicate(Character),
    /// A letter or id that names no character.
    #[error("{0:?} is not a character")]
    UnknownCharacter(char),
}

impl Objective {
    /// Characters on every objective card.
    pub const SIZE: usize = 6;

    /// The objective naming `characters`, which must be six distinct ones.
    pub fn new(characters: &[Character]) -> Result<Objective, ObjectiveError> {
        let mut set = CharacterSet::EMPTY;
        for &c in characters {
            if set.contains(c) {
                return Err(ObjectiveError::Duplicate(c));
            }
            set.insert(c);
        }
        Objective::from_set(set)
    }

    /// The objective naming the characters of `set`, which must hold six.
    pub const fn from_set(set: CharacterSet) -> Result<Objective, ObjectiveError> {
        if set.len() == Objective::SIZE {
            Ok(Objective(set))
        } else {
            Err(ObjectiveError::WrongSize(set.len()))
        }
    }

    /// The objective written as six character letters, e.g. `"BCDEIO"`.
    pub fn from_letters(letters: &str) -> Result<Objective, ObjectiveError> {
        let mut set = CharacterSet::EMPTY;
        let mut count = 0;
        for l in letters.chars() {
            let c = Character::from_letter(l).ok_or(ObjectiveError::UnknownCharacter(l))?;
            if set.contains(c) {
                return Err(ObjectiveError::Duplicate(c));
            }
            set.insert(c);
            count += 1;
        }
        if count != Objective::SIZE {
            return Err(ObjectiveError::WrongSize(count));
        }
        Objective::from_set(set)
    }

    /// The six characters.
    #[inline]
    pub const fn characters(self) -> CharacterSet {
        self.0
    }

    /// Whether `character` is on the card.
    #[inline]
    pub const fn contains(self, character: Character) -> bool {
        self.0.contains(character)
    }
}

impl fmt::Display for Objective {
    /// The six letters in id order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}
