//! Status codes, the thread-local last-error message and the panic guard every entry
//! point runs in.

use std::cell::RefCell;
use std::ffi::{CStr, c_char};
use std::fmt::Display;
use std::panic::{AssertUnwindSafe, catch_unwind};

use crate::buffer::copy_str_out;

/// What an entry point reports. Every function that can fail returns one; on anything but
/// `KINGUP_STATUS_OK` the game is exactly as it was and `kingup_last_error` explains.
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
    /// unplayable config.
    InvalidArgument = 2,
    /// The action or chance outcome is not legal now (wrong turn, wrong phase, full floor…).
    IllegalAction = 3,
    /// The caller's buffer is too small; the size needed was written to the length
    /// out-parameter and nothing else was written.
    BufferTooSmall = 4,
    /// The text is not valid UTF-8, not valid JSON, or describes an impossible game.
    ParseError = 5,
    /// A bug in kingup (a caught panic). The game is unchanged; please report it.
    InternalError = 6,
}

/// A failed call: the status to return and the message to keep as the last error.
#[derive(Debug)]
pub(crate) struct Error {
    status: KingupStatus,
    message: String,
}

impl Error {
    pub(crate) fn new(status: KingupStatus, message: impl Display) -> Error {
        Error {
            status,
            message: message.to_string(),
        }
    }

    #[cfg(test)]
    pub(crate) fn status(&self) -> KingupStatus {
        self.status
    }

    pub(crate) fn null(argument: &str) -> Error {
        Error::new(
            KingupStatus::NullArgument,
            format_args!("{argument} is NULL"),
        )
    }

    pub(crate) fn invalid(message: impl Display) -> Error {
        Error::new(KingupStatus::InvalidArgument, message)
    }

    pub(crate) fn parse(message: impl Display) -> Error {
        Error::new(KingupStatus::ParseError, message)
    }
}

/// The result of the body of an entry point.
pub(crate) type Result<T = ()> = std::result::Result<T, Error>;

thread_local! {
    /// Per thread, so concurrent callers on different threads never see each other's
    /// messages and no lock is needed.
    static LAST_ERROR: RefCell<String> = const { RefCell::new(String::new()) };
}

fn set_last_error(message: String) {
    LAST_ERROR.with(|last| *last.borrow_mut() = message);
}

/// Runs the body of an entry point: clears the last error, catches any panic so that none
/// crosses the C boundary, and turns the outcome into a status code.
pub(crate) fn guard(body: impl FnOnce() -> Result) -> KingupStatus {
    set_last_error(String::new());
    // AssertUnwindSafe: bodies mutate a handle only by a final assignment of a fully built
    // value, so a panic leaves every handle as it was before the call.
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => KingupStatus::Ok,
        Ok(Err(error)) => {
            set_last_error(error.message);
            error.status
        }
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_owned());
            set_last_error(format!("internal error (kingup bug): {what}"));
            KingupStatus::InternalError
        }
    }
}

/// Runs an infallible entry point (versions, names, free): a panic, which none of them
/// can raise today, yields `fallback` instead of crossing the boundary. The last error is
/// left alone, so these calls can be made between a failure and reading its message.
pub(crate) fn no_panic<T>(fallback: T, body: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(body)).unwrap_or(fallback)
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
    let message = LAST_ERROR.with(|last| last.borrow().clone());
    // Not through `guard`: that would clear the message being read.
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the caller guarantees `buf` and `out_len` as documented above.
        unsafe { copy_str_out(&message, buf, cap, out_len) }
    }));
    match outcome {
        Ok(Ok(())) => KingupStatus::Ok,
        Ok(Err(error)) => error.status,
        Err(_) => KingupStatus::InternalError,
    }
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

    fn last() -> String {
        LAST_ERROR.with(|last| last.borrow().clone())
    }

    #[test]
    fn panics_become_internal_errors_with_a_message() {
        assert_eq!(guard(|| panic!("boom")), KingupStatus::InternalError);
        assert_eq!(last(), "internal error (kingup bug): boom");
        let status = guard(|| std::panic::panic_any(42u8));
        assert_eq!(
            (status, last()),
            (
                KingupStatus::InternalError,
                "internal error (kingup bug): unknown panic".to_owned()
            )
        );
        assert_eq!(guard(|| Ok(())), KingupStatus::Ok);
        assert_eq!(last(), "");
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
