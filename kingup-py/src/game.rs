//! `kingup.Game`: the core's `Session` — the game, its record, event log and random
//! stream — with Python arguments, errors and values around it.

use kingup_core::{
    Action, Actor, ChanceMode, ChanceOutcome, ChanceStep, Config, Game, Generator, IllegalReason,
    OBSERVATION_LEN, Seat, Session, Step,
};
use numpy::PyArray1;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::config::{ConfigArgs, str_arg};
use crate::convert::{
    self, NO_SUCH_ACTION, NO_SUCH_OUTCOME, action_from_index, int_arg, outcome_from_index,
    seat_arg, seat_list, seat_or_none, seed_arg, seed_or_os,
};
use crate::errors;
use crate::event::PyEvent;
use crate::view::{PyPlayerView, PyPublicView};

/// A game of King Up! as the core's `Session` holds it: the full state (every secret
/// included), every step since the start, the event log and the generator chance and
/// random play draw from. Equal games have the same config, steps, chance mode and
/// generator state.
#[pyclass(module = "kingup._kingup", name = "Game", eq)]
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PyGame {
    session: Session,
}

impl PyGame {
    /// The engine's game (full information: for the binding's own use, such as taking a
    /// seat's view for a bot).
    pub(crate) fn state(&self) -> &Game {
        self.session.game()
    }

    /// The seat an optional `seat=` argument names: the given one (`SeatError` if it
    /// does not play) or the next to act.
    fn query_seat(&self, seat: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Seat>> {
        match seat.filter(|s| !s.is_none()) {
            Some(obj) => seat_arg(obj, self.state().config()).map(Some),
            None => Ok(self.state().next_seat()),
        }
    }

    /// The action and seat of `apply`/`is_legal`, or the `IllegalActionError` that says
    /// why there is none (unknown index, no such seat, nobody to move).
    fn resolve_move(
        &self,
        py: Python<'_>,
        action: &Bound<'_, PyAny>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<(Seat, Action)> {
        let index = int_arg(action, "action")?;
        let seat_index = seat.map(|s| int_arg(s, "seat")).transpose()?;
        let action = action_at(py, index, seat_index)?;
        let game = self.state();
        let Some(i) = seat_index else {
            let seat = game.next_seat().ok_or_else(|| {
                let reason = idle_reason(game);
                let message = format!("nobody can {action:#}: {reason}");
                errors::illegal_action(py, message, None, index, reason.code())
            })?;
            return Ok((seat, action));
        };
        let seat = game.seat(i).map_err(|_| {
            let reason = IllegalReason::NoSuchSeat {
                players: game.config().players,
            };
            let message = format!("seat {i} cannot {action:#}: {reason}");
            errors::illegal_action(py, message, Some(i), index, reason.code())
        })?;
        Ok((seat, action))
    }

    /// A game playing `session` (for sampled games).
    fn wrap(session: Session) -> PyGame {
        PyGame { session }
    }
}

/// Why nobody may act in `game` when no seat is next (chance is to move, or it is over).
/// `Actor::check` answers for any seat alike then; seat 0 is just a seat to ask about.
pub(crate) fn idle_reason(game: &Game) -> IllegalReason {
    game.actor()
        .check(Seat::FIRST)
        .err()
        .unwrap_or(IllegalReason::GameOver)
}

/// The action with dense index `index`, else `IllegalActionError` (`no_such_action`)
/// naming `seat` if one was given.
fn action_at(py: Python<'_>, index: i64, seat: Option<i64>) -> PyResult<Action> {
    action_from_index(index)
        .map_err(|message| errors::illegal_action(py, message, seat, index, NO_SUCH_ACTION))
}

/// The chance outcome with dense index `index`, else `IllegalChanceError`
/// (`no_such_outcome`).
fn outcome_at(py: Python<'_>, index: i64) -> PyResult<ChanceOutcome> {
    outcome_from_index(index)
        .map_err(|message| errors::illegal_chance(py, message, index, NO_SUCH_OUTCOME))
}

/// `"auto"` or `"explicit"`, as a chance mode.
fn chance_arg(obj: &Bound<'_, PyAny>) -> PyResult<ChanceMode> {
    match str_arg(obj, "chance")?.as_str() {
        "auto" => Ok(ChanceMode::Auto),
        "explicit" => Ok(ChanceMode::Explicit),
        other => Err(errors::invalid_config(
            obj.py(),
            format!("chance must be \"auto\" or \"explicit\", not {other:?}"),
        )),
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

#[pymethods]
impl PyGame {
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
        let mode = chance.map(chance_arg).transpose()?.unwrap_or_default();
        let generator = Generator::new(seed_or_os(seed)?);
        let session = Session::with_generator(config, generator, mode)
            .map_err(|e| errors::invalid_config(py, e.to_string()))?;
        Ok(PyGame { session })
    }

    /// Number of players.
    #[getter]
    fn players(&self) -> usize {
        self.state().players()
    }

    /// Number of rounds (3, or 1 in the quick variant).
    #[getter]
    fn rounds(&self) -> u8 {
        self.state().config().rounds
    }

    /// `"placement"` or `"random"`.
    #[getter]
    fn setup(&self) -> &'static str {
        setup_name(self.state().config())
    }

    /// `"auto"` or `"explicit"`.
    #[getter]
    fn chance(&self) -> &'static str {
        match self.session.chance_mode() {
            ChanceMode::Auto => "auto",
            ChanceMode::Explicit => "explicit",
        }
    }

