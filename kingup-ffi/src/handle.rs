//! The game handle: create, clone, free, and information-set sampling.

use std::ffi::c_char;
use std::ptr;

use kingup_core::{Config, Game, Generator, Seat, Session};

use crate::buffer::{Out, aligned, read_in, str_in};
use crate::config::{KingupConfig, chance_mode};
use crate::error::{Error, KingupStatus, Result, guard, no_panic, reason};

/// Longest JSON config `kingup_game_new_json` reads: 64 KiB, a hundred times a config with
/// a full custom deck of 32 cards, pretty-printed.
pub const KINGUP_MAX_CONFIG_LEN: u32 = 65_536;

/// A game of King Up! as a session: the game, the record of its steps, its event log and
/// the generator chance is drawn from (`kingup_core::Session`, which every front end
/// wraps, so a seed and a save mean the same game in C, C#, Python and Rust). Opaque:
/// create it with `kingup_game_new`, `kingup_game_new_json`, `kingup_game_from_json`,
/// `kingup_game_clone` or `kingup_game_sample`; release it with `kingup_game_free`.
///
/// The handle knows every secret. Show players only views, events and observations made
/// for them.
#[derive(Clone, Debug)]
pub struct KingupGame {
    pub(crate) session: Session,
}

/// The seat numbered `seat` if it plays in a game of `config` (the engine's check).
pub(crate) fn seat_in(config: &Config, seat: u32) -> Result<Seat> {
    Ok(config.seat(seat.into())?)
}

impl KingupGame {
    /// The game, every secret included.
    pub(crate) fn game(&self) -> &Game {
        self.session.game()
    }

    /// Checks a seat argument against this game's player count.
    pub(crate) fn seat(&self, seat: u32) -> Result<Seat> {
        seat_in(self.session.config(), seat)
    }

    /// Checks a viewer argument: a seat, or -1 for a spectator (`None`).
    pub(crate) fn viewer(&self, viewer: i32) -> Result<Option<Seat>> {
        if viewer == -1 {
            return Ok(None);
        }
        let config = self.session.config();
        config.seat(viewer.into()).map(Some).map_err(|e| {
            Error::invalid(
                e.code(),
                format_args!(
                    "viewer {viewer} is neither a seat of this {}-player game nor -1 (a spectator)",
                    config.players
                ),
            )
        })
    }
}

/// Borrows the game behind a handle. A misaligned pointer cannot be a handle: it is
/// refused (`misaligned`) before it is dereferenced.
///
/// # Safety
///
/// `game` must be NULL, misaligned, or a live handle from this library, not used mutably
/// elsewhere during `'a`.
pub(crate) unsafe fn game_ref<'a>(game: *const KingupGame) -> Result<&'a KingupGame> {
    aligned(game, "game")?;
    // SAFETY: aligned (checked above), and NULL or a live handle (this function's
    // contract).
    unsafe { game.as_ref() }.ok_or_else(|| Error::null("game"))
}

/// Borrows the game behind a handle mutably; as [`game_ref`].
///
/// # Safety
///
/// `game` must be NULL, misaligned, or a live handle from this library, not used elsewhere
/// during `'a`.
pub(crate) unsafe fn game_mut<'a>(game: *mut KingupGame) -> Result<&'a mut KingupGame> {
    aligned(game, "game")?;
    // SAFETY: aligned (checked above), and NULL or a live handle used by no one else
    // (this function's contract).
    unsafe { game.as_mut() }.ok_or_else(|| Error::null("game"))
}

/// Hands a new handle to the caller through `out`: checks `out` first, then clears `*out`
/// so that a failed call never leaves a stale pointer there, then makes the session.
///
/// # Safety
///
/// `out` must be NULL or valid for a write of a pointer.
pub(crate) unsafe fn create(
    out: *mut *mut KingupGame,
    make: impl FnOnce() -> Result<Session>,
) -> Result {
    // SAFETY: forwarded from this function's contract.
    let out = unsafe { Out::new(out, "out") }?;
    out.write(ptr::null_mut());
    let session = make()?;
    out.write(Box::into_raw(Box::new(KingupGame { session })));
    Ok(())
}

/// Creates a game from `config` with the default balanced deck, drawing chance from the
/// generator of `seed` (xoshiro256++ seeded by SplitMix64, the project's one portable
/// stream). With automatic chance (`config->chance == KINGUP_CHANCE_AUTO`, the default)
/// round 1 is dealt at once and a seat is to move: the same config, seed and moves give
/// the same game, event for event and save for save, as Python's
/// `kingup.Game(players, seed=seed)` and Rust's `Session::new(config, seed)`. With
/// explicit chance the new game waits for chance (`kingup_game_apply_chance` or
/// `kingup_game_resolve_chance`). Free it with `kingup_game_free`.
///
/// A seed predicts every deal: keep it from players.
///
/// `*out` is set to NULL on failure (unless `out` itself is NULL or misaligned):
/// `KINGUP_STATUS_INVALID_ARGUMENT` (reason `invalid_config`) for an unplayable config or
/// an unknown setup or chance mode.
///
/// # Safety
///
/// `config` must be NULL or valid for reads; `out` must be NULL or valid for a write; both
/// aligned for their types.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_new(
    config: *const KingupConfig,
    seed: u64,
    out: *mut *mut KingupGame,
) -> KingupStatus {
    let make = || {
        // SAFETY: the caller guarantees `config` as documented above.
        let config = unsafe { read_in(config, "config") }?;
        let (config, chance) = config.to_config()?;
        Ok(Session::with_generator(
            config,
            Generator::new(seed),
            chance,
        )?)
    };
    // SAFETY: the caller guarantees `out` as documented above.
    guard(|| unsafe { create(out, make) })
}

