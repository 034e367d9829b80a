//! `kingup.bots`: the bots of `kingup-bots` (random, heuristic, ISMCTS, reader) as Python
//! classes.
//!
//! A bot decides from one seat's `PlayerView` and nothing else: `choose(game, seat)` takes
//! `seat`'s view of the game and hands only that to the bot, so a bot can never read
//! another seat's secret. Bots are built by `kingup_bots::BotSpec` (names, defaults and
//! limits are the same in every front end) and draw from `Generator::new(seed)`, so the
//! same seed and the same calls give the same actions in every language. The searching bots
//! (ISMCTS, reader) search with the GIL released.
//!
//! A bot pickles (`__reduce__`) as a JSON state document: its spec, seed and generator
//! state and, for the reader, the decisions it made since it last read the table afresh
//! (its own views and actions), which `Bot._restore` replays into a fresh bot's reader
//! without searching. The restored bot decides as the original would from then on. The
//! generator state predicts every draw the bot makes: the document is its owner's.

use core::time::Duration;
use std::sync::Mutex;
use std::sync::mpsc::{self, RecvTimeoutError};

use kingup_bots::{AnyBot, Bot, BotError, BotKind, BotSpec, IsmctsConfig, Rollout};
use kingup_core::kingup_table::SeatView;
use kingup_core::{Action, Game, Generator, PlayerView};
use pyo3::PyClassInitializer;
use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::prelude::*;

use crate::config::choice_arg;
use crate::convert::{self, float_arg, given, int_arg, name_arg, seed_or_os, type_name};
use crate::errors;
use crate::game::PyGame;
use crate::sync;
use crate::view::PyPlayerView;

/// The base class of the bots: `choose(game, seat)` and `choose_view(view)`.
///
/// The bot (its generator and search tree) is behind a `Mutex`: a bot shared between
/// threads decides for one caller at a time (see `sync`).
#[pyclass(module = "kingup._kingup", name = "Bot", subclass, frozen)]
#[derive(Debug)]
pub(crate) struct PyBot {
    bot: Mutex<Held>,
    spec: BotSpec,
    seed: u64,
}

/// A bot and, for the reader, the decisions its reading rests on: those since it last
/// read the table afresh (`IsmctsBot::reads_afresh`), to replay when it is unpickled.
#[derive(Clone, Debug)]
struct Held {
    bot: AnyBot,
    read: Vec<(PlayerView, Option<Action>)>,
}

/// A bot's pickled state (`Bot.__reduce__`, `Bot._restore`).
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct BotState {
    kind: String,
    seed: u64,
    /// The generator state, 64 hexadecimal digits.
    generator: String,
    /// The searching kinds' settings.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    search: Option<SearchState>,
    /// The reader's decisions since it last read afresh.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    read: Vec<Decision>,
}

/// The settings a Python caller can give a searching bot.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct SearchState {
    iterations: u32,
    exploration: f64,
    rollout: String,
    time_limit: Option<Duration>,
}

/// One decision of a reader: its view and the action it chose.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Decision {
    view: PlayerView,
    played: Option<usize>,
}

/// Reads `random`, `heuristic`, `ismcts`, `ismcts:N`, `reader` or `reader:N` (`BotSpec`'s
/// `FromStr`, the spellings of `kingup arena --entrants`).
pub(crate) fn spec_arg(obj: &Bound<'_, PyAny>) -> PyResult<BotSpec> {
    let text = name_arg(obj, "a bot spec")?;
    text.parse::<BotSpec>()
        .map_err(|e| errors::invalid_config(obj.py(), e.to_string()))
}

/// A bot setting the core refuses, as `InvalidConfigError` with its message and code.
pub(crate) fn bot_error(py: Python<'_>, err: &BotError) -> PyErr {
    errors::invalid_setting(py, err.to_string(), err.code())
}

impl PyBot {
    /// A bot of `spec` (checked by `BotSpec::validate`) drawing from the generator of
    /// `seed` (`None`: a seed from the operating system).
    fn new(py: Python<'_>, spec: BotSpec, seed: Option<&Bound<'_, PyAny>>) -> PyResult<PyBot> {
        spec.validate().map_err(|e| bot_error(py, &e))?;
        let seed = seed_or_os(seed)?;
        Ok(PyBot {
            bot: Mutex::new(Held {
                bot: spec.build(seed),
                read: Vec::new(),
            }),
            spec,
            seed,
        })
    }

