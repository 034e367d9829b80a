//! Actions as text: the notation (`B4`, `F`, `yes`) both ways, and a sentence.

use std::ffi::c_char;

use kingup_core::Action;

use crate::buffer::{copy_str_out, str_in, write_out};
use crate::error::{Error, KingupStatus, Result, guard, reason};

/// The action with index `action`, or `no_such_action`.
fn action(action: u32) -> Result<Action> {
    Ok(Action::try_from(action as usize)?)
}

/// Writes the notation of action `action` (`"B4"`: place Beatrice on floor 4, `"F"`: climb
/// Fiorello, `"yes"`, `"no"`) as NUL-terminated ASCII — the form of the moves in a save
/// document, the same in every front end. `*out_len` receives the bytes needed, NUL
/// included. `KINGUP_STATUS_INVALID_ARGUMENT` (reason `no_such_action`) for an index out of
/// range.
///
/// # Safety
///
/// `buf` must be NULL or valid for writes of `cap` bytes; `out_len` NULL or valid for a
/// write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_action_notation(
    action_index: u32,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    guard(|| {
        let text = action(action_index)?.to_string();
        // SAFETY: the caller guarantees `buf`, `cap` and `out_len` as documented above.
        unsafe { copy_str_out(&text, buf, cap, out_len) }
    })
}

/// Reads a move in the notation (`"B4"`, `"f"`, `" yes "`: any case, spaces around
/// ignored), `len` bytes of UTF-8 (no NUL needed), and writes its index
/// (`0..KINGUP_ACTION_COUNT`) into `*out_action`. `KINGUP_STATUS_PARSE_ERROR` for text that
/// is not a move (reason `malformed`, or `invalid_utf8`); nothing is written on failure.
///
/// # Safety
///
/// `text` must be NULL or valid for reads of `len` bytes; `out_action` NULL or valid for a
/// write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_action_parse(
    text: *const c_char,
    len: usize,
    out_action: *mut u32,
) -> KingupStatus {
    guard(|| {
        if out_action.is_null() {
            return Err(Error::null("out_action"));
        }
        // SAFETY: the caller guarantees `text` as documented above.
        let text = unsafe { str_in(text, len) }?;
        let action: Action = text.parse().map_err(|e| {
            // The caller's text is quoted, cut short: it may be anything.
            let quoted: String = text.chars().take(16).collect();
            Error::parse(reason::MALFORMED, format_args!("{quoted:?}: {e}"))
        })?;
        // SAFETY: the caller guarantees `out_action` as documented above; checked non-NULL.
        unsafe { write_out(out_action, "out_action", action.index() as u32) }
    })
}

/// Writes a sentence describing action `action` (e.g. `"climb Dario"`, `"place Beatrice
/// on Officials (3)"`) as NUL-terminated UTF-8; `*out_len` receives the bytes needed, NUL
/// included. `KINGUP_STATUS_INVALID_ARGUMENT` (reason `no_such_action`) for an index out of
/// range.
///
/// # Safety
///
/// `buf` must be NULL or valid for writes of `cap` bytes; `out_len` NULL or valid for a
/// write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_action_describe(
    action_index: u32,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    guard(|| {
        // The alternate form is the sentence; the plain one is the notation.
        let text = format!("{:#}", action(action_index)?);
        // SAFETY: the caller guarantees `buf`, `cap` and `out_len` as documented above.
        unsafe { copy_str_out(&text, buf, cap, out_len) }
    })
}