    /// The current round index, from 0.
    #[getter]
    fn round(&self) -> u8 {
        self.state().round()
    }

    /// The current phase.
    #[getter]
    fn phase<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        convert::phase(py, self.state().phase())
    }

    /// Whether the last round has been scored.
    #[getter]
    fn is_over(&self) -> bool {
        self.state().is_over()
    }

    /// Whether a chance step is pending (only ever with `chance="explicit"`).
    #[getter]
    fn is_chance(&self) -> bool {
        self.state().actor() == Actor::Chance
    }

    /// The seat that acts next: the seat to move, or in a vote the lowest seat still to
    /// vote; `None` when chance is to move or the game is over.
    #[getter]
    fn to_move(&self) -> Option<usize> {
        seat_or_none(self.state().next_seat())
    }

    /// The seats still to vote (empty outside a vote).
    #[getter]
    fn voters(&self) -> Vec<usize> {
        match self.state().actor() {
            Actor::Voters(seats) => seat_list(seats),
            _ => Vec::new(),
        }
    }

    /// The seat holding the crown.
    #[getter]
    fn crown(&self) -> Option<usize> {
        seat_or_none(self.state().crown())
    }

    /// The character being voted on, during a vote.
    #[getter]
    fn candidate<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let candidate = self.state().candidate();
        candidate.map(|c| convert::character(py, c)).transpose()
    }

    /// The King of the current round once crowned (the round is then scored); `None`
    /// before, and during a vote.
    #[getter]
    fn king<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let king = self.state().king();
        king.map(|c| convert::character(py, c)).transpose()
    }

    /// The current round's first player (`None` before round 1's draw).
    #[getter]
    fn first_player(&self) -> Option<usize> {
        seat_or_none(self.state().first_player())
    }

    /// Points per seat of each round scored so far, one list per round.
    #[getter]
    fn scores(&self) -> Vec<Vec<u16>> {
        convert::score_rows(self.state().scores(), self.state().players())
    }

    /// Total points per seat so far.
    #[getter]
    fn totals(&self) -> Vec<u16> {
        self.state().totals().to_vec()
    }

    /// The winning seats once the game is over (ties share the win), else `None`.
    #[getter]
    fn winners(&self) -> Option<Vec<usize>> {
        self.state().winners().map(seat_list)
    }

    /// The pending chance step as a `kingup.ChanceStep` (`kind`, `seat`, `character`,
    /// `str()` the core's description), else `None`.
    #[getter]
    fn chance_step<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let step = self.state().chance_step();
        step.map(|s| chance_step_value(py, s)).transpose()
    }

    /// The legal action indices of `seat` (default: the seat that acts next), sorted.
    #[pyo3(signature = (seat=None))]
    fn legal_actions<'py>(
        &self,
        py: Python<'py>,
        seat: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyList>> {
        let legal = match self.query_seat(seat)? {
            Some(seat) => self.state().legal_actions(seat),
            None => kingup_core::Actions::new(),
        };
        PyList::new(py, legal.iter().map(|a| a.index()))
    }

    /// The legal actions of `seat` (default: next to act) as an `int8` mask of length 67.
    #[pyo3(signature = (seat=None))]
    fn action_mask<'py>(
        &self,
        py: Python<'py>,
        seat: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let seat = self.query_seat(seat)?;
        let mask = seat.map_or(0, |s| self.state().legal_mask(s));
        Ok(PyArray1::from_slice(py, &mask_bytes(mask)))
    }

    /// Whether `seat` (default: next to act) may play `action` now.
    #[pyo3(signature = (action, seat=None))]
    fn is_legal(
        &self,
        py: Python<'_>,
        action: &Bound<'_, PyAny>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<bool> {
        match self.resolve_move(py, action, seat) {
            Ok((seat, action)) => Ok(self.state().is_legal(seat, action)),
            Err(err) if err.is_instance_of::<PyTypeError>(py) => Err(err),
            Err(_) => Ok(false),
        }
    }

    /// Plays `action` for `seat` (default: the seat that acts next; name it in a vote to
    /// vote for another seat). With automatic chance, chance steps that follow are
    /// drawn. Raises `IllegalActionError` and leaves the game unchanged if illegal.
    #[pyo3(signature = (action, seat=None))]
    fn apply(
        &mut self,
        py: Python<'_>,
        action: &Bound<'_, PyAny>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let (seat, action) = self.resolve_move(py, action, seat)?;
        self.session
            .apply(seat, action)
            .map_err(|e| errors::from_illegal(py, &e))?;
        Ok(())
    }

    /// The outcomes of the pending chance step as `(outcome index, probability)` pairs;
    /// empty when chance is not to move.
    fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        let outcomes = self.state().chance_outcomes();
        outcomes.iter().map(|(o, p)| (o.index(), *p)).collect()
    }

    /// Applies a chance outcome by index (`chance="explicit"`). Raises
    /// `IllegalChanceError` and leaves the game unchanged if it is not possible now.
    fn apply_chance(&mut self, py: Python<'_>, outcome: &Bound<'_, PyAny>) -> PyResult<()> {
        let index = int_arg(outcome, "outcome")?;
        let outcome = outcome_at(py, index)?;
        self.session
            .apply_chance(outcome)
            .map_err(|e| errors::from_illegal_chance(py, &e))?;
        Ok(())
    }

    /// Draws every pending chance step from the game's generator (the one `seed=` made)
    /// until a seat is to move or the game is over. Returns the number of chance steps
    /// drawn: 0 when none was pending, as always with `chance="auto"`.
    fn resolve_chance(&mut self) -> usize {
        let before = self.session.replay().steps.len();
        self.session.resolve_chance();
        self.session.replay().steps.len() - before
    }

    /// Plays uniformly random legal actions to the end of the game, chance included, all
    /// drawn from the game's generator; with `seed`, the generator is first replaced by
    /// `seed`'s. Returns the number of actions played.
    #[pyo3(signature = (seed=None))]
    fn play_random(&mut self, py: Python<'_>, seed: Option<&Bound<'_, PyAny>>) -> PyResult<u32> {
        if let Some(obj) = seed.filter(|s| !s.is_none()) {
            self.reseed(py, seed_arg(obj)?)?;
        }
        Ok(self.session.play_random())
    }

    /// Takes back `seat`'s last action: it must be the game's last step, and nothing may
    /// have been revealed by it or since (a chance step, a vote reveal, random play).
    /// Call it again for the action before. Raises `UndoError` (`reason`:
    /// `nothing_to_undo`, `not_your_step`, `revealed`) and changes nothing otherwise.
    fn undo(&mut self, py: Python<'_>, seat: &Bound<'_, PyAny>) -> PyResult<()> {
        let index = int_arg(seat, "seat")?;
        let seat = seat_arg(seat, self.state().config())?;
        self.session
            .undo(seat)
            .map_err(|e| errors::from_undo_error(py, &e, index))
    }

    /// How many of the last steps `undo` could take back, by the seats that played them.
    #[getter]
    fn undoable(&self) -> usize {
        self.session.undoable()
    }

    /// `seat`'s observation tensor: `float32`, length `OBSERVATION_LEN`.
    fn observation<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = seat_arg(seat, self.state().config())?;
        let mut out = [0.0f32; OBSERVATION_LEN];
        self.state().observation(seat, &mut out);
        Ok(PyArray1::from_slice(py, &out))
    }

    /// What `seat` knows: the public view plus its own objective and vote.
    fn view(&self, seat: &Bound<'_, PyAny>) -> PyResult<PyPlayerView> {
        let seat = seat_arg(seat, self.state().config())?;
        Ok(PyPlayerView::new(self.session.player_view(seat)))
    }

    /// What everybody knows: a spectator's view.
    fn public_view(&self) -> PyPublicView {
        PyPublicView::new(self.state().public_view())
    }

    /// The events since the game was created (from index `since`), as `seat` may see
    /// them; `None` for a spectator. Another seat's objective and vote are blanked.
    #[pyo3(signature = (seat, since=None))]
    fn events(
        &self,
        seat: Option<&Bound<'_, PyAny>>,
        since: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<PyEvent>> {
        let viewer = seat
            .filter(|s| !s.is_none())
            .map(|s| seat_arg(s, self.state().config()))
            .transpose()?;
        let since = match since {
            None => 0,
            Some(obj) => usize::try_from(int_arg(obj, "since")?)
                .map_err(|_| PyValueError::new_err("since must be >= 0"))?,
        };
        Ok(self
            .session
            .events_for(viewer, since)
            .map(PyEvent)
            .collect())
    }

    /// Number of events so far (for `events(seat, since=...)`).
    #[getter]
    fn num_events(&self) -> usize {
        self.session.events().len()
    }

    /// Every step since the game was created: `(seat, action index)` for an action,
    /// `(None, outcome index)` for a chance outcome. Full information: not for players.
    fn history(&self) -> Vec<(Option<usize>, usize)> {
        let steps = &self.session.replay().steps;
        steps.iter().map(|step| step_pair(*step)).collect()
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
        let seat = seat_arg(seat, self.state().config())?;
        let session = self.session.sample(seat, seed_or_os(seed)?);
        session
            .map(PyGame::wrap)
            .map_err(|e| errors::invalid_state(py, format!("no game fits this view: {e}")))
    }

    /// An independent copy, generator included (it will play out the same).
    fn clone(&self) -> PyGame {
        Clone::clone(self)
    }

    fn __copy__(&self) -> PyGame {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        Clone::clone(self)
    }

    /// The save document: the core's `Session::to_json`, byte for byte what every other
    /// front end writes for this game. It holds every secret (the host's, never a
    /// player's).
    fn to_json(&self) -> String {
        self.session.to_json()
    }

    /// Reads a save document by replaying its steps; raises `InvalidStateError` (with the
    /// core's `LoadError` code as `reason`) for anything malformed, from another version,
    /// or that the rules refuse.
    #[staticmethod]
    fn from_json(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        let text = str_arg(text, "the JSON document")?;
        Session::from_json(&text)
            .map(PyGame::wrap)
            .map_err(|e| errors::from_load_error(py, &e))
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let from_json = py.get_type::<PyGame>().getattr("from_json")?;
        Ok((from_json, (self.to_json(),)))
    }

    fn __repr__(&self) -> String {
        let g = self.state();
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
    }

    /// The spectator's summary of the game.
    fn __str__(&self) -> String {
        self.state().public_view().to_string()
    }
}

