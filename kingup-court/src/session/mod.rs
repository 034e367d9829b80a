//! The session: a game with everything a front end keeps around it — the record of its
//! steps, the event log, the random stream — and saves that are replays.
//!
//! It mirrors `kingup_core::Session` (same chance modes, same generator, same save
//! document shape, same undo rule); the game has no hidden information, so there are no
//! views to redact.

use alloc::vec::Vec;
use core::fmt;

#[cfg(feature = "serde")]
mod save;

#[cfg(feature = "json")]
pub use save::MAX_SAVE_LEN;

use kingup_core::{ChanceMode, Generator, GeneratorError, Seat, UndoError};

use crate::{
    Action, ChanceOutcome, Config, ConfigError, Event, Game, IllegalAction, IllegalChance, Replay,
    ReplayError, Step, StepError,
};

/// A game of To Court the King as a front end runs it: the [`Game`], the [`Replay`] of
/// every step since the start, the event log, and the [`Generator`] the dice are drawn
/// from.
///
/// - **Seeds**: [`Session::new`] seeds the [`Generator`]; the same config, seed and actions
///   give the same game everywhere.
/// - **Saves are replays**: a save holds the config, the chance mode, the generator's
///   state and the steps; loading replays the steps through the rules, so only a state the
///   rules can reach loads. The generator state predicts every die to come: a save is the
///   host's.
/// - **Undo** takes back a seat's own last actions while no chance step came since.
///
/// ```
/// use kingup_court::{Config, Phase, Session};
///
/// let mut session = Session::new(Config::new(2), 2026)?;
/// // Chance is automatic: the first player is drawn, a seat is to move.
/// let seat = session.game().next_seat().unwrap();
/// session.apply(seat, "roll".parse()?)?; // the dice are rolled at once
/// assert_eq!(session.game().phase(), Phase::Dice);
/// assert_eq!(session.game().active().len(), 3);
///
/// let face = session.game().active().highest().unwrap();
/// session.apply(seat, kingup_court::Action::set_aside(face))?;
/// session.undo(seat)?; // nothing rolled since: it can be taken back
/// assert_eq!(session.game().aside().len(), 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Session {
    replay: Replay,
    game: Game,
    events: Vec<Event>,
    generator: Generator,
    chance: ChanceMode,
    /// The state and event count before each step that may still be taken back, oldest
    /// first: the actions since the last chance step.
    undo: Vec<Before>,
}

/// Sessions are equal when they play the same game from here on: same config, steps, chance
/// mode and generator state (the state and events follow from those).
impl PartialEq for Session {
    fn eq(&self, other: &Session) -> bool {
        self.replay == other.replay
            && self.generator == other.generator
            && self.chance == other.chance
    }
}

impl Eq for Session {}

/// A state to go back to.
#[derive(Clone, Copy)]
struct Before {
    game: Game,
    events: usize,
}

/// A save document or replay that does not load; nothing was created.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    /// The text is not a save document: not JSON, a field missing, unknown or malformed.
    /// The message quotes at most a short part of the input.
    #[error("not a kingup-court save document: {0}")]
    Malformed(alloc::string::String),
    /// The document is longer than [`MAX_SAVE_LEN`](crate::MAX_SAVE_LEN) bytes.
    #[error("the document is {0} bytes long; a save is at most 16 MiB")]
    TooLong(usize),
    /// A save of another format version.
    #[error("save format version {found} is not supported (this library reads {supported})")]
    Version {
        /// The document's version.
        found: u32,
        /// The version this library reads and writes.
        supported: u32,
    },
    /// The generator state is impossible.
    #[error("invalid generator state: {0}")]
    Generator(#[from] GeneratorError),
    /// The config is unplayable, or a step is refused by the rules.
    #[error(transparent)]
    Replay(#[from] ReplayError),
    /// An automatic-chance session cannot wait for chance.
    #[error("the steps stop on a pending chance step, which automatic chance never leaves")]
    ChancePending,
}

impl LoadError {
    /// A stable snake_case code: `"malformed"`, `"too_long"`, `"version"`, `"generator"`,
    /// `"chance_pending"`, `"invalid_config"`, or for a refused step that step's reason code
    /// (e.g. `"no_active_die"`).
    pub fn code(&self) -> &'static str {
        match self {
            LoadError::Malformed(_) => "malformed",
            LoadError::TooLong(_) => "too_long",
            LoadError::Version { .. } => "version",
            LoadError::Generator(_) => "generator",
            LoadError::Replay(ReplayError::Config(_)) => "invalid_config",
            LoadError::Replay(ReplayError::Step { error, .. }) => error.code(),
            LoadError::ChancePending => "chance_pending",
        }
    }
}

impl From<ConfigError> for LoadError {
    fn from(error: ConfigError) -> LoadError {
        LoadError::Replay(ReplayError::Config(error))
    }
}

impl Session {
    /// A new game with automatic chance drawn from the [`Generator`] of `seed`: the first
    /// player is drawn at once (if random), so a seat is to move.
    pub fn new(config: Config, seed: u64) -> Result<Session, ConfigError> {
        Session::with_generator(config, Generator::new(seed), ChanceMode::Auto)
    }

    /// A new game drawing chance from `generator`, automatically or only when asked.
    pub fn with_generator(
        config: Config,
        generator: Generator,
        chance: ChanceMode,
    ) -> Result<Session, ConfigError> {
        let mut events = Vec::new();
        let mut session = Session {
            game: Game::new_with(config, &mut events)?,
            replay: Replay::new(config),
            events,
            generator,
            chance,
            undo: Vec::new(),
        };
        session.settle_chance();
        Ok(session)
    }

