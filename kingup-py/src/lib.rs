//! `kingup._kingup`: the native half of the `kingup` Python package.
//!
//! Everything here is a thin layer over `kingup-core` and `kingup-bots`: argument checking
//! with typed Python exceptions (no panic reaches Python), conversion to Python and NumPy
//! values, `kingup.Game` (a core `Session`), the batched simulator, the bots
//! (`kingup.bots`, built by `BotSpec`), the arena (`kingup.arena`, `kingup_bots::arena`) and the vectorised environment (`kingup.VectorEnv`). The Python half
//! (`python/kingup/`) adds the value types, exceptions and adapters; the stubs are in
//! `python/kingup/_kingup.pyi`.

mod arena;
mod arena_part;
mod bots;
mod config;
mod convert;
mod court;
mod engine;
mod errors;
mod event;
mod fast;
mod game;
mod limits;
mod notation;
mod record;
mod reward;
mod shell;
mod simulate;
mod sync;
mod vector;
mod vector_env;
mod view;

use kingup_bots::IsmctsConfig;
use kingup_core::{
    Action, ChanceOutcome, Config, Deck, Game, MAX_SAVE_LEN, OBSERVATION_FIELDS, OBSERVATION_LEN,
};
use pyo3::prelude::*;

/// The core's sentence for an action index, e.g. `"place Beatrice on Officials (3)"`.
#[pyfunction]
fn action_name(index: &Bound<'_, PyAny>) -> PyResult<String> {
    notation::action_name::<Game>(index)
}

/// The core's notation for an action index, e.g. `"B3"`, `"F"`, `"yes"`.
#[pyfunction]
fn action_notation(index: &Bound<'_, PyAny>) -> PyResult<String> {
    notation::action_notation::<Game>(index)
}

/// The action index the core reads in `text` (`"B4"`, `"f"`, `" yes "`), else
/// `ValueError` quoting the start of the text.
#[pyfunction]
fn parse_action(text: &Bound<'_, PyAny>) -> PyResult<usize> {
    notation::parse_action::<Game>(text)
}

/// The core's sentence for a chance outcome index, e.g. `"dealt card #3"`.
#[pyfunction]
fn chance_outcome_name(index: &Bound<'_, PyAny>) -> PyResult<String> {
    notation::outcome_text::<Game>(index, true)
}

#[pymodule]
fn _kingup(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // The crate's version, which maturin also writes into the package metadata.
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("OBSERVATION_LEN", OBSERVATION_LEN)?;
    m.add("OBSERVATION_FIELDS", OBSERVATION_FIELDS.to_vec())?;
    m.add("NUM_ACTIONS", Action::COUNT)?;
    m.add("NUM_CHANCE_OUTCOMES", ChanceOutcome::COUNT)?;
    // Every limit the package enforces, under one name each: the core's and kingup-bots'
    // own constants, and the binding's (`limits`).
    m.add("MIN_PLAYERS", Config::MIN_PLAYERS)?;
    m.add("MAX_PLAYERS", Config::MAX_PLAYERS)?;
    m.add("MAX_DECK_CARDS", Deck::MAX)?;
    m.add("MAX_SAVE_LEN", MAX_SAVE_LEN)?;
    let reasons = kingup_core::kingup_table::catalogue::<kingup_core::Game>();
    m.add("REASON_CODES", errors::catalogue(m.py(), reasons)?)?;
    m.add("MAX_NAME_CHARS", convert::MAX_NAME_CHARS)?;
    m.add("MAX_ITERATIONS", IsmctsConfig::MAX_ITERATIONS)?;
    m.add("MAX_TIME_LIMIT", IsmctsConfig::MAX_TIME_LIMIT.as_secs_f64())?;
    m.add("MAX_GAMES", limits::MAX_GAMES)?;
    m.add("MAX_THREADS", limits::MAX_THREADS)?;
    m.add("MAX_ENVS", limits::MAX_ENVS)?;
    m.add_function(wrap_pyfunction!(action_name, m)?)?;
    m.add_function(wrap_pyfunction!(action_notation, m)?)?;
    m.add_function(wrap_pyfunction!(parse_action, m)?)?;
    m.add_function(wrap_pyfunction!(chance_outcome_name, m)?)?;
    m.add_function(wrap_pyfunction!(simulate::simulate, m)?)?;
    m.add_function(wrap_pyfunction!(record::record, m)?)?;
    m.add_function(wrap_pyfunction!(arena::arena_part, m)?)?;
    m.add("MAX_DEALS", kingup_bots::ArenaConfig::MAX_DEALS)?;
    m.add("MAX_ENTRANTS", kingup_bots::ArenaConfig::MAX_ENTRANTS)?;
    m.add_class::<game::PyGame>()?;
    fast::install::<game::PyGame>(m.py())?;
    m.add_class::<view::PyPublicView>()?;
    m.add_class::<view::PyPlayerView>()?;
    m.add_class::<event::PyEvent>()?;
    m.add_class::<bots::PyBot>()?;
    m.add_class::<bots::PyRandomBot>()?;
    m.add_class::<bots::PyHeuristicBot>()?;
    m.add_class::<bots::PyIsmctsBot>()?;
    m.add_class::<bots::PyReaderBot>()?;
    m.add_class::<vector_env::PyVectorEnv>()?;
    m.add_class::<arena::PyArenaResults>()?;
    m.add_class::<arena_part::PyArenaPart>()?;
    m.add_class::<arena::PyArenaStanding>()?;
    m.add_class::<arena::PySeatStanding>()?;
    m.add_class::<engine::PyEngine>()?;
    m.add_class::<arena::PyForfeits>()?;
    m.add("MAX_ENGINE_TIME", engine::MAX_ENGINE_TIME)?;
    court::register(m)?;
    Ok(())
}
