//! Snapshots, replays, configs and events through JSON: round trips, readable forms, and
//! corrupted input rejected with a clear error.

use kingup_core::{
    Action, Actor, Character, CharacterSet, Config, Event, FirstPlayer, Floor, Game, Replay, Seat,
    Setup, Step, Vote,
};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};

/// Plays a random game, recording every step and the state after it.
fn random_game(config: Config, seed: u64) -> (Replay, Vec<Game>) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new(config).unwrap();
    let mut replay = Replay::new(config);
    let mut states = vec![game];
    while !game.is_over() {
        let step = match game.actor() {
            Actor::Chance => Step::Chance(game.sample_chance(&mut rng).unwrap()),
            Actor::Seat(seat) => random_action(&game, seat, &mut rng),
            Actor::Voters(seats) => {
                let seat = seats.iter().next().unwrap();
                random_action(&game, seat, &mut rng)
            }
            Actor::Nobody => unreachable!(),
        };
        game.apply_step(step, &mut ()).unwrap();
        replay.steps.push(step);
        states.push(game);
    }
    (replay, states)
}

fn random_action(game: &Game, seat: Seat, rng: &mut SmallRng) -> Step {
    let legal = game.legal_actions(seat);
    let action = legal[rng.random_range(0..legal.len())];
    Step::Action { seat, action }
}

fn mid_game_snapshot() -> Value {
    let (_, states) = random_game(Config::new(4), 11);
    let vote = states
        .iter()
        .find(|g| matches!(g.actor(), Actor::Voters(v) if v.len() < 4))
        .expect("some election has a committed vote");
    serde_json::to_value(vote).unwrap()
}

fn load(value: &Value) -> Result<Game, String> {
    serde_json::from_value::<Game>(value.clone()).map_err(|e| e.to_string())
}

#[test]
fn every_state_of_random_games_round_trips() {
    for (players, setup, rounds) in [
        (3, Setup::Placement, 3),
        (4, Setup::RandomLayout, 1),
        (5, Setup::Placement, 3),
        (6, Setup::RandomLayout, 3),
    ] {
        let mut config = Config::new(players);
        config.setup = setup;
        config.rounds = rounds;
        let (_, states) = random_game(config, u64::from(players));
        for state in states {
            let text = serde_json::to_string(&state).unwrap();
            let back: Game = serde_json::from_str(&text).unwrap();
            assert_eq!(back, state, "{text}");
        }
    }
}

#[test]
fn snapshot_is_readable() {
    let value = mid_game_snapshot();
    assert_eq!(value["version"], 1);
    assert_eq!(value["phase"], "vote");
    assert_eq!(value["config"]["players"], 4);
    assert_eq!(value["castle"]["floors"].as_array().unwrap().len(), 7);
    let letters = value["castle"]["floors"][6].as_str().unwrap();
    assert_eq!(letters.len(), 1, "one candidate on the throne");
    assert!(letters.parse::<Character>().is_ok());
}

