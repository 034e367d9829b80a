//! The one `Game` class of every game: the table's generic `Session<G>` with Python
//! arguments, errors and values around it. `kingup.Game` and `kingup.court.Game` are each
//! [`game_class!`] over their game, plus the few properties only that game has.
//!
//! The session sits behind a `Mutex` (see `sync`): each method reads its Python arguments,
//! then locks the session for Rust work only (no Python code runs and the GIL is kept
//! while it is locked), then makes its Python values. A game can thus be shared between
//! threads: calls never overlap, and none can see another half done.

use std::sync::{Mutex, MutexGuard};

use kingup_core::kingup_table::{
    ActionMask, ChanceMode, Generator, Refusal, Rules, Seat, SeatError, Session, Step,
};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyList;

use crate::config::choice_arg;
use crate::convert::{
    self, SeatArg, action_index, given, int_arg, seat_index, seed_arg, seed_or_os,
};
use crate::errors;
use crate::reward::read_reward;
use crate::sync;

/// What the Python shell asks of a game beyond the table's `Rules`: its exception class and
/// its event class (and a config with a save form).
pub(crate) trait PyRules:
    Rules<Config: serde::Serialize + serde::de::DeserializeOwned> + Send + 'static
{
    /// The class in `kingup.errors` of this game's refused actions.
    const ILLEGAL_ACTION_ERROR: &'static str;
    /// The Python class of this game's events.
    type PyEvent: for<'py> IntoPyObject<'py>;
    /// An event as its Python object.
    fn py_event(event: Self::Event) -> Self::PyEvent;
}

/// The reason codes every game gives when nobody may act or the seat does not play (both
/// games' catalogues hold them: `tests/test_reasons.py` checks it).
const GAME_OVER: &str = "game_over";
const CHANCE_PENDING: &str = "chance_pending";
const NO_SUCH_SEAT: &str = "no_such_seat";
/// The code of an action or chance outcome index outside its range.
pub(crate) const NO_SUCH_ACTION: &str = "no_such_action";
const NO_SUCH_OUTCOME: &str = "no_such_outcome";

/// A game's session, shared by the Python threads that hold its `Game`.
#[derive(Debug)]
pub(crate) struct Shell<G: Rules> {
    session: Mutex<Session<G>>,
}