    /// The pickled state: see the module's documentation.
    fn state(&self, py: Python<'_>) -> PyResult<String> {
        let held = sync::lock(py, &self.bot)?;
        let search = self.spec.kind.searches().then(|| SearchState {
            iterations: self.spec.search.iterations,
            exploration: self.spec.search.exploration,
            rollout: rollout_name(self.spec.search.rollout).to_owned(),
            time_limit: self.spec.search.time_limit,
        });
        let state = BotState {
            kind: self.spec.kind.name().to_owned(),
            seed: self.seed,
            generator: held.bot.generator().state_hex().to_string(),
            search,
            read: held
                .read
                .iter()
                .map(|&(view, played)| Decision {
                    view,
                    played: played.map(Action::index),
                })
                .collect(),
        };
        convert::to_json(&state)
    }

    /// The bot of a pickled state, checked: an `InvalidStateError` for anything a pickle
    /// of a bot could not hold.
    fn restore(py: Python<'_>, text: String) -> PyResult<PyBot> {
        let state: BotState = convert::from_json_detached(py, text, "bot state")?;
        let bad =
            |message: String| errors::invalid_state(py, format!("invalid bot state: {message}"));
        let kind = state
            .kind
            .parse::<BotKind>()
            .map_err(|e| bad(e.to_string()))?;
        let mut spec = BotSpec::new(kind);
        match (kind.searches(), state.search) {
            (true, Some(search)) => {
                spec.search.iterations = search.iterations;
                spec.search.exploration = search.exploration;
                spec.search.rollout = match search.rollout.as_str() {
                    "heuristic" => Rollout::Heuristic,
                    "random" => Rollout::Random,
                    other => return Err(bad(format!("unknown rollout {other:?}"))),
                };
                spec.search.time_limit = search.time_limit;
            }
            (false, None) => {}
            (true, None) => return Err(bad(format!("a {kind} bot needs its search settings"))),
            (false, Some(_)) => return Err(bad(format!("a {kind} bot takes no search settings"))),
        }
        spec.validate().map_err(|e| bad(e.to_string()))?;
        let generator = Generator::from_hex(&state.generator).map_err(|e| bad(e.to_string()))?;
        let mut held = Held {
            bot: spec.build(state.seed),
            read: Vec::new(),
        };
        if !state.read.is_empty() {
            let AnyBot::Reader(reader) = &mut held.bot else {
                return Err(bad(format!("a {kind} bot keeps no decisions")));
            };
            for decision in state.read {
                let view = decision.view;
                let played = match decision.played {
                    None => None,
                    Some(i) => match Action::from_index(i) {
                        Ok(a) if view.legal_mask() >> a.index() & 1 == 1 => Some(a),
                        _ => return Err(bad(format!("action {i} is not legal at its view"))),
                    },
                };
                reader.replay_decision(&view, played);
                held.read.push((view, played));
            }
        }
        *held.bot.generator_mut() = generator;
        Ok(PyBot {
            bot: Mutex::new(held),
            spec,
            seed: state.seed,
        })
    }

    /// The bot's action for `view.seat`, from `view` alone. The bot is left as it was
    /// when the seat may not act, and when the search is interrupted.
    fn decide(&self, py: Python<'_>, view: PlayerView) -> PyResult<usize> {
        if let Err(reason) = view.public.actor.check(view.seat) {
            let message = format!("seat {} may not act now: {reason}", view.seat);
            let seat = Some(view.seat.index() as i64);
            return Err(errors::cannot_act::<Game>(py, message, seat, reason.code()));
        }
        let mut held = sync::lock(py, &self.bot)?;
        let afresh = match &held.bot {
            AnyBot::Reader(reader) => Some(reader.reads_afresh(&view)),
            _ => None,
        };
        let action = if held.bot.kind().searches() {
            search(py, &mut held.bot, view)?
        } else {
            // Microseconds: no reason to release the GIL.
            held.bot.choose(&view)
        };
        if let Some(afresh) = afresh {
            if afresh {
                held.read.clear();
            }
            held.read.push((view, action));
        }
        match action {
            Some(action) if view.legal_mask() >> action.index() & 1 == 1 => Ok(action.index()),
            other => Err(PyRuntimeError::new_err(format!(
                "internal error (kingup bug): the {} bot chose {other:?} for seat {}",
                self.spec.kind.name(),
                view.seat
            ))),
        }
    }
}

