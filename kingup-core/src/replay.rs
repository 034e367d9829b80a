//! Replay records: a config and every step, enough to reproduce a game exactly.

use alloc::vec::Vec;

use crate::{Config, ConfigError, EventSink, Game, Step, StepError};

/// A game as a record: its config, then every chance outcome and action in order.
///
/// ```
/// use kingup_core::{Actor, Config, Game, Replay, Step};
/// use rand::{SeedableRng, rngs::SmallRng};
///
/// let mut rng = SmallRng::seed_from_u64(3);
/// let mut replay = Replay::new(Config::new(3));
/// let mut game = Game::new(replay.config)?;
/// while !game.is_over() {
///     let step = match game.actor() {
///         Actor::Chance => Step::Chance(game.sample_chance(&mut rng).unwrap()),
///         Actor::Seat(seat) => Step::Action { seat, action: game.legal_actions(seat)[0] },
///         Actor::Voters(seats) => {
///             let seat = seats.iter().next().unwrap();
///             Step::Action { seat, action: game.legal_actions(seat)[0] }
///         }
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

    /// A record that reaches `snapshot`, found by search ([`Game::from_snapshot`]): the
    /// history that proves a hand-built state reachable, to replay, save or study.
    ///
    /// ```
    /// use kingup_core::{Config, Game, Generator, Replay};
    ///
    /// let mut game = Game::new(Config::new(4))?;
    /// game.play_random(&mut Generator::new(3));
    /// let replay = Replay::from_snapshot(&game.snapshot())?;
    /// assert_eq!(replay.play()?, game);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_snapshot(snapshot: &crate::Snapshot) -> Result<Replay, crate::InvalidState> {
        let steps = crate::game::history(snapshot)?;
        Ok(Replay {
            config: snapshot.config,
            steps: steps.into_iter().collect(),
        })
    }

    /// Plays the record from the start and returns the game it reaches.
    pub fn play(&self) -> Result<Game, ReplayError> {
        self.play_with(&mut ())
    }

    /// Plays the record from the start, writing every event into `sink`.
    pub fn play_with<S: EventSink + ?Sized>(&self, sink: &mut S) -> Result<Game, ReplayError> {
        let mut game = Game::new(self.config)?;
        for (index, &step) in self.steps.iter().enumerate() {
            game.apply_step(step, sink)
                .map_err(|error| ReplayError::Step { index, error })?;
        }
        Ok(game)
    }
}
