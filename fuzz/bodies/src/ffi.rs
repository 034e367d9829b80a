//! The C ABI entry points with arbitrary arguments: NULL pointers, short buffers, any seat,
//! any index, garbage JSON, edited save documents.

use std::ffi::c_char;
use std::ptr;

use arbitrary::{Result, Unstructured};
use kingup_ffi::*;

/// One game handle driven by arbitrary calls. After every call: the status is a known one,
/// the reason code is empty exactly when the call succeeded, and a call that failed left
/// the game's save document unchanged.
pub fn ffi_calls(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Some(game) = new_game(&mut u) else { return };
    let mut bytes = vec![0u8; 1 << 16];
    while !u.is_empty() {
        let before = save(game);
        let Ok((status, guarded)) = call(&mut u, game, &mut bytes) else {
            break;
        };
        assert!((status as u32) <= 6, "unknown status {}", status as u32);
        if guarded {
            check_reason(status);
        }
        if status != KingupStatus::Ok {
            assert_eq!(save(game), before, "a failed call changed the game");
        }
    }
    // SAFETY: `game` came from kingup_game_new and is freed once.
    unsafe { kingup_game_free(game) };
}

fn new_game(u: &mut Unstructured<'_>) -> Option<*mut KingupGame> {
    let config = KingupConfig {
        players: u.int_in_range(0..=8).ok()?,
        rounds: u.int_in_range(0..=4).ok()?,
        setup: u.int_in_range(0..=2).ok()?,
        first_player: u.int_in_range(-2..=7).ok()?,
        chance: u.int_in_range(0..=2).ok()?,
    };
    let seed = u.arbitrary().ok()?;
    let mut game = ptr::null_mut();
    // SAFETY: `config` and `game` are valid for the call.
    let status = unsafe { kingup_game_new(&config, seed, &mut game) };
    if status == KingupStatus::Ok {
        assert!(!game.is_null());
        Some(game)
    } else {
        assert!(game.is_null());
        None
    }
}

/// The game's save document (the whole game), asked for its size first.
fn save(game: *const KingupGame) -> Vec<u8> {
    let mut len = 0;
    // SAFETY: `game` is live; a NULL buffer of capacity 0 asks for the size.
    let status = unsafe { kingup_game_to_json(game, ptr::null_mut(), 0, &mut len) };
    assert_eq!(status, KingupStatus::BufferTooSmall);
    let mut buf = vec![0u8; len];
    // SAFETY: `game` is live; `buf` is valid for `len` bytes; `len` is valid.
    let status = unsafe { kingup_game_to_json(game, buf.as_mut_ptr().cast(), len, &mut len) };
    assert_eq!(status, KingupStatus::Ok);
    buf.truncate(len - 1);
    buf
}

/// The last reason code is empty after a success, and a short snake_case code after a
/// failure.
fn check_reason(status: KingupStatus) {
    let mut buf = [0u8; KINGUP_MAX_REASON_LEN as usize];
    let mut len = 0;
    // SAFETY: `buf` is valid for its length; `len` is a live local.
    let read = unsafe { kingup_last_error_reason(buf.as_mut_ptr().cast(), buf.len(), &mut len) };
    assert_eq!(
        read,
        KingupStatus::Ok,
        "a reason fits KINGUP_MAX_REASON_LEN"
    );
    let reason = &buf[..len - 1];
    assert_eq!(reason.is_empty(), status == KingupStatus::Ok, "{status:?}");
    let snake = |b: &u8| b.is_ascii_lowercase() || b.is_ascii_digit() || *b == b'_';
    assert!(reason.iter().all(snake), "{reason:?}");
}

/// A buffer length that is sometimes short, sometimes exact, sometimes generous.
fn capacity(u: &mut Unstructured<'_>, full: usize) -> Result<usize> {
    Ok(match u.int_in_range(0u8..=3)? {
        0 => 0,
        1 => u.int_in_range(0..=full)?,
        _ => full,
    })
}

