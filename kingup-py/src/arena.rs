//! `kingup.arena` and `kingup.court.arena`: the arena of `kingup-bots` (duplicate,
//! seat-rotated matches with win rates, confidence intervals and Weng–Lin ratings)
//! between a game's bots, Python policies and protocol engines (`kingup.Engine`, other
//! programs refereed by `kingup_protocol`). The arena itself, its statistics and its
//! table are `kingup_bots::arena`'s; this module reads the entrants, wraps Python policies
//! as bots, starts the engines, and runs the arena with the GIL released and Ctrl-C heard,
//! once for both games ([`ArenaGame`] says what differs).

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};

use kingup_bots::env::OpponentSpec;
use kingup_bots::{
    ArenaConfig, ArenaPart, ArenaResults, ArenaStanding, Bot, BotSpec, Entrant, Forfeits, Standing,
};
use kingup_core::kingup_table::{ActionMask, SeatView};
use kingup_core::{Config, Game, PlayerView};
use kingup_protocol::{Engine, EngineCommand, ProtocolGame};
use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

use crate::arena_part::{ForfeitsDoc, PyArenaPart};
use crate::bots::spec_arg;
use crate::convert::{self, given, int_arg, int_in, name_arg, quote, seed_arg, type_name};
use crate::engine::PyEngine;
use crate::errors;
use crate::shell::PyRules;
use crate::simulate::threads_arg;
use crate::sync::CHECK_EVERY;
use crate::view::PyPlayerView;

