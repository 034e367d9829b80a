//! The C ABI entry points with arbitrary arguments: NULL pointers, short buffers, any seat,
//! any index, garbage JSON.

use std::ptr;

use arbitrary::{Result, Unstructured};
use kingup_ffi::*;

/// One game handle driven by arbitrary calls. After every call: the status is a known one,
/// and a call that failed left the game's snapshot unchanged.
pub fn ffi_calls(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Some(game) = new_game(&mut u) else { return };
    let mut bytes = vec![0u8; 1 << 16];
    while !u.is_empty() {
        let before = snapshot(game);
        let Ok(status) = call(&mut u, game, &mut bytes) else {
            break;
        };
        assert!((status as u32) <= 6, "unknown status {}", status as u32);
        if status != KingupStatus::Ok {
            assert_eq!(snapshot(game), before, "a failed call changed the game");
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

/// The game's snapshot JSON (the whole state).
fn snapshot(game: *mut KingupGame) -> Vec<u8> {
    let mut buf = vec![0u8; 1 << 13];
    let mut len = 0;
    // SAFETY: `game` is live; `buf` is valid for `buf.len()` bytes; `len` is valid.
    let status = unsafe { kingup_game_to_json(game, buf.as_mut_ptr().cast(), buf.len(), &mut len) };
    assert_eq!(status, KingupStatus::Ok);
    buf.truncate(len);
    buf
}

/// A buffer length that is sometimes short, sometimes exact, sometimes generous.
fn capacity(u: &mut Unstructured<'_>, full: usize) -> Result<usize> {
    Ok(match u.int_in_range(0u8..=3)? {
        0 => 0,
        1 => u.int_in_range(0..=full)?,
        _ => full,
    })
}

/// Makes one arbitrary call on `game` (text goes to `bytes`) and returns its status.
fn call(u: &mut Unstructured<'_>, game: *mut KingupGame, bytes: &mut [u8]) -> Result<KingupStatus> {
    let seat: u32 = u.int_in_range(0..=7)?;
    let null = u.ratio(1, 8)?;
    let g = if null { ptr::null_mut() } else { game };
    let mut len = 0usize;
    let mut words = [0u32; 64];
    let mut floats = [0f32; 512];
    let mut probabilities = [0f64; 64];
    // SAFETY (every arm): `g` is NULL or the live handle; every buffer pointer is valid for
    // the capacity passed with it, which never exceeds the buffer's length; out-parameters
    // point to live locals.
    let status = unsafe {
        match u.int_in_range(0u8..=16)? {
            0 => kingup_game_apply(g, seat, u.int_in_range(0..=80)?),
            1 => kingup_game_apply_chance(g, u.int_in_range(0..=50)?),
            2 => kingup_game_resolve_chance(g),
            3 => {
                let cap = capacity(u, words.len())?;
                kingup_game_legal_actions(g, seat, words.as_mut_ptr(), cap, &mut len)
            }
            4 => {
                let cap = capacity(u, bytes.len().min(80))?;
                kingup_game_action_mask(g, seat, bytes.as_mut_ptr(), cap, &mut len)
            }
            5 => {
                let cap = capacity(u, floats.len())?;
                kingup_game_observation(g, seat, floats.as_mut_ptr(), cap, &mut len)
            }
            6 => {
                let cap = capacity(u, bytes.len())?;
                kingup_game_player_view_json(g, seat, bytes.as_mut_ptr().cast(), cap, &mut len)
            }
            7 => {
                let cap = capacity(u, bytes.len())?;
                kingup_game_public_view_json(g, bytes.as_mut_ptr().cast(), cap, &mut len)
            }
            8 => {
                let cap = capacity(u, bytes.len())?;
                let viewer = u.int_in_range(-2..=7)?;
                let from = u.int_in_range(0..=600)?;
                kingup_game_events_json(g, viewer, from, bytes.as_mut_ptr().cast(), cap, &mut len)
            }
            9 => {
                let cap = capacity(u, probabilities.len())?;
                kingup_game_chance_outcomes(
                    g,
                    words.as_mut_ptr(),
                    probabilities.as_mut_ptr(),
                    cap,
                    &mut len,
                )
            }
            10 => {
                let cap = capacity(u, words.len())?;
                kingup_game_scores(g, words.as_mut_ptr(), cap, &mut len)
            }
            11 => {
                let cap = capacity(u, words.len())?;
                kingup_game_totals(g, words.as_mut_ptr(), cap, &mut len)
            }
            12 => kingup_game_winners(g, words.as_mut_ptr()),
            13 => {
                let mut sample = ptr::null_mut();
                let status = kingup_game_sample(g, seat, u.arbitrary()?, &mut sample);
                kingup_game_free(sample);
                status
            }
            14 => {
                let json: Vec<u8> = u.arbitrary()?;
                let mut other = ptr::null_mut();
                let status = kingup_game_from_json(json.as_ptr().cast(), json.len(), 7, &mut other);
                kingup_game_free(other);
                status
            }
            15 => {
                let cap = capacity(u, bytes.len())?;
                kingup_last_error(bytes.as_mut_ptr().cast(), cap, &mut len)
            }
            _ => {
                let mut actor = KingupActor {
                    kind: 0,
                    seat: 0,
                    seats: 0,
                };
                kingup_game_actor(g, &mut actor)
            }
        }
    };
    Ok(status)
}
