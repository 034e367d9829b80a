//! `kingup.court.dataset.record`: court games between built-in bots, on the recorder of
//! `kingup.dataset.record` (`record::RecordArgs`).

use kingup_court::Game;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::config::{CourtConfigArgs, FlagArg};
use crate::record::RecordArgs;

/// Records To Court the King games between built-in bots (see
/// `kingup.court.dataset.record`). Without `max_rounds`, games are bounded as the arena's
/// are (`Config::SIMULATION_ROUNDS`).
#[pyfunction]
#[pyo3(name = "court_record")]
#[pyo3(signature = (first, games, bots, *, seed, rotate=false, reward=None, threads=None, players=None, first_player=None, unlimited_jesters=FlagArg::Unset, preroll_abilities=FlagArg::Unset, max_rounds=None))]
#[allow(clippy::too_many_arguments)] // the keyword arguments of `kingup.court.dataset.record(...)`
pub(crate) fn record<'py>(
    py: Python<'py>,
    first: &Bound<'py, PyAny>,
    games: &Bound<'py, PyAny>,
    bots: &Bound<'py, PyAny>,
    seed: &Bound<'py, PyAny>,
    rotate: bool,
    reward: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    players: Option<&Bound<'py, PyAny>>,
    first_player: Option<&Bound<'py, PyAny>>,
    unlimited_jesters: FlagArg<'py>,
    preroll_abilities: FlagArg<'py>,
    max_rounds: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let config = CourtConfigArgs {
        players,
        first_player,
        unlimited_jesters: &unlimited_jesters,
        preroll_abilities: &preroll_abilities,
        max_rounds,
    }
    .build_bounded(py)?;
    let args = RecordArgs {
        first,
        games,
        bots,
        rotate,
        seed,
        reward,
        threads,
    };
    args.record::<Game>(py, config)
}