/// What the arena asks of a game: its built-in bots by spec, what a Python policy is
/// called with, and the protocol engines play it by (`kingup.Engine` entrants).
pub(crate) trait ArenaGame:
    PyRules<View: SeatView<Game = Self> + Copy + Send + Sync + 'static> + ProtocolGame
{
    /// A built-in bot, as named in Python (`"ismcts:300"`, `"mcts"`): the spec the arena
    /// and the vector env build their bots from.
    type Spec: OpponentSpec<Self::View, Bot: 'static> + 'static;
    /// Reads a built-in bot's name.
    fn spec_arg(obj: &Bound<'_, PyAny>) -> PyResult<Self::Spec>;
    /// The name shown in the standings.
    fn label(spec: &Self::Spec) -> String;
    /// The spec as `spec_arg` reads it back (`"ismcts:300"`).
    fn spec_text(spec: &Self::Spec) -> String;
    /// The spec of seats nobody uses (an env's learner seat), any.
    fn filler() -> Self::Spec;
    /// The Python object a policy is called with, for the seat of `view`.
    fn py_view(py: Python<'_>, view: &Self::View) -> PyResult<Py<PyAny>>;
}

impl ArenaGame for Game {
    type Spec = BotSpec;

    fn spec_arg(obj: &Bound<'_, PyAny>) -> PyResult<BotSpec> {
        spec_arg(obj)
    }

    fn label(spec: &BotSpec) -> String {
        spec.label()
    }

    fn spec_text(spec: &BotSpec) -> String {
        spec.to_string()
    }

    fn filler() -> BotSpec {
        BotSpec::new(kingup_bots::BotKind::Random)
    }

    /// The seat's `kingup.PlayerView`.
    fn py_view(py: Python<'_>, view: &PlayerView) -> PyResult<Py<PyAny>> {
        Py::new(py, PyPlayerView::new(*view)).map(Py::into_any)
    }
}

/// A Python policy's decision, asked of the calling thread (which holds the GIL when it
/// runs it): the call and the sending of its answer.
type Ask = Box<dyn for<'py> FnOnce(Python<'py>) + Send>;

/// What reaches the calling thread while the arena plays on its own thread: a policy's
/// decision to make, or the arena's end (the games of the deals it played).
enum Message {
    Ask(Ask),
    Done(Result<ArenaPart, String>),
}

/// What every bot of one arena shares: set `stop` and every bot gives up (its game is
/// abandoned), so the arena ends soon after; `error` is the first Python error met;
/// `asks` reaches the calling thread, where Python policies are called.
#[derive(Default)]
struct Shared {
    stop: AtomicBool,
    error: Mutex<Option<PyErr>>,
    asks: Mutex<Option<mpsc::Sender<Message>>>,
}

impl Shared {
    /// Hands `ask` to the calling thread; `false` if it no longer takes any.
    fn ask(&self, ask: Ask) -> bool {
        let sender = self.asks.lock().ok().and_then(|s| s.clone());
        sender.is_some_and(|s| s.send(Message::Ask(ask)).is_ok())
    }

    /// Keeps `err` if it is the first error, and stops the arena.
    fn fail(&self, err: PyErr) {
        if let Ok(mut first) = self.error.lock() {
            first.get_or_insert(err);
        }
        self.stop.store(true, Ordering::Relaxed);
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// A built-in bot or an engine that gives up once the arena is stopped (an engine then
/// asks nothing more of its process). Everything else is the bot's own: an engine's
/// game begins, ends, observes and counts its forfeits as it would unwrapped.
struct Stoppable<B> {
    bot: B,
    shared: Arc<Shared>,
}

impl<V: SeatView, B: Bot<V>> Bot<V> for Stoppable<B> {
    fn choose(&mut self, view: &V) -> Option<V::Action> {
        if self.shared.stopped() {
            return None;
        }
        self.bot.choose(view)
    }

    fn name(&self) -> &str {
        self.bot.name()
    }

    fn begin(&mut self, view: &V) {
        self.bot.begin(view);
    }

    fn observes(&self) -> bool {
        self.bot.observes()
    }

    fn observe(&mut self, seen: kingup_bots::Seen<'_, <V as SeatView>::Game>) {
        self.bot.observe(seen);
    }

    fn end(&mut self, view: &V, end: &kingup_bots::GameEnd<'_>) {
        self.bot.end(view, end);
    }

    fn forfeits(&self) -> Forfeits {
        self.bot.forfeits()
    }
}

/// A Python policy `f(view) -> int` as a bot: called with the seat's view only
/// (`ArenaGame::py_view`), on the thread that called the arena (the main thread, as a rule,
/// where Python delivers signals: Ctrl-C interrupts a policy that blocks, `time.sleep`
/// included). An exception, a non-int or an action the seat may not play stops the arena
/// with an `EntrantError`.
struct Policy<G> {
    name: String,
    func: Arc<Py<PyAny>>,
    shared: Arc<Shared>,
    game: std::marker::PhantomData<fn() -> G>,
}

impl<G> Clone for Policy<G> {
    fn clone(&self) -> Policy<G> {
        Policy {
            name: self.name.clone(),
            func: Arc::clone(&self.func),
            shared: Arc::clone(&self.shared),
            game: std::marker::PhantomData,
        }
    }
}

impl<G: ArenaGame> Policy<G> {
    fn decide(&self, py: Python<'_>, view: &G::View) -> PyResult<G::Action> {
        let entrant = quote(&self.name);
        let fail = |message: String| errors::entrant(py, message, &self.name);
        let view_object = G::py_view(py, view)?;
        let answer = self.func.call1(py, (view_object,)).map_err(|cause| {
            // Ctrl-C and `sys.exit()` are the caller's, not the entrant's fault: they stop
            // the arena as themselves.
            let exits = cause.is_instance_of::<pyo3::exceptions::PyKeyboardInterrupt>(py)
                || cause.is_instance_of::<pyo3::exceptions::PySystemExit>(py);
            if exits {
                return cause;
            }
            let err = fail(format!("entrant {entrant} raised {cause}"));
            err.set_cause(py, Some(cause));
            err
        })?;
        let index = int_arg(answer.bind(py), "an action").map_err(|cause| {
            let why = cause.value(py).to_string();
            let err = fail(format!("entrant {entrant} returned no action: {why}"));
            err.set_cause(py, Some(cause));
            err
        })?;
        let legal = usize::try_from(index)
            .ok()
            .filter(|&i| view.legal_mask().contains_index(i))
            .and_then(G::action_from_index);
        legal.ok_or_else(|| {
            fail(format!(
                "entrant {entrant} chose action {index}, which seat {} may not play now",
                view.seat()
            ))
        })
    }
}

impl<G: ArenaGame> Bot<G::View> for Policy<G> {
    /// Asks the calling thread to call the policy, and waits for its answer (none once
    /// the arena is stopped).
    fn choose(&mut self, view: &G::View) -> Option<G::Action> {
        if self.shared.stopped() {
            return None;
        }
        let (reply, answer) = mpsc::channel();
        let (policy, view) = (self.clone(), *view);
        let ask: Ask = Box::new(move |py| {
            let chosen = match policy.decide(py, &view) {
                Ok(action) => Some(action),
                Err(err) => {
                    policy.shared.fail(err);
                    None
                }
            };
            let _ = reply.send(chosen);
        });
        if !self.shared.ask(ask) {
            return None;
        }
        // No answer (the ask dropped unanswered): the arena is stopping.
        answer.recv().ok().flatten()
    }

    fn name(&self) -> &str {
        &self.name
    }
}

/// One entrant as read from Python: a built-in bot, a named policy or an engine.
enum Contender<S> {
    Core(S),
    Python(String, Arc<Py<PyAny>>),
    Engine(EngineCommand),
}

/// An entrant: a bot spec (`str`), a `kingup.Engine` or a `(name, policy)` tuple.
fn contender_arg<G: ArenaGame>(obj: &Bound<'_, PyAny>) -> PyResult<Contender<G::Spec>> {
    if obj.is_instance_of::<PyString>() {
        return G::spec_arg(obj).map(Contender::Core);
    }
    if let Ok(engine) = obj.cast::<PyEngine>() {
        return Ok(Contender::Engine(engine.get().command.clone()));
    }
    let pair = obj
        .cast::<PyTuple>()
        .ok()
        .filter(|t| t.len() == 2)
        .ok_or_else(|| {
            PyTypeError::new_err(format!(
                "an entrant must be a bot spec (str), a kingup.Engine or a (name, policy) \
                 tuple, not {}",
                type_name(obj)
            ))
        })?;
    let name = name_arg(&pair.get_item(0)?, "an entrant's name")?;
    let func = pair.get_item(1)?;
    if !func.is_callable() {
        let message = format!("entrant {}'s policy is not callable", quote(&name));
        return Err(PyTypeError::new_err(message));
    }
    Ok(Contender::Python(name, Arc::new(func.unbind())))
}

/// The entrants of an iterable, read one by one: an iterable with more than
/// `ArenaConfig::MAX_ENTRANTS` is refused after reading one more than that.
fn contenders_arg<G: ArenaGame>(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Contender<G::Spec>>> {
    let max = ArenaConfig::MAX_ENTRANTS;
    let items = obj.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "entrants must be an iterable, not {}",
            type_name(obj)
        ))
    })?;
    let mut read = Vec::new();
    for item in items.take(max + 1) {
        read.push(contender_arg::<G>(&item?)?);
    }
    if read.len() > max {
        let message = format!("an arena takes at most {max} entrants, not more");
        return Err(errors::invalid_config(obj.py(), message));
    }
    Ok(read)
}

