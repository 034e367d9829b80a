//! Reading Python arguments (with typed errors) and making Python values.

use std::borrow::Cow;
use std::ops::RangeInclusive;

use kingup_core::{Character, Config, Floor, LoadError, MAX_SAVE_LEN, Phase, Seat, SeatSet, Vote};
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyInt, PyList, PyString, PyTuple};

use crate::errors;
use crate::sync;

/// Characters of an input an error message quotes at most, so that a huge input is never
/// echoed back whole.
pub(crate) const QUOTE_CHARS: usize = 40;

/// Characters of a message from a parser (serde) that may itself quote the input.
const PARSER_MESSAGE_CHARS: usize = 200;

/// Characters a string naming something may have: an option (`setup`, `chance`,
/// `reward`, `rollout`), a character's name or letter, an action in the core's notation.
/// Every valid one is far shorter; longer ones are refused before they are read.
pub(crate) const MAX_NAME_CHARS: usize = 32;

/// `text` cut to its first `max` characters, with "…" when something was cut: every
/// message that quotes an input goes through here.
pub(crate) fn cut(text: &str, max: usize) -> Cow<'_, str> {
    match text.char_indices().nth(max) {
        Some((end, _)) => Cow::Owned(format!("{}…", &text[..end])),
        None => Cow::Borrowed(text),
    }
}

/// `text` as a message quotes an input: in double quotes, at most `QUOTE_CHARS` of it.
pub(crate) fn quote(text: &str) -> String {
    format!("{:?}", cut(text, QUOTE_CHARS))
}

/// A Python value as a message shows it: its `repr()`, at most `QUOTE_CHARS` of it (an
/// int too long for `repr`, past Python's digit limit, is described instead).
pub(crate) fn shown(obj: &Bound<'_, PyAny>) -> String {
    match obj.repr() {
        Ok(text) => cut(&text.to_string_lossy(), QUOTE_CHARS).into_owned(),
        Err(_) => format!("a {} too large to show", type_name(obj)),
    }
}

/// A message from a parser, which may quote parts of the input, cut to a few lines.
pub(crate) fn parser_message(message: &str) -> String {
    cut(message, PARSER_MESSAGE_CHARS).into_owned()
}

/// An integer argument: a Python `int` or anything with `__index__` (NumPy integers);
/// `bool` is refused, as are floats and strings. Values beyond 64 bits saturate, so that
/// range checks downstream reject them with their own message. An `__index__` that
/// raises has its own error passed on.
pub(crate) fn int_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<i64> {
    if obj.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "{what} must be an int, not bool"
        )));
    }
    let py = obj.py();
    match obj.extract::<i64>() {
        Ok(value) => Ok(value),
        Err(err) if err.is_instance_of::<PyOverflowError>(py) => {
            let negative = obj.lt(0).unwrap_or(false);
            Ok(if negative { i64::MIN } else { i64::MAX })
        }
        Err(err) if !err.is_instance_of::<PyTypeError>(py) => Err(err),
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

/// An integer argument in `range`, else `InvalidConfigError` saying `what` must be in it
/// (and quoting what was given). `TypeError` for a bool or a non-integer.
pub(crate) fn int_in(
    obj: &Bound<'_, PyAny>,
    what: &str,
    range: RangeInclusive<i64>,
) -> PyResult<i64> {
    let value = int_arg(obj, what)?;
    if range.contains(&value) {
        return Ok(value);
    }
    let (lo, hi) = (range.start(), range.end());
    let message = format!(
        "{what} must be {} to {}, not {}",
        thousands(*lo),
        thousands(*hi),
        shown(obj)
    );
    Err(errors::invalid_config(obj.py(), message))
}

/// `n` with thousands separators, as the documentation writes limits (`100,000,000`).
pub(crate) fn thousands(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 + 1);
    if n < 0 {
        out.push('-');
    }
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// A real-number argument: a Python `int` or `float`, or anything with `__float__` (NumPy
/// floats); `bool` is refused (`TypeError`), as are strings. An int too large for a float
/// saturates to an infinity, so range checks downstream reject it with their own message.
pub(crate) fn float_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<f64> {
    if obj.is_instance_of::<PyBool>() || obj.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(format!(
            "{what} must be a number, not {}",
            type_name(obj)
        )));
    }
    let py = obj.py();
    match obj.extract::<f64>() {
        Ok(value) => Ok(value),
        Err(err) if err.is_instance_of::<PyOverflowError>(py) => {
            let negative = obj.lt(0).unwrap_or(false);
            Ok(if negative {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            })
        }
        Err(err) if !err.is_instance_of::<PyTypeError>(py) => Err(err),
        Err(_) => Err(PyTypeError::new_err(format!(
            "{what} must be a number, not {}",
            type_name(obj)
        ))),
    }
}

/// A JSON document argument: a `str` of at most `MAX_SAVE_LEN` bytes (the core's limit on
/// save documents, applied to every document read), checked before it is parsed or
/// copied. Longer ones are `InvalidStateError` with the core's `too_long` reason.
pub(crate) fn json_arg<'a>(obj: &'a Bound<'_, PyAny>) -> PyResult<Cow<'a, str>> {
    json_arg_within(obj, MAX_SAVE_LEN, |len| {
        errors::from_load_error(obj.py(), &LoadError::TooLong(len))
    })
}

