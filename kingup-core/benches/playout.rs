//! Random full games through the public API, and micro-benchmarks of its steps.
//!
//! ```text
//! cargo bench -p kingup-core --bench playout -- --warm-up-time 1 --measurement-time 3
//! ```
//!
//! The `playout` group plays random 4-player 3-round games (every player picks uniformly
//! among its legal actions, chance is resolved from the same RNG) and reports games/s
//! (`Throughput::Elements(1)` per game), through the checked and unchecked ways of
//! applying an action and through `Game::play_random`. Before the benchmarks run, the
//! average number of steps per game is printed so steps/s can be derived, with the sizes of
//! the main types.
//!
//! What the engine's speed should be measured against is the `yardstick` bench: a
//! hand-written loop tuned for speed alone, its distributions checked against the
//! engine's, interleaved with the API in thread CPU time. (This bench used to hold a
//! simpler hand-written loop, several times slower than that one, so its ratios to the API
//! said little; it is gone.)

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
    println!(
        "per random 4-player 3-round game, over {GAMES} games: {:.2} player actions + {:.2} \
         chance steps through the API",
        steps as f64 / f64::from(GAMES),
        chance.0 as f64 / f64::from(GAMES),
    );
}

criterion_group!(benches, playouts, micro);

fn main() {
    report();
    benches();
    Criterion::default().configure_from_args().final_summary();
}
