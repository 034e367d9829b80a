//! The save document: a session as config, chance mode, generator state and steps — the
//! shape of `kingup_core`'s save document, with its own `format` name.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use kingup_core::{ChanceMode, Generator};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{LoadError, Session};
use crate::{Config, Replay, Step};

/// The `format` field of every save document.
const FORMAT: &str = "kingup-court-save";
/// The save format version written and read.
const VERSION: u32 = 1;
/// Longest save document [`Session::from_json`] reads: 16 MiB. A random 5-player game of
/// 100 rounds takes about 0.3 MiB; the rules set no bound on rounds, so the limit is wide.
#[cfg(feature = "json")]
pub const MAX_SAVE_LEN: usize = 16 << 20;

/// The document's fields, in the order they are written.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Save {
    format: String,
    version: u32,
    config: Config,
    chance: ChanceMode,
    /// The generator's current state, 64 hexadecimal digits.
    generator: String,
    steps: Vec<Step>,
}

impl Session {
    fn to_save(&self) -> Save {
        Save {
            format: FORMAT.to_string(),
            version: VERSION,
            config: self.replay.config,
            chance: self.chance,
            generator: self.generator.state_hex().to_string(),
            steps: self.replay.steps.clone(),
        }
    }

    fn from_save(save: Save) -> Result<Session, LoadError> {
        if save.format != FORMAT {
            let found: String = save.format.chars().take(32).collect();
            return Err(LoadError::Malformed(alloc::format!(
                "format is {found:?}, not {FORMAT:?}"
            )));
        }
        if save.version != VERSION {
            return Err(LoadError::Version {
                found: save.version,
                supported: VERSION,
            });
        }
        let generator = Generator::from_hex(&save.generator)?;
        let replay = Replay {
            config: save.config,
            steps: save.steps,
        };
        Session::from_replay(replay, generator, save.chance)
    }
}

impl Serialize for Session {
    /// The save document (see [`Session::to_json`]).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_save().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Session {
    /// Reads a save document and replays it; refuses anything the rules refuse.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Session, D::Error> {
        Session::from_save(Save::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}

#[cfg(feature = "json")]
impl Session {
    /// The save document as JSON, one line, fields in a fixed order:
    ///
    /// ```text
    /// {"format":"kingup-court-save","version":1,"config":{"players":3,...},"chance":"auto",
    ///  "generator":"<64 hex digits>","steps":["chance: first 2","2: roll","chance: die 5",...]}
    /// ```
    ///
    /// ```
    /// use kingup_court::{Config, Session};
    ///
    /// let mut session = Session::new(Config::new(3), 7)?;
    /// let seat = session.game().next_seat().unwrap();
    /// session.apply(seat, "roll".parse()?)?;
    /// let json = session.to_json();
    /// assert!(json.starts_with(r#"{"format":"kingup-court-save","version":1,"#));
    /// assert!(json.contains(&format!(r#""{seat}: roll""#)));
    /// assert_eq!(Session::from_json(&json)?, session);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_json(&self) -> String {
        // Writing plain data to a string cannot fail.
        serde_json::to_string(&self.to_save()).unwrap_or_default()
    }

    /// Reads a save document: checks its form, then replays its steps through the rules.
    /// Documents longer than [`MAX_SAVE_LEN`] are refused before parsing; error messages
    /// quote at most a short part of the input.
    pub fn from_json(text: &str) -> Result<Session, LoadError> {
        if text.len() > MAX_SAVE_LEN {
            return Err(LoadError::TooLong(text.len()));
        }
        let save: Save =
            serde_json::from_str(text).map_err(|e| LoadError::Malformed(short(&e.to_string())))?;
        Session::from_save(save)
    }
}

/// `message` cut to 200 characters: serde's messages can quote the input.
#[cfg(feature = "json")]
fn short(message: &str) -> String {
    const MAX: usize = 200;
    match message.char_indices().nth(MAX) {
        Some((cut, _)) => alloc::format!("{}…", &message[..cut]),
        None => message.to_string(),
    }
}
