//! To Court the King (`kingup_court`) in the C ABI: its handle, its blittable config, and
//! the entry points that make, play, save and name its moves. Each `kingup_court_*`
//! function is a thin wrapper over the generic body King Up!'s twin calls too, so the two
//! games follow the same rules for statuses, reasons, buffers and atomicity.

use std::ffi::c_char;

use kingup_court::{ChanceMode, Config, FirstPlayer, Game, Generator, Position};
use kingup_table::Session;

use crate::action::{action_parse, action_text, chance_parse, chance_text};
use crate::buffer::{Out, str_in};
use crate::error::{Error, KingupStatus, Result, guard, reason};
use crate::handle::KINGUP_MAX_CONFIG_LEN;
use crate::table::{self, Handle, Table, chance_code, chance_mode, release};
use crate::{play, save};

/// Size of To Court the King's action index space: actions are
/// `0..KINGUP_COURT_ACTION_COUNT`.
pub const KINGUP_COURT_ACTION_COUNT: u32 = 238;
/// Size of To Court the King's chance outcome index space: `0..6` a die showing face
/// `i + 1`, `6..12` seat `i - 6` taking the start-player marker.
pub const KINGUP_COURT_CHANCE_OUTCOME_COUNT: u32 = 12;
/// Length of a To Court the King observation tensor, in floats.
pub const KINGUP_COURT_OBSERVATION_LEN: u32 = 257;
/// Most players a To Court the King game has (it is for 2 to 5).
pub const KINGUP_COURT_MAX_PLAYERS: u32 = 5;
/// Most legal actions a seat of To Court the King ever has at once: a buffer this long
/// always suffices.
pub const KINGUP_COURT_MAX_LEGAL_ACTIONS: u32 = 208;
/// Longest save document `kingup_court_game_from_json` reads: 16 MiB (the rules set no
/// bound on rounds; a random 5-player game of 100 rounds takes about 0.3 MiB).
pub const KINGUP_COURT_MAX_SAVE_LEN: u32 = 16_777_216;
/// Longest position document `kingup_court_game_from_position` reads: 8 KiB (a position
/// at its longest is well under 4 KiB).
pub const KINGUP_COURT_MAX_POSITION_LEN: u32 = 8192;

// The header's constants are literals (cbindgen needs them so); tie them to the engine.
const _: () = {
    assert!(KINGUP_COURT_ACTION_COUNT as usize == kingup_court::Action::COUNT);
    assert!(KINGUP_COURT_CHANCE_OUTCOME_COUNT as usize == kingup_court::ChanceOutcome::COUNT);
    assert!(KINGUP_COURT_OBSERVATION_LEN as usize == kingup_court::OBSERVATION_LEN);
    assert!(KINGUP_COURT_MAX_PLAYERS == Config::MAX_PLAYERS as u32);
    assert!(KINGUP_COURT_MAX_SAVE_LEN as usize == kingup_court::MAX_SAVE_LEN);
};

/// A game of To Court the King as a session: the game, the record of its steps, its event
/// log and the generator the dice are drawn from (the table's `Session`, which every front
/// end wraps: a seed and a save mean the same game in C, C#, Python and Rust). Opaque:
/// create it with `kingup_court_game_new`, `kingup_court_game_new_json`,
/// `kingup_court_game_from_json` or `kingup_court_game_clone`; release it with
/// `kingup_court_game_free`.
///
/// The game hides nothing from the players; the generator it keeps predicts every die.
#[derive(Clone, Debug)]
pub struct KingupCourtGame {
    session: Session<Game>,
}

impl Handle for KingupCourtGame {
    type Game = Game;

    fn wrap(session: Session<Game>) -> KingupCourtGame {
        KingupCourtGame { session }
    }

    fn session(&self) -> &Session<Game> {
        &self.session
    }

    fn session_mut(&mut self) -> &mut Session<Game> {
        &mut self.session
    }
}

/// A To Court the King configuration, blittable. Flags are 0 (no) or 1 (yes).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KingupCourtConfig {
    /// Number of players, 2 to 5.
    pub players: u32,
    /// The seat holding the start-player marker in round 1, or -1 to draw it at random (a
    /// chance step).
    pub first_player: i32,
    /// 1: the Jester never sells out (a Rio Grande variant); 0: one per player.
    pub unlimited_jesters: u32,
    /// 1 (the default): add-a-die cards may be used before the first roll; 0: only after
    /// it (a Rio Grande variant).
    pub preroll_abilities: u32,
    /// Normal rounds after which a game nobody bought the King in ends, truncated, with no
    /// winner; 0 (the default, the rules) never ends it.
    pub max_rounds: u32,
    /// A `KingupChance` value: automatic (0, the default) or explicit chance.
    pub chance: u32,
}

