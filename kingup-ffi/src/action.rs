//! Actions and chance outcomes as text: the notation (`B4`, `F`, `yes`; `keep 4`,
//! `die 5`) both ways, and a sentence — generic over the game, with King Up!'s entry
//! points.

use std::ffi::c_char;
use std::fmt::Display;
use std::str::FromStr;

use kingup_core::Game;
use kingup_table::Rules;

use crate::buffer::{Out, OutList, fill_str, str_in};
use crate::error::{Error, KingupStatus, excerpt, guard, reason};
use crate::play::{action, outcome};

/// Longest text every notation parser reads (`kingup_action_parse`,
/// `kingup_court_action_parse`, the chance parsers): a move is a few words at most (`yes`,
/// `buy charlatan`, `deal 17`), the rest is room for spaces around it.
pub const KINGUP_MAX_MOVE_LEN: u32 = 64;

/// Writes `value` (`{}`: the notation, `{:#}`: a sentence) as NUL-terminated text.
///
/// # Safety
///
/// `buf` must be NULL or valid for writes of `cap` bytes; `out_len` NULL or valid for a
/// write.
unsafe fn write_text<T: Display>(
    value: impl FnOnce() -> crate::error::Result<T>,
    sentence: bool,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    guard(|| {
        // SAFETY: forwarded from this function's contract.
        let out = unsafe { OutList::new(buf, cap, out_len) }?;
        let value = value()?;
        let text = if sentence {
            format!("{value:#}")
        } else {
            value.to_string()
        };
        fill_str(out, &text)
    })
}

/// Reads a notation (any case, spaces around ignored) into `T` and writes its index through
/// `out`, the parameter `name`.
///
/// # Safety
///
/// `text` must be NULL or valid for reads of `len` bytes; `out` NULL or valid for a write.
unsafe fn parse_text<T: FromStr<Err: Display>>(
    text: *const c_char,
    len: usize,
    (out, name): (*mut u32, &str),
    index: impl FnOnce(T) -> usize,
) -> KingupStatus {
    guard(|| {
        // SAFETY: forwarded from this function's contract.
        let out = unsafe { Out::new(out, name) }?;
        // SAFETY: forwarded from this function's contract.
        let text = unsafe { str_in(text, len, KINGUP_MAX_MOVE_LEN as usize, "move") }?;
        let value: T = text
            .parse()
            .map_err(|e| Error::parse(reason::MALFORMED, format_args!("{}: {e}", excerpt(text))))?;
        out.write(index(value) as u32);
        Ok(())
    })
}

/// The body of `kingup_*_action_notation` (`sentence`: `kingup_*_action_describe`).
///
/// # Safety
///
/// As [`write_text`].
pub(crate) unsafe fn action_text<G: Rules>(
    index: u32,
    sentence: bool,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { write_text(|| action::<G>(index), sentence, buf, cap, out_len) }
}

/// The body of `kingup_*_action_parse`.
///
/// # Safety
///
/// As [`parse_text`].
pub(crate) unsafe fn action_parse<G: Rules>(
    text: *const c_char,
    len: usize,
    out: *mut u32,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { parse_text(text, len, (out, "out_action"), G::action_index) }
}

/// The body of `kingup_*_chance_notation` (`sentence`: a sentence instead).
///
/// # Safety
///
/// As [`write_text`].
pub(crate) unsafe fn chance_text<G: Rules>(
    index: u32,
    sentence: bool,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { write_text(|| outcome::<G>(index), sentence, buf, cap, out_len) }
}

/// The body of `kingup_*_chance_parse`.
///
/// # Safety
///
/// As [`parse_text`].
pub(crate) unsafe fn chance_parse<G: Rules>(
    text: *const c_char,
    len: usize,
    out: *mut u32,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { parse_text(text, len, (out, "out_outcome"), G::chance_index) }
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
    // SAFETY: forwarded from this function's contract.
    unsafe { action_text::<Game>(action_index, false, buf, cap, out_len) }
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
    // SAFETY: forwarded from this function's contract.
    unsafe { action_parse::<Game>(text, len, out_action) }
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
    // SAFETY: forwarded from this function's contract.
    unsafe { action_text::<Game>(action_index, true, buf, cap, out_len) }
}

/// Writes the notation of chance outcome `outcome` (`"first 2"`, `"deal 17"`, `"layout 3"`),
/// the form of the chance steps in a save document, as NUL-terminated ASCII; `*out_len`
/// receives the bytes needed, NUL included. `KINGUP_STATUS_INVALID_ARGUMENT` (reason
/// `no_such_outcome`) for an index out of range.
///
/// # Safety
///
/// `buf` must be NULL or valid for writes of `cap` bytes; `out_len` NULL or valid for a
/// write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_chance_notation(
    outcome: u32,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { chance_text::<Game>(outcome, false, buf, cap, out_len) }
}

/// Reads a chance outcome in the notation (`"deal 17"`, any case, spaces around ignored)
/// and writes its index (`0..KINGUP_CHANCE_OUTCOME_COUNT`) into `*out_outcome`, for
/// `kingup_game_apply_chance`. `KINGUP_STATUS_PARSE_ERROR` for text that is not an outcome
/// (reason `malformed`, or `invalid_utf8`) or longer than `KINGUP_MAX_MOVE_LEN` bytes
/// (`too_long`); nothing is written on failure.
///
/// # Safety
///
/// `text` must be NULL or valid for reads of `len` bytes; `out_outcome` NULL or valid for a
/// write (and aligned for a `uint32_t`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_chance_parse(
    text: *const c_char,
    len: usize,
    out_outcome: *mut u32,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { chance_parse::<Game>(text, len, out_outcome) }
}
