//! Moves: actions, explicit chance outcomes, chance from the handle's generator.

use kingup_core::{Action, ChanceOutcome, Events};

use crate::error::{Error, KingupStatus, Result, guard};
use crate::handle::{KingupGame, game_mut};
use crate::rng::SplitMix64;

/// Runs a move on a copy of the game and commits it, with its events, only on success:
/// a refused move leaves the handle exactly as it was.
///
/// # Safety
///
/// `game` must be NULL or a live handle not used elsewhere during the call.
unsafe fn play(
    game: *mut KingupGame,
    step: impl FnOnce(&KingupGame, &mut kingup_core::Game, &mut Events) -> Result,
) -> KingupStatus {
    guard(|| {
        // SAFETY: forwarded from this function's contract.
        let handle = unsafe { game_mut(game) }?;
        let mut next = handle.game;
        let mut events = Events::new();
        step(handle, &mut next, &mut events)?;
        handle.game = next;
        handle.events.extend(events);
        Ok(())
    })
}

/// Plays action `action` (`0..KINGUP_ACTION_COUNT`) for `seat` and appends its events to
/// the handle's log. `KINGUP_STATUS_INVALID_ARGUMENT` for a seat that does not play or an
/// index out of range; `KINGUP_STATUS_ILLEGAL_ACTION` (with the reason in the last error)
/// for a move that is not legal now. On failure the game is unchanged.
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
    let step = |handle: &KingupGame, next: &mut kingup_core::Game, events: &mut Events| {
        let seat = handle.seat(seat)?;
        let action = usize::try_from(action)
            .map_err(Error::invalid)
            .and_then(|a| Action::from_index(a).map_err(Error::invalid))?;
        next.apply_with(seat, action, events)
            .map_err(|e| Error::new(KingupStatus::IllegalAction, e))
    };
    // SAFETY: forwarded from this function's contract.
    unsafe { play(game, step) }
}

/// Applies the explicit chance outcome `outcome` (`0..KINGUP_CHANCE_OUTCOME_COUNT`, see
/// `kingup_game_chance_outcomes`) and appends its events to the log.
/// `KINGUP_STATUS_INVALID_ARGUMENT` for an index out of range,
/// `KINGUP_STATUS_ILLEGAL_ACTION` for an outcome the pending step cannot have (or when no
/// chance step is pending). On failure the game is unchanged.
///
/// # Safety
///
/// `game` must be NULL or a live handle not used elsewhere during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_apply_chance(
    game: *mut KingupGame,
    outcome: u32,
) -> KingupStatus {
    let step = |_: &KingupGame, next: &mut kingup_core::Game, events: &mut Events| {
        let outcome = usize::try_from(outcome)
            .ok()
            .and_then(ChanceOutcome::from_index)
            .ok_or_else(|| {
                Error::invalid(format_args!(
                    "chance outcome {outcome} is out of range 0..42"
                ))
            })?;
        next.apply_chance_with(outcome, events)
            .map_err(|e| Error::new(KingupStatus::IllegalAction, e))
    };
    // SAFETY: forwarded from this function's contract.
    unsafe { play(game, step) }
}

/// Resolves every pending chance step with the handle's generator, until a seat is to
/// move or the game is over, appending the events to the log. Does nothing when no chance
/// step is pending.
///
/// # Safety
///
/// `game` must be NULL or a live handle not used elsewhere during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_resolve_chance(game: *mut KingupGame) -> KingupStatus {
    guard(|| {
        // SAFETY: the caller guarantees `game` as documented above.
        let handle = unsafe { game_mut(game) }?;
        // Built aside and committed at the end, like every other move.
        let (mut next, mut rng, mut events) = (handle.game, handle.rng.clone(), Vec::new());
        next.resolve_chance(&mut rng, &mut events);
        handle.game = next;
        handle.rng = rng;
        handle.events.extend(events);
        Ok(())
    })
}

/// Reseeds the handle's generator; the game itself is unchanged.
///
/// # Safety
///
/// `game` must be NULL or a live handle not used elsewhere during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_reseed(game: *mut KingupGame, seed: u64) -> KingupStatus {
    guard(|| {
        // SAFETY: the caller guarantees `game` as documented above.
        unsafe { game_mut(game) }?.rng = SplitMix64::new(seed);
        Ok(())
    })
}