/// A 0/1 flag of a config, or `invalid_config`.
fn flag(value: u32, name: &str) -> Result<bool> {
    match value {
        0 => Ok(false),
        1 => Ok(true),
        other => Err(Error::invalid(
            reason::INVALID_CONFIG,
            format_args!("{name} must be 0 or 1, not {other}"),
        )),
    }
}

impl Table for Game {
    type CConfig = KingupCourtConfig;

    fn to_config(c: KingupCourtConfig) -> Result<(Config, ChanceMode)> {
        let mut config = Config::new(u8::try_from(c.players).unwrap_or(u8::MAX));
        config.first_player = match c.first_player {
            -1 => FirstPlayer::Random,
            seat => FirstPlayer::Seat(config.seat(seat.into()).map_err(|e| {
                Error::invalid(reason::INVALID_CONFIG, format_args!("first player: {e}"))
            })?),
        };
        config.unlimited_jesters = flag(c.unlimited_jesters, "unlimited_jesters")?;
        config.preroll_abilities = flag(c.preroll_abilities, "preroll_abilities")?;
        config.max_rounds = (c.max_rounds != 0).then_some(c.max_rounds);
        config
            .validate()
            .map_err(|e| Error::invalid(reason::INVALID_CONFIG, e))?;
        Ok((config, chance_mode(c.chance)?))
    }

    fn from_config(config: &Config, chance: ChanceMode) -> KingupCourtConfig {
        KingupCourtConfig {
            players: config.players.into(),
            first_player: match config.first_player {
                FirstPlayer::Random => -1,
                FirstPlayer::Seat(seat) => seat.index() as i32,
            },
            unlimited_jesters: config.unlimited_jesters.into(),
            preroll_abilities: config.preroll_abilities.into(),
            max_rounds: config.max_rounds.unwrap_or(0),
            chance: chance_code(chance),
        }
    }
}

/// Fills `*out` with the rules for `players`: a random first player, no variant, no round
/// bound, automatic chance. `players` is checked later, by `kingup_court_game_new`.
///
/// # Safety
///
/// `out` must be NULL or valid for a write of a `KingupCourtConfig` (and aligned for it).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_config_init(
    out: *mut KingupCourtConfig,
    players: u32,
) -> KingupStatus {
    guard(|| {
        // SAFETY: the caller guarantees `out` as documented above.
        let out = unsafe { Out::new(out, "out") }?;
        let mut config = Game::from_config(&Config::new(2), ChanceMode::Auto);
        config.players = players;
        out.write(config);
        Ok(())
    })
}

/// Creates a game from `config`, drawing chance from the generator of `seed` (the
/// project's one portable stream). With automatic chance (the default) the first player
/// is drawn at once and a seat is to move; every roll is drawn as it happens. The same
/// config, seed and moves give the same game, event for event and save for save, as
/// Python's `kingup.court.Game(players, seed=seed)` and Rust's
/// `kingup_court::Session::new(config, seed)`. With explicit chance the game waits for
/// `kingup_court_game_apply_chance` or `kingup_court_game_resolve_chance` at each chance
/// step. Free it with `kingup_court_game_free`.
///
/// `*out` is set to NULL on failure (unless `out` itself is NULL or misaligned):
/// `KINGUP_STATUS_INVALID_ARGUMENT` (reason `invalid_config`) for an unplayable config, a
/// flag other than 0 or 1, or an unknown chance mode.
///
/// # Safety
///
/// `config` must be NULL or valid for reads; `out` must be NULL or valid for a write; both
/// aligned for their types.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_game_new(
    config: *const KingupCourtConfig,
    seed: u64,
    out: *mut *mut KingupCourtGame,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { table::new(config, seed, out) }
}