/// The names shown for the entrants, as `kingup arena` shows them (`ismcts-300` for
/// `ismcts:300`, numbered where one appears more than once).
fn names<G: ArenaGame>(contenders: &[Contender<G::Spec>]) -> Vec<String> {
    let base: Vec<String> = contenders
        .iter()
        .map(|c| match c {
            Contender::Core(spec) => G::label(spec),
            Contender::Python(name, _) => name.clone(),
            Contender::Engine(command) => command.name.clone(),
        })
        .collect();
    kingup_bots::numbered(&base)
}

/// An arena's entrants, and the engines among them (to start before play).
type Entrants<G> = (
    Vec<Entrant<'static, <G as kingup_core::kingup_table::Rules>::View>>,
    Vec<Arc<Engine<G>>>,
);

/// The arena's entrants, every bot sharing `shared`, and its engines, each entered under
/// its name in the standings.
fn build_entrants<G: ArenaGame>(
    contenders: Vec<Contender<G::Spec>>,
    shared: &Arc<Shared>,
) -> Entrants<G> {
    let names = names::<G>(&contenders);
    let mut engines = Vec::new();
    let entrants = contenders
        .into_iter()
        .zip(names)
        .map(|(contender, name)| {
            let shared = Arc::clone(shared);
            let make: kingup_bots::BotFactory<'static, G::View> = match contender {
                Contender::Core(spec) => Box::new(move |seed| -> Box<dyn Bot<G::View>> {
                    let bot = spec.build_bot(seed);
                    let shared = Arc::clone(&shared);
                    Box::new(Stoppable { bot, shared })
                }),
                Contender::Python(_, func) => {
                    let name = name.clone();
                    Box::new(move |_seed| -> Box<dyn Bot<G::View>> {
                        let (name, func) = (name.clone(), Arc::clone(&func));
                        let shared = Arc::clone(&shared);
                        let game = std::marker::PhantomData;
                        Box::new(Policy::<G> {
                            name,
                            func,
                            shared,
                            game,
                        })
                    })
                }
                Contender::Engine(mut command) => {
                    // Numbered like the others when entered twice: its processes log and
                    // its bots report the name the standings show.
                    command.name.clone_from(&name);
                    let engine = Engine::<G>::new(command);
                    engines.push(Arc::clone(&engine));
                    Box::new(move |seed| -> Box<dyn Bot<G::View>> {
                        let bot = engine.bot(seed);
                        let shared = Arc::clone(&shared);
                        Box::new(Stoppable { bot, shared })
                    })
                }
            };
            Entrant { name, make }
        })
        .collect();
    (entrants, engines)
}

