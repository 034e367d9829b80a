//! Saves: the session's JSON document, which is a replay, out and in — generic over the
//! game, with King Up!'s entry points.

use std::ffi::c_char;

use kingup_core::MAX_SAVE_LEN;
use kingup_table::{Rules, Session};

use crate::buffer::str_in;
use crate::error::{Error, KingupStatus, guard};
use crate::handle::KingupGame;
use crate::table::{Handle, create, game_text};

/// Longest save document `kingup_game_from_json` reads: 1 MiB, a hundred times a whole
/// game.
pub const KINGUP_MAX_SAVE_LEN: u32 = 1_048_576;

const _: () = assert!(KINGUP_MAX_SAVE_LEN as usize == MAX_SAVE_LEN);

/// The body of `kingup_*_game_to_json`.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `buf` NULL or valid for writes of `cap` bytes;
/// `out_len` NULL or valid for a write.
pub(crate) unsafe fn to_json<H: Handle>(
    game: *const H,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { game_text(game, buf, cap, out_len, |g| Ok(g.session().to_json())) }
}

/// The body of `kingup_*_game_from_json`: every document that does not load is a parse
/// error, whatever the reason, since the caller handed in text; the reason code says what
/// was wrong with it.
///
/// # Safety
///
/// `json` must be NULL or valid for reads of `json_len` bytes; `out` NULL or valid for a
/// write.
pub(crate) unsafe fn from_json<H: Handle>(
    json: *const c_char,
    json_len: usize,
    out: *mut *mut H,
) -> KingupStatus {
    let make = || {
        let max = <H::Game as Rules>::MAX_SAVE_LEN;
        // SAFETY: forwarded from this function's contract.
        let text = unsafe { str_in(json, json_len, max, "save document") }?;
        let session = Session::from_json(text).map_err(|e| Error::parse(e.code(), e))?;
        Ok(H::wrap(session))
    };
    // SAFETY: forwarded from this function's contract.
    guard(|| unsafe { create(out, make) })
}

/// Writes the save document as NUL-terminated JSON on one line:
/// `{"format":"kingup-save","version":1,"config":{…},"chance":"auto","generator":"<64 hex>",
/// "steps":["chance: first 2","chance: deal 17",…,"2: B4"]}` — the same bytes every front
/// end writes for the same game. It is a replay: the config, the chance mode, the
/// generator's state and every step, chance included. `*out_len` receives the bytes
/// needed, NUL included.
///
/// It holds every secret (the deals are steps, and the generator predicts the next ones):
/// it is the host's, never a player's.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `buf` NULL or valid for writes of `cap` bytes;
/// `out_len` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_to_json(
    game: *const KingupGame,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { to_json(game, buf, cap, out_len) }
}

/// Loads a save document written by `kingup_game_to_json` (here or by any other front
/// end), `json_len` bytes of UTF-8: its steps are replayed through the rules, so only a
/// game the rules can reach loads, and the loaded game has the whole event log and plays
/// on exactly as the saved one would (its generator comes from the document). `*out` is
/// set to NULL on failure.
///
/// Every refusal is `KINGUP_STATUS_PARSE_ERROR`; the reason says why: `malformed`,
/// `too_long` (over `KINGUP_MAX_SAVE_LEN` bytes, refused unread), `invalid_utf8`,
/// `version`, `generator`, `chance_pending`, `invalid_config`, or the refused step's own
/// reason (`card_unavailable`, `not_your_turn`, …).
///
/// # Safety
///
/// `json` must be NULL or valid for reads of `json_len` bytes; `out` must be NULL or valid
/// for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_from_json(
    json: *const c_char,
    json_len: usize,
    out: *mut *mut KingupGame,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { from_json(json, json_len, out) }
}