/// Creates a game from a JSON config such as
/// `{"players": 4, "rounds": 3, "setup": "placement", "first_player": {"seat": 0},
/// "deck": ["BDEMNP", …]}` (`setup`, `first_player` and `deck` may be left out), so a
/// custom deck can be given: each card is six distinct character letters. `json` is
/// `json_len` bytes of UTF-8 (no NUL needed); `chance` is a `KingupChance` value.
/// Otherwise as `kingup_game_new`.
///
/// `KINGUP_STATUS_PARSE_ERROR` for text that is not such a JSON config (reason
/// `malformed`, or `invalid_utf8`) or is longer than `KINGUP_MAX_CONFIG_LEN` bytes
/// (`too_long`, refused unread), `KINGUP_STATUS_INVALID_ARGUMENT` (reason
/// `invalid_config`) for an unplayable one (e.g. a deck too small) or an unknown chance
/// mode.
///
/// # Safety
///
/// `json` must be NULL or valid for reads of `json_len` bytes; `out` must be NULL or valid
/// for a write (and aligned for a pointer).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_new_json(
    json: *const c_char,
    json_len: usize,
    chance: u32,
    seed: u64,
    out: *mut *mut KingupGame,
) -> KingupStatus {
    let make = || {
        let chance = chance_mode(chance)?;
        // SAFETY: the caller guarantees `json` as documented above.
        let text = unsafe { str_in(json, json_len, KINGUP_MAX_CONFIG_LEN as usize, "config") }?;
        // serde_json's message quotes the offending input; `Error::new` cuts every quote.
        let config: Config = serde_json::from_str(text).map_err(|e| {
            Error::parse(reason::MALFORMED, format_args!("invalid JSON config: {e}"))
        })?;
        Ok(Session::with_generator(
            config,
            Generator::new(seed),
            chance,
        )?)
    };
    // SAFETY: the caller guarantees `out` as documented above.
    guard(|| unsafe { create(out, make) })
}

/// Copies a handle: the game, its record, the generator's state and the event log. The
/// copy is independent and plays on exactly as the source would; free it with
/// `kingup_game_free`.
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
    let make = || Ok(unsafe { game_ref(game) }?.session.clone());
    // SAFETY: the caller guarantees `out` as documented above.
    guard(|| unsafe { create(out, make) })
}

/// Releases a handle. NULL is accepted and ignored, and so is a misaligned pointer, which
/// cannot be a handle. The handle must not be used again.
///
/// # Safety
///
/// `game` must be NULL or a live handle from this library, freed at most once.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_free(game: *mut KingupGame) {
    // No status to report a misaligned pointer with: handing it to the allocator would be
    // undefined behaviour, ignoring it is not.
    if game.is_null() || !game.is_aligned() {
        return;
    }
    // Not through `guard`, which would clear the last error the caller may still read.
    // Dropping plain data and `Vec`s cannot panic; the catch is there all the same.
    no_panic((), || {
        // SAFETY: a live handle made by `Box::into_raw` in `create`, owned by the caller
        // and given back exactly once.
        drop(unsafe { Box::from_raw(game) });
    });
}

/// Information-set sampling: creates a game consistent with everything `seat` knows (the
/// other seats' hidden objectives and committed votes drawn at random by the generator of
/// `seed`, which the new handle keeps). The new game is a replay of the source's steps
/// with those secrets substituted, so it has the same public history, the same event log
/// as `seat` sees it, the same chance mode, and saves like any game. The source is not
/// changed. Free it with `kingup_game_free`.
///
/// `KINGUP_STATUS_INVALID_ARGUMENT` (reason `no_such_seat`) for a seat that does not play.
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
        let seat = source.seat(seat)?;
        // A seat of a reachable game always has a consistent world: failing is a bug.
        source.session.sample(seat, seed).map_err(Error::internal)
    };
    // SAFETY: the caller guarantees `out` as documented above.
    guard(|| unsafe { create(out, make) })
}

/// Writes the game's config and chance mode into `*out` (the deck is not included: see the
/// save document).
///
/// # Safety
///
/// `game` must be NULL or a live handle; `out` NULL or valid for a write (and aligned for
/// a `KingupConfig`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_config(
    game: *const KingupGame,
    out: *mut KingupConfig,
) -> KingupStatus {
    guard(|| {
        // SAFETY: the caller guarantees `out` as documented above.
        let out = unsafe { Out::new(out, "out") }?;
        // SAFETY: the caller guarantees `game` as documented above.
        let session = &unsafe { game_ref(game) }?.session;
        out.write(KingupConfig::from_config(
            session.config(),
            session.chance_mode(),
        ));
        Ok(())
    })
}
