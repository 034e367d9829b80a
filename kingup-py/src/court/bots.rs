//! `kingup.court.RandomBot` and `kingup.court.GreedyBot`: the court bots of `kingup-bots`.
//!
//! The game has no hidden information, so a court bot decides from the whole game. A bot
//! sits behind a `Mutex` (see `sync`): shared between threads, it decides for one caller at
//! a time.

use std::sync::Mutex;

use kingup_bots::Bot;
use kingup_bots::court::{GreedyBot, RandomBot};
use kingup_court::PlayerView as CourtView;
use kingup_court::{Game, Generator};
use pyo3::PyClassInitializer;
use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::prelude::*;

use super::game::PyCourtGame;
use crate::convert::{seed_or_os, type_name};
use crate::errors;
use crate::sync;

/// The base class of the court bots: `choose(game, seat=None)`.
#[pyclass(module = "kingup.court", name = "Bot", subclass, frozen)]
pub(crate) struct PyCourtBot {
    bot: Mutex<Box<dyn Bot<CourtView> + Send>>,
    seed: Option<u64>,
}

impl PyCourtBot {
    fn new(bot: Box<dyn Bot<CourtView> + Send>, seed: Option<u64>) -> PyCourtBot {
        PyCourtBot {
            bot: Mutex::new(bot),
            seed,
        }
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
        let action = sync::lock(py, &self.bot)?.choose(&view);
        match action {
            Some(action) if state.is_legal(seat, action) => Ok(action.index()),
            other => Err(PyRuntimeError::new_err(format!(
                "internal error (kingup bug): the court bot chose {other:?} for seat {seat}"
            ))),
        }
    }

    /// The seed the bot draws from (`None` for a bot that draws nothing: the greedy one).
    #[getter]
    fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// `"random"` or `"greedy"`.
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
        let bot = Box::new(RandomBot::new(Generator::new(seed)));
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
        PyClassInitializer::from(PyCourtBot::new(Box::new(GreedyBot::new()), None))
            .add_subclass(PyCourtGreedyBot)
    }
}
