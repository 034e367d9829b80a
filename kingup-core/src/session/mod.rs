//! The session: a game with everything a front end keeps around it — the record of its
//! steps, the event log, the random stream — and saves that are replays.

use alloc::vec::Vec;
use core::fmt;

#[cfg(feature = "serde")]
mod save;

#[cfg(feature = "json")]
pub use save::MAX_SAVE_LEN;

use crate::{
    Action, ChanceOutcome, Config, ConfigError, Event, Game, Generator, GeneratorError,
    IllegalAction, IllegalChance, InvalidState, Phase, PlayerView, Replay, ReplayError, Seat, Step,
    StepError, Vote,
};

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

/// A game of King Up! as a front end runs it: the [`Game`], the [`Replay`] of every step
/// since the start, the event log, and the [`Generator`] chance is drawn from.
///
/// Every front end (Python, C, C#, the terminal game) wraps a `Session`, so a seed, a save
/// document and a move mean the same game in each.
///
/// - **Seeds**: [`Session::new`] seeds the [`Generator`]; the same config, seed and actions
///   give the same game everywhere.
/// - **Saves are replays**: a save holds the config, the chance mode, the generator's state
///   and the steps; loading replays the steps through the rules, so only a state the rules
///   can reach loads. A save holds every secret (the deals are among its steps, and the
///   generator predicts the next ones): it is the host's, never a player's.
/// - **Events** are logged unredacted; [`Session::events_for`] redacts them for a viewer.
/// - **Undo** takes back a seat's own last actions while nothing was revealed since.
///
/// ```
/// use kingup_core::{Config, Session};
///
/// let mut session = Session::new(Config::new(4), 2026)?;
/// // Chance is automatic: round 1 is dealt and the first player drawn.
/// let seat = session.game().next_seat().unwrap();
/// let action = session.game().legal_actions(seat)[0];
/// let events = session.apply(seat, action)?;
/// assert_eq!(events.len(), 1);
/// assert!(session.events_for(Some(seat), 0).count() > 4);
///
/// // Take it back: nobody else has moved and nothing was revealed.
/// session.undo(seat)?;
/// assert_eq!(session.game().next_seat(), Some(seat));
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
    /// first: the steps since the last chance step or reveal, all actions.
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

/// Why [`Session::undo`] took nothing back; the session is unchanged.
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
    /// The last step is a chance step, or an action that revealed information (votes,
    /// scores) or that random play drew from the generator.
    #[error("the last step cannot be taken back: information was revealed since")]
    Revealed,
}

impl UndoError {
    /// A stable snake_case code: `"nothing_to_undo"`, `"not_your_step"` or `"revealed"`.
    pub const fn code(&self) -> &'static str {
        match self {
            UndoError::NothingToUndo => "nothing_to_undo",
            UndoError::NotYourStep { .. } => "not_your_step",
            UndoError::Revealed => "revealed",
        }
    }
}

