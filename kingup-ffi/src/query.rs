//! Read-only queries: phase, actor, chance, legal actions, observation, scores. The
//! queries every game answers are generic; phase, actor and the chance step are King Up!'s.

use std::ffi::c_char;

use kingup_core::{Actor, ChanceStep, Phase, Seat, SeatSet};
use kingup_table::{ActionMask, Rules};

use crate::buffer::{Out, OutArray, OutList};
use crate::error::{Error, KingupStatus, Result, guard};
use crate::handle::KingupGame;
use crate::table::{Handle, game_ref, game_text};

/// Where a game stands (`kingup_game_phase`).
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingupPhase {
    /// Chance steps: first player, objectives, random layout.
    Setup = 0,
    /// Seats take turns placing characters on floors 1–4.
    Placement = 1,
    /// The seat to move climbs a character one floor.
    Climb = 2,
    /// Every seat commits a vote on the candidate on the throne.
    Vote = 3,
    /// The round is scored; the next round's first deal (chance) is pending.
    Score = 4,
    /// The last round is scored.
    GameOver = 5,
}

/// Who acts next (`KingupActor::kind`).
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingupActorKind {
    /// A chance step is pending: `kingup_game_resolve_chance` or `kingup_game_apply_chance`.
    Chance = 0,
    /// One seat moves: `KingupActor::seat`.
    Seat = 1,
    /// The simultaneous vote: any seat in `KingupActor::seats` may vote next.
    Voters = 2,
    /// The game is over.
    Nobody = 3,
}

/// Who acts next, blittable.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KingupActor {
    /// A `KingupActorKind` value.
    pub kind: u32,
    /// The seat to move when `kind` is `KINGUP_ACTOR_KIND_SEAT`, otherwise -1.
    pub seat: i32,
    /// The seats that may act now, as a mask (bit `i` is seat `i`); 0 for chance or
    /// nobody.
    pub seats: u32,
}

/// What the pending chance step decides (`KingupChanceStep::kind`).
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingupChanceKind {
    /// No chance step is pending.
    None = 0,
    /// Who starts round 1: outcomes `0..6` (the seat).
    FirstPlayer = 1,
    /// Which objective `subject` (a seat) is dealt: outcomes `10..42` (`10 + card`).
    Deal = 2,
    /// Which floor character `subject` starts on: outcomes `6..10` (`6 + floor`).
    Layout = 3,
}

/// The pending chance step, blittable.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KingupChanceStep {
    /// A `KingupChanceKind` value.
    pub kind: u32,
    /// The seat being dealt (`DEAL`), the character being laid out (`LAYOUT`, 0–12), or -1.
    pub subject: i32,
}

// `KingupPhase` values are the engine's phase indices, so a phase crosses as
// `Phase::index`; the header's enum only names them.
const _: () = {
    assert!(KingupPhase::Setup as usize == Phase::Setup.index());
    assert!(KingupPhase::Placement as usize == Phase::Placement.index());
    assert!(KingupPhase::Climb as usize == Phase::Climb.index());
    assert!(KingupPhase::Vote as usize == Phase::Vote.index());
    assert!(KingupPhase::Score as usize == Phase::Score.index());
    assert!(KingupPhase::GameOver as usize == Phase::GameOver.index());
    assert!(Phase::COUNT == 6);
};

pub(crate) fn actor_code(actor: Actor) -> KingupActor {
    let (kind, seat, seats) = match actor {
        Actor::Chance => (KingupActorKind::Chance, -1, SeatSet::EMPTY),
        Actor::Seat(s) => (KingupActorKind::Seat, s.index() as i32, SeatSet::single(s)),
        Actor::Voters(set) => (KingupActorKind::Voters, -1, set),
        Actor::Nobody => (KingupActorKind::Nobody, -1, SeatSet::EMPTY),
    };
    KingupActor {
        kind: kind as u32,
        seat,
        seats: set_bits(seats),
    }
}

pub(crate) fn chance_code(step: Option<ChanceStep>) -> KingupChanceStep {
    let (kind, subject) = match step {
        None => (KingupChanceKind::None, -1),
        Some(ChanceStep::FirstPlayer) => (KingupChanceKind::FirstPlayer, -1),
        Some(ChanceStep::Deal(seat)) => (KingupChanceKind::Deal, seat.index() as i32),
        Some(ChanceStep::Layout(c)) => (KingupChanceKind::Layout, c.index() as i32),
    };
    KingupChanceStep {
        kind: kind as u32,
        subject,
    }
}

pub(crate) fn set_bits(seats: SeatSet) -> u32 {
    seats.bits().into()
}