/// Creates a game from a JSON config such as `{"players": 3, "max_rounds": 50,
/// "first_player": {"seat": 0}, "unlimited_jesters": false, "preroll_abilities": true}`
/// (all but `players` may be left out), `json_len` bytes of UTF-8; `chance` is a
/// `KingupChance` value. Otherwise as `kingup_court_game_new`.
///
/// `KINGUP_STATUS_PARSE_ERROR` for text that is not such a config (reason `malformed`, or
/// `invalid_utf8`) or is longer than `KINGUP_MAX_CONFIG_LEN` bytes (`too_long`),
/// `KINGUP_STATUS_INVALID_ARGUMENT` (reason `invalid_config`) for an unplayable one or an
/// unknown chance mode.
///
/// # Safety
///
/// `json` must be NULL or valid for reads of `json_len` bytes; `out` must be NULL or valid
/// for a write (and aligned for a pointer).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_game_new_json(
    json: *const c_char,
    json_len: usize,
    chance: u32,
    seed: u64,
    out: *mut *mut KingupCourtGame,
) -> KingupStatus {
    let max = KINGUP_MAX_CONFIG_LEN as usize;
    // SAFETY: forwarded from this function's contract.
    unsafe { table::new_json(json, json_len, max, chance, seed, out) }
}

/// Copies a handle: the game, its record, the generator's state and the event log. The
/// copy is independent; free it with `kingup_court_game_free`.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `out` must be NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_game_clone(
    game: *const KingupCourtGame,
    out: *mut *mut KingupCourtGame,
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
pub unsafe extern "C" fn kingup_court_game_free(game: *mut KingupCourtGame) {
    // SAFETY: forwarded from this function's contract.
    unsafe { release(game) }
}

/// Writes the game's config and chance mode into `*out`.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `out` NULL or valid for a write (and aligned for
/// a `KingupCourtConfig`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_game_config(
    game: *const KingupCourtGame,
    out: *mut KingupCourtConfig,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { table::config(game, out) }
}

/// Plays action `action` (`0..KINGUP_COURT_ACTION_COUNT`) for `seat` and appends its
/// events to the log; with automatic chance, the dice that follow are rolled too.
/// `KINGUP_STATUS_INVALID_ARGUMENT` for a seat that does not play (reason `no_such_seat`)
/// or an index out of range (`no_such_action`); `KINGUP_STATUS_ILLEGAL_ACTION` for a move
/// that is not legal now, with the engine's reason (`not_your_turn`, `wrong_phase`,
/// `cost_not_met`, …). On failure the game is unchanged.
///
/// # Safety
///
/// `game` must be NULL or a live handle not used elsewhere during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_game_apply(
    game: *mut KingupCourtGame,
    seat: u32,
    action: u32,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { play::apply(game, seat, action) }
}

/// Applies the explicit chance outcome `outcome` (`0..KINGUP_COURT_CHANCE_OUTCOME_COUNT`,
/// see `kingup_court_game_chance_outcomes`) and appends its events.
/// `KINGUP_STATUS_INVALID_ARGUMENT` (reason `no_such_outcome`) for an index out of range,
/// `KINGUP_STATUS_ILLEGAL_ACTION` for an outcome the pending step cannot have
/// (`wrong_step`) or when no chance step is pending (`not_chance`: always so under
/// automatic chance). On failure the game is unchanged.
///
/// # Safety
///
/// `game` must be NULL or a live handle not used elsewhere during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_game_apply_chance(
    game: *mut KingupCourtGame,
    outcome: u32,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { play::apply_chance(game, outcome) }
}

/// Draws every pending chance step from the game's generator, until a seat is to move or
/// the game is over, and appends the events. Does nothing when no chance step is pending.
///
/// # Safety
///
/// `game` must be NULL or a live handle not used elsewhere during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_game_resolve_chance(
    game: *mut KingupCourtGame,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { play::resolve_chance(game) }
}

/// Replaces the game's generator by the generator of `seed`: the steps, the state and the
/// log stay, the dice from now on change (as `kingup_game_reseed`).
///
/// # Safety
///
/// `game` must be NULL or a live handle not used elsewhere during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_game_reseed(
    game: *mut KingupCourtGame,
    seed: u64,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { play::reseed(game, seed) }
}

/// Takes back `seat`'s last action, with its events: it must be the last step, and no die
/// may have been rolled by it or since. `KINGUP_STATUS_INVALID_ARGUMENT` (reason
/// `no_such_seat`) for a seat that does not play; `KINGUP_STATUS_ILLEGAL_ACTION` with the
/// reason `nothing_to_undo`, `not_your_step` or `revealed` (a chance step came since). On
/// failure the game is unchanged.
///
/// # Safety
///
/// `game` must be NULL or a live handle not used elsewhere during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_game_undo(
    game: *mut KingupCourtGame,
    seat: u32,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { play::undo(game, seat) }
}

