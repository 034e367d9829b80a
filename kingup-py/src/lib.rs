//! `kingup._kingup`: the native half of the `kingup` Python package.
//!
//! Everything here is a thin layer over `kingup-core`: argument checking with typed Python
//! exceptions (no panic reaches Python), conversion to Python and NumPy values, the
//! seed-driven chance of `kingup.Game`, the batched simulator, the bots (`kingup.bots`)
//! and the vectorised environment (`kingup.VectorEnv`). The Python half
//! (`python/kingup/`) adds the value types, exceptions and adapters; the stubs are in
//! `python/kingup/_kingup.pyi`.

mod bots;
mod config;
mod convert;
mod errors;
mod event;
mod game;
mod random;
mod simulate;
mod vector;
mod view;

use kingup_core::{Action, ChanceOutcome, OBSERVATION_FIELDS, OBSERVATION_LEN};
use pyo3::prelude::*;

/// The engine's readable name of an action index, e.g. `"climb Piero"`.
#[pyfunction]
fn action_name(index: &Bound<'_, PyAny>) -> PyResult<String> {
    let i = convert::index_in(index, "action index", Action::COUNT)?;
    Ok(Action::from_index(i).map_or_else(|e| e.to_string(), |a| a.to_string()))
}

/// The engine's readable name of a chance outcome index, e.g. `"dealt card 3"`.
#[pyfunction]
fn chance_outcome_name(index: &Bound<'_, PyAny>) -> PyResult<String> {
    let i = convert::index_in(index, "chance outcome index", ChanceOutcome::COUNT)?;
    Ok(ChanceOutcome::from_index(i).map_or_else(String::new, |o| o.to_string()))
}

#[pymodule]
fn _kingup(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("OBSERVATION_LEN", OBSERVATION_LEN)?;
    m.add("OBSERVATION_FIELDS", OBSERVATION_FIELDS.to_vec())?;
    m.add("NUM_ACTIONS", Action::COUNT)?;
    m.add("NUM_CHANCE_OUTCOMES", ChanceOutcome::COUNT)?;
    m.add_function(wrap_pyfunction!(action_name, m)?)?;
    m.add_function(wrap_pyfunction!(chance_outcome_name, m)?)?;
    m.add_function(wrap_pyfunction!(simulate::simulate, m)?)?;
    m.add_function(wrap_pyfunction!(random::reference_playout, m)?)?;
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