/// Starts one process of each engine, each on a thread of its own (a start may take its
/// whole handshake time) while this thread, with the GIL released, waits and checks for
/// signals every `CHECK_EVERY`: Ctrl-C is heard during a slow handshake (the start then
/// runs out on its thread, and its process is stopped with its engine). An engine that
/// cannot start is refused before any game, with an `EngineError` naming it and saying
/// why (the first in entry order). The processes are kept for the first games.
fn start_engines<G: ArenaGame>(py: Python<'_>, engines: &[Arc<Engine<G>>]) -> PyResult<()> {
    let (done, started) = mpsc::channel();
    for (i, engine) in engines.iter().enumerate() {
        let (engine, done) = (Arc::clone(engine), done.clone());
        std::thread::Builder::new()
            .name("kingup-engine-start".into())
            .spawn(move || {
                let _ = done.send((i, engine.start().map_err(|e| e.to_string())));
            })
            .map_err(|e| PyRuntimeError::new_err(format!("could not start a thread: {e}")))?;
    }
    drop(done);
    let mut outcomes: Vec<Option<Result<(), String>>> = engines.iter().map(|_| None).collect();
    // The receiver is moved into each wait (it is not `Sync`) and given back.
    let mut waiting = started;
    let mut left = engines.len();
    while left > 0 {
        let (received, back) = py.detach(move || (waiting.recv_timeout(CHECK_EVERY), waiting));
        waiting = back;
        match received {
            Ok((i, outcome)) => {
                outcomes[i] = Some(outcome);
                left -= 1;
            }
            Err(mpsc::RecvTimeoutError::Timeout) => py.check_signals()?,
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                // A start thread panicked: a kingup bug.
                return Err(PyRuntimeError::new_err(
                    "internal error (kingup bug): an engine's start ended without a result",
                ));
            }
        }
    }
    for (engine, outcome) in engines.iter().zip(outcomes) {
        if let Some(Err(why)) = outcome {
            let name = &engine.command().name;
            let message = format!("engine {} could not start: {why}", quote(name));
            return Err(errors::engine(py, message, name));
        }
    }
    Ok(())
}

