//! `kingup.Game`: the table's session of King Up! ([`Shell`]) as the Python class every
//! game shares ([`game_class!`]), plus what only King Up! has: rounds and setup, the
//! castle's vote, the views and information-set sampling.

use kingup_core::{Actor, ChanceStep, Config, Game};
use pyo3::prelude::*;

use crate::config::ConfigArgs;
use crate::convert::{self, seat_list, seat_or_none, seed_or_os};
use crate::errors;
use crate::event::PyEvent;
use crate::shell::{PyRules, Shell, game_class};
use crate::view::{PyPlayerView, PyPublicView};

impl PyRules for Game {
    const ILLEGAL_ACTION_ERROR: &'static str = "IllegalActionError";
    type PyEvent = PyEvent;

    fn py_event(event: kingup_core::Event) -> PyEvent {
        PyEvent(event)
    }
}

/// The Python `kingup.ChanceStep` describing `step`.
fn chance_step_value<'py>(py: Python<'py>, step: ChanceStep) -> PyResult<Bound<'py, PyAny>> {
    let (kind, seat, character) = match step {
        ChanceStep::FirstPlayer => ("first_player", None, None),
        ChanceStep::Deal(seat) => ("deal", Some(seat.index()), None),
        ChanceStep::Layout(c) => ("layout", None, Some(convert::character(py, c)?)),
    };
    let class = py.import("kingup._types")?.getattr("ChanceStep")?;
    class.call1((kind, seat, character, step.to_string()))
}

