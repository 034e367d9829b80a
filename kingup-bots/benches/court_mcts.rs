//! Court MCTS iterations per second: one `court::MctsBot` decision of a fixed iteration
//! budget from each of a few fixed To Court the King positions (a dice decision and a buy
//! decision at 2 to 5 players), taken from seeded games between greedy bots. Criterion's
//! throughput is iterations (one descent and one greedy rollout to the end of the game
//! each) per CPU-second of the bench thread (`common/cpu_time.rs`: the machine is shared).
//!
//! `cargo bench -p kingup-bots --bench court_mcts -- --warm-up-time 1 --measurement-time 3`
//!
//! The file uses only the public API, so the same file measures an older commit's search.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

mod common {
    pub(crate) mod cpu_time;
}
use common::cpu_time::ThreadCpu;
use kingup_bots::Bot;
use kingup_bots::court::{GreedyBot, MctsBot, MctsConfig};
use kingup_court::{Config, Game, Generator, Phase, PlayerView};

/// Iterations per decision: the bot's default.
const ITERATIONS: u32 = MctsConfig::DEFAULT_ITERATIONS;

/// The first decision in `phase` with more than one legal action from round 3 on, in a
/// seeded game of `players` greedy bots (bounded as simulations are).
fn position(players: u8, phase: Phase) -> PlayerView {
    let mut rules = Config::new(players);
    rules.max_rounds = Some(Config::SIMULATION_ROUNDS);
    let mut game = Game::new(rules).expect("2 to 5 players");
    let mut dice = Generator::new(u64::from(players));
    while let Some(seat) = game.next_seat_after_chance(&mut dice) {
        if game.round() >= 2 && game.phase() == phase && game.legal_action_count(seat) > 1 {
            return game.player_view(seat);
        }
        let action = GreedyBot::action(&game, seat).expect("its seat is to move");
        game.apply(seat, action)
            .expect("greedy bots play legal actions");
    }
    panic!("no {phase:?} decision in the {players}-player game");
}

fn court_mcts(c: &mut Criterion<ThreadCpu>) {
    let mut group = c.benchmark_group("court_mcts");
    group.throughput(Throughput::Elements(u64::from(ITERATIONS)));
    for players in 2..=5 {
        for (name, phase) in [("dice", Phase::Dice), ("buy", Phase::Buy)] {
            let view = position(players, phase);
            let mut config = MctsConfig::new();
            config.iterations = ITERATIONS;
            let mut bot = MctsBot::with_config(Generator::new(7), config);
            group.bench_function(format!("{name}_p{players}"), |b| {
                b.iter(|| bot.choose(black_box(&view)).unwrap());
            });
        }
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).with_measurement(ThreadCpu);
    targets = court_mcts
}
criterion_main!(benches);