/// Why `apply` refused a move, found with the game locked and raised once it is not.
enum Refused<G: Rules> {
    /// The rules' refusal of `seat`'s action.
    Illegal(Seat, G::IllegalAction),
    /// Nobody may act (chance is to move, or the game is over), or the seat named does
    /// not play: the seat named if any, the message and the reason code.
    Unplayable(Option<i64>, String, &'static str),
}

/// The seat of a move of `action` in `game`: the one named, or the next to act; else why
/// not.
fn move_seat<G: Rules>(game: &G, seat: SeatArg, action: G::Action) -> Result<Seat, Refused<G>> {
    let index = match seat {
        SeatArg::Next => return game.next_seat().ok_or_else(|| nobody(game, action)),
        SeatArg::Index(i) => i,
    };
    let players = game.players();
    checked_seat(index, players).map_err(|_| {
        let message = format!(
            "seat {index} cannot {action:#}: there is no such seat in a {players}-player game"
        );
        Refused::Unplayable(Some(index), message, NO_SUCH_SEAT)
    })
}

/// Seat `index` of a game of `players`, else the table's `SeatError`.
fn checked_seat(index: i64, players: usize) -> Result<Seat, SeatError> {
    Seat::checked(index, u8::try_from(players).unwrap_or(u8::MAX))
}

/// Why nobody may play `action` in `game`, where no seat is next.
fn nobody<G: Rules>(game: &G, action: G::Action) -> Refused<G> {
    let (reason, code) = idle_reason(game);
    Refused::Unplayable(None, format!("nobody can {action:#}: {reason}"), code)
}

/// Why nobody may act in `game` when no seat is next, and its reason code.
pub(crate) fn idle_reason<G: Rules>(game: &G) -> (&'static str, &'static str) {
    if game.chance_pending() {
        ("a chance step is pending", CHANCE_PENDING)
    } else {
        ("the game is over", GAME_OVER)
    }
}

/// The action with dense index `index`, else the message saying it is out of range.
pub(crate) fn action_at<G: Rules>(index: i64) -> Result<G::Action, String> {
    usize::try_from(index)
        .ok()
        .and_then(G::action_from_index)
        .ok_or_else(|| {
            format!(
                "action index {index} is out of range 0..{}",
                G::ACTION_COUNT
            )
        })
}

/// The chance outcome with dense index `index`, else the message saying it is out of range.
fn outcome_at<G: Rules>(index: i64) -> Result<G::ChanceOutcome, String> {
    usize::try_from(index)
        .ok()
        .and_then(G::chance_from_index)
        .ok_or_else(|| {
            format!(
                "chance outcome index {index} is out of range 0..{}",
                G::CHANCE_COUNT
            )
        })
}

/// `"auto"` or `"explicit"`, as a chance mode.
fn chance_arg(obj: &Bound<'_, PyAny>) -> PyResult<ChanceMode> {
    let modes = [
        ("auto", ChanceMode::Auto),
        ("explicit", ChanceMode::Explicit),
    ];
    choice_arg(obj, "chance", &modes)
}

/// The ints `0..256` (more than any game's actions), made once: lists of legal actions
/// hold these objects.
fn action_ints(py: Python<'_>) -> PyResult<&[Py<PyAny>; 256]> {
    static INTS: PyOnceLock<[Py<PyAny>; 256]> = PyOnceLock::new();
    INTS.get_or_try_init(py, || {
        let ints = (0..256usize)
            .map(|i| Ok(i.into_pyobject(py)?.into_any().unbind()))
            .collect::<PyResult<Vec<_>>>()?;
        ints.try_into()
            .map_err(|_| PyRuntimeError::new_err("internal error (kingup bug): action ints"))
    })
}

/// The indices in `mask`, as a list. This runs at every step of a Python game loop, so it
/// fills the list directly from the cached int objects: each item costs a reference
/// count, and the generic conversion's work (an iterator whose length it must check, a
/// conversion per item) is skipped.
pub(crate) fn action_list<'py, M: ActionMask>(
    py: Python<'py>,
    mask: &M,
) -> PyResult<Bound<'py, PyList>> {
    let ints = action_ints(py)?;
    let len = mask.count();
    // SAFETY: `PyList_New` returns a new list of `len` empty slots, or null with an
    // exception set (checked by `from_owned_ptr_or_err`). `for_each_index` calls back with
    // exactly `count()` indices, each below the game's action count (at most 256, checked
    // by `get`); `slot < len` holds for each, so each slot is filled exactly once, by
    // `PyList_SetItem`, which steals the reference `Py_IncRef` adds to the cached int (it
    // cannot fail: the slot is in range and the object is a list).
    unsafe {
        let list = Bound::from_owned_ptr_or_err(py, ffi::PyList_New(len as _))?;
        let mut slot = 0;
        mask.for_each_index(|index| {
            if let (true, Some(int)) = (slot < len, ints.get(index)) {
                ffi::Py_IncRef(int.as_ptr());
                ffi::PyList_SetItem(list.as_ptr(), slot as _, int.as_ptr());
                slot += 1;
            }
        });
        Ok(list.cast_into_unchecked())
    }
}

