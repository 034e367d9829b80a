//! Reading Python arguments (with typed errors) and making Python values.

use kingup_core::{
    Action, ActionIndexError, ChanceOutcome, Character, Config, Floor, OutcomeIndexError, Phase,
    Seat, SeatSet, Vote,
};
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyList, PyTuple};

use crate::errors;

/// An integer argument: a Python `int` or anything with `__index__` (NumPy integers);
/// `bool` is refused, as are floats and strings. Values beyond 64 bits saturate, so that
/// range checks downstream reject them with their own message.
pub(crate) fn int_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<i64> {
    if obj.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "{what} must be an int, not bool"
        )));
    }
    match obj.extract::<i64>() {
        Ok(value) => Ok(value),
        Err(err) if err.is_instance_of::<PyOverflowError>(obj.py()) => {
            let negative = obj.lt(0).unwrap_or(false);
            Ok(if negative { i64::MIN } else { i64::MAX })
        }
        Err(_) => Err(PyTypeError::new_err(format!(
            "{what} must be an int, not {}",
            type_name(obj)
        ))),
    }
}

/// The Python type name of `obj`, for messages.
pub(crate) fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "object".to_owned(), |n| n.to_string())
}

/// An integer argument in `0..n`, else `ValueError`.
pub(crate) fn index_in(obj: &Bound<'_, PyAny>, what: &str, n: usize) -> PyResult<usize> {
    let value = int_arg(obj, what)?;
    usize::try_from(value)
        .ok()
        .filter(|&i| i < n)
        .ok_or_else(|| PyValueError::new_err(format!("{what} {value} is out of range 0..{n}")))
}

/// The reason code of an action index outside `0..67`: the core's
/// `ActionIndexError::code` (the same for every index).
pub(crate) const NO_SUCH_ACTION: &str = ActionIndexError(0).code();

/// The reason code of a chance outcome index outside `0..42`: the core's
/// `OutcomeIndexError::code`.
pub(crate) const NO_SUCH_OUTCOME: &str = OutcomeIndexError(0).code();

/// The action with dense index `index`, else the core's message (a negative index, which
/// the core's error cannot hold, is worded the same way).
pub(crate) fn action_from_index(index: i64) -> Result<Action, String> {
    let count = Action::COUNT;
    usize::try_from(index)
        .map_err(|_| format!("action index {index} is out of range 0..{count}"))
        .and_then(|i| Action::try_from(i).map_err(|e| e.to_string()))
}

/// The chance outcome with dense index `index`, else the core's message (worded the same
/// way for a negative index).
pub(crate) fn outcome_from_index(index: i64) -> Result<ChanceOutcome, String> {
    let count = ChanceOutcome::COUNT;
    usize::try_from(index)
        .map_err(|_| format!("chance outcome index {index} is out of range 0..{count}"))
        .and_then(|i| ChanceOutcome::try_from(i).map_err(|e| e.to_string()))
}

/// A seat of a game with `config`: an int the core accepts (`Config::seat`), else
/// `SeatError` with the core's message and reason code.
pub(crate) fn seat_arg(obj: &Bound<'_, PyAny>, config: &Config) -> PyResult<Seat> {
    let value = int_arg(obj, "seat")?;
    config
        .seat(value)
        .map_err(|e| errors::from_seat_error(obj.py(), &e))
}

/// A seed: an int in `0..2**64` (Python or NumPy).
pub(crate) fn seed_arg(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    // Type errors first, with `int_arg`'s message; then the exact 64-bit range.
    int_arg(obj, "seed")?;
    obj.extract::<u64>().map_err(|_| {
        let shown = obj.str().map_or_else(|_| "?".to_owned(), |s| s.to_string());
        PyValueError::new_err(format!("seed must be in 0..2**64, not {shown}"))
    })
}

/// An optional seed argument (missing or `None`: a seed from the operating system).
pub(crate) fn seed_or_os(obj: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
    match obj.filter(|s| !s.is_none()) {
        Some(obj) => seed_arg(obj),
        None => Ok(os_seed()),
    }
}

