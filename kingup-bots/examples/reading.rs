//! How `belief::TableReader` reads each kind of player: the chance of random play the
//! first seat's reader gives the others at each of its decisions (mean and standard
//! deviation by round), at tables of one kind of bot.
//!
//! ```text
//! cargo run --release -p kingup-bots --example reading -- [games] [players] [heuristic|random|ismcts:N]
//! ```

use kingup_bots::belief::{BeliefModel, TableReader};
use kingup_bots::{Bot, BotSpec};
use kingup_core::{Config, Game, Generator, Seat};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(100);
    let players: u8 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(4);
    let spec: BotSpec = args
        .get(2)
        .map_or("heuristic", String::as_str)
        .parse()
        .expect("a bot spec: heuristic, random or ismcts:N");
    // Sums, sums of squares and counts by round.
    let mut sums = [(0.0, 0.0, 0u64); 8];
    for g in 0..games {
        let mut game = Game::new(Config::new(players)).expect("3 to 6 players");
        let mut bots: Vec<_> = (0..game.players())
            .map(|s| spec.build(g * 16 + s as u64))
            .collect();
        let mut reader = TableReader::new(BeliefModel::default());
        let mut rng = Generator::new(g);
        loop {
            game.resolve_chance(&mut rng, &mut ());
            let Some(seat) = game.next_seat() else {
                break;
            };
            let view = game.player_view(seat);
            if seat == Seat::FIRST {
                reader.observe(&view);
                let round = &mut sums[usize::from(game.round())];
                for other in Seat::all(game.players()).skip(1) {
                    let p = reader.random_chance(other);
                    round.0 += p;
                    round.1 += p * p;
                    round.2 += 1;
                }
            }
            let action = bots[seat.index()]
                .choose(&view)
                .expect("a bot moves when asked");
            if seat == Seat::FIRST {
                reader.played(action);
            }
            game.apply(seat, action).expect("bots play legal actions");
        }
    }
    println!(
        "{games} games, {players} players, {} at every seat",
        spec.label()
    );
    println!("| round | reads | chance of random play | sd |");
    println!("|---|---|---|---|");
    for (round, (sum, squares, n)) in sums.into_iter().enumerate().filter(|r| r.1.2 > 0) {
        let mean = sum / n as f64;
        let sd = (squares / n as f64 - mean * mean).max(0.0).sqrt();
        println!("| {} | {n} | {mean:.3} | {sd:.3} |", round + 1);
    }
}
