//! `kingup.court`: To Court the King (`kingup-court`) for Python — the core's `Session` as
//! `kingup.court.Game`, its events, the court bots of `kingup-bots`, and the notation.
//!
//! The classes are added to `kingup._kingup` under `Court…` names (`CourtGame`, …) and
//! named `kingup.court.Game`, … in Python: the pure-Python module `kingup.court` re-exports
//! them, and pickle finds them there.

mod bots;
mod config;
mod event;
mod game;

use kingup_court::{
    Action, Card, ChanceOutcome, Config, MAX_SAVE_LEN, OBSERVATION_FIELDS, OBSERVATION_LEN,
    ParseActionError,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::convert;

/// The action with dense index `index` (`0..238`), else `ValueError`.
fn action_arg(index: &Bound<'_, PyAny>) -> PyResult<Action> {
    let i = convert::index_in(index, "action index", Action::COUNT)?;
    Action::from_index(i).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The core's sentence for an action index, e.g. `"Philosopher: turn 5-1 into 3-3"`.
#[pyfunction]
#[pyo3(name = "court_action_name")]
fn action_name(index: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(format!("{:#}", action_arg(index)?))
}

/// The core's notation for an action index, e.g. `"keep 4"`, `"buy hunter"`.
#[pyfunction]
#[pyo3(name = "court_action_notation")]
fn action_notation(index: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(action_arg(index)?.to_string())
}

/// The action index the core reads in `text` (`"keep 4"`, `"MAID 4>6"`), else
/// `ValueError` quoting the start of the text. Longer text than any action is refused
/// unread.
#[pyfunction]
#[pyo3(name = "court_parse_action")]
fn parse_action(text: &Bound<'_, PyAny>) -> PyResult<usize> {
    let text = text.cast::<PyString>().map_err(|_| {
        let message = format!("an action must be a str, not {}", convert::type_name(text));
        PyTypeError::new_err(message)
    })?;
    let parsed = match text.len()? {
        n if n > convert::MAX_NAME_CHARS => Err(ParseActionError),
        _ => text.to_str()?.parse::<Action>(),
    };
    parsed.map(Action::index).map_err(|e| {
        let shown = convert::quote(&text.to_string_lossy());
        PyValueError::new_err(format!("{shown} is {e}"))
    })
}

/// The core's notation for a chance outcome index: `"die 5"`, `"first 2"`.
#[pyfunction]
#[pyo3(name = "court_chance_notation")]
fn chance_notation(index: &Bound<'_, PyAny>) -> PyResult<String> {
    let i = convert::index_in(index, "chance outcome index", ChanceOutcome::COUNT)?;
    Ok(ChanceOutcome::from_index(i).map_or_else(String::new, |o| o.to_string()))
}

/// Adds `kingup.court`'s native half to the module `m`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("COURT_OBSERVATION_LEN", OBSERVATION_LEN)?;
    m.add("COURT_OBSERVATION_FIELDS", OBSERVATION_FIELDS.to_vec())?;
    m.add("COURT_NUM_ACTIONS", Action::COUNT)?;
    m.add("COURT_NUM_CHANCE_OUTCOMES", ChanceOutcome::COUNT)?;
    m.add("COURT_MIN_PLAYERS", Config::MIN_PLAYERS)?;
    m.add("COURT_MAX_PLAYERS", Config::MAX_PLAYERS)?;
    m.add("COURT_SIMULATION_ROUNDS", Config::SIMULATION_ROUNDS)?;
    m.add("COURT_MAX_SAVE_LEN", MAX_SAVE_LEN)?;
    let reasons = kingup_court::kingup_table::catalogue::<kingup_court::Game>();
    m.add("COURT_REASON_CODES", crate::errors::catalogue(py, reasons)?)?;
    m.add("COURT_CARDS", Card::ALL.map(Card::key).to_vec())?;
    m.add_function(wrap_pyfunction!(action_name, m)?)?;
    m.add_function(wrap_pyfunction!(action_notation, m)?)?;
    m.add_function(wrap_pyfunction!(parse_action, m)?)?;
    m.add_function(wrap_pyfunction!(chance_notation, m)?)?;
    m.add("CourtGame", py.get_type::<game::PyCourtGame>())?;
    m.add("CourtEvent", py.get_type::<event::PyCourtEvent>())?;
    m.add("CourtBot", py.get_type::<bots::PyCourtBot>())?;
    m.add("CourtRandomBot", py.get_type::<bots::PyCourtRandomBot>())?;
    m.add("CourtGreedyBot", py.get_type::<bots::PyCourtGreedyBot>())?;
    Ok(())
}
