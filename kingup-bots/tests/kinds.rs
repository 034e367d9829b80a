//! Bots by name: one set of names, defaults and limits for every front end.

use std::time::Duration;

use kingup_bots::{AnyBot, Bot, BotError, BotKind, BotSpec, IsmctsConfig, ParseBotSpecError, play};
use kingup_core::{Config, Game, Generator};

#[test]
fn names_round_trip_in_their_one_spelling() {
    for kind in BotKind::ALL {
        assert_eq!(kind.name().parse(), Ok(kind));
        assert_eq!(kind.to_string(), kind.name());
        // Strict input: no other case, no spaces around the name.
        let others = [
            kind.name().to_uppercase(),
            format!(" {}", kind.name()),
            format!("{} ", kind.name()),
        ];
        for other in others {
            let err = other.parse::<BotKind>().unwrap_err().to_string();
            assert!(err.contains("lower case, no spaces"), "{err}");
        }
    }
    let err = "x".repeat(1000).parse::<BotKind>().unwrap_err();
    assert!(err.to_string().len() < 120, "{err}");
}

#[test]
fn settings_are_checked_against_one_set_of_limits() {
    for kind in [BotKind::Ismcts, BotKind::Reader] {
        settings_of_a_searching_kind_are_checked(kind);
    }
}

fn settings_of_a_searching_kind_are_checked(kind: BotKind) {
    let spec = BotSpec::new(kind);
    assert_eq!(spec.validate(), Ok(()));
    assert_eq!(spec.with_iterations(0), Err(BotError::Iterations(0)));
    assert_eq!(
        spec.with_iterations(IsmctsConfig::MAX_ITERATIONS + 1),
        Err(BotError::Iterations(1_000_001))
    );
    assert!(spec.with_iterations(IsmctsConfig::MAX_ITERATIONS).is_ok());
    let mut bad = spec;
    bad.search.exploration = f64::NAN;
    assert_eq!(bad.validate().unwrap_err().code(), "exploration");
    bad.search.exploration = -1.0;
    assert_eq!(bad.validate().unwrap_err().code(), "exploration");
    let mut slow = spec;
    slow.search.time_limit = Some(Duration::ZERO);
    assert_eq!(slow.validate().unwrap_err().code(), "time_limit");
    slow.search.time_limit = Some(Duration::from_secs(3601));
    assert_eq!(slow.validate().unwrap_err().code(), "time_limit");
    slow.search.time_limit = Some(Duration::from_millis(5));
    assert_eq!(slow.validate(), Ok(()));
}

#[test]
fn a_spec_and_seed_play_the_same_game_and_every_kind_finishes_one() {
    let game_of = |seed: u64| {
        let mut bots: Vec<_> = BotKind::ALL
            .iter()
            .map(|&k| BotSpec::new(k).with_iterations(50).unwrap().build(seed))
            .collect();
        let mut seats: Vec<&mut dyn Bot> = bots.iter_mut().map(|b| b as &mut dyn Bot).collect();
        let mut game = Game::new(Config::new(BotKind::ALL.len() as u8)).unwrap();
        assert!(play(
            &mut game,
            &mut seats,
            &mut Generator::new(seed),
            &mut ()
        ));
        game
    };
    assert_eq!(game_of(5), game_of(5));
    assert_ne!(game_of(5), game_of(6));
    for kind in BotKind::ALL {
        assert_eq!(BotSpec::new(kind).build(1).kind(), kind);
        assert_eq!(BotSpec::new(kind).build(1).name(), kind.name());
    }
}