/// A seed from the operating system's randomness (std seeds `RandomState` from it), for
/// games and bots made without one.
fn os_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish()
}

/// An optional seat as a Python `int` or `None`.
pub(crate) fn seat_or_none(seat: Option<Seat>) -> Option<usize> {
    seat.map(Seat::index)
}

/// A set of seats as a sorted list of ints.
pub(crate) fn seat_list(seats: SeatSet) -> Vec<usize> {
    seats.iter().map(Seat::index).collect()
}

/// The members of the Python enum `kingup._types.<name>`, in definition order (cached).
fn members<'py>(
    py: Python<'py>,
    cell: &'static PyOnceLock<Py<PyTuple>>,
    name: &str,
) -> PyResult<Bound<'py, PyTuple>> {
    cell.get_or_try_init(py, || {
        let class = py.import("kingup._types")?.getattr(name)?;
        Ok::<_, PyErr>(PyTuple::new(py, class.try_iter()?.collect::<PyResult<Vec<_>>>()?)?.unbind())
    })
    .map(|t| t.bind(py).clone())
}

/// The `kingup.Character` member for `c`.
pub(crate) fn character(py: Python<'_>, c: Character) -> PyResult<Bound<'_, PyAny>> {
    static CELL: PyOnceLock<Py<PyTuple>> = PyOnceLock::new();
    members(py, &CELL, "Character")?.get_item(c.index())
}

/// The `kingup.Floor` member for `f`.
pub(crate) fn floor(py: Python<'_>, f: Floor) -> PyResult<Bound<'_, PyAny>> {
    static CELL: PyOnceLock<Py<PyTuple>> = PyOnceLock::new();
    members(py, &CELL, "Floor")?.get_item(f.index())
}

/// The `kingup.Vote` member for `v`.
pub(crate) fn vote(py: Python<'_>, v: Vote) -> PyResult<Bound<'_, PyAny>> {
    static CELL: PyOnceLock<Py<PyTuple>> = PyOnceLock::new();
    members(py, &CELL, "Vote")?.get_item(usize::from(v == Vote::No))
}

/// The `kingup.Phase` member for `p`.
pub(crate) fn phase(py: Python<'_>, p: Phase) -> PyResult<Bound<'_, PyAny>> {
    static CELL: PyOnceLock<Py<PyTuple>> = PyOnceLock::new();
    members(py, &CELL, "Phase")?.get_item(p.index())
}

/// Characters as a list of `kingup.Character`.
pub(crate) fn characters<'py>(
    py: Python<'py>,
    set: impl IntoIterator<Item = Character>,
) -> PyResult<Bound<'py, PyList>> {
    let items = set
        .into_iter()
        .map(|c| character(py, c))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, items)
}

/// Parses a JSON document with the engine's serde forms, mapping any error to
/// `InvalidStateError` that names `what`.
pub(crate) fn from_json<T: serde::de::DeserializeOwned>(
    py: Python<'_>,
    text: &str,
    what: &str,
) -> PyResult<T> {
    serde_json::from_str(text)
        .map_err(|e| errors::invalid_state(py, format!("invalid {what}: {e}")))
}

/// Serializes with the engine's serde forms. The types serialized here have no map keys
/// that are not strings, so this cannot fail; an error would still surface, not panic.
pub(crate) fn to_json<T: serde::Serialize>(value: &T) -> PyResult<String> {
    serde_json::to_string(value).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// A JSON document as Python objects (`json.loads`).
pub(crate) fn json_to_py<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    static LOADS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let loads = LOADS.get_or_try_init(py, || {
        py.import("json")?.getattr("loads").map(Bound::unbind)
    })?;
    loads.bind(py).call1((text,))
}

/// Points per round as lists of ints (a `Vec<u8>` would become `bytes`).
pub(crate) fn score_rows(scores: &[[u8; Seat::MAX]], players: usize) -> Vec<Vec<u16>> {
    scores
        .iter()
        .map(|r| r[..players].iter().copied().map(u16::from).collect())
        .collect()
}
