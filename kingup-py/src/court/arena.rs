//! `kingup.court.arena`: the arena of `kingup.arena` (`crate::arena`) for court's bots.

use kingup_bots::court::BotKind;
use kingup_court::{Config, Game};
use pyo3::prelude::*;

use super::config::{CourtConfigArgs, FlagArg};
use super::view::PyCourtView;
use crate::arena::{ArenaArgs, ArenaGame};
use crate::arena_part::PyArenaPart;
use crate::convert::{given, name_arg};
use crate::errors;

impl ArenaGame for Game {
    type Spec = BotKind;

    /// `"greedy"`, `"random"` or `"mcts"`.
    fn spec_arg(obj: &Bound<'_, PyAny>) -> PyResult<BotKind> {
        let text = name_arg(obj, "a bot's name")?;
        text.parse::<BotKind>()
            .map_err(|e| errors::invalid_config(obj.py(), e.to_string()))
    }

    fn label(kind: &BotKind) -> String {
        kind.name().to_owned()
    }

    fn spec_text(kind: &BotKind) -> String {
        kind.name().to_owned()
    }

    fn filler() -> BotKind {
        BotKind::Random
    }

    /// The seat's `kingup.court.PlayerView`.
    fn py_view(py: Python<'_>, view: &kingup_court::PlayerView) -> PyResult<Py<PyAny>> {
        Py::new(py, PyCourtView(*view)).map(Py::into_any)
    }
}

/// Plays the deals `start..stop` (by default all) of an arena between court bots: the
/// native half of `kingup.court.arena`, a part for `ArenaResults.join`.
#[pyfunction]
#[pyo3(name = "court_arena_part")]
#[pyo3(signature = (entrants, *, start=None, stop=None, players=None, deals=None, seed=None, threads=None, max_rounds=None, unlimited_jesters=FlagArg::Unset, preroll_abilities=FlagArg::Unset))]
#[allow(clippy::too_many_arguments)] // the keyword arguments of `kingup.court.arena(...)`
pub(crate) fn arena_part(
    py: Python<'_>,
    entrants: &Bound<'_, PyAny>,
    start: Option<&Bound<'_, PyAny>>,
    stop: Option<&Bound<'_, PyAny>>,
    players: Option<&Bound<'_, PyAny>>,
    deals: Option<&Bound<'_, PyAny>>,
    seed: Option<&Bound<'_, PyAny>>,
    threads: Option<&Bound<'_, PyAny>>,
    max_rounds: Option<&Bound<'_, PyAny>>,
    unlimited_jesters: FlagArg<'_>,
    preroll_abilities: FlagArg<'_>,
) -> PyResult<PyArenaPart> {
    let flags = (&unlimited_jesters, &preroll_abilities);
    let config = config_arg(py, players, max_rounds, flags)?;
    let args = ArenaArgs {
        entrants,
        deals,
        seed,
        threads,
    };
    args.play_part::<Game>(py, config, (start, stop))
}

/// A court arena's config (2 players if not given), played to its end or `max_rounds`.
fn config_arg(
    py: Python<'_>,
    players: Option<&Bound<'_, PyAny>>,
    max_rounds: Option<&Bound<'_, PyAny>>,
    (unlimited_jesters, preroll_abilities): (&FlagArg<'_>, &FlagArg<'_>),
) -> PyResult<Config> {
    let mut config: Config = CourtConfigArgs {
        players,
        first_player: None,
        unlimited_jesters,
        preroll_abilities,
        max_rounds,
    }
    .build_bounded(py)?;
    if given(players).is_none() {
        config.players = 2;
    }
    Ok(config)
}