/// An out-pointer for a length: now and then NULL.
fn len_out(u: &mut Unstructured<'_>, len: &mut usize) -> Result<*mut usize> {
    Ok(if u.ratio(1, 16)? {
        ptr::null_mut()
    } else {
        len
    })
}

/// Makes one arbitrary call on `game` (now and then with a NULL handle instead) and returns
/// its status, and whether it runs under the guard that sets the last error.
fn call(
    u: &mut Unstructured<'_>,
    game: *mut KingupGame,
    bytes: &mut [u8],
) -> Result<(KingupStatus, bool)> {
    let g = if u.ratio(1, 8)? {
        ptr::null_mut()
    } else {
        game
    };
    Ok(match u.int_in_range(0u8..=6)? {
        0 => (moves(u, g)?, true),
        1 => (lists(u, g, bytes)?, true),
        2 => (scalars(u, g)?, true),
        3 => (texts(u, g, bytes)?, true),
        4 => (handles(u, g, game)?, true),
        5 => (actions(u, bytes)?, true),
        _ => (last_error(u, bytes)?, false),
    })
}

/// Actions, chance, undo, reseeding.
fn moves(u: &mut Unstructured<'_>, g: *mut KingupGame) -> Result<KingupStatus> {
    let seat: u32 = u.int_in_range(0..=7)?;
    // SAFETY: in every arm, `g` is NULL or the live handle.
    Ok(unsafe {
        match u.int_in_range(0u8..=4)? {
            0 => kingup_game_apply(g, seat, u.int_in_range(0..=80)?),
            1 => kingup_game_apply_chance(g, u.int_in_range(0..=50)?),
            2 => kingup_game_resolve_chance(g),
            3 => kingup_game_undo(g, seat),
            _ => kingup_game_reseed(g, u.arbitrary()?),
        }
    })
}

/// Queries that fill a caller buffer.
fn lists(u: &mut Unstructured<'_>, g: *mut KingupGame, bytes: &mut [u8]) -> Result<KingupStatus> {
    let seat: u32 = u.int_in_range(0..=7)?;
    let mut len = 0usize;
    let out = len_out(u, &mut len)?;
    let mut words = [0u32; 64];
    let mut floats = [0f32; 512];
    let mut probabilities = [0f64; 64];
    // SAFETY: in every arm, `g` is NULL or the live handle; every buffer pointer is valid for
    // the capacity passed with it, which never exceeds the buffer's length; `out` is NULL
    // or a live local.
    Ok(unsafe {
        match u.int_in_range(0u8..=5)? {
            0 => {
                let cap = capacity(u, words.len())?;
                kingup_game_legal_actions(g, seat, words.as_mut_ptr(), cap, out)
            }
            1 => {
                let cap = capacity(u, bytes.len().min(80))?;
                kingup_game_action_mask(g, seat, bytes.as_mut_ptr(), cap, out)
            }
            2 => {
                let cap = capacity(u, floats.len())?;
                kingup_game_observation(g, seat, floats.as_mut_ptr(), cap, out)
            }
            3 => {
                let cap = capacity(u, probabilities.len())?;
                let odds = probabilities.as_mut_ptr();
                kingup_game_chance_outcomes(g, words.as_mut_ptr(), odds, cap, out)
            }
            4 => {
                let cap = capacity(u, words.len())?;
                kingup_game_scores(g, words.as_mut_ptr(), cap, out)
            }
            _ => {
                let cap = capacity(u, words.len())?;
                kingup_game_totals(g, words.as_mut_ptr(), cap, out)
            }
        }
    })
}

