//! Measures how often `Game::from_snapshot` explains states that come from play.
//!
//! Plays games in every setting (3–6 players, both setups, 1 and 3 rounds), hands about one
//! state in five to the reachability search as a bare snapshot and counts the states it
//! refuses as undecided (it must never refuse one as unreachable: they all come from play).
//!
//! ```text
//! cargo run --release -p kingup-bots --example reachability -- [GAMES] [random|heuristic]
//! ```
//!
//! `GAMES` is the number of games per setting (default 40); `random` (the default) plays
//! every move uniformly at random, `heuristic` lets the heuristic bot play every seat.

use std::time::{Duration, Instant};

use kingup_bots::{Bot, HeuristicBot};
use kingup_core::rand_core::Rng;
use kingup_core::{Actor, Config, Game, Generator, InvalidState, Setup};

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args
        .next()
        .map_or(40, |s| s.parse().expect("GAMES is a number"));
    let heuristic = match args.next().as_deref() {
        None | Some("random") => false,
        Some("heuristic") => true,
        Some(other) => panic!("unknown player {other:?}: random or heuristic"),
    };
    let (mut checked, mut undecided, mut slowest) = (0u64, 0u64, Duration::ZERO);
    let start = Instant::now();
    for players in 3..=6u8 {
        for setup in [Setup::Placement, Setup::RandomLayout] {
            for rounds in [1u8, 3] {
                let mut config = Config::new(players);
                (config.setup, config.rounds) = (setup, rounds);
                for seed in 0..games {
                    let mut rng = Generator::new(seed * 7919 + u64::from(players));
                    let mut game = Game::new(config).expect("a valid config");
                    while !game.is_over() {
                        step(&mut game, &mut rng, heuristic);
                        if rng.below(5) != 0 {
                            continue;
                        }
                        checked += 1;
                        let clock = Instant::now();
                        let found = Game::from_snapshot(&game.snapshot());
                        slowest = slowest.max(clock.elapsed());
                        match found {
                            Ok(loaded) => assert_eq!(loaded, game, "a different state"),
                            Err(InvalidState::Undecided) => undecided += 1,
                            Err(error) => panic!("a state from play refused: {error}"),
                        }
                    }
                }
            }
        }
    }
    println!(
        "{checked} states, {undecided} undecided, slowest {slowest:.1?}, total {:.1?}",
        start.elapsed()
    );
}

/// One step of play: chance, or a move by the chosen kind of player.
fn step(game: &mut Game, rng: &mut Generator, heuristic: bool) {
    if game.actor() == Actor::Chance {
        let outcome = game.sample_chance(rng).expect("a chance step");
        game.apply_chance(outcome).expect("a sampled outcome");
    } else if heuristic {
        let seat = game.next_seat().expect("a seat to move");
        let mut bot = HeuristicBot::new(Generator::new(rng.next_u64()));
        let action = bot.choose(&game.player_view(seat)).expect("a legal action");
        game.apply(seat, action).expect("the bot's action");
    } else {
        let (seat, action) = game.random_action(rng).expect("a legal action");
        game.apply(seat, action).expect("a legal action");
    }
}
