//! Random full games through the public API, against a minimal hand-written loop.
//!
//! ```text
//! cargo bench -p kingup-core --bench playout -- --warm-up-time 1 --measurement-time 3
//! ```
//!
//! The `playout` group plays random 4-player 3-round games (every player picks uniformly
//! among its legal actions, chance is resolved from the same RNG) and reports games/s
//! (`Throughput::Elements(1)` per game). Before the benchmarks run, the average number of
//! steps per game is printed so steps/s can be derived, with the sizes of the main types.
//!
//! `baseline_minimal` is the same game hand-written in this file (bit masks per floor, no
//! types, no checks, no events): the ratio API/baseline is the cost of the engine's
//! abstractions.

use std::hint::black_box;
use std::mem::size_of;

use criterion::{Criterion, Throughput, criterion_group};
use kingup_core::{
    Action, Actions, Actor, Config, Event, EventSink, Events, Game, Generator, Phase, Seat, SeatSet,
};

/// How a playout applies the actions it picks.
#[derive(Clone, Copy, Debug)]
enum Apply {
    /// `apply_unchecked`: no check, no events.
    Unchecked,
    /// `apply`: checked, returns the step's events.
    Checked,
    /// `apply_with(.., &mut ())`: checked, events discarded.
    CheckedNoEvents,
}

/// Counts chance steps by the events they emit.
#[derive(Debug, Default)]
struct ChanceCounter(u64);

impl kingup_table::EventSink<Event> for ChanceCounter {
    fn push(&mut self, event: Event) {
        if matches!(
            event,
            Event::FirstPlayerChosen { .. } | Event::ObjectiveDealt { .. } | Event::LaidOut { .. }
        ) {
            self.0 += 1;
        }
    }
}

/// The first seat still to vote (any order gives the same game: votes are simultaneous).
#[inline]
fn first_voter(waiting: SeatSet) -> Option<Seat> {
    Seat::new(waiting.bits().trailing_zeros() as usize)
}

/// Plays one random 4-player 3-round game; returns the player actions it took.
fn playout<S: EventSink>(rng: &mut Generator, apply: Apply, chance_sink: &mut S) -> u32 {
    let mut game = Game::new(Config::new(4)).expect("the standard game is valid");
    let mut steps = 0;
    loop {
        let seat = match game.actor() {
            Actor::Chance => {
                game.resolve_chance(rng, chance_sink);
                continue;
            }
            Actor::Seat(seat) => seat,
            Actor::Voters(waiting) => first_voter(waiting).expect("someone votes"),
            Actor::Nobody => break,
        };
        let legal = game.legal_actions(seat);
        let action = legal[rng.below(legal.len() as u32) as usize];
        match apply {
            Apply::Unchecked => game.apply_unchecked(seat, action),
            Apply::Checked => {
                black_box(game.apply(seat, action).expect("legal"));
            }
            Apply::CheckedNoEvents => game.apply_with(seat, action, &mut ()).expect("legal"),
        }
        steps += 1;
    }
    black_box(game.winners());
    steps
}

/// The same random game through `Game::play_random`: the k-th legal action without building
/// the list (`legal_action_count` + `nth_legal_action`); returns the player actions taken.
fn playout_nth(rng: &mut Generator) -> u32 {
    let mut game = Game::new(Config::new(4)).expect("the standard game is valid");
    let steps = game.play_random(rng);
    black_box(game.winners());
    steps
}

// ---------------------------------------------------------------------------------------
// Baseline: the same game, hand-written with no abstraction. 4 players, 3 rounds.

const PLAYERS: usize = 4;
const THRONE: usize = 6;
const POINTS: [u32; 7] = [0, 1, 2, 3, 4, 5, 10];

/// The balanced deck as character masks (see `Deck::balanced`).
fn balanced_deck() -> [u16; 26] {
    let mut deck = [0u16; 26];
    for s in 0..13 {
        for q in [1, 3, 4, 9, 10, 12] {
            deck[s] |= 1 << ((q + s) % 13);
        }
        for q in [2, 5, 6, 7, 8, 11] {
            deck[13 + s] |= 1 << ((q + s) % 13);
        }
    }
    deck
}

