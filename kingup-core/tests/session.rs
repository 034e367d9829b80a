//! The session: seeds, saves that are replays, redacted event logs, undo and sampling.

use kingup_core::{
    Action, Actor, ChanceMode, ChanceOutcome, Config, Event, Game, Generator, LoadError,
    MAX_SAVE_LEN, Phase, Replay, ReplayError, Seat, Session, Setup, Step, UndoError, Vote,
};
use proptest::prelude::*;
use serde_json::{Value, json};

fn seat(i: usize) -> Seat {
    Seat::new(i).unwrap()
}

/// A session `steps` random actions into a game (chance automatic), actions drawn from
/// `seed`'s generator, votes in a random order of the waiting seats.
fn played(config: Config, seed: u64, steps: usize) -> Session {
    let mut session = Session::new(config, seed).unwrap();
    let mut rng = Generator::new(seed ^ 0xA5A5);
    for _ in 0..steps {
        let seat = match session.game().actor() {
            Actor::Seat(seat) => seat,
            Actor::Voters(voters) => {
                let all: Vec<Seat> = voters.iter().collect();
                all[rng.below(all.len() as u32) as usize]
            }
            Actor::Chance | Actor::Nobody => break,
        };
        let legal = session.game().legal_actions(seat);
        let action = legal[rng.below(legal.len() as u32) as usize];
        session.apply(seat, action).unwrap();
    }
    session
}

fn configs() -> impl Strategy<Value = Config> {
    (3u8..=6, prop_oneof![Just(1u8), Just(3u8)], any::<bool>()).prop_map(|(p, r, random)| {
        let mut c = Config::new(p);
        c.rounds = r;
        if random {
            c.setup = Setup::RandomLayout;
        }
        c
    })
}

#[test]
fn a_seed_plays_the_same_game_and_auto_chance_leaves_a_seat_to_move() {
    let a = played(Config::new(4), 11, 80);
    let b = played(Config::new(4), 11, 80);
    assert_eq!(a, b);
    assert_eq!(a.to_json(), b.to_json());
    assert!(matches!(
        a.game().actor(),
        Actor::Seat(_) | Actor::Voters(_)
    ));
    let other = played(Config::new(4), 12, 80);
    assert_ne!(a.replay().steps, other.replay().steps);
}

#[test]
fn explicit_chance_resolved_on_demand_is_the_auto_game() {
    let config = Config::new(5);
    let mut auto = Session::new(config, 99).unwrap();
    let mut explicit =
        Session::with_generator(config, Generator::new(99), ChanceMode::Explicit).unwrap();
    assert_eq!(explicit.game().actor(), Actor::Chance);
    assert!(explicit.apply(seat(0), "B4".parse().unwrap()).is_err());
    explicit.resolve_chance();
    for _ in 0..60 {
        let seat = auto.game().next_seat().unwrap();
        let action = auto.game().legal_actions(seat)[0];
        auto.apply(seat, action).unwrap();
        explicit.apply(seat, action).unwrap();
        explicit.resolve_chance();
    }
    assert_eq!(auto.replay(), explicit.replay());
    assert_eq!(auto.events(), explicit.events());
    assert_eq!(auto.generator(), explicit.generator());
}

#[test]
fn explicit_outcomes_are_checked_and_recorded() {
    let mut config = Config::new(3);
    config.first_player = kingup_core::FirstPlayer::Seat(seat(1));
    let mut s = Session::with_generator(config, Generator::new(1), ChanceMode::Explicit).unwrap();
    let deal = |i| ChanceOutcome::Deal(kingup_core::CardId::new(i).unwrap());
    let events = s.apply_chance(deal(5)).unwrap().to_vec();
    assert_eq!(
        events,
        [Event::ObjectiveDealt {
            seat: seat(0),
            card: Some(kingup_core::CardId::new(5).unwrap())
        }]
    );
    let before = s.clone();
    let err = s.apply_chance(deal(5)).unwrap_err();
    assert_eq!(err.reason.code(), "card_unavailable");
    assert_eq!(s, before);
    assert_eq!(s.events(), before.events());
    s.apply_chance(deal(6)).unwrap();
    s.apply_chance(deal(7)).unwrap();
    assert_eq!(s.game().phase(), Phase::Placement);
    assert_eq!(s.replay().steps.len(), 3);
    // With automatic chance no chance step is ever pending.
    let mut auto = Session::new(config, 1).unwrap();
    assert_eq!(
        auto.apply_chance(deal(9)).unwrap_err().reason.code(),
        "not_chance"
    );
}