/// Runs a tree search (ISMCTS, court's MCTS), which can take up to an hour, so that Ctrl-C stops it at once:
/// a copy of the bot searches on a thread of its own while the calling thread, with the
/// GIL released, waits for it and checks for signals every few milliseconds. The copy
/// replaces the bot when it is done; if a signal's handler raises (`KeyboardInterrupt`),
/// the bot stays as it was (its generator not advanced) and the abandoned search runs out
/// on its thread, bounded by the bot's iterations and time limit, its result dropped.
/// (The search itself has no way to be told to stop: `kingup-bots` would need one.)
pub(crate) fn search<V, B>(py: Python<'_>, bot: &mut B, view: V) -> PyResult<Option<V::Action>>
where
    V: SeatView + Send + 'static,
    V::Action: Send,
    B: Bot<V> + Clone + Send + 'static,
{
    let mut copy = bot.clone();
    let (done, result) = mpsc::channel();
    std::thread::Builder::new()
        .name("kingup-search".to_owned())
        .spawn(move || {
            let action = copy.choose(&view);
            // The receiver is gone only after an interrupt: nobody wants the result then.
            let _ = done.send((copy, action));
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start the search thread: {e}")))?;
    // The receiver is moved into each wait (it is not `Sync`) and given back.
    let mut result = Some(result);
    loop {
        let waiting = result.take().ok_or_else(|| {
            PyRuntimeError::new_err("internal error (kingup bug): the search result was lost")
        })?;
        let (received, waiting) = py.detach(move || {
            let received = waiting.recv_timeout(sync::CHECK_EVERY);
            (received, waiting)
        });
        result = Some(waiting);
        match received {
            Ok((searched, action)) => {
                *bot = searched;
                return Ok(action);
            }
            Err(RecvTimeoutError::Timeout) => py.check_signals()?,
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err(
                    "internal error (kingup bug): the search thread ended without a result",
                ));
            }
        }
    }
}

#[pymethods]
impl PyBot {
    /// The action (an index) this bot plays for `seat` (default: the seat that acts next)
    /// in `game`, decided from `game.view(seat)` only.
    #[pyo3(signature = (game, seat=None))]
    fn choose(
        &self,
        py: Python<'_>,
        game: &Bound<'_, PyAny>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<usize> {
        let game = game.cast::<PyGame>().map_err(|_| {
            let message = format!("game must be a kingup.Game, not {}", type_name(game));
            PyTypeError::new_err(message)
        })?;
        // The view is a copy: the game is free again before the search.
        let view = game.get().0.view_for(py, seat)?;
        self.decide(py, view)
    }

    /// The action this bot plays for the viewer of `view` (a `kingup.PlayerView`).
    fn choose_view(&self, py: Python<'_>, view: &Bound<'_, PyAny>) -> PyResult<usize> {
        let view = view.cast::<PyPlayerView>().map_err(|_| {
            let message = format!("view must be a kingup.PlayerView, not {}", type_name(view));
            PyTypeError::new_err(message)
        })?;
        let view = *view.get().inner();
        self.decide(py, view)
    }

    /// Pickles as the bot's state document, read back by `Bot._restore`.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let restore = py.get_type::<PyBot>().getattr("_restore")?;
        Ok((restore, (self.state(py)?,)))
    }

    /// The bot of a pickled state (`__reduce__`), of its kind's class; `InvalidStateError`
    /// for a malformed or edited state.
    #[staticmethod]
    fn _restore(py: Python<'_>, state: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let text = convert::json_arg(state)?.into_owned();
        let base = PyBot::restore(py, text)?;
        let kind = base.spec.kind;
        let init = PyClassInitializer::from(base);
        Ok(match kind {
            BotKind::Random => Bound::new(py, init.add_subclass(PyRandomBot))?.into_any(),
            BotKind::Heuristic => Bound::new(py, init.add_subclass(PyHeuristicBot))?.into_any(),
            BotKind::Ismcts => Bound::new(py, init.add_subclass(PyIsmctsBot))?.into_any(),
            BotKind::Reader => {
                Bound::new(py, init.add_subclass(PyIsmctsBot).add_subclass(PyReaderBot))?.into_any()
            }
        }
        .unbind())
    }

    /// The seed the bot was made with.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// `"random"`, `"heuristic"`, `"ismcts"` or `"reader"`.
    #[getter]
    fn name(&self) -> &'static str {
        self.spec.kind.name()
    }

    fn __repr__(&self) -> String {
        match self.spec.kind {
            BotKind::Ismcts => format!(
                "<kingup.bots.IsmctsBot: seed {}, {} iterations>",
                self.seed, self.spec.search.iterations
            ),
            BotKind::Reader => format!(
                "<kingup.bots.ReaderBot: seed {}, {} iterations>",
                self.seed, self.spec.search.iterations
            ),
            BotKind::Random => format!("<kingup.bots.RandomBot: seed {}>", self.seed),
            BotKind::Heuristic => format!("<kingup.bots.HeuristicBot: seed {}>", self.seed),
        }
    }
}