/// A save document or replay that does not load; nothing was created.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    /// The text is not a save document: not JSON, a field missing, unknown or malformed.
    /// The message quotes at most a short part of the input.
    #[error("not a kingup save document: {0}")]
    Malformed(alloc::string::String),
    /// The document is longer than `MAX_SAVE_LEN` (1 MiB).
    #[error("the document is {0} bytes long; a save is at most 1 MiB")]
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
    /// `"chance_pending"`, or for a refused step that step's reason code (e.g.
    /// `"card_unavailable"`), `"invalid_config"` for an unplayable config.
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
    /// A new game with automatic chance drawn from the [`Generator`] of `seed`. Round 1's
    /// chance steps are resolved at once, so a seat is to move.
    pub fn new(config: Config, seed: u64) -> Result<Session, ConfigError> {
        Session::with_generator(config, Generator::new(seed), ChanceMode::Auto)
    }

    /// A new game drawing chance from `generator`, automatically or only when asked.
    pub fn with_generator(
        config: Config,
        generator: Generator,
        chance: ChanceMode,
    ) -> Result<Session, ConfigError> {
        let mut session = Session {
            game: Game::new(config)?,
            replay: Replay::new(config),
            events: Vec::new(),
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

    /// The game: the full state, every secret included (give players views).
    #[inline]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Every step since the start, and the config: the game as a record.
    #[inline]
    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    /// Every event since the start, unredacted (full information: the host's).
    #[inline]
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The events from index `since` on, as `viewer` may see them (`None`: a spectator):
    /// other seats' dealt cards and committed votes are blanked ([`Event::redacted`]).
    pub fn events_for(
        &self,
        viewer: Option<Seat>,
        since: usize,
    ) -> impl ExactSizeIterator<Item = Event> + '_ {
        let log = self.events.get(since..).unwrap_or_default();
        log.iter().map(move |event| event.redacted(viewer))
    }

    /// The generator chance and random play draw from (its state predicts every future
    /// deal: keep it from players).
    #[inline]
    pub fn generator(&self) -> &Generator {
        &self.generator
    }

    /// How chance steps are decided.
    #[inline]
    pub fn chance_mode(&self) -> ChanceMode {
        self.chance
    }

    /// `seat`'s view of the game.
    #[inline]
    pub fn player_view(&self, seat: Seat) -> PlayerView {
        self.game.player_view(seat)
    }

    /// Plays `action` for `seat` and records it; with automatic chance, the chance steps
    /// that follow are drawn too. Returns the new events (unredacted). On error nothing
    /// changes.
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

    /// Plays uniformly random legal actions for the seat that acts next
    /// ([`Game::random_action`]), and chance, all drawn from the generator, to the end of
    /// the game; records everything. Returns the number of actions played.
    pub fn play_random(&mut self) -> u32 {
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

    /// Takes back `seat`'s last action: it must be the last step, and nothing may have been
    /// revealed by it or since (no chance step, no vote reveal, no other seat's action).
    /// Call it again to take back the action before. Its events leave the log. On error
    /// nothing changes.
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

    /// A session whose game is drawn uniformly among those consistent with what `seat`
    /// knows (information-set sampling, [`PlayerView::sample`]), with the same public
    /// history: its steps are this session's with the other seats' hidden deals and
    /// pending votes replaced by the sampled ones, so it too is a replay. Its generator is
    /// `Generator::new(seed)`, which also draws the sample.
    ///
    /// Fails only if `seat` does not play ([`InvalidState::Seat`]).
    pub fn sample(&self, seat: Seat, seed: u64) -> Result<Session, InvalidState> {
        let mut generator = Generator::new(seed);
        let world = self.game.player_view(seat).sample(&mut generator)?;
        let mut replay = self.replay.clone();
        self.substitute_secrets(&world, &mut replay.steps);
        // The sampled secrets are legal where the real ones were, so the replay succeeds
        // and reaches `world` (tested); the replay, not the sample, is what is returned.
        Session::from_replay(replay, generator, self.chance)
            .map_err(|_| InvalidState::Objectives(self.game.round()))
    }

    /// Replaces the current round's hidden deals and the pending election's votes in
    /// `steps` (this session's) by `world`'s.
    fn substitute_secrets(&self, world: &Game, steps: &mut [Step]) {
        let game = &self.game;
        let round = game.round();
        if !matches!(game.phase(), Phase::Score | Phase::GameOver) {
            // This round's deals are the last ones, in seat order.
            let dealt: Vec<Seat> = Seat::all(game.players())
                .filter(|&s| game.objective_card(round, s).is_some())
                .collect();
            let deals = steps
                .iter_mut()
                .rev()
                .filter(|s| matches!(s, Step::Chance(ChanceOutcome::Deal(_))))
                .take(dealt.len());
            for (step, &seat) in deals.zip(dealt.iter().rev()) {
                if let Some(card) = world.objective_card(round, seat) {
                    *step = Step::Chance(ChanceOutcome::Deal(card));
                }
            }
        }
        if game.phase() == Phase::Vote {
            let votes = steps
                .iter_mut()
                .rev()
                .filter(|s| {
                    matches!(
                        s,
                        Step::Action {
                            action: Action::Vote(_),
                            ..
                        }
                    )
                })
                .take(game.voted().len());
            for step in votes {
                if let Step::Action { seat, action } = step {
                    let vote = world.committed_vote(*seat).unwrap_or(Vote::Yes);
                    *action = Action::Vote(vote);
                }
            }
        }
    }

    /// Replays `replay`, with `generator` as the stream chance continues from. Refuses a
    /// step the rules refuse, and a replay that stops on a pending chance step under
    /// automatic chance (such a session always has a seat to move).
    pub fn from_replay(
        replay: Replay,
        generator: Generator,
        chance: ChanceMode,
    ) -> Result<Session, LoadError> {
        let mut session = Session {
            game: Game::new(replay.config)?,
            replay: Replay::new(replay.config),
            events: Vec::new(),
            generator,
            chance,
            undo: Vec::new(),
        };
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
        let revealed = self.events[before.events..]
            .iter()
            .any(|e| matches!(e, Event::VotesRevealed { .. }));
        if matches!(step, Step::Chance(_)) || revealed {
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
    /// The config, the position and the number of steps and events; the generator's state
    /// is not shown (it predicts every deal).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Session")
            .field("game", &self.game)
            .field("chance", &self.chance)
            .field("steps", &self.replay.steps.len())
            .field("events", &self.events.len())
            .finish_non_exhaustive()
    }
}
