//! `kingup.court.VectorEnv`: [`vector_class!`] over To Court the King, with its config
//! arguments.

use kingup_court::Game;
use pyo3::prelude::*;

use super::config::{CourtConfigArgs, FlagArg};
use crate::vector::{VectorArgs, vector_class};

vector_class! {
    /// N games of To Court the King stepped together (see `kingup.court.VectorEnv`).
    PyCourtVectorEnv(Game), module = "kingup.court", {
        #[new]
        #[pyo3(signature = (num_envs, players=None, seed=None, first_player=None, unlimited_jesters=FlagArg::Unset, preroll_abilities=FlagArg::Unset, max_rounds=None, reward=None, threads=None, opponents=None, seat=None))]
        #[allow(clippy::too_many_arguments)] // the keyword arguments of `kingup.court.VectorEnv(...)`
        fn new(
            py: Python<'_>,
            num_envs: &Bound<'_, PyAny>,
            players: Option<&Bound<'_, PyAny>>,
            seed: Option<&Bound<'_, PyAny>>,
            first_player: Option<&Bound<'_, PyAny>>,
            unlimited_jesters: FlagArg<'_>,
            preroll_abilities: FlagArg<'_>,
            max_rounds: Option<&Bound<'_, PyAny>>,
            reward: Option<&Bound<'_, PyAny>>,
            threads: Option<&Bound<'_, PyAny>>,
            opponents: Option<&Bound<'_, PyAny>>,
            seat: Option<&Bound<'_, PyAny>>,
        ) -> PyResult<PyCourtVectorEnv> {
            let config = CourtConfigArgs {
                players,
                first_player,
                unlimited_jesters: &unlimited_jesters,
                preroll_abilities: &preroll_abilities,
                max_rounds,
            }
            .build_bounded(py)?;
            let args = VectorArgs {
                num_envs,
                seed,
                reward,
                threads,
                opponents,
                seat,
            };
            Ok(PyCourtVectorEnv(args.build::<Game>(py, config)?))
        }

        /// Normal rounds after which a game without a King ends truncated.
        #[getter]
        fn max_rounds(&self) -> Option<u32> {
            self.0.fresh.config().max_rounds
        }

        fn __repr__(&self) -> String {
            format!(
                "<kingup.court.VectorEnv: {} envs, {} players, at most {} rounds>",
                self.0.num_envs(),
                self.0.fresh.players(),
                self.0.fresh.config().max_rounds.unwrap_or(0)
            )
        }
    }
}
