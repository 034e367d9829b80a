//! Status codes, reason codes, the thread-local last error and the panic guard every entry
//! point runs in.

use std::cell::RefCell;
use std::ffi::{CStr, c_char};
use std::fmt::Display;
use std::panic::{AssertUnwindSafe, catch_unwind};

use kingup_bots::BotError;
use kingup_core::{
    ActionIndexError, ConfigError, IllegalAction, IllegalChance, LoadError, OutcomeIndexError,
    SeatError, UndoError,
};

use crate::buffer::copy_str_out;

/// What an entry point reports. Every function that can fail returns one; on anything but
/// `KINGUP_STATUS_OK` the game is exactly as it was, `kingup_last_error` explains and
/// `kingup_last_error_reason` names the reason.
///
/// Passed through the ABI as a `uint32_t`, so new codes can be added without changing the
/// size of the type.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingupStatus {
    /// Success.
    Ok = 0,
    /// A required pointer argument was NULL.
    NullArgument = 1,
    /// An argument is out of range: an unknown enum value, a seat that does not play (or,
    /// asked of a bot, may not act now), an action or chance-outcome index past the end, an
    /// unplayable config, an event index past the log.
    InvalidArgument = 2,
    /// The move is not legal now (wrong turn, wrong phase, full floor…), or an undo is
    /// refused.
    IllegalAction = 3,
    /// The caller's buffer is too small; the size needed was written to the length
    /// out-parameter and nothing else was written.
    BufferTooSmall = 4,
    /// The text is not valid UTF-8, not in the expected form (JSON config, save document,
    /// move notation), or a save document whose steps the rules refuse.
    ParseError = 5,
    /// A bug in kingup (a caught panic). The game is unchanged; please report it.
    InternalError = 6,
}

/// Reason codes of the failures the ABI itself detects. The engine's refusals carry the
/// engine's codes (`floor_full`, `card_unavailable`, `nothing_to_undo`, …), the same names
/// the Python binding exposes.
pub(crate) mod reason {
    /// A required pointer was NULL.
    pub(crate) const NULL_ARGUMENT: &str = "null_argument";
    /// The output buffer is too short.
    pub(crate) const BUFFER_TOO_SMALL: &str = "buffer_too_small";
    /// Input text is not UTF-8.
    pub(crate) const INVALID_UTF8: &str = "invalid_utf8";
    /// Input text is longer than the call reads (a save: `KINGUP_MAX_SAVE_LEN`).
    pub(crate) const TOO_LONG: &str = "too_long";
    /// A config that is not playable, or an unknown setup or chance mode.
    pub(crate) const INVALID_CONFIG: &str = "invalid_config";
    /// Text that is not in the expected form (JSON config, move notation).
    pub(crate) const MALFORMED: &str = "malformed";
    /// An event index past the end of the log.
    pub(crate) const NO_SUCH_EVENT: &str = "no_such_event";
    /// A bot kind that is not a `KingupBotKind`.
    pub(crate) const NO_SUCH_BOT_KIND: &str = "no_such_bot_kind";
    /// A bug in kingup.
    pub(crate) const INTERNAL_ERROR: &str = "internal_error";
}

/// A buffer of this many bytes holds any reason code with its NUL.
pub const KINGUP_MAX_REASON_LEN: u32 = 32;

/// A failed call: the status to return and the reason code and message to keep as the
/// last error.
#[derive(Debug)]
pub(crate) struct Error {
    status: KingupStatus,
    reason: &'static str,
    message: String,
}

impl Error {
    pub(crate) fn new(status: KingupStatus, reason: &'static str, message: impl Display) -> Error {
        debug_assert!(reason.len() < KINGUP_MAX_REASON_LEN as usize, "{reason}");
        Error {
            status,
            reason,
            message: message.to_string(),
        }
    }

    #[cfg(test)]
    pub(crate) fn status(&self) -> KingupStatus {
        self.status
    }

