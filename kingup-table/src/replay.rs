//! Replay records: a config and every step, enough to reproduce a game exactly.

use alloc::vec::Vec;
use core::fmt;

use crate::{EventSink, Rules, Step, StepError};

/// A game of `G` as a record: its config, then every chance outcome and action in order.
///
/// Serialized (feature `serde`) as `{"config": …, "steps": ["chance: …", "2: …", …]}`, the
/// steps in notation.
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(
        deny_unknown_fields,
        bound(
            serialize = "G::Config: serde::Serialize",
            deserialize = "G::Config: serde::Deserialize<'de>"
        )
    )
)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Replay<G: Rules> {
    /// The game's configuration.
    pub config: G::Config,
    /// Every step from the start, in order.
    pub steps: Vec<Step<G>>,
}

impl<G: Rules> Replay<G> {
    /// An empty record of a game with `config`.
    pub const fn new(config: G::Config) -> Replay<G> {
        Replay {
            config,
            steps: Vec::new(),
        }
    }

    /// Plays the record from the start and returns the game it reaches.
    pub fn play(&self) -> Result<G, ReplayError<G>> {
        self.play_with(&mut ())
    }

    /// Plays the record from the start, writing every event into `sink` (the game's opening
    /// events included).
    pub fn play_with<S: EventSink<G::Event> + ?Sized>(
        &self,
        sink: &mut S,
    ) -> Result<G, ReplayError<G>> {
        let mut game = G::new_with(self.config, sink).map_err(ReplayError::Config)?;
        for (index, &step) in self.steps.iter().enumerate() {
            step.apply(&mut game, sink)
                .map_err(|error| ReplayError::Step { index, error })?;
        }
        Ok(game)
    }
}

/// A replay could not be played back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayError<G: Rules> {
    /// The configuration is not playable.
    Config(G::ConfigError),
    /// A step was refused.
    Step {
        /// Position of the refused step.
        index: usize,
        /// Why it was refused.
        error: StepError<G>,
    },
}

impl<G: Rules> ReplayError<G> {
    /// The reason code: `"invalid_config"`, or the refused step's (e.g. `"floor_full"`).
    pub fn code(&self) -> &'static str {
        match self {
            ReplayError::Config(_) => "invalid_config",
            ReplayError::Step { error, .. } => error.code(),
        }
    }
}

impl<G: Rules> fmt::Display for ReplayError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Config(e) => write!(f, "invalid config: {e}"),
            ReplayError::Step { index, error } => write!(f, "step {index} was refused: {error}"),
        }
    }
}

impl<G: Rules> core::error::Error for ReplayError<G> {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            ReplayError::Config(e) => Some(e),
            // The refusal is quoted in the message already.
            ReplayError::Step { .. } => None,
        }
    }
}
