//! The questions every front end asks, answered by the core: who acts next, may this seat
//! act, is this number a seat, who is King, what does chance decide.

use kingup_core::{
    Action, ChanceStep, Character, Config, FirstPlayer, Game, Generator, IllegalReason, Phase,
    Seat, Session, Setup, Step, Vote,
};

fn seat(i: usize) -> Seat {
    Seat::new(i).unwrap()
}

fn started(players: u8) -> Game {
    let mut config = Config::new(players);
    config.first_player = FirstPlayer::Seat(seat(1));
    let mut game = Game::new(config).unwrap();
    game.resolve_chance(&mut Generator::new(4), &mut ());
    game
}

#[test]
fn next_seat_and_check_turn() {
    let mut config = Config::new(4);
    config.first_player = FirstPlayer::Seat(seat(1));
    let mut game = Game::new(config).unwrap();
    assert_eq!(game.next_seat(), None);
    assert_eq!(game.check_turn(seat(1)), Err(IllegalReason::ChancePending));
    game.resolve_chance(&mut Generator::new(4), &mut ());
    assert_eq!(game.next_seat(), Some(seat(1)));
    assert_eq!(game.check_turn(seat(1)), Ok(()));
    assert_eq!(
        game.check_turn(seat(2)),
        Err(IllegalReason::NotYourTurn { to_move: seat(1) })
    );
    assert_eq!(
        game.check_turn(seat(5)),
        Err(IllegalReason::NoSuchSeat { players: 4 })
    );
}

#[test]
fn in_a_vote_the_next_seat_is_the_lowest_voter() {
    let mut game = started(4);
    while game.phase() != Phase::Vote {
        let s = game.next_seat().unwrap();
        let action = *game.legal_actions(s).last().unwrap();
        game.apply(s, action).unwrap();
    }
    assert_eq!(game.next_seat(), Some(seat(0)));
    game.apply(seat(0), Action::Vote(Vote::Yes)).unwrap();
    game.apply(seat(2), Action::Vote(Vote::Yes)).unwrap();
    assert_eq!(game.next_seat(), Some(seat(1)));
    assert_eq!(game.check_turn(seat(2)), Err(IllegalReason::AlreadyVoted));
    assert_eq!(game.check_turn(seat(3)), Ok(()));
    assert_eq!(game.king(), None, "a candidate is not a King");
}

#[test]
fn the_king_is_known_once_crowned() {
    let mut session = Session::new(Config::new(3), 10).unwrap();
    let mut crowned = None;
    while !session.game().is_over() {
        let s = session.game().next_seat().unwrap();
        // Vote Yes always, so the first candidate is crowned.
        let legal = session.game().legal_actions(s);
        let action = if legal.contains(&Action::Vote(Vote::Yes)) {
            Action::Vote(Vote::Yes)
        } else {
            *legal.last().unwrap()
        };
        let events = session.apply(s, action).unwrap().to_vec();
        for e in events {
            if let kingup_core::Event::Crowned { character } = e {
                crowned = Some(character);
            }
        }
        if matches!(
            session.game().phase(),
            Phase::Placement | Phase::Climb | Phase::Vote
        ) {
            // A new round (or the one being crowned) has no King yet.
            assert_eq!(session.game().king(), None);
        }
    }
    assert_eq!(session.game().king(), crowned);
    assert!(crowned.is_some());
}

#[test]
fn seat_numbers_are_checked_against_the_game() {
    let game = started(3);
    assert_eq!(game.seat(2), Ok(seat(2)));
    for bad in [3, 5, 6, -1, i64::MIN, i64::MAX] {
        let err = game.seat(bad).unwrap_err();
        assert_eq!(
            (err.index, err.players, err.code()),
            (bad, 3, "no_such_seat")
        );
    }
}

