//! The cost of accepting a hand-built position, against replaying the history it finds.
//!
//! ```text
//! cargo bench -p kingup-court --bench positions -- --warm-up-time 1 --measurement-time 3
//! ```
//!
//! A 4-player position at the start of round `r` (everyone has passed so far) is set up
//! with `Game::from_position`, which builds a history and plays it through the engine;
//! the baseline replays that same history's steps on a new game (`Step::apply`), the least
//! any check by replay can cost. Both for rounds 10, 100 and 1,000.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group};
use kingup_court::{Config, FirstPlayer, Game, Position, Seat};

/// The position at the start of round `round`, the first player seat 0.
fn position(round: u32) -> Position {
    let mut config = Config::new(4);
    config.first_player = FirstPlayer::Seat(Seat::FIRST);
    let mut position = Game::new(config).expect("a valid config").position();
    position.round = round;
    // The marker passes right after every round: round r starts with (0 − r) mod 4.
    position.start_player = Seat::new((4 - round as usize % 4) % 4).expect("a seat");
    position.turn_seat = position.start_player;
    position
}

fn positions(c: &mut Criterion) {
    let mut group = c.benchmark_group("positions");
    for round in [10, 100, 1_000] {
        let target = position(round);
        let steps = target.history().expect("reachable").steps;
        group.bench_with_input(BenchmarkId::new("from_position", round), &target, |b, p| {
            b.iter(|| Game::from_position(black_box(p)).expect("reachable"));
        });
        group.bench_with_input(BenchmarkId::new("replay_history", round), &steps, |b, s| {
            b.iter(|| {
                let mut game = Game::new(target.config).expect("a valid config");
                for step in black_box(s) {
                    step.apply(&mut game, &mut ()).expect("a legal step");
                }
                game
            });
        });
    }
    group.finish();
}

criterion_group!(benches, positions);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
}
