//! Serde for the vocabulary types, in compact, readable forms.
//!
//! | type | form |
//! |---|---|
//! | `Face` | its number, `1..=6` |
//! | `Dice` | the notation, `"4-2-2-2-2"`, `"none"` |
//! | `Card` | its key, `"pawnbroker"` (reads a key, an English or an Italian name) |
//! | `CardSet` | a list of keys in id order, `["laborer", "guard"]` |
//! | `ChanceOutcome` | the notation, `"die 5"`, `"first 2"` |
//! | `Action`, `Step` | the notation (in their modules) |
//!
//! Every form is validated when read.

use core::fmt;

use serde::de::{self, Deserialize, Deserializer, SeqAccess, Unexpected, Visitor};
use serde::ser::{Serialize, SerializeSeq, Serializer};

use crate::{Card, CardSet, ChanceOutcome, Dice, Face};

impl Serialize for Face {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.value())
    }
}

impl<'de> Deserialize<'de> for Face {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Face, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Face;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a die face 1-6")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Face, E> {
                u8::try_from(v)
                    .ok()
                    .and_then(Face::new)
                    .ok_or_else(|| E::invalid_value(Unexpected::Unsigned(v), &self))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Face, E> {
                u64::try_from(v)
                    .map_err(|_| E::invalid_value(Unexpected::Signed(v), &self))
                    .and_then(|v| self.visit_u64(v))
            }
        }
        d.deserialize_u8(V)
    }
}

/// Serializes as the `Display` form and reads back through `FromStr`.
macro_rules! serde_as_text {
    ($type:ty, $expecting:literal) => {
        impl Serialize for $type {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $type {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$type, D::Error> {
                struct V;
                impl Visitor<'_> for V {
                    type Value = $type;
                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        f.write_str($expecting)
                    }
                    fn visit_str<E: de::Error>(self, v: &str) -> Result<$type, E> {
                        v.parse()
                            .map_err(|_| E::invalid_value(Unexpected::Str(v), &self))
                    }
                }
                d.deserialize_str(V)
            }
        }
    };
}

serde_as_text!(Dice, "dice such as \"4-2-2-2-2\" or \"none\"");
serde_as_text!(
    ChanceOutcome,
    "a chance outcome such as \"die 5\" or \"first 2\""
);

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.key())
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Card;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a card such as \"guard\"")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Card, E> {
                v.parse()
                    .map_err(|_| E::invalid_value(Unexpected::Str(v), &self))
            }
        }
        d.deserialize_str(V)
    }
}

impl Serialize for CardSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.len()))?;
        for card in self.iter() {
            seq.serialize_element(&card)?;
        }
        seq.end()
    }
}

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CardSet, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = CardSet;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list of distinct cards")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<CardSet, A::Error> {
                let mut set = CardSet::EMPTY;
                while let Some(card) = seq.next_element::<Card>()? {
                    if set.contains(card) {
                        return Err(de::Error::custom("a card is listed twice"));
                    }
                    set.insert(card);
                }
                Ok(set)
            }
        }
        d.deserialize_seq(V)
    }
}