impl PyGame {
    /// Replaces the generator by `seed`'s: the same steps replayed under a new stream
    /// (the core keeps a session's generator private to its steps).
    fn reseed(&mut self, py: Python<'_>, seed: u64) -> PyResult<()> {
        let replay = self.session.replay().clone();
        let mode = self.session.chance_mode();
        // These steps were played already, so replaying them cannot be refused.
        self.session = Session::from_replay(replay, Generator::new(seed), mode)
            .map_err(|e| errors::from_load_error(py, &e))?;
        Ok(())
    }
}

/// A step as `history()` gives it: `(seat, action index)` or `(None, outcome index)`.
fn step_pair(step: Step) -> (Option<usize>, usize) {
    match step {
        Step::Chance(outcome) => (None, outcome.index()),
        Step::Action { seat, action } => (Some(seat.index()), action.index()),
    }
}

/// `"placement"` or `"random"`.
pub(crate) fn setup_name(config: &Config) -> &'static str {
    match config.setup {
        kingup_core::Setup::Placement => "placement",
        kingup_core::Setup::RandomLayout => "random",
    }
}

/// A legal-action bit mask as 67 `int8` flags.
pub(crate) fn mask_bytes(mask: u128) -> [i8; Action::COUNT] {
    std::array::from_fn(|i| i8::from(mask >> i & 1 == 1))
}
