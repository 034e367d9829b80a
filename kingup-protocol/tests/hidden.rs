//! Hidden information on the wire: two King Up! games that differ only in what a seat
//! cannot know (other seats' objectives) send that seat's engine byte-identical messages;
//! a difference the seat can know (its own objective) does show. Needs `python3`.

use std::path::Path;
use std::sync::Arc;

use kingup_bots::{Bot, show};
use kingup_core::kingup_table::Step;
use kingup_core::{CardId, ChanceOutcome, Config, Event, Game, Generator, Phase, Replay, Seat};
use kingup_protocol::{Clock, Engine, EngineCommand};

const VIEWER: Seat = Seat::FIRST;

/// The first `len` steps of a random 4-player game, cut before the first scoring (while
/// every objective is still secret).
fn secret_prefix(seed: u64, len: usize) -> Replay {
    let config = Config::new(4);
    let mut game = Game::new(config).unwrap();
    let mut rng = Generator::new(seed);
    let mut steps = Vec::new();
    while steps.len() < len {
        let step = match game.sample_chance(&mut rng) {
            Some(outcome) => Step::Chance(outcome),
            None => {
                let (seat, action) = game.random_action(&mut rng).unwrap();
                Step::Action { seat, action }
            }
        };
        let mut next = game;
        step.apply(&mut next, &mut ()).unwrap();
        if next.phase() == Phase::Score {
            break; // the step that scores the round reveals the objectives
        }
        (game, steps) = (next, [steps, vec![step]].concat());
    }
    Replay { config, steps }
}

/// The replay with the objectives dealt to `a` and `b` exchanged.
fn swapped(replay: &Replay, a: Seat, b: Seat) -> Replay {
    let mut game = Game::new(replay.config).unwrap();
    let mut dealt = Vec::new();
    let mut events: Vec<Event> = Vec::new();
    for (i, step) in replay.steps.iter().enumerate() {
        events.clear();
        step.apply(&mut game, &mut events).unwrap();
        for event in &events {
            if let Event::ObjectiveDealt { seat, .. } = event {
                if *seat == a || *seat == b {
                    dealt.push(i);
                }
            }
        }
    }
    assert_eq!(dealt.len(), 2, "both objectives are dealt in the prefix");
    let mut changed = replay.clone();
    changed.steps.swap(dealt[0], dealt[1]);
    changed
}

/// The replay with `seat`'s objective replaced by an undealt card.
fn with_own_objective(replay: &Replay, seat: Seat) -> Replay {
    let game = replay.play().unwrap();
    let mut events: Vec<Event> = Vec::new();
    let mut g = Game::new(replay.config).unwrap();
    let mut changed = replay.clone();
    let spare = (0..)
        .filter_map(CardId::new)
        .find(|&card| Seat::all(4).all(|s| game.objective_card(0, s) != Some(card)))
        .unwrap();
    for (i, step) in replay.steps.iter().enumerate() {
        events.clear();
        step.apply(&mut g, &mut events).unwrap();
        if events
            .iter()
            .any(|e| matches!(e, Event::ObjectiveDealt { seat: s, .. } if *s == seat))
        {
            changed.steps[i] = Step::Chance(ChanceOutcome::Deal(spare));
        }
    }
    changed
}

/// Every line the engine at `VIEWER` receives while `replay` is played: its requests are
/// made (its answers are not played: the replay's moves are).
fn messages(replay: &Replay, log: &Path) -> String {
    let record = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines/record.py");
    let engine = Engine::<Game>::new(EngineCommand {
        name: "record".into(),
        program: "python3".into(),
        args: vec![
            record.to_string_lossy().into(),
            log.to_string_lossy().into(),
        ],
        options: serde_json::Map::new(),
        clock: Clock::default(),
    });
    play_to(replay, &engine);
    drop(engine); // quits the engine, which has written every line by then
    std::fs::read_to_string(log)
        .unwrap()
        .lines()
        .map(|line| format!("{}\n", without_time_left(line)))
        .collect()
}

/// `line` with a request's `clock.game_ms` blanked: the time the engine has left, which
/// depends on how fast it answered (its own time, not the game's), so never the same twice.
fn without_time_left(line: &str) -> String {
    let mut message: serde_json::Value = serde_json::from_str(line).unwrap();
    if message["type"] == "request" {
        message["clock"]["game_ms"] = serde_json::Value::Null;
    }
    // Printed back from the parsed value: the same bytes for the same message.
    message.to_string()
}

fn play_to(replay: &Replay, engine: &Arc<Engine<Game>>) {
    let mut bot = engine.bot(11);
    let mut game = Game::new(replay.config).unwrap();
    bot.begin(&game.player_view(VIEWER));
    let (mut events, mut buffer) = (Vec::new(), Vec::new());
    for &step in &replay.steps {
        if matches!(step, Step::Action { seat, .. } if seat == VIEWER) {
            assert!(bot.choose(&game.player_view(VIEWER)).is_some());
        }
        events.clear();
        step.apply(&mut game, &mut events).unwrap();
        show::<Game>(&mut bot, VIEWER, step, &events, &mut buffer);
    }
    assert_eq!(bot.forfeits().total(), 0);
}

#[test]
fn other_seats_objectives_never_reach_the_engine() {
    let dir = std::env::temp_dir().join(format!("kingup-hidden-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut compared = 0;
    for seed in 0..6 {
        let replay = secret_prefix(seed, 60);
        let (one, two) = (Seat::new(1).unwrap(), Seat::new(2).unwrap());
        let twin = swapped(&replay, one, two);
        let (a, b) = (replay.play().unwrap(), twin.play().unwrap());
        assert_ne!(a.objective_card(0, one), b.objective_card(0, one));
        assert_eq!(a.player_view(VIEWER), b.player_view(VIEWER));

        let mine = messages(&replay, &dir.join(format!("{seed}-a.jsonl")));
        let theirs = messages(&twin, &dir.join(format!("{seed}-b.jsonl")));
        assert!(
            mine.lines()
                .filter(|l| l.contains(r#""type":"request""#))
                .count()
                >= 2
        );
        assert_eq!(
            mine, theirs,
            "seed {seed}: the other seats' objectives changed the messages"
        );

        // The seat's own objective is its to know: the messages do change.
        let own = messages(
            &with_own_objective(&replay, VIEWER),
            &dir.join(format!("{seed}-c.jsonl")),
        );
        assert_ne!(mine, own);
        compared += 1;
    }
    assert_eq!(compared, 6);
    std::fs::remove_dir_all(&dir).unwrap();
}