#[test]
fn chance_steps_say_what_they_decide() {
    let mut config = Config::new(3);
    config.setup = Setup::RandomLayout;
    let mut game = Game::new(config).unwrap();
    assert_eq!(game.chance_step(), Some(ChanceStep::FirstPlayer));
    assert_eq!(ChanceStep::FirstPlayer.to_string(), "draw the first player");
    let mut rng = Generator::new(1);
    let first = game.sample_chance(&mut rng).unwrap();
    game.apply_chance(first).unwrap();
    assert_eq!(game.chance_step(), Some(ChanceStep::Deal(seat(0))));
    assert_eq!(
        ChanceStep::Deal(seat(2)).to_string(),
        "deal seat 2's objective"
    );
    for _ in 0..3 {
        let deal = game.sample_chance(&mut rng).unwrap();
        game.apply_chance(deal).unwrap();
    }
    assert_eq!(
        game.chance_step(),
        Some(ChanceStep::Layout(Character::Alighiero))
    );
    assert_eq!(
        ChanceStep::Layout(Character::Beatrice).to_string(),
        "lay out Beatrice"
    );
}

#[test]
fn totals_have_one_entry_per_seat_in_play() {
    for players in 3..=6 {
        let mut game = Game::new(Config::new(players)).unwrap();
        assert_eq!(game.totals().len(), usize::from(players));
        game.play_random(&mut Generator::new(u64::from(players)));
        let totals = game.totals();
        assert_eq!(totals.len(), usize::from(players));
        assert_eq!(totals, game.public_view().totals());
    }
}

#[test]
fn index_errors_have_reason_codes() {
    assert_eq!(Action::from_index(67).unwrap_err().code(), "no_such_action");
    let err = kingup_core::ChanceOutcome::try_from(42).unwrap_err();
    assert_eq!(err.code(), "no_such_outcome");
    assert_eq!(
        err.to_string(),
        "chance outcome index 42 is out of range 0..42"
    );
}

/// `play_random_round` is `play_random` cut at the end of the round: the same draws, and
/// `play_random` afterwards plays the rest of the same game.
#[test]
fn play_random_round_is_play_random_up_to_the_round_scored() {
    use kingup_core::Phase;
    for (start, rng, label) in playout_starts() {
        let (mut whole, mut whole_rng) = (start, rng.clone());
        let whole_actions = whole.play_random(&mut whole_rng);
        let (mut cut, mut cut_rng) = (start, rng);
        let in_round = cut.play_random_round(&mut cut_rng);
        assert_eq!(cut.round(), start.round(), "{label}");
        if matches!(start.phase(), Phase::Placement | Phase::Climb | Phase::Vote) {
            assert!(
                matches!(cut.phase(), Phase::Score | Phase::GameOver),
                "{label}"
            );
            assert!(cut.king().is_some(), "{label}");
        } else {
            assert_eq!((cut, in_round), (start, 0), "{label}");
        }
        let rest = cut.play_random(&mut cut_rng);
        assert_eq!(cut, whole, "{label}");
        assert_eq!(cut_rng, whole_rng, "{label}");
        assert_eq!(in_round + rest, whole_actions, "{label}");
    }
}

/// The setups, round counts, first-player settings and seeds `play_random` is tried on,
/// each from the start and from a game some random steps in.
fn playout_starts() -> Vec<(Game, Generator, String)> {
    let mut starts = Vec::new();
    for players in 3..=6 {
        for setup in [Setup::Placement, Setup::RandomLayout] {
            for rounds in [1, 3] {
                for first in [FirstPlayer::Random, FirstPlayer::Seat(Seat::FIRST)] {
                    for seed in 0..8u64 {
                        let mut config = Config::new(players);
                        config.setup = setup;
                        config.rounds = rounds;
                        config.first_player = first;
                        for skip in [0, 1, 5, 40, 90] {
                            let mut rng = Generator::new(seed * 100 + skip);
                            let mut start = Game::new(config).unwrap();
                            for _ in 0..skip {
                                if start.chance_step().is_some() {
                                    start.resolve_chance(&mut rng, &mut ());
                                } else if let Some((seat, a)) = start.random_action(&mut rng) {
                                    start.apply_unchecked(seat, a);
                                }
                            }
                            let name =
                                format!("{players} {setup:?} {rounds} {first:?} {seed} {skip}");
                            starts.push((start, rng, name));
                        }
                    }
                }
            }
        }
    }
    starts
}