#[test]
fn the_save_document_has_one_fixed_form() {
    let mut config = Config::new(3);
    config.rounds = 1;
    let mut session = Session::new(config, 42).unwrap();
    let seat = session.game().next_seat().unwrap();
    session.apply(seat, "B4".parse().unwrap()).unwrap();
    let json = session.to_json();
    let doc: Value = serde_json::from_str(&json).unwrap();
    let at = |key: &str| json.find(&format!("\"{key}\":")).unwrap();
    let keys = [
        "format",
        "version",
        "config",
        "chance",
        "generator",
        "steps",
    ];
    assert!(keys.windows(2).all(|k| at(k[0]) < at(k[1])), "{json}");
    assert_eq!(doc.as_object().unwrap().len(), keys.len());
    assert_eq!(doc["format"], "kingup-save");
    assert_eq!(doc["version"], 1);
    assert_eq!(doc["chance"], "auto");
    assert_eq!(
        doc["generator"].as_str().unwrap(),
        session.generator().state_hex().to_string()
    );
    let steps: Vec<&str> = doc["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    assert!(steps[0].starts_with("chance: first "), "{steps:?}");
    assert!(steps[1..4].iter().all(|s| s.starts_with("chance: deal ")));
    assert_eq!(steps[4], format!("{seat}: B4"));
    assert_eq!(steps.len(), 5);
    assert!(!json.contains('\n'));
}

#[test]
fn a_save_is_its_replay_and_edits_are_refused() {
    let session = played(Config::new(4), 5, 40);
    let json = session.to_json();
    let doc: Value = serde_json::from_str(&json).unwrap();
    let load = |doc: &Value| Session::from_json(&doc.to_string());

    let edit = |f: &dyn Fn(&mut Value)| {
        let mut d = doc.clone();
        f(&mut d);
        d
    };
    // A step changed to one the rules refuse at that point.
    let bad_step = edit(&|d| d["steps"][10] = json!("0: A1"));
    match load(&bad_step) {
        Err(LoadError::Replay(ReplayError::Step { index, .. })) => assert!(index <= 10),
        other => panic!("{other:?}"),
    }
    // A card dealt twice.
    let twice = edit(&|d| d["steps"][2] = d["steps"][1].clone());
    assert_eq!(load(&twice).unwrap_err().code(), "card_unavailable");
    // The config changed under the steps.
    let players = edit(&|d| d["config"]["players"] = json!(6));
    assert!(load(&players).is_err());
    // Unknown and missing fields, another format or version, a bad generator.
    let state = edit(&|d| d["state"] = json!({}));
    assert_eq!(load(&state).unwrap_err().code(), "malformed");
    let missing = edit(&|d| {
        d.as_object_mut().unwrap().remove("steps");
    });
    assert_eq!(load(&missing).unwrap_err().code(), "malformed");
    let format = edit(&|d| d["format"] = json!("kingup.Game"));
    assert_eq!(load(&format).unwrap_err().code(), "malformed");
    let version = edit(&|d| d["version"] = json!(2));
    assert_eq!(
        load(&version).unwrap_err(),
        LoadError::Version {
            found: 2,
            supported: 1
        }
    );
    let zero = edit(&|d| d["generator"] = json!("0".repeat(64)));
    assert_eq!(load(&zero).unwrap_err().code(), "generator");
    let short = edit(&|d| d["generator"] = json!("abc"));
    assert_eq!(load(&short).unwrap_err().code(), "generator");
    // Steps cut just after an action that chance follows: automatic chance never waits.
    let mut cut = session.replay().steps.clone();
    while !matches!(cut.last(), Some(Step::Chance(_))) {
        cut.pop();
    }
    cut.pop();
    let cut_doc = edit(&|d| d["steps"] = serde_json::to_value(&cut).unwrap());
    assert_eq!(load(&cut_doc).unwrap_err(), LoadError::ChancePending);
    // ... which explicit chance accepts.
    let explicit = edit(&|d| {
        d["steps"] = serde_json::to_value(&cut).unwrap();
        d["chance"] = json!("explicit");
    });
    assert_eq!(load(&explicit).unwrap().game().actor(), Actor::Chance);
    // Not JSON, too long.
    assert_eq!(Session::from_json("{").unwrap_err().code(), "malformed");
    let huge = " ".repeat(MAX_SAVE_LEN + 1);
    assert_eq!(
        Session::from_json(&huge).unwrap_err(),
        LoadError::TooLong(MAX_SAVE_LEN + 1)
    );
    // Messages quote at most a short part of the input.
    let long_garbage = format!("{{\"format\": \"{}\"}}", "x".repeat(100_000));
    let message = Session::from_json(&long_garbage).unwrap_err().to_string();
    assert!(message.len() < 400, "{} bytes", message.len());
}

#[test]
fn undo_takes_back_only_unrevealed_own_actions() {
    let mut config = Config::new(3);
    config.first_player = kingup_core::FirstPlayer::Seat(seat(0));
    let mut s = Session::new(config, 8).unwrap();
    // The deal was the last step: chance cannot be taken back.
    assert_eq!(s.undo(seat(0)), Err(UndoError::Revealed));
    let fresh = s.clone();
    let events_before = s.events().len();
    s.apply(seat(0), "B4".parse().unwrap()).unwrap();
    assert_eq!(s.undoable(), 1);
    // Another seat cannot take it back.
    assert_eq!(
        s.undo(seat(1)),
        Err(UndoError::NotYourStep { seat: seat(1) })
    );
    s.undo(seat(0)).unwrap();
    assert_eq!(s, fresh);
    assert_eq!(s.game(), fresh.game());
    assert_eq!(s.events().len(), events_before);
    // After another seat's action, the earlier one stays.
    s.apply(seat(0), "B4".parse().unwrap()).unwrap();
    s.apply(seat(1), "C4".parse().unwrap()).unwrap();
    assert_eq!(
        s.undo(seat(0)),
        Err(UndoError::NotYourStep { seat: seat(0) })
    );
    s.undo(seat(1)).unwrap();
    s.undo(seat(0)).unwrap();
    assert_eq!(s, fresh);
}

#[test]
fn undo_never_crosses_a_reveal_or_chance() {
    // Drive to a vote and cast all but the last vote.
    let mut s = Session::new(Config::new(4), 3).unwrap();
    while s.game().phase() != Phase::Vote {
        let seat = s.game().next_seat().unwrap();
        // Climb towards the throne: the highest climbable character.
        let legal = s.game().legal_actions(seat);
        s.apply(seat, *legal.last().unwrap()).unwrap();
    }
    let voters: Vec<Seat> = s.game().seats().iter().collect();
    s.apply(voters[0], Action::Vote(Vote::Yes)).unwrap();
    // A committed vote is not revealed: it can be taken back and cast again.
    s.undo(voters[0]).unwrap();
    assert!(s.game().voted().is_empty());
    for &v in &voters[..3] {
        s.apply(v, Action::Vote(Vote::Yes)).unwrap();
    }
    s.apply(voters[3], Action::Vote(Vote::No)).unwrap();
    // The last vote revealed every vote: nothing before it can be taken back.
    assert_eq!(s.undo(voters[3]), Err(UndoError::Revealed));
    assert_eq!(s.undoable(), 0);
}

#[test]
fn events_for_redacts_others_secrets() {
    let s = played(Config::new(4), 21, 30);
    let all = s.events();
    for viewer in [None, Some(seat(0)), Some(seat(2))] {
        let seen: Vec<Event> = s.events_for(viewer, 0).collect();
        assert_eq!(seen.len(), all.len());
        for (seen, real) in seen.iter().zip(all) {
            assert_eq!(*seen, real.redacted(viewer));
            if let Event::ObjectiveDealt { seat, card } = seen {
                assert_eq!(card.is_some(), Some(*seat) == viewer);
            }
        }
    }
    assert_eq!(s.events_for(None, all.len() - 2).count(), 2);
    assert_eq!(s.events_for(None, all.len() + 5).count(), 0);
}

#[test]
fn play_random_is_the_games_random_playout() {
    let config = Config::new(6);
    let mut session = Session::new(config, 17).unwrap();
    let actions = session.play_random();
    assert!(session.game().is_over());
    let mut game = Game::new(config).unwrap();
    let fast = game.play_random(&mut Generator::new(17));
    assert_eq!(actions, u64::from(fast));
    assert_eq!(*session.game(), game);
    assert_eq!(session.undoable(), 0);
    let again = Session::from_json(&session.to_json()).unwrap();
    assert_eq!(again.game(), session.game());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// load(save(s)) is s, with the same state and event log, at any point of any game.
    #[test]
    fn save_and_load_round_trip(config in configs(), seed in any::<u64>(), steps in 0usize..250) {
        let s = played(config, seed, steps);
        let back = Session::from_json(&s.to_json()).unwrap();
        prop_assert_eq!(&back, &s);
        prop_assert_eq!(back.game(), s.game());
        prop_assert_eq!(back.events(), s.events());
        prop_assert_eq!(back.undoable(), s.undoable());
        // The replay alone reaches the same game.
        prop_assert_eq!(&Replay::clone(s.replay()).play().unwrap(), s.game());
    }

    /// A sampled session keeps everything the seat knows, is a replay, and differs only in
    /// what the seat cannot know.
    #[test]
    fn samples_are_replays_consistent_with_the_view(
        config in configs(), seed in any::<u64>(), steps in 0usize..250, viewer in 0usize..6,
    ) {
        let s = played(config, seed, steps);
        let viewer = seat(viewer % config.player_count());
        let sample = s.sample(viewer, seed.wrapping_add(1)).unwrap();
        prop_assert_eq!(sample.player_view(viewer), s.player_view(viewer));
        prop_assert_eq!(sample.replay().steps.len(), s.replay().steps.len());
        prop_assert_eq!(
            sample.events_for(Some(viewer), 0).collect::<Vec<_>>(),
            s.events_for(Some(viewer), 0).collect::<Vec<_>>()
        );
        let back = Session::from_json(&sample.to_json()).unwrap();
        prop_assert_eq!(back.game(), sample.game());
    }

    /// Undo restores exactly the session before the action.
    #[test]
    fn undo_restores_the_session(config in configs(), seed in any::<u64>(), steps in 0usize..200) {
        let mut s = played(config, seed, steps);
        let Some(seat) = s.game().next_seat() else { return Ok(()) };
        let before = s.clone();
        let action = s.game().legal_actions(seat)[0];
        s.apply(seat, action).unwrap();
        match s.undo(seat) {
            Ok(()) => {
                prop_assert_eq!(&s, &before);
                prop_assert_eq!(s.game(), before.game());
                prop_assert_eq!(s.events(), before.events());
            }
            Err(UndoError::Revealed) => {
                let chance = s.replay().steps.last().is_some_and(|st| matches!(st, Step::Chance(_)));
                let reveal = s.events()[before.events().len()..]
                    .iter()
                    .any(|e| matches!(e, Event::VotesRevealed { .. }));
                prop_assert!(chance || reveal);
            }
            Err(e) => prop_assert!(false, "unexpected {e:?}"),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Undo goes back through every earlier state of the run of undoable actions exactly:
    /// the same game, event log and undo count as when that state was first reached.
    #[test]
    fn undo_restores_each_earlier_state_exactly(config in configs(), seed in any::<u64>(), steps in 0usize..120) {
        let mut session = played(config, seed, steps);
        let mut rng = Generator::new(seed);
        let mut reached = vec![(*session.game(), session.events().to_vec(), session.undoable())];
        for _ in 0..12 {
            let seat = match session.game().actor() {
                Actor::Seat(seat) => seat,
                Actor::Voters(voters) => voters.iter().next().unwrap(),
                Actor::Chance | Actor::Nobody => break,
            };
            let legal = session.game().legal_actions(seat);
            session.apply(seat, legal[rng.below(legal.len() as u32) as usize]).unwrap();
            reached.push((*session.game(), session.events().to_vec(), session.undoable()));
        }
        // The run may have begun before the recorded actions; go back through those.
        let undoable = session.undoable().min(reached.len() - 1);
        for back in 1..=undoable {
            let Some(Step::Action { seat, .. }) = session.replay().steps.last().copied() else {
                unreachable!("an undoable step is an action")
            };
            session.undo(seat).unwrap();
            let (game, events, count) = &reached[reached.len() - 1 - back];
            prop_assert_eq!(session.game(), game);
            prop_assert_eq!(session.events(), &events[..]);
            prop_assert_eq!(session.undoable(), *count);
        }
    }
}