/// Runs the arena on a thread of its own while this thread, with the GIL released, waits
/// and checks for signals every `CHECK_EVERY`, and calls the Python policies when the
/// arena asks (so that a signal interrupts a policy that blocks). A signal's exception
/// (`KeyboardInterrupt`) or a Python entrant's error sets the shared stop: every bot gives
/// up its game, the arena plays no more deals (`arena_until`), policies are asked no more,
/// and the exception is raised.
fn run<G: ArenaGame>(
    py: Python<'_>,
    config: &ArenaConfig<G::Config>,
    entrants: &[Entrant<'static, G::View>],
    deals: Range<u32>,
    shared: &Shared,
) -> PyResult<ArenaPart> {
    let (done, result) = mpsc::channel();
    if let Ok(mut asks) = shared.asks.lock() {
        *asks = Some(done.clone());
    }
    let outcome = std::thread::scope(|scope| {
        let arena = scope.spawn(move || {
            let stop = &shared.stop;
            let played = kingup_bots::arena_part_until(config, entrants, deals, |_| {}, stop);
            let _ = done.send(Message::Done(played.map_err(|e| e.to_string())));
        });
        let mut interrupt = None;
        // A signal's exception, kept to be raised once the arena has stopped.
        let heed = |interrupt: &mut Option<PyErr>| {
            if interrupt.is_none()
                && let Err(err) = py.check_signals()
            {
                shared.stop.store(true, Ordering::Relaxed);
                *interrupt = Some(err);
            }
        };
        // The receiver is moved into each wait (it is not `Sync`) and given back.
        let mut waiting = result;
        loop {
            let (received, back) = py.detach(move || (waiting.recv_timeout(CHECK_EVERY), waiting));
            waiting = back;
            match received {
                Ok(Message::Ask(ask)) => {
                    // Once stopped, an ask is dropped unanswered: its bot gives up.
                    if !shared.stopped() {
                        ask(py);
                    }
                    heed(&mut interrupt);
                }
                Ok(Message::Done(played)) => {
                    if let Some(err) = interrupt {
                        return Err(err);
                    }
                    let first = shared.error.lock().ok().and_then(|mut e| e.take());
                    if let Some(err) = first {
                        return Err(err);
                    }
                    // The config was checked before: no other error can come back.
                    return played.map_err(|e| {
                        PyRuntimeError::new_err(format!("internal error (kingup bug): {e}"))
                    });
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    // The arena thread ended: its results, if any, are in the channel.
                    // Dropping the policies' sender lets the wait see the end of it (a
                    // panic that sent none: a kingup bug, re-raised by the scope).
                    if arena.is_finished()
                        && let Ok(mut asks) = shared.asks.lock()
                    {
                        *asks = None;
                    }
                    heed(&mut interrupt);
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    // The arena panicked (a kingup bug); the scope re-raises the panic.
                    return Err(PyRuntimeError::new_err(
                        "internal error (kingup bug): the arena ended without results",
                    ));
                }
            }
        }
    });
    if let Ok(mut asks) = shared.asks.lock() {
        *asks = None;
    }
    outcome
}

/// The settings every arena takes, read from Python (`None` or missing: the default).
pub(crate) struct ArenaArgs<'a, 'py> {
    pub(crate) entrants: &'a Bound<'py, PyAny>,
    pub(crate) deals: Option<&'a Bound<'py, PyAny>>,
    pub(crate) seed: Option<&'a Bound<'py, PyAny>>,
    pub(crate) threads: Option<&'a Bound<'py, PyAny>>,
}

impl ArenaArgs<'_, '_> {
    /// Plays the deals `start..stop` (by default every deal) of the arena of game `G` with
    /// `game`'s config: a part for `ArenaResults.join`, the whole arena when it is all of
    /// them.
    pub(crate) fn play_part<G: ArenaGame>(
        &self,
        py: Python<'_>,
        game: G::Config,
        (start, stop): (Option<&Bound<'_, PyAny>>, Option<&Bound<'_, PyAny>>),
    ) -> PyResult<PyArenaPart> {
        let deals = match given(self.deals) {
            Some(obj) => int_in(obj, "deals", 1..=i64::from(ArenaConfig::MAX_DEALS))? as u32,
            None => 100,
        };
        let seed = given(self.seed).map(seed_arg).transpose()?.unwrap_or(0);
        let threads = threads_arg(self.threads)?;
        let stop = match given(stop) {
            Some(obj) => int_in(obj, "stop", 0..=i64::from(deals))? as u32,
            None => deals,
        };
        let start = match given(start) {
            Some(obj) => int_in(obj, "start", 0..=i64::from(stop))? as u32,
            None => 0,
        };
        let range = start..stop;
        let contenders = contenders_arg::<G>(self.entrants)?;
        // Python policies run one at a time (they need the GIL) and may keep state between
        // calls: one thread plays them in schedule order, so the results are the same.
        let python = contenders
            .iter()
            .any(|c| matches!(c, Contender::Python(..)));
        let config = ArenaConfig {
            game,
            deals,
            seed,
            threads: if python { 1 } else { threads },
        };
        config
            .validate(contenders.len())
            .map_err(|e| errors::invalid_config(py, e.to_string()))?;
        let shared = Arc::new(Shared::default());
        let (entrants, engines) = build_entrants::<G>(contenders, &shared);
        let played = start_engines(py, &engines)
            .and_then(|()| run::<G>(py, &config, &entrants, range, &shared));
        // The engines' processes stop as the last handle to them goes (`engines`, once
        // the entrants are gone): each is asked to quit and given a moment, which is no
        // time to hold the GIL.
        drop(entrants);
        py.detach(move || drop(engines));
        Ok(PyArenaPart::new(G::NAME, played?))
    }
}

/// Plays the deals `start..stop` (by default all) of an arena between `entrants`: the
/// native half of `kingup.arena`, a part for `ArenaResults.join`.
#[pyfunction]
#[pyo3(signature = (entrants, *, start=None, stop=None, players=None, deals=None, seed=None, threads=None))]
#[allow(clippy::too_many_arguments)] // the keyword arguments of `kingup.arena(...)`
pub(crate) fn arena_part(
    py: Python<'_>,
    entrants: &Bound<'_, PyAny>,
    start: Option<&Bound<'_, PyAny>>,
    stop: Option<&Bound<'_, PyAny>>,
    players: Option<&Bound<'_, PyAny>>,
    deals: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    threads: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyArenaPart> {
    let args = ArenaArgs {
        entrants,
        deals,
        seed,
        threads,
    };
    args.play_part::<Game>(py, players_arg(players)?, (start, stop))
}

/// A King Up! arena's config: `players` seats (4 if not given).
fn players_arg(players: Option<&Bound<'_, PyAny>>) -> PyResult<Config> {
    let range = i64::from(Config::MIN_PLAYERS)..=i64::from(Config::MAX_PLAYERS);
    let players = match given(players) {
        Some(obj) => int_in(obj, "players", range)? as u8,
        None => 4,
    };
    Ok(Config::new(players))
}

/// The results of `kingup.arena` and `kingup.court.arena`.
#[pyclass(module = "kingup._kingup", name = "ArenaResults", frozen, str)]
#[derive(Debug)]
pub(crate) struct PyArenaResults {
    results: ArenaResults,
}

/// The plain-data form of `ArenaResults` (`to_json`, `to_dict`, `from_json`, pickles):
/// every count and sum the results hold, and, for readers of the document, the derived
/// rates (`win_rate`, `win_rate_ci95`, `mean_score`, `mean_score_ci95`: written, and
/// ignored when read, since they are computed from the counts).
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ResultsDoc {
    players: usize,
    deals: u32,
    games: u32,
    standings: Vec<StandingDoc>,
}

#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct StandingDoc {
    name: String,
    games: u32,
    deals: u32,
    wins: f64,
    score_sum: f64,
    deal_win: (f64, f64),
    deal_score: (f64, f64),
    rating: f64,
    uncertainty: f64,
    by_seat: Vec<SeatDoc>,
    #[serde(default)]
    forfeits: ForfeitsDoc,
    #[serde(default)]
    win_rate: Option<f64>,
    #[serde(default)]
    win_rate_ci95: Option<f64>,
    #[serde(default)]
    mean_score: Option<f64>,
    #[serde(default)]
    mean_score_ci95: Option<f64>,
}

#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatDoc {
    games: u32,
    wins: f64,
    score_sum: f64,
    score_sq_sum: f64,
    #[serde(default)]
    win_rate: Option<f64>,
    #[serde(default)]
    win_rate_ci95: Option<f64>,
    #[serde(default)]
    mean_score: Option<f64>,
    #[serde(default)]
    mean_score_ci95: Option<f64>,
    #[serde(default)]
    forfeits: ForfeitsDoc,
}

