//! The Rust reference driver of the cross-language golden test (see `interop/src/lib.rs`):
//! checks the scenarios against `interop/expected/`, and with `KINGUP_BLESS=1` writes the
//! scenarios and the expected outputs anew.

use std::path::{Path, PathBuf};

use kingup_core::{Action, Config, Generator, Phase, Seat, Session, Setup, Vote};
use kingup_court::ChanceMode;
use kingup_interop::court::{CourtLine, CourtScenario};
use kingup_interop::{Line, Scenario, events_text, save_text};

fn dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(name)
}

/// A script of random moves (votes by a random waiting seat) until `stop` says so or the
/// game ends, with a take-back of an own action now and then, drawn from `seed`'s generator.
fn script(config: Config, seed: u64, stop: fn(&Session) -> bool) -> Vec<Line> {
    let mut session = Session::new(config, seed).unwrap();
    let mut rng = Generator::new(!seed);
    let mut script = Vec::new();
    while !stop(&session) {
        let actor = session.game().actor();
        let waiting: Vec<Seat> = match actor {
            kingup_core::Actor::Seat(seat) => vec![seat],
            kingup_core::Actor::Voters(voters) => voters.iter().collect(),
            _ => break,
        };
        let seat = waiting[rng.below(waiting.len() as u32) as usize];
        let legal = session.game().legal_actions(seat);
        // Often Yes in votes, so that rounds end.
        let action = if legal.contains(&Action::Vote(Vote::Yes)) && rng.below(2) > 0 {
            Action::Vote(Vote::Yes)
        } else {
            legal[rng.below(legal.len() as u32) as usize]
        };
        session.apply(seat, action).unwrap();
        script.push(Line::Play(seat, action));
        if rng.below(12) == 0 && session.undo(seat).is_ok() {
            script.push(Line::Undo(seat));
        }
    }
    script
}

fn scenarios() -> Vec<(&'static str, &'static str, Scenario)> {
    let with = |players, rounds, setup, seed, stop| {
        let mut config = Config::new(players);
        config.rounds = rounds;
        config.setup = setup;
        Scenario {
            config,
            seed,
            script: script(config, seed, stop),
        }
    };
    vec![
        (
            "4p-standard",
            "a whole standard game, four players, with take-backs",
            with(4, 3, Setup::Placement, 2026, |_| false),
        ),
        (
            "3p-quick-random-layout",
            "the one-round online variant, three players",
            with(3, 1, Setup::RandomLayout, 7, |_| false),
        ),
        (
            "6p-mid-vote",
            "six players, stopped in round 2 with a vote half cast (secrets still hidden)",
            with(6, 3, Setup::Placement, 99, |s| {
                let g = s.game();
                g.round() == 1 && g.phase() == Phase::Vote && g.voted().len() == 3
            }),
        ),
        (
            "5p-opening",
            "five players, the first placements only",
            with(5, 3, Setup::Placement, 12_345_678_901, |s| {
                s.replay().steps.len() >= 10
            }),
        ),
    ]
}

/// A court script of random moves (chance outcomes too, under explicit chance) until `stop`
/// says so or the game ends, with a take-back now and then, drawn from `!seed`'s generator.
fn court_script(
    scenario: &CourtScenario,
    stop: fn(&kingup_court::Session) -> bool,
) -> Vec<CourtLine> {
    let mut session = scenario.session().unwrap();
    let mut rng = Generator::new(!scenario.seed);
    let mut script = Vec::new();
    while !stop(&session) {
        let outcomes = session.game().chance_outcomes();
        if !outcomes.is_empty() {
            let (outcome, _) = outcomes[rng.below(outcomes.len() as u32) as usize];
            session.apply_chance(outcome).unwrap();
            script.push(CourtLine::Chance(outcome));
            continue;
        }
        let Some(seat) = session.game().next_seat() else {
            break;
        };
        let legal = session.game().legal_actions(seat);
        let action = legal[rng.below(legal.len() as u32) as usize];
        session.apply(seat, action).unwrap();
        script.push(CourtLine::Play(seat, action));
        if rng.below(10) == 0 && session.undo(seat).is_ok() {
            script.push(CourtLine::Undo(seat));
        }
    }
    script
}