/// Queries that write one value.
fn scalars(u: &mut Unstructured<'_>, g: *mut KingupGame) -> Result<KingupStatus> {
    let (mut word, mut signed, mut size) = (0u32, 0i32, 0usize);
    let mut actor = KingupActor {
        kind: 0,
        seat: 0,
        seats: 0,
    };
    let mut step = KingupChanceStep {
        kind: 0,
        subject: 0,
    };
    let mut config = KingupConfig {
        players: 0,
        rounds: 0,
        setup: 0,
        first_player: 0,
        chance: 0,
    };
    // SAFETY: in every arm, `g` is NULL or the live handle; the out-pointers are live locals.
    Ok(unsafe {
        match u.int_in_range(0u8..=9)? {
            0 => kingup_game_winners(g, &mut word),
            1 => kingup_game_phase(g, &mut word),
            2 => kingup_game_round(g, &mut word),
            3 => kingup_game_next_seat(g, &mut signed),
            4 => kingup_game_king(g, &mut signed),
            5 => kingup_game_undoable(g, &mut size),
            6 => kingup_game_event_count(g, &mut size),
            7 => kingup_game_chance_step(g, &mut step),
            8 => kingup_game_config(g, &mut config),
            _ => kingup_game_actor(g, &mut actor),
        }
    })
}

/// Queries that write text.
fn texts(u: &mut Unstructured<'_>, g: *mut KingupGame, bytes: &mut [u8]) -> Result<KingupStatus> {
    let seat: u32 = u.int_in_range(0..=7)?;
    let mut len = 0usize;
    let out = len_out(u, &mut len)?;
    let cap = capacity(u, bytes.len())?;
    let buf: *mut c_char = bytes.as_mut_ptr().cast();
    // SAFETY: in every arm, `g` is NULL or the live handle; `buf` is valid for `cap` bytes;
    // `out` is NULL or a live local.
    Ok(unsafe {
        match u.int_in_range(0u8..=4)? {
            0 => kingup_game_player_view_json(g, seat, buf, cap, out),
            1 => kingup_game_public_view_json(g, buf, cap, out),
            2 => {
                let viewer = u.int_in_range(-2..=7)?;
                let from = u.int_in_range(0..=600)?;
                kingup_game_events_json(g, viewer, from, buf, cap, out)
            }
            3 => kingup_game_to_json(g, buf, cap, out),
            _ => kingup_game_chance_describe(g, buf, cap, out),
        }
    })
}

/// Calls that make (and free) other handles: clones, samples, loads, bots.
fn handles(
    u: &mut Unstructured<'_>,
    g: *mut KingupGame,
    game: *mut KingupGame,
) -> Result<KingupStatus> {
    let seat: u32 = u.int_in_range(0..=7)?;
    let mut other = ptr::null_mut();
    // SAFETY: in every arm, `g` is NULL or the live handle, `game` the live handle; the text
    // pointers are valid for the lengths passed with them; `other` is a live local, and
    // whatever lands in it is freed once.
    let status = unsafe {
        match u.int_in_range(0u8..=5)? {
            0 => kingup_game_clone(g, &mut other),
            1 => kingup_game_sample(g, seat, u.arbitrary()?, &mut other),
            2 => {
                let json: Vec<u8> = u.arbitrary()?;
                kingup_game_from_json(json.as_ptr().cast(), json.len(), &mut other)
            }
            3 => return load_edited(u, game),
            4 => {
                let json: Vec<u8> = u.arbitrary()?;
                let chance = u.int_in_range(0..=2)?;
                let (text, len) = (json.as_ptr().cast(), json.len());
                kingup_game_new_json(text, len, chance, u.arbitrary()?, &mut other)
            }
            _ => return bot(u, g, seat),
        }
    };
    assert_eq!(other.is_null(), status != KingupStatus::Ok);
    // SAFETY: NULL or a handle this call made, freed once.
    unsafe { kingup_game_free(other) };
    Ok(status)
}

