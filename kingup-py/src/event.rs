//! The event classes: one thing that happened, as one viewer may see it. Both games'
//! classes are [`event_class!`] over their event type, plus what only one game has.

use kingup_core::Event;
use pyo3::prelude::*;

use crate::{convert, errors};

/// Writes a game's `Event` class: a frozen, hashable value over the game's event with its
/// `kind`, its JSON and dict forms (the engine's serde form) and a sentence as `str()`,
/// plus `$extra`, the game's own methods.
macro_rules! event_class {
    (
        $(#[$meta:meta])*
        $class:ident($event:ty), module = $module:tt, { $($extra:tt)* }
    ) => {
        $(#[$meta])*
        #[pyclass(module = $module, name = "Event", frozen, eq, hash, str)]
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub(crate) struct $class(pub(crate) $event);

        impl std::fmt::Display for $class {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }

        #[pymethods]
        impl $class {
            /// The event type, e.g. `"placed"` or `"bought"` (the `"type"` of `to_dict()`).
            #[getter]
            fn kind(&self) -> &'static str {
                self.0.kind()
            }

            /// The event as JSON (the engine's serde form: `{"type": "placed", ...}`).
            fn to_json(&self) -> PyResult<String> {
                $crate::convert::to_json(&self.0)
            }

            /// The event as a dict of plain Python values (`json.loads(to_json())`).
            fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                $crate::convert::json_to_py(py, &self.to_json()?)
            }

            fn __repr__(&self) -> PyResult<String> {
                Ok(format!("Event({})", self.to_json()?))
            }

            $($extra)*
        }
    };
}

pub(crate) use event_class;

event_class! {
    /// An event of King Up!, already redacted for its viewer.
    PyEvent(Event), module = "kingup._kingup", {
        /// Reads `to_json()`'s output; `InvalidStateError` if malformed, or if it is an
        /// event no game can emit (`Event::check`: a round past the third, a placement on
        /// the throne, more points than a round gives...).
        #[staticmethod]
        fn from_json(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<PyEvent> {
            let text = convert::json_arg(text)?;
            let event: Event = convert::from_json(py, &text, "event")?;
            event
                .check()
                .map_err(|e| errors::invalid_state(py, format!("impossible event: {e}")))?;
            Ok(PyEvent(event))
        }

        fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
            let from_json = py.get_type::<PyEvent>().getattr("from_json")?;
            Ok((from_json, (self.to_json()?,)))
        }
    }
}