#[test]
fn impossible_snapshots_are_rejected() {
    let good = mid_game_snapshot();
    assert!(load(&good).is_ok());

    let corrupt = |edit: &dyn Fn(&mut Value)| {
        let mut value = good.clone();
        edit(&mut value);
        load(&value).unwrap_err()
    };

    let five = corrupt(&|v| v["castle"]["floors"][0] = json!("ABCDE"));
    assert!(five.contains("Servants holds 5 characters"), "{five}");

    let twice = corrupt(&|v| {
        let throne = v["castle"]["floors"][6].as_str().unwrap().to_owned();
        v["castle"]["eliminated"] = json!(throne);
    });
    assert!(twice.contains("two places"), "{twice}");

    let history = corrupt(&|v| {
        let throne = v["castle"]["floors"][6].as_str().unwrap().to_owned();
        let id = throne.parse::<Character>().unwrap().index();
        v["no_votes"][id] = json!([0]);
    });
    assert!(history.contains("No votes recorded"), "{history}");

    // Seat 1 voted down four characters, but a 4-player seat has only three No cards.
    let too_many_no = corrupt(&|v| {
        let set = |v: &Value| serde_json::from_value::<CharacterSet>(v.clone()).unwrap();
        let mut eliminated = set(&v["castle"]["eliminated"]);
        let mut taken = 0;
        for floor in 0..6 {
            let mut here = set(&v["castle"]["floors"][floor]);
            for c in here.iter().take(4 - taken) {
                here.remove(c);
                eliminated.insert(c);
                v["no_votes"][c.index()] = json!([1]);
                taken += 1;
            }
            v["castle"]["floors"][floor] = serde_json::to_value(here).unwrap();
        }
        v["castle"]["eliminated"] = serde_json::to_value(eliminated).unwrap();
    });
    assert!(too_many_no.contains("seat 1"), "{too_many_no}");

    let same_card = corrupt(&|v| v["objectives"][0][1] = v["objectives"][0][0].clone());
    assert!(same_card.contains("dealt twice"), "{same_card}");

    let ghost_seat = corrupt(&|v| v["voted"] = json!([5]));
    assert!(ghost_seat.contains("seat 5"), "{ghost_seat}");

    let phase = corrupt(&|v| v["phase"] = json!("placement"));
    assert!(phase.contains("impossible game state"), "{phase}");

    let version = corrupt(&|v| v["version"] = json!(2));
    assert!(version.contains("version"), "{version}");

    let round = corrupt(&|v| v["round"] = json!(3));
    assert!(round.contains("round index 3"), "{round}");

    let score = corrupt(&|v| v["scores"][2][0] = json!(40));
    assert!(score.contains("points of round 2"), "{score}");

    let letter = corrupt(&|v| v["castle"]["floors"][0] = json!("Z"));
    assert!(letter.contains("character letters"), "{letter}");

    let unknown = corrupt(&|v| v["cheat"] = json!(true));
    assert!(unknown.contains("unknown field"), "{unknown}");

    assert!(serde_json::from_str::<Game>("{\"version\": 1,").is_err());
    assert!(serde_json::from_str::<Game>("[]").is_err());
}

#[test]
fn replays_round_trip_and_reproduce_the_game() {
    let mut config = Config::new(5);
    config.first_player = FirstPlayer::Seat(Seat::new(3).unwrap());
    let (replay, states) = random_game(config, 99);
    let text = serde_json::to_string(&replay).unwrap();
    let back: Replay = serde_json::from_str(&text).unwrap();
    assert_eq!(back, replay);
    assert_eq!(back.play().unwrap(), *states.last().unwrap());

    // The last step is a vote; a climb in its place is refused at that index.
    let mut tampered = replay.clone();
    let last = tampered.steps.len() - 1;
    let Step::Action { seat, .. } = tampered.steps[last] else {
        panic!("a game ends with a vote");
    };
    let climb = Action::Climb {
        character: Character::Alighiero,
    };
    tampered.steps[last] = Step::Action {
        seat,
        action: climb,
    };
    match tampered.play() {
        Err(kingup_core::ReplayError::Step { index, .. }) => assert_eq!(index, last),
        other => panic!("a tampered replay must fail, got {other:?}"),
    }
}

#[test]
fn steps_and_actions_have_readable_forms() {
    let step = Step::Action {
        seat: Seat::new(2).unwrap(),
        action: Action::Place {
            character: Character::Odessa,
            floor: Floor::Merchants,
        },
    };
    // A step is written in the notation; an action on its own is structured.
    assert_eq!(serde_json::to_value(step).unwrap(), json!("2: O2"));
    assert_eq!(
        serde_json::from_value::<Step>(json!("2: O2")).unwrap(),
        step
    );
    // A document holds each step in its one spelling; typed input may be lenient.
    assert_eq!("2: o2".parse::<Step>(), Ok(step));
    let err = serde_json::from_value::<Step>(json!("2: o2")).unwrap_err();
    assert!(
        err.to_string().contains("must be written as \"2: O2\""),
        "{err}"
    );
    assert!(serde_json::from_value::<Step>(json!("2: O5")).is_err());
    assert!(serde_json::from_value::<Step>(json!({"action": {"seat": 2}})).is_err());
    assert_eq!(
        serde_json::to_value(Action::Vote(Vote::No)).unwrap(),
        json!({"vote": "no"})
    );
    let by_name: Action =
        serde_json::from_value(json!({"climb": {"character": "Fiorello"}})).unwrap();
    assert_eq!(
        by_name,
        Action::Climb {
            character: Character::Fiorello
        }
    );
    let by_id: Action = serde_json::from_value(json!({"climb": {"character": 12}})).unwrap();
    assert_eq!(
        by_id,
        Action::Climb {
            character: Character::Piero
        }
    );
    assert!(serde_json::from_value::<Action>(json!({"climb": {"character": 13}})).is_err());
    assert!(
        serde_json::from_value::<Action>(json!({"place": {"character": "A", "floor": 7}})).is_err()
    );
}