    #[cfg(test)]
    pub(crate) fn reason(&self) -> &'static str {
        self.reason
    }

    pub(crate) fn null(argument: &str) -> Error {
        Error::new(
            KingupStatus::NullArgument,
            reason::NULL_ARGUMENT,
            format_args!("{argument} is NULL"),
        )
    }

    pub(crate) fn invalid(reason: &'static str, message: impl Display) -> Error {
        Error::new(KingupStatus::InvalidArgument, reason, message)
    }

    pub(crate) fn parse(reason: &'static str, message: impl Display) -> Error {
        Error::new(KingupStatus::ParseError, reason, message)
    }

    /// A kingup bug surfaced as an error rather than a panic.
    pub(crate) fn internal(message: impl Display) -> Error {
        Error::new(
            KingupStatus::InternalError,
            reason::INTERNAL_ERROR,
            format_args!("internal error (kingup bug): {message}"),
        )
    }
}

// The engine's errors, each with its status and its own reason code.

impl From<SeatError> for Error {
    fn from(e: SeatError) -> Error {
        Error::invalid(e.code(), e)
    }
}

impl From<ActionIndexError> for Error {
    fn from(e: ActionIndexError) -> Error {
        Error::invalid(e.code(), e)
    }
}

impl From<OutcomeIndexError> for Error {
    fn from(e: OutcomeIndexError) -> Error {
        Error::invalid(e.code(), e)
    }
}

impl From<ConfigError> for Error {
    fn from(e: ConfigError) -> Error {
        Error::invalid(reason::INVALID_CONFIG, e)
    }
}

impl From<BotError> for Error {
    fn from(e: BotError) -> Error {
        Error::invalid(e.code(), e)
    }
}

impl From<IllegalAction> for Error {
    fn from(e: IllegalAction) -> Error {
        Error::new(KingupStatus::IllegalAction, e.reason.code(), e)
    }
}

impl From<IllegalChance> for Error {
    fn from(e: IllegalChance) -> Error {
        Error::new(KingupStatus::IllegalAction, e.reason.code(), e)
    }
}

impl From<UndoError> for Error {
    fn from(e: UndoError) -> Error {
        Error::new(KingupStatus::IllegalAction, e.code(), e)
    }
}

/// Every save document that does not load is a parse error, whatever the reason: the
/// caller handed in text, and the reason code says what was wrong with it.
impl From<LoadError> for Error {
    fn from(e: LoadError) -> Error {
        Error::parse(e.code(), e)
    }
}

/// The result of the body of an entry point.
pub(crate) type Result<T = ()> = std::result::Result<T, Error>;

/// The last failure on a thread: its message and reason code (both empty after a success).
struct LastError {
    message: String,
    reason: &'static str,
}

thread_local! {
    /// Per thread, so concurrent callers on different threads never see each other's
    /// errors and no lock is needed.
    static LAST_ERROR: RefCell<LastError> = const {
        RefCell::new(LastError { message: String::new(), reason: "" })
    };
}

fn set_last_error(message: String, reason: &'static str) {
    LAST_ERROR.with(|last| *last.borrow_mut() = LastError { message, reason });
}

/// Runs the body of an entry point: clears the last error, catches any panic so that none
/// crosses the C boundary, and turns the outcome into a status code.
pub(crate) fn guard(body: impl FnOnce() -> Result) -> KingupStatus {
    set_last_error(String::new(), "");
    // AssertUnwindSafe: bodies mutate a handle only by a final assignment of a fully built
    // value, so a panic leaves every handle as it was before the call.
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => KingupStatus::Ok,
        Ok(Err(error)) => {
            set_last_error(error.message, error.reason);
            error.status
        }
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_owned());
            let error = Error::internal(what);
            set_last_error(error.message, error.reason);
            error.status
        }
    }
}

/// Runs an infallible entry point (versions, names, free): a panic, which none of them
/// can raise today, yields `fallback` instead of crossing the boundary. The last error is
/// left alone, so these calls can be made between a failure and reading its message.
pub(crate) fn no_panic<T>(fallback: T, body: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(body)).unwrap_or(fallback)
}

