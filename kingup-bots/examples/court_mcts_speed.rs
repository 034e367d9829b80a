//! Measures how long `court::MctsBot` takes per decision in To Court the King.
//!
//! Seat 0 is an MctsBot, the other seats GreedyBots; games bounded at 100 rounds. Only the
//! decisions it searches count (a decision with one legal action is played at once).
//!
//! ```text
//! cargo run --release -p kingup-bots --example court_mcts_speed -- [PLAYERS] [GAMES] [ITERATIONS]
//! ```
//!
//! Defaults: 2 players, 3 games, `MctsConfig::DEFAULT_ITERATIONS`.

use std::time::{Duration, Instant};

use kingup_bots::Bot;
use kingup_bots::court::{GreedyBot, MctsBot, MctsConfig};
use kingup_court::{Config, Game};
use kingup_court::{Generator, Seat};

fn main() {
    let mut args = std::env::args().skip(1);
    let mut number = |name: &str, default: u32| {
        args.next().map_or(default, |s| {
            s.parse().unwrap_or_else(|_| panic!("{name} is a number"))
        })
    };
    let players = u8::try_from(number("PLAYERS", 2)).expect("PLAYERS is 2 to 5");
    let games = number("GAMES", 3);
    let mut config = MctsConfig::new();
    config.iterations = number("ITERATIONS", MctsConfig::DEFAULT_ITERATIONS);
    let mut bot = MctsBot::with_config(Generator::new(5), config);
    let (mut searched, mut total, mut slowest) = (0u32, Duration::ZERO, Duration::ZERO);
    for g in 0..games {
        let mut rules = Config::new(players);
        rules.max_rounds = Some(Config::SIMULATION_ROUNDS);
        let mut game = Game::new(rules).expect("2 to 5 players");
        let mut dice = Generator::new(100 + u64::from(g));
        while let Some(seat) = game.next_seat_after_chance(&mut dice) {
            let action = if seat == Seat::FIRST {
                let start = Instant::now();
                let action = bot
                    .choose(&game.player_view(seat))
                    .expect("its seat is to move");
                if game.legal_action_count(seat) > 1 {
                    let took = start.elapsed();
                    searched += 1;
                    total += took;
                    slowest = slowest.max(took);
                }
                action
            } else {
                GreedyBot::action(&game, seat).expect("its seat is to move")
            };
            game.apply(seat, action).expect("bots play legal actions");
        }
    }
    let mean = total.as_secs_f64() / f64::from(searched.max(1));
    println!(
        "{players} players, {} iterations: {searched} searched decisions in {games} games, \
         mean {:.1} ms, slowest {:.1} ms; {:.0} decisions/s, {:.0} iterations/s",
        config.iterations,
        1000.0 * mean,
        1000.0 * slowest.as_secs_f64(),
        1.0 / mean,
        f64::from(config.iterations) / mean
    );
}
