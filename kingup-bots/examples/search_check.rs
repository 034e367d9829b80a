//! Prints seeded search decisions and generator fingerprints from fixed positions, for
//! checking that a change to the search keeps its draws and choices, and for counting
//! instructions per iteration under callgrind.
//!
//! `cargo run --release -p kingup-bots --example search_check -- [ismcts|random|court|all] [REPEATS] [POSITION]`

use kingup_bots::court::{GreedyBot, MctsBot, MctsConfig};
use kingup_bots::{Bot, HeuristicBot, IsmctsBot, IsmctsConfig, Rollout};
use kingup_core::rand_core::Rng;

fn ismcts_positions() -> Vec<kingup_core::PlayerView> {
    use kingup_core::{Config, Game, Generator, Phase};
    let mut picked = Vec::new();
    for (seed, round) in [(1u64, 0u8), (2, 2)] {
        let mut game = Game::new(Config::new(4)).unwrap();
        let mut rng = Generator::new(seed);
        let mut bots: Vec<_> = (0..4)
            .map(|s| HeuristicBot::new(Generator::new(seed * 16 + s)))
            .collect();
        let mut views = Vec::new();
        loop {
            game.resolve_chance(&mut rng, &mut ());
            let Some(seat) = game.next_seat() else { break };
            let view = game.player_view(seat);
            if view.legal_actions().len() > 1 {
                views.push(view);
            }
            let action = bots[seat.index()].choose(&view).unwrap();
            game.apply(seat, action).unwrap();
        }
        for phase in [Phase::Placement, Phase::Climb, Phase::Vote] {
            let view = views
                .iter()
                .find(|v| v.public.round == round && v.public.phase == phase)
                .unwrap();
            picked.push(*view);
        }
    }
    picked
}

fn court_positions() -> Vec<kingup_court::PlayerView> {
    use kingup_court::{Config, Game, Generator, Phase};
    let mut picked = Vec::new();
    for players in 2..=5u8 {
        for phase in [Phase::Dice, Phase::Buy] {
            let mut rules = Config::new(players);
            rules.max_rounds = Some(Config::SIMULATION_ROUNDS);
            let mut game = Game::new(rules).unwrap();
            let mut dice = Generator::new(u64::from(players));
            while let Some(seat) = game.next_seat_after_chance(&mut dice) {
                if game.round() >= 2 && game.phase() == phase && game.legal_action_count(seat) > 1 {
                    picked.push(game.player_view(seat));
                    break;
                }
                let action = GreedyBot::action(&game, seat).unwrap();
                game.apply(seat, action).unwrap();
            }
        }
    }
    picked
}

fn main() {
    let mut args = std::env::args().skip(1);
    let which = args.next().unwrap_or_else(|| "all".into());
    let repeats: u32 = args.next().map_or(1, |s| s.parse().unwrap());
    // Only the position of this number (0-based), if given.
    let only: Option<usize> = args.next().map(|s| s.parse().unwrap());
    let wanted = |i: usize| only.is_none_or(|o| o == i);
    if which == "ismcts" || which == "random" || which == "all" {
        let positions = ismcts_positions();
        let mut rollouts = vec![];
        if which != "random" {
            rollouts.push(Rollout::Heuristic);
        }
        if which != "ismcts" {
            rollouts.push(Rollout::Random);
        }
        for rollout in rollouts {
            let config = IsmctsConfig {
                iterations: 1000,
                rollout,
                ..IsmctsConfig::default()
            };
            let mut bot = IsmctsBot::new(kingup_core::Generator::new(7), config);
            for (_, view) in positions.iter().enumerate().filter(|&(i, _)| wanted(i)) {
                for _ in 0..repeats {
                    let action = bot.choose(view).unwrap();
                    println!("{rollout:?} {action} {:016x}", bot.rng_mut().next_u64());
                }
            }
        }
    }
    if which == "court" || which == "all" {
        let positions = court_positions();
        let mut bot = MctsBot::with_config(kingup_court::Generator::new(7), MctsConfig::new());
        for (_, view) in positions.iter().enumerate().filter(|&(i, _)| wanted(i)) {
            for _ in 0..repeats {
                let action = bot.choose(view).unwrap();
                println!("court {action} {:016x}", bot.rng_mut().next_u64());
            }
        }
    }
}