/// Copies one part of the last error into the caller's buffer without going through
/// `guard`, which would clear what is being read.
///
/// # Safety
///
/// As [`copy_str_out`].
unsafe fn read_last_error(
    part: impl FnOnce(&LastError) -> String,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    let text = LAST_ERROR.with(|last| part(&last.borrow()));
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: forwarded from this function's contract.
        unsafe { copy_str_out(&text, buf, cap, out_len) }
    }));
    match outcome {
        Ok(Ok(())) => KingupStatus::Ok,
        Ok(Err(error)) => error.status,
        Err(_) => KingupStatus::InternalError,
    }
}

/// Copies the message of the last failed call on this thread into `buf` as NUL-terminated
/// UTF-8 (an empty string after a successful call). `*out_len` receives the bytes the
/// message needs, NUL included.
///
/// This call does not change the last error, so it can be retried with a larger buffer.
///
/// # Safety
///
/// `buf` must be NULL or valid for writes of `cap` bytes; `out_len` must be NULL or valid
/// for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_last_error(
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    // SAFETY: the caller guarantees `buf` and `out_len` as documented above.
    unsafe { read_last_error(|last| last.message.clone(), buf, cap, out_len) }
}

/// Copies the reason code of the last failed call on this thread into `buf` as a
/// NUL-terminated ASCII string: the engine's reason (`"floor_full"`, `"not_your_turn"`,
/// `"no_such_seat"`, `"card_unavailable"`, `"malformed"`, `"nothing_to_undo"`, … — the names
/// the Python binding uses) or the ABI's own (`"null_argument"`, `"buffer_too_small"`,
/// `"invalid_utf8"`, …; `docs/c-api.md` lists them all). An empty string after a successful
/// call. A buffer of `KINGUP_MAX_REASON_LEN` bytes always suffices; `*out_len` receives the
/// bytes needed, NUL included.
///
/// This call does not change the last error, so it can be retried with a larger buffer and
/// made before or after `kingup_last_error`.
///
/// # Safety
///
/// `buf` must be NULL or valid for writes of `cap` bytes; `out_len` must be NULL or valid
/// for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_last_error_reason(
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    // SAFETY: the caller guarantees `buf` and `out_len` as documented above.
    unsafe { read_last_error(|last| last.reason.to_owned(), buf, cap, out_len) }
}

/// The name of a status code as a static NUL-terminated string (`"ok"`, `"null argument"`,
/// …; `"unknown status"` for a value that is not a status). Never NULL; do not free it.
#[unsafe(no_mangle)]
pub extern "C" fn kingup_status_name(status: u32) -> *const c_char {
    no_panic(c"unknown status".as_ptr(), || status_name(status).as_ptr())
}

fn status_name(status: u32) -> &'static CStr {
    match status {
        0 => c"ok",
        1 => c"null argument",
        2 => c"invalid argument",
        3 => c"illegal action",
        4 => c"buffer too small",
        5 => c"parse error",
        6 => c"internal error",
        _ => c"unknown status",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn last() -> (String, &'static str) {
        LAST_ERROR.with(|last| {
            let last = last.borrow();
            (last.message.clone(), last.reason)
        })
    }

    #[test]
    fn panics_become_internal_errors_with_a_message_and_a_reason() {
        assert_eq!(guard(|| panic!("boom")), KingupStatus::InternalError);
        assert_eq!(
            last(),
            (
                "internal error (kingup bug): boom".to_owned(),
                "internal_error"
            )
        );
        let status = guard(|| std::panic::panic_any(42u8));
        assert_eq!(
            (status, last()),
            (
                KingupStatus::InternalError,
                (
                    "internal error (kingup bug): unknown panic".to_owned(),
                    "internal_error"
                )
            )
        );
        assert_eq!(guard(|| Ok(())), KingupStatus::Ok);
        assert_eq!(last(), (String::new(), ""));
    }

    #[test]
    fn every_status_has_a_name() {
        for status in 0..=6 {
            // SAFETY: a static NUL-terminated string.
            let name = unsafe { std::ffi::CStr::from_ptr(kingup_status_name(status)) };
            assert_ne!(name.to_bytes(), b"unknown status");
        }
    }
}
