//! `kingup.PublicView` and `kingup.PlayerView`: what a spectator or one seat knows.

use kingup_core::kingup_table::ActionMask;
use kingup_core::{Floor, OBSERVATION_LEN, PlayerView, Position, PublicView};
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::config::character as character_arg;
use crate::convert::{self, seat_arg, seat_list, seat_or_none};
use crate::game::setup_name;
use crate::shell::array_or_out;

/// Everything public about a game.
#[pyclass(module = "kingup._kingup", name = "PublicView", frozen, eq, hash, str)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct PyPublicView(PublicView);

/// What one seat knows: the public view plus its own objective and committed vote.
#[pyclass(module = "kingup._kingup", name = "PlayerView", frozen, eq, hash, str)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct PyPlayerView(PlayerView);

impl std::fmt::Display for PyPublicView {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::fmt::Display for PyPlayerView {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl PyPublicView {
    pub(crate) fn new(view: PublicView) -> PyPublicView {
        PyPublicView(view)
    }
}

impl PyPlayerView {
    pub(crate) fn new(view: PlayerView) -> PyPlayerView {
        PyPlayerView(view)
    }

    /// The engine's view.
    pub(crate) fn inner(&self) -> &PlayerView {
        &self.0
    }
}

#[pymethods]
impl PyPublicView {
    /// Number of players.
    #[getter]
    fn players(&self) -> usize {
        self.0.players()
    }

    /// Number of rounds.
    #[getter]
    fn rounds(&self) -> u8 {
        self.0.config.rounds
    }

    /// `"placement"` or `"random"`.
    #[getter]
    fn setup(&self) -> &'static str {
        setup_name(&self.0.config)
    }

    /// The current round index, from 0.
    #[getter]
    fn round(&self) -> u8 {
        self.0.round
    }

    /// The current phase.
    #[getter]
    fn phase<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        convert::phase(py, self.0.phase)
    }

    /// The seat to move, or in a vote the lowest seat still to vote.
    #[getter]
    fn to_move(&self) -> Option<usize> {
        seat_or_none(self.0.actor.next_seat())
    }

    /// The seats still to vote.
    #[getter]
    fn voters(&self) -> Vec<usize> {
        match self.0.actor {
            kingup_core::Actor::Voters(seats) => seat_list(seats),
            _ => Vec::new(),
        }
    }

    /// The characters on each floor, floor 0 (Servants) to 6 (the Throne).
    #[getter]
    fn floors<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyList>>> {
        Floor::ALL
            .iter()
            .map(|&f| convert::characters(py, self.0.castle.on(f)))
            .collect()
    }

    /// The characters eliminated this round.
    #[getter]
    fn eliminated<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        convert::characters(py, self.0.castle.eliminated())
    }

    /// The characters not in the castle yet (placement phase).
    #[getter]
    fn outside<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        convert::characters(py, self.0.castle.outside())
    }

    /// The floor `character` is on; `None` if outside the castle or eliminated.
    fn floor_of<'py>(
        &self,
        py: Python<'py>,
        character: &Bound<'py, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let c = character_arg(character)?;
        match self.0.castle.position(c) {
            Position::Floor(f) => convert::floor(py, f).map(Some),
            Position::Outside | Position::Eliminated => Ok(None),
        }
    }

    /// The character being voted on, during a vote.
    #[getter]
    fn candidate<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.0
            .candidate()
            .map(|c| convert::character(py, c))
            .transpose()
    }

    /// The King of the current round once crowned (the round is then scored); `None`
    /// before, and during a vote.
    #[getter]
    fn king<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.0.king().map(|c| convert::character(py, c)).transpose()
    }

    /// The round's first player.
    #[getter]
    fn first_player(&self) -> Option<usize> {
        seat_or_none(self.0.first_player)
    }

    /// The seat holding the crown.
    #[getter]
    fn crown(&self) -> Option<usize> {
        seat_or_none(self.0.crown)
    }

    /// Seats that committed a vote in the current election (not how they voted).
    #[getter]
    fn voted(&self) -> Vec<usize> {
        seat_list(self.0.voted)
    }

    /// Seats dealt an objective this round (not which).
    #[getter]
    fn dealt(&self) -> Vec<usize> {
        seat_list(self.0.dealt)
    }

    /// The seats that placed or climbed `character` this round.
    fn movers(&self, character: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
        Ok(seat_list(self.0.movers[character_arg(character)?.index()]))
    }

    /// The seats whose revealed No eliminated `character` this round.
    fn no_votes(&self, character: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
        Ok(seat_list(
            self.0.no_votes[character_arg(character)?.index()],
        ))
    }

    /// No cards `seat` has left (public: deduced from the reveals).
    fn no_cards(&self, seat: &Bound<'_, PyAny>) -> PyResult<u8> {
        Ok(self.0.no_cards(seat_arg(seat, &self.0.config)?))
    }

    /// Points per seat of each round scored so far.
    #[getter]
    fn scores(&self) -> Vec<Vec<u16>> {
        convert::score_rows(self.0.scores(), self.0.players())
    }

    /// Total points per seat so far.
    #[getter]
    fn totals(&self) -> Vec<u16> {
        self.0.totals()[..self.0.players()].to_vec()
    }

    /// The winners once the game is over, else `None`.
    #[getter]
    fn winners(&self) -> Option<Vec<usize>> {
        self.0.winners().map(seat_list)
    }

    /// The objective `seat` held in `round`, once that round was scored (else `None`).
    fn revealed_objective<'py>(
        &self,
        py: Python<'py>,
        round: &Bound<'py, PyAny>,
        seat: &Bound<'py, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyList>>> {
        let seat = seat_arg(seat, &self.0.config)?;
        let round = convert::int_arg(round, "round")?;
        if round < 0 {
            return Err(pyo3::exceptions::PyValueError::new_err(
                "round must be >= 0",
            ));
        }
        let Ok(round) = u8::try_from(round) else {
            return Ok(None);
        };
        self.0
            .revealed_objective(round, seat)
            .map(|o| convert::characters(py, o.characters()))
            .transpose()
    }

    /// The view as JSON (the engine's serde form).
    fn to_json(&self) -> PyResult<String> {
        convert::to_json(&self.0)
    }

    /// The view as a dict of plain Python values.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        convert::json_to_py(py, &self.to_json()?)
    }

    /// Reads `to_json()`'s output; `InvalidStateError` if malformed or not reachable.
    #[staticmethod]
    fn from_json(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<PyPublicView> {
        let text = convert::json_arg(text)?.into_owned();
        // The engine validates views as it reads them, with a search bounded by its budget
        // (`kingup_core::HISTORY_BUDGET`): with the GIL released, Ctrl-C heard.
        convert::from_json_detached(py, text, "public view").map(PyPublicView)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let from_json = py.get_type::<PyPublicView>().getattr("from_json")?;
        Ok((from_json, (self.to_json()?,)))
    }

    fn __repr__(&self) -> String {
        format!(
            "<kingup.PublicView: round {}, {} phase>",
            self.0.round + 1,
            self.0.phase
        )
    }
}

