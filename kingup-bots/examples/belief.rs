//! How well the belief model reads a table: the rank of each player's true objective card
//! under every other seat's belief, by stage of the round, against the uniform prior.
//!
//! ```text
//! cargo run --release -p kingup-bots --example belief -- [games] [players] [heuristic|random] [grid]
//! ```
//!
//! With `grid`, also tries a grid of model weights on the same games and prints each
//! one's mean rank gain (how the default weights were chosen).

use kingup_bots::belief::{BeliefModel, Stage, accuracy};
use kingup_bots::{Bot, HeuristicBot, RandomBot};
use kingup_core::{Config, Generator, SeatSet};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(200);
    let players: u8 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(4);
    let table = args.get(2).map_or("heuristic", String::as_str);
    let make = |game: u64, seat: usize| -> Box<dyn Bot> {
        let rng = Generator::new(game * 16 + seat as u64);
        match table {
            "random" => Box::new(RandomBot::new(rng)),
            _ => Box::new(HeuristicBot::new(rng)),
        }
    };
    let config = Config::new(players);
    let all = SeatSet::first(usize::from(players));
    let result = accuracy(config, BeliefModel::default(), all, games, 1, make);
    println!("{games} games, {players} players, {table} bots at every seat, default model");
    println!(
        "| stage | ranks taken | mean rank (belief) | mean rank (uniform) | top-3 (belief) | top-3 (uniform) |"
    );
    println!("|---|---|---|---|---|---|");
    for stage in Stage::ALL {
        let s = result.stages[stage as usize];
        println!(
            "| {} | {} | {:.2} | {:.2} | {:.1} % | {:.1} % |",
            stage.name(),
            s.samples,
            s.mean_rank(),
            s.uniform_mean_rank(),
            100.0 * s.top3_rate(),
            100.0 * s.uniform_top3_rate(),
        );
    }
    let (gain, se) = result.gain();
    println!("mean rank gain over uniform, per game: {gain:.2} ± {se:.2} (1 s.e.)");
    if args.iter().any(|a| a == "grid") {
        println!("| place | climb | vote | gain |");
        println!("|---|---|---|---|");
        for place in [0.0, 0.25, 0.5, 1.0] {
            for climb in [0.0, 0.5, 1.0, 2.0] {
                for vote in [0.0, 1.0, 2.0, 4.0] {
                    let model = BeliefModel { place, climb, vote };
                    let (gain, _) = accuracy(config, model, all, games, 1, make).gain();
                    println!("| {place} | {climb} | {vote} | {gain:.3} |");
                }
            }
        }
    }
}