/// Runs a read-only query on a handle and writes its answer through `out`.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `out` NULL or valid for a write of `T`.
pub(crate) unsafe fn answer<H: Handle, T>(
    game: *const H,
    out: *mut T,
    query: impl FnOnce(&H) -> Result<T>,
) -> KingupStatus {
    guard(|| {
        // SAFETY: forwarded from this function's contract.
        let out = unsafe { Out::new(out, "out") }?;
        // SAFETY: forwarded from this function's contract.
        let game = unsafe { game_ref(game) }?;
        out.write(query(game)?);
        Ok(())
    })
}

/// Runs a read-only query on a handle that answers with a list, copied into the caller's
/// buffer as by [`OutList::fill`].
///
/// # Safety
///
/// `game` must be NULL or a live handle; `buf` NULL or valid for writes of `cap`
/// elements; `out_len` NULL or valid for a write.
pub(crate) unsafe fn answer_list<H: Handle, T: Copy>(
    game: *const H,
    buf: *mut T,
    cap: usize,
    out_len: *mut usize,
    query: impl FnOnce(&H) -> Result<Vec<T>>,
) -> KingupStatus {
    guard(|| {
        // SAFETY: forwarded from this function's contract.
        let out = unsafe { OutList::new(buf, cap, out_len) }?;
        // SAFETY: forwarded from this function's contract.
        out.fill(&query(unsafe { game_ref(game) }?)?)
    })
}

/// Writes the current phase, a `KingupPhase` value, into `*out`.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_phase(game: *const KingupGame, out: *mut u32) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { answer(game, out, |g| Ok(g.game().phase().index() as u32)) }
}

/// Writes who acts next into `*out`.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_actor(
    game: *const KingupGame,
    out: *mut KingupActor,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { answer(game, out, |g| Ok(actor_code(g.game().actor()))) }
}

/// Writes the current round index (from 0; the last round once the game is over).
///
/// # Safety
///
/// `game` must be NULL or a live handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_round(game: *const KingupGame, out: *mut u32) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { answer(game, out, |g| Ok(g.game().round().into())) }
}

/// Writes the seat that acts next into `*out`: the seat to move, or in a vote the lowest
/// seat still to vote (any of them may vote first; front ends usually ask them in seat
/// order); -1 when chance is to move or the game is over.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_next_seat(
    game: *const KingupGame,
    out: *mut i32,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { next_seat(game, out) }
}

/// Writes the King of the current round into `*out`, as a character index (0–12), once the
/// round's vote has crowned one; -1 before (during a vote the character on the throne is
/// only a candidate).
///
/// # Safety
///
/// `game` must be NULL or a live handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_king(game: *const KingupGame, out: *mut i32) -> KingupStatus {
    let query = |g: &KingupGame| Ok(g.game().king().map_or(-1, |c| c.index() as i32));
    // SAFETY: forwarded from this function's contract.
    unsafe { answer(game, out, query) }
}

/// Writes what the pending chance step decides, in words (`"draw the first player"`,
/// `"deal seat 2's objective"`, `"lay out Beatrice"`), as NUL-terminated UTF-8; an empty
/// string when no chance step is pending. `*out_len` receives the bytes needed, NUL
/// included. Public information: it never names the card.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `buf` NULL or valid for writes of `cap` bytes;
/// `out_len` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_chance_describe(
    game: *const KingupGame,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    let text = |g: &KingupGame| {
        Ok(g.game()
            .chance_step()
            .map(|s| s.to_string())
            .unwrap_or_default())
    };
    // SAFETY: the caller guarantees `game`, `buf`, `cap` and `out_len` as documented above.
    unsafe { game_text(game, buf, cap, out_len, text) }
}

/// Writes the pending chance step into `*out` (`KINGUP_CHANCE_KIND_NONE` when a seat is
/// to move or the game is over).
///
/// # Safety
///
/// `game` must be NULL or a live handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_chance_step(
    game: *const KingupGame,
    out: *mut KingupChanceStep,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { answer(game, out, |g| Ok(chance_code(g.game().chance_step()))) }
}

/// Writes the outcomes of the pending chance step (indices `0..KINGUP_CHANCE_OUTCOME_COUNT`)
/// into `outcomes` and, unless `probabilities` is NULL, their probabilities into
/// `probabilities` (both of `cap` elements). `*out_len` receives the number of outcomes
/// (at most 32; 0 when chance is not to move). Both arrays are checked before either is
/// written: on failure neither is.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `outcomes` NULL or valid for writes of `cap`
/// elements; `probabilities` NULL or valid for writes of `cap` elements; `out_len` NULL or
/// valid for a write; each aligned for its type.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_chance_outcomes(
    game: *const KingupGame,
    outcomes: *mut u32,
    probabilities: *mut f64,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { chance_outcomes(game, outcomes, probabilities, cap, out_len) }
}

