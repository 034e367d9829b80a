//! Helpers shared by the ABI tests: an owning game handle, status and text helpers, and
//! the checks every bad-input test makes.

// Each test file uses a different subset.
#![allow(dead_code)]

use std::ffi::{CStr, c_char};
use std::ptr;

use kingup_ffi::*;

pub(crate) mod court;

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

pub(crate) fn last_reason() -> String {
    text(|buf, cap, len| {
        // SAFETY: `text` passes a buffer of `cap` bytes and a live `len`.
        unsafe { kingup_last_error_reason(buf, cap, len) }
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

/// The save document: the whole game (config, chance mode, generator, every step).
pub(crate) fn save(g: &Game) -> String {
    // SAFETY: a live handle; `text` passes a valid buffer and length.
    text(|buf, cap, len| unsafe { kingup_game_to_json(g.0, buf, cap, len) })
}

/// Loads a save document into a new handle, or returns the refusal's status.
pub(crate) fn load(json: &[u8]) -> Result<Game, KingupStatus> {
    let mut out = ptr::dangling_mut();
    // SAFETY: `json` holds `json.len()` bytes; `out` is a live local.
    let status = unsafe { kingup_game_from_json(json.as_ptr().cast(), json.len(), &mut out) };
    if status == KingupStatus::Ok {
        assert!(!out.is_null());
        Ok(Game(out))
    } else {
        assert!(out.is_null(), "a failed load clears *out");
        Err(status)
    }
}

pub(crate) fn event_count(g: &Game) -> usize {
    // SAFETY: a live handle and a live local.
    event_count_with(|n| unsafe { kingup_game_event_count(g.0, n) })
}

/// The count an `event_count` entry point writes.
pub(crate) fn event_count_with(call: impl FnOnce(*mut usize) -> KingupStatus) -> usize {
    let mut n = 0;
    ok(call(&mut n));
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

/// The seat that acts next, from the library (`None`: chance or nobody).
pub(crate) fn next_seat(g: &Game) -> Option<u32> {
    let mut seat = 99;
    // SAFETY: a live handle and a live local.
    ok(unsafe { kingup_game_next_seat(g.0, &mut seat) });
    u32::try_from(seat).ok()
}

/// A seat that may act now: the one to move, or the lowest seat still to vote.
pub(crate) fn acting_seat(actor: KingupActor) -> u32 {
    assert!(actor.seats != 0);
    actor.seats.trailing_zeros()
}

/// Asserts that `call` fails with `status` and `reason`, explains itself, and leaves `g`
/// as it was (the same save document and event log); returns the explanation.
pub(crate) fn refused(
    g: &Game,
    status: KingupStatus,
    reason: &str,
    call: impl FnOnce() -> KingupStatus,
) -> String {
    let (before, events) = (save(g), event_count(g));
    assert_eq!(call(), status, "{}", last_error());
    let message = last_error();
    assert!(!message.is_empty(), "the failure is explained");
    assert_eq!(last_reason(), reason, "{message}");
    assert_eq!(save(g), before, "the game is unchanged");
    assert_eq!(event_count(g), events, "the log is unchanged");
    message
}

pub(crate) fn config(players: u32, rounds: u32, setup: u32, first_player: i32) -> KingupConfig {
    KingupConfig {
        players,
        rounds,
        setup,
        first_player,
        chance: KingupChance::Auto as u32,
    }
}

/// The same config with explicit chance.
pub(crate) fn explicit(config: KingupConfig) -> KingupConfig {
    KingupConfig {
        chance: KingupChance::Explicit as u32,
        ..config
    }
}

pub(crate) fn new_game(config: KingupConfig, seed: u64) -> Game {
    let mut handle = ptr::null_mut();
    // SAFETY: both pointers are to live locals.
    ok(unsafe { kingup_game_new(&config, seed, &mut handle) });
    assert!(!handle.is_null());
    Game(handle)
}

/// A 4-player game in the placement phase, seat 0 to move, with a log.
pub(crate) fn fixture() -> Game {
    new_game(config(4, 3, 0, 0), 7)
}

/// A function declared in the committed header: its name and its parameters, each as
/// written there with single spaces (`"const struct KingupGame *game"`, `"size_t cap"`).
#[derive(Debug)]
pub(crate) struct Declaration {
    pub(crate) name: String,
    pub(crate) params: Vec<String>,
}

/// Every function of `include/kingup.h`, so that a test can check it covers them all and
/// a new entry point cannot be left out of it.
pub(crate) fn header_functions() -> Vec<Declaration> {
    let header = include_str!("../../include/kingup.h");
    // Without comments and preprocessor lines, the header is declarations ended by `;`.
    let code: Vec<&str> = header
        .lines()
        .filter(|l| !l.trim_start().starts_with("//") && !l.trim_start().starts_with('#'))
        .collect();
    let code = code.join("\n");
    let functions: Vec<Declaration> = code
        .split(';')
        .filter_map(|chunk| {
            let open = chunk.find('(')?;
            let close = chunk.rfind(')')?;
            let name = chunk[..open]
                .split_whitespace()
                .last()?
                .trim_start_matches('*');
            if !name.starts_with("kingup_") {
                return None;
            }
            let params = chunk[open + 1..close]
                .split(',')
                .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
                .filter(|p| p != "void")
                .collect();
            Some(Declaration {
                name: name.to_owned(),
                params,
            })
        })
        .collect();
    assert!(functions.len() > 40, "the header parses: {functions:?}");
    functions
}

/// Caller memory for one misaligned pointer to `T`: backed by `u64`s filled with a pattern,
/// the pointer is one byte past an 8-aligned address, so it is misaligned for every type
/// wider than a byte. `untouched` tells whether anything was written there.
pub(crate) struct Misaligned<T> {
    words: Vec<u64>,
    _type: std::marker::PhantomData<T>,
}

const PATTERN: u64 = 0xA5A5_A5A5_A5A5_A5A5;

impl<T> Misaligned<T> {
    /// Room for `n` elements of `T` at the misaligned address.
    pub(crate) fn new(n: usize) -> Misaligned<T> {
        Misaligned {
            words: vec![PATTERN; (n * size_of::<T>()).div_ceil(8) + 1],
            _type: std::marker::PhantomData,
        }
    }

    pub(crate) fn ptr(&mut self) -> *mut T {
        let ptr = self
            .words
            .as_mut_ptr()
            .cast::<u8>()
            .wrapping_add(1)
            .cast::<T>();
        assert!(
            !ptr.is_aligned(),
            "{} is wider than a byte",
            std::any::type_name::<T>()
        );
        ptr
    }

    pub(crate) fn untouched(&self) -> bool {
        self.words.iter().all(|&w| w == PATTERN)
    }
}
