//! `kingup.court.RandomBot`, `GreedyBot` and `MctsBot`: the court bots of `kingup-bots`.
//!
//! The game has no hidden information, so a court bot decides from the whole game. A bot
//! sits behind a `Mutex` (see `sync`): shared between threads, it decides for one caller at
//! a time. The tree search runs with the GIL released and hears Ctrl-C (`bots::search`).
//!
//! A bot pickles (`__reduce__`) as a JSON state document: its kind, settings, seed and
//! generator state (the search keeps no tree between decisions), read back by
//! `Bot._restore`. The generator state predicts the bot's draws: the document is its
//! owner's.

use std::sync::Mutex;

use kingup_bots::Bot;
use kingup_bots::court::{AnyBot, BotKind, GreedyBot, MctsBot, MctsConfig, RandomBot};
use kingup_court::{Game, Generator};
use pyo3::PyClassInitializer;
use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::prelude::*;

use super::game::PyCourtGame;
use crate::convert::{self, float_arg, given, seed_or_os, type_name};
use crate::errors;
use crate::sync;

/// The base class of the court bots: `choose(game, seat=None)`.
#[pyclass(module = "kingup.court", name = "Bot", subclass, frozen)]
pub(crate) struct PyCourtBot {
    bot: Mutex<AnyBot>,
    seed: Option<u64>,
}

/// A court bot's pickled state (`Bot.__reduce__`, `Bot._restore`).
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct BotState {
    kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    /// The generator state, 64 hexadecimal digits (not for the greedy bot).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    generator: Option<String>,
    /// The search bot's settings.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    iterations: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    exploration: Option<f64>,
}

impl PyCourtBot {
    fn new(bot: AnyBot, seed: Option<u64>) -> PyCourtBot {
        PyCourtBot {
            bot: Mutex::new(bot),
            seed,
        }
    }

    /// The pickled state: see the module's documentation.
    fn state(&self, py: Python<'_>) -> PyResult<String> {
        let bot = sync::lock(py, &self.bot)?;
        let config = match &*bot {
            AnyBot::Mcts(search) => Some(*search.config()),
            _ => None,
        };
        let state = BotState {
            kind: bot.name().to_owned(),
            seed: self.seed,
            generator: bot.generator().map(|g| g.state_hex().to_string()),
            iterations: config.map(|c| c.iterations),
            exploration: config.map(|c| c.exploration),
        };
        convert::to_json(&state)
    }

    /// The bot of a pickled state, checked: an `InvalidStateError` for anything a pickle
    /// of a court bot could not hold.
    fn restore(py: Python<'_>, text: &str) -> PyResult<(BotKind, PyCourtBot)> {
        let state: BotState = convert::from_json(py, text, "court bot state")?;
        let bad = |message: String| {
            errors::invalid_state(py, format!("invalid court bot state: {message}"))
        };
        let kind = state
            .kind
            .parse::<BotKind>()
            .map_err(|e| bad(e.to_string()))?;
        let searches = kind == BotKind::Mcts;
        if state.iterations.is_some() != searches || state.exploration.is_some() != searches {
            return Err(bad(format!(
                "only the mcts bot has search settings, and it needs both (kind {kind})"
            )));
        }
        let draws = kind != BotKind::Greedy;
        if state.seed.is_some() != draws || state.generator.is_some() != draws {
            return Err(bad(format!(
                "the random and mcts bots have a seed and a generator, the greedy bot neither (kind {kind})"
            )));
        }
        let generator = match &state.generator {
            Some(hex) => Some(Generator::from_hex(hex).map_err(|e| bad(e.to_string()))?),
            None => None,
        };
        let mut bot = match kind {
            BotKind::Greedy => AnyBot::Greedy(GreedyBot::new()),
            BotKind::Random => AnyBot::Random(RandomBot::new(Generator::new(0))),
            BotKind::Mcts => {
                let mut config = MctsConfig::new();
                config.iterations = state.iterations.unwrap_or(config.iterations);
                config.exploration = state.exploration.unwrap_or(config.exploration);
                config.validate().map_err(|e| bad(e.to_string()))?;
                AnyBot::Mcts(MctsBot::with_config(Generator::new(0), config))
            }
        };
        if let (Some(slot), Some(generator)) = (bot.generator_mut(), generator) {
            *slot = generator;
        }
        Ok((kind, PyCourtBot::new(bot, state.seed)))
    }
}

#[pymethods]
impl PyCourtBot {
    /// The bot's action for `seat` (default: the seat to move) in `game`, a legal action
    /// index. Raises `CourtIllegalActionError` (`action` `None`) when that seat may not
    /// act now; the bot is then left as it was.
    #[pyo3(signature = (game, seat=None))]
    fn choose(
        &self,
        py: Python<'_>,
        game: &Bound<'_, PyAny>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<usize> {
        let game = game.cast::<PyCourtGame>().map_err(|_| {
            PyTypeError::new_err(format!(
                "game must be a kingup.court.Game, not {}",
                type_name(game)
            ))
        })?;
        let view = game.get().0.view_for(py, seat)?;
        let (state, seat) = (view.game, view.seat);
        if let Err(reason) = state.check_turn(seat) {
            let message = format!("seat {seat} may not act now: {reason}");
            let at = Some(seat.index() as i64);
            return Err(errors::cannot_act::<Game>(py, message, at, reason.code()));
        }
        let mut bot = sync::lock(py, &self.bot)?;
        let action = match &mut *bot {
            AnyBot::Mcts(_) => crate::bots::search(py, &mut *bot, view)?,
            // Microseconds: no reason to release the GIL.
            other => other.choose(&view),
        };
        match action {
            Some(action) if state.is_legal(seat, action) => Ok(action.index()),
            other => Err(PyRuntimeError::new_err(format!(
                "internal error (kingup bug): the court bot chose {other:?} for seat {seat}"
            ))),
        }
    }