fn court_scenarios() -> Vec<(&'static str, &'static str, CourtScenario)> {
    let with = |players, max_rounds, chance, seed, stop| {
        let mut config = kingup_court::Config::new(players);
        config.max_rounds = max_rounds;
        let mut scenario = CourtScenario {
            config,
            chance,
            seed,
            script: Vec::new(),
        };
        scenario.script = court_script(&scenario, stop);
        scenario
    };
    vec![
        (
            "court-2p-whole",
            "To Court the King: a whole two-player game of random moves, with take-backs",
            with(2, Some(6), ChanceMode::Auto, 2026, |_| false),
        ),
        (
            "court-3p-explicit-chance",
            "To Court the King: three players, every die chosen explicitly",
            with(3, Some(4), ChanceMode::Explicit, 7, |_| false),
        ),
        (
            "court-5p-mid-game",
            "To Court the King: five players, saved mid-game after 120 steps",
            with(5, None, ChanceMode::Auto, 99, |s| {
                s.replay().steps.len() >= 120
            }),
        ),
    ]
}

#[test]
fn every_court_scenario_matches_the_expected_outputs() {
    let bless = std::env::var_os("KINGUP_BLESS").is_some();
    for (name, comment, generated) in court_scenarios() {
        let path = dir("scenarios").join(format!("{name}.txt"));
        if bless {
            std::fs::write(&path, generated.to_text(comment)).unwrap();
        }
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(kingup_interop::court::is_court(&text));
        let scenario = CourtScenario::parse(&text).unwrap();
        assert_eq!(scenario, generated, "{name}: the scenario file is stale");
        let session = scenario.play().unwrap();
        check_outputs(name, &save_text(&session), &events_text(&session), bless);
    }
}

/// Compares (or, blessing, writes) a scenario's two outputs with interop/expected.
fn check_outputs(name: &str, save: &str, events: &str, bless: bool) {
    let outputs = [
        (format!("{name}.save.json"), save),
        (format!("{name}.events.txt"), events),
    ];
    for (file, produced) in outputs {
        let expected_path = dir("expected").join(&file);
        if bless {
            std::fs::write(&expected_path, produced).unwrap();
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap();
        assert!(produced == expected, "{file} differs from interop/expected");
    }
}

#[test]
fn every_scenario_matches_the_expected_outputs() {
    let bless = std::env::var_os("KINGUP_BLESS").is_some();
    for (name, comment, generated) in scenarios() {
        let path = dir("scenarios").join(format!("{name}.txt"));
        if bless {
            std::fs::write(&path, generated.to_text(comment)).unwrap();
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let scenario = Scenario::parse(&text).unwrap();
        assert_eq!(scenario, generated, "{name}: the scenario file is stale");
        let session = scenario.play().unwrap();
        check_outputs(name, &save_text(&session), &events_text(&session), bless);
    }
}

#[test]
fn every_expected_save_loads_and_saves_back_unchanged() {
    for entry in std::fs::read_dir(dir("expected")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "json") {
            let text = std::fs::read_to_string(&path).unwrap();
            let again = if text.contains(r#""format":"kingup-court-save""#) {
                save_text(&kingup_court::Session::from_json(text.trim_end()).unwrap())
            } else {
                save_text(&Session::from_json(text.trim_end()).unwrap())
            };
            assert_eq!(again, text, "{}", path.display());
        }
    }
}

#[test]
fn the_expected_event_streams_keep_each_viewers_secrets() {
    // A spectator's stream names no dealt card and no vote before its reveal; seat s's
    // names its own cards only.
    for (name, _, _) in scenarios() {
        let text =
            std::fs::read_to_string(dir("expected").join(format!("{name}.events.txt"))).unwrap();
        for line in text.lines() {
            let (viewer, json) = if let Some(rest) = line.strip_prefix("spectator ") {
                (None, rest)
            } else {
                let rest = line.strip_prefix("seat ").unwrap();
                let (seat, json) = rest.split_once(' ').unwrap();
                (Some(seat.parse::<u64>().unwrap()), json)
            };
            let events: serde_json::Value = serde_json::from_str(json).unwrap();
            for event in events.as_array().unwrap() {
                let own = event["seat"].as_u64() == viewer;
                match event["type"].as_str().unwrap() {
                    "objective_dealt" => {
                        assert_eq!(event["card"].is_null(), !own, "{name}: {event}");
                    }
                    "vote_committed" => {
                        assert_eq!(event["vote"].is_null(), !own, "{name}: {event}");
                    }
                    _ => {}
                }
            }
        }
    }
}