/// Picks uniformly among the legal actions.
#[pyclass(module = "kingup._kingup", name = "RandomBot", extends = PyBot, frozen)]
#[derive(Debug)]
pub(crate) struct PyRandomBot;

#[pymethods]
impl PyRandomBot {
    #[new]
    #[pyo3(signature = (seed=None))]
    fn new(
        py: Python<'_>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyClassInitializer<PyRandomBot>> {
        let base = PyBot::new(py, BotSpec::new(BotKind::Random), seed)?;
        Ok(PyClassInitializer::from(base).add_subclass(PyRandomBot))
    }
}

/// Rules of thumb: its own characters up, the others' held back, a No on a candidate
/// that would hurt it.
#[pyclass(module = "kingup._kingup", name = "HeuristicBot", extends = PyBot, frozen)]
#[derive(Debug)]
pub(crate) struct PyHeuristicBot;

#[pymethods]
impl PyHeuristicBot {
    #[new]
    #[pyo3(signature = (seed=None))]
    fn new(
        py: Python<'_>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyClassInitializer<PyHeuristicBot>> {
        let base = PyBot::new(py, BotSpec::new(BotKind::Heuristic), seed)?;
        Ok(PyClassInitializer::from(base).add_subclass(PyHeuristicBot))
    }
}

/// Information-set Monte Carlo tree search over worlds sampled from its view.
#[pyclass(module = "kingup._kingup", name = "IsmctsBot", extends = PyBot, subclass, frozen)]
#[derive(Debug)]
pub(crate) struct PyIsmctsBot;

