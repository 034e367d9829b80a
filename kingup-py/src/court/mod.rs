//! `kingup.court`: To Court the King (`kingup-court`) for Python — the core's `Session` as
//! `kingup.court.Game`, its events, the court bots of `kingup-bots`, and the notation.
//!
//! The classes are added to `kingup._kingup` under `Court…` names (`CourtGame`, …) and
//! named `kingup.court.Game`, … in Python: the pure-Python module `kingup.court` re-exports
//! them, and pickle finds them there.

mod arena;
mod bots;
mod config;
mod event;
mod game;
mod record;
mod simulate;
mod vector_env;
mod view;

use kingup_court::{
    Action, Card, ChanceOutcome, Config, Game, MAX_SAVE_LEN, OBSERVATION_FIELDS, OBSERVATION_LEN,
};
use pyo3::prelude::*;

use crate::notation;

/// The core's sentence for an action index, e.g. `"Philosopher: turn 5-1 into 3-3"`.
#[pyfunction]
#[pyo3(name = "court_action_name")]
fn action_name(index: &Bound<'_, PyAny>) -> PyResult<String> {
    notation::action_name::<Game>(index)
}

/// The core's notation for an action index, e.g. `"keep 4"`, `"buy hunter"`.
#[pyfunction]
#[pyo3(name = "court_action_notation")]
fn action_notation(index: &Bound<'_, PyAny>) -> PyResult<String> {
    notation::action_notation::<Game>(index)
}

/// The action index the core reads in `text` (`"keep 4"`, `"MAID 4>6"`), else
/// `ValueError` quoting the start of the text.
#[pyfunction]
#[pyo3(name = "court_parse_action")]
fn parse_action(text: &Bound<'_, PyAny>) -> PyResult<usize> {
    notation::parse_action::<Game>(text)
}

/// The core's notation for a chance outcome index: `"die 5"`, `"first 2"`.
#[pyfunction]
#[pyo3(name = "court_chance_notation")]
fn chance_notation(index: &Bound<'_, PyAny>) -> PyResult<String> {
    notation::outcome_text::<Game>(index, false)
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
    m.add_function(wrap_pyfunction!(simulate::simulate, m)?)?;
    m.add_function(wrap_pyfunction!(record::record, m)?)?;
    m.add_function(wrap_pyfunction!(arena::arena_part, m)?)?;
    m.add("CourtGame", py.get_type::<game::PyCourtGame>())?;
    crate::fast::install::<game::PyCourtGame>(py)?;
    m.add("CourtEvent", py.get_type::<event::PyCourtEvent>())?;
    m.add("CourtPlayerView", py.get_type::<view::PyCourtView>())?;
    m.add("CourtBot", py.get_type::<bots::PyCourtBot>())?;
    m.add("CourtRandomBot", py.get_type::<bots::PyCourtRandomBot>())?;
    m.add("CourtGreedyBot", py.get_type::<bots::PyCourtGreedyBot>())?;
    m.add("CourtMctsBot", py.get_type::<bots::PyCourtMctsBot>())?;
    m.add(
        "CourtVectorEnv",
        py.get_type::<vector_env::PyCourtVectorEnv>(),
    )?;
    Ok(())
}
