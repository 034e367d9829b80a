//! Replay records: a config and every step, enough to reproduce a game exactly.

use alloc::vec::Vec;

use crate::{Config, ConfigError, EventSink, Game, Step, StepError};

/// A game as a record: its config, then every chance outcome and action in order.
///
/// ```
/// use kingup_court::{Actor, Config, Game, Replay, Step};
/// use kingup_court::kingup_core::Generator;
///
/// let mut rng = Generator::new(3);
/// let mut config = Config::new(2);
/// config.max_rounds = Some(3);
/// let mut replay = Replay::new(config);
/// let mut game = Game::new(config)?;
/// while !game.is_over() {
///     let step = match game.actor() {
///         Actor::Chance => Step::Chance(game.sample_chance(&mut rng).unwrap()),
///         Actor::Seat(seat) => Step::Action { seat, action: game.legal_actions(seat)[0] },
///         Actor::Nobody => unreachable!(),
///     };
///     game.apply_step(step, &mut ())?;
///     replay.steps.push(step);
/// }
/// assert_eq!(replay.play()?, game);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(deny_unknown_fields)
)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Replay {
    /// The game's configuration.
    pub config: Config,
    /// Every step from the start, in order.
    pub steps: Vec<Step>,
}

/// A replay could not be played back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The configuration is not playable.
    #[error("invalid config: {0}")]
    Config(#[from] ConfigError),
    /// A step was refused.
    #[error("step {index} was refused: {error}")]
    Step {
        /// Position of the refused step.
        index: usize,
        /// Why it was refused.
        error: StepError,
    },
}

impl Replay {
    /// An empty record of a game with `config`.
    pub const fn new(config: Config) -> Replay {
        Replay {
            config,
            steps: Vec::new(),
        }
    }

    /// Plays the record from the start and returns the game it reaches.
    pub fn play(&self) -> Result<Game, ReplayError> {
        self.play_with(&mut ())
    }

    /// Plays the record from the start, writing every event into `sink` (the opening
    /// events of [`Game::new_with`] included).
    pub fn play_with<S: EventSink + ?Sized>(&self, sink: &mut S) -> Result<Game, ReplayError> {
        let mut game = Game::new_with(self.config, sink)?;
        for (index, &step) in self.steps.iter().enumerate() {
            game.apply_step(step, sink)
                .map_err(|error| ReplayError::Step { index, error })?;
        }
        Ok(game)
    }
}
