//! Evidence of strength in To Court the King: one GreedyBot against RandomBots at 2 to 5
//! players, and one MctsBot against GreedyBots at 2 and 4 players.
//!
//! Slow in debug builds, so this runs in release only: `cargo test --release -p kingup-bots
//! --test court_strength -- --nocapture` (it prints the standings docs/bots.md shows). Seeds
//! are fixed; the margins are many standard errors wide, so a pass is not luck.

use kingup_bots::Bot;
use kingup_bots::court::{
    Entrant, GreedyBot, MctsBot, MctsConfig, RandomBot, TournamentConfig, tournament,
};
use kingup_court::Config;
use kingup_court::Generator;
use kingup_court::PlayerView as CourtView;

fn greedy<'a>() -> Entrant<'a> {
    Entrant {
        name: "greedy".into(),
        make: Box::new(|_| Box::new(GreedyBot::new()) as Box<dyn Bot<CourtView>>),
    }
}

fn random<'a>() -> Entrant<'a> {
    Entrant {
        name: "random".into(),
        make: Box::new(|seed| {
            Box::new(RandomBot::new(Generator::new(seed))) as Box<dyn Bot<CourtView>>
        }),
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug builds; run with --release")]
fn greedy_beats_random_at_every_player_count() {
    for players in 2..=5u8 {
        let mut game = Config::new(players);
        game.max_rounds = Some(Config::SIMULATION_ROUNDS);
        let config = TournamentConfig {
            game,
            games: 1000 * u32::from(players),
            seed: 2026,
            threads: 2,
        };
        let mut entrants = vec![greedy()];
        entrants.extend((1..players).map(|_| random()));
        let standings = tournament(&config, &entrants, |_| {}).unwrap();
        println!(
            "{players} players, {} games, seed {}\n{standings}",
            config.games, config.seed
        );
        // The greedy seat wins more than a fair share by at least five standard errors.
        let hero = &standings.0[0];
        let fair = 1.0 / f64::from(players);
        let se = (fair * (1.0 - fair) / f64::from(hero.games)).sqrt();
        assert!(
            hero.win_rate() > fair + 5.0 * se,
            "{players} players: greedy won {:.1}%; fair share {:.1}% + 5 SE {:.1}%",
            100.0 * hero.win_rate(),
            100.0 * fair,
            500.0 * se
        );
        // And beats each random seat, by more than both intervals together.
        for other in &standings.0[1..] {
            assert!(
                hero.win_rate() - hero.win_rate_ci95() > other.win_rate() + other.win_rate_ci95(),
                "{standings}"
            );
        }
    }
}

/// The search budget of the strength tests: small, so a test stays within a minute.
const MCTS_ITERATIONS: u32 = 50;

fn mcts<'a>() -> Entrant<'a> {
    Entrant {
        name: format!("mcts {MCTS_ITERATIONS}"),
        make: Box::new(|seed| {
            let mut config = MctsConfig::new();
            config.iterations = MCTS_ITERATIONS;
            Box::new(MctsBot::with_config(Generator::new(seed), config)) as Box<dyn Bot<CourtView>>
        }),
    }
}

/// One MctsBot against `players - 1` GreedyBots: it wins more than a fair share by four
/// standard errors.
fn mcts_beats_greedy(players: u8, games: u32) {
    let mut game = Config::new(players);
    game.max_rounds = Some(Config::SIMULATION_ROUNDS);
    let config = TournamentConfig {
        game,
        games,
        seed: 2026,
        threads: 2,
    };
    let mut entrants = vec![mcts()];
    entrants.extend((1..players).map(|_| greedy()));
    let standings = tournament(&config, &entrants, |_| {}).unwrap();
    println!(
        "{players} players, {} games, seed {}\n{standings}",
        config.games, config.seed
    );
    let hero = &standings.0[0];
    assert_eq!(hero.games, games, "every game was played to the end");
    let fair = 1.0 / f64::from(players);
    let se = (fair * (1.0 - fair) / f64::from(hero.games)).sqrt();
    assert!(
        hero.win_rate() > fair + 4.0 * se,
        "{players} players: mcts won {:.1}%; fair share {:.1}% + 4 SE {:.1}%",
        100.0 * hero.win_rate(),
        100.0 * fair,
        400.0 * se
    );
    for other in &standings.0[1..] {
        assert!(
            hero.win_rate() - hero.win_rate_ci95() > other.win_rate() + other.win_rate_ci95(),
            "{standings}"
        );
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug builds; run with --release")]
fn mcts_beats_greedy_at_two_players() {
    mcts_beats_greedy(2, 60);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug builds; run with --release")]
fn mcts_beats_greedy_at_four_players() {
    mcts_beats_greedy(4, 60);
}