/// Writes `seat`'s legal action indices (`0..KINGUP_ACTION_COUNT`, sorted) into `buf`;
/// `*out_len` receives their number, at most 52, and 0 when `seat` may not act now.
/// `KINGUP_STATUS_INVALID_ARGUMENT` for a seat that does not play.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `buf` NULL or valid for writes of `cap`
/// elements; `out_len` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_legal_actions(
    game: *const KingupGame,
    seat: u32,
    buf: *mut u32,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { legal_actions(game, seat, buf, cap, out_len) }
}

/// Writes `seat`'s action mask, `KINGUP_ACTION_COUNT` bytes (1: legal, 0: not) indexed by
/// action, into `buf`; `*out_len` receives `KINGUP_ACTION_COUNT`.
///
/// # Safety
///
/// As `kingup_game_legal_actions`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_action_mask(
    game: *const KingupGame,
    seat: u32,
    buf: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { action_mask(game, seat, buf, cap, out_len) }
}

/// Writes `seat`'s observation tensor, `KINGUP_OBSERVATION_LEN` floats laid out as in
/// `docs/observation.md`, into `buf`; `*out_len` receives `KINGUP_OBSERVATION_LEN`.
/// It holds only what `seat` may know.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `buf` NULL or valid for writes of `cap` floats;
/// `out_len` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_observation(
    game: *const KingupGame,
    seat: u32,
    buf: *mut f32,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { observation(game, seat, buf, cap, out_len) }
}

/// Writes the points of the rounds scored so far, row by row: `rounds_scored × players`
/// values, row `r` holding each seat's points in round `r`. `*out_len` receives their
/// number (0 before the first round is scored).
///
/// # Safety
///
/// `game` must be NULL or a live handle; `buf` NULL or valid for writes of `cap`
/// elements; `out_len` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_scores(
    game: *const KingupGame,
    buf: *mut u32,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    let query = |g: &KingupGame| {
        let players = g.game().players();
        let rows = g.game().scores().iter();
        Ok(rows
            .flat_map(|row| row[..players].iter().map(|&p| u32::from(p)))
            .collect())
    };
    // SAFETY: forwarded from this function's contract.
    unsafe { answer_list(game, buf, cap, out_len, query) }
}

/// Writes each seat's total points so far (one value per seat in play) into `buf`;
/// `*out_len` receives the number of players.
///
/// # Safety
///
/// As `kingup_game_scores`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_totals(
    game: *const KingupGame,
    buf: *mut u32,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { scores(game, buf, cap, out_len) }
}

/// Writes the winners as a seat mask (bit `i` is seat `i`; several bits for a shared win)
/// into `*out`: 0 until the game is over, never 0 after.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_winners(
    game: *const KingupGame,
    out: *mut u32,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { winners(game, out) }
}

/// Writes the number of events in the handle's log into `*out` (see
/// `kingup_game_events_json`).
///
/// # Safety
///
/// `game` must be NULL or a live handle; `out` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_event_count(
    game: *const KingupGame,
    out: *mut usize,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { event_count(game, out) }
}

/// The body of `kingup_*_game_next_seat`: the seat asked to act next, or -1.
///
/// # Safety
///
/// As [`answer`].
pub(crate) unsafe fn next_seat<H: Handle>(game: *const H, out: *mut i32) -> KingupStatus {
    let query = |g: &H| Ok(Rules::next_seat(g.game()).map_or(-1, |s| s.index() as i32));
    // SAFETY: forwarded from this function's contract.
    unsafe { answer(game, out, query) }
}