#[pymethods]
impl PyIsmctsBot {
    #[new]
    #[pyo3(signature = (seed=None, iterations=None, exploration=None, rollout=None, time_limit=None))]
    fn new(
        py: Python<'_>,
        seed: Option<&Bound<'_, PyAny>>,
        iterations: Option<&Bound<'_, PyAny>>,
        exploration: Option<&Bound<'_, PyAny>>,
        rollout: Option<&Bound<'_, PyAny>>,
        time_limit: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyClassInitializer<PyIsmctsBot>> {
        let settings = SearchArgs {
            iterations,
            exploration,
            rollout,
            time_limit,
        };
        let base = settings.bot(py, BotKind::Ismcts, seed)?;
        Ok(PyClassInitializer::from(base).add_subclass(PyIsmctsBot))
    }

    /// Search iterations per decision.
    #[getter]
    fn iterations(slf: PyRef<'_, Self>) -> u32 {
        slf.as_super().spec.search.iterations
    }

    /// The UCB exploration constant.
    #[getter]
    fn exploration(slf: PyRef<'_, Self>) -> f64 {
        slf.as_super().spec.search.exploration
    }

    /// `"heuristic"` or `"random"`: how the round is played out below the tree.
    #[getter]
    fn rollout(slf: PyRef<'_, Self>) -> &'static str {
        rollout_name(slf.as_super().spec.search.rollout)
    }

    /// The time limit per decision in seconds, if any.
    #[getter]
    fn time_limit(slf: PyRef<'_, Self>) -> Option<f64> {
        slf.as_super()
            .spec
            .search
            .time_limit
            .map(|d| d.as_secs_f64())
    }
}

/// The same search as `IsmctsBot` with the reader preset of its settings: it reads each
/// opponent over the game (its card, and whether it plays by its card or at random) and
/// draws worlds and playouts from that reading. Settings not given keep the preset's values.
#[pyclass(module = "kingup._kingup", name = "ReaderBot", extends = PyIsmctsBot, frozen)]
#[derive(Debug)]
pub(crate) struct PyReaderBot;

#[pymethods]
impl PyReaderBot {
    #[new]
    #[pyo3(signature = (seed=None, iterations=None, exploration=None, rollout=None, time_limit=None))]
    fn new(
        py: Python<'_>,
        seed: Option<&Bound<'_, PyAny>>,
        iterations: Option<&Bound<'_, PyAny>>,
        exploration: Option<&Bound<'_, PyAny>>,
        rollout: Option<&Bound<'_, PyAny>>,
        time_limit: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyClassInitializer<PyReaderBot>> {
        let settings = SearchArgs {
            iterations,
            exploration,
            rollout,
            time_limit,
        };
        let base = settings.bot(py, BotKind::Reader, seed)?;
        Ok(PyClassInitializer::from(base)
            .add_subclass(PyIsmctsBot)
            .add_subclass(PyReaderBot))
    }
}

/// The search settings given to `IsmctsBot(...)` or `ReaderBot(...)` (`None`: not given).
struct SearchArgs<'a, 'py> {
    iterations: Option<&'a Bound<'py, PyAny>>,
    exploration: Option<&'a Bound<'py, PyAny>>,
    rollout: Option<&'a Bound<'py, PyAny>>,
    time_limit: Option<&'a Bound<'py, PyAny>>,
}

impl SearchArgs<'_, '_> {
    /// A `kind` bot with these settings, seeded by `seed`.
    fn bot(
        &self,
        py: Python<'_>,
        kind: BotKind,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyBot> {
        PyBot::new(py, self.spec(py, kind)?, seed)
    }

    /// The spec of a `kind` bot: the kind's preset with the settings given (checked later
    /// by `BotSpec::validate`).
    fn spec(&self, py: Python<'_>, kind: BotKind) -> PyResult<BotSpec> {
        let mut spec = BotSpec::new(kind);
        let search = &mut spec.search;
        if let Some(obj) = given(self.iterations) {
            search.iterations = iterations_arg(obj)?;
        }
        if let Some(obj) = given(self.exploration) {
            // Checked by `BotSpec::validate` (an int too large for a float is infinite).
            search.exploration = float_arg(obj, "exploration")?;
        }
        if let Some(obj) = given(self.rollout) {
            search.rollout = rollout_arg(obj)?;
        }
        if let Some(obj) = given(self.time_limit) {
            let seconds = float_arg(obj, "time_limit")?;
            search.time_limit = Some(time_limit_arg(py, seconds)?);
        }
        Ok(spec)
    }
}

/// An `iterations=` argument: an int, checked by `BotSpec::validate` (values beyond
/// `u32` are reported as they were given).
pub(crate) fn iterations_arg(obj: &Bound<'_, PyAny>) -> PyResult<u32> {
    let n = int_arg(obj, "iterations")?;
    u32::try_from(n).map_err(|_| {
        let message = match u64::try_from(n) {
            Ok(big) => BotError::Iterations(big).to_string(),
            // The core's error holds no negative count; same sentence, same code.
            Err(_) => format!(
                "iterations must be 1 to {}, not {n}",
                IsmctsConfig::MAX_ITERATIONS
            ),
        };
        errors::invalid_setting(obj.py(), message, BotError::Iterations(0).code())
    })
}

/// The name of a rollout: `"heuristic"` or `"random"`.
const fn rollout_name(rollout: Rollout) -> &'static str {
    match rollout {
        Rollout::Heuristic => "heuristic",
        Rollout::Random => "random",
    }
}

/// `"heuristic"` or `"random"`.
fn rollout_arg(obj: &Bound<'_, PyAny>) -> PyResult<Rollout> {
    let choices = [
        ("heuristic", Rollout::Heuristic),
        ("random", Rollout::Random),
    ];
    choice_arg(obj, "rollout", &choices)
}

/// A time limit in seconds. Zero and over an hour are refused by `BotSpec::validate`;
/// a negative, non-finite or huge number is no `Duration` at all and is refused here, in
/// the core's words.
fn time_limit_arg(py: Python<'_>, seconds: f64) -> PyResult<Duration> {
    Duration::try_from_secs_f64(seconds).map_err(|_| {
        let max = IsmctsConfig::MAX_TIME_LIMIT.as_secs();
        let message =
            format!("a time limit must be more than 0 and at most {max} s, not {seconds} s");
        errors::invalid_setting(py, message, BotError::TimeLimit(Duration::ZERO).code())
    })
}
