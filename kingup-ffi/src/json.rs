//! Views and events as JSON for clients; events generic over the game.

use std::ffi::c_char;

use crate::buffer::{OutList, fill_str};
use crate::error::{Error, KingupStatus, Result, guard, reason};
use crate::handle::KingupGame;
use crate::table::{Handle, game_ref};

/// Serializes what a query builds and copies it into the caller's buffer as
/// NUL-terminated JSON.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `buf` NULL or valid for writes of `cap` bytes;
/// `out_len` NULL or valid for a write.
unsafe fn answer_json<H: Handle, T: serde::Serialize>(
    game: *const H,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
    query: impl FnOnce(&H) -> Result<T>,
) -> KingupStatus {
    guard(|| {
        // SAFETY: forwarded from this function's contract.
        let out = unsafe { OutList::new(buf, cap, out_len) }?;
        // SAFETY: forwarded from this function's contract.
        let value = query(unsafe { game_ref(game) }?)?;
        // Views and events are plain data: writing them cannot fail.
        let json = serde_json::to_string(&value).map_err(Error::internal)?;
        fill_str(out, &json)
    })
}

/// Writes what `seat` knows — everything public plus its own objective and committed
/// vote, never another seat's secrets — as NUL-terminated JSON. Safe to send to that
/// player. `*out_len` receives the bytes needed, NUL included.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `buf` NULL or valid for writes of `cap` bytes;
/// `out_len` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_player_view_json(
    game: *const KingupGame,
    seat: u32,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    let query = |g: &KingupGame| Ok(g.game().player_view(g.seat(seat)?));
    // SAFETY: forwarded from this function's contract.
    unsafe { answer_json(game, buf, cap, out_len, query) }
}

/// Writes everything public (a spectator's view) as NUL-terminated JSON.
///
/// # Safety
///
/// As `kingup_game_player_view_json`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_public_view_json(
    game: *const KingupGame,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { answer_json(game, buf, cap, out_len, |g| Ok(g.game().public_view())) }
}

/// Writes the events of the log from index `from` on, as `viewer` may see them (a seat, or
/// -1 for a spectator: other seats' dealt cards and committed votes are blanked), as a
/// NUL-terminated JSON array of objects tagged by `"type"`. The log holds every event since
/// the start of the game, also in a game loaded from a save or sampled. Poll with `from`
/// set to the previous `kingup_game_event_count` to get only new events.
/// `KINGUP_STATUS_INVALID_ARGUMENT` for a bad viewer (reason `no_such_seat`) or `from` past
/// the end of the log (`no_such_event`).
///
/// # Safety
///
/// As `kingup_game_player_view_json`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_events_json(
    game: *const KingupGame,
    viewer: i32,
    from: usize,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { events_json(game, viewer, from, buf, cap, out_len) }
}

/// The body of `kingup_*_game_events_json`.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `buf` NULL or valid for writes of `cap` bytes;
/// `out_len` NULL or valid for a write.
pub(crate) unsafe fn events_json<H: Handle>(
    game: *const H,
    viewer: i32,
    from: usize,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    let query = |g: &H| {
        let viewer = g.viewer(viewer)?;
        let count = g.session().events().len();
        if from > count {
            return Err(Error::invalid(
                reason::NO_SUCH_EVENT,
                format_args!("from {from} is past the {count} events"),
            ));
        }
        Ok(g.session().events_for(viewer, from).collect::<Vec<_>>())
    };
    // SAFETY: forwarded from this function's contract.
    unsafe { answer_json(game, buf, cap, out_len, query) }
}