    /// The game's configuration.
    #[inline]
    pub fn config(&self) -> &Config {
        &self.replay.config
    }

    /// The game.
    #[inline]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Every step since the start, and the config: the game as a record.
    #[inline]
    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    /// Every event since the start (the opening events included).
    #[inline]
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The generator the dice and random play are drawn from (its state predicts every die
    /// to come).
    #[inline]
    pub fn generator(&self) -> &Generator {
        &self.generator
    }

    /// How chance steps are decided.
    #[inline]
    pub fn chance_mode(&self) -> ChanceMode {
        self.chance
    }

    /// Plays `action` for `seat` and records it; with automatic chance, the dice it rolls
    /// are drawn too. Returns the new events. On error nothing changes.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<&[Event], IllegalAction> {
        let before = self.before();
        self.game.apply_with(seat, action, &mut self.events)?;
        self.record(Step::Action { seat, action }, before);
        self.settle_chance();
        Ok(&self.events[before.events..])
    }

    /// Applies a chance outcome and records it; returns its events. On error (no chance
    /// step pending, as always with automatic chance, or an outcome the step cannot have)
    /// nothing changes.
    pub fn apply_chance(&mut self, outcome: ChanceOutcome) -> Result<&[Event], IllegalChance> {
        let before = self.before();
        self.game.apply_chance_with(outcome, &mut self.events)?;
        self.record(Step::Chance(outcome), before);
        Ok(&self.events[before.events..])
    }

    /// Draws every pending chance step from the generator and records them, until a seat
    /// is to move or the game is over; returns their events.
    pub fn resolve_chance(&mut self) -> &[Event] {
        let start = self.events.len();
        while let Some(outcome) = self.game.sample_chance(&mut self.generator) {
            // A sampled outcome is legal by construction; stop rather than spin if not.
            if self.play(Step::Chance(outcome)).is_err() {
                break;
            }
        }
        &self.events[start..]
    }

    /// Plays uniformly random legal actions ([`Game::random_action`]) and chance, all drawn
    /// from the generator, to the end of the game; records everything. Returns the number
    /// of actions played. Set `max_rounds` for a bounded game.
    pub fn play_random(&mut self) -> u64 {
        let mut actions = 0;
        loop {
            self.resolve_chance();
            let Some((seat, action)) = self.game.random_action(&mut self.generator) else {
                return actions;
            };
            if self.play(Step::Action { seat, action }).is_err() {
                return actions;
            }
            // The generator moved on: this action cannot be taken back.
            self.undo.clear();
            actions += 1;
        }
    }

    /// Takes back `seat`'s last action: it must be the last step, and no chance step may
    /// have followed it (a die rolled cannot be unseen). Call it again to take back the
    /// action before. Its events leave the log. On error nothing changes.
    pub fn undo(&mut self, seat: Seat) -> Result<(), UndoError> {
        match self.replay.steps.last() {
            None => Err(UndoError::NothingToUndo),
            Some(Step::Action { seat: s, .. }) if *s == seat => {
                let before = self.undo.pop().ok_or(UndoError::Revealed)?;
                self.replay.steps.pop();
                self.game = before.game;
                self.events.truncate(before.events);
                Ok(())
            }
            Some(Step::Chance(_)) => Err(UndoError::Revealed),
            Some(Step::Action { .. }) => Err(UndoError::NotYourStep { seat }),
        }
    }

    /// How many of the last steps could be taken back, by the seats that played them.
    #[inline]
    pub fn undoable(&self) -> usize {
        self.undo.len()
    }

    /// Replays `replay`, with `generator` as the stream chance continues from. Refuses a
    /// step the rules refuse, and a replay that stops on a pending chance step under
    /// automatic chance (such a session always has a seat to move).
    pub fn from_replay(
        replay: Replay,
        generator: Generator,
        chance: ChanceMode,
    ) -> Result<Session, LoadError> {
        let mut events = Vec::new();
        let mut session = Session {
            game: Game::new_with(replay.config, &mut events)?,
            replay: Replay::new(replay.config),
            events,
            generator,
            chance,
            undo: Vec::new(),
        };
        session.replay.steps.reserve(replay.steps.len());
        for (index, step) in replay.steps.into_iter().enumerate() {
            session
                .play(step)
                .map_err(|error| ReplayError::Step { index, error })?;
        }
        if chance == ChanceMode::Auto && session.game.chance_step().is_some() {
            return Err(LoadError::ChancePending);
        }
        Ok(session)
    }

    /// Applies and records one step.
    fn play(&mut self, step: Step) -> Result<(), StepError> {
        let before = self.before();
        self.game.apply_step(step, &mut self.events)?;
        self.record(step, before);
        Ok(())
    }

    fn before(&self) -> Before {
        Before {
            game: self.game,
            events: self.events.len(),
        }
    }

    /// Records `step`, just applied to the state `before`, and what undo needs.
    fn record(&mut self, step: Step, before: Before) {
        self.replay.steps.push(step);
        if matches!(step, Step::Chance(_)) {
            self.undo.clear();
        } else {
            self.undo.push(before);
        }
    }

    /// With automatic chance, draws the pending chance steps.
    fn settle_chance(&mut self) {
        if self.chance == ChanceMode::Auto {
            self.resolve_chance();
        }
    }
}

impl fmt::Debug for Session {
    /// The game, the chance mode and the number of steps and events; the generator's state
    /// is not shown (it predicts every die).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Session")
            .field("game", &self.game)
            .field("chance", &self.chance)
            .field("steps", &self.replay.steps.len())
            .field("events", &self.events.len())
            .finish_non_exhaustive()
    }
}
