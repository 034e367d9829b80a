//! `kingup.court.PlayerView`: what a seat decides from — the whole game (court hides
//! nothing) from its seat, without the generator that would predict the dice to come.

use kingup_court::kingup_table::{ActionMask, SeatView};
use kingup_court::{Action, OBSERVATION_LEN, PlayerView};
use numpy::PyArray1;
use pyo3::prelude::*;

use crate::errors;
use crate::shell::array_or_out;

/// A seat's view of a game of To Court the King: the whole state (nothing is hidden) seen
/// from `seat`, as court policies of `kingup.court.arena` receive it. It holds no
/// generator: the dice to come are not in it.
#[pyclass(module = "kingup.court", name = "PlayerView", frozen, eq)]
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PyCourtView(pub(crate) PlayerView);

#[pymethods]
impl PyCourtView {
    /// The seat the game is seen from.
    #[getter]
    fn seat(&self) -> usize {
        self.0.seat().index()
    }

    /// The viewer's legal action indices, ascending (empty when it may not act).
    fn legal_actions(&self) -> Vec<usize> {
        self.0.legal_mask().indices().collect()
    }

    /// The viewer's legal actions as an `int8` mask of length 238; with `out` (a
    /// writable `int8` array of that length), written into it and returned.
    #[pyo3(signature = (out=None))]
    fn action_mask<'py>(
        &self,
        py: Python<'py>,
        out: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let mut flags = [0; Action::COUNT];
        self.0.legal_mask().write_flags(&mut flags);
        array_or_out(py, &flags, out)
    }

    /// The observation tensor from the viewer's seat (`float32`, length
    /// `court.OBSERVATION_LEN`); with `out`, written into it and returned.
    #[pyo3(signature = (out=None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        out: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let mut obs = [0.0f32; OBSERVATION_LEN];
        self.0.game.observation(self.0.seat, &mut obs);
        array_or_out(py, &obs, out)
    }

    /// The whole state as the position JSON document (`court.Game.position()`'s form):
    /// every card, die and result, for a policy that reads more than the tensor.
    fn position(&self, py: Python<'_>) -> PyResult<String> {
        serde_json::to_string(&self.0.game.position())
            .map_err(|e| errors::invalid_state(py, e.to_string()))
    }

    fn __repr__(&self) -> String {
        let game = &self.0.game;
        format!(
            "<kingup.court.PlayerView: seat {}, round {}, {} phase>",
            self.0.seat,
            u64::from(game.round()) + 1,
            game.phase()
        )
    }
}
