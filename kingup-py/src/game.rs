//! `kingup.Game`: the core's `Session` — the game, its record, event log and random
//! stream — with Python arguments, errors and values around it.
//!
//! The session sits behind a `Mutex` (see `sync`): each method reads its Python arguments,
//! then locks the session for Rust work only (no Python code runs and the GIL is kept
//! while it is locked), then makes its Python values. A `Game` can thus be shared between
//! threads: calls never overlap, and none can see another half done.

use std::sync::{Mutex, MutexGuard};

use kingup_core::{
    Action, Actions, Actor, ChanceMode, ChanceOutcome, ChanceStep, Config, Game, Generator,
    IllegalAction, IllegalReason, OBSERVATION_LEN, Seat, Session, Step,
};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::PyRuntimeError;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyList;

use crate::config::{ConfigArgs, choice_arg};
use crate::convert::{
    self, NO_SUCH_ACTION, NO_SUCH_OUTCOME, SeatArg, action_from_index, action_index, int_arg,
    outcome_from_index, seat_index, seat_list, seat_or_none, seed_arg, seed_or_os,
};
use crate::errors;
use crate::event::PyEvent;
use crate::reward::read_reward;
use crate::sync;
use crate::view::{PyPlayerView, PyPublicView};

/// A game of King Up! as the core's `Session` holds it: the full state (every secret
/// included), every step since the start, the event log and the generator chance and
/// random play draw from. Equal games have the same config, steps, chance mode and
/// generator state.
#[pyclass(module = "kingup._kingup", name = "Game", frozen)]
#[derive(Debug)]
pub(crate) struct PyGame {
    session: Mutex<Session>,
}

/// The seat a `seat=` argument names in `game` (`SeatError` if it does not play), or the
/// next to act.
fn resolve(seat: SeatArg, game: &Game) -> Result<Option<Seat>, kingup_core::SeatError> {
    match seat {
        SeatArg::Next => Ok(game.next_seat()),
        SeatArg::Index(i) => game.config().seat(i).map(Some),
    }
}

/// Why `apply` refused a move, found with the game locked and raised once it is not.
enum Refusal {
    /// The core's refusal of a seat's action.
    Illegal(IllegalAction),
    /// Nobody may act (chance is to move, or the game is over).
    Nobody(Action, IllegalReason),
    /// The seat named does not play.
    NoSuchSeat(i64, Action, IllegalReason),
}

impl PyGame {
    fn new_with(session: Session) -> PyGame {
        PyGame {
            session: Mutex::new(session),
        }
    }