/// Writes into `*out` how many of the last steps `kingup_court_game_undo` could take back.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `out` NULL or valid for a write (and aligned for
/// a `size_t`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_game_undoable(
    game: *const KingupCourtGame,
    out: *mut usize,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { play::undoable(game, out) }
}

/// Writes the save document as NUL-terminated JSON on one line:
/// `{"format":"kingup-court-save","version":1,"config":{…},"chance":"auto",
/// "generator":"<64 hex>","steps":["chance: first 1","1: roll","chance: die 4",…]}` — the
/// same bytes every front end writes for the same game. `*out_len` receives the bytes
/// needed, NUL included. The generator predicts every die to come: it is the host's.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `buf` NULL or valid for writes of `cap` bytes;
/// `out_len` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_game_to_json(
    game: *const KingupCourtGame,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { save::to_json(game, buf, cap, out_len) }
}

/// Loads a save document written by `kingup_court_game_to_json` (here or by any other
/// front end), `json_len` bytes of UTF-8: its steps are replayed through the rules, and
/// the loaded game plays on exactly as the saved one would. `*out` is set to NULL on
/// failure: always `KINGUP_STATUS_PARSE_ERROR`, the reason saying why (`malformed`,
/// `too_long` over `KINGUP_COURT_MAX_SAVE_LEN` bytes, `invalid_utf8`, `version`,
/// `generator`, `chance_pending`, `invalid_config`, or the refused step's own reason).
///
/// # Safety
///
/// `json` must be NULL or valid for reads of `json_len` bytes; `out` must be NULL or valid
/// for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_game_from_json(
    json: *const c_char,
    json_len: usize,
    out: *mut *mut KingupCourtGame,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { save::from_json(json, json_len, out) }
}

/// Writes the game's position as NUL-terminated JSON on one line: the whole state as plain
/// data (`kingup_court::Position`'s form: config, phase, stage, round, start player, turn
/// seat, cards and Charlatans per seat, King, Queen, best, final results, the turn's used
/// cards and dice), what a front end draws the table from. Nothing in it is secret: it
/// holds no generator. `*out_len` receives the bytes needed, NUL included.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `buf` NULL or valid for writes of `cap` bytes;
/// `out_len` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_game_position_json(
    game: *const KingupCourtGame,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    let json = |g: &KingupCourtGame| {
        serde_json::to_string(&g.session().game().position())
            .map_err(|e| Error::invalid(reason::MALFORMED, e))
    };
    // SAFETY: forwarded from this function's contract.
    unsafe { table::game_text(game, buf, cap, out_len, json) }
}

/// Creates a game set up in a position document (`json_len` bytes of UTF-8, as
/// `kingup_court_game_position_json` writes it, edited at will), if the rules can reach
/// it: a history of it is played through the rules, so the game's steps are that history
/// and it saves, undoes and plays on like any game; chance then draws from the generator
/// of `seed` under `chance` (a `KingupChance` value). `*out` is set to NULL on failure:
/// `KINGUP_STATUS_PARSE_ERROR`, the reason saying why (`malformed`, `too_long` over
/// `KINGUP_COURT_MAX_POSITION_LEN` bytes, `invalid_utf8`, or the position's refusal:
/// `purchases`, `start_player`, `seat`, `round`, `card_uses`, `unreachable`, `config`,
/// `chance_pending` for a position waiting for a die under automatic chance).
///
/// # Safety
///
/// `json` must be NULL or valid for reads of `json_len` bytes; `out` must be NULL or valid
/// for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_game_from_position(
    json: *const c_char,
    json_len: usize,
    seed: u64,
    chance: u32,
    out: *mut *mut KingupCourtGame,
) -> KingupStatus {
    let make = || {
        let max = KINGUP_COURT_MAX_POSITION_LEN as usize;
        // SAFETY: forwarded from this function's contract.
        let text = unsafe { str_in(json, json_len, max, "position document") }?;
        let position: Position =
            serde_json::from_str(text).map_err(|e| Error::parse(reason::MALFORMED, e))?;
        let replay = position.history().map_err(|e| Error::parse(e.code(), e))?;
        let mode = chance_mode(chance)?;
        let session = Session::from_replay(replay, Generator::new(seed), mode)
            .map_err(|e| Error::parse(e.code(), e))?;
        Ok(KingupCourtGame::wrap(session))
    };
    // SAFETY: forwarded from this function's contract.
    guard(|| unsafe { table::create(out, make) })
}

