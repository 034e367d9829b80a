//! `kingup.bots`: the engine's bots (random, heuristic, ISMCTS) as Python classes.
//!
//! A bot decides from one seat's `PlayerView` and nothing else: `choose(game, seat)` takes
//! `seat`'s view of the game and hands only that to the engine's bot, so a bot can never
//! read another seat's secret. Each bot owns the binding's seeded generator (xoshiro256++
//! seeded by SplitMix64, `random.rs`), so the same seed and the same calls give the same
//! actions on every platform. ISMCTS searches with the GIL released.

use core::time::Duration;

use kingup_core::{
    Actor, Bot, HeuristicBot, IsmctsBot, IsmctsConfig, PlayerView, RandomBot, Rollout, Seat,
};
use pyo3::PyClassInitializer;
use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::prelude::*;

use crate::config::str_arg;
use crate::convert::{int_arg, seat_arg, type_name};
use crate::errors;
use crate::game::{PyGame, seed_arg};
use crate::random::{self, Rng};
use crate::view::PyPlayerView;

/// Most ISMCTS iterations per decision: the search tree grows by one node per iteration,
/// so this keeps its memory to a few tens of megabytes (as the C ABI's bound does).
const MAX_ITERATIONS: u32 = 1_000_000;

/// The engine's bot behind a `kingup.bots.Bot`.
#[derive(Clone, Debug)]
enum Engine {
    Random(RandomBot<Rng>),
    Heuristic(HeuristicBot<Rng>),
    Ismcts(IsmctsBot<Rng>, IsmctsConfig),
}

impl Engine {
    fn bot(&mut self) -> &mut (dyn Bot + Send) {
        match self {
            Engine::Random(bot) => bot,
            Engine::Heuristic(bot) => bot,
            Engine::Ismcts(bot, _) => bot,
        }
    }

    fn name(&self) -> &'static str {
        match self {
            Engine::Random(_) => "random",
            Engine::Heuristic(_) => "heuristic",
            Engine::Ismcts(..) => "ismcts",
        }
    }
}

/// The base class of the bots: `choose(game, seat)` and `choose_view(view)`.
#[pyclass(module = "kingup._kingup", name = "Bot", subclass)]
#[derive(Debug)]
pub(crate) struct PyBot {
    engine: Engine,
    seed: u64,
}

/// The error for a seat that may not act now (`None`: it may).
fn cannot_act(py: Python<'_>, actor: Actor, seat: Seat) -> Option<PyErr> {
    let (reason, why) = match actor {
        _ if actor.includes(seat) => return None,
        Actor::Chance => ("chance_pending", "a chance step is pending".to_owned()),
        Actor::Seat(other) => ("not_your_turn", format!("it is seat {other}'s turn")),
        Actor::Voters(_) => ("already_voted", "it has voted already".to_owned()),
        Actor::Nobody => ("game_over", "the game is over".to_owned()),
    };
    let message = format!("seat {seat} may not act now: {why}");
    Some(errors::cannot_act(
        py,
        message,
        Some(seat.index() as i64),
        reason,
    ))
}

impl PyBot {
    /// A bot whose engine `make` builds from the generator of `seed` (`None`: a seed
    /// from the operating system).
    fn new(seed: Option<&Bound<'_, PyAny>>, make: impl FnOnce(Rng) -> Engine) -> PyResult<PyBot> {
        let seed = match seed.filter(|s| !s.is_none()) {
            Some(obj) => seed_arg(obj)?,
            None => random::os_seed(),
        };
        let engine = make(random::rng_from_seed(seed));
        Ok(PyBot { engine, seed })
    }