game_class! {
    /// A game of King Up! as the table's `Session` holds it: the full state (every secret
    /// included), every step since the start, the event log and the generator chance and
    /// random play draw from. Equal games have the same config, steps, chance mode and
    /// generator state.
    PyGame(Game), module = "kingup._kingup", {
        #[new]
        #[pyo3(signature = (players=None, seed=None, rounds=None, setup=None, first_player=None, deck=None, chance=None))]
        #[allow(clippy::too_many_arguments)] // the keyword arguments of `kingup.Game(...)`
        fn new(
            py: Python<'_>,
            players: Option<&Bound<'_, PyAny>>,
            seed: Option<&Bound<'_, PyAny>>,
            rounds: Option<&Bound<'_, PyAny>>,
            setup: Option<&Bound<'_, PyAny>>,
            first_player: Option<&Bound<'_, PyAny>>,
            deck: Option<&Bound<'_, PyAny>>,
            chance: Option<&Bound<'_, PyAny>>,
        ) -> PyResult<PyGame> {
            let config = ConfigArgs {
                players,
                rounds,
                setup,
                first_player,
                deck,
            }
            .build(py)?;
            let refused = |e: kingup_core::ConfigError| errors::invalid_config(py, e.to_string());
            Ok(PyGame(Shell::start(config, seed, chance, refused)?))
        }

        /// Number of rounds (3, or 1 in the quick variant).
        #[getter]
        fn rounds(&self, py: Python<'_>) -> PyResult<u8> {
            self.0.with_game(py, |g| g.config().rounds)
        }

        /// `"placement"` or `"random"`.
        #[getter]
        fn setup(&self, py: Python<'_>) -> PyResult<&'static str> {
            self.0.with_game(py, |g| setup_name(g.config()))
        }

        /// The current round index, from 0.
        #[getter]
        fn round(&self, py: Python<'_>) -> PyResult<u8> {
            self.0.with_game(py, Game::round)
        }

        /// The current phase.
        #[getter]
        fn phase<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
            let phase = self.0.with_game(py, Game::phase)?;
            convert::phase(py, phase)
        }

        /// The seats still to vote (empty outside a vote).
        #[getter]
        fn voters(&self, py: Python<'_>) -> PyResult<Vec<usize>> {
            self.0.with_game(py, |g| match g.actor() {
                Actor::Voters(seats) => seat_list(seats),
                _ => Vec::new(),
            })
        }

        /// The seat holding the crown.
        #[getter]
        fn crown(&self, py: Python<'_>) -> PyResult<Option<usize>> {
            self.0.with_game(py, |g| seat_or_none(g.crown()))
        }

        /// The character being voted on, during a vote.
        #[getter]
        fn candidate<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
            let candidate = self.0.with_game(py, Game::candidate)?;
            candidate.map(|c| convert::character(py, c)).transpose()
        }

        /// The King of the current round once crowned (the round is then scored); `None`
        /// before, and during a vote.
        #[getter]
        fn king<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
            let king = self.0.with_game(py, Game::king)?;
            king.map(|c| convert::character(py, c)).transpose()
        }

        /// The current round's first player (`None` before round 1's draw).
        #[getter]
        fn first_player(&self, py: Python<'_>) -> PyResult<Option<usize>> {
            self.0.with_game(py, |g| seat_or_none(g.first_player()))
        }

        /// Points per seat of each round scored so far, one list per round.
        #[getter]
        fn scores(&self, py: Python<'_>) -> PyResult<Vec<Vec<u16>>> {
            self.0.with_game(py, |g| convert::score_rows(g.scores(), g.players()))
        }

        /// Total points per seat so far.
        #[getter]
        fn totals(&self, py: Python<'_>) -> PyResult<Vec<u16>> {
            self.0.with_game(py, |g| g.totals().to_vec())
        }

        /// The pending chance step as a `kingup.ChanceStep` (`kind`, `seat`, `character`,
        /// `str()` the core's description), else `None`.
        #[getter]
        fn chance_step<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
            let step = self.0.with_game(py, Game::chance_step)?;
            step.map(|s| chance_step_value(py, s)).transpose()
        }

        /// What `seat` knows: the public view plus its own objective and vote.
        fn view(&self, py: Python<'_>, seat: &Bound<'_, PyAny>) -> PyResult<PyPlayerView> {
            let seat = self.0.seat_of(seat)?;
            let view = self.0.with(py, |s| s.player_view(seat))?;
            Ok(PyPlayerView::new(view))
        }

        /// What everybody knows: a spectator's view.
        fn public_view(&self, py: Python<'_>) -> PyResult<PyPublicView> {
            Ok(PyPublicView::new(self.0.with_game(py, Game::public_view)?))
        }

        /// A game drawn uniformly among those consistent with what `seat` knows
        /// (information-set sampling): this game's steps with the other seats' hidden deals
        /// and pending votes replaced by sampled ones, so it has the same public history and
        /// is itself a replay. Same chance mode; its generator is `seed`'s (`None`: from the
        /// operating system), which also draws the sample.
        #[pyo3(signature = (seat, seed=None))]
        fn sample(
            &self,
            py: Python<'_>,
            seat: &Bound<'_, PyAny>,
            seed: Option<&Bound<'_, PyAny>>,
        ) -> PyResult<PyGame> {
            let seat = self.0.seat_of(seat)?;
            let seed = seed_or_os(seed)?;
            self.0.with(py, |s| s.sample(seat, seed))?
                .map(|s| PyGame(Shell::new(s)))
                .map_err(|e| errors::invalid_state(py, format!("no game fits this view: {e}")))
        }

        fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
            self.0.with_game(py, |g| {
                let who = match g.actor() {
                    Actor::Chance => "chance to move".to_owned(),
                    Actor::Seat(seat) => format!("seat {seat} to move"),
                    Actor::Voters(seats) => format!("seats {seats} to vote"),
                    Actor::Nobody => format!("over, winners {}", g.winners().unwrap_or_default()),
                };
                format!(
                    "<kingup.Game: {} players, round {}/{}, {} phase, {who}>",
                    g.players(),
                    g.round() + 1,
                    g.config().rounds,
                    g.phase()
                )
            })
        }

        /// The spectator's summary of the game.
        fn __str__(&self, py: Python<'_>) -> PyResult<String> {
            self.0.with_game(py, |g| g.public_view().to_string())
        }
    }
}

/// `"placement"` or `"random"`.
pub(crate) fn setup_name(config: &Config) -> &'static str {
    match config.setup {
        kingup_core::Setup::Placement => "placement",
        kingup_core::Setup::RandomLayout => "random",
    }
}
