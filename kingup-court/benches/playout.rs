//! Whole games through the public API, random and greedy, against a minimal hand-written
//! loop over the same rules.
//!
//! ```text
//! cargo bench -p kingup-court --bench playout -- --warm-up-time 1 --measurement-time 3
//! ```
//!
//! Every benchmark plays 4-player games bounded at 100 normal rounds
//! (`Config::SIMULATION_ROUNDS`), chance drawn from the project's `Generator`, and reports
//! games/s (`Throughput::Elements(1)` per game).
//!
//! - `random_*`: every seat picks uniformly among its legal actions, through
//!   `legal_actions` or through `Game::play_random` (`legal_action_count` +
//!   `nth_legal_action`, no list built).
//! - `greedy_*`: `kingup_bots::court::GreedyBot` through the public API
//!   (`is_legal` on its candidates, `apply_unchecked` or checked `apply`), and
//!   `greedy_baseline_minimal`, the same policy over the same rules hand-written in this
//!   file (count arrays and bit masks, no types, no checks, no events). The ratio
//!   API/baseline is the cost of the engine's abstractions.
//!
//! Before the benchmarks run, the baseline is checked against the engine: from the same
//! seeds both must draw the same dice and end with the same outcome (it panics otherwise);
//! and the steps per game are printed.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group};
use kingup_bots::court::GreedyBot;
use kingup_court::Generator;
use kingup_court::{Config, Game, Outcome};

const PLAYERS: u8 = 4;

fn config() -> Config {
    let mut config = Config::new(PLAYERS);
    config.max_rounds = Some(Config::SIMULATION_ROUNDS);
    config
}

/// One random game through `legal_actions` and `apply_unchecked`; returns the actions.
fn random_listed(rng: &mut Generator) -> u64 {
    let mut game = Game::new(config()).expect("valid");
    let mut steps = 0;
    while let Some(seat) = game.next_seat_after_chance(rng) {
        let legal = game.legal_actions(seat);
        game.apply_unchecked(seat, legal[rng.below(legal.len() as u32) as usize]);
        steps += 1;
    }
    black_box(game.outcome());
    steps
}

/// One random game through `Game::play_random`; returns the actions.
fn random_nth(rng: &mut Generator) -> u64 {
    let mut game = Game::new(config()).expect("valid");
    let steps = game.play_random(rng);
    black_box(game.outcome());
    steps
}

/// One greedy game through the public API; returns the outcome and the actions.
fn greedy_api(rng: &mut Generator, checked: bool) -> (Option<Outcome>, u64) {
    let mut game = Game::new(config()).expect("valid");
    let mut steps = 0;
    while let Some(seat) = game.next_seat_after_chance(rng) {
        let action = GreedyBot::action(&game, seat).expect("the seat is to move");
        if checked {
            black_box(game.apply(seat, action).expect("legal"));
        } else {
            game.apply_unchecked(seat, action);
        }
        steps += 1;
    }
    (game.outcome(), steps)
}

// ---------------------------------------------------------------------------------------
// Baseline: the greedy game hand-written. Faces are 0..6 (a 1 to a 6), cards are ids.

const N: usize = PLAYERS as usize;
const KING: usize = 19;
const QUEEN: usize = 18;
const JESTER: usize = 0;
const CHARLATAN: usize = 1;
/// Cards bringing in a die of face 0..6, then the Queen.
const BRING_IN: [usize; 6] = [5, 6, 9, 10, 11, 15];
/// `GreedyBot::BUY_ORDER` as ids.
const BUY_ORDER: [usize; 19] = [
    19, 17, 15, 16, 14, 11, 10, 13, 12, 9, 8, 7, 6, 5, 2, 4, 3, 1, 0,
];
/// Display copies for 4 players, by id.
const SUPPLY: [u8; 20] = [4, 0, 3, 3, 3, 3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1];

/// A result's value: (largest group, its highest face).
fn value(c: &[u8; 6]) -> (u8, u8) {
    let k = *c.iter().max().unwrap_or(&0);
    let f = (0..6).rev().find(|&f| c[f] == k).unwrap_or(0) as u8;
    (k, f)
}

fn most_common(c: &[u8; 6]) -> Option<usize> {
    (0..6).filter(|&f| c[f] > 0).max_by_key(|&f| (c[f], f))
}

