//! `kingup.court.Event`: one thing that happened in a game of To Court the King. Everything
//! in the game is public, so events are never redacted.

use pyo3::prelude::*;

use crate::event::event_class;

event_class! {
    /// An event of the court engine.
    PyCourtEvent(kingup_court::Event), module = "kingup.court", {}
}
