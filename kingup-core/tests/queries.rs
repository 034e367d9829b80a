//! The questions every front end asks, answered by the core: who acts next, may this seat
//! act, is this number a seat, who is King, what does chance decide.

use kingup_core::{
    Action, ChanceStep, Character, Config, FirstPlayer, Game, Generator, IllegalReason, Phase,
    Seat, Session, Setup, Vote,
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

/// `play_random` is documented to draw exactly as chance and `random_action` step by step
/// (`sample_chance` + `apply_chance`, the one-step path `resolve_chance` must agree with):
/// the same seed must give the same game and the same generator state after it, whatever
/// the setup, the number of rounds, the first player or where it starts.
/// `play_random_round` is `play_random` cut at the end of the round: the same draws, and
/// `play_random` afterwards plays the rest of the same game.
#[test]
fn play_random_round_is_play_random_up_to_the_round_scored() {
    use kingup_core::{Phase, Setup};
    for players in 3..=6 {
        for setup in [Setup::Placement, Setup::RandomLayout] {
            for seed in 0..12u64 {
                let mut config = Config::new(players);
                config.setup = setup;
                for skip in [0, 1, 7, 30, 60, 90] {
                    let mut rng = Generator::new(seed * 100 + skip);
                    let mut start = Game::new(config).unwrap();
                    for _ in 0..skip {
                        if start.chance_step().is_some() {
                            start.resolve_chance(&mut rng, &mut ());
                        } else if let Some((seat, a)) = start.random_action(&mut rng) {
                            start.apply_unchecked(seat, a);
                        }
                    }
                    let (mut whole, mut whole_rng) = (start, rng.clone());
                    let whole_actions = whole.play_random(&mut whole_rng);
                    let (mut cut, mut cut_rng) = (start, rng);
                    let in_round = cut.play_random_round(&mut cut_rng);
                    let playing =
                        matches!(start.phase(), Phase::Placement | Phase::Climb | Phase::Vote);
                    let label = format!("{players} {setup:?} {seed} {skip}");
                    assert_eq!(cut.round(), start.round(), "{label}");
                    if playing {
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
        }
    }
}

#[test]
fn play_random_draws_as_random_action_step_by_step() {
    use kingup_core::{FirstPlayer, Seat, Setup};
    for players in 3..=6 {
        for setup in [Setup::Placement, Setup::RandomLayout] {
            for rounds in [1, 3] {
                for first in [FirstPlayer::Random, FirstPlayer::Seat(Seat::FIRST)] {
                    for seed in 0..8u64 {
                        let mut config = Config::new(players);
                        config.setup = setup;
                        config.rounds = rounds;
                        config.first_player = first;
                        // From the start, and from a game some steps in.
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
                            let (mut fast, mut fast_rng) = (start, rng.clone());
                            let fast_actions = fast.play_random(&mut fast_rng);
                            let (mut slow, mut slow_rng) = (start, rng);
                            let mut slow_actions = 0;
                            loop {
                                while let Some(outcome) = slow.sample_chance(&mut slow_rng) {
                                    slow.apply_chance(outcome).unwrap();
                                }
                                let Some((seat, a)) = slow.random_action(&mut slow_rng) else {
                                    break;
                                };
                                slow.apply(seat, a).unwrap();
                                slow_actions += 1;
                            }
                            assert_eq!(fast, slow, "{players} {setup:?} {rounds} {seed} {skip}");
                            assert_eq!(fast_actions, slow_actions);
                            assert_eq!(fast_rng, slow_rng);
                        }
                    }
                }
            }
        }
    }
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
