//! `Event::check`: every event a real game emits passes, and every kind of event no game
//! can emit is refused; `Display` never panics, whatever the event holds.

use kingup_core::{
    CardId, ChanceMode, Character, CharacterSet, Config, Event, FirstPlayer, Floor, Generator,
    Seat, SeatSet, Session, Setup, Vote,
};

fn seat(i: usize) -> Seat {
    Seat::new(i).unwrap()
}

fn card(i: usize) -> CardId {
    CardId::new(i).unwrap()
}

fn seats(list: &[usize]) -> SeatSet {
    list.iter().map(|&i| seat(i)).collect()
}

/// A real four-player round score and game end, for the tests to spoil one field at a time.
fn scored() -> Event {
    Event::RoundScored {
        round: 2,
        objectives: [
            Some(card(3)),
            Some(card(7)),
            Some(card(0)),
            Some(card(25)),
            None,
            None,
        ],
        points: [12, 33, 0, 21, 0, 0],
    }
}

fn game_over() -> Event {
    Event::GameOver {
        totals: [40, 71, 12, 71, 0, 0],
        winners: seats(&[1, 3]),
    }
}

#[test]
fn every_event_of_real_games_passes() {
    let mut checked = 0;
    for players in 3..=6u8 {
        for (rounds, setup) in [
            (3, Setup::Placement),
            (1, Setup::RandomLayout),
            (3, Setup::RandomLayout),
        ] {
            for seed in 0..40u64 {
                let mut config = Config::new(players);
                config.rounds = rounds;
                config.setup = setup;
                if seed % 3 == 0 {
                    config.first_player = FirstPlayer::Seat(seat(usize::from(players) - 1));
                }
                let mut session =
                    Session::with_generator(config, Generator::new(seed), ChanceMode::Auto)
                        .unwrap();
                session.play_random();
                assert!(session.game().is_over());
                for event in session.events() {
                    for viewer in [None, Some(seat(0)), Some(seat(2))] {
                        let seen = event.redacted(viewer);
                        assert_eq!(seen.check(), Ok(()), "{seen:?}");
                        assert!(!seen.to_string().is_empty());
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 100_000, "{checked}");
}

#[test]
fn floors_must_be_those_of_the_events_kind() {
    let c = Character::Dario;
    for floor in Floor::ALL {
        let i = floor.index();
        let placed = Event::Placed {
            seat: seat(0),
            character: c,
            floor,
        };
        assert_eq!(placed.check().is_ok(), (1..=4).contains(&i), "{placed:?}");
        let laid_out = Event::LaidOut {
            character: c,
            floor,
        };
        assert_eq!(laid_out.check().is_ok(), i <= 3, "{laid_out:?}");
        let climbed = Event::Climbed {
            seat: seat(1),
            character: c,
            to: floor,
        };
        assert_eq!(climbed.check().is_ok(), i >= 1, "{climbed:?}");
    }
    let on_throne = Event::Placed {
        seat: seat(0),
        character: c,
        floor: Floor::Throne,
    };
    assert_eq!(
        on_throne.check().unwrap_err().to_string(),
        "a placed event cannot name floor 6"
    );
}

#[test]
fn round_indices_stop_at_the_third_round() {
    for round in [3, 4, 200, 255] {
        let started = Event::RoundStarted {
            round,
            first_player: seat(0),
        };
        assert!(started.check().is_err(), "{started:?}");
        let Event::RoundScored {
            objectives, points, ..
        } = scored()
        else {
            unreachable!()
        };
        let scored = Event::RoundScored {
            round,
            objectives,
            points,
        };
        assert!(scored.check().is_err(), "{scored:?}");
    }
    for round in 0..3 {
        assert_eq!(
            Event::RoundStarted {
                round,
                first_player: seat(5)
            }
            .check(),
            Ok(())
        );
    }
}

#[test]
fn display_never_overflows() {
    // Debug builds (the tests') panic on arithmetic overflow: round 255 used to.
    let started = Event::RoundStarted {
        round: 255,
        first_player: seat(0),
    };
    assert_eq!(started.to_string(), "round 256 begins with seat 0");
    let scored = Event::RoundScored {
        round: 255,
        objectives: [None; Seat::MAX],
        points: [255; 6],
    };
    assert!(scored.to_string().starts_with("round 256 scores: 255"));
    let over = Event::GameOver {
        totals: [u16::MAX; 6],
        winners: SeatSet::EMPTY,
    };
    assert!(over.to_string().contains("65535"));
}

/// Changes the objectives and points of `scored()`.
type Spoil = dyn Fn(&mut [Option<CardId>; Seat::MAX], &mut [u8; Seat::MAX]);

#[test]
fn a_scored_round_holds_distinct_objectives_for_three_to_six_seats() {
    assert_eq!(scored().check(), Ok(()));
    let spoil = |f: &Spoil| {
        let Event::RoundScored {
            round,
            mut objectives,
            mut points,
        } = scored()
        else {
            unreachable!()
        };
        f(&mut objectives, &mut points);
        Event::RoundScored {
            round,
            objectives,
            points,
        }
        .check()
    };
    assert!(spoil(&|_, p| p[1] = 34).is_err(), "more than 33 points");
    assert!(spoil(&|_, p| p[0] = 255).is_err());
    assert!(
        spoil(&|o, _| o[1] = Some(card(3))).is_err(),
        "a card dealt twice"
    );
    assert!(
        spoil(&|o, _| o[2] = None).is_err(),
        "a seat in play without a card"
    );
    assert!(
        spoil(&|o, _| o[5] = Some(card(9))).is_err(),
        "a card past the players"
    );
    assert!(spoil(&|_, p| p[4] = 1).is_err(), "points past the players");
    assert!(spoil(&|o, _| *o = [Some(card(1)), Some(card(2)), None, None, None, None]).is_err());
    assert!(spoil(&|o, _| *o = [None; 6]).is_err());
    // Six players and the extremes of the range pass.
    assert_eq!(
        spoil(&|o, p| {
            *o = [0, 31, 2, 3, 4, 5].map(|i| Some(card(i)));
            *p = [33, 0, 0, 33, 1, 2];
        }),
        Ok(())
    );
}

#[test]
fn a_finished_game_has_plausible_totals_and_winners_with_the_best() {
    assert_eq!(game_over().check(), Ok(()));
    let with = |totals: [u16; 6], winners: &[usize]| {
        Event::GameOver {
            totals,
            winners: seats(winners),
        }
        .check()
    };
    assert!(with([40, 71, 12, 71, 0, 0], &[]).is_err(), "no winner");
    assert!(
        with([40, 71, 12, 71, 0, 0], &[0]).is_err(),
        "a winner below the best"
    );
    assert!(
        with([40, 71, 12, 71, 0, 0], &[1, 5]).is_err(),
        "a seat with no points"
    );
    assert!(
        with([40, 100, 12, 71, 0, 0], &[1]).is_err(),
        "more than 99 points"
    );
    assert!(
        with([0, 0, 0, 0, 0, 0], &[0, 1, 2]).is_ok(),
        "a quick game may end 0 to 0"
    );
    assert!(with([99, 99, 99, 0, 0, 0], &[0, 1, 2]).is_ok());
    let err = with([40, 100, 12, 71, 0, 0], &[1]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "seat 1 has 100 points in total; a game gives at most 99"
    );
}

#[test]
fn leftovers_are_some_characters_but_not_all() {
    let left = |characters: CharacterSet| Event::LeftoversPlaced { characters }.check();
    assert!(left(CharacterSet::EMPTY).is_err());
    assert!(left(CharacterSet::ALL).is_err());
    assert_eq!(left(CharacterSet::single(Character::Piero)), Ok(()));
}

#[test]
fn events_without_numbers_to_spoil_pass() {
    let all_yes = Event::VotesRevealed {
        candidate: Character::Irina,
        no: SeatSet::EMPTY,
    };
    for event in [
        Event::FirstPlayerChosen { seat: seat(5) },
        Event::ObjectiveDealt {
            seat: seat(4),
            card: None,
        },
        Event::ObjectiveDealt {
            seat: seat(4),
            card: Some(card(31)),
        },
        Event::ElectionCalled {
            seat: seat(2),
            candidate: Character::Odessa,
        },
        Event::VoteCommitted {
            seat: seat(3),
            vote: Some(Vote::No),
        },
        all_yes,
        Event::Eliminated {
            character: Character::Alighiero,
        },
        Event::Crowned {
            character: Character::Natale,
        },
    ] {
        assert_eq!(event.check(), Ok(()), "{event:?}");
    }
}

#[test]
fn serde_reads_what_check_then_refuses() {
    // Each field is in its own range, so the event decodes; only `check` sees the whole.
    let text = r#"{"type":"round_started","round":255,"first_player":5}"#;
    let event: Event = serde_json::from_str(text).unwrap();
    assert!(event.check().is_err());
    let text = r#"{"type":"placed","seat":0,"character":"B","floor":6}"#;
    let event: Event = serde_json::from_str(text).unwrap();
    assert!(event.check().is_err());
}

#[test]
fn a_round_score_shows_the_seats_that_play() {
    // Four players: the four seats dealt an objective, a seat scoring 0 among them.
    assert_eq!(scored().to_string(), "round 3 scores: 12 33 0 21");
    // From a real three-player game, through its spectator's events.
    let mut session =
        Session::with_generator(Config::new(3), Generator::new(5), ChanceMode::Auto).unwrap();
    session.play_random();
    let texts: Vec<String> = session
        .events_for(None, 0)
        .filter(|e| matches!(e, Event::RoundScored { .. }))
        .map(|e| e.to_string())
        .collect();
    assert_eq!(texts.len(), 3);
    for text in texts {
        let numbers = text.split_once(": ").unwrap().1.split(' ').count();
        assert_eq!(numbers, 3, "{text}");
    }
}