/// The game's own save document with a few bytes changed, removed or cut: it is refused,
/// or it loads a game that saves to a document that loads to the same game.
fn load_edited(u: &mut Unstructured<'_>, game: *mut KingupGame) -> Result<KingupStatus> {
    let mut doc = save(game);
    for _ in 0..u.int_in_range(1..=4)? {
        if doc.is_empty() {
            break;
        }
        let i = u.choose_index(doc.len())?;
        match u.int_in_range(0u8..=2)? {
            0 => doc[i] = u.arbitrary()?,
            1 => drop(doc.remove(i)),
            _ => doc.truncate(i),
        }
    }
    let mut loaded = ptr::null_mut();
    // SAFETY: `doc` is valid for its length; `loaded` is a live local.
    let status = unsafe { kingup_game_from_json(doc.as_ptr().cast(), doc.len(), &mut loaded) };
    if status == KingupStatus::Ok {
        let again = save(loaded);
        let mut twin = ptr::null_mut();
        // SAFETY: `again` is valid for its length; `twin` is a live local.
        let reload =
            unsafe { kingup_game_from_json(again.as_ptr().cast(), again.len(), &mut twin) };
        assert_eq!(reload, KingupStatus::Ok, "a written save reads back");
        assert_eq!(save(twin), again);
        // SAFETY: a handle made just above, freed once.
        unsafe { kingup_game_free(twin) };
    } else {
        assert_eq!(
            status,
            KingupStatus::ParseError,
            "a refused save is a parse error"
        );
    }
    // SAFETY: NULL or the handle loaded above, freed once.
    unsafe { kingup_game_free(loaded) };
    Ok(status)
}

/// A bot (any kind number, a few iterations) asked to choose for a seat.
fn bot(u: &mut Unstructured<'_>, g: *mut KingupGame, seat: u32) -> Result<KingupStatus> {
    let kind = u.int_in_range(0..=4)?;
    // ISMCTS and reader search for real: a handful of iterations keeps a fuzz run quick.
    let iterations = if kind == 2 || kind == 3 {
        u.int_in_range(1..=8)?
    } else {
        u.int_in_range(0..=1)?
    };
    let mut handle = ptr::null_mut();
    // SAFETY: `handle` is a live local.
    let status = unsafe { kingup_bot_new(kind, u.arbitrary()?, iterations, &mut handle) };
    if status != KingupStatus::Ok {
        assert!(handle.is_null());
        return Ok(status);
    }
    let mut action = u32::MAX;
    // SAFETY: `handle` is the live bot made above, `g` NULL or the live game; `action` is a
    // live local.
    let status = unsafe { kingup_bot_choose(handle, g, seat, &mut action) };
    assert_eq!(status == KingupStatus::Ok, action < KINGUP_ACTION_COUNT);
    // SAFETY: the bot made above, freed once.
    unsafe { kingup_bot_free(handle) };
    Ok(status)
}

/// The move notation both ways and the sentence, with arbitrary text and indices.
fn actions(u: &mut Unstructured<'_>, bytes: &mut [u8]) -> Result<KingupStatus> {
    let mut len = 0usize;
    let out = len_out(u, &mut len)?;
    let cap = capacity(u, bytes.len().min(64))?;
    let buf: *mut c_char = bytes.as_mut_ptr().cast();
    let index = u.int_in_range(0..=70)?;
    // SAFETY: in every arm, `buf` is valid for `cap` bytes; `out` is NULL or a live local;
    // `text` is valid for its length.
    Ok(unsafe {
        match u.int_in_range(0u8..=2)? {
            0 => {
                let text: Vec<u8> = u.arbitrary()?;
                let mut action = u32::MAX;
                let status = kingup_action_parse(text.as_ptr().cast(), text.len(), &mut action);
                assert_eq!(status == KingupStatus::Ok, action < KINGUP_ACTION_COUNT);
                status
            }
            1 => kingup_action_notation(index, buf, cap, out),
            _ => kingup_action_describe(index, buf, cap, out),
        }
    })
}

/// Reads the last error or its reason, into a buffer of any size.
fn last_error(u: &mut Unstructured<'_>, bytes: &mut [u8]) -> Result<KingupStatus> {
    let mut len = 0usize;
    let out = len_out(u, &mut len)?;
    let cap = capacity(u, bytes.len())?;
    let buf: *mut c_char = bytes.as_mut_ptr().cast();
    // SAFETY: `buf` is valid for `cap` bytes; `out` is NULL or a live local.
    Ok(unsafe {
        if u.arbitrary()? {
            kingup_last_error(buf, cap, out)
        } else {
            kingup_last_error_reason(buf, cap, out)
        }
    })
}
