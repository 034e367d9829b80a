//! Actions and chance outcomes by index and in notation, for any game: what
//! `kingup.action_notation` and `kingup.court.action_notation` (and their kin) answer.

use kingup_core::kingup_table::Rules;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::convert;

/// The action with dense index `index`, else `ValueError`.
fn action_arg<G: Rules>(index: &Bound<'_, PyAny>) -> PyResult<G::Action> {
    let i = convert::index_in(index, "action index", G::ACTION_COUNT)?;
    G::action_from_index(i).ok_or_else(|| PyValueError::new_err("no such action"))
}

/// The chance outcome with dense index `index`, else `ValueError`.
fn outcome_arg<G: Rules>(index: &Bound<'_, PyAny>) -> PyResult<G::ChanceOutcome> {
    let i = convert::index_in(index, "chance outcome index", G::CHANCE_COUNT)?;
    G::chance_from_index(i).ok_or_else(|| PyValueError::new_err("no such chance outcome"))
}

/// The game's sentence for an action index (its alternate `Display`).
pub(crate) fn action_name<G: Rules>(index: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(format!("{:#}", action_arg::<G>(index)?))
}

/// The game's notation for an action index.
pub(crate) fn action_notation<G: Rules>(index: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(action_arg::<G>(index)?.to_string())
}

/// The game's sentence (`alternate`) or notation for a chance outcome index.
pub(crate) fn outcome_text<G: Rules>(
    index: &Bound<'_, PyAny>,
    alternate: bool,
) -> PyResult<String> {
    let outcome = outcome_arg::<G>(index)?;
    Ok(if alternate {
        format!("{outcome:#}")
    } else {
        outcome.to_string()
    })
}

/// The action index the game reads in `text`, else `ValueError` quoting the start of the
/// text. Longer text than any action is no move: refused unread.
pub(crate) fn parse_action<G: Rules>(text: &Bound<'_, PyAny>) -> PyResult<usize> {
    let text = text.cast::<PyString>().map_err(|_| {
        let message = format!("an action must be a str, not {}", convert::type_name(text));
        PyTypeError::new_err(message)
    })?;
    let parsed = match text.len()? {
        // The game's own error for text that is no action, without reading this one.
        n if n > convert::MAX_NAME_CHARS => "".parse::<G::Action>(),
        _ => text.to_str()?.parse::<G::Action>(),
    };
    parsed.map(G::action_index).map_err(|e| {
        let shown = convert::quote(&text.to_string_lossy());
        PyValueError::new_err(format!("{shown} is {e}"))
    })
}
