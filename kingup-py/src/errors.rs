//! Raising the typed exceptions of `kingup.errors` from Rust.

use kingup_core::kingup_table::{LoadError, Rules};
use kingup_core::{SeatError, UndoError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyModule;

/// `kingup.errors`, imported once. The native module lives inside the `kingup` package,
/// so the import cannot fail in an installed package.
fn errors_module(py: Python<'_>) -> PyResult<&Bound<'_, PyModule>> {
    static MODULE: PyOnceLock<Py<PyModule>> = PyOnceLock::new();
    MODULE
        .get_or_try_init(py, || py.import("kingup.errors").map(Bound::unbind))
        .map(|m| m.bind(py))
}

/// An instance of the exception class `name` built from `args`, as a `PyErr`; if that
/// fails, the failure itself.
fn raise<'py, A: pyo3::call::PyCallArgs<'py>>(py: Python<'py>, name: &str, args: A) -> PyErr {
    let made = errors_module(py)
        .and_then(|m| m.getattr(name))
        .and_then(|class| class.call1(args));
    match made {
        Ok(instance) => PyErr::from_value(instance),
        Err(err) => err,
    }
}

/// The game's `IllegalActionError` (`kingup.errors.IllegalActionError`, or its court
/// subclass) as `(message, seat, action, reason)`.
pub(crate) fn illegal_action_of<G: crate::shell::PyRules>(
    py: Python<'_>,
    message: String,
    seat: Option<i64>,
    action: i64,
    reason: &str,
) -> PyErr {
    raise(py, G::ILLEGAL_ACTION_ERROR, (message, seat, action, reason))
}

/// The game's `IllegalActionError(message, seat, None, reason)`: `seat` (or nobody) may not
/// act now, whatever the action (asked of a bot).
pub(crate) fn cannot_act<G: crate::shell::PyRules>(
    py: Python<'_>,
    message: String,
    seat: Option<i64>,
    reason: &str,
) -> PyErr {
    let error = G::ILLEGAL_ACTION_ERROR;
    raise(py, error, (message, seat, None::<i64>, reason))
}

/// The game's `IllegalActionError` about environment `env` of a `VectorEnv`: `message` is
/// prefixed with `env {env}: ` and the exception's `env` attribute set.
pub(crate) fn illegal_action_in_env<G: crate::shell::PyRules>(
    py: Python<'_>,
    env: usize,
    message: &str,
    seat: Option<i64>,
    action: i64,
    reason: &str,
) -> PyErr {
    let message = format!("env {env}: {message}");
    let error = G::ILLEGAL_ACTION_ERROR;
    raise(py, error, (message, seat, action, reason, env))
}

/// `IllegalChanceError(message, outcome, reason)`.
pub(crate) fn illegal_chance(py: Python<'_>, message: String, outcome: i64, reason: &str) -> PyErr {
    raise(py, "IllegalChanceError", (message, outcome, reason))
}

/// `InvalidConfigError(message)`.
pub(crate) fn invalid_config(py: Python<'_>, message: impl Into<String>) -> PyErr {
    raise(py, "InvalidConfigError", (message.into(), None::<&str>))
}

/// `InvalidConfigError(message, reason)`: a setting out of its range, with the core's code
/// (bot settings: `BotError::code`).
pub(crate) fn invalid_setting(py: Python<'_>, message: String, reason: &str) -> PyErr {
    raise(py, "InvalidConfigError", (message, reason))
}

/// `InvalidStateError(message)`: a view or event document the engine refuses (no code:
/// the engine reads them with serde alone).
pub(crate) fn invalid_state(py: Python<'_>, message: impl Into<String>) -> PyErr {
    raise(py, "InvalidStateError", (message.into(), None::<&str>))
}

/// A position the rules cannot reach: `InvalidStateError(message, reason)`.
pub(crate) fn invalid_position(py: Python<'_>, message: String, reason: &str) -> PyErr {
    raise(py, "InvalidStateError", (message, reason))
}

/// A save document the game refuses: `InvalidStateError` with `LoadError::code` as reason.
pub(crate) fn from_load_error<G: Rules>(py: Python<'_>, err: &LoadError<G>) -> PyErr {
    raise(py, "InvalidStateError", (err.to_string(), err.code()))
}

/// The core's `SeatError` as `SeatError(message, seat, reason)`.
pub(crate) fn from_seat_error(py: Python<'_>, err: &SeatError) -> PyErr {
    raise(py, "SeatError", (err.to_string(), err.index, err.code()))
}

/// The core's `UndoError` as `UndoError(message, seat, reason)`.
pub(crate) fn from_undo_error(py: Python<'_>, err: &UndoError, seat: i64) -> PyErr {
    raise(py, "UndoError", (err.to_string(), seat, err.code()))
}

/// `EntrantError(message, entrant)`: a Python entrant of `kingup.arena` raised, returned no
/// action or an action its seat may not play.
pub(crate) fn entrant(py: Python<'_>, message: String, entrant: &str) -> PyErr {
    raise(py, "EntrantError", (message, entrant))
}

/// `EngineError(message, entrant)`: an engine entrant of `kingup.arena` could not start.
pub(crate) fn engine(py: Python<'_>, message: String, entrant: &str) -> PyErr {
    raise(py, "EngineError", (message, entrant))
}

/// A game's reason-code catalogue as `{"action": [...], "chance": [...], "undo": [...],
/// "load": [...], "seat": [...]}`: the codes `kingup.errors`' enums are checked against.
pub(crate) fn catalogue<'py>(
    py: Python<'py>,
    catalogue: kingup_core::kingup_table::Catalogue,
) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
    let dict = pyo3::types::PyDict::new(py);
    dict.set_item("action", catalogue.action.to_vec())?;
    dict.set_item("chance", catalogue.chance.to_vec())?;
    dict.set_item("undo", catalogue.undo.to_vec())?;
    dict.set_item("load", catalogue.load.to_vec())?;
    dict.set_item("seat", catalogue.seat.to_vec())?;
    Ok(dict)
}
