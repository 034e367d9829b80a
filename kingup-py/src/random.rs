//! Seeded randomness: chance resolution and uniformly random play.
//!
//! Every seeded stream is xoshiro256++ seeded by SplitMix64 from the seed, and integers
//! below `n` are drawn by Lemire's method, all written out here, so a seed gives the same
//! game on every platform and version, and the stream's state can be saved and checked.

use std::hash::{BuildHasher, Hasher};

use kingup_core::{Action, Actor, ChanceOutcome, Config, EventSink, Game, Seat, Step};
use pyo3::prelude::*;
use pyo3::types::PyList;
use rand_core::RngCore;
use serde::{Deserialize, Serialize};

/// The generator behind `seed=`: xoshiro256++ (Blackman and Vigna), whose state is a
/// plain array so that games can be saved with their stream.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub(crate) struct Rng([u64; 4]);

impl Rng {
    /// Whether the state is usable: xoshiro's all-zero state only ever yields zeros.
    pub(crate) fn is_valid(&self) -> bool {
        self.0 != [0; 4]
    }
}

impl RngCore for Rng {
    fn next_u64(&mut self) -> u64 {
        let s = &mut self.0;
        let result = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    fn next_u32(&mut self) -> u32 {
        // The high bits are the better ones.
        (self.next_u64() >> 32) as u32
    }

    fn fill_bytes(&mut self, dest: &mut [u8]) {
        for chunk in dest.chunks_mut(8) {
            let bytes = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
    }
}

/// The generator for `seed`: its state filled by SplitMix64, never all zero.
pub(crate) fn rng_from_seed(seed: u64) -> Rng {
    let mut x = seed;
    Rng(std::array::from_fn(|_| {
        x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = x;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }))
}

/// A seed from the operating system's randomness (std seeds `RandomState` from it).
pub(crate) fn os_seed() -> u64 {
    std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish()
}

/// A uniform integer in `0..n` (`n > 0`), without modulo bias.
pub(crate) fn below(rng: &mut Rng, n: u32) -> u32 {
    let threshold = n.wrapping_neg() % n.max(1);
    loop {
        let product = u64::from(rng.next_u32()) * u64::from(n);
        if (product as u32) >= threshold {
            return (product >> 32) as u32;
        }
    }
}

/// Where the steps of a game are recorded: `Vec<Step>` keeps them, `()` (the batched
/// simulator) does not.
pub(crate) trait StepLog {
    /// Records the next step.
    fn record(&mut self, step: Step);
}

impl StepLog for Vec<Step> {
    fn record(&mut self, step: Step) {
        self.push(step);
    }
}

impl StepLog for () {
    fn record(&mut self, _: Step) {}
}

/// Resolves pending chance steps from `rng`, recording each outcome in `steps` and its
/// events in `events`.
pub(crate) fn resolve_chance<L: StepLog, S: EventSink>(
    game: &mut Game,
    rng: &mut Rng,
    steps: &mut L,
    events: &mut S,
) {
    while let Some(outcome) = game.sample_chance(rng) {
        // A sampled outcome is legal by construction; an error would leave the game as it
        // was and end the loop rather than spin.
        if game.apply_chance_with(outcome, events).is_err() {
            break;
        }
        steps.record(Step::Chance(outcome));
    }
}

/// The seat that acts next: the seat to move, or the lowest seat still to vote.
pub(crate) fn next_seat(game: &Game) -> Option<Seat> {
    match game.actor() {
        Actor::Seat(seat) => Some(seat),
        Actor::Voters(seats) => seats.iter().next(),
        Actor::Chance | Actor::Nobody => None,
    }
}

/// A uniformly random legal action for the next seat.
pub(crate) fn random_action(game: &Game, rng: &mut Rng) -> Option<(Seat, Action)> {
    let seat = next_seat(game)?;
    let legal = game.legal_actions(seat);
    let pick = below(rng, u32::try_from(legal.len()).ok()?);
    Some((seat, *legal.get(pick as usize)?))
}

/// Plays uniformly random legal actions (and chance from the same stream) to the end;
/// returns the number of player actions taken.
pub(crate) fn play_random<L: StepLog, S: EventSink>(
    game: &mut Game,
    rng: &mut Rng,
    steps: &mut L,
    events: &mut S,
) -> u32 {
    let mut actions = 0;
    loop {
        resolve_chance(game, rng, steps, events);
        let Some((seat, action)) = random_action(game, rng) else {
            return actions;
        };
        if game.apply_with(seat, action, events).is_err() {
            return actions;
        }
        steps.record(Step::Action { seat, action });
        actions += 1;
    }
}

/// `play_random` for the batched simulator: the same draws from `rng`, so the same game,
/// but no steps or events are recorded and each action, taken from the legal actions just
/// listed, is applied without being checked again.
pub(crate) fn play_random_fast(game: &mut Game, rng: &mut Rng) -> u32 {
    let mut actions = 0;
    loop {
        resolve_chance(game, rng, &mut (), &mut ());
        let Some((seat, action)) = random_action(game, rng) else {
            return actions;
        };
        game.apply_unchecked(seat, action);
        actions += 1;
    }
}

/// Test-only reference: a random game played with the engine alone (its own
/// `resolve_chance`, no wrapper), chance drawn from `seed`'s stream and actions from
/// `action_seed`'s. Returns the steps as `(seat or None for chance, index)` and the totals.
/// `Game(players, seed=seed)` fed the same actions must reach the same game.
#[pyfunction]
#[pyo3(name = "_reference_playout")]
pub(crate) fn reference_playout(
    py: Python<'_>,
    players: u8,
    seed: u64,
    action_seed: u64,
) -> PyResult<(Bound<'_, PyList>, Vec<u16>)> {
    let mut game = Game::new(Config::new(players))
        .map_err(|e| crate::errors::invalid_config(py, e.to_string()))?;
    let (mut chance, mut actions) = (rng_from_seed(seed), rng_from_seed(action_seed));
    let mut log: Vec<(Option<usize>, usize)> = Vec::new();
    let mut dealt = Vec::new();
    while !game.is_over() {
        game.resolve_chance(&mut chance, &mut dealt);
        log.extend(dealt.drain(..).filter_map(chance_index).map(|i| (None, i)));
        if let Some((seat, action)) = random_action(&game, &mut actions) {
            if game.apply(seat, action).is_err() {
                break;
            }
            log.push((Some(seat.index()), action.index()));
        }
    }
    let totals = game.totals()[..game.players()].to_vec();
    Ok((PyList::new(py, log)?, totals))
}

/// The chance outcome index behind a chance event, if it is one.
fn chance_index(event: kingup_core::Event) -> Option<usize> {
    use kingup_core::Event;
    let outcome = match event {
        Event::FirstPlayerChosen { seat } => ChanceOutcome::FirstPlayer(seat),
        Event::ObjectiveDealt {
            card: Some(card), ..
        } => ChanceOutcome::Deal(card),
        Event::LaidOut { floor, .. } => ChanceOutcome::Layout(floor),
        _ => return None,
    };
    Some(outcome.index())
}
