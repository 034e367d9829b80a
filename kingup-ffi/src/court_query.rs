//! Read-only queries of a To Court the King game: where it stands, who acts, legal actions,
//! chance, observation, events, scores and winner — thin wrappers over the generic bodies
//! King Up!'s twins use, plus the court's own phase and actor.

use std::ffi::c_char;

use kingup_court::{Actor, Phase, SeatSet};
use kingup_table::Rules;

use crate::court::KingupCourtGame;
use crate::error::KingupStatus;
use crate::json::events_json;
use crate::query::{
    self, KingupActor, KingupActorKind, action_mask, answer, chance_outcomes, event_count,
    legal_actions, next_seat, observation, set_bits, winners,
};
use crate::table::Handle;

/// Where a To Court the King game stands (`kingup_court_game_phase`).
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingupCourtPhase {
    /// Chance draws the first player.
    Setup = 0,
    /// The turn has begun and nothing is rolled yet: roll, or first use add-a-die cards.
    PreRoll = 1,
    /// Chance rolls the dice waiting to be rolled, one die a step.
    Rolling = 2,
    /// Dice are active: set them aside, use cards, roll again.
    Dice = 3,
    /// Dice are being picked for the Merchant, the Noblewoman or the Nobleman.
    Select = 4,
    /// No die is active: buy a card with the result, or nothing.
    Buy = 5,
    /// The game is over (won, or truncated by `max_rounds`).
    GameOver = 6,
}

// `KingupCourtPhase` values are the engine's phase indices, so a phase crosses as
// `Phase::index`; the header's enum only names them.
const _: () = {
    assert!(KingupCourtPhase::Setup as usize == Phase::Setup.index());
    assert!(KingupCourtPhase::PreRoll as usize == Phase::PreRoll.index());
    assert!(KingupCourtPhase::Rolling as usize == Phase::Rolling.index());
    assert!(KingupCourtPhase::Dice as usize == Phase::Dice.index());
    assert!(KingupCourtPhase::Select as usize == Phase::Select.index());
    assert!(KingupCourtPhase::Buy as usize == Phase::Buy.index());
    assert!(KingupCourtPhase::GameOver as usize == Phase::GameOver.index());
    assert!(Phase::COUNT == 7);
};

/// The blittable form of a court actor: the same `KingupActor` as King Up!'s (a court game
/// has no simultaneous vote, so never `KINGUP_ACTOR_KIND_VOTERS`).
fn actor_code(actor: Actor) -> KingupActor {
    let (kind, seat, seats) = match actor {
        Actor::Chance => (KingupActorKind::Chance, -1, SeatSet::EMPTY),
        Actor::Seat(s) => (KingupActorKind::Seat, s.index() as i32, SeatSet::single(s)),
        Actor::Nobody => (KingupActorKind::Nobody, -1, SeatSet::EMPTY),
    };
    KingupActor {
        kind: kind as u32,
        seat,
        seats: set_bits(seats),
    }
}

/// Writes the current phase, a `KingupCourtPhase` value, into `*out`.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_game_phase(
    game: *const KingupCourtGame,
    out: *mut u32,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { answer(game, out, |g| Ok(g.game().phase().index() as u32)) }
}

/// Writes who acts next into `*out`: chance, one seat, or nobody once the game is over.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_game_actor(
    game: *const KingupCourtGame,
    out: *mut KingupActor,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { answer(game, out, |g| Ok(actor_code(g.game().actor()))) }
}

/// Writes the current round index (from 0) into `*out`.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_game_round(
    game: *const KingupCourtGame,
    out: *mut u32,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { answer(game, out, |g| Ok(g.game().round())) }
}

/// Writes the seat to move into `*out`; -1 when chance is to move or the game is over.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_game_next_seat(
    game: *const KingupCourtGame,
    out: *mut i32,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { next_seat(game, out) }
}

/// Writes the winner as a seat mask into `*out`: 0 until the game is over, and 0 after a
/// game truncated by `max_rounds` (see `kingup_court_game_truncated`); otherwise one bit.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_game_winners(
    game: *const KingupCourtGame,
    out: *mut u32,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { winners(game, out) }
}

