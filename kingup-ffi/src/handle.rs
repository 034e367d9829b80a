//! The game handle: create, clone, free, snapshots and information-set sampling.

use std::ffi::c_char;
use std::ptr;

use kingup_core::{Config, Event, Game, Seat};

use crate::buffer::{copy_str_out, str_in, write_out};
use crate::config::KingupConfig;
use crate::error::{Error, KingupStatus, Result, guard, no_panic};
use crate::rng::SplitMix64;

/// A game of King Up! with its random number generator and its event log. Opaque: create
/// it with `kingup_game_new`, `kingup_game_new_json`, `kingup_game_from_json`,
/// `kingup_game_clone` or `kingup_game_sample`; release it with `kingup_game_free`.
///
/// The handle knows every secret. Show players only views, events and observations made
/// for them.
#[derive(Clone, Debug)]
pub struct KingupGame {
    pub(crate) game: Game,
    /// Resolves chance steps in `kingup_game_resolve_chance`.
    pub(crate) rng: SplitMix64,
    /// Every event since the handle was created, unredacted; redacted on the way out.
    pub(crate) events: Vec<Event>,
}

impl KingupGame {
    fn new(game: Game, seed: u64) -> KingupGame {
        KingupGame {
            game,
            rng: SplitMix64::new(seed),
            events: Vec::new(),
        }
    }

    /// Checks a seat argument against this game's player count.
    pub(crate) fn seat(&self, seat: u32) -> Result<Seat> {
        usize::try_from(seat)
            .ok()
            .filter(|&s| s < self.game.players())
            .and_then(Seat::new)
            .ok_or_else(|| {
                Error::invalid(format_args!(
                    "seat {seat} does not play in a {}-player game",
                    self.game.players()
                ))
            })
    }

    /// Checks a viewer argument: a seat, or -1 for a spectator (`None`).
    pub(crate) fn viewer(&self, viewer: i32) -> Result<Option<Seat>> {
        match viewer {
            -1 => Ok(None),
            seat => u32::try_from(seat)
                .map_err(|_| Error::invalid(format_args!("viewer {seat} is neither a seat nor -1")))
                .and_then(|s| self.seat(s))
                .map(Some),
        }
    }
}

/// Borrows the game behind a handle.
///
/// # Safety
///
/// `game` must be NULL or a live handle from this library, not used mutably elsewhere
/// during `'a`.
pub(crate) unsafe fn game_ref<'a>(game: *const KingupGame) -> Result<&'a KingupGame> {
    // SAFETY: forwarded from this function's contract.
    unsafe { game.as_ref() }.ok_or_else(|| Error::null("game"))
}

/// Borrows the game behind a handle mutably.
///
/// # Safety
///
/// `game` must be NULL or a live handle from this library, not used elsewhere during `'a`.
pub(crate) unsafe fn game_mut<'a>(game: *mut KingupGame) -> Result<&'a mut KingupGame> {
    // SAFETY: forwarded from this function's contract.
    unsafe { game.as_mut() }.ok_or_else(|| Error::null("game"))
}

/// Hands a new handle to the caller through `out`, after clearing `*out` so that a failed
/// call never leaves a stale pointer there.
///
/// # Safety
///
/// `out` must be NULL or valid for a write of a pointer.
unsafe fn create(out: *mut *mut KingupGame, make: impl FnOnce() -> Result<KingupGame>) -> Result {
    // SAFETY: forwarded from this function's contract.
    unsafe { write_out(out, "out", ptr::null_mut())? };
    let handle = Box::into_raw(Box::new(make()?));
    // SAFETY: checked non-NULL and writable just above.
    unsafe { out.write(handle) };
    Ok(())
}

/// Creates a game from `config` with the default balanced deck; chance steps resolved by
/// `kingup_game_resolve_chance` draw from a generator seeded with `seed`. The new game is
/// in the setup phase of round 1 (chance to move). Free it with `kingup_game_free`.
///
/// `*out` is set to NULL on failure: `KINGUP_STATUS_INVALID_ARGUMENT` for an unplayable
/// config.
///
/// # Safety
///
/// `config` must be NULL or valid for reads; `out` must be NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_new(
    config: *const KingupConfig,
    seed: u64,
    out: *mut *mut KingupGame,
) -> KingupStatus {
    let make = || {
        // SAFETY: the caller guarantees `config` as documented above.
        let config = unsafe { config.as_ref() }.ok_or_else(|| Error::null("config"))?;
        let game = Game::new(config.to_config()?).map_err(Error::invalid)?;
        Ok(KingupGame::new(game, seed))
    };
    // SAFETY: the caller guarantees `out` as documented above.
    guard(|| unsafe { create(out, make) })
}

