//! `kingup._kingup`: the native half of the `kingup` Python package.
//!
//! Everything here is a thin layer over `kingup-core` and `kingup-bots`: argument checking
//! with typed Python exceptions (no panic reaches Python), conversion to Python and NumPy
//! values, `kingup.Game` (a core `Session`), the batched simulator, the bots
//! (`kingup.bots`, built by `BotSpec`) and the vectorised environment (`kingup.VectorEnv`). The Python half
//! (`python/kingup/`) adds the value types, exceptions and adapters; the stubs are in
//! `python/kingup/_kingup.pyi`.

mod bots;
mod config;
mod convert;
mod errors;
mod event;
mod game;
mod simulate;
mod vector;
mod view;

use kingup_core::{Action, ChanceOutcome, OBSERVATION_FIELDS, OBSERVATION_LEN};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The action with dense index `index`, else `ValueError`.
fn action_arg(index: &Bound<'_, PyAny>) -> PyResult<Action> {
    let i = convert::index_in(index, "action index", Action::COUNT)?;
    Action::from_index(i).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The core's sentence for an action index, e.g. `"place Beatrice on Officials (3)"`.
#[pyfunction]
fn action_name(index: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(format!("{:#}", action_arg(index)?))
}

/// The core's notation for an action index, e.g. `"B3"`, `"F"`, `"yes"`.
#[pyfunction]
fn action_notation(index: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(action_arg(index)?.to_string())
}

/// The action index the core reads in `text` (`"B4"`, `"f"`, `" yes "`), else
/// `ValueError` quoting at most 32 characters of the text.
#[pyfunction]
fn parse_action(text: &Bound<'_, PyAny>) -> PyResult<usize> {
    let text = config::str_arg(text, "an action")?;
    text.parse::<Action>().map(Action::index).map_err(|e| {
        let shown: String = text.chars().take(32).collect();
        PyValueError::new_err(format!("{shown:?} is {e}"))
    })
}

/// The core's sentence for a chance outcome index, e.g. `"dealt card #3"`.
#[pyfunction]
fn chance_outcome_name(index: &Bound<'_, PyAny>) -> PyResult<String> {
    let i = convert::index_in(index, "chance outcome index", ChanceOutcome::COUNT)?;
    Ok(ChanceOutcome::from_index(i).map_or_else(String::new, |o| format!("{o:#}")))
}

#[pymodule]
fn _kingup(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("OBSERVATION_LEN", OBSERVATION_LEN)?;
    m.add("OBSERVATION_FIELDS", OBSERVATION_FIELDS.to_vec())?;
    m.add("NUM_ACTIONS", Action::COUNT)?;
    m.add("NUM_CHANCE_OUTCOMES", ChanceOutcome::COUNT)?;
    m.add_function(wrap_pyfunction!(action_name, m)?)?;
    m.add_function(wrap_pyfunction!(action_notation, m)?)?;
    m.add_function(wrap_pyfunction!(parse_action, m)?)?;
    m.add_function(wrap_pyfunction!(chance_outcome_name, m)?)?;
    m.add_function(wrap_pyfunction!(simulate::simulate, m)?)?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<view::PyPublicView>()?;
    m.add_class::<view::PyPlayerView>()?;
    m.add_class::<event::PyEvent>()?;
    m.add_class::<bots::PyBot>()?;
    m.add_class::<bots::PyRandomBot>()?;
    m.add_class::<bots::PyHeuristicBot>()?;
    m.add_class::<bots::PyIsmctsBot>()?;
    m.add_class::<vector::PyVectorEnv>()?;
    Ok(())
}
