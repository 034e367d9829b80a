//! The session: a game with everything a front end keeps around it — the record of its
//! steps, the event log, the random stream — and saves that are replays.

use alloc::vec::Vec;
use core::fmt;

mod error;
#[cfg(feature = "serde")]
mod save;

pub use error::{LoadError, UndoError};

use crate::{Generator, HiddenInformation, Replay, ReplayError, Rules, Seat, Step, StepError};

/// How a session's chance steps are decided.
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ChanceMode {
    /// Drawn from the session's [`Generator`] as soon as they are pending: a seat is always
    /// to move, or the game is over.
    #[default]
    Auto,
    /// Left pending until the caller applies an outcome ([`Session::apply_chance`]) or draws
    /// one from the generator ([`Session::resolve_chance`]).
    Explicit,
}

/// A game of `G` as a front end runs it: the game, the [`Replay`] of every step since the
/// start, the event log, and the [`Generator`] chance is drawn from.
///
/// Every front end (Python, C, C#, the terminal game) wraps a `Session`, so a seed, a save
/// document and a move mean the same game in each, for both games.
///
/// - **Seeds**: [`Session::new`] seeds the [`Generator`]; the same config, seed and actions
///   give the same game everywhere.
/// - **Saves are replays**: a save holds the config, the chance mode, the generator's state
///   and the steps; loading replays the steps through the rules, so only a state the rules
///   can reach loads. The generator predicts every chance outcome to come, and a game with
///   hidden information has its secrets among the steps: a save is the host's, never a
///   player's.
/// - **Events** are logged unredacted; [`Session::events_for`] redacts them for a viewer.
/// - **Undo** takes back a seat's own last actions while nothing was revealed since (no
///   chance step, no event the game says [reveals](Rules::reveals) information).
#[derive(Clone)]
pub struct Session<G: Rules> {
    replay: Replay<G>,
    game: G,
    events: Vec<G::Event>,
    generator: Generator,
    chance: ChanceMode,
    /// The state before the oldest action that may still be taken back (the actions since
    /// the last chance step or reveal), if any. One copy of the state for the whole run of
    /// actions, not one a step: an undo replays the run's actions but the last from it.
    undo: Option<Checkpoint<G>>,
}

/// A state to go back to, with the number of steps and events it had.
#[derive(Clone, Copy)]
struct Checkpoint<G> {
    game: G,
    steps: usize,
    events: usize,
}

/// Sessions are equal when they play the same game from here on: same config, steps, chance
/// mode and generator state (the state and events follow from those).
impl<G: Rules> PartialEq for Session<G> {
    fn eq(&self, other: &Self) -> bool {
        self.replay == other.replay
            && self.generator == other.generator
            && self.chance == other.chance
    }
}

impl<G: Rules> Eq for Session<G> {}

impl<G: Rules> Session<G> {
    /// A new game with automatic chance drawn from the [`Generator`] of `seed`. The opening
    /// chance steps are resolved at once, so a seat is to move.
    pub fn new(config: G::Config, seed: u64) -> Result<Session<G>, G::ConfigError> {
        Session::with_generator(config, Generator::new(seed), ChanceMode::Auto)
    }

    /// A new game drawing chance from `generator`, automatically or only when asked.
    pub fn with_generator(
        config: G::Config,
        generator: Generator,
        chance: ChanceMode,
    ) -> Result<Session<G>, G::ConfigError> {
        let mut session = Session::empty(config, generator, chance)?;
        session.settle_chance();
        Ok(session)
    }

    /// A game with no step played yet (its opening events logged).
    fn empty(
        config: G::Config,
        generator: Generator,
        chance: ChanceMode,
    ) -> Result<Session<G>, G::ConfigError> {
        let mut events = Vec::new();
        Ok(Session {
            game: G::new_with(config, &mut events)?,
            replay: Replay::new(config),
            events,
            generator,
            chance,
            undo: None,
        })
    }

    /// The game's configuration.
    #[inline]
    pub fn config(&self) -> &G::Config {
        &self.replay.config
    }

    /// The game: the full state, every secret included (give players views).
    #[inline]
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Every step since the start, and the config: the game as a record.
    #[inline]
    pub fn replay(&self) -> &Replay<G> {
        &self.replay
    }

