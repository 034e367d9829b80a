//! Bots by name: one set of names, defaults and limits for every front end.

use std::time::Duration;

use kingup_bots::{Bot, BotError, BotKind, BotSpec, IsmctsConfig, play};
use kingup_core::{Config, Game, Generator};

#[test]
fn names_round_trip_in_any_case() {
    for kind in BotKind::ALL {
        assert_eq!(kind.name().parse(), Ok(kind));
        assert_eq!(kind.name().to_uppercase().parse(), Ok(kind));
        assert_eq!(kind.to_string(), kind.name());
    }
    let err = "x".repeat(1000).parse::<BotKind>().unwrap_err();
    assert!(err.to_string().len() < 120, "{err}");
}

#[test]
fn settings_are_checked_against_one_set_of_limits() {
    let spec = BotSpec::new(BotKind::Ismcts);
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
        let mut game = Game::new(Config::new(3)).unwrap();
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