/// The `n`-th set bit of `mask`.
#[inline]
fn nth_bit(mut mask: u32, n: u32) -> u32 {
    for _ in 0..n {
        mask &= mask - 1;
    }
    mask.trailing_zeros()
}

/// One random game by hand; returns the winners' mask and the player actions taken.
fn baseline_game(rng: &mut Generator, deck: &[u16; 26]) -> (u8, u32) {
    let mut used_cards = 0u32;
    let mut totals = [0u32; PLAYERS];
    let mut objective = [0u16; PLAYERS];
    let mut inside = 0u16;
    let mut first = rng.below(PLAYERS as u32) as usize;
    let mut steps = 0;
    for round in 0..3 {
        for card in &mut objective {
            let available = ((1u32 << 26) - 1) & !used_cards;
            let k = rng.below(available.count_ones());
            let c = nth_bit(available, k);
            used_cards |= 1 << c;
            *card = deck[c as usize];
        }
        let mut floors = [0u16; 7];
        let mut no_cards = [3u8; PLAYERS];
        // Placement: 3 each (who places does not matter to random players), then the
        // leftover to floor 0.
        for _ in 0..12 {
            let placed = floors.iter().fold(0, |a, f| a | f);
            let outside = 0x1fff & !placed;
            let room: u32 = (1..5)
                .filter(|&f| floors[f].count_ones() < 4)
                .fold(0, |m, f| m | 1 << f);
            let pick = rng.below(outside.count_ones() * room.count_ones());
            let character = nth_bit(u32::from(outside), pick / room.count_ones());
            let floor = nth_bit(room, pick % room.count_ones()) as usize;
            floors[floor] |= 1 << character;
            steps += 1;
        }
        floors[0] |= 0x1fff & !floors.iter().fold(0, |a, f| a | f);
        let mut to_move = first;
        // Climb and vote until a King.
        let crown = loop {
            let mut climbable = 0u16;
            for f in 0..THRONE {
                let cap = if f + 1 == THRONE { 1 } else { 4 };
                if floors[f + 1].count_ones() < cap {
                    climbable |= floors[f];
                }
            }
            let pick = rng.below(climbable.count_ones());
            let character = nth_bit(u32::from(climbable), pick);
            let bit = 1u16 << character;
            let from = floors.iter().position(|f| f & bit != 0).unwrap_or(0);
            floors[from] &= !bit;
            floors[from + 1] |= bit;
            steps += 1;
            if from + 1 < THRONE {
                to_move = (to_move + 1) % PLAYERS;
                continue;
            }
            let mut no = 0u8;
            for (seat, cards) in no_cards.iter().enumerate() {
                let options = if *cards > 0 { 2 } else { 1 };
                if rng.below(options) == 1 {
                    no |= 1 << seat;
                }
                steps += 1;
            }
            if no == 0 {
                break to_move;
            }
            floors[THRONE] = 0; // eliminated
            for (seat, cards) in no_cards.iter_mut().enumerate() {
                *cards -= (no >> seat) & 1;
            }
            to_move = (to_move + 1) % PLAYERS;
        };
        for (seat, total) in totals.iter_mut().enumerate() {
            let mut points: u32 = (0..7)
                .map(|f| (floors[f] & objective[seat]).count_ones() * POINTS[f])
                .sum();
            if round == 2 && points == 0 {
                points = 33;
            }
            *total += points;
        }
        first = (crown + 1) % PLAYERS;
        inside = floors.iter().fold(0, |a, f| a | f);
    }
    let key = |s: usize| (totals[s], (objective[s] & inside).count_ones());
    let best = (0..PLAYERS).map(key).max();
    let winners = (0..PLAYERS)
        .filter(|&s| Some(key(s)) == best)
        .fold(0u8, |m, s| m | 1 << s);
    (winners, steps)
}