/// Whether result counts `c` pay for card `id`.
fn pays(id: usize, c: &[u8; 6]) -> bool {
    let m = *c.iter().max().unwrap_or(&0);
    let sum: u32 = (0..6).map(|f| u32::from(c[f]) * (f as u32 + 1)).sum();
    let pairs: u8 = c.iter().map(|n| n / 2).sum();
    let triples: u8 = c.iter().map(|n| n / 3).sum();
    let all = |range: std::ops::Range<usize>| range.into_iter().all(|f| c[f] > 0);
    match id {
        0 | 1 => true,
        2 => m >= 2,
        3 => c[1] + c[3] + c[5] == 0,
        4 => c[0] + c[2] + c[4] == 0,
        5 => sum >= 15,
        6 => m >= 3,
        7 => pairs >= 2,
        8 => sum >= 20,
        9 => m >= 4,
        10 => sum >= 30,
        11 => m >= 5,
        12 => all(1..5) && (c[0] > 0 || c[5] > 0),
        13 => m >= 5 || (c.iter().any(|&n| n >= 3) && c.iter().filter(|&&n| n >= 2).count() >= 2),
        14 => all(0..6),
        15 => pairs >= 3,
        16 => triples >= 2,
        17 => m >= 6,
        19 => m >= 7,
        _ => false,
    }
}

struct Baseline {
    owned: [u32; N],
    charlatans: [u8; N],
    supply: [u8; 20],
}

impl Baseline {
    fn hand(&self, p: usize) -> u8 {
        let has = |id: usize| u8::from(self.owned[p] >> id & 1 == 1);
        3 + has(2) + 2 * has(17) + self.charlatans[p]
    }

    fn max_dice(&self, p: usize) -> u8 {
        let adders = BRING_IN
            .iter()
            .chain(&[QUEEN])
            .filter(|&&id| self.owned[p] >> id & 1 == 1);
        self.hand(p) + adders.count() as u8
    }

    /// One greedy dice turn of seat `p`; returns the result's counts and the actions taken.
    fn dice_turn(&self, p: usize, rng: &mut Generator) -> ([u8; 6], u64) {
        let (mut active, mut aside) = ([0u8; 6], [0u8; 6]);
        let mut used = 0u32;
        let roll = |n: u8, active: &mut [u8; 6], rng: &mut Generator| {
            for _ in 0..n {
                active[rng.below(6) as usize] += 1;
            }
        };
        roll(self.hand(p), &mut active, rng);
        let (mut kept, mut steps) = (false, 1);
        while active.iter().any(|&n| n > 0) {
            steps += 1;
            let mut both = aside;
            (0..6).for_each(|f| both[f] += active[f]);
            let target = most_common(&both).unwrap_or(0);
            let card = BRING_IN[target];
            let mine = |id: usize| self.owned[p] >> id & 1 == 1 && used >> id & 1 == 0;
            if mine(card) || mine(QUEEN) {
                used |= 1 << if mine(card) { card } else { QUEEN };
                active[target] += 1;
            } else if active[target] > 0 {
                active[target] -= 1;
                aside[target] += 1;
                kept = true;
            } else if kept {
                let n = active.iter().sum();
                active = [0; 6];
                roll(n, &mut active, rng);
                kept = false;
            } else {
                let f = most_common(&active).unwrap_or(0);
                active[f] -= 1;
                aside[f] += 1;
                kept = true;
            }
        }
        (aside, steps)
    }

    /// The greedy purchase for `p` with `result`, in a round where the King may be bought
    /// or not; returns the card bought.
    fn buy(&mut self, p: usize, result: &[u8; 6], king_open: bool) -> Option<usize> {
        let owns = |id: usize| self.owned[p] >> id & 1 == 1;
        let id = BUY_ORDER.iter().copied().find(|&id| {
            pays(id, result)
                && match id {
                    CHARLATAN => owns(JESTER),
                    KING => king_open && self.supply[KING] > 0,
                    _ => !owns(id) && self.supply[id] > 0,
                }
        })?;
        match id {
            CHARLATAN => {
                self.owned[p] = (self.owned[p] & !(1 << JESTER)) | 1 << CHARLATAN;
                self.charlatans[p] += 1;
            }
            KING => {
                self.owned[p] |= 1 << KING | 1 << QUEEN;
                self.supply[KING] = 0;
                self.supply[QUEEN] = 0;
            }
            _ => {
                self.owned[p] |= 1 << id;
                self.supply[id] -= 1;
            }
        }
        Some(id)
    }
}