/// `play_random` plays legal games to the end: the steps it hands a session
/// (`Rules::play_random_steps`, the same draws) replay through the checked API, one by one,
/// to the very state it reached, and they are as many actions as it says it played.
#[test]
fn play_random_plays_a_legal_game_that_its_steps_replay() {
    use kingup_core::kingup_table::Rules;
    for (start, rng, name) in playout_starts() {
        let (mut fast, mut fast_rng) = (start, rng.clone());
        let actions = fast.play_random(&mut fast_rng);
        assert!(fast.is_over(), "{name}");

        let (mut recorded, mut recorded_rng) = (start, rng);
        let mut steps = Vec::new();
        let recorded_actions =
            recorded.play_random_steps(&mut recorded_rng, &mut |s| steps.push(s));
        assert_eq!(recorded, fast, "{name}");
        assert_eq!(recorded_rng, fast_rng, "{name}");
        assert_eq!(recorded_actions, u64::from(actions), "{name}");

        let mut replayed = start;
        let mut replayed_actions = 0;
        for step in &steps {
            match *step {
                Step::Chance(outcome) => replayed.apply_chance(outcome).map(drop).unwrap(),
                Step::Action { seat, action } => {
                    replayed.apply(seat, action).unwrap();
                    replayed_actions += 1;
                }
            }
        }
        assert_eq!(replayed, fast, "{name}");
        assert_eq!(replayed_actions, actions, "{name}");
    }
}

/// `play_random` draws a placement's character and floor from the two halves of one
/// random word: the first placement's 52 choices, counted over 52,000 seeded games, are
/// equally likely (chi-square on 51 degrees of freedom under 100, past the 0.9999
/// quantile). The bench's faithfulness check (`benches/yardstick`) compares whole games.
#[test]
fn play_random_picks_the_first_placement_uniformly() {
    use kingup_core::kingup_table::Rules;
    let mut config = Config::new(4);
    config.first_player = FirstPlayer::Seat(Seat::FIRST);
    let games = 52_000;
    let mut counts = [0u32; Action::COUNT];
    for seed in 0..games {
        let mut game = Game::new(config).unwrap();
        let mut first = None;
        let mut rng = Generator::new(seed);
        game.play_random_steps(&mut rng, &mut |step| {
            if let (None, Step::Action { action, .. }) = (first, step) {
                first = Some(action);
            }
        });
        counts[first.unwrap().index()] += 1;
    }
    let expected = games as f64 / 52.0;
    let chi_square: f64 = counts[..52]
        .iter()
        .map(|&c| (f64::from(c) - expected).powi(2) / expected)
        .sum();
    assert!(counts[52..].iter().all(|&c| c == 0));
    assert!(
        chi_square < 100.0,
        "chi-square {chi_square} on 51 degrees of freedom"
    );
}

/// `resolve_chance` deals a round in one go: the same draws, state and events as the
/// chance steps one by one, at the start of the game and between rounds.
#[test]
fn resolve_chance_is_the_chance_steps_one_by_one() {
    use kingup_core::{Event, FirstPlayer, Seat};
    for players in 3..=6 {
        for first in [FirstPlayer::Random, FirstPlayer::Seat(Seat::FIRST)] {
            for seed in 0..6u64 {
                let mut config = Config::new(players);
                config.first_player = first;
                let mut game = Game::new(config).unwrap();
                let mut rng = Generator::new(seed);
                while !game.is_over() {
                    let (mut fast, mut fast_rng) = (game, rng.clone());
                    let mut fast_events: Vec<Event> = Vec::new();
                    fast.resolve_chance(&mut fast_rng, &mut fast_events);
                    let mut slow_events: Vec<Event> = Vec::new();
                    while let Some(outcome) = game.sample_chance(&mut rng) {
                        game.apply_chance_with(outcome, &mut slow_events).unwrap();
                    }
                    assert_eq!(fast, game);
                    assert_eq!(fast_rng, rng);
                    assert_eq!(fast_events, slow_events);
                    // Play the round out at random, to the next round's deals.
                    while let Some((seat, action)) = game.random_action(&mut rng) {
                        game.apply(seat, action).unwrap();
                    }
                }
            }
        }
    }
}
