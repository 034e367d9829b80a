//! Helpers shared by the ABI tests: an owning game handle, status and text helpers, and
//! the checks every bad-input test makes.

// Each test file uses a different subset.
#![allow(dead_code)]

use std::ffi::{CStr, c_char};
use std::ptr;

use kingup_ffi::*;

/// An owned handle, freed on drop.
pub(crate) struct Game(pub(crate) *mut KingupGame);

impl Drop for Game {
    fn drop(&mut self) {
        // SAFETY: the handle is owned by this wrapper and freed exactly once.
        unsafe { kingup_game_free(self.0) };
    }
}

pub(crate) fn last_error() -> String {
    text(|buf, cap, len| {
        // SAFETY: `text` passes a buffer of `cap` bytes and a live `len`.
        unsafe { kingup_last_error(buf, cap, len) }
    })
}

pub(crate) fn ok(status: KingupStatus) {
    assert_eq!(status, KingupStatus::Ok, "{}", last_error());
}

/// Calls a text-producing entry point twice: once to learn the size, once to fill.
pub(crate) fn text(call: impl Fn(*mut c_char, usize, *mut usize) -> KingupStatus) -> String {
    let mut len = 0;
    let first = call(ptr::null_mut(), 0, &mut len);
    assert_eq!(first, KingupStatus::BufferTooSmall, "size query");
    let mut buf = vec![0x55 as c_char; len];
    let mut written = 0;
    let status = call(buf.as_mut_ptr(), len, &mut written);
    assert_eq!((status, written), (KingupStatus::Ok, len));
    let bytes: Vec<u8> = buf.iter().map(|&c| c as u8).collect();
    let text = CStr::from_bytes_with_nul(&bytes).expect("one NUL, at the end");
    text.to_str().expect("UTF-8").to_owned()
}

pub(crate) fn snapshot(g: &Game) -> String {
    // SAFETY: a live handle; `text` passes a valid buffer and length.
    text(|buf, cap, len| unsafe { kingup_game_to_json(g.0, buf, cap, len) })
}

pub(crate) fn event_count(g: &Game) -> usize {
    let mut n = 0;
    // SAFETY: a live handle and a live local.
    ok(unsafe { kingup_game_event_count(g.0, &mut n) });
    n
}

pub(crate) fn actor(g: &Game) -> KingupActor {
    let mut actor = KingupActor {
        kind: 99,
        seat: 99,
        seats: 99,
    };
    // SAFETY: a live handle and a live local.
    ok(unsafe { kingup_game_actor(g.0, &mut actor) });
    actor
}

pub(crate) fn phase(g: &Game) -> u32 {
    let mut phase = 99;
    // SAFETY: a live handle and a live local.
    ok(unsafe { kingup_game_phase(g.0, &mut phase) });
    phase
}

/// A seat that may act now: the one to move, or the lowest seat still to vote.
pub(crate) fn acting_seat(actor: KingupActor) -> u32 {
    assert!(actor.seats != 0);
    actor.seats.trailing_zeros()
}

/// Asserts that `call` fails with `expected`, explains itself, and leaves `g` as it was;
/// returns the explanation.
pub(crate) fn refused(
    g: &Game,
    expected: KingupStatus,
    call: impl FnOnce() -> KingupStatus,
) -> String {
    let (before, events) = (snapshot(g), event_count(g));
    assert_eq!(call(), expected);
    let message = last_error();
    assert!(!message.is_empty(), "the failure is explained");
    assert_eq!(snapshot(g), before, "the game is unchanged");
    assert_eq!(event_count(g), events, "the log is unchanged");
    message
}

/// A 4-player game in the placement phase, seat 0 to move, with a log.
pub(crate) fn fixture() -> Game {
    let config = KingupConfig {
        players: 4,
        rounds: 3,
        setup: 0,
        first_player: 0,
    };
    let mut g = ptr::null_mut();
    // SAFETY: live locals.
    ok(unsafe { kingup_game_new(&config, 7, &mut g) });
    // SAFETY: a live handle, not otherwise borrowed.
    ok(unsafe { kingup_game_resolve_chance(g) });
    Game(g)
}