/// Creates a game from a JSON config such as
/// `{"players": 4, "rounds": 3, "setup": "placement", "first_player": {"seat": 0},
/// "deck": ["BDEMNP", …]}` (`setup`, `first_player` and `deck` may be left out), so a
/// custom deck can be given: each card is six distinct character letters. `json` is
/// `json_len` bytes of UTF-8 (no NUL needed). Otherwise as `kingup_game_new`.
///
/// `KINGUP_STATUS_PARSE_ERROR` for text that is not such a JSON config,
/// `KINGUP_STATUS_INVALID_ARGUMENT` for an unplayable one (e.g. a deck too small).
///
/// # Safety
///
/// `json` must be NULL or valid for reads of `json_len` bytes; `out` must be NULL or valid
/// for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_new_json(
    json: *const c_char,
    json_len: usize,
    seed: u64,
    out: *mut *mut KingupGame,
) -> KingupStatus {
    let make = || {
        // SAFETY: the caller guarantees `json` as documented above.
        let text = unsafe { str_in(json, json_len) }?;
        let config: Config = serde_json::from_str(text)
            .map_err(|e| Error::parse(format_args!("invalid JSON config: {e}")))?;
        let game = Game::new(config).map_err(Error::invalid)?;
        Ok(KingupGame::new(game, seed))
    };
    // SAFETY: the caller guarantees `out` as documented above.
    guard(|| unsafe { create(out, make) })
}

/// Copies a handle: the game, the generator's state and the event log. The copy is
/// independent; free it with `kingup_game_free`.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `out` must be NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_clone(
    game: *const KingupGame,
    out: *mut *mut KingupGame,
) -> KingupStatus {
    // SAFETY: the caller guarantees `game` as documented above.
    let make = || Ok(unsafe { game_ref(game) }?.clone());
    // SAFETY: the caller guarantees `out` as documented above.
    guard(|| unsafe { create(out, make) })
}

/// Releases a handle. NULL is accepted and ignored. The handle must not be used again.
///
/// # Safety
///
/// `game` must be NULL or a live handle from this library, freed at most once.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_free(game: *mut KingupGame) {
    if game.is_null() {
        return;
    }
    // Not through `guard`, which would clear the last error the caller may still read.
    // Dropping plain data and a `Vec` cannot panic; the catch is there all the same.
    no_panic((), || {
        // SAFETY: a live handle made by `Box::into_raw` in `create`, owned by the caller
        // and given back exactly once.
        drop(unsafe { Box::from_raw(game) });
    });
}

/// Writes the full snapshot of the game (every secret included: keep it from players) as
/// NUL-terminated JSON. The generator's state and the event log are not part of it.
/// `*out_len` receives the bytes needed, NUL included.
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
    guard(|| {
        // SAFETY: the caller guarantees `game` as documented above.
        let game = unsafe { game_ref(game) }?;
        let json = serde_json::to_string(&game.game)
            .map_err(|e| Error::new(KingupStatus::InternalError, e))?;
        // SAFETY: the caller guarantees `buf`, `cap` and `out_len` as documented above.
        unsafe { copy_str_out(&json, buf, cap, out_len) }
    })
}

/// Creates a game from a snapshot made by `kingup_game_to_json` (`json_len` bytes of
/// UTF-8), with a generator seeded with `seed` and an empty event log. The snapshot is
/// validated: `KINGUP_STATUS_PARSE_ERROR` for text that is not a snapshot or describes a
/// state no game can reach. `*out` is set to NULL on failure.
///
/// # Safety
///
/// `json` must be NULL or valid for reads of `json_len` bytes; `out` must be NULL or valid
/// for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_from_json(
    json: *const c_char,
    json_len: usize,
    seed: u64,
    out: *mut *mut KingupGame,
) -> KingupStatus {
    let make = || {
        // SAFETY: the caller guarantees `json` as documented above.
        let text = unsafe { str_in(json, json_len) }?;
        let game: Game = serde_json::from_str(text)
            .map_err(|e| Error::parse(format_args!("invalid snapshot: {e}")))?;
        Ok(KingupGame::new(game, seed))
    };
    // SAFETY: the caller guarantees `out` as documented above.
    guard(|| unsafe { create(out, make) })
}

/// Information-set sampling: creates a complete game consistent with everything `seat`
/// knows (the other seats' objectives and committed votes drawn at random, with a
/// generator seeded with `seed` that the new handle keeps). The source game is not
/// changed; the new handle's event log is empty. Free it with `kingup_game_free`.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `out` must be NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_sample(
    game: *const KingupGame,
    seat: u32,
    seed: u64,
    out: *mut *mut KingupGame,
) -> KingupStatus {
    let make = || {
        // SAFETY: the caller guarantees `game` as documented above.
        let source = unsafe { game_ref(game) }?;
        let view = source.game.player_view(source.seat(seat)?);
        let mut rng = SplitMix64::new(seed);
        // A view of a valid game always has a consistent completion: failing is a bug.
        let sampled = view
            .sample(&mut rng)
            .map_err(|e| Error::new(KingupStatus::InternalError, e))?;
        Ok(KingupGame {
            game: sampled,
            rng,
            events: Vec::new(),
        })
    };
    // SAFETY: the caller guarantees `out` as documented above.
    guard(|| unsafe { create(out, make) })
}

/// Writes the game's config into `*out` (the deck is not included: see the snapshot).
///
/// # Safety
///
/// `game` must be NULL or a live handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_config(
    game: *const KingupGame,
    out: *mut KingupConfig,
) -> KingupStatus {
    guard(|| {
        // SAFETY: the caller guarantees `game` and `out` as documented above.
        unsafe {
            let config = KingupConfig::from_config(game_ref(game)?.game.config());
            write_out(out, "out", config)
        }
    })
}
