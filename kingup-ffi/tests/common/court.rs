//! Helpers of the To Court the King ABI tests: an owning handle, saves, refusals.

use std::ptr;

use kingup_ffi::*;

use super::{event_count_with, last_error, last_reason, ok, text};

/// An owned court handle, freed on drop.
pub(crate) struct CourtGame(pub(crate) *mut KingupCourtGame);

impl Drop for CourtGame {
    fn drop(&mut self) {
        // SAFETY: the handle is owned by this wrapper and freed exactly once.
        unsafe { kingup_court_game_free(self.0) };
    }
}

/// The rules for `players` with `first_player` (-1: drawn) and `chance`.
pub(crate) fn court_config(
    players: u32,
    first_player: i32,
    chance: KingupChance,
) -> KingupCourtConfig {
    let mut config = KingupCourtConfig {
        players: 0,
        first_player: 0,
        unlimited_jesters: 9,
        preroll_abilities: 9,
        max_rounds: 9,
        chance: 9,
    };
    // SAFETY: a live local.
    ok(unsafe { kingup_court_config_init(&mut config, players) });
    KingupCourtConfig {
        first_player,
        chance: chance as u32,
        ..config
    }
}

pub(crate) fn court_new(config: KingupCourtConfig, seed: u64) -> CourtGame {
    let mut handle = ptr::null_mut();
    // SAFETY: both pointers are to live locals.
    ok(unsafe { kingup_court_game_new(&config, seed, &mut handle) });
    assert!(!handle.is_null());
    CourtGame(handle)
}

/// The save document.
pub(crate) fn court_save(g: &CourtGame) -> String {
    // SAFETY: a live handle; `text` passes a valid buffer and length.
    text(|buf, cap, len| unsafe { kingup_court_game_to_json(g.0, buf, cap, len) })
}

/// Loads a save document into a new handle, or returns the refusal's status.
pub(crate) fn court_load(json: &[u8]) -> Result<CourtGame, KingupStatus> {
    let mut out = ptr::dangling_mut();
    // SAFETY: `json` holds `json.len()` bytes; `out` is a live local.
    let status = unsafe { kingup_court_game_from_json(json.as_ptr().cast(), json.len(), &mut out) };
    if status == KingupStatus::Ok {
        assert!(!out.is_null());
        Ok(CourtGame(out))
    } else {
        assert!(out.is_null(), "a failed load clears *out");
        Err(status)
    }
}

pub(crate) fn court_event_count(g: &CourtGame) -> usize {
    // SAFETY: a live handle and a live local.
    event_count_with(|n| unsafe { kingup_court_game_event_count(g.0, n) })
}

/// The seat to move (`None`: chance or nobody).
pub(crate) fn court_next_seat(g: &CourtGame) -> Option<u32> {
    let mut seat = 99;
    // SAFETY: a live handle and a live local.
    ok(unsafe { kingup_court_game_next_seat(g.0, &mut seat) });
    u32::try_from(seat).ok()
}

/// `seat`'s legal actions.
pub(crate) fn court_legal(g: &CourtGame, seat: u32) -> Vec<u32> {
    let mut buf = vec![0; KINGUP_COURT_MAX_LEGAL_ACTIONS as usize];
    let mut len = 0;
    // SAFETY: a live handle, a buffer of its length and a live local.
    ok(unsafe {
        kingup_court_game_legal_actions(g.0, seat, buf.as_mut_ptr(), buf.len(), &mut len)
    });
    buf.truncate(len);
    buf
}

/// Asserts that `call` fails with `status` and `reason`, explains itself, and leaves `g`
/// as it was; returns the explanation.
pub(crate) fn court_refused(
    g: &CourtGame,
    status: KingupStatus,
    reason: &str,
    call: impl FnOnce() -> KingupStatus,
) -> String {
    let (before, events) = (court_save(g), court_event_count(g));
    assert_eq!(call(), status, "{}", last_error());
    let message = last_error();
    assert!(!message.is_empty(), "the failure is explained");
    assert_eq!(last_reason(), reason, "{message}");
    assert_eq!(court_save(g), before, "the game is unchanged");
    assert_eq!(court_event_count(g), events, "the log is unchanged");
    message
}