    /// The session, locked for this call (see the module's comment).
    #[inline]
    pub(crate) fn session(&self, py: Python<'_>) -> PyResult<MutexGuard<'_, Session>> {
        sync::lock(py, &self.session)
    }

    /// Runs `f` on the session, locked; `f` must not call into Python.
    #[inline]
    fn with<R>(&self, py: Python<'_>, f: impl FnOnce(&Session) -> R) -> PyResult<R> {
        Ok(f(&*self.session(py)?))
    }

    /// Runs `f` on the game, locked; `f` must not call into Python.
    #[inline]
    fn with_game<R>(&self, py: Python<'_>, f: impl FnOnce(&Game) -> R) -> PyResult<R> {
        Ok(f(self.session(py)?.game()))
    }

    /// `seat`'s place in the game, or `SeatError`.
    fn seat_of(&self, obj: &Bound<'_, PyAny>) -> PyResult<Seat> {
        let py = obj.py();
        let index = seat_index(obj)?;
        let config = self.with_game(py, |g| *g.config())?;
        config
            .seat(index)
            .map_err(|e| errors::from_seat_error(py, &e))
    }

    /// The seat an optional `seat=` argument names: the given one (`SeatError` if it
    /// does not play) or the next to act (`None`: nobody).
    fn query_seat(
        &self,
        py: Python<'_>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Option<Seat>> {
        let seat = SeatArg::read(seat)?;
        self.with_game(py, |g| resolve(seat, g))?
            .map_err(|e| errors::from_seat_error(py, &e))
    }
}

impl Refusal {
    fn raise(self, py: Python<'_>, index: i64) -> PyErr {
        match self {
            Refusal::Illegal(err) => errors::from_illegal(py, &err),
            Refusal::Nobody(action, reason) => {
                let message = format!("nobody can {action:#}: {reason}");
                errors::illegal_action(py, message, None, index, reason.code())
            }
            Refusal::NoSuchSeat(i, action, reason) => {
                let message = format!("seat {i} cannot {action:#}: {reason}");
                errors::illegal_action(py, message, Some(i), index, reason.code())
            }
        }
    }
}

/// The seat of a move in `game`: the one named, or the next to act; else why not.
fn move_seat(game: &Game, seat: SeatArg, action: Action) -> Result<Seat, Refusal> {
    match seat {
        SeatArg::Next => game
            .next_seat()
            .ok_or_else(|| Refusal::Nobody(action, idle_reason(game))),
        SeatArg::Index(i) => game.seat(i).map_err(|_| {
            let reason = IllegalReason::NoSuchSeat {
                players: game.config().players,
            };
            Refusal::NoSuchSeat(i, action, reason)
        }),
    }
}

/// The ints `0..Action::COUNT`, made once: lists of legal actions hold these objects.
fn action_ints(py: Python<'_>) -> PyResult<&[Py<PyAny>; Action::COUNT]> {
    static INTS: PyOnceLock<[Py<PyAny>; Action::COUNT]> = PyOnceLock::new();
    INTS.get_or_try_init(py, || {
        let ints = (0..Action::COUNT)
            .map(|i| Ok(i.into_pyobject(py)?.into_any().unbind()))
            .collect::<PyResult<Vec<_>>>()?;
        // `collect` made exactly `Action::COUNT` of them.
        ints.try_into()
            .map_err(|_| PyRuntimeError::new_err("internal error (kingup bug): action ints"))
    })
}

/// `actions` as a list of their indices. This runs at every step of a Python game loop,
/// so it fills the list directly, from the cached int objects: each item costs a
/// reference count, and the generic conversion's work (an iterator whose length it must
/// check, a conversion per item) is skipped.
pub(crate) fn action_list<'py>(
    py: Python<'py>,
    actions: &[Action],
) -> PyResult<Bound<'py, PyList>> {
    let ints = action_ints(py)?;
    // SAFETY: `PyList_New` returns a new list of `len` empty slots, or null with an
    // exception set (checked by `from_owned_ptr_or_err`). Each slot `i < len` is filled
    // exactly once, by `PyList_SetItem`, which steals the reference `Py_IncRef` adds to
    // the cached int (it cannot fail: `i` is in range and the object is a list).
    unsafe {
        let list = Bound::from_owned_ptr_or_err(py, ffi::PyList_New(actions.len() as _))?;
        for (i, action) in actions.iter().enumerate() {
            let item = ints[action.index()].as_ptr();
            ffi::Py_IncRef(item);
            ffi::PyList_SetItem(list.as_ptr(), i as _, item);
        }
        Ok(list.cast_into_unchecked())
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
    choice_arg(
        obj,
        "chance",
        &[
            ("auto", ChanceMode::Auto),
            ("explicit", ChanceMode::Explicit),
        ],
    )
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
        let mode = chance
            .filter(|c| !c.is_none())
            .map(chance_arg)
            .transpose()?
            .unwrap_or_default();
        let generator = Generator::new(seed_or_os(seed)?);
        let session = Session::with_generator(config, generator, mode)
            .map_err(|e| errors::invalid_config(py, e.to_string()))?;
        Ok(PyGame::new_with(session))
    }

    /// Number of players.
    #[getter]
    fn players(&self, py: Python<'_>) -> PyResult<usize> {
        self.with_game(py, Game::players)
    }

    /// Number of rounds (3, or 1 in the quick variant).
    #[getter]
    fn rounds(&self, py: Python<'_>) -> PyResult<u8> {
        self.with_game(py, |g| g.config().rounds)
    }

    /// `"placement"` or `"random"`.
    #[getter]
    fn setup(&self, py: Python<'_>) -> PyResult<&'static str> {
        self.with_game(py, |g| setup_name(g.config()))
    }

    /// `"auto"` or `"explicit"`.
    #[getter]
    fn chance(&self, py: Python<'_>) -> PyResult<&'static str> {
        self.with(py, |s| match s.chance_mode() {
            ChanceMode::Auto => "auto",
            ChanceMode::Explicit => "explicit",
        })
    }

    /// The current round index, from 0.
    #[getter]
    fn round(&self, py: Python<'_>) -> PyResult<u8> {
        self.with_game(py, Game::round)
    }

    /// The current phase.
    #[getter]
    fn phase<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let phase = self.with_game(py, Game::phase)?;
        convert::phase(py, phase)
    }

    /// Whether the last round has been scored.
    #[getter]
    fn is_over(&self, py: Python<'_>) -> PyResult<bool> {
        self.with_game(py, Game::is_over)
    }

    /// Whether a chance step is pending (only ever with `chance="explicit"`).
    #[getter]
    fn is_chance(&self, py: Python<'_>) -> PyResult<bool> {
        self.with_game(py, |g| g.actor() == Actor::Chance)
    }

    /// The seat that acts next: the seat to move, or in a vote the lowest seat still to
    /// vote; `None` when chance is to move or the game is over.
    #[getter]
    fn to_move(&self, py: Python<'_>) -> PyResult<Option<usize>> {
        self.with_game(py, |g| seat_or_none(g.next_seat()))
    }

    /// The seats still to vote (empty outside a vote).
    #[getter]
    fn voters(&self, py: Python<'_>) -> PyResult<Vec<usize>> {
        self.with_game(py, |g| match g.actor() {
            Actor::Voters(seats) => seat_list(seats),
            _ => Vec::new(),
        })
    }

    /// The seat holding the crown.
    #[getter]
    fn crown(&self, py: Python<'_>) -> PyResult<Option<usize>> {
        self.with_game(py, |g| seat_or_none(g.crown()))
    }

    /// The character being voted on, during a vote.
    #[getter]
    fn candidate<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let candidate = self.with_game(py, Game::candidate)?;
        candidate.map(|c| convert::character(py, c)).transpose()
    }

    /// The King of the current round once crowned (the round is then scored); `None`
    /// before, and during a vote.
    #[getter]
    fn king<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let king = self.with_game(py, Game::king)?;
        king.map(|c| convert::character(py, c)).transpose()
    }

    /// The current round's first player (`None` before round 1's draw).
    #[getter]
    fn first_player(&self, py: Python<'_>) -> PyResult<Option<usize>> {
        self.with_game(py, |g| seat_or_none(g.first_player()))
    }

    /// Points per seat of each round scored so far, one list per round.
    #[getter]
    fn scores(&self, py: Python<'_>) -> PyResult<Vec<Vec<u16>>> {
        self.with_game(py, |g| convert::score_rows(g.scores(), g.players()))
    }

    /// Total points per seat so far.
    #[getter]
    fn totals(&self, py: Python<'_>) -> PyResult<Vec<u16>> {
        self.with_game(py, |g| g.totals().to_vec())
    }

    /// Each seat's return so far under reward model `reward` (`"win"`, the default:
    /// the win share at the end; `"points"`: the totals; `"margin"`: at the end, the
    /// total minus the mean of the others'). Every environment pays the change of it.
    #[pyo3(signature = (reward=None))]
    fn returns(&self, py: Python<'_>, reward: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<f64>> {
        let reward = read_reward(reward)?;
        self.with_game(py, |g| {
            let mut out = vec![0.0; g.players()];
            reward.returns(g, &mut out);
            out
        })
    }

    /// The winning seats once the game is over (ties share the win), else `None`.
    #[getter]
    fn winners(&self, py: Python<'_>) -> PyResult<Option<Vec<usize>>> {
        self.with_game(py, |g| g.winners().map(seat_list))
    }

    /// The pending chance step as a `kingup.ChanceStep` (`kind`, `seat`, `character`,
    /// `str()` the core's description), else `None`.
    #[getter]
    fn chance_step<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let step = self.with_game(py, Game::chance_step)?;
        step.map(|s| chance_step_value(py, s)).transpose()
    }

    /// The legal action indices of `seat` (default: the seat that acts next), sorted.
    #[pyo3(signature = (seat=None))]
    fn legal_actions<'py>(
        &self,
        py: Python<'py>,
        seat: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyList>> {
        let seat = SeatArg::read(seat)?;
        let legal = self.with_game(py, |g| {
            resolve(seat, g).map(|s| s.map_or_else(Actions::new, |s| g.legal_actions(s)))
        })?;
        let legal = legal.map_err(|e| errors::from_seat_error(py, &e))?;
        action_list(py, &legal)
    }

    /// The legal actions of `seat` (default: next to act) as an `int8` mask of length 67;
    /// with `out` (a writable `int8` array of that length), written into it and returned.
    #[pyo3(signature = (seat=None, out=None))]
    fn action_mask<'py>(
        &self,
        py: Python<'py>,
        seat: Option<&Bound<'py, PyAny>>,
        out: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let seat = self.query_seat(py, seat)?;
        let mask = match seat {
            Some(s) => self.with_game(py, |g| g.legal_mask(s))?,
            None => 0,
        };
        mask_array(py, mask, out)
    }

    /// Whether `seat` (default: next to act) may play `action` now.
    #[pyo3(signature = (action, seat=None))]
    fn is_legal(
        &self,
        py: Python<'_>,
        action: &Bound<'_, PyAny>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<bool> {
        let index = action_index(action)?;
        let seat = SeatArg::read(seat)?;
        let Ok(action) = action_from_index(index) else {
            return Ok(false);
        };
        self.with_game(py, |g| {
            move_seat(g, seat, action).is_ok_and(|s| g.is_legal(s, action))
        })
    }

    /// Plays `action` for `seat` (default: the seat that acts next; name it in a vote to
    /// vote for another seat). With automatic chance, chance steps that follow are
    /// drawn. Raises `IllegalActionError` and leaves the game unchanged if illegal.
    #[pyo3(signature = (action, seat=None))]
    fn apply(
        &self,
        py: Python<'_>,
        action: &Bound<'_, PyAny>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let index = action_index(action)?;
        let seat = SeatArg::read(seat)?;
        let action = action_at(py, index, seat.given())?;
        let refused = {
            let mut session = self.session(py)?;
            match move_seat(session.game(), seat, action) {
                Ok(seat) => session.apply(seat, action).err().map(Refusal::Illegal),
                Err(refusal) => Some(refusal),
            }
        };
        match refused {
            None => Ok(()),
            Some(refusal) => Err(refusal.raise(py, index)),
        }
    }

    /// The outcomes of the pending chance step as `(outcome index, probability)` pairs;
    /// empty when chance is not to move.
    fn chance_outcomes(&self, py: Python<'_>) -> PyResult<Vec<(usize, f64)>> {
        let outcomes = self.with_game(py, Game::chance_outcomes)?;
        Ok(outcomes.iter().map(|(o, p)| (o.index(), *p)).collect())
    }

    /// Applies a chance outcome by index (`chance="explicit"`). Raises
    /// `IllegalChanceError` and leaves the game unchanged if it is not possible now.
    fn apply_chance(&self, py: Python<'_>, outcome: &Bound<'_, PyAny>) -> PyResult<()> {
        let index = int_arg(outcome, "outcome")?;
        let outcome = outcome_at(py, index)?;
        let refused = self.session(py)?.apply_chance(outcome).err();
        match refused {
            None => Ok(()),
            Some(err) => Err(errors::from_illegal_chance(py, &err)),
        }
    }

    /// Draws every pending chance step from the game's generator (the one `seed=` made)
    /// until a seat is to move or the game is over. Returns the number of chance steps
    /// drawn: 0 when none was pending, as always with `chance="auto"`.
    fn resolve_chance(&self, py: Python<'_>) -> PyResult<usize> {
        let mut session = self.session(py)?;
        let before = session.replay().steps.len();
        session.resolve_chance();
        Ok(session.replay().steps.len() - before)
    }

    /// Plays uniformly random legal actions to the end of the game, chance included, all
    /// drawn from the game's generator; with `seed`, the generator is first replaced by
    /// `seed`'s. Returns the number of actions played. A game lasts at most a few hundred
    /// actions (tens of microseconds), so this runs whole.
    #[pyo3(signature = (seed=None))]
    fn play_random(&self, py: Python<'_>, seed: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
        let seed = seed.filter(|s| !s.is_none()).map(seed_arg).transpose()?;
        let mut session = self.session(py)?;
        if let Some(seed) = seed {
            // The same steps replayed under a new stream (the core keeps a session's
            // generator private to its steps); they were played already, so the replay
            // cannot be refused, and if it were the game would stay as it is.
            let replay = session.replay().clone();
            let mode = session.chance_mode();
            if let Ok(reseeded) = Session::from_replay(replay, Generator::new(seed), mode) {
                *session = reseeded;
            }
        }
        Ok(session.play_random())
    }

    /// Takes back `seat`'s last action: it must be the game's last step, and nothing may
    /// have been revealed by it or since (a chance step, a vote reveal, random play).
    /// Call it again for the action before. Raises `UndoError` (`reason`:
    /// `nothing_to_undo`, `not_your_step`, `revealed`) and changes nothing otherwise.
    fn undo(&self, py: Python<'_>, seat: &Bound<'_, PyAny>) -> PyResult<()> {
        let index = seat_index(seat)?;
        let result = {
            let mut session = self.session(py)?;
            match session.config().seat(index) {
                Ok(s) => Ok(session.undo(s)),
                Err(e) => Err(e),
            }
        };
        match result {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(errors::from_undo_error(py, &e, index)),
            Err(e) => Err(errors::from_seat_error(py, &e)),
        }
    }

    /// How many of the last steps `undo` could take back, by the seats that played them.
    #[getter]
    fn undoable(&self, py: Python<'_>) -> PyResult<usize> {
        self.with(py, Session::undoable)
    }

    /// `seat`'s observation tensor: `float32`, length `OBSERVATION_LEN`; with `out` (a
    /// writable `float32` array of that length), written into it and returned.
    #[pyo3(signature = (seat, out=None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
        out: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = self.seat_of(seat)?;
        let mut obs = [0.0f32; OBSERVATION_LEN];
        self.with_game(py, |g| g.observation(seat, &mut obs))?;
        observation_array(py, &obs, out)
    }

    /// What `seat` knows: the public view plus its own objective and vote.
    fn view(&self, py: Python<'_>, seat: &Bound<'_, PyAny>) -> PyResult<PyPlayerView> {
        let seat = self.seat_of(seat)?;
        let view = self.with(py, |s| s.player_view(seat))?;
        Ok(PyPlayerView::new(view))
    }

    /// What everybody knows: a spectator's view.
    fn public_view(&self, py: Python<'_>) -> PyResult<PyPublicView> {
        Ok(PyPublicView::new(self.with_game(py, Game::public_view)?))
    }

    /// The events since the game was created (from index `since`), as `seat` may see
    /// them; `None` for a spectator. Another seat's objective and vote are blanked.
    #[pyo3(signature = (seat, since=None))]
    fn events(
        &self,
        py: Python<'_>,
        seat: Option<&Bound<'_, PyAny>>,
        since: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<PyEvent>> {
        let viewer = seat
            .filter(|s| !s.is_none())
            .map(|s| self.seat_of(s))
            .transpose()?;
        let since = match since.filter(|s| !s.is_none()) {
            None => 0,
            Some(obj) => usize::try_from(int_arg(obj, "since")?)
                .map_err(|_| PyValueError::new_err("since must be >= 0"))?,
        };
        let events: Vec<kingup_core::Event> =
            self.with(py, |s| s.events_for(viewer, since).collect())?;
        Ok(events.into_iter().map(PyEvent).collect())
    }

    /// Number of events so far (for `events(seat, since=...)`).
    #[getter]
    fn num_events(&self, py: Python<'_>) -> PyResult<usize> {
        self.with(py, |s| s.events().len())
    }

    /// Every step since the game was created: `(seat, action index)` for an action,
    /// `(None, outcome index)` for a chance outcome. Full information: not for players.
    fn history(&self, py: Python<'_>) -> PyResult<Vec<(Option<usize>, usize)>> {
        self.with(py, |s| {
            s.replay()
                .steps
                .iter()
                .map(|step| step_pair(*step))
                .collect()
        })
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
        let seat = self.seat_of(seat)?;
        let seed = seed_or_os(seed)?;
        self.with(py, |s| s.sample(seat, seed))?
            .map(PyGame::new_with)
            .map_err(|e| errors::invalid_state(py, format!("no game fits this view: {e}")))
    }

    /// An independent copy, generator included (it will play out the same).
    fn clone(&self, py: Python<'_>) -> PyResult<PyGame> {
        Ok(PyGame::new_with(self.with(py, Session::clone)?))
    }

    fn __copy__(&self, py: Python<'_>) -> PyResult<PyGame> {
        self.clone(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        self.clone(py)
    }

    /// Games are equal when they play on the same way: same config, steps, chance mode and
    /// generator state (the core's `Session` equality).
    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(other) = other.cast::<PyGame>() else {
            return Ok(false);
        };
        if slf.is(other) {
            return Ok(true);
        }
        // One lock at a time: a copy of one session, then the other locked to compare.
        let py = slf.py();
        let mine = slf.get().with(py, Session::clone)?;
        other.get().with(py, |theirs| mine == *theirs)
    }

    /// The save document: the core's `Session::to_json`, byte for byte what every other
    /// front end writes for this game. It holds every secret (the host's, never a
    /// player's).
    fn to_json(&self, py: Python<'_>) -> PyResult<String> {
        self.with(py, Session::to_json)
    }

    /// Reads a save document by replaying its steps; raises `InvalidStateError` (with the
    /// core's `LoadError` code as `reason`) for anything malformed, from another version,
    /// longer than `MAX_SAVE_LEN` bytes, or that the rules refuse.
    #[staticmethod]
    fn from_json(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        let text = convert::json_arg(text)?;
        Session::from_json(&text)
            .map(PyGame::new_with)
            .map_err(|e| errors::from_load_error(py, &e))
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let from_json = py.get_type::<PyGame>().getattr("from_json")?;
        Ok((from_json, (self.to_json(py)?,)))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        self.with_game(py, |g| {
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
        self.with_game(py, |g| g.public_view().to_string())
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
    let mut out = [0; Action::COUNT];
    // Eight flags at a time (the table's `ActionMask` for `u128`).
    kingup_core::kingup_table::ActionMask::write_flags(&mask, &mut out);
    out
}

/// A mask as a new `int8` array, or written into `out` (checked: a writable, contiguous
/// `int8` array of 67) and returned.
pub(crate) fn mask_array<'py>(
    py: Python<'py>,
    mask: u128,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<i8>>> {
    let flags = mask_bytes(mask);
    match out.filter(|o| !o.is_none()) {
        None => Ok(PyArray1::from_slice(py, &flags)),
        Some(out) => write_out(out, &flags, "out"),
    }
}

/// An observation as a new `float32` array, or written into `out` (checked) and returned.
pub(crate) fn observation_array<'py>(
    py: Python<'py>,
    obs: &[f32; OBSERVATION_LEN],
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<f32>>> {
    match out.filter(|o| !o.is_none()) {
        None => Ok(PyArray1::from_slice(py, obs)),
        Some(out) => write_out(out, obs, "out"),
    }
}

/// Copies `values` into the caller's array `out`, which must be a writable, 1-D,
/// contiguous array of `values.len()` elements of `T`'s dtype; `TypeError` or
/// `ValueError` otherwise, with `out` untouched.
pub(crate) fn write_out<'py, T: numpy::Element + Copy>(
    out: &Bound<'py, PyAny>,
    values: &[T],
    what: &str,
) -> PyResult<Bound<'py, PyArray1<T>>> {
    let py = out.py();
    let array = out.cast::<PyArray1<T>>().map_err(|_| {
        PyTypeError::new_err(format!(
            "{what} must be a 1-D NumPy array of {}, not {}",
            numpy::dtype::<T>(py),
            convert::type_name(out)
        ))
    })?;
    let mut writable = array
        .try_readwrite()
        .map_err(|e| PyValueError::new_err(format!("{what} cannot be written: {e}")))?;
    let slice = writable
        .as_slice_mut()
        .map_err(|_| PyValueError::new_err(format!("{what} must be a contiguous array")))?;
    if slice.len() != values.len() {
        return Err(PyValueError::new_err(format!(
            "{what} must hold {} values, not {}",
            values.len(),
            slice.len()
        )));
    }
    slice.copy_from_slice(values);
    drop(writable);
    Ok(array.clone())
}
