//! The court bots: legal moves in every phase they meet, the same game from the same seed,
//! and tournaments that check their settings and do not depend on the thread count.

use kingup_bots::Bot;
use kingup_bots::Standings;
use kingup_bots::court::{
    Entrant, GreedyBot, RandomBot, TournamentConfig, TournamentError, play, tournament,
};
use kingup_court::Generator;
use kingup_court::PlayerView as CourtView;
use kingup_court::{Config, ConfigError, Event, Game, Phase};

fn bounded(players: u8) -> Config {
    let mut config = Config::new(players);
    config.max_rounds = Some(Config::SIMULATION_ROUNDS);
    config
}

/// Plays one game seat by seat, asserting each chosen action is legal; returns each
/// decision's bot and phase, and the game.
fn checked_game(
    config: Config,
    bots: &mut [Box<dyn Bot<CourtView>>],
    seed: u64,
) -> (Vec<(String, Phase)>, Game) {
    let mut game = Game::new(config).expect("valid");
    let mut rng = Generator::new(seed);
    let mut phases = Vec::new();
    while let Some(seat) = game.next_seat_after_chance(&mut rng) {
        let bot = &mut bots[seat.index()];
        let action = bot
            .choose(&game.player_view(seat))
            .expect("the seat to move gets an action");
        assert!(
            game.is_legal(seat, action),
            "{} chose {action} in {:?} (seed {seed})",
            bot.name(),
            game.phase()
        );
        // Nobody else may act: every bot answers `None` for the other seats.
        for other in kingup_court::Seat::all(game.players()) {
            if other != seat {
                assert_eq!(bot.choose(&game.player_view(other)), None, "seed {seed}");
            }
        }
        phases.push((bot.name().to_owned(), game.phase()));
        game.apply(seat, action).expect("legal");
    }
    assert!(game.is_over());
    (phases, game)
}

#[test]
fn bots_only_choose_legal_actions_at_every_player_count() {
    let mut asked = Vec::new();
    for players in 2..=5u8 {
        for seed in 0..12u64 {
            // Seat s is greedy when bit s of the seed is set: every mix, all-random included.
            let mut bots: Vec<Box<dyn Bot<CourtView>>> = (0..players)
                .map(|s| -> Box<dyn Bot<CourtView>> {
                    if seed >> s & 1 == 1 {
                        Box::new(GreedyBot::new())
                    } else {
                        Box::new(RandomBot::new(Generator::new(seed * 10 + u64::from(s))))
                    }
                })
                .collect();
            let (phases, game) = checked_game(bounded(players), &mut bots, seed);
            asked.extend(phases);
            assert!(game.outcome().is_some());
        }
    }
    // Both bots met rolling, dice and buying decisions (not only the first roll), and the
    // random one the selections of abilities.
    for (name, phase) in [
        ("greedy", Phase::PreRoll),
        ("greedy", Phase::Dice),
        ("greedy", Phase::Buy),
        ("random", Phase::PreRoll),
        ("random", Phase::Dice),
        ("random", Phase::Buy),
        ("random", Phase::Select),
    ] {
        assert!(
            asked.contains(&(name.to_owned(), phase)),
            "{name} {phase:?}"
        );
    }
}

#[test]
fn greedy_tables_always_reach_the_king_and_a_winner() {
    for players in 2..=5u8 {
        for seed in 0..10 {
            let mut bots: Vec<Box<dyn Bot<CourtView>>> = (0..players)
                .map(|_| Box::new(GreedyBot::new()) as Box<dyn Bot<CourtView>>)
                .collect();
            // Unbounded: greedy bots buy the King.
            let (_, game) = checked_game(Config::new(players), &mut bots, seed);
            assert!(game.winner().is_some(), "{players} players, seed {seed}");
            assert!(game.king().is_some());
        }
    }
}

#[test]
fn a_seed_plays_the_same_game() {
    let game_of = |seed: u64| {
        let mut greedy = GreedyBot::new();
        let mut random = RandomBot::new(Generator::new(seed));
        let mut seats: [&mut dyn Bot<CourtView>; 2] = [&mut greedy, &mut random];
        let mut game = Game::new(bounded(2)).expect("valid");
        let mut events: Vec<Event> = Vec::new();
        assert!(play(
            &mut game,
            &mut seats,
            &mut Generator::new(seed),
            &mut events
        ));
        (events, game.outcome())
    };
    assert_eq!(game_of(3), game_of(3));
    assert_ne!(game_of(3).0, game_of(4).0);
}