impl ResultsDoc {
    fn of(r: &ArenaResults) -> ResultsDoc {
        ResultsDoc {
            players: r.players,
            deals: r.deals,
            games: r.games,
            standings: r
                .standings
                .iter()
                .map(|s| StandingDoc {
                    name: s.name.clone(),
                    games: s.games,
                    deals: s.deals,
                    wins: s.wins,
                    score_sum: s.score_sum,
                    deal_win: s.deal_win,
                    deal_score: s.deal_score,
                    rating: s.rating,
                    uncertainty: s.uncertainty,
                    forfeits: s.forfeits.into(),
                    by_seat: s
                        .by_seat
                        .iter()
                        .map(|t| SeatDoc {
                            games: t.games,
                            wins: t.wins,
                            score_sum: t.score_sum,
                            score_sq_sum: t.score_sq_sum,
                            forfeits: t.forfeits.into(),
                            win_rate: Some(t.win_rate()),
                            win_rate_ci95: Some(t.win_rate_ci95()),
                            mean_score: Some(t.mean_score()),
                            mean_score_ci95: Some(t.mean_score_ci95()),
                        })
                        .collect(),
                    win_rate: Some(s.win_rate()),
                    win_rate_ci95: Some(s.win_rate_ci95()),
                    mean_score: Some(s.mean_score()),
                    mean_score_ci95: Some(s.mean_score_ci95()),
                })
                .collect(),
        }
    }

    /// The results, checked: one row of `players` seats per entrant, `deals * players`
    /// games, the counts adding up.
    fn results(self) -> Result<ArenaResults, String> {
        if self.standings.is_empty() {
            return Err("no standings".to_owned());
        }
        if self.players == 0 || self.deals.checked_mul(self.players as u32) != Some(self.games) {
            return Err(format!(
                "{} games is not {} deals of {} players",
                self.games, self.deals, self.players
            ));
        }
        let mut standings = Vec::with_capacity(self.standings.len());
        for s in self.standings {
            if s.by_seat.len() != self.players {
                return Err(format!(
                    "{:?} has {} seats, not {}",
                    s.name,
                    s.by_seat.len(),
                    self.players
                ));
            }
            if s.by_seat.iter().map(|t| u64::from(t.games)).sum::<u64>() != u64::from(s.games) {
                return Err(format!(
                    "{:?}'s games by seat do not add up to its games",
                    s.name
                ));
            }
            let by_seat = s
                .by_seat
                .into_iter()
                .map(|t| Standing {
                    name: s.name.clone(),
                    games: t.games,
                    wins: t.wins,
                    score_sum: t.score_sum,
                    score_sq_sum: t.score_sq_sum,
                    forfeits: t.forfeits.into(),
                })
                .collect();
            standings.push(ArenaStanding {
                name: s.name,
                games: s.games,
                deals: s.deals,
                wins: s.wins,
                score_sum: s.score_sum,
                deal_win: s.deal_win,
                deal_score: s.deal_score,
                by_seat,
                rating: s.rating,
                uncertainty: s.uncertainty,
                forfeits: s.forfeits.into(),
            });
        }
        Ok(ArenaResults {
            players: self.players,
            deals: self.deals,
            games: self.games,
            standings,
        })
    }
}