    /// The bot's action for `view.seat`, from `view` alone. The search runs with the GIL
    /// released; the bot's generator is left as it was when the seat may not act.
    fn decide(&mut self, py: Python<'_>, view: PlayerView) -> PyResult<usize> {
        if let Some(err) = cannot_act(py, view.public.actor, view.seat) {
            return Err(err);
        }
        let searches = matches!(self.engine, Engine::Ismcts(..));
        let bot = self.engine.bot();
        let action = if searches {
            py.detach(|| bot.choose(&view))
        } else {
            bot.choose(&view)
        };
        match action {
            Some(action) if view.legal_mask() >> action.index() & 1 == 1 => Ok(action.index()),
            other => Err(PyRuntimeError::new_err(format!(
                "internal error (kingup bug): the {} bot chose {other:?} for seat {}",
                self.engine.name(),
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
            PyTypeError::new_err(format!(
                "game must be a kingup.Game, not {}",
                type_name(game)
            ))
        })?;
        let state = *game
            .try_borrow()
            .map_err(|e| PyRuntimeError::new_err(format!("the game is in use: {e}")))?
            .state();
        let seat = match seat.filter(|s| !s.is_none()) {
            Some(obj) => seat_arg(obj, state.players())?,
            None => match random::next_seat(&state) {
                Some(seat) => seat,
                None => {
                    let (reason, why) = if state.is_over() {
                        ("game_over", "the game is over")
                    } else {
                        ("chance_pending", "a chance step is pending")
                    };
                    let message = format!("no seat may act now: {why}");
                    return Err(errors::cannot_act(py, message, None, reason));
                }
            },
        };
        self.decide(py, state.player_view(seat))
    }

    /// The action this bot plays for the viewer of `view` (a `kingup.PlayerView`).
    fn choose_view(&mut self, py: Python<'_>, view: &Bound<'_, PyAny>) -> PyResult<usize> {
        let view = view.cast::<PyPlayerView>().map_err(|_| {
            PyTypeError::new_err(format!(
                "view must be a kingup.PlayerView, not {}",
                type_name(view)
            ))
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
        self.engine.name()
    }

    fn __repr__(&self) -> String {
        match &self.engine {
            Engine::Ismcts(_, config) => format!(
                "<kingup.bots.IsmctsBot: seed {}, {} iterations>",
                self.seed, config.iterations
            ),
            Engine::Random(_) => format!("<kingup.bots.RandomBot: seed {}>", self.seed),
            Engine::Heuristic(_) => format!("<kingup.bots.HeuristicBot: seed {}>", self.seed),
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
    fn new(seed: Option<&Bound<'_, PyAny>>) -> PyResult<PyClassInitializer<PyRandomBot>> {
        let base = PyBot::new(seed, |rng| Engine::Random(RandomBot::new(rng)))?;
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
    fn new(seed: Option<&Bound<'_, PyAny>>) -> PyResult<PyClassInitializer<PyHeuristicBot>> {
        let base = PyBot::new(seed, |rng| Engine::Heuristic(HeuristicBot::new(rng)))?;
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
        let mut config = IsmctsConfig::default();
        if let Some(obj) = iterations {
            let n = int_arg(obj, "iterations")?;
            config.iterations = u32::try_from(n)
                .ok()
                .filter(|n| (1..=MAX_ITERATIONS).contains(n))
                .ok_or_else(|| {
                    errors::invalid_config(
                        py,
                        format!("iterations must be 1 to {MAX_ITERATIONS}, not {n}"),
                    )
                })?;
        }
        if let Some(c) = exploration {
            if !(c.is_finite() && c >= 0.0) {
                let message = format!("exploration must be a finite number >= 0, not {c}");
                return Err(errors::invalid_config(py, message));
            }
            config.exploration = c;
        }
        if let Some(obj) = rollout {
            config.rollout = match str_arg(obj, "rollout")?.as_str() {
                "heuristic" => Rollout::Heuristic,
                "random" => Rollout::Random,
                other => {
                    let message =
                        format!("rollout must be \"heuristic\" or \"random\", not {other:?}");
                    return Err(errors::invalid_config(py, message));
                }
            };
        }
        if let Some(seconds) = time_limit {
            let limit = Duration::try_from_secs_f64(seconds)
                .ok()
                .filter(|d| !d.is_zero())
                .ok_or_else(|| {
                    let message =
                        format!("time_limit must be a number of seconds > 0, not {seconds}");
                    errors::invalid_config(py, message)
                })?;
            config.time_limit = Some(limit);
        }
        let base = PyBot::new(seed, |rng| {
            Engine::Ismcts(IsmctsBot::new(rng, config), config)
        })?;
        Ok(PyClassInitializer::from(base).add_subclass(PyIsmctsBot))
    }

    /// Search iterations per decision.
    #[getter]
    fn iterations(slf: PyRef<'_, Self>) -> u32 {
        ismcts_config(&slf).iterations
    }

    /// The UCB exploration constant.
    #[getter]
    fn exploration(slf: PyRef<'_, Self>) -> f64 {
        ismcts_config(&slf).exploration
    }

    /// `"heuristic"` or `"random"`: how the round is played out below the tree.
    #[getter]
    fn rollout(slf: PyRef<'_, Self>) -> &'static str {
        match ismcts_config(&slf).rollout {
            Rollout::Heuristic => "heuristic",
            Rollout::Random => "random",
        }
    }

    /// The time limit per decision in seconds, if any.
    #[getter]
    fn time_limit(slf: PyRef<'_, Self>) -> Option<f64> {
        ismcts_config(&slf).time_limit.map(|d| d.as_secs_f64())
    }
}

/// The search settings of an `IsmctsBot`.
fn ismcts_config(slf: &PyRef<'_, PyIsmctsBot>) -> IsmctsConfig {
    match &slf.as_super().engine {
        Engine::Ismcts(_, config) => *config,
        // An IsmctsBot is only ever made with the ISMCTS engine.
        _ => IsmctsConfig::default(),
    }
}
