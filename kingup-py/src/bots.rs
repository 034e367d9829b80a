//! `kingup.bots`: the bots of `kingup-bots` (random, heuristic, ISMCTS) as Python classes.
//!
//! A bot decides from one seat's `PlayerView` and nothing else: `choose(game, seat)` takes
//! `seat`'s view of the game and hands only that to the bot, so a bot can never read
//! another seat's secret. Bots are built by `kingup_bots::BotSpec` (names, defaults and
//! limits are the same in every front end) and draw from `Generator::new(seed)`, so the
//! same seed and the same calls give the same actions in every language. ISMCTS searches
//! with the GIL released.

use core::time::Duration;

use kingup_bots::{AnyBot, Bot, BotError, BotKind, BotSpec, IsmctsConfig, Rollout};
use kingup_core::PlayerView;
use pyo3::PyClassInitializer;
use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::prelude::*;

use crate::config::str_arg;
use crate::convert::{int_arg, seat_arg, seed_or_os, type_name};
use crate::errors;
use crate::game::{PyGame, idle_reason};
use crate::view::PyPlayerView;

/// The base class of the bots: `choose(game, seat)` and `choose_view(view)`.
#[pyclass(module = "kingup._kingup", name = "Bot", subclass)]
#[derive(Debug)]
pub(crate) struct PyBot {
    bot: AnyBot,
    spec: BotSpec,
    seed: u64,
}

/// A bot setting the core refuses, as `InvalidConfigError` with its message and code.
fn bot_error(py: Python<'_>, err: &BotError) -> PyErr {
    errors::invalid_setting(py, err.to_string(), err.code())
}

impl PyBot {
    /// A bot of `spec` (checked by `BotSpec::validate`) drawing from the generator of
    /// `seed` (`None`: a seed from the operating system).
    fn new(py: Python<'_>, spec: BotSpec, seed: Option<&Bound<'_, PyAny>>) -> PyResult<PyBot> {
        spec.validate().map_err(|e| bot_error(py, &e))?;
        let seed = seed_or_os(seed)?;
        Ok(PyBot {
            bot: spec.build(seed),
            spec,
            seed,
        })
    }

    /// The bot's action for `view.seat`, from `view` alone. The search runs with the GIL
    /// released; the bot's generator is left as it was when the seat may not act.
    fn decide(&mut self, py: Python<'_>, view: PlayerView) -> PyResult<usize> {
        if let Err(reason) = view.public.actor.check(view.seat) {
            let message = format!("seat {} may not act now: {reason}", view.seat);
            let seat = Some(view.seat.index() as i64);
            return Err(errors::cannot_act(py, message, seat, reason.code()));
        }
        let bot = &mut self.bot;
        let action = if bot.kind() == BotKind::Ismcts {
            py.detach(|| bot.choose(&view))
        } else {
            bot.choose(&view)
        };
        match action {
            Some(action) if view.legal_mask() >> action.index() & 1 == 1 => Ok(action.index()),
            other => Err(PyRuntimeError::new_err(format!(
                "internal error (kingup bug): the {} bot chose {other:?} for seat {}",
                self.bot.kind(),
                view.seat
            ))),
        }
    }
}

#[pymethods]
impl PyBot {
    /// The action (an index) this bot plays for `seat` (default: the seat that acts next)
    /// in `game`, decided from `game.view(seat)` only.
    #[pyo3(signature = (game, seat=None))]
    fn choose(
        &mut self,
        py: Python<'_>,
        game: &Bound<'_, PyAny>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<usize> {
        let game = game.cast::<PyGame>().map_err(|_| {
            let message = format!("game must be a kingup.Game, not {}", type_name(game));
            PyTypeError::new_err(message)
        })?;
        let game = game
            .try_borrow()
            .map_err(|e| PyRuntimeError::new_err(format!("the game is in use: {e}")))?;
        let state = game.state();
        let seat = match seat.filter(|s| !s.is_none()) {
            Some(obj) => seat_arg(obj, state.config())?,
            None => state.next_seat().ok_or_else(|| {
                let reason = idle_reason(state);
                let message = format!("no seat may act now: {reason}");
                errors::cannot_act(py, message, None, reason.code())
            })?,
        };
        let view = state.player_view(seat);
        // The view is a copy: the game is free again before the search.
        drop(game);
        self.decide(py, view)
    }

    /// The action this bot plays for the viewer of `view` (a `kingup.PlayerView`).
    fn choose_view(&mut self, py: Python<'_>, view: &Bound<'_, PyAny>) -> PyResult<usize> {
        let view = view.cast::<PyPlayerView>().map_err(|_| {
            let message = format!("view must be a kingup.PlayerView, not {}", type_name(view));
            PyTypeError::new_err(message)
        })?;
        let view = *view.get().inner();
        self.decide(py, view)
    }

    /// The seed the bot was made with.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// `"random"`, `"heuristic"` or `"ismcts"`.
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
            BotKind::Random => format!("<kingup.bots.RandomBot: seed {}>", self.seed),
            BotKind::Heuristic => format!("<kingup.bots.HeuristicBot: seed {}>", self.seed),
        }
    }
}

/// Picks uniformly among the legal actions.
#[pyclass(module = "kingup._kingup", name = "RandomBot", extends = PyBot)]
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
#[pyclass(module = "kingup._kingup", name = "HeuristicBot", extends = PyBot)]
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
#[pyclass(module = "kingup._kingup", name = "IsmctsBot", extends = PyBot)]
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
        exploration: Option<f64>,
        rollout: Option<&Bound<'_, PyAny>>,
        time_limit: Option<f64>,
    ) -> PyResult<PyClassInitializer<PyIsmctsBot>> {
        let mut spec = BotSpec::new(BotKind::Ismcts);
        let search = &mut spec.search;
        if let Some(obj) = iterations {
            search.iterations = iterations_arg(obj)?;
        }
        if let Some(c) = exploration {
            search.exploration = c;
        }
        if let Some(obj) = rollout {
            search.rollout = rollout_arg(obj)?;
        }
        if let Some(seconds) = time_limit {
            search.time_limit = Some(time_limit_arg(py, seconds)?);
        }
        let base = PyBot::new(py, spec, seed)?;
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
        match slf.as_super().spec.search.rollout {
            Rollout::Heuristic => "heuristic",
            Rollout::Random => "random",
        }
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

/// An `iterations=` argument: an int, checked by `BotSpec::validate` (values beyond
/// `u32` are reported as they were given).
fn iterations_arg(obj: &Bound<'_, PyAny>) -> PyResult<u32> {
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

/// `"heuristic"` or `"random"`.
fn rollout_arg(obj: &Bound<'_, PyAny>) -> PyResult<Rollout> {
    match str_arg(obj, "rollout")?.as_str() {
        "heuristic" => Ok(Rollout::Heuristic),
        "random" => Ok(Rollout::Random),
        other => {
            let message = format!("rollout must be \"heuristic\" or \"random\", not {other:?}");
            Err(errors::invalid_config(obj.py(), message))
        }
    }
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
