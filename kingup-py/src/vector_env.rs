//! `kingup.VectorEnv`: [`vector_class!`] over King Up!, with its config arguments and the
//! views of a seat to act.

use kingup_core::Game;
use pyo3::prelude::*;

use crate::config::ConfigArgs;
use crate::game::setup_name;
use crate::vector::{VectorArgs, vector_class};
use crate::view::PyPlayerView;

vector_class! {
    /// N games of King Up! stepped together (see `kingup.VectorEnv`).
    PyVectorEnv(Game), module = "kingup._kingup", {
        #[new]
        #[pyo3(signature = (num_envs, players=None, seed=None, rounds=None, setup=None, first_player=None, deck=None, reward=None, threads=None, opponents=None, seat=None))]
        #[allow(clippy::too_many_arguments)] // the keyword arguments of `kingup.VectorEnv(...)`
        fn new(
            py: Python<'_>,
            num_envs: &Bound<'_, PyAny>,
            players: Option<&Bound<'_, PyAny>>,
            seed: Option<&Bound<'_, PyAny>>,
            rounds: Option<&Bound<'_, PyAny>>,
            setup: Option<&Bound<'_, PyAny>>,
            first_player: Option<&Bound<'_, PyAny>>,
            deck: Option<&Bound<'_, PyAny>>,
            reward: Option<&Bound<'_, PyAny>>,
            threads: Option<&Bound<'_, PyAny>>,
            opponents: Option<&Bound<'_, PyAny>>,
            seat: Option<&Bound<'_, PyAny>>,
        ) -> PyResult<PyVectorEnv> {
            let config = ConfigArgs {
                players,
                rounds,
                setup,
                first_player,
                deck,
            }
            .build(py)?;
            let args = VectorArgs {
                num_envs,
                seed,
                reward,
                threads,
                opponents,
                seat,
            };
            Ok(PyVectorEnv(args.build::<Game>(py, config)?))
        }

        /// Number of rounds a game lasts.
        #[getter]
        fn rounds(&self) -> u8 {
            self.0.fresh.config().rounds
        }

        /// `"placement"` or `"random"`.
        #[getter]
        fn setup(&self) -> &'static str {
            setup_name(self.0.fresh.config())
        }

        /// What the seat to act in env `index` knows (for a bot's `choose_view`).
        fn view(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<PyPlayerView> {
            self.0
                .with_decision(py, index, |game, seat| PyPlayerView::new(game.player_view(seat)))
        }

        /// What the seat that ended env `index`'s game at the last step knows of that
        /// finished game (its final observation: `.observation()`); `ValueError` if no
        /// game ended there at the last step (`dones[index]` is false).
        fn final_view(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<PyPlayerView> {
            self.0
                .with_ended(py, index, |game, seat| PyPlayerView::new(game.player_view(seat)))
        }

        fn __repr__(&self) -> String {
            let config = self.0.fresh.config();
            format!(
                "<kingup.VectorEnv: {} envs, {} players, {} rounds, {} setup>",
                self.0.num_envs(),
                self.0.fresh.players(),
                config.rounds,
                setup_name(config)
            )
        }
    }
}
