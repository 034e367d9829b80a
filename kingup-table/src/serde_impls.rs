//! Serde for seats: a seat as its number, `2`; a set of seats as a list, `[0, 2]`. Both
//! are validated when read.

use core::fmt;

use serde::de::{self, Deserialize, Deserializer, SeqAccess, Unexpected, Visitor};
use serde::ser::{Serialize, SerializeSeq, Serializer};

use crate::{Seat, SeatSet};

impl Serialize for Seat {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.index() as u8)
    }
}

impl<'de> Deserialize<'de> for Seat {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Seat, D::Error> {
        let n = u64::deserialize(d)?;
        usize::try_from(n)
            .ok()
            .and_then(Seat::new)
            .ok_or_else(|| de::Error::invalid_value(Unexpected::Unsigned(n), &"a seat number 0-5"))
    }
}

impl Serialize for SeatSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.len()))?;
        for seat in self.iter() {
            seq.serialize_element(&seat)?;
        }
        seq.end()
    }
}

impl<'de> Deserialize<'de> for SeatSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<SeatSet, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = SeatSet;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list of distinct seat numbers 0-5")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<SeatSet, A::Error> {
                let mut set = SeatSet::EMPTY;
                while let Some(seat) = seq.next_element::<Seat>()? {
                    if set.contains(seat) {
                        return Err(de::Error::custom(format_args!(
                            "seat {seat} is listed twice"
                        )));
                    }
                    set.insert(seat);
                }
                Ok(set)
            }
        }
        d.deserialize_seq(V)
    }
}
