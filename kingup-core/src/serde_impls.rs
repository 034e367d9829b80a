//! Serde for the vocabulary types, in compact, readable forms.
//!
//! | type           | form                                    |
//! |----------------|-----------------------------------------|
//! | `Character`    | its letter, `"F"` (reads a letter, a name or an id) |
//! | `CharacterSet` | its letters in id order, `"BDE"`        |
//! | `Objective`    | six letters, `"BCDEIO"`                 |
//! | `Floor`        | its number, `0..=6`                     |
//! | `CardId`       | its number                              |
//! | `Deck`         | a list of objectives                    |
//!
//! Every form is validated when read.

use core::fmt;

use serde::de::{self, Deserialize, Deserializer, SeqAccess, Unexpected, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::{CardId, Character, CharacterSet, Deck, Floor, Objective};

impl Serialize for Character {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_char(self.letter())
    }
}

impl<'de> Deserialize<'de> for Character {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Character, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Character;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a character letter, name or id 0-12")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Character, E> {
                v.parse()
                    .map_err(|_| E::invalid_value(Unexpected::Str(v), &self))
            }
            fn visit_char<E: de::Error>(self, v: char) -> Result<Character, E> {
                Character::from_letter(v)
                    .ok_or_else(|| E::invalid_value(Unexpected::Char(v), &self))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Character, E> {
                usize::try_from(v)
                    .ok()
                    .and_then(Character::from_index)
                    .ok_or_else(|| E::invalid_value(Unexpected::Unsigned(v), &self))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Character, E> {
                u64::try_from(v)
                    .map_err(|_| E::invalid_value(Unexpected::Signed(v), &self))
                    .and_then(|v| self.visit_u64(v))
            }
        }
        d.deserialize_any(V)
    }
}

/// Reads a string of character letters into a set, rejecting repeats.
fn letters_to_set<E: de::Error>(v: &str, expected: &dyn de::Expected) -> Result<CharacterSet, E> {
    let mut set = CharacterSet::EMPTY;
    for l in v.chars() {
        match Character::from_letter(l) {
            Some(c) if !set.contains(c) => set.insert(c),
            _ => return Err(E::invalid_value(Unexpected::Str(v), expected)),
        }
    }
    Ok(set)
}

impl Serialize for CharacterSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for CharacterSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CharacterSet, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = CharacterSet;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string of distinct character letters such as \"BDE\"")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<CharacterSet, E> {
                letters_to_set(v, &self)
            }
        }
        d.deserialize_str(V)
    }
}

impl Serialize for Objective {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.characters().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Objective {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Objective, D::Error> {
        let set = CharacterSet::deserialize(d)?;
        Objective::from_set(set).map_err(de::Error::custom)
    }
}

/// Serializes a small index type as its number and reads it back through `$from`.
macro_rules! serde_as_index {
    ($ty:ty, $from:path, $expecting:literal) => {
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_u8(self.index() as u8)
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$ty, D::Error> {
                let n = u64::deserialize(d)?;
                usize::try_from(n)
                    .ok()
                    .and_then($from)
                    .ok_or_else(|| de::Error::invalid_value(Unexpected::Unsigned(n), &$expecting))
            }
        }
    };
}

serde_as_index!(Floor, Floor::from_index, "a floor number 0-6");
serde_as_index!(CardId, CardId::new, "a card number 0-31");

impl Serialize for Deck {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.cards())
    }
}

impl<'de> Deserialize<'de> for Deck {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Deck, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Deck;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a list of 1 to {} objectives", Deck::MAX)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Deck, A::Error> {
                let mut cards = arrayvec::ArrayVec::<Objective, { Deck::MAX }>::new();
                while let Some(card) = seq.next_element::<Objective>()? {
                    cards
                        .try_push(card)
                        .map_err(|_| de::Error::invalid_length(Deck::MAX + 1, &self))?;
                }
                Deck::new(&cards).map_err(de::Error::custom)
            }
        }
        d.deserialize_seq(V)
    }
}
