//! Status codes, reason codes, the thread-local last error and the panic guard every entry
//! point runs in.

use std::borrow::Cow;
use std::cell::RefCell;
use std::ffi::{CStr, c_char};
use std::fmt::Display;
use std::panic::{AssertUnwindSafe, catch_unwind};

use crate::buffer::{OutList, fill_str};

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
    /// unplayable config, an event index past the log, or a pointer that is not aligned for
    /// its type (reason `misaligned`).
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
    /// Input text is longer than the call reads (`KINGUP_MAX_SAVE_LEN`,
    /// `KINGUP_MAX_CONFIG_LEN`, `KINGUP_MAX_MOVE_LEN`).
    pub(crate) const TOO_LONG: &str = "too_long";
    /// A pointer that is not aligned for its type.
    pub(crate) const MISALIGNED: &str = "misaligned";
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

/// A buffer of this many bytes holds any last-error message with its NUL: messages quote at
/// most 40 characters of any input, and a longer message is cut.
pub const KINGUP_MAX_ERROR_LEN: u32 = 512;

/// Characters of caller input a message quotes at most.
const QUOTE_MAX: usize = 40;

/// `text` cut to its first 40 characters, with "…" when something was cut: the one
/// truncation of caller input in messages, so that a 10 MB argument never comes back
/// whole in `kingup_last_error`.
fn cut(text: &str) -> Cow<'_, str> {
    match text.char_indices().nth(QUOTE_MAX) {
        Some((end, _)) => Cow::Owned(format!("{}…", &text[..end])),
        None => Cow::Borrowed(text),
    }
}

/// Caller input quoted in a message: `"B44"`, `"xxxxxxxxxx…"` (at most 40 characters,
/// escaped).
pub(crate) fn excerpt(text: &str) -> String {
    format!("{:?}", cut(text))
}

/// `message` with every quoted run (`"…"` or `` `…` ``) cut as by [`cut`]. Messages of other
/// libraries quote the input they refuse (serde_json: `invalid type: string "…"`, `unknown
/// field `…``), whole; this bounds them without knowing their wording.
fn bound_quotes(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(1024));
    let mut chars = message.chars();
    while let Some(c) = chars.next() {
        out.push(c);
        if c != '"' && c != '`' {
            continue;
        }
        // The run to the matching delimiter (or the end of the message); in `"…"`, a
        // backslash escapes the next character. Only what `cut` may keep is collected.
        let (mut run, mut kept, mut closed) = (String::new(), 0, false);
        while let Some(d) = chars.next() {
            if d == c {
                closed = true;
                break;
            }
            let escaped = if c == '"' && d == '\\' {
                chars.next()
            } else {
                None
            };
            if kept <= QUOTE_MAX {
                run.push(d);
                run.extend(escaped);
                kept += 1;
            }
        }
        out.push_str(&cut(&run));
        if closed {
            out.push(c);
        }
    }
    out
}

/// `message` cut to fit a buffer of `KINGUP_MAX_ERROR_LEN` bytes with its NUL.
fn bound_len(mut message: String) -> String {
    let max = KINGUP_MAX_ERROR_LEN as usize - 1;
    if message.len() > max {
        let mut end = max - '…'.len_utf8();
        while !message.is_char_boundary(end) {
            end -= 1;
        }
        message.truncate(end);
        message.push('…');
    }
    message
}

/// A failed call: the status to return and the reason code and message to keep as the
/// last error.
#[derive(Debug)]
pub(crate) struct Error {
    status: KingupStatus,
    reason: &'static str,
    message: String,
}

impl Error {
    /// A failure with its status, reason code and message. Every quoted run in the message
    /// is cut to 40 characters and the whole to `KINGUP_MAX_ERROR_LEN` bytes, so no message
    /// carries more than a short prefix of any input, whichever error it comes from.
    pub(crate) fn new(status: KingupStatus, reason: &'static str, message: impl Display) -> Error {
        debug_assert!(reason.len() < KINGUP_MAX_REASON_LEN as usize, "{reason}");
        Error {
            status,
            reason,
            message: bound_len(bound_quotes(&message.to_string())),
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
/// As [`OutList::new`] with `T = c_char`.
unsafe fn read_last_error(
    part: impl FnOnce(&LastError) -> String,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    let text = LAST_ERROR.with(|last| part(&last.borrow()));
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: forwarded from this function's contract.
        let out = unsafe { OutList::new(buf, cap, out_len) }?;
        fill_str(out, &text)
    }));
    match outcome {
        Ok(Ok(())) => KingupStatus::Ok,
        Ok(Err(error)) => error.status,
        Err(_) => KingupStatus::InternalError,
    }
}

/// Copies the message of the last failed call on this thread into `buf` as NUL-terminated
/// UTF-8 (an empty string after a successful call). `*out_len` receives the bytes the
/// message needs, NUL included: at most `KINGUP_MAX_ERROR_LEN`, as a message quotes at most
/// 40 characters of any input and is cut to fit.
///
/// This call does not change the last error, so it can be retried with a larger buffer.
///
/// # Safety
///
/// `buf` must be NULL or valid for writes of `cap` bytes; `out_len` must be NULL or valid
/// for a write (and aligned for a `size_t`).
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
/// for a write (and aligned for a `size_t`).
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
    fn quoted_input_is_cut_to_40_characters_and_messages_to_the_buffer_size() {
        let long = "x".repeat(10_000_000);
        assert_eq!(excerpt("B44"), "\"B44\"");
        assert_eq!(excerpt(&long), format!("\"{}…\"", "x".repeat(40)));
        // Other libraries' messages: every quoted run is cut, escapes kept whole.
        let serde = format!("invalid type: string \"{long}\", expected u8 at line 1 column 9");
        let message = Error::parse(reason::MALFORMED, &serde).message;
        assert_eq!(
            message,
            format!(
                "invalid type: string \"{}…\", expected u8 at line 1 column 9",
                "x".repeat(40)
            )
        );
        let field = format!("unknown field `{long}`, expected `players`");
        let message = Error::parse(reason::MALFORMED, &field).message;
        assert_eq!(
            message,
            format!("unknown field `{}…`, expected `players`", "x".repeat(40))
        );
        let escaped = Error::parse(reason::MALFORMED, r#"string "a\"b", then "c""#).message;
        assert_eq!(escaped, r#"string "a\"b", then "c""#);
        let unclosed = Error::parse(reason::MALFORMED, format!("`{long}")).message;
        assert_eq!(unclosed, format!("`{}…", "x".repeat(40)));
        // Unquoted text is cut to what a buffer of KINGUP_MAX_ERROR_LEN bytes holds.
        let plain = Error::parse(reason::MALFORMED, "é".repeat(1000)).message;
        assert!(
            plain.len() < KINGUP_MAX_ERROR_LEN as usize,
            "{}",
            plain.len()
        );
        assert!(plain.ends_with("é…"), "{plain}");
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