#[test]
fn configs_default_what_they_omit_and_keep_custom_decks() {
    let config: Config = serde_json::from_value(json!({"players": 3, "rounds": 1})).unwrap();
    assert_eq!(config.setup, Setup::Placement);
    assert_eq!(config.first_player, FirstPlayer::Random);
    assert!(config.deck.is_balanced());

    let custom: Config = serde_json::from_value(json!({
        "players": 3, "rounds": 1, "setup": "random_layout", "first_player": {"seat": 2},
        "deck": ["ABCDEF", "GILMNO", "BCDEFP"]
    }))
    .unwrap();
    assert_eq!(custom.deck.len(), 3);
    assert_eq!(
        custom.first_player,
        FirstPlayer::Seat(Seat::new(2).unwrap())
    );
    assert!(Game::new(custom).is_ok());
    let back: Config = serde_json::from_str(&serde_json::to_string(&custom).unwrap()).unwrap();
    assert_eq!(back, custom);

    let bad_card =
        serde_json::from_value::<Config>(json!({"players": 3, "rounds": 1, "deck": ["ABCDE"]}));
    assert!(bad_card.unwrap_err().to_string().contains("exactly 6"));
    let repeated =
        serde_json::from_value::<Config>(json!({"players": 3, "rounds": 1, "deck": ["AABCDE"]}));
    assert!(repeated.is_err());
}

#[test]
fn events_are_tagged_objects() {
    let event = Event::Climbed {
        seat: Seat::new(1).unwrap(),
        character: Character::Beatrice,
        to: Floor::Throne,
    };
    let value = serde_json::to_value(event).unwrap();
    assert_eq!(
        value,
        json!({"type": "climbed", "seat": 1, "character": "B", "to": 6})
    );
    assert_eq!(serde_json::from_value::<Event>(value).unwrap(), event);
}

/// Fuzzing found that a player view read from JSON with round 3 made `sample` index out of
/// bounds. Views are now checked when read, and `sample` checks hand-built ones.
#[test]
fn impossible_views_are_rejected_and_never_panic() {
    let (_, states) = random_game(Config::new(5), 4);
    let game = states[40];
    let view = game.player_view(Seat::new(0).unwrap());
    let mut value = serde_json::to_value(view).unwrap();
    assert_eq!(
        serde_json::from_value::<kingup_core::PlayerView>(value.clone()).unwrap(),
        view
    );

    value["public"]["round"] = json!(3);
    let err = serde_json::from_value::<kingup_core::PlayerView>(value.clone()).unwrap_err();
    assert!(err.to_string().contains("round index 3"), "{err}");
    value["public"]["round"] = json!(0);
    value["seat"] = json!(5);
    let err = serde_json::from_value::<kingup_core::PlayerView>(value.clone()).unwrap_err();
    assert!(err.to_string().contains("seat 5"), "{err}");
    let mut public = serde_json::to_value(game.public_view()).unwrap();
    public["voted"] = json!([5]);
    assert!(serde_json::from_value::<kingup_core::PublicView>(public).is_err());

    // Hand-built nonsense: methods stay panic-free and sampling says why it refuses.
    let mut bad = view;
    bad.public.round = 9;
    bad.public.rounds_scored = 7;
    bad.public.config.players = 0;
    assert!(bad.check().is_err());
    let mut obs = [0.0; kingup_core::OBSERVATION_LEN];
    bad.encode(&mut obs);
    let _ = bad.info_state().to_string();
    let _ = bad.legal_actions();
    let _ = bad.public.winners();
    assert!(bad.sample(&mut SmallRng::seed_from_u64(1)).is_err());
}

/// `Event::kind` names the same type as the serde form's `"type"` field.
#[test]
fn event_kinds_match_the_serde_tag() {
    let (replay, _) = random_game(Config::new(3), 21);
    let mut events = Vec::new();
    replay.play_with(&mut events).unwrap();
    let mut kinds = std::collections::BTreeSet::new();
    for event in events {
        let value = serde_json::to_value(event).unwrap();
        assert_eq!(value["type"], event.kind());
        kinds.insert(event.kind());
    }
    assert!(kinds.len() >= 12, "{kinds:?}");
}
