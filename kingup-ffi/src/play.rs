//! Moves: actions, explicit chance outcomes, chance from the generator, reseeding, undo —
//! generic over the game, with King Up!'s entry points.

use kingup_table::{Generator, Refusal, Rules, Session, UndoError};

use crate::buffer::Out;
use crate::error::{Error, KingupStatus, Result, guard};
use crate::handle::KingupGame;
use crate::table::{Handle, game_ref, handle_mut, seat_in};

/// Runs a change on a copy of the session and commits it only on success: a refused move,
/// and even a caught panic, leaves the handle exactly as it was. The handle is the only
/// pointer these calls take, and it is checked (NULL, alignment) before anything else.
///
/// # Safety
///
/// `game` must be NULL or a live handle not used elsewhere during the call.
unsafe fn change<H: Handle>(
    game: *mut H,
    body: impl FnOnce(&mut Session<H::Game>) -> Result,
) -> KingupStatus {
    guard(|| {
        // SAFETY: forwarded from this function's contract.
        let handle = unsafe { handle_mut(game, "game") }?;
        let mut next = handle.session().clone();
        body(&mut next)?;
        *handle.session_mut() = next;
        Ok(())
    })
}

/// A refusal of the rules (an action, a chance outcome, an undo), with its own code.
pub(crate) fn refused<R: Refusal>(refusal: R) -> Error {
    Error::new(KingupStatus::IllegalAction, refusal.code(), refusal)
}

/// The action with dense index `index`, or `no_such_action`.
pub(crate) fn action<G: Rules>(index: u32) -> Result<G::Action> {
    G::action_from_index(index as usize).ok_or_else(|| {
        Error::invalid(
            "no_such_action",
            format_args!(
                "action index {index} is out of range 0..{}",
                G::ACTION_COUNT
            ),
        )
    })
}

/// The chance outcome with dense index `index`, or `no_such_outcome`.
pub(crate) fn outcome<G: Rules>(index: u32) -> Result<G::ChanceOutcome> {
    G::chance_from_index(index as usize).ok_or_else(|| {
        Error::invalid(
            "no_such_outcome",
            format_args!(
                "chance outcome index {index} is out of range 0..{}",
                G::CHANCE_COUNT
            ),
        )
    })
}

/// The body of `kingup_*_game_apply`.
///
/// # Safety
///
/// As [`change`].
pub(crate) unsafe fn apply<H: Handle>(game: *mut H, seat: u32, index: u32) -> KingupStatus {
    let body = |session: &mut Session<H::Game>| {
        let seat = seat_in(session.config(), seat)?;
        let action = action::<H::Game>(index)?;
        session.apply(seat, action).map_err(refused)?;
        Ok(())
    };
    // SAFETY: forwarded from this function's contract.
    unsafe { change(game, body) }
}

/// The body of `kingup_*_game_apply_chance`.
///
/// # Safety
///
/// As [`change`].
pub(crate) unsafe fn apply_chance<H: Handle>(game: *mut H, index: u32) -> KingupStatus {
    let body = |session: &mut Session<H::Game>| {
        let outcome = outcome::<H::Game>(index)?;
        session.apply_chance(outcome).map_err(refused)?;
        Ok(())
    };
    // SAFETY: forwarded from this function's contract.
    unsafe { change(game, body) }
}

/// The body of `kingup_*_game_resolve_chance`.
///
/// # Safety
///
/// As [`change`].
pub(crate) unsafe fn resolve_chance<H: Handle>(game: *mut H) -> KingupStatus {
    let body = |session: &mut Session<H::Game>| {
        session.resolve_chance();
        Ok(())
    };
    // SAFETY: forwarded from this function's contract.
    unsafe { change(game, body) }
}

/// The body of `kingup_*_game_reseed`.
///
/// # Safety
///
/// As [`change`].
pub(crate) unsafe fn reseed<H: Handle>(game: *mut H, seed: u64) -> KingupStatus {
    let body = |session: &mut Session<H::Game>| {
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

/// The body of `kingup_*_game_undo`.
///
/// # Safety
///
/// As [`change`].
pub(crate) unsafe fn undo<H: Handle>(game: *mut H, seat: u32) -> KingupStatus {
    let body = |session: &mut Session<H::Game>| {
        let seat = seat_in(session.config(), seat)?;
        let refused = |e: UndoError| Error::new(KingupStatus::IllegalAction, e.code(), e);
        session.undo(seat).map_err(refused)?;
        Ok(())
    };
    // SAFETY: forwarded from this function's contract.
    unsafe { change(game, body) }
}

/// The body of `kingup_*_game_undoable`.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `out` NULL or valid for a write.
pub(crate) unsafe fn undoable<H: Handle>(game: *const H, out: *mut usize) -> KingupStatus {
    guard(|| {
        // SAFETY: forwarded from this function's contract.
        let out = unsafe { Out::new(out, "out") }?;
        // SAFETY: forwarded from this function's contract.
        out.write(unsafe { game_ref(game) }?.session().undoable());
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
    // SAFETY: forwarded from this function's contract.
    unsafe { apply(game, seat, action) }
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
    // SAFETY: forwarded from this function's contract.
    unsafe { apply_chance(game, outcome) }
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
    // SAFETY: forwarded from this function's contract.
    unsafe { resolve_chance(game) }
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
    // SAFETY: forwarded from this function's contract.
    unsafe { reseed(game, seed) }
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
    // SAFETY: forwarded from this function's contract.
    unsafe { undo(game, seat) }
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
    // SAFETY: forwarded from this function's contract.
    unsafe { undoable(game, out) }
}