/// Writes the notation of action `action` (`"roll"`, `"keep 4"`, `"pre farmer"`,
/// `"maid 4>6"`, `"buy king"`, `"pass"`, …) as NUL-terminated ASCII: the form of the moves
/// in a save document. `*out_len` receives the bytes needed, NUL included.
/// `KINGUP_STATUS_INVALID_ARGUMENT` (reason `no_such_action`) for an index out of range.
///
/// # Safety
///
/// `buf` must be NULL or valid for writes of `cap` bytes; `out_len` NULL or valid for a
/// write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_action_notation(
    action: u32,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { action_text::<Game>(action, false, buf, cap, out_len) }
}

/// Writes a sentence describing action `action` (e.g. `"set aside a 4"`, `"buy the
/// King"`) as NUL-terminated UTF-8. Otherwise as `kingup_court_action_notation`.
///
/// # Safety
///
/// As `kingup_court_action_notation`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_action_describe(
    action: u32,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { action_text::<Game>(action, true, buf, cap, out_len) }
}

/// Reads a move in the notation (`"keep 4"`, `" BUY King "`: any case, spaces around
/// ignored), `len` bytes of UTF-8, and writes its index (`0..KINGUP_COURT_ACTION_COUNT`)
/// into `*out_action`. `KINGUP_STATUS_PARSE_ERROR` for text that is not a move (reason
/// `malformed`, or `invalid_utf8`) or is longer than `KINGUP_MAX_MOVE_LEN` bytes
/// (`too_long`); nothing is written on failure.
///
/// # Safety
///
/// `text` must be NULL or valid for reads of `len` bytes; `out_action` NULL or valid for a
/// write (and aligned for a `uint32_t`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_action_parse(
    text: *const c_char,
    len: usize,
    out_action: *mut u32,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { action_parse::<Game>(text, len, out_action) }
}

/// Writes the notation of chance outcome `outcome` (`"die 5"`, `"first 2"`), the form of
/// the chance steps in a save document, as NUL-terminated ASCII.
/// `KINGUP_STATUS_INVALID_ARGUMENT` (reason `no_such_outcome`) for an index out of range.
///
/// # Safety
///
/// `buf` must be NULL or valid for writes of `cap` bytes; `out_len` NULL or valid for a
/// write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_chance_notation(
    outcome: u32,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { chance_text::<Game>(outcome, false, buf, cap, out_len) }
}

/// Reads a chance outcome in the notation (`"die 5"`, `"first 2"`) and writes its index
/// (`0..KINGUP_COURT_CHANCE_OUTCOME_COUNT`) into `*out_outcome`. Refusals as
/// `kingup_court_action_parse`.
///
/// # Safety
///
/// `text` must be NULL or valid for reads of `len` bytes; `out_outcome` NULL or valid for a
/// write (and aligned for a `uint32_t`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_chance_parse(
    text: *const c_char,
    len: usize,
    out_outcome: *mut u32,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { chance_parse::<Game>(text, len, out_outcome) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(players: u32, first_player: i32) -> KingupCourtConfig {
        KingupCourtConfig {
            players,
            first_player,
            unlimited_jesters: 0,
            preroll_abilities: 1,
            max_rounds: 0,
            chance: 0,
        }
    }

    #[test]
    fn valid_configs_round_trip() {
        for (players, first, jesters, preroll, rounds, chance) in [
            (2, -1, 0, 1, 0, 0),
            (5, 4, 1, 0, 100, 1),
            (3, 0, 1, 1, 1, 0),
        ] {
            let c = KingupCourtConfig {
                unlimited_jesters: jesters,
                preroll_abilities: preroll,
                max_rounds: rounds,
                chance,
                ..config(players, first)
            };
            let (engine, mode) = Game::to_config(c).unwrap();
            assert_eq!(Game::from_config(&engine, mode), c);
        }
    }

    #[test]
    fn out_of_range_numbers_are_invalid_configs() {
        let bad = [
            config(1, -1),
            config(6, -1),
            config(300, -1),
            config(3, 3),
            config(3, -2),
            KingupCourtConfig {
                unlimited_jesters: 2,
                ..config(3, -1)
            },
            KingupCourtConfig {
                preroll_abilities: 7,
                ..config(3, -1)
            },
            KingupCourtConfig {
                chance: 2,
                ..config(3, -1)
            },
        ];
        for c in bad {
            let err = Game::to_config(c).unwrap_err();
            assert_eq!(err.status(), KingupStatus::InvalidArgument, "{c:?}");
            assert_eq!(err.reason(), "invalid_config", "{c:?}");
        }
    }
}
