//! Moves: actions, explicit chance outcomes, chance from the generator, reseeding, undo.

use kingup_core::{Action, ChanceOutcome, Generator, Session};

use crate::buffer::Out;
use crate::error::{Error, KingupStatus, Result, guard};
use crate::handle::{KingupGame, game_mut, game_ref, seat_in};

/// Runs a change on a copy of the session and commits it only on success: a refused move,
/// and even a caught panic, leaves the handle exactly as it was. The handle is the only
/// pointer these calls take, and it is checked (NULL, alignment) before anything else.
///
/// # Safety
///
/// `game` must be NULL or a live handle not used elsewhere during the call.
unsafe fn change(game: *mut KingupGame, body: impl FnOnce(&mut Session) -> Result) -> KingupStatus {
    guard(|| {
        // SAFETY: forwarded from this function's contract.
        let handle = unsafe { game_mut(game) }?;
        let mut next = handle.session.clone();
        body(&mut next)?;
        handle.session = next;
        Ok(())
    })
}

/// Plays action `action` (`0..KINGUP_ACTION_COUNT`) for `seat` and appends its events to
/// the log; with automatic chance, the chance steps that follow are drawn too.
/// `KINGUP_STATUS_INVALID_ARGUMENT` for a seat that does not play (reason `no_such_seat`)
/// or an index out of range (`no_such_action`); `KINGUP_STATUS_ILLEGAL_ACTION` for a move
/// that is not legal now, with the engine's reason (`not_your_turn`, `floor_full`, …). On
/// failure the game is unchanged.
///
/// # Safety
///
/// `game` must be NULL or a live handle not used elsewhere during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_apply(
    game: *mut KingupGame,
    seat: u32,
    action: u32,
) -> KingupStatus {
    let body = |session: &mut Session| {
        let seat = seat_in(session.config(), seat)?;
        let action = Action::try_from(action as usize)?;
        session.apply(seat, action)?;
        Ok(())
    };
    // SAFETY: forwarded from this function's contract.
    unsafe { change(game, body) }
}

/// Applies the explicit chance outcome `outcome` (`0..KINGUP_CHANCE_OUTCOME_COUNT`, see
/// `kingup_game_chance_outcomes`) and appends its events to the log.
/// `KINGUP_STATUS_INVALID_ARGUMENT` (reason `no_such_outcome`) for an index out of range,
/// `KINGUP_STATUS_ILLEGAL_ACTION` for an outcome the pending step cannot have
/// (`wrong_step`, `card_unavailable`, …) or when no chance step is pending (`not_chance`:
/// always so under automatic chance). On failure the game is unchanged.
///
/// # Safety
///
/// `game` must be NULL or a live handle not used elsewhere during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_apply_chance(
    game: *mut KingupGame,
    outcome: u32,
) -> KingupStatus {
    let body = |session: &mut Session| {
        let outcome = ChanceOutcome::try_from(outcome as usize)?;
        session.apply_chance(outcome)?;
        Ok(())
    };
    // SAFETY: forwarded from this function's contract.
    unsafe { change(game, body) }
}

/// Draws every pending chance step from the game's generator, until a seat is to move or
/// the game is over, and appends the events to the log. Does nothing when no chance step is
/// pending, which under automatic chance is always.
///
/// # Safety
///
/// `game` must be NULL or a live handle not used elsewhere during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_resolve_chance(game: *mut KingupGame) -> KingupStatus {
    let body = |session: &mut Session| {
        session.resolve_chance();
        Ok(())
    };
    // SAFETY: forwarded from this function's contract.
    unsafe { change(game, body) }
}

/// Replaces the game's generator by the generator of `seed`: the steps, the state and the
/// event log stay as they are, the deals from now on change. The save document records the
/// generator's state, not a seed, so a game saved after a reseed loads with the reseeded
/// stream and goes on exactly as this one would. Use it to draw the rest of a game from
/// fresh entropy (e.g. when a seed may have leaked); a seed is as secret as the deals.
///
/// # Safety
///
/// `game` must be NULL or a live handle not used elsewhere during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_reseed(game: *mut KingupGame, seed: u64) -> KingupStatus {
    let body = |session: &mut Session| {
        // A session's generator is set only where it is made, so the game is replayed from
        // its record with the new one: the steps (and so the state, the log and what can
        // be undone) come out the same.
        let replay = session.replay().clone();
        *session = Session::from_replay(replay, Generator::new(seed), session.chance_mode())
            .map_err(Error::internal)?;
        Ok(())
    };
    // SAFETY: forwarded from this function's contract.
    unsafe { change(game, body) }
}

/// Takes back `seat`'s last action, with its events: it must be the last step, and
/// nothing may have been revealed by it or since (no chance step, no vote reveal). Call it
/// again to take back the action before. `KINGUP_STATUS_INVALID_ARGUMENT` (reason
/// `no_such_seat`) for a seat that does not play; `KINGUP_STATUS_ILLEGAL_ACTION` when
/// nothing can be taken back, with the reason `nothing_to_undo` (no step yet),
/// `not_your_step` (the last step is another seat's) or `revealed` (a deal or a reveal came
/// since). On failure the game is unchanged.
///
/// # Safety
///
/// `game` must be NULL or a live handle not used elsewhere during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_undo(game: *mut KingupGame, seat: u32) -> KingupStatus {
    let body = |session: &mut Session| {
        let seat = seat_in(session.config(), seat)?;
        session.undo(seat)?;
        Ok(())
    };
    // SAFETY: forwarded from this function's contract.
    unsafe { change(game, body) }
}

/// Writes into `*out` how many of the last steps `kingup_game_undo` could take back, each
/// by the seat that played it (0 when nothing can be).
///
/// # Safety
///
/// `game` must be NULL or a live handle; `out` NULL or valid for a write (and aligned for
/// a `size_t`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_undoable(
    game: *const KingupGame,
    out: *mut usize,
) -> KingupStatus {
    guard(|| {
        // SAFETY: the caller guarantees `out` as documented above.
        let out = unsafe { Out::new(out, "out") }?;
        // SAFETY: the caller guarantees `game` as documented above.
        out.write(unsafe { game_ref(game) }?.session.undoable());
        Ok(())
    })
}