#[test]
fn reader_is_the_last_kind_and_parses_like_ismcts() {
    assert_eq!(BotKind::ALL.last(), Some(&BotKind::Reader));
    assert_eq!("reader".parse(), Ok(BotKind::Reader));
    assert_eq!(
        "alphazero".parse::<BotKind>().unwrap_err().to_string(),
        "unknown bot \"alphazero\": expected random, heuristic, ismcts or reader (lower case, \
         no spaces)"
    );
    let spec: BotSpec = "reader:300".parse().unwrap();
    assert_eq!(spec.kind, BotKind::Reader);
    assert_eq!(
        spec.search,
        IsmctsConfig {
            iterations: 300,
            ..IsmctsConfig::reader()
        }
    );
    assert_eq!(spec.label(), "reader-300");
    assert_eq!("reader".parse(), Ok(BotSpec::new(BotKind::Reader)));
    assert_eq!(BotSpec::new(BotKind::Reader).search, IsmctsConfig::reader());
    // The ismcts kind keeps the default settings.
    assert_eq!(
        BotSpec::new(BotKind::Ismcts).search,
        IsmctsConfig::default()
    );
    for bad in [
        "reader:0",
        "reader:x",
        "reader:1000001",
        "reader:200x",
        "reader: 5",
        "reader:5 ",
        "reader:+5",
        "reader:05",
        "reader:-0",
        "reader:",
    ] {
        assert!(
            matches!(
                bad.parse::<BotSpec>(),
                Err(ParseBotSpecError::Iterations(_))
            ),
            "{bad}"
        );
    }
    assert_eq!(
        "heuristic:3".parse::<BotSpec>().unwrap_err().to_string(),
        "only ismcts and reader take an iteration count, not \"heuristic:3\""
    );
    assert_eq!(
        "ismcts: 5".parse::<BotSpec>().unwrap_err().to_string(),
        "ismcts:N and reader:N take 1 to 1000000 iterations in decimal digits (no sign, \
         spaces or leading zeros), not \" 5\""
    );
    assert!(matches!(
        "Ismcts:5".parse::<BotSpec>(),
        Err(ParseBotSpecError::Kind(_))
    ));
}

#[test]
fn a_reader_spec_keeps_its_preset_under_new_settings_and_builds_a_reader() {
    let mut spec = BotSpec::new(BotKind::Reader).with_iterations(20).unwrap();
    spec.search.time_limit = Some(Duration::from_secs(60));
    spec.search.exploration = 0.3;
    assert_eq!(spec.validate(), Ok(()));
    let bot = spec.build(3);
    assert!(matches!(bot, AnyBot::Reader(_)));
    assert_eq!(bot.kind(), BotKind::Reader);
    assert_eq!(bot.name(), "reader");
    assert_eq!(
        spec.search,
        IsmctsConfig {
            iterations: 20,
            time_limit: Some(Duration::from_secs(60)),
            exploration: 0.3,
            ..IsmctsConfig::reader()
        }
    );
}

/// Every decision of one 4-seat game played by reader bots of `seed`, checked legal.
fn reader_game(seed: u64) -> Vec<kingup_core::Action> {
    let spec = BotSpec::new(BotKind::Reader).with_iterations(20).unwrap();
    let mut bots: Vec<AnyBot> = (0..4).map(|s| spec.build(seed * 10 + s)).collect();
    let mut game = Game::new(Config::new(4)).unwrap();
    let mut chance = Generator::new(seed);
    let mut actions = Vec::new();
    loop {
        game.resolve_chance(&mut chance, &mut ());
        let Some(seat) = game.next_seat() else {
            break;
        };
        let action = bots[seat.index()].choose(&game.player_view(seat)).unwrap();
        assert!(game.is_legal(seat, action), "{action:?}");
        game.apply(seat, action).unwrap();
        actions.push(action);
    }
    actions
}

#[test]
fn reader_bots_of_a_seed_play_the_same_legal_game_twice() {
    let first = reader_game(4);
    assert!(!first.is_empty());
    assert_eq!(first, reader_game(4));
    assert_ne!(first, reader_game(5));
}

#[test]
fn court_names_are_strict() {
    use kingup_bots::court::BotKind as CourtBot;
    for kind in CourtBot::ALL {
        assert_eq!(kind.name().parse(), Ok(kind));
        for other in [kind.name().to_uppercase(), format!("{} ", kind.name())] {
            let err = other.parse::<CourtBot>().unwrap_err().to_string();
            assert!(err.contains("lower case, no spaces"), "{err}");
        }
    }
}
