//! King Up!'s game handle: create, clone, free, and information-set sampling (the bodies
//! are the generic ones of `table`).

use std::ffi::c_char;

use kingup_core::{Game, Session};

use crate::config::KingupConfig;
use crate::error::{Error, KingupStatus, Result, guard};
use crate::table::{self, Handle, Table, create, game_ref, release};

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

impl Handle for KingupGame {
    type Game = Game;

    fn wrap(session: Session) -> KingupGame {
        KingupGame { session }
    }

    fn session(&self) -> &Session {
        &self.session
    }

    fn session_mut(&mut self) -> &mut Session {
        &mut self.session
    }
}

impl Table for Game {
    type CConfig = KingupConfig;

    fn to_config(config: KingupConfig) -> Result<(kingup_core::Config, kingup_core::ChanceMode)> {
        config.to_config()
    }

    fn from_config(config: &kingup_core::Config, chance: kingup_core::ChanceMode) -> KingupConfig {
        KingupConfig::from_config(config, chance)
    }
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
    // SAFETY: forwarded from this function's contract.
    unsafe { table::new(config, seed, out) }
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
    let max = KINGUP_MAX_CONFIG_LEN as usize;
    // SAFETY: forwarded from this function's contract.
    unsafe { table::new_json(json, json_len, max, chance, seed, out) }
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
    // SAFETY: forwarded from this function's contract.
    unsafe { table::clone(game, out) }
}

/// Releases a handle. NULL is accepted and ignored, and so is a misaligned pointer, which
/// cannot be a handle. The handle must not be used again.
///
/// # Safety
///
/// `game` must be NULL or a live handle from this library, freed at most once.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_free(game: *mut KingupGame) {
    // SAFETY: forwarded from this function's contract.
    unsafe { release(game) }
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
        let source: &KingupGame = unsafe { game_ref(game) }?;
        let seat = source.seat(seat)?;
        // A seat of a reachable game always has a consistent world: failing is a bug.
        let session = source.session.sample(seat, seed).map_err(Error::internal)?;
        Ok(KingupGame { session })
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
    // SAFETY: forwarded from this function's contract.
    unsafe { table::config(game, out) }
}