/// A JSON document argument of at most `max` bytes, checked before it is parsed or copied;
/// a longer one is refused with `too_long(its length)`.
pub(crate) fn json_arg_within<'a>(
    obj: &'a Bound<'_, PyAny>,
    max: usize,
    too_long: impl Fn(usize) -> PyErr,
) -> PyResult<Cow<'a, str>> {
    let text = obj.cast::<PyString>().map_err(|_| {
        PyTypeError::new_err(format!(
            "the JSON document must be a str, not {}",
            type_name(obj)
        ))
    })?;
    // Characters first (no copy): a text of more characters has at least as many bytes.
    let chars = text.len()?;
    if chars > max {
        return Err(too_long(chars));
    }
    let text = text.to_cow()?;
    if text.len() > max {
        return Err(too_long(text.len()));
    }
    Ok(text)
}

/// A string naming something (see `MAX_NAME_CHARS`), else `TypeError`, or
/// `InvalidConfigError` for a longer one (quoting its start).
pub(crate) fn name_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    let text = obj.cast::<PyString>().map_err(|_| {
        PyTypeError::new_err(format!("{what} must be a str, not {}", type_name(obj)))
    })?;
    if text.len()? > MAX_NAME_CHARS {
        let message = format!(
            "{what} {} is too long: at most {MAX_NAME_CHARS} characters",
            quote(&text.to_string_lossy())
        );
        return Err(errors::invalid_config(obj.py(), message));
    }
    Ok(text.to_string_lossy().into_owned())
}

/// An exact Python `int` (not a subclass, so not `bool`) read without the general path:
/// the fast case of `int_arg` for the hot calls.
#[inline]
pub(crate) fn exact_int(obj: &Bound<'_, PyAny>) -> Option<i64> {
    if obj.is_exact_instance_of::<PyInt>() {
        obj.extract::<i64>().ok()
    } else {
        None
    }
}

/// An integer argument in `0..n`, else `ValueError`.
pub(crate) fn index_in(obj: &Bound<'_, PyAny>, what: &str, n: usize) -> PyResult<usize> {
    let value = int_arg(obj, what)?;
    usize::try_from(value)
        .ok()
        .filter(|&i| i < n)
        .ok_or_else(|| PyValueError::new_err(format!("{what} {value} is out of range 0..{n}")))
}

/// A seat of a game with `config`: an int the core accepts (`Config::seat`), else
/// `SeatError` with the core's message and reason code.
pub(crate) fn seat_arg(obj: &Bound<'_, PyAny>, config: &Config) -> PyResult<Seat> {
    let value = int_arg(obj, "seat")?;
    config
        .seat(value)
        .map_err(|e| errors::from_seat_error(obj.py(), &e))
}

/// A seed: an int in `0..2**64` (Python or NumPy), else `TypeError` or
/// `InvalidConfigError`.
pub(crate) fn seed_arg(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    // Type errors first, with `int_arg`'s message; then the exact 64-bit range.
    int_arg(obj, "seed")?;
    obj.extract::<u64>().map_err(|_| {
        let message = format!("seed must be in 0..2**64, not {}", shown(obj));
        errors::invalid_config(obj.py(), message)
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
    serde_json::from_str(text).map_err(|e| {
        let message = parser_message(&e.to_string());
        errors::invalid_state(py, format!("invalid {what}: {message}"))
    })
}

/// `from_json` for the types whose reading may search long (the views: their reachability
/// search, bounded by the core's `HISTORY_BUDGET`): the text is read on a thread of its own
/// while this one waits with the GIL released and Ctrl-C heard (`sync::detached`).
pub(crate) fn from_json_detached<T>(py: Python<'_>, text: String, what: &str) -> PyResult<T>
where
    T: serde::de::DeserializeOwned + Send + 'static,
{
    let read = sync::detached(py, move || {
        serde_json::from_str::<T>(&text).map_err(|e| e.to_string())
    })?;
    read.map_err(|e| {
        let message = parser_message(&e);
        errors::invalid_state(py, format!("invalid {what}: {message}"))
    })
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

/// A `seat=` argument, read before the game is locked: an int, or `None` (or missing) for
/// the seat that acts next. Each game's binding resolves it against its own game.
#[derive(Clone, Copy)]
pub(crate) enum SeatArg {
    Next,
    Index(i64),
}

impl SeatArg {
    pub(crate) fn read(seat: Option<&Bound<'_, PyAny>>) -> PyResult<SeatArg> {
        match seat.filter(|s| !s.is_none()) {
            None => Ok(SeatArg::Next),
            Some(obj) => Ok(SeatArg::Index(seat_index(obj)?)),
        }
    }

    /// The index given, if one was.
    pub(crate) fn given(self) -> Option<i64> {
        match self {
            SeatArg::Index(i) => Some(i),
            SeatArg::Next => None,
        }
    }
}

/// A seat argument's value: an exact int at once, else through `int_arg`.
pub(crate) fn seat_index(obj: &Bound<'_, PyAny>) -> PyResult<i64> {
    exact_int(obj).map_or_else(|| int_arg(obj, "seat"), Ok)
}

/// An action argument's index: an exact int at once, else through `int_arg`.
pub(crate) fn action_index(obj: &Bound<'_, PyAny>) -> PyResult<i64> {
    exact_int(obj).map_or_else(|| int_arg(obj, "action"), Ok)
}

/// The argument, unless it is missing or `None`.
pub(crate) fn given<'a, 'py>(arg: Option<&'a Bound<'py, PyAny>>) -> Option<&'a Bound<'py, PyAny>> {
    arg.filter(|a| !a.is_none())
}