/// `values` as a new array, or written into `out` (checked: a writable, contiguous array of
/// that dtype and length) and returned.
pub(crate) fn array_or_out<'py, T: numpy::Element + Copy>(
    py: Python<'py>,
    values: &[T],
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<T>>> {
    match given(out) {
        None => Ok(PyArray1::from_slice(py, values)),
        Some(out) => write_out(out, values, "out"),
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

/// A step as `history()` gives it: `(seat, action index)` or `(None, outcome index)`.
fn step_pair<G: Rules>(step: &Step<G>) -> (Option<usize>, usize) {
    match *step {
        Step::Chance(outcome) => (None, G::chance_index(outcome)),
        Step::Action { seat, action } => (Some(seat.index()), G::action_index(action)),
    }
}

/// The generator of the `seed=` argument (`None`: drawn from the OS) and the chance mode
/// of the `chance=` argument (`None`: automatic).
fn stream(
    seed: Option<&Bound<'_, PyAny>>,
    chance: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Generator, ChanceMode)> {
    let mode = given(chance)
        .map(chance_arg)
        .transpose()?
        .unwrap_or_default();
    Ok((Generator::new(seed_or_os(seed)?), mode))
}

impl<G: PyRules> Shell<G> {
    pub(crate) fn new(session: Session<G>) -> Shell<G> {
        Shell {
            session: Mutex::new(session),
        }
    }

    /// A new game of `config` with the `seed=` and `chance=` arguments; the rules' refusal
    /// of `config` made a Python error by `refused`.
    pub(crate) fn start(
        config: G::Config,
        seed: Option<&Bound<'_, PyAny>>,
        chance: Option<&Bound<'_, PyAny>>,
        refused: impl FnOnce(G::ConfigError) -> PyErr,
    ) -> PyResult<Shell<G>> {
        let (generator, mode) = stream(seed, chance)?;
        let session = Session::with_generator(config, generator, mode).map_err(refused)?;
        Ok(Shell::new(session))
    }

    /// A game resumed from `replay` (a save's steps, or a position's history) with the
    /// `seed=` and `chance=` arguments; a refusal is `InvalidStateError`.
    pub(crate) fn resume(
        py: Python<'_>,
        replay: kingup_core::kingup_table::Replay<G>,
        seed: Option<&Bound<'_, PyAny>>,
        chance: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Shell<G>> {
        let (generator, mode) = stream(seed, chance)?;
        Session::from_replay(replay, generator, mode)
            .map(Shell::new)
            .map_err(|e| errors::from_load_error(py, &e))
    }

    /// The session, locked for this call (see the module's comment).
    #[inline]
    pub(crate) fn session(&self, py: Python<'_>) -> PyResult<MutexGuard<'_, Session<G>>> {
        sync::lock(py, &self.session)
    }

    /// Runs `f` on the session, locked; `f` must not call into Python.
    #[inline]
    pub(crate) fn with<R>(&self, py: Python<'_>, f: impl FnOnce(&Session<G>) -> R) -> PyResult<R> {
        Ok(f(&*self.session(py)?))
    }

    /// Runs `f` on the game, locked; `f` must not call into Python.
    #[inline]
    pub(crate) fn with_game<R>(&self, py: Python<'_>, f: impl FnOnce(&G) -> R) -> PyResult<R> {
        Ok(f(self.session(py)?.game()))
    }

    /// Runs `f` on the game if its lock is free at once and not poisoned, else `None`: for
    /// the fast paths (`fast.rs`), which leave every other case to the full methods.
    #[inline]
    pub(crate) fn try_with_game<R>(&self, f: impl FnOnce(&G) -> R) -> Option<R> {
        Some(f(self.session.try_lock().ok()?.game()))
    }

    /// Plays `action` for the seat that acts next, if the lock is free at once and the
    /// action legal; else `None`, and nothing changed (see `try_with_game`).
    #[inline]
    pub(crate) fn try_apply_next(&self, action: G::Action) -> Option<()> {
        let mut session = self.session.try_lock().ok()?;
        let seat = session.game().next_seat()?;
        session.apply(seat, action).ok().map(drop)
    }

    /// `obj`'s seat in the game, or `SeatError`.
    pub(crate) fn seat_of(&self, obj: &Bound<'_, PyAny>) -> PyResult<Seat> {
        let py = obj.py();
        let index = seat_index(obj)?;
        let players = self.with_game(py, G::players)?;
        checked_seat(index, players).map_err(|e| errors::from_seat_error(py, &e))
    }

    /// The view of `seat` (default: the seat that acts next) for a bot to decide from;
    /// `SeatError` for a seat that does not play, the game's `IllegalActionError` (action
    /// `None`) when nobody may act.
    pub(crate) fn view_for(
        &self,
        py: Python<'_>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<G::View> {
        let seat = match given(seat) {
            Some(obj) => self.seat_of(obj)?,
            None => match self.with_game(py, |g| g.next_seat().ok_or_else(|| idle_reason(g)))? {
                Ok(seat) => seat,
                Err((reason, code)) => {
                    let message = format!("no seat may act now: {reason}");
                    return Err(errors::cannot_act::<G>(py, message, None, code));
                }
            },
        };
        self.with_game(py, |g| g.player_view(seat))
    }

    pub(crate) fn players(&self, py: Python<'_>) -> PyResult<usize> {
        self.with_game(py, G::players)
    }

    pub(crate) fn is_over(&self, py: Python<'_>) -> PyResult<bool> {
        self.with_game(py, G::is_over)
    }

    pub(crate) fn is_truncated(&self, py: Python<'_>) -> PyResult<bool> {
        self.with_game(py, G::is_truncated)
    }

    pub(crate) fn is_chance(&self, py: Python<'_>) -> PyResult<bool> {
        self.with_game(py, G::chance_pending)
    }

    pub(crate) fn to_move(&self, py: Python<'_>) -> PyResult<Option<usize>> {
        self.with_game(py, |g| g.next_seat().map(Seat::index))
    }

    pub(crate) fn chance(&self, py: Python<'_>) -> PyResult<&'static str> {
        self.with(py, |s| match s.chance_mode() {
            ChanceMode::Auto => "auto",
            ChanceMode::Explicit => "explicit",
        })
    }

    pub(crate) fn returns(
        &self,
        py: Python<'_>,
        reward: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<f64>> {
        let reward = read_reward(reward)?;
        self.with_game(py, |g| {
            let mut out = vec![0.0; g.players()];
            reward.returns(g, &mut out);
            out
        })
    }

    /// The seats that share the win once the game is over (none in a game that ended
    /// without a winner), else `None`.
    pub(crate) fn winners(&self, py: Python<'_>) -> PyResult<Option<Vec<usize>>> {
        self.with_game(py, |g| {
            let won = Seat::all(g.players()).filter(|&s| g.win_share(s) > 0.0);
            g.is_over().then(|| won.map(Seat::index).collect())
        })
    }

    /// The legal actions of the seat a `seat=` argument names (the next to act by
    /// default; none for nobody), with one lock of the game.
    fn mask(&self, py: Python<'_>, seat: Option<&Bound<'_, PyAny>>) -> PyResult<G::ActionMask> {
        let seat = SeatArg::read(seat)?;
        let mask = self.with_game(py, |g| {
            let seat = match seat {
                SeatArg::Next => g.next_seat(),
                SeatArg::Index(i) => Some(checked_seat(i, g.players())?),
            };
            Ok(seat.map(|s| g.legal_mask(s)))
        })?;
        let empty = || G::ActionMask::default();
        Ok(mask
            .map_err(|e| errors::from_seat_error(py, &e))?
            .unwrap_or_else(empty))
    }

    pub(crate) fn legal_actions<'py>(
        &self,
        py: Python<'py>,
        seat: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyList>> {
        action_list(py, &self.mask(py, seat)?)
    }

    pub(crate) fn action_mask<'py>(
        &self,
        py: Python<'py>,
        seat: Option<&Bound<'py, PyAny>>,
        out: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let mut flags = [0i8; 256];
        let flags = &mut flags[..G::ACTION_COUNT];
        self.mask(py, seat)?.write_flags(flags);
        array_or_out(py, flags, out)
    }

    pub(crate) fn is_legal(
        &self,
        py: Python<'_>,
        action: &Bound<'_, PyAny>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<bool> {
        let index = action_index(action)?;
        let seat = SeatArg::read(seat)?;
        let Ok(action) = action_at::<G>(index) else {
            return Ok(false);
        };
        self.with_game(py, |g| {
            move_seat(g, seat, action).is_ok_and(|s| g.check(s, action).is_ok())
        })
    }

    pub(crate) fn apply(
        &self,
        py: Python<'_>,
        action: &Bound<'_, PyAny>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let index = action_index(action)?;
        let seat = SeatArg::read(seat)?;
        let action = action_at::<G>(index).map_err(|message| {
            errors::illegal_action_of::<G>(py, message, seat.given(), index, NO_SUCH_ACTION)
        })?;
        let refused = {
            let mut session = self.session(py)?;
            match move_seat(session.game(), seat, action) {
                Ok(s) => session
                    .apply(s, action)
                    .err()
                    .map(|e| Refused::Illegal(s, e)),
                Err(refusal) => Some(refusal),
            }
        };
        let (seat, message, code) = match refused {
            None => return Ok(()),
            Some(Refused::Illegal(s, e)) => (Some(s.index() as i64), e.to_string(), e.code()),
            Some(Refused::Unplayable(seat, message, code)) => (seat, message, code),
        };
        Err(errors::illegal_action_of::<G>(
            py, message, seat, index, code,
        ))
    }

    pub(crate) fn chance_outcomes(&self, py: Python<'_>) -> PyResult<Vec<(usize, f64)>> {
        self.with_game(py, |g| {
            let outcomes = g.chance_outcomes();
            outcomes
                .iter()
                .map(|&(o, p)| (G::chance_index(o), p))
                .collect()
        })
    }

    pub(crate) fn apply_chance(&self, py: Python<'_>, outcome: &Bound<'_, PyAny>) -> PyResult<()> {
        let index = int_arg(outcome, "outcome")?;
        let outcome = outcome_at::<G>(index)
            .map_err(|message| errors::illegal_chance(py, message, index, NO_SUCH_OUTCOME))?;
        match self.session(py)?.apply_chance(outcome) {
            Ok(_) => Ok(()),
            Err(e) => Err(errors::illegal_chance(py, e.to_string(), index, e.code())),
        }
    }

    pub(crate) fn resolve_chance(&self, py: Python<'_>) -> PyResult<usize> {
        let mut session = self.session(py)?;
        let before = session.replay().steps.len();
        session.resolve_chance();
        Ok(session.replay().steps.len() - before)
    }

    pub(crate) fn play_random(
        &self,
        py: Python<'_>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<u64> {
        let seed = given(seed).map(seed_arg).transpose()?;
        let mut session = self.session(py)?;
        if let Some(seed) = seed {
            // The same steps replayed under a new stream (the table keeps a session's
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

    pub(crate) fn undo(&self, py: Python<'_>, seat: &Bound<'_, PyAny>) -> PyResult<()> {
        let index = seat_index(seat)?;
        let result = {
            let mut session = self.session(py)?;
            checked_seat(index, session.game().players()).map(|s| session.undo(s))
        };
        match result {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(errors::from_undo_error(py, &e, index)),
            Err(e) => Err(errors::from_seat_error(py, &e)),
        }
    }

    pub(crate) fn undoable(&self, py: Python<'_>) -> PyResult<usize> {
        self.with(py, Session::undoable)
    }

    pub(crate) fn observation<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
        out: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = self.seat_of(seat)?;
        let mut obs = vec![0.0f32; G::OBSERVATION_LEN];
        // The buffer has the game's length: the encoder cannot refuse it.
        self.with_game(py, |g| g.observation(seat, &mut obs))?
            .map_err(|e| PyRuntimeError::new_err(format!("internal error (kingup bug): {e}")))?;
        array_or_out(py, &obs, out)
    }

    pub(crate) fn events(
        &self,
        py: Python<'_>,
        seat: Option<&Bound<'_, PyAny>>,
        since: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<G::PyEvent>> {
        let viewer = given(seat).map(|s| self.seat_of(s)).transpose()?;
        let since = match given(since) {
            None => 0,
            Some(obj) => usize::try_from(int_arg(obj, "since")?)
                .map_err(|_| PyValueError::new_err("since must be >= 0"))?,
        };
        let events: Vec<G::Event> = self.with(py, |s| s.events_for(viewer, since).collect())?;
        Ok(events.into_iter().map(G::py_event).collect())
    }

    pub(crate) fn num_events(&self, py: Python<'_>) -> PyResult<usize> {
        self.with(py, |s| s.events().len())
    }

    pub(crate) fn history(&self, py: Python<'_>) -> PyResult<Vec<(Option<usize>, usize)>> {
        self.with(py, |s| s.replay().steps.iter().map(step_pair).collect())
    }

    pub(crate) fn steps(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        self.with(py, |s| {
            s.replay().steps.iter().map(ToString::to_string).collect()
        })
    }

    pub(crate) fn copy(&self, py: Python<'_>) -> PyResult<Shell<G>> {
        Ok(Shell::new(self.with(py, Session::clone)?))
    }

    /// Whether the two sessions would play on the same way. One lock at a time: a copy of
    /// one session, then the other locked to compare.
    pub(crate) fn same(&self, py: Python<'_>, other: &Shell<G>) -> PyResult<bool> {
        let mine = self.with(py, Session::clone)?;
        other.with(py, |theirs| mine == *theirs)
    }

    pub(crate) fn to_json(&self, py: Python<'_>) -> PyResult<String> {
        self.with(py, Session::to_json)
    }

    /// The config as the save document writes it (its `config` object), as JSON text.
    pub(crate) fn config_json(&self, py: Python<'_>) -> PyResult<String> {
        let config = self.with(py, |s| s.replay().config)?;
        convert::to_json(&config)
    }

    /// A game replayed from `config` (the JSON of a save document's `config`) and
    /// `history` (`history()`'s pairs), with explicit chance and the `seed=` generator;
    /// `TypeError` for a history of another shape, `InvalidStateError` for a malformed
    /// config, an index out of range or a step the rules refuse (its reason code).
    pub(crate) fn from_history(
        py: Python<'_>,
        config: &Bound<'_, PyAny>,
        history: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Shell<G>> {
        use kingup_core::kingup_table::{LoadError, Replay};
        let text = convert::json_arg(config)?;
        let config: G::Config = serde_json::from_str(&text).map_err(|e| {
            let message = format!("invalid config: {}", convert::cut(&e.to_string(), 200));
            errors::from_load_error(py, &LoadError::<G>::Malformed(message))
        })?;
        let items = history.try_iter().map_err(|_| {
            PyTypeError::new_err(format!(
                "history must be an iterable of (seat, index) pairs, not {}",
                convert::type_name(history)
            ))
        })?;
        let mut steps = Vec::new();
        for (k, item) in items.enumerate() {
            let item = item?;
            let (seat, index): (Option<Bound<'_, PyAny>>, Bound<'_, PyAny>) =
                item.extract().map_err(|_| {
                    PyTypeError::new_err(format!(
                        "history step {k} must be a (seat, index) pair (seat None for chance), not {}",
                        convert::type_name(&item)
                    ))
                })?;
            let index = int_arg(&index, "a step's index")?;
            let malformed = |message: String| {
                errors::from_load_error(
                    py,
                    &LoadError::<G>::Malformed(format!("history step {k}: {message}")),
                )
            };
            let step = match seat {
                None => Step::Chance(outcome_at::<G>(index).map_err(malformed)?),
                Some(seat) => {
                    let seat = int_arg(&seat, "a step's seat")?;
                    let seat = usize::try_from(seat)
                        .ok()
                        .and_then(Seat::new)
                        .ok_or_else(|| malformed(format!("{seat} is not a seat")))?;
                    let action = action_at::<G>(index).map_err(malformed)?;
                    Step::Action { seat, action }
                }
            };
            steps.push(step);
        }
        let generator = Generator::new(seed_or_os(seed)?);
        let replay = Replay { config, steps };
        Session::from_replay(replay, generator, ChanceMode::Explicit)
            .map(Shell::new)
            .map_err(|e| errors::from_load_error(py, &e))
    }

    pub(crate) fn from_json(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<Shell<G>> {
        let text = crate::convert::json_arg_within(text, G::MAX_SAVE_LEN, |len| {
            errors::from_load_error(py, &kingup_core::kingup_table::LoadError::<G>::TooLong(len))
        })?;
        Session::from_json(&text)
            .map(Shell::new)
            .map_err(|e| errors::from_load_error(py, &e))
    }
}

/// Writes `kingup.…Game`'s class for a game: the struct holding a [`Shell`] and every method
/// the games share, plus `$extra`, the game's own methods (constructor, properties, `__repr__`).
macro_rules! game_class {
    (
        $(#[$meta:meta])*
        $class:ident($game:ty), module = $module:tt, { $($extra:tt)* }
    ) => {
        $(#[$meta])*
        #[pyclass(module = $module, name = "Game", frozen)]
        #[derive(Debug)]
        pub(crate) struct $class(pub(crate) $crate::shell::Shell<$game>);

        impl $crate::fast::FastGame for $class {
            type Rules = $game;

            fn shell(&self) -> &$crate::shell::Shell<$game> {
                &self.0
            }

            fn generated() -> &'static pyo3::sync::PyOnceLock<$crate::fast::Generated> {
                static GENERATED: pyo3::sync::PyOnceLock<$crate::fast::Generated> =
                    pyo3::sync::PyOnceLock::new();
                &GENERATED
            }
        }

        #[pymethods]
        impl $class {
            /// Number of players.
            #[getter]
            fn players(&self, py: Python<'_>) -> PyResult<usize> {
                self.0.players(py)
            }

            /// `"auto"` or `"explicit"`.
            #[getter]
            fn chance(&self, py: Python<'_>) -> PyResult<&'static str> {
                self.0.chance(py)
            }

            /// Whether the game is over.
            #[getter]
            fn is_over(&self, py: Python<'_>) -> PyResult<bool> {
                self.0.is_over(py)
            }

            /// Whether the game ended at a bound its config set (court's `max_rounds`),
            /// without a result: a truncation, not a termination. Never for King Up!.
            #[getter]
            fn is_truncated(&self, py: Python<'_>) -> PyResult<bool> {
                self.0.is_truncated(py)
            }

            /// Whether a chance step is pending (only ever with `chance="explicit"`).
            #[getter]
            fn is_chance(&self, py: Python<'_>) -> PyResult<bool> {
                self.0.is_chance(py)
            }

            /// The seat that acts next; `None` when chance is to move or the game is over.
            #[getter]
            fn to_move(&self, py: Python<'_>) -> PyResult<Option<usize>> {
                self.0.to_move(py)
            }

            /// The seats that share the win once the game is over (ties share it; none in
            /// a game that ended without a winner), else `None`.
            #[getter]
            fn winners(&self, py: Python<'_>) -> PyResult<Option<Vec<usize>>> {
                self.0.winners(py)
            }

            /// Each seat's return so far under reward model `reward` (`"win"`, the
            /// default: the win share at the end; `"points"`: the scores; `"margin"`: at
            /// the end, the score minus the mean of the others'). Every environment pays
            /// the change of it.
            #[pyo3(signature = (reward=None))]
            fn returns(&self, py: Python<'_>, reward: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<f64>> {
                self.0.returns(py, reward)
            }

            /// The legal action indices of `seat` (default: the seat that acts next),
            /// sorted; `[]` for a seat that may not act.
            #[pyo3(signature = (seat=None))]
            fn legal_actions<'py>(
                &self,
                py: Python<'py>,
                seat: Option<&Bound<'py, PyAny>>,
            ) -> PyResult<Bound<'py, pyo3::types::PyList>> {
                self.0.legal_actions(py, seat)
            }

            /// The legal actions of `seat` (default: the seat that acts next) as an `int8`
            /// mask of length `NUM_ACTIONS`; with `out` (a writable `int8` array of that
            /// length), written into it and returned.
            #[pyo3(signature = (seat=None, out=None))]
            fn action_mask<'py>(
                &self,
                py: Python<'py>,
                seat: Option<&Bound<'py, PyAny>>,
                out: Option<&Bound<'py, PyAny>>,
            ) -> PyResult<Bound<'py, numpy::PyArray1<i8>>> {
                self.0.action_mask(py, seat, out)
            }

            /// Whether `seat` (default: the seat that acts next) may play `action` now.
            #[pyo3(signature = (action, seat=None))]
            fn is_legal(
                &self,
                py: Python<'_>,
                action: &Bound<'_, PyAny>,
                seat: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<bool> {
                self.0.is_legal(py, action, seat)
            }

            /// Plays `action` for `seat` (default: the seat that acts next). With
            /// automatic chance, the chance steps that follow are drawn. Raises the game's
            /// `IllegalActionError` and leaves the game unchanged if illegal.
            #[pyo3(signature = (action, seat=None))]
            fn apply(
                &self,
                py: Python<'_>,
                action: &Bound<'_, PyAny>,
                seat: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<()> {
                self.0.apply(py, action, seat)
            }

            /// The outcomes of the pending chance step as `(outcome index, probability)`
            /// pairs; empty when chance is not to move.
            fn chance_outcomes(&self, py: Python<'_>) -> PyResult<Vec<(usize, f64)>> {
                self.0.chance_outcomes(py)
            }

            /// Applies a chance outcome by index (`chance="explicit"`). Raises
            /// `IllegalChanceError` and leaves the game unchanged if it is not possible now.
            fn apply_chance(&self, py: Python<'_>, outcome: &Bound<'_, PyAny>) -> PyResult<()> {
                self.0.apply_chance(py, outcome)
            }

            /// Draws every pending chance step from the game's generator (the one `seed=`
            /// made) until a seat is to move or the game is over. Returns the number of
            /// chance steps drawn: 0 when none was pending, as always with `chance="auto"`.
            fn resolve_chance(&self, py: Python<'_>) -> PyResult<usize> {
                self.0.resolve_chance(py)
            }

            /// Plays uniformly random legal actions to the end of the game, chance
            /// included, all drawn from the game's generator; with `seed`, the generator is
            /// first replaced by `seed`'s. Returns the number of actions played.
            #[pyo3(signature = (seed=None))]
            fn play_random(&self, py: Python<'_>, seed: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
                self.0.play_random(py, seed)
            }

            /// Takes back `seat`'s last action: it must be the game's last step, and nothing
            /// may have been revealed by it or since (a chance step, a reveal, random play).
            /// Call it again for the action before. Raises `UndoError` (`reason`:
            /// `nothing_to_undo`, `not_your_step`, `revealed`) and changes nothing otherwise.
            fn undo(&self, py: Python<'_>, seat: &Bound<'_, PyAny>) -> PyResult<()> {
                self.0.undo(py, seat)
            }

            /// How many of the last steps `undo` could take back, by the seats that played
            /// them.
            #[getter]
            fn undoable(&self, py: Python<'_>) -> PyResult<usize> {
                self.0.undoable(py)
            }

            /// `seat`'s observation tensor: `float32`, length `OBSERVATION_LEN`, seats
            /// relative to `seat` (layout: `OBSERVATION_FIELDS`); with `out` (a writable
            /// `float32` array of that length), written into it and returned.
            #[pyo3(signature = (seat, out=None))]
            fn observation<'py>(
                &self,
                py: Python<'py>,
                seat: &Bound<'py, PyAny>,
                out: Option<&Bound<'py, PyAny>>,
            ) -> PyResult<Bound<'py, numpy::PyArray1<f32>>> {
                self.0.observation(py, seat, out)
            }

            /// The events since the game was created (from index `since`), as `seat` may
            /// see them (`None`, the default: a spectator).
            #[pyo3(signature = (seat=None, since=None))]
            fn events(
                &self,
                py: Python<'_>,
                seat: Option<&Bound<'_, PyAny>>,
                since: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<Vec<<$game as $crate::shell::PyRules>::PyEvent>> {
                self.0.events(py, seat, since)
            }

            /// Number of events so far (for `events(seat, since=...)`).
            #[getter]
            fn num_events(&self, py: Python<'_>) -> PyResult<usize> {
                self.0.num_events(py)
            }

            /// Every step since the game was created: `(seat, action index)` for an action,
            /// `(None, outcome index)` for a chance outcome. Full information: not for
            /// players.
            fn history(&self, py: Python<'_>) -> PyResult<Vec<(Option<usize>, usize)>> {
                self.0.history(py)
            }

            /// Every step in the game's notation, as the save document lists them. Full
            /// information: not for players.
            fn steps(&self, py: Python<'_>) -> PyResult<Vec<String>> {
                self.0.steps(py)
            }

            /// An independent copy, generator included (it will play out the same).
            fn clone(&self, py: Python<'_>) -> PyResult<$class> {
                Ok($class(self.0.copy(py)?))
            }

            fn __copy__(&self, py: Python<'_>) -> PyResult<$class> {
                self.clone(py)
            }

            fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyResult<$class> {
                self.clone(py)
            }

            /// Games are equal when they play on the same way: same config, steps, chance
            /// mode and generator state (the table's `Session` equality).
            fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
                match other.cast::<$class>() {
                    Ok(other) if slf.is(other) => Ok(true),
                    Ok(other) => slf.get().0.same(slf.py(), &other.get().0),
                    Err(_) => Ok(false),
                }
            }

            /// The save document: the table's `Session::to_json`, byte for byte what every
            /// other front end writes for this game. It holds every secret and the
            /// generator's state, which predicts all chance to come (the host's, never a
            /// player's).
            fn to_json(&self, py: Python<'_>) -> PyResult<String> {
                self.0.to_json(py)
            }

            /// Reads a save document by replaying its steps; raises `InvalidStateError`
            /// (with the table's `LoadError` code as `reason`) for anything malformed, from
            /// another version, longer than `MAX_SAVE_LEN` bytes, or that the rules refuse.
            #[staticmethod]
            fn from_json(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<$class> {
                $crate::shell::Shell::from_json(py, text).map($class)
            }

            /// The game's config as JSON text: the save document's `config` object (what
            /// `from_history` and a dataset's `config` column take).
            fn config_json(&self, py: Python<'_>) -> PyResult<String> {
                self.0.config_json(py)
            }

            /// The game `history` records, replayed step by step on a game of `config`
            /// (`config_json()`'s text) with explicit chance: a game of random play or of
            /// bots replays exactly, whatever drew its chance. Its generator is `seed`'s
            /// (`None`: from the operating system), for chance to come. Raises
            /// `InvalidStateError` (`reason`: `malformed`, `invalid_config`, or the
            /// refused step's code) for a record the rules refuse.
            #[staticmethod]
            #[pyo3(signature = (config, history, *, seed=None))]
            fn from_history(
                py: Python<'_>,
                config: &Bound<'_, PyAny>,
                history: &Bound<'_, PyAny>,
                seed: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<$class> {
                $crate::shell::Shell::from_history(py, config, history, seed).map($class)
            }

            fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
                let from_json = py.get_type::<$class>().getattr("from_json")?;
                Ok((from_json, (self.to_json(py)?,)))
            }

            $($extra)*
        }
    };
}

pub(crate) use game_class;
