//! The errors JavaScript sees: an `Error` whose `name` says the kind and whose `code` is the
//! snake_case reason code every other language reports, or a `TypeError` for an argument of
//! the wrong JavaScript type.

use std::fmt::Display;

use js_sys::Reflect;
use kingup_table::{LoadError, Refusal, Rules, SeatError, UndoError};
use wasm_bindgen::JsValue;

/// The kind of a refusal: the `name` of the JavaScript error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A seat's action the rules refuse, or one nobody may play now.
    IllegalAction,
    /// A chance outcome the rules refuse.
    IllegalChance,
    /// An unplayable config, seed, chance mode or bot setting.
    InvalidConfig,
    /// A number that is no seat of the game.
    Seat,
    /// An undo the session refuses.
    Undo,
    /// A save document the game refuses.
    Load,
    /// Text that is no action, chance outcome or bot name.
    Parse,
    /// An argument of the wrong JavaScript type (a JavaScript `TypeError`).
    Type,
    /// A number outside the range the call reads (an event index past the log): a
    /// JavaScript `RangeError`.
    Range,
    /// A bug in kingup.
    Internal,
}

impl Kind {
    /// The error's `name`.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Kind::IllegalAction => "IllegalActionError",
            Kind::IllegalChance => "IllegalChanceError",
            Kind::InvalidConfig => "InvalidConfigError",
            Kind::Seat => "SeatError",
            Kind::Undo => "UndoError",
            Kind::Load => "LoadError",
            Kind::Parse => "ParseError",
            Kind::Type => "TypeError",
            Kind::Range => "RangeError",
            Kind::Internal => "InternalError",
        }
    }
}

/// Reason codes the shell itself gives (the engine's refusals carry the engine's codes).
pub(crate) mod code {
    /// An action index outside the game's action space (Python's code too).
    pub(crate) const NO_SUCH_ACTION: &str = "no_such_action";
    /// A chance outcome index outside the game's outcome space (Python's code too).
    pub(crate) const NO_SUCH_OUTCOME: &str = "no_such_outcome";
    /// An unplayable config, seed, chance mode or bot setting.
    pub(crate) const INVALID_CONFIG: &str = "invalid_config";
    /// Text that is not in the expected form (the C ABI's code too).
    pub(crate) const MALFORMED: &str = "malformed";
    /// Input longer than the call reads (the C ABI's code too).
    pub(crate) const TOO_LONG: &str = "too_long";
    /// An argument of the wrong JavaScript type.
    pub(crate) const WRONG_TYPE: &str = "wrong_type";
    /// A search with a time limit: there is no clock to stop it by in WebAssembly.
    pub(crate) const TIME_LIMIT: &str = "time_limit";
    /// An event index past the end of the log (the C ABI's code too).
    pub(crate) const NO_SUCH_EVENT: &str = "no_such_event";
    /// No chance step is pending (both games' code).
    pub(crate) const NOT_CHANCE: &str = "not_chance";
}

/// A refusal, made a JavaScript error only at the boundary (so the shell's logic runs and
/// is tested on the host too).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Failure {
    pub(crate) kind: Kind,
    pub(crate) code: &'static str,
    pub(crate) message: String,
}

/// What every call of the shell returns.
pub(crate) type Result<T, E = Failure> = std::result::Result<T, E>;

impl Failure {
    pub(crate) fn new(kind: Kind, code: &'static str, message: impl Display) -> Failure {
        Failure {
            kind,
            code,
            message: message.to_string(),
        }
    }

    /// An argument of the wrong JavaScript type.
    pub(crate) fn wrong_type(message: impl Display) -> Failure {
        Failure::new(Kind::Type, code::WRONG_TYPE, message)
    }

    /// An unplayable setting.
    pub(crate) fn config(message: impl Display) -> Failure {
        Failure::new(Kind::InvalidConfig, code::INVALID_CONFIG, message)
    }

    /// The rules' refusal of an action.
    pub(crate) fn illegal<E: Refusal>(error: &E) -> Failure {
        Failure::new(Kind::IllegalAction, error.code(), error)
    }

    /// The rules' refusal of a chance outcome.
    pub(crate) fn illegal_chance<E: Refusal>(error: &E) -> Failure {
        Failure::new(Kind::IllegalChance, error.code(), error)
    }

    /// A number that is no seat.
    pub(crate) fn seat(error: &SeatError) -> Failure {
        Failure::new(Kind::Seat, error.code(), error)
    }

    /// A refused undo.
    pub(crate) fn undo(error: &UndoError) -> Failure {
        Failure::new(Kind::Undo, error.code(), error)
    }

    /// A refused save document.
    pub(crate) fn load<G: Rules>(error: &LoadError<G>) -> Failure {
        Failure::new(Kind::Load, error.code(), error)
    }
}

impl From<Failure> for JsValue {
    /// The JavaScript error: `TypeError` or `Error`, with `name` and `code` set.
    fn from(failure: Failure) -> JsValue {
        let error: js_sys::Error = match failure.kind {
            Kind::Type => js_sys::TypeError::new(&failure.message).into(),
            Kind::Range => js_sys::RangeError::new(&failure.message).into(),
            kind => {
                let error = js_sys::Error::new(&failure.message);
                error.set_name(kind.name());
                error
            }
        };
        // Setting a property of a fresh, extensible object cannot fail.
        let _ = Reflect::set(&error, &JsValue::from_str("code"), &failure.code.into());
        error.into()
    }
}

/// Caller input quoted in a message: at most 40 characters, escaped, so that a huge
/// argument never comes back whole.
pub(crate) fn excerpt(text: &str) -> String {
    const MAX: usize = 40;
    match text.char_indices().nth(MAX) {
        Some((end, _)) => format!("{:?}…", &text[..end]),
        None => format!("{text:?}"),
    }
}
