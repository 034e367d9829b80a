//! ISMCTS iterations per second: one `IsmctsBot` decision of a fixed iteration budget from
//! each of a few fixed 4-player positions (placement, climb and vote, rounds 1 to 3), taken
//! from seeded games between heuristic bots. Criterion's throughput is iterations per
//! CPU-second of the bench thread (`common/cpu_time.rs`: the machine is shared).
//!
//! `cargo bench -p kingup-bots --bench ismcts -- --warm-up-time 1 --measurement-time 3`
//!
//! The file uses only the public API, so the same file measures an older commit's search.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

mod common {
    pub(crate) mod cpu_time;
}
use common::cpu_time::ThreadCpu;
use kingup_bots::{Bot, HeuristicBot, IsmctsBot, IsmctsConfig, Rollout};
use kingup_core::{Config, Game, Generator, Phase, PlayerView};

/// Iterations per decision.
const ITERATIONS: u32 = 1000;

/// Every decision with more than one legal move in a seeded 4-player game between
/// heuristic bots, with its phase and round.
fn decisions(seed: u64) -> Vec<PlayerView> {
    let mut game = Game::new(Config::new(4)).unwrap();
    let mut rng = Generator::new(seed);
    let mut bots: Vec<_> = (0..4)
        .map(|s| HeuristicBot::new(Generator::new(seed * 16 + s)))
        .collect();
    let mut views = Vec::new();
    loop {
        game.resolve_chance(&mut rng, &mut ());
        let Some(seat) = game.next_seat() else {
            return views;
        };
        let view = game.player_view(seat);
        if view.legal_actions().len() > 1 {
            views.push(view);
        }
        let action = bots[seat.index()].choose(&view).unwrap();
        game.apply(seat, action).unwrap();
    }
}

/// Six fixed positions: the first placement, climb and vote decision of rounds 1 and 3 of
/// two seeded games.
fn positions() -> Vec<(String, PlayerView)> {
    let mut picked = Vec::new();
    for (seed, round) in [(1, 0), (2, 2)] {
        let views = decisions(seed);
        for phase in [Phase::Placement, Phase::Climb, Phase::Vote] {
            let view = views
                .iter()
                .find(|v| v.public.round == round && v.public.phase == phase)
                .expect("every round of a heuristic game has every phase");
            picked.push((format!("{}_r{}", phase.name(), round + 1), *view));
        }
    }
    picked
}

fn ismcts(c: &mut Criterion<ThreadCpu>) {
    let positions = positions();
    let heuristic = IsmctsConfig::default();
    let random = IsmctsConfig {
        rollout: Rollout::Random,
        ..heuristic
    };
    // The reader bench reads each position afresh (one view, nobody read yet): every
    // opponent plays at random in half the playouts.
    for (group, config) in [
        ("ismcts_heuristic", heuristic),
        ("ismcts_random", random),
        ("reader", IsmctsConfig::reader()),
    ] {
        let mut group = c.benchmark_group(group);
        group.throughput(Throughput::Elements(u64::from(ITERATIONS)));
        for (name, view) in &positions {
            let config = IsmctsConfig {
                iterations: ITERATIONS,
                ..config
            };
            let mut bot = IsmctsBot::new(Generator::new(7), config);
            group.bench_function(name.as_str(), |b| {
                b.iter(|| bot.choose(black_box(view)).unwrap());
            });
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).with_measurement(ThreadCpu);
    targets = ismcts
}
criterion_main!(benches);