/// Writes 1 into `*out` if the game ended at `max_rounds` with nobody having bought the
/// King (no winner: a truncation, not a result), else 0.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_game_truncated(
    game: *const KingupCourtGame,
    out: *mut u32,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { answer(game, out, |g| Ok(g.game().is_truncated().into())) }
}

/// Writes each seat's score so far, the cards it owns (the Charlatan counted once), into
/// `buf`; `*out_len` receives the number of players.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `buf` NULL or valid for writes of `cap`
/// elements; `out_len` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_game_scores(
    game: *const KingupCourtGame,
    buf: *mut u32,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { query::scores(game, buf, cap, out_len) }
}

/// Writes `seat`'s legal action indices (`0..KINGUP_COURT_ACTION_COUNT`, sorted) into
/// `buf`; `*out_len` receives their number, at most `KINGUP_COURT_MAX_LEGAL_ACTIONS`, and 0
/// when `seat` may not act now. `KINGUP_STATUS_INVALID_ARGUMENT` (reason `no_such_seat`)
/// for a seat that does not play.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `buf` NULL or valid for writes of `cap`
/// elements; `out_len` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_game_legal_actions(
    game: *const KingupCourtGame,
    seat: u32,
    buf: *mut u32,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { legal_actions(game, seat, buf, cap, out_len) }
}

/// Writes `seat`'s action mask, `KINGUP_COURT_ACTION_COUNT` bytes (1: legal, 0: not)
/// indexed by action, into `buf`; `*out_len` receives `KINGUP_COURT_ACTION_COUNT`.
///
/// # Safety
///
/// As `kingup_court_game_legal_actions`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_game_action_mask(
    game: *const KingupCourtGame,
    seat: u32,
    buf: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { action_mask(game, seat, buf, cap, out_len) }
}

/// Writes `seat`'s observation tensor, `KINGUP_COURT_OBSERVATION_LEN` floats laid out as
/// `kingup_court::OBSERVATION_FIELDS` (`docs/python.md`, "To Court the King"), into `buf`;
/// `*out_len` receives `KINGUP_COURT_OBSERVATION_LEN`.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `buf` NULL or valid for writes of `cap` floats;
/// `out_len` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_game_observation(
    game: *const KingupCourtGame,
    seat: u32,
    buf: *mut f32,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { observation(game, seat, buf, cap, out_len) }
}

/// Writes the outcomes of the pending chance step (indices
/// `0..KINGUP_COURT_CHANCE_OUTCOME_COUNT`: six faces of a die, or the seats that may start)
/// into `outcomes` and, unless `probabilities` is NULL, their probabilities into
/// `probabilities` (both of `cap` elements). `*out_len` receives the number of outcomes
/// (at most 6; 0 when chance is not to move). Both arrays are checked before either is
/// written.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `outcomes` NULL or valid for writes of `cap`
/// elements; `probabilities` NULL or valid for writes of `cap` elements; `out_len` NULL or
/// valid for a write; each aligned for its type.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_game_chance_outcomes(
    game: *const KingupCourtGame,
    outcomes: *mut u32,
    probabilities: *mut f64,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { chance_outcomes(game, outcomes, probabilities, cap, out_len) }
}

/// Writes the events of the log from index `from` on as a NUL-terminated JSON array of
/// objects tagged by `"type"` (`{"type":"die_rolled","seat":1,"face":4}`, …), the same
/// shape as King Up!'s. The game hides nothing, so every viewer (a seat, or -1 for a
/// spectator) sees the same events; the viewer is still checked (reason `no_such_seat`),
/// and `from` past the end of the log is refused (`no_such_event`).
///
/// # Safety
///
/// `game` must be NULL or a live handle; `buf` NULL or valid for writes of `cap` bytes;
/// `out_len` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_game_events_json(
    game: *const KingupCourtGame,
    viewer: i32,
    from: usize,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { events_json(game, viewer, from, buf, cap, out_len) }
}

/// Writes the number of events in the handle's log into `*out`.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_game_event_count(
    game: *const KingupCourtGame,
    out: *mut usize,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { event_count(game, out) }
}