#[pymethods]
impl PyPlayerView {
    /// The viewer's seat.
    #[getter]
    fn seat(&self) -> usize {
        self.0.seat.index()
    }

    /// Everything public.
    #[getter]
    fn public(&self) -> PyPublicView {
        PyPublicView(self.0.public)
    }

    /// The viewer's objective card id this round, once dealt.
    #[getter]
    fn objective_card(&self) -> Option<usize> {
        self.0.objective_card.map(|c| c.index())
    }

    /// The six characters of the viewer's objective, once dealt.
    #[getter]
    fn objective<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyList>>> {
        self.0
            .objective()
            .map(|o| convert::characters(py, o.characters()))
            .transpose()
    }

    /// The viewer's committed vote in the current election, until the reveal.
    #[getter]
    fn vote<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.0.vote.map(|v| convert::vote(py, v)).transpose()
    }

    /// The viewer's No cards left.
    #[getter]
    fn no_cards(&self) -> u8 {
        self.0.no_cards()
    }

    /// Points the viewer's objective would score if the round ended now.
    #[getter]
    fn current_points(&self) -> u8 {
        self.0.current_points()
    }

    /// The viewer's legal action indices (the same as the game's for this seat).
    fn legal_actions(&self) -> Vec<usize> {
        self.0.legal_actions().iter().map(|a| a.index()).collect()
    }

    /// The viewer's legal actions as an `int8` mask of length 67; with `out` (a
    /// writable `int8` array of that length), written into it and returned.
    #[pyo3(signature = (out=None))]
    fn action_mask<'py>(
        &self,
        py: Python<'py>,
        out: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let mut flags = [0; kingup_core::Action::COUNT];
        self.0.legal_mask().write_flags(&mut flags);
        array_or_out(py, &flags, out)
    }

    /// The observation tensor (`float32`, length `OBSERVATION_LEN`); with `out` (a
    /// writable `float32` array of that length), written into it and returned.
    #[pyo3(signature = (out=None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        out: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let mut obs = [0.0f32; OBSERVATION_LEN];
        self.0.encode(&mut obs);
        array_or_out(py, &obs, out)
    }

    /// The information state as one readable line: equal exactly when views are equal.
    fn info_state(&self) -> String {
        self.0.info_state().to_string()
    }

    /// A stable 64-bit hash of the view (equal views, equal keys; no text is made).
    fn info_state_key(&self) -> u64 {
        self.0.info_state_key()
    }

    /// The view as JSON (the engine's serde form).
    fn to_json(&self) -> PyResult<String> {
        convert::to_json(&self.0)
    }

    /// The view as a dict of plain Python values.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        convert::json_to_py(py, &self.to_json()?)
    }

    /// Reads `to_json()`'s output; `InvalidStateError` if malformed or not reachable.
    #[staticmethod]
    fn from_json(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<PyPlayerView> {
        let text = convert::json_arg(text)?.into_owned();
        // As `PublicView.from_json`: the search runs with the GIL released, Ctrl-C heard.
        convert::from_json_detached(py, text, "player view").map(PyPlayerView)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let from_json = py.get_type::<PyPlayerView>().getattr("from_json")?;
        Ok((from_json, (self.to_json()?,)))
    }

    fn __repr__(&self) -> String {
        let p = &self.0.public;
        format!(
            "<kingup.PlayerView: seat {}, round {}, {} phase>",
            self.0.seat,
            p.round + 1,
            p.phase
        )
    }
}
