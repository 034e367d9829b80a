//! Actions as text: the notation (`B4`, `F`, `yes`) both ways, and a sentence.

use std::ffi::c_char;

use kingup_core::Action;

use crate::buffer::{Out, OutList, fill_str, str_in};
use crate::error::{Error, KingupStatus, Result, excerpt, guard, reason};

/// Longest move text `kingup_action_parse` reads: a move is at most 3 characters (`yes`),
/// the rest is room for spaces around it.
pub const KINGUP_MAX_MOVE_LEN: u32 = 64;

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
        // SAFETY: the caller guarantees `buf`, `cap` and `out_len` as documented above.
        let out = unsafe { OutList::new(buf, cap, out_len) }?;
        fill_str(out, &action(action_index)?.to_string())
    })
}

/// Reads a move in the notation (`"B4"`, `"f"`, `" yes "`: any case, spaces around
/// ignored), `len` bytes of UTF-8 (no NUL needed), and writes its index
/// (`0..KINGUP_ACTION_COUNT`) into `*out_action`. `KINGUP_STATUS_PARSE_ERROR` for text that
/// is not a move (reason `malformed`, or `invalid_utf8`) or is longer than
/// `KINGUP_MAX_MOVE_LEN` bytes (`too_long`, refused unread); nothing is written on failure.
///
/// # Safety
///
/// `text` must be NULL or valid for reads of `len` bytes; `out_action` NULL or valid for a
/// write (and aligned for a `uint32_t`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_action_parse(
    text: *const c_char,
    len: usize,
    out_action: *mut u32,
) -> KingupStatus {
    guard(|| {
        // SAFETY: the caller guarantees `out_action` as documented above.
        let out = unsafe { Out::new(out_action, "out_action") }?;
        // SAFETY: the caller guarantees `text` as documented above.
        let text = unsafe { str_in(text, len, KINGUP_MAX_MOVE_LEN as usize, "move") }?;
        let action: Action = text
            .parse()
            .map_err(|e| Error::parse(reason::MALFORMED, format_args!("{}: {e}", excerpt(text))))?;
        out.write(action.index() as u32);
        Ok(())
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
        // SAFETY: the caller guarantees `buf`, `cap` and `out_len` as documented above.
        let out = unsafe { OutList::new(buf, cap, out_len) }?;
        // The alternate form is the sentence; the plain one is the notation.
        fill_str(out, &format!("{:#}", action(action_index)?))
    })
}
