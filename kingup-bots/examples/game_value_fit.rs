//! Fits the scale of the game value of `Value::Game` (an `IsmctsBot` option): after each
//! round but the last, how well does `tanh(lead / (2 s))` predict a seat's final outcome
//! `2 × win share − 1`, where `lead` is its total minus the best other total? Prints, for
//! each player count and number of rounds left `k`, the least-squares `s` and `s / sqrt(k)`.
//!
//! ```text
//! cargo run --release -p kingup-bots --example game_value_fit -- [games] [heuristic|ismcts]
//! ```

use kingup_bots::{Bot, HeuristicBot, IsmctsBot, IsmctsConfig, play};
use kingup_core::{Config, Event, Game, Generator, Seat};

/// `(rounds left, lead, outcome)` for every seat after every round but the last.
fn samples(players: u8, games: u64, table: &str) -> Vec<(u8, f64, f64)> {
    let mut out = Vec::new();
    for g in 0..games {
        let mut game = Game::new(Config::new(players)).expect("a standard game");
        let mut bots: Vec<Box<dyn Bot>> = (0..u64::from(players))
            .map(|s| -> Box<dyn Bot> {
                let rng = Generator::new(g * 16 + s);
                match table {
                    "ismcts" => Box::new(IsmctsBot::new(
                        rng,
                        IsmctsConfig {
                            iterations: 100,
                            ..IsmctsConfig::default()
                        },
                    )),
                    _ => Box::new(HeuristicBot::new(rng)),
                }
            })
            .collect();
        let mut seats: Vec<&mut dyn Bot> = bots.iter_mut().map(|b| &mut **b as _).collect();
        let mut events: Vec<Event> = Vec::new();
        if !play(&mut game, &mut seats, &mut Generator::new(g), &mut events) {
            continue;
        }
        let winners = game.winners().unwrap_or_default();
        let n = usize::from(players);
        let mut totals = vec![0.0; n];
        let rounds: Vec<[u8; Seat::MAX]> = events
            .iter()
            .filter_map(|e| match e {
                Event::RoundScored { points, .. } => Some(*points),
                _ => None,
            })
            .collect();
        for (r, points) in rounds.iter().enumerate().take(rounds.len() - 1) {
            for (t, &p) in totals.iter_mut().zip(points) {
                *t += f64::from(p);
            }
            let left = (rounds.len() - 1 - r) as u8;
            for seat in Seat::all(n) {
                let best_other = Seat::all(n)
                    .filter(|&o| o != seat)
                    .map(|o| totals[o.index()])
                    .fold(f64::NEG_INFINITY, f64::max);
                let share = if winners.contains(seat) {
                    1.0 / winners.len() as f64
                } else {
                    0.0
                };
                out.push((left, totals[seat.index()] - best_other, 2.0 * share - 1.0));
            }
        }
    }
    out
}

/// The least-squares scale on a grid of 0.25-point steps, and its root mean squared error.
fn fit(samples: &[(f64, f64)]) -> (f64, f64) {
    let error = |s: f64| {
        samples
            .iter()
            .map(|&(lead, outcome)| (f64::tanh(lead / (2.0 * s)) - outcome).powi(2))
            .sum::<f64>()
            / samples.len().max(1) as f64
    };
    (1..=240)
        .map(|i| f64::from(i) * 0.25)
        .map(|s| (s, error(s).sqrt()))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap_or((f64::NAN, f64::NAN))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(2000);
    let table = args.get(1).map_or("heuristic", String::as_str);
    println!("{games} games a player count, {table} bots at every seat");
    println!("| players | rounds left | samples | fitted s | s / sqrt(k) | rms error |");
    println!("|---|---|---|---|---|---|");
    for players in [3u8, 4, 5, 6] {
        let all = samples(players, games, table);
        for left in [2u8, 1] {
            let some: Vec<(f64, f64)> = all
                .iter()
                .filter(|s| s.0 == left)
                .map(|s| (s.1, s.2))
                .collect();
            let (s, rms) = fit(&some);
            println!(
                "| {players} | {left} | {} | {s:.2} | {:.2} | {rms:.3} |",
                some.len(),
                s / f64::from(left).sqrt()
            );
        }
    }
}