/// One greedy 4-player game by hand, bounded at `max_rounds`; returns the winner (`None`:
/// truncated) and the actions taken.
fn baseline_game(rng: &mut Generator, max_rounds: u32) -> (Option<usize>, u64) {
    let mut b = Baseline {
        owned: [0; N],
        charlatans: [0; N],
        supply: SUPPLY,
    };
    let mut start = rng.below(N as u32) as usize;
    let mut steps = 0;
    let mut queen = None;
    let mut best = (0, 0);
    for _ in 0..max_rounds {
        for i in 0..N {
            let p = (start + i) % N;
            let (result, dice_steps) = b.dice_turn(p, rng);
            steps += dice_steps + 1;
            if b.buy(p, &result, queen.is_none()) == Some(KING) {
                queen = Some(p);
                best = value(&result);
            }
        }
        start = (start + N - 1) % N;
        if let Some(q) = queen {
            return final_round(&b, rng, start, q, best, steps);
        }
    }
    (None, steps)
}

fn final_round(
    b: &Baseline,
    rng: &mut Generator,
    start: usize,
    q: usize,
    mut best: (u8, u8),
    mut steps: u64,
) -> (Option<usize>, u64) {
    let mut king = q;
    for p in (0..N).map(|i| (start + i) % N).filter(|&p| p != q) {
        let most = b.max_dice(p);
        if most > best.0 || (most == best.0 && best.1 < 5) {
            let (result, dice_steps) = b.dice_turn(p, rng);
            steps += dice_steps;
            if value(&result) > best {
                (king, best) = (p, value(&result));
            }
        }
    }
    if king == q || b.max_dice(q) < best.0 {
        return (Some(king), steps);
    }
    let (result, dice_steps) = b.dice_turn(q, rng);
    let winner = if value(&result) >= best { q } else { king };
    (Some(winner), steps + dice_steps)
}

// ---------------------------------------------------------------------------------------

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout");
    group.throughput(Throughput::Elements(1));
    group.bench_function("random_api_legal_actions", |b| {
        let mut rng = Generator::new(1);
        b.iter(|| random_listed(&mut rng));
    });
    group.bench_function("random_api_play_random", |b| {
        let mut rng = Generator::new(1);
        b.iter(|| random_nth(&mut rng));
    });
    for (name, checked) in [
        ("greedy_api_unchecked", false),
        ("greedy_api_checked", true),
    ] {
        group.bench_function(name, |b| {
            let mut rng = Generator::new(1);
            b.iter(|| greedy_api(&mut rng, checked));
        });
    }
    group.bench_function("greedy_baseline_minimal", |b| {
        let mut rng = Generator::new(1);
        b.iter(|| baseline_game(&mut rng, black_box(Config::SIMULATION_ROUNDS)));
    });
    group.finish();
}

/// Checks the baseline against the engine, game by game, and prints the steps per game.
fn report() {
    const GAMES: u64 = 2_000;
    let (mut api_steps, mut base_steps) = (0, 0);
    for seed in 0..GAMES {
        let (outcome, steps) = greedy_api(&mut Generator::new(seed), false);
        let (winner, base) = baseline_game(&mut Generator::new(seed), Config::SIMULATION_ROUNDS);
        let expected = match outcome {
            Some(Outcome::Won(seat)) => Some(seat.index()),
            _ => None,
        };
        assert_eq!(
            winner, expected,
            "seed {seed}: the baseline and the engine differ"
        );
        (api_steps, base_steps) = (api_steps + steps, base_steps + base);
    }
    let mut rng = Generator::new(1);
    let random: u64 = (0..200).map(|_| random_listed(&mut rng)).sum();
    println!(
        "per 4-player game: greedy {:.1} actions through the API, {:.1} in the baseline \
         (same outcome in all {GAMES} seeds); uniformly random {:.0} actions",
        api_steps as f64 / GAMES as f64,
        base_steps as f64 / GAMES as f64,
        random as f64 / 200.0,
    );
}

criterion_group!(benches, playouts);

fn main() {
    report();
    benches();
    Criterion::default().configure_from_args().final_summary();
}