impl std::fmt::Display for PyArenaResults {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.results.fmt(f)
    }
}

#[pymethods]
impl PyArenaResults {
    /// Seats at a table.
    #[getter]
    fn players(&self) -> usize {
        self.results.players
    }

    /// Deals played.
    #[getter]
    fn deals(&self) -> u32 {
        self.results.deals
    }

    /// Games played: `deals * players`.
    #[getter]
    fn games(&self) -> u32 {
        self.results.games
    }

    /// One `ArenaStanding` per entrant, in entry order.
    #[getter]
    fn standings(&self) -> Vec<PyArenaStanding> {
        self.results
            .standings
            .iter()
            .map(|s| PyArenaStanding(s.clone()))
            .collect()
    }

    /// The entrants' indices, highest rating first.
    #[getter]
    fn ladder(&self) -> Vec<usize> {
        self.results.ladder()
    }

    /// The results as JSON: every count and sum (`from_json` reads it back to equal
    /// results) and, per entrant and seat, the derived rates.
    fn to_json(&self) -> PyResult<String> {
        convert::to_json(&ResultsDoc::of(&self.results))
    }

    /// `to_json()` as a dict of plain Python values.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        convert::json_to_py(py, &self.to_json()?)
    }

    /// Reads `to_json()`'s output (the derived rates, if present, are recomputed);
    /// `InvalidStateError` for anything malformed or inconsistent.
    #[staticmethod]
    fn from_json(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<PyArenaResults> {
        let text = convert::json_arg(text)?;
        let doc: ResultsDoc = convert::from_json(py, &text, "arena results")?;
        let results = doc
            .results()
            .map_err(|e| errors::invalid_state(py, format!("invalid arena results: {e}")))?;
        Ok(PyArenaResults { results })
    }

    /// `to_dict()`'s output (or the same from `json.loads`) read back as `from_json` reads.
    #[staticmethod]
    fn from_dict(py: Python<'_>, data: &Bound<'_, PyAny>) -> PyResult<PyArenaResults> {
        let dumps = py.import("json")?.getattr("dumps")?;
        let text = dumps.call1((data,)).map_err(|e| {
            errors::invalid_state(py, format!("invalid arena results: not plain data: {e}"))
        })?;
        PyArenaResults::from_json(py, &text)
    }

    /// Joins the parts of one arena (`kingup.arena`'s parts, played anywhere) into its
    /// results: the same as the whole arena played here. `InvalidStateError` if they are
    /// not every part of one arena, each once.
    #[staticmethod]
    fn join(py: Python<'_>, parts: &Bound<'_, PyAny>) -> PyResult<PyArenaResults> {
        let results = crate::arena_part::join(py, parts)?;
        Ok(PyArenaResults { results })
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyArenaResults>()
            .is_ok_and(|o| o.get().results == self.results)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let from_json = py.get_type::<PyArenaResults>().getattr("from_json")?;
        Ok((from_json, (self.to_json()?,)))
    }

    fn __repr__(&self) -> String {
        format!(
            "<kingup.ArenaResults: {} entrants, {} deals, {} games>",
            self.results.standings.len(),
            self.results.deals,
            self.results.games
        )
    }
}

/// One entrant's results in an arena.
#[pyclass(module = "kingup._kingup", name = "ArenaStanding", frozen)]
#[derive(Debug)]
pub(crate) struct PyArenaStanding(ArenaStanding);

#[pymethods]
impl PyArenaStanding {
    /// The entrant's name.
    #[getter]
    fn name(&self) -> &str {
        &self.0.name
    }

    /// Games played.
    #[getter]
    fn games(&self) -> u32 {
        self.0.games
    }

    /// Deals it sat in.
    #[getter]
    fn deals(&self) -> u32 {
        self.0.deals
    }

