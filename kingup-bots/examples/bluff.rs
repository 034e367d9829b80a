//! How well the belief model reads a bot's own objective card: one seat played by the bot
//! under test, the others by `HeuristicBot`s whose beliefs (default model, from the public
//! events) read it. By stage, the true card's mean rank and top-3 rate, each ± its 95 %
//! interval over games, against the uniform prior. A lower read is a better-hidden card.
//!
//! ```text
//! cargo run --release -p kingup-bots --example bluff -- [games] [players] [iterations]
//! ```

use kingup_bots::belief::{BeliefModel, SeatRead, Stage, read_seat};
use kingup_bots::{Bot, HeuristicBot, IsmctsBot, IsmctsConfig, Value};
use kingup_core::{Config, Generator, Seat};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(200);
    let players: u8 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(4);
    let iterations: u32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(300);
    let searchers = [
        ("ismcts (default)", IsmctsConfig::default()),
        ("ismcts (mixed)", IsmctsConfig::mixed()),
        ("reader", IsmctsConfig::reader()),
        (
            "ismcts (game value)",
            IsmctsConfig {
                value: Value::GAME,
                ..IsmctsConfig::default()
            },
        ),
    ];
    println!(
        "{games} games, {players} players, seat 0 read by {} HeuristicBots, {iterations} iterations",
        players - 1
    );
    println!("| seat 0 | stage | games | ranks | mean rank | uniform | top 3 | uniform top 3 |");
    println!("|---|---|---|---|---|---|---|---|");
    let heuristic = |g: u64, s: usize| -> Box<dyn Bot> {
        Box::new(HeuristicBot::new(Generator::new(g * 16 + s as u64)))
    };
    let config = Config::new(players);
    let model = BeliefModel::default();
    let read = read_seat(config, model, Seat::FIRST, games, 1, heuristic);
    print_rows("heuristic", &read);
    for (name, search) in searchers {
        let search = IsmctsConfig {
            iterations,
            ..search
        };
        let make = |g: u64, s: usize| -> Box<dyn Bot> {
            if s == 0 {
                Box::new(IsmctsBot::new(Generator::new(g * 16), search))
            } else {
                heuristic(g, s)
            }
        };
        let read = read_seat(config, model, Seat::FIRST, games, 1, make);
        print_rows(name, &read);
    }
}

fn print_rows(name: &str, read: &SeatRead) {
    for stage in Stage::ALL {
        let s = read.stage(stage);
        if s.games == 0 {
            continue;
        }
        println!(
            "| {name} | {} | {} | {} | {:.2} ± {:.2} | {:.2} | {:.1} % ± {:.1} | {:.1} % |",
            stage.name(),
            s.games,
            s.samples,
            s.mean_rank.mean,
            s.mean_rank.ci95,
            s.uniform_rank,
            100.0 * s.top3.mean,
            100.0 * s.top3.ci95,
            100.0 * s.uniform_top3,
        );
    }
}
