//! `kingup.court.Event`: one thing that happened in a game of To Court the King. Everything
//! in the game is public, so events are never redacted.

use kingup_court::Event;
use pyo3::prelude::*;

use crate::convert;

/// An event of the court engine.
#[pyclass(module = "kingup.court", name = "Event", frozen, eq, hash, str)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct PyCourtEvent(pub(crate) Event);

impl std::fmt::Display for PyCourtEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

#[pymethods]
impl PyCourtEvent {
    /// The event type, e.g. `"set_aside"` or `"bought"` (the `"type"` of `to_dict()`).
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.kind()
    }

    /// The event as JSON (the engine's serde form: `{"type":"bought","seat":0,...}`).
    fn to_json(&self) -> PyResult<String> {
        convert::to_json(&self.0)
    }

    /// The event as a dict of plain Python values (`json.loads(to_json())`).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        convert::json_to_py(py, &self.to_json()?)
    }

    fn __repr__(&self) -> PyResult<String> {
        Ok(format!("Event({})", self.to_json()?))
    }
}