/// The body of `kingup_*_game_chance_outcomes`: both arrays are checked before either is
/// written.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `outcomes` and `probabilities` NULL or valid for
/// writes of `cap` elements; `out_len` NULL or valid for a write.
pub(crate) unsafe fn chance_outcomes<H: Handle>(
    game: *const H,
    outcomes: *mut u32,
    probabilities: *mut f64,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    guard(|| {
        // SAFETY: forwarded from this function's contract.
        let len = unsafe { Out::new(out_len, "out_len") }?;
        // SAFETY: forwarded from this function's contract.
        let outcomes = unsafe { OutArray::new(outcomes, cap, "outcomes") }?;
        // NULL means the probabilities are not wanted, whatever `cap` is.
        let probabilities = if probabilities.is_null() {
            None
        } else {
            // SAFETY: forwarded from this function's contract.
            Some(unsafe { OutArray::new(probabilities, cap, "probabilities") }?)
        };
        // SAFETY: forwarded from this function's contract.
        let game = unsafe { game_ref(game) }?;
        let list = game.game().chance_outcomes();
        let indices: Vec<u32> = list
            .iter()
            .map(|&(o, _)| H::Game::chance_index(o) as u32)
            .collect();
        let odds: Vec<f64> = list.iter().map(|&(_, p)| p).collect();
        // Both arrays have `cap` elements: when one holds the answer, so does the other.
        len.write(indices.len());
        outcomes.holds(indices.len())?;
        outcomes.copy(&indices);
        if let Some(probabilities) = probabilities {
            probabilities.copy(&odds);
        }
        Ok(())
    })
}

/// The body of `kingup_*_game_legal_actions`: `seat`'s legal action indices, sorted.
///
/// # Safety
///
/// As [`answer_list`].
pub(crate) unsafe fn legal_actions<H: Handle>(
    game: *const H,
    seat: u32,
    buf: *mut u32,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    let query = |g: &H| {
        let mask = g.game().legal_mask(g.seat(seat)?);
        let count = H::Game::ACTION_COUNT as u32;
        Ok((0..count)
            .filter(|&i| mask.contains_index(i as usize))
            .collect())
    };
    // SAFETY: forwarded from this function's contract.
    unsafe { answer_list(game, buf, cap, out_len, query) }
}

/// The body of `kingup_*_game_action_mask`: one byte per action index, 1 when legal.
///
/// # Safety
///
/// As [`answer_list`].
pub(crate) unsafe fn action_mask<H: Handle>(
    game: *const H,
    seat: u32,
    buf: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    let query = |g: &H| {
        let mask = g.game().legal_mask(g.seat(seat)?);
        let count = H::Game::ACTION_COUNT;
        Ok((0..count)
            .map(|i| u8::from(mask.contains_index(i)))
            .collect())
    };
    // SAFETY: forwarded from this function's contract.
    unsafe { answer_list(game, buf, cap, out_len, query) }
}

/// The body of `kingup_*_game_observation`: `seat`'s observation tensor.
///
/// # Safety
///
/// As [`answer_list`].
pub(crate) unsafe fn observation<H: Handle>(
    game: *const H,
    seat: u32,
    buf: *mut f32,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    let query = |g: &H| {
        let mut obs = vec![0.0; H::Game::OBSERVATION_LEN];
        // The buffer has the game's length: encoding into it cannot fail.
        g.game()
            .observation(g.seat(seat)?, &mut obs)
            .map_err(Error::internal)?;
        Ok(obs)
    };
    // SAFETY: forwarded from this function's contract.
    unsafe { answer_list(game, buf, cap, out_len, query) }
}

/// The body of `kingup_game_totals` and `kingup_court_game_scores`: each seat's score so
/// far, in the game's unit (`Rules::score`).
///
/// # Safety
///
/// As [`answer_list`].
pub(crate) unsafe fn scores<H: Handle>(
    game: *const H,
    buf: *mut u32,
    cap: usize,
    out_len: *mut usize,
) -> KingupStatus {
    let query = |g: &H| {
        let game = g.game();
        Ok(Seat::all(Rules::players(game))
            .map(|s| game.score(s))
            .collect())
    };
    // SAFETY: forwarded from this function's contract.
    unsafe { answer_list(game, buf, cap, out_len, query) }
}

/// The body of `kingup_*_game_winners`: the seats with a share of the win, as a mask (0
/// until the game is over).
///
/// # Safety
///
/// As [`answer`].
pub(crate) unsafe fn winners<H: Handle>(game: *const H, out: *mut u32) -> KingupStatus {
    let query = |g: &H| {
        let game = g.game();
        let won = Seat::all(Rules::players(game)).filter(|&s| game.win_share(s) > 0.0);
        Ok(set_bits(won.collect()))
    };
    // SAFETY: forwarded from this function's contract.
    unsafe { answer(game, out, query) }
}

/// The body of `kingup_*_game_event_count`.
///
/// # Safety
///
/// As [`answer`].
pub(crate) unsafe fn event_count<H: Handle>(game: *const H, out: *mut usize) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { answer(game, out, |g| Ok(g.session().events().len())) }
}

/// Seat sets of the C API are masks over at most this many seats.
const _: () = assert!(Seat::MAX <= 32);