    /// Pickles as the bot's state document, read back by `Bot._restore`.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let restore = py.get_type::<PyCourtBot>().getattr("_restore")?;
        Ok((restore, (self.state(py)?,)))
    }

    /// The bot of a pickled state (`__reduce__`), of its kind's class; `InvalidStateError`
    /// for a malformed or edited state.
    #[staticmethod]
    fn _restore(py: Python<'_>, state: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let text = convert::json_arg(state)?;
        let (kind, base) = PyCourtBot::restore(py, &text)?;
        let init = PyClassInitializer::from(base);
        Ok(match kind {
            BotKind::Greedy => Bound::new(py, init.add_subclass(PyCourtGreedyBot))?.into_any(),
            BotKind::Random => Bound::new(py, init.add_subclass(PyCourtRandomBot))?.into_any(),
            BotKind::Mcts => Bound::new(py, init.add_subclass(PyCourtMctsBot))?.into_any(),
        }
        .unbind())
    }

    /// The seed the bot draws from (`None` for a bot that draws nothing: the greedy one).
    #[getter]
    fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// `"random"`, `"greedy"` or `"mcts"`.
    #[getter]
    fn name(&self, py: Python<'_>) -> PyResult<String> {
        Ok(sync::lock(py, &self.bot)?.name().to_owned())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let name = self.name(py)?;
        Ok(match self.seed {
            Some(seed) => format!("<kingup.court bot {name}, seed {seed}>"),
            None => format!("<kingup.court bot {name}>"),
        })
    }
}

/// Picks uniformly among the legal actions, drawing from the generator of `seed`
/// (`None`: a seed from the operating system).
#[pyclass(module = "kingup.court", name = "RandomBot", extends = PyCourtBot, frozen)]
pub(crate) struct PyCourtRandomBot;

#[pymethods]
impl PyCourtRandomBot {
    #[new]
    #[pyo3(signature = (seed=None))]
    fn new(seed: Option<&Bound<'_, PyAny>>) -> PyResult<PyClassInitializer<Self>> {
        let seed = seed_or_os(seed)?;
        let bot = AnyBot::Random(RandomBot::new(Generator::new(seed)));
        Ok(PyClassInitializer::from(PyCourtBot::new(bot, Some(seed)))
            .add_subclass(PyCourtRandomBot))
    }
}

/// `kingup-bots`' greedy court player: the strongest card its result pays for, dice played
/// toward one face. Deterministic.
#[pyclass(module = "kingup.court", name = "GreedyBot", extends = PyCourtBot, frozen)]
pub(crate) struct PyCourtGreedyBot;

#[pymethods]
impl PyCourtGreedyBot {
    #[new]
    fn new() -> PyClassInitializer<Self> {
        PyClassInitializer::from(PyCourtBot::new(AnyBot::Greedy(GreedyBot::new()), None))
            .add_subclass(PyCourtGreedyBot)
    }
}

/// `kingup-bots`' Monte Carlo tree search for court: open-loop UCT with the dice sampled
/// anew each iteration and greedy rollouts, `iterations` a decision (default 200),
/// exploration constant `exploration` (default 0.7), drawing from the generator of `seed`.
#[pyclass(module = "kingup.court", name = "MctsBot", extends = PyCourtBot, frozen)]
pub(crate) struct PyCourtMctsBot;

#[pymethods]
impl PyCourtMctsBot {
    #[new]
    #[pyo3(signature = (seed=None, iterations=None, exploration=None))]
    fn new(
        py: Python<'_>,
        seed: Option<&Bound<'_, PyAny>>,
        iterations: Option<&Bound<'_, PyAny>>,
        exploration: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyClassInitializer<Self>> {
        let mut config = MctsConfig::new();
        if let Some(obj) = given(iterations) {
            config.iterations = crate::bots::iterations_arg(obj)?;
        }
        if let Some(obj) = given(exploration) {
            config.exploration = float_arg(obj, "exploration")?;
        }
        config
            .validate()
            .map_err(|e| crate::bots::bot_error(py, &e))?;
        let seed = seed_or_os(seed)?;
        let bot = AnyBot::Mcts(MctsBot::with_config(Generator::new(seed), config));
        Ok(PyClassInitializer::from(PyCourtBot::new(bot, Some(seed))).add_subclass(PyCourtMctsBot))
    }

    /// Search iterations per decision.
    #[getter]
    fn iterations(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<u32> {
        Ok(mcts_config(slf.as_super(), py)?.iterations)
    }

    /// The UCB exploration constant.
    #[getter]
    fn exploration(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<f64> {
        Ok(mcts_config(slf.as_super(), py)?.exploration)
    }
}

/// The settings of the search bot `bot`.
fn mcts_config(bot: &PyCourtBot, py: Python<'_>) -> PyResult<MctsConfig> {
    match &*sync::lock(py, &bot.bot)? {
        AnyBot::Mcts(search) => Ok(*search.config()),
        _ => Err(PyRuntimeError::new_err(
            "internal error (kingup bug): not a search bot",
        )),
    }
}
