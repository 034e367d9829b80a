//! What the ABI asks of a game, and the handles over its session: written once for every
//! game of the table (`kingup_table::Rules`). Each game's `extern "C"` functions are thin
//! wrappers over the generic bodies here and in the other modules (cbindgen reads only
//! functions written out in source, so the wrappers stay explicit).

use std::ffi::c_char;
use std::ptr;

use kingup_table::{ChanceMode, GameConfig, Generator, Reason, Rules, Seat, Session};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::buffer::{Out, OutList, aligned, fill_str, read_in, str_in};
use crate::error::{Error, KingupStatus, Result, guard, no_panic, reason};

/// A game as the ABI serves it: the rules plus what only a front end needs, its blittable
/// config.
pub(crate) trait Table:
    Rules<Event: Serialize, Config: Serialize + DeserializeOwned>
{
    /// The blittable config of the game (`KingupConfig`, `KingupCourtConfig`).
    type CConfig: Copy;

    /// The engine's config and chance mode, or why these numbers do not make them
    /// (`invalid_config`).
    fn to_config(config: Self::CConfig) -> Result<(Self::Config, ChanceMode)>;

    /// The blittable form of an engine config.
    fn from_config(config: &Self::Config, chance: ChanceMode) -> Self::CConfig;
}

/// Whether `seat` may act now in `game`, and if not why, with the engine's reason code
/// (`not_your_turn`, `game_over`, …): checked before a bot chooses.
pub(crate) fn check_turn<G: Rules>(game: &G, seat: Seat) -> Result {
    game.check_turn(seat).map_err(|why| {
        Error::invalid(
            why.code(),
            format_args!("seat {seat} may not act now: {why}"),
        )
    })
}

/// An opaque game handle: a session of one game (`KingupGame`, `KingupCourtGame`).
pub(crate) trait Handle: Clone + 'static {
    /// The game it plays.
    type Game: Table;

    /// A handle over `session`.
    fn wrap(session: Session<Self::Game>) -> Self;

    /// The session.
    fn session(&self) -> &Session<Self::Game>;

    /// The session, to replace it whole (see `play::change`).
    fn session_mut(&mut self) -> &mut Session<Self::Game>;

    /// The game, every secret included.
    fn game(&self) -> &Self::Game {
        self.session().game()
    }

    /// Checks a seat argument against this game's player count.
    fn seat(&self, seat: u32) -> Result<Seat> {
        seat_in(self.session().config(), seat)
    }

    /// Checks a viewer argument: a seat, or -1 for a spectator (`None`).
    fn viewer(&self, viewer: i32) -> Result<Option<Seat>> {
        if viewer == -1 {
            return Ok(None);
        }
        let config = self.session().config();
        config.seat(viewer.into()).map(Some).map_err(|e| {
            Error::invalid(
                e.code(),
                format_args!(
                    "viewer {viewer} is neither a seat of this {}-player game nor -1 (a spectator)",
                    config.players()
                ),
            )
        })
    }
}

/// The seat numbered `seat` if it plays in a game of `config` (the engine's check).
pub(crate) fn seat_in<C: GameConfig>(config: &C, seat: u32) -> Result<Seat> {
    config
        .seat(seat.into())
        .map_err(|e| Error::invalid(e.code(), e))
}

/// The chance mode named by a `KingupChance` value.
pub(crate) fn chance_mode(chance: u32) -> Result<ChanceMode> {
    match chance {
        0 => Ok(ChanceMode::Auto),
        1 => Ok(ChanceMode::Explicit),
        other => Err(Error::invalid(
            reason::INVALID_CONFIG,
            format_args!("unknown chance mode {other} (0 auto, 1 explicit)"),
        )),
    }
}

/// The `KingupChance` value of a chance mode.
pub(crate) fn chance_code(chance: ChanceMode) -> u32 {
    match chance {
        ChanceMode::Auto => crate::KingupChance::Auto as u32,
        ChanceMode::Explicit => crate::KingupChance::Explicit as u32,
    }
}

/// Borrows the value behind a handle (a game or a bot), named `name` in messages. A
/// misaligned pointer cannot be a handle: it is refused (`misaligned`) before it is
/// dereferenced.
///
/// # Safety
///
/// `ptr` must be NULL, misaligned, or a live handle from this library, not used mutably
/// elsewhere during `'a`.
pub(crate) unsafe fn handle_ref<'a, T>(ptr: *const T, name: &str) -> Result<&'a T> {
    aligned(ptr, name)?;
    // SAFETY: aligned (checked above), and NULL or a live handle (this function's
    // contract).
    unsafe { ptr.as_ref() }.ok_or_else(|| Error::null(name))
}

/// Borrows the value behind a handle mutably; as [`handle_ref`].
///
/// # Safety
///
/// `ptr` must be NULL, misaligned, or a live handle from this library, not used elsewhere
/// during `'a`.
pub(crate) unsafe fn handle_mut<'a, T>(ptr: *mut T, name: &str) -> Result<&'a mut T> {
    aligned(ptr, name)?;
    // SAFETY: aligned (checked above), and NULL or a live handle used by no one else
    // (this function's contract).
    unsafe { ptr.as_mut() }.ok_or_else(|| Error::null(name))
}

/// Borrows a game handle (named `game` in messages); as [`handle_ref`].
///
/// # Safety
///
/// As [`handle_ref`].
pub(crate) unsafe fn game_ref<'a, H>(game: *const H) -> Result<&'a H> {
    // SAFETY: forwarded from this function's contract.
    unsafe { handle_ref(game, "game") }
}

