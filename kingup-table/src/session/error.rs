//! Why a session refused an undo or a document.

use alloc::string::String;
use core::fmt;

use crate::{GeneratorError, ReplayError, Rules, Seat};

/// Why [`Session::undo`](crate::Session::undo) took nothing back; the session is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UndoError {
    /// No step has been played.
    #[error("nothing has been played")]
    NothingToUndo,
    /// The last step is another seat's action.
    #[error("the last step is not seat {seat}'s action")]
    NotYourStep {
        /// The seat that asked.
        seat: Seat,
    },
    /// The last step is a chance step, or an action that revealed information (King Up!'s
    /// votes) or that random play drew from the generator.
    #[error("the last step cannot be taken back: information was revealed since")]
    Revealed,
}

crate::reason_codes! {
    UndoError {
        NothingToUndo => "nothing_to_undo",
        NotYourStep { .. } => "not_your_step",
        Revealed => "revealed",
    }
}

/// A save document or replay of a game of `G` that does not load; nothing was created.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError<G: Rules> {
    /// The text is not a save document: not JSON, a field missing, unknown or malformed.
    /// The message quotes at most a short part of the input.
    Malformed(String),
    /// The document is longer than the game's longest save ([`Rules::MAX_SAVE_LEN`]).
    TooLong(usize),
    /// A save of another format version.
    Version {
        /// The document's version.
        found: u32,
        /// The version this library reads and writes.
        supported: u32,
    },
    /// The generator state is impossible.
    Generator(GeneratorError),
    /// The config is unplayable, or a step is refused by the rules.
    Replay(ReplayError<G>),
    /// An automatic-chance session cannot wait for chance.
    ChancePending,
}

impl<G: Rules> LoadError<G> {
    /// Every code [`LoadError::code`] returns but a refused step's own (the game's action
    /// and chance codes).
    pub const CODES: &'static [&'static str] = &[
        "malformed",
        "too_long",
        "version",
        "generator",
        "invalid_config",
        "chance_pending",
    ];

    /// A stable snake_case code: `"malformed"`, `"too_long"`, `"version"`, `"generator"`,
    /// `"chance_pending"`, `"invalid_config"` for an unplayable config, or for a refused
    /// step that step's reason code (e.g. `"card_unavailable"`).
    pub fn code(&self) -> &'static str {
        match self {
            LoadError::Malformed(_) => "malformed",
            LoadError::TooLong(_) => "too_long",
            LoadError::Version { .. } => "version",
            LoadError::Generator(_) => "generator",
            LoadError::Replay(error) => error.code(),
            LoadError::ChancePending => "chance_pending",
        }
    }
}

impl<G: Rules> From<ReplayError<G>> for LoadError<G> {
    fn from(error: ReplayError<G>) -> LoadError<G> {
        LoadError::Replay(error)
    }
}

impl<G: Rules> From<GeneratorError> for LoadError<G> {
    fn from(error: GeneratorError) -> LoadError<G> {
        LoadError::Generator(error)
    }
}

impl<G: Rules> fmt::Display for LoadError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Malformed(text) => write!(f, "not a {} save document: {text}", G::NAME),
            LoadError::TooLong(n) => write!(
                f,
                "the document is {n} bytes long; a save is at most {} MiB",
                G::MAX_SAVE_LEN >> 20
            ),
            LoadError::Version { found, supported } => write!(
                f,
                "save format version {found} is not supported (this library reads {supported})"
            ),
            LoadError::Generator(e) => write!(f, "invalid generator state: {e}"),
            LoadError::Replay(e) => fmt::Display::fmt(e, f),
            LoadError::ChancePending => f.write_str(
                "the steps stop on a pending chance step, which automatic chance never leaves",
            ),
        }
    }
}

impl<G: Rules> core::error::Error for LoadError<G> {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            LoadError::Generator(e) => Some(e),
            // Transparent: the replay error's own source.
            LoadError::Replay(e) => core::error::Error::source(e),
            _ => None,
        }
    }
}