    /// Share of games won (a shared win counts `1 / winners`).
    #[getter]
    fn win_rate(&self) -> f64 {
        self.0.win_rate()
    }

    /// Half-width of the win rate's 95 % confidence interval, over deals.
    #[getter]
    fn win_rate_ci95(&self) -> f64 {
        self.0.win_rate_ci95()
    }

    /// Mean final total.
    #[getter]
    fn mean_score(&self) -> f64 {
        self.0.mean_score()
    }

    /// Half-width of the mean final total's 95 % confidence interval, over deals.
    #[getter]
    fn mean_score_ci95(&self) -> f64 {
        self.0.mean_score_ci95()
    }

    /// Weng–Lin rating (mean skill; the scale starts at 25).
    #[getter]
    fn rating(&self) -> f64 {
        self.0.rating
    }

    /// The rating's uncertainty (a standard deviation; it starts at 25/3).
    #[getter]
    fn uncertainty(&self) -> f64 {
        self.0.uncertainty
    }

    /// Its games by seat: `by_seat[s]` at seat `s`.
    #[getter]
    fn by_seat(&self) -> Vec<PySeatStanding> {
        self.0.by_seat.iter().cloned().map(PySeatStanding).collect()
    }

    /// The moves it forfeited over all its games, by reason (only an engine forfeits).
    #[getter]
    fn forfeits(&self) -> PyForfeits {
        PyForfeits(self.0.forfeits)
    }

    fn __repr__(&self) -> String {
        format!(
            "<kingup.ArenaStanding {}: rating {:.2}, win rate {:.3}>",
            quote(&self.0.name),
            self.0.rating,
            self.0.win_rate()
        )
    }
}

/// The moves an engine forfeited (a random legal move was played for it instead), by
/// reason: see `docs/protocol.md`, "Forfeits".
#[pyclass(module = "kingup._kingup", name = "Forfeits", frozen)]
#[derive(Debug)]
pub(crate) struct PyForfeits(Forfeits);

#[pymethods]
impl PyForfeits {
    /// No answer in the move's time, or the game's time used up.
    #[getter]
    fn timeout(&self) -> u32 {
        self.0.timeout
    }

    /// The engine's process was gone, or did not start or shake hands during play.
    #[getter]
    fn crash(&self) -> u32 {
        self.0.crash
    }

    /// The answer was not a well-formed move.
    #[getter]
    fn malformed(&self) -> u32 {
        self.0.malformed
    }

    /// The answer was a move the seat may not play.
    #[getter]
    fn illegal(&self) -> u32 {
        self.0.illegal
    }

    /// Every forfeited move.
    #[getter]
    fn total(&self) -> u32 {
        self.0.total()
    }

    /// `{"timeout": ..., "crash": ..., "malformed": ..., "illegal": ..., "total": ...}`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        let dict = pyo3::types::PyDict::new(py);
        dict.set_item("timeout", self.0.timeout)?;
        dict.set_item("crash", self.0.crash)?;
        dict.set_item("malformed", self.0.malformed)?;
        dict.set_item("illegal", self.0.illegal)?;
        dict.set_item("total", self.0.total())?;
        Ok(dict)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyForfeits>()
            .is_ok_and(|o| o.get().0 == self.0)
    }

    /// `<kingup.Forfeits: 12 (timeout 10, crash 2)>`, as the arena's table writes them.
    fn __repr__(&self) -> String {
        format!("<kingup.Forfeits: {}>", self.0)
    }
}

/// One entrant's games at one seat.
#[pyclass(module = "kingup._kingup", name = "SeatStanding", frozen)]
#[derive(Debug)]
pub(crate) struct PySeatStanding(Standing);

#[pymethods]
impl PySeatStanding {
    /// Games played at the seat.
    #[getter]
    fn games(&self) -> u32 {
        self.0.games
    }

    /// Share of them won.
    #[getter]
    fn win_rate(&self) -> f64 {
        self.0.win_rate()
    }

    /// Half-width of the win rate's 95 % confidence interval, over games.
    #[getter]
    fn win_rate_ci95(&self) -> f64 {
        self.0.win_rate_ci95()
    }

    /// Mean final total at the seat.
    #[getter]
    fn mean_score(&self) -> f64 {
        self.0.mean_score()
    }

    /// Half-width of its 95 % confidence interval, over games.
    #[getter]
    fn mean_score_ci95(&self) -> f64 {
        self.0.mean_score_ci95()
    }

    fn __repr__(&self) -> String {
        format!(
            "<kingup.SeatStanding: {} games, win rate {:.3}>",
            self.0.games,
            self.0.win_rate()
        )
    }
}