/// Writes the text `f` makes of a game handle as NUL-terminated UTF-8, the body of the
/// `kingup_*_json` and describing queries: `buf`, `cap` and `out_len` checked first, then
/// `game`.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `buf` NULL or valid for writes of `cap` bytes;
/// `out_len` NULL or valid for a write.
pub(crate) unsafe fn game_text<H>(
    game: *const H,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
    f: impl FnOnce(&H) -> Result<String>,
) -> KingupStatus {
    guard(|| {
        // SAFETY: forwarded from this function's contract.
        let out = unsafe { OutList::new(buf, cap, out_len) }?;
        // SAFETY: forwarded from this function's contract.
        let text = f(unsafe { game_ref(game) }?)?;
        fill_str(out, &text)
    })
}

/// Hands a new handle to the caller through `out`: checks `out` first, then clears `*out`
/// so that a failed call never leaves a stale pointer there, then makes the value.
///
/// # Safety
///
/// `out` must be NULL or valid for a write of a pointer.
pub(crate) unsafe fn create<T>(out: *mut *mut T, make: impl FnOnce() -> Result<T>) -> Result {
    // SAFETY: forwarded from this function's contract.
    let out = unsafe { Out::new(out, "out") }?;
    out.write(ptr::null_mut());
    let value = make()?;
    out.write(Box::into_raw(Box::new(value)));
    Ok(())
}

/// Releases a handle made by [`create`]. NULL is accepted and ignored, and so is a
/// misaligned pointer, which cannot be a handle.
///
/// # Safety
///
/// `ptr` must be NULL, misaligned, or a live handle made by [`create`], freed at most once.
pub(crate) unsafe fn release<T>(ptr: *mut T) {
    // No status to report a misaligned pointer with: handing it to the allocator would be
    // undefined behaviour, ignoring it is not.
    if ptr.is_null() || !ptr.is_aligned() {
        return;
    }
    // Not through `guard`, which would clear the last error the caller may still read.
    // Dropping plain data and `Vec`s cannot panic; the catch is there all the same.
    no_panic((), || {
        // SAFETY: a live handle made by `Box::into_raw` in `create`, owned by the caller
        // and given back exactly once.
        drop(unsafe { Box::from_raw(ptr) });
    });
}

/// A new session of `config` drawing chance from the generator of `seed`.
fn session<G: Table>(config: G::Config, seed: u64, chance: ChanceMode) -> Result<Session<G>> {
    Session::with_generator(config, Generator::new(seed), chance)
        .map_err(|e| Error::invalid(reason::INVALID_CONFIG, e))
}

/// The body of `kingup_*_game_new`: a game from a blittable config.
///
/// # Safety
///
/// `config` must be NULL or valid for reads; `out` NULL or valid for a write.
pub(crate) unsafe fn new<H: Handle>(
    config: *const <H::Game as Table>::CConfig,
    seed: u64,
    out: *mut *mut H,
) -> KingupStatus {
    let make = || {
        // SAFETY: forwarded from this function's contract.
        let config = unsafe { read_in(config, "config") }?;
        let (config, chance) = H::Game::to_config(config)?;
        Ok(H::wrap(session(config, seed, chance)?))
    };
    // SAFETY: forwarded from this function's contract.
    guard(|| unsafe { create(out, make) })
}

/// The body of `kingup_*_game_new_json`: a game from a JSON config of at most `max`
/// bytes.
///
/// # Safety
///
/// `json` must be NULL or valid for reads of `json_len` bytes; `out` NULL or valid for a
/// write.
pub(crate) unsafe fn new_json<H: Handle>(
    json: *const c_char,
    json_len: usize,
    max: usize,
    chance: u32,
    seed: u64,
    out: *mut *mut H,
) -> KingupStatus {
    let make = || {
        let chance = chance_mode(chance)?;
        // SAFETY: forwarded from this function's contract.
        let text = unsafe { str_in(json, json_len, max, "config") }?;
        // serde_json's message quotes the offending input; `Error::new` cuts every quote.
        let config = serde_json::from_str(text).map_err(|e| {
            Error::parse(reason::MALFORMED, format_args!("invalid JSON config: {e}"))
        })?;
        Ok(H::wrap(session(config, seed, chance)?))
    };
    // SAFETY: forwarded from this function's contract.
    guard(|| unsafe { create(out, make) })
}

/// The body of `kingup_*_game_clone`.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `out` NULL or valid for a write.
pub(crate) unsafe fn clone<H: Handle>(game: *const H, out: *mut *mut H) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    let make = || Ok(unsafe { game_ref(game) }?.clone());
    // SAFETY: forwarded from this function's contract.
    guard(|| unsafe { create(out, make) })
}

/// The body of `kingup_*_game_config`.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `out` NULL or valid for a write.
pub(crate) unsafe fn config<H: Handle>(
    game: *const H,
    out: *mut <H::Game as Table>::CConfig,
) -> KingupStatus {
    guard(|| {
        // SAFETY: forwarded from this function's contract.
        let out = unsafe { Out::new(out, "out") }?;
        // SAFETY: forwarded from this function's contract.
        let session = unsafe { game_ref(game) }?.session();
        out.write(H::Game::from_config(
            session.config(),
            session.chance_mode(),
        ));
        Ok(())
    })
}
