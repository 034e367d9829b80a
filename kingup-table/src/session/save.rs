//! The save document: a session as config, chance mode, generator state and steps, the
//! same shape for every game, with the game's own `format` name.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

#[cfg(feature = "json")]
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{ChanceMode, LoadError, Session};
use crate::{Generator, Replay, Rules, Step};

/// The save format version written and read.
const VERSION: u32 = 1;

/// The document's fields, in the order they are written.
#[derive(Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    bound(
        serialize = "G::Config: Serialize",
        deserialize = "G::Config: Deserialize<'de>"
    )
)]
struct Save<G: Rules> {
    format: String,
    version: u32,
    config: G::Config,
    chance: ChanceMode,
    /// The generator's current state, 64 hexadecimal digits.
    generator: String,
    steps: Vec<Step<G>>,
}

impl<G: Rules> Session<G> {
    fn to_save(&self) -> Save<G> {
        Save {
            format: G::SAVE_FORMAT.to_string(),
            version: VERSION,
            config: self.replay.config,
            chance: self.chance,
            generator: self.generator.state_hex().to_string(),
            steps: self.replay.steps.clone(),
        }
    }

    fn from_save(save: Save<G>) -> Result<Session<G>, LoadError<G>> {
        if save.format != G::SAVE_FORMAT {
            let found: String = save.format.chars().take(32).collect();
            return Err(LoadError::Malformed(alloc::format!(
                "format is {found:?}, not {:?}",
                G::SAVE_FORMAT
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

impl<G: Rules> Serialize for Session<G>
where
    G::Config: Serialize,
{
    /// The save document (see `Session::to_json`).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_save().serialize(s)
    }
}

impl<'de, G: Rules> Deserialize<'de> for Session<G>
where
    G::Config: Deserialize<'de>,
{
    /// Reads a save document and replays it; refuses anything the rules refuse.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Session<G>, D::Error> {
        Session::from_save(Save::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}

#[cfg(feature = "json")]
impl<G: Rules> Session<G>
where
    G::Config: Serialize + DeserializeOwned,
{
    /// The save document as JSON, one line, fields in a fixed order, so the same session
    /// gives the same bytes in every language:
    ///
    /// ```text
    /// {"format":"kingup-save","version":1,"config":{"players":3,...},"chance":"auto",
    ///  "generator":"<64 hex digits>","steps":["chance: first 2","chance: deal 17",...,"2: B4"]}
    /// ```
    ///
    /// It holds every secret: hidden deals are among the steps, and the generator predicts
    /// every chance outcome to come. Keep it from players.
    pub fn to_json(&self) -> String {
        // Writing plain data to a string cannot fail.
        serde_json::to_string(&self.to_save()).unwrap_or_default()
    }

    /// Reads a save document: checks its form, then replays its steps through the rules.
    /// Documents longer than the game's [`Rules::MAX_SAVE_LEN`] are refused before parsing;
    /// error messages quote at most a short part of the input.
    pub fn from_json(text: &str) -> Result<Session<G>, LoadError<G>> {
        if text.len() > G::MAX_SAVE_LEN {
            return Err(LoadError::TooLong(text.len()));
        }
        let save: Save<G> =
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