/// The random bot draws as `Game::random_action`: one generator driving chance and the
/// bots plays the game of a loop over `resolve_chance` and `random_action` (not
/// `play_random`'s, which batches its draws).
#[test]
fn random_bots_at_every_seat_play_the_game_of_random_action() {
    for seed in 0..20 {
        let mut expected = Game::new(bounded(3)).expect("valid");
        let mut rng = Generator::new(seed);
        while let Some(seat) = expected.next_seat_after_chance(&mut rng) {
            let (to_move, action) = expected.random_action(&mut rng).expect("to move");
            assert_eq!(to_move, seat);
            expected.apply(seat, action).expect("legal");
        }
        let mut game = Game::new(bounded(3)).expect("valid");
        let mut rng = Generator::new(seed);
        while let Some(seat) = game.next_seat_after_chance(&mut rng) {
            let action = RandomBot::new(&mut rng)
                .choose(&game.player_view(seat))
                .expect("to move");
            game.apply(seat, action).expect("legal");
        }
        assert_eq!(game, expected, "seed {seed}");
        assert!(game.is_over());
    }
}

#[test]
fn play_stops_without_changing_the_game_when_a_seat_has_no_bot() {
    let mut greedy = GreedyBot::new();
    let mut seats: [&mut dyn Bot<CourtView>; 1] = [&mut greedy];
    let mut game = Game::new(bounded(2)).expect("valid");
    assert!(!play(
        &mut game,
        &mut seats,
        &mut Generator::new(1),
        &mut ()
    ));
    assert!(!game.is_over());
    // Seat 1 is to move, in the same place after a second refusal.
    let before = (game.next_seat(), game.phase(), game.round());
    assert!(!play(
        &mut game,
        &mut seats,
        &mut Generator::new(2),
        &mut ()
    ));
    assert_eq!((game.next_seat(), game.phase(), game.round()), before);
}

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

fn run(players: u8, games: u32, threads: usize) -> Result<Standings, TournamentError> {
    let config = TournamentConfig {
        game: bounded(players),
        games,
        seed: 9,
        threads,
    };
    let mut entrants = vec![greedy()];
    entrants.extend((1..players).map(|_| random()));
    tournament(&config, &entrants, |_| {})
}

#[test]
fn tournaments_rotate_seats_and_do_not_depend_on_threads() {
    let one = run(3, 12, 1).unwrap();
    assert_eq!(one, run(3, 12, 2).unwrap());
    assert!(one.0.iter().all(|s| s.games == 12));
    // One winner a game unless truncated; every entrant owns cards at the end.
    let wins: f64 = one.0.iter().map(|s| s.wins).sum();
    assert!((1.0..=12.0).contains(&wins), "{one}");
    assert!(one.0[0].wins > one.0[1].wins + one.0[2].wins, "{one}");
    assert!(one.0.iter().all(|s| s.mean_score() > 0.0), "{one}");
    assert!(one.to_string().starts_with("bot"));
}

#[test]
fn tournament_settings_are_checked_before_anything_is_played() {
    assert_eq!(
        run(6, 6, 1),
        Err(TournamentError::Config(ConfigError::Players(6)))
    );
    assert_eq!(run(3, 0, 1), Err(TournamentError::Games(0)));
    assert_eq!(run(3, 3, 0), Err(TournamentError::Threads(0)));
    let config = TournamentConfig {
        game: bounded(3),
        games: 3,
        seed: 1,
        threads: 1,
    };
    let error = tournament(&config, &[greedy(), random()], |_| panic!("played")).unwrap_err();
    assert_eq!(error.code(), "entrants");
    assert_eq!(
        error.to_string(),
        "2 entrants for a 3-player game: give one entrant a seat"
    );
    assert_eq!(run(6, 6, 1).unwrap_err().code(), "invalid_config");
}

#[test]
fn the_arena_plays_court_with_ratings_that_do_not_depend_on_threads() {
    use kingup_bots::court::{MctsBot, MctsConfig};
    use kingup_bots::{ArenaConfig, ArenaError, arena};
    let mcts = Entrant {
        name: "mcts".into(),
        make: Box::new(|seed| {
            let mut config = MctsConfig::new();
            config.iterations = 4;
            Box::new(MctsBot::with_config(Generator::new(seed), config)) as Box<dyn Bot<CourtView>>
        }),
    };
    let entrants = [greedy(), random(), mcts];
    let mut game = bounded(2);
    // Short games: the greedy bot buys ahead of the random one long before a King.
    game.max_rounds = Some(12);
    let config = |threads| ArenaConfig {
        game,
        deals: 12,
        seed: 4,
        threads,
    };
    let one = arena(&config(1), &entrants, |_| {}).unwrap();
    assert_eq!(one, arena(&config(2), &entrants, |_| {}).unwrap());
    // Three tables of two, each deal played under both rotations.
    assert_eq!((one.players, one.deals, one.games), (2, 12, 24));
    let greedy = &one.standings[0];
    let random = &one.standings[1];
    assert_eq!(greedy.games, 16);
    assert!(greedy.mean_score() > random.mean_score() + 1.0, "{one}");
    assert!(greedy.rating > random.rating, "{one}");
    assert_eq!(
        arena(&config(1), &entrants[..1], |_| {}),
        Err(ArenaError::Entrants {
            entrants: 1,
            players: 2
        })
    );
}