    /// Every event since the start, unredacted (full information: the host's).
    #[inline]
    pub fn events(&self) -> &[G::Event] {
        &self.events
    }

    /// The events from index `since` on, as `viewer` may see them (`None`: a spectator),
    /// each [redacted](Rules::redacted) by the game.
    pub fn events_for(
        &self,
        viewer: Option<Seat>,
        since: usize,
    ) -> impl ExactSizeIterator<Item = G::Event> + '_ {
        let log = self.events.get(since..).unwrap_or_default();
        log.iter().map(move |event| G::redacted(event, viewer))
    }

    /// The generator chance and random play draw from (its state predicts every chance
    /// outcome to come: keep it from players).
    #[inline]
    pub fn generator(&self) -> &Generator {
        &self.generator
    }

    /// How chance steps are decided.
    #[inline]
    pub fn chance_mode(&self) -> ChanceMode {
        self.chance
    }

    /// `seat`'s view of the game ([`Rules::player_view`]).
    #[inline]
    pub fn player_view(&self, seat: Seat) -> G::View {
        self.game.player_view(seat)
    }

    /// Plays `action` for `seat` and records it; with automatic chance, the chance steps
    /// that follow are drawn too. Returns the new events (unredacted). On error nothing
    /// changes.
    pub fn apply(
        &mut self,
        seat: Seat,
        action: G::Action,
    ) -> Result<&[G::Event], G::IllegalAction> {
        let start = self.record(Step::Action { seat, action }, |game, events| {
            game.apply_with(seat, action, events)
        })?;
        self.settle_chance();
        Ok(&self.events[start..])
    }

    /// Applies a chance outcome and records it; returns its events. On error (no chance
    /// step pending, as always with automatic chance, or an outcome the step cannot have)
    /// nothing changes.
    pub fn apply_chance(
        &mut self,
        outcome: G::ChanceOutcome,
    ) -> Result<&[G::Event], G::IllegalChance> {
        let start = self.record(Step::Chance(outcome), |game, events| {
            game.apply_chance_with(outcome, events)
        })?;
        Ok(&self.events[start..])
    }

    /// Draws every pending chance step from the generator and records them, until a seat
    /// is to move or the game is over; returns their events.
    pub fn resolve_chance(&mut self) -> &[G::Event] {
        let start = self.events.len();
        while self.draw_chance().is_some() {}
        &self.events[start..]
    }

    /// Draws the pending chance step's outcome from the generator and records it (one step:
    /// a front end showing dice one at a time); `None`, and nothing changes, when no chance
    /// step is pending.
    pub fn draw_chance(&mut self) -> Option<G::ChanceOutcome> {
        let outcome = self.game.sample_chance(&mut self.generator)?;
        // A sampled outcome is legal by construction; report none rather than spin if not.
        self.play(Step::Chance(outcome)).ok().map(|()| outcome)
    }

    /// Plays uniformly random legal actions and chance, all drawn from the generator, to
    /// the end of the game ([`Rules::play_random_steps`], so the game's own fast playout
    /// from the same generator plays the same game); records everything. Returns the
    /// number of actions played.
    pub fn play_random(&mut self) -> u64 {
        // The game plays on a copy and lists its steps; each is then played and recorded
        // like any other step.
        let mut steps = Vec::new();
        let mut copy = self.game;
        copy.play_random_steps(&mut self.generator, &mut |step| steps.push(step));
        let mut actions = 0;
        for step in steps {
            // Legal by construction; stop rather than record a refused step.
            if self.play(step).is_err() {
                break;
            }
            if let Step::Action { .. } = step {
                // The generator moved on: this action cannot be taken back.
                self.undo = None;
                actions += 1;
            }
        }
        actions
    }

    /// Takes back `seat`'s last action: it must be the last step, and nothing may have been
    /// revealed by it or since (no chance step, no reveal, no other seat's action). Call it
    /// again to take back the action before. Its events leave the log. On error nothing
    /// changes.
    pub fn undo(&mut self, seat: Seat) -> Result<(), UndoError> {
        match self.replay.steps.last() {
            None => Err(UndoError::NothingToUndo),
            Some(Step::Action { seat: s, .. }) if *s == seat => {
                let last = self.replay.steps.len() - 1;
                let checkpoint = self
                    .undo
                    .filter(|c| c.steps <= last)
                    .ok_or(UndoError::Revealed)?;
                let mut game = checkpoint.game;
                let mut events = Vec::new();
                for step in &self.replay.steps[checkpoint.steps..last] {
                    // These steps were played from this state before, and no chance step is
                    // among them: they play again the same way.
                    step.apply(&mut game, &mut events)
                        .map_err(|_| UndoError::Revealed)?;
                }
                self.replay.steps.pop();
                self.game = game;
                self.events.truncate(checkpoint.events);
                self.events.append(&mut events);
                Ok(())
            }
            Some(Step::Chance(_)) => Err(UndoError::Revealed),
            Some(Step::Action { .. }) => Err(UndoError::NotYourStep { seat }),
        }
    }

    /// How many of the last steps could be taken back, by the seats that played them.
    #[inline]
    pub fn undoable(&self) -> usize {
        self.undo.map_or(0, |c| self.replay.steps.len() - c.steps)
    }

    /// Replays `replay`, with `generator` as the stream chance continues from. Refuses a
    /// step the rules refuse, and a replay that stops on a pending chance step under
    /// automatic chance (such a session always has a seat to move).
    pub fn from_replay(
        replay: Replay<G>,
        generator: Generator,
        chance: ChanceMode,
    ) -> Result<Session<G>, LoadError<G>> {
        let mut session = Session::empty(replay.config, generator, chance)
            .map_err(|error| LoadError::Replay(ReplayError::Config(error)))?;
        session.replay.steps.reserve(replay.steps.len());
        for (index, step) in replay.steps.into_iter().enumerate() {
            session
                .play(step)
                .map_err(|error| ReplayError::Step { index, error })?;
        }
        if chance == ChanceMode::Auto && session.game.chance_pending() {
            return Err(LoadError::ChancePending);
        }
        Ok(session)
    }

    /// Applies and records one step.
    fn play(&mut self, step: Step<G>) -> Result<(), StepError<G>> {
        self.record(step, |game, events| step.apply(game, events))
            .map(drop)
    }

    /// Plays `step` by `apply` (the rules' own call for it) and records it, with what undo
    /// needs; returns where its events start. On error nothing changes.
    ///
    /// An action that opens a run of undoable ones keeps the state before it as the run's
    /// checkpoint, copied once, in place; a chance step or a reveal closes the run.
    #[inline]
    fn record<E>(
        &mut self,
        step: Step<G>,
        apply: impl FnOnce(&mut G, &mut Vec<G::Event>) -> Result<(), E>,
    ) -> Result<usize, E> {
        let start = self.events.len();
        let opens = matches!(step, Step::Action { .. }) && self.undo.is_none();
        if opens {
            self.undo = Some(Checkpoint {
                game: self.game,
                steps: self.replay.steps.len(),
                events: start,
            });
        }
        if let Err(error) = apply(&mut self.game, &mut self.events) {
            if opens {
                self.undo = None;
            }
            return Err(error);
        }
        self.replay.steps.push(step);
        if matches!(step, Step::Chance(_)) || self.events[start..].iter().any(G::reveals) {
            self.undo = None;
        }
        Ok(start)
    }

    /// With automatic chance, draws the pending chance steps.
    fn settle_chance(&mut self) {
        if self.chance == ChanceMode::Auto {
            self.resolve_chance();
        }
    }
}

impl<G: HiddenInformation> Session<G> {
    /// A session whose game is drawn uniformly among those consistent with what `seat`
    /// knows (information-set sampling), with the same public history: its steps are this
    /// session's with the secrets `seat` does not know replaced by sampled ones, so it too
    /// is a replay. Its generator is `Generator::new(seed)`, which also draws the sample
    /// ([`HiddenInformation::sample_session`]).
    pub fn sample(&self, seat: Seat, seed: u64) -> Result<Session<G>, G::SampleError> {
        G::sample_session(self, seat, seed)
    }
}

impl<G: Rules> fmt::Debug for Session<G> {
    /// The game, the chance mode and the number of steps and events; the generator's state
    /// is not shown (it predicts every chance outcome).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Session")
            .field("game", &self.game)
            .field("chance", &self.chance)
            .field("steps", &self.replay.steps.len())
            .field("events", &self.events.len())
            .finish_non_exhaustive()
    }
}
