//! Hidden-information costs: views, observation encoding, info-state keys, sampling.
//!
//! `cargo bench -p kingup-core --bench views`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use kingup_core::{Actor, Config, Game, OBSERVATION_LEN, Phase, Seat};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// A 4-player game in the climb phase of round 2, with eliminations behind it.
fn mid_game() -> Game {
    let mut rng = SmallRng::seed_from_u64(12);
    let mut game = Game::new(Config::new(4)).unwrap();
    while !(game.round() == 1
        && game.phase() == Phase::Climb
        && !game.castle().eliminated().is_empty())
    {
        let seat = match game.actor() {
            Actor::Chance => {
                game.resolve_chance(&mut rng, &mut ());
                continue;
            }
            Actor::Seat(seat) => seat,
            Actor::Voters(seats) => seats.iter().next().unwrap(),
            Actor::Nobody => {
                game = Game::new(Config::new(4)).unwrap();
                continue;
            }
        };
        let legal = game.legal_actions(seat);
        game.apply_unchecked(seat, legal[rng.random_range(0..legal.len())]);
    }
    game
}

fn views(c: &mut Criterion) {
    let game = mid_game();
    let seat = Seat::new(1).unwrap();
    let view = game.player_view(seat);
    let mut obs = [0.0f32; OBSERVATION_LEN];
    let mut rng = SmallRng::seed_from_u64(3);

    c.bench_function("public_view", |b| b.iter(|| black_box(&game).public_view()));
    c.bench_function("player_view", |b| {
        b.iter(|| black_box(&game).player_view(seat));
    });
    c.bench_function("observation (view + encode)", |b| {
        b.iter(|| black_box(&game).observation(seat, &mut obs));
    });
    c.bench_function("encode (from a view)", |b| {
        b.iter(|| black_box(&view).encode(&mut obs));
    });
    c.bench_function("info_state_key", |b| {
        b.iter(|| black_box(&view).info_state_key());
    });
    c.bench_function("sample", |b| {
        b.iter(|| black_box(&view).sample(&mut rng).unwrap());
    });
    c.bench_function("legal_mask", |b| {
        b.iter(|| black_box(&game).legal_mask(seat));
    });
}

criterion_group!(benches, views);
criterion_main!(benches);