// ---------------------------------------------------------------------------------------

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout");
    group.throughput(Throughput::Elements(1));
    for (name, apply) in [
        ("api_apply_unchecked", Apply::Unchecked),
        ("api_apply_checked_events", Apply::Checked),
        ("api_apply_with_checked_no_events", Apply::CheckedNoEvents),
    ] {
        group.bench_function(name, |b| {
            let mut rng = Generator::new(1);
            b.iter(|| playout(&mut rng, apply, &mut ()));
        });
    }
    group.bench_function("api_nth_legal_unchecked", |b| {
        let mut rng = Generator::new(1);
        b.iter(|| playout_nth(&mut rng));
    });
    group.bench_function("baseline_minimal", |b| {
        let mut rng = Generator::new(1);
        let deck = balanced_deck();
        b.iter(|| baseline_game(&mut rng, black_box(&deck)));
    });
    group.finish();
}

/// A game at the first placement of round 1, and one at its first climb.
fn placement_and_climb_states() -> (Game, Game) {
    let mut rng = Generator::new(3);
    let mut game = Game::new(Config::new(4)).expect("valid");
    game.resolve_chance(&mut rng, &mut ());
    let placement = game;
    while game.phase() == Phase::Placement {
        let Actor::Seat(seat) = game.actor() else {
            unreachable!("a seat places")
        };
        let legal = game.legal_actions(seat);
        game.apply_unchecked(seat, legal[rng.below(legal.len() as u32) as usize]);
    }
    (placement, game)
}

fn micro(c: &mut Criterion) {
    let (placement, climb) = placement_and_climb_states();
    let Actor::Seat(placer) = placement.actor() else {
        unreachable!()
    };
    let Actor::Seat(climber) = climb.actor() else {
        unreachable!()
    };
    let climb_action = climb.legal_actions(climber)[0];
    let mut group = c.benchmark_group("micro");
    group.bench_function("legal_actions_placement", |b| {
        b.iter(|| black_box(&placement).legal_actions(black_box(placer)));
    });
    group.bench_function("legal_actions_climb", |b| {
        b.iter(|| black_box(&climb).legal_actions(black_box(climber)));
    });
    group.bench_function("apply_climb_checked_incl_copy", |b| {
        b.iter(|| {
            let mut game = *black_box(&climb);
            let events = game.apply(climber, black_box(climb_action));
            (game, events)
        });
    });
    group.bench_function("apply_unchecked_climb_incl_copy", |b| {
        b.iter(|| {
            let mut game = *black_box(&climb);
            game.apply_unchecked(climber, black_box(climb_action));
            game
        });
    });
    group.bench_function("game_copy", |b| b.iter(|| *black_box(&climb)));
    group.finish();
}

/// Prints, once, the sizes of the main types and the average steps per game.
fn report() {
    println!(
        "size_of: Game {} B, Action {} B, Event {} B, Actions {} B, Events {} B",
        size_of::<Game>(),
        size_of::<Action>(),
        size_of::<Event>(),
        size_of::<Actions>(),
        size_of::<Events>(),
    );
    const GAMES: u32 = 20_000;
    let mut rng = Generator::new(1);
    let mut chance = ChanceCounter::default();
    let steps: u64 = (0..GAMES)
        .map(|_| u64::from(playout(&mut rng, Apply::Unchecked, &mut chance)))
        .sum();
    let deck = balanced_deck();
    let base: u64 = (0..GAMES)
        .map(|_| u64::from(baseline_game(&mut rng, &deck).1))
        .sum();
    println!(
        "per random 4-player 3-round game, over {GAMES} games: {:.2} player actions + {:.2} \
         chance steps through the API; {:.2} player actions in the baseline",
        steps as f64 / f64::from(GAMES),
        chance.0 as f64 / f64::from(GAMES),
        base as f64 / f64::from(GAMES),
    );
}

criterion_group!(benches, playouts, micro);

fn main() {
    report();
    benches();
    Criterion::default().configure_from_args().final_summary();
}
