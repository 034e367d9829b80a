//! `kingup engine` speaks the bot protocol (docs/protocol.md), and the engine flags of
//! `arena`, `tournament` and `play` seat engines: a built-in bot played through
//! `kingup engine` plays the very games it plays in process.
//!
//! Debug builds are slow, so the games are few and the clocks generous: a forfeit would
//! change the games.

use std::process::Output;

use kingup_core::Action;

mod common;

use common::{KINGUP, stderr, stdout};

/// Clocks no debug build runs out of.
const SLOW_CLOCK: [&str; 4] = ["--move-time", "600000", "--game-time", "3600000"];

/// Runs `kingup args` with `input` on stdin (closed after it), and collects the output.
fn kingup(args: &[&str], input: Option<&str>) -> Output {
    common::run(args, input)
}

/// `kingup args` must succeed; its stdout.
fn success(args: &[&str]) -> String {
    let output = kingup(args, None);
    assert!(
        output.status.success(),
        "kingup {args:?}: {}",
        stderr(&output)
    );
    stdout(&output)
}

/// The `--engine` text of `kingup engine --bot KIND` entered as `name`.
fn engine(name: &str, kind: &str) -> String {
    format!("{name}={KINGUP} engine --bot {kind}")
}

const HELLO: &str = r#"{"type":"hello","protocol":1,"game":"kingup","options":{}}"#;

#[test]
fn the_engine_shakes_hands_quits_and_refuses_a_session_without_hello() {
    let output = kingup(
        &["engine", "--bot", "heuristic"],
        Some(&format!("{HELLO}\n{{\"type\":\"quit\"}}\n")),
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "{\"type\":\"ready\",\"protocol\":1,\"name\":\"heuristic\"}\n"
    );
    // A court session: the same engine, another game.
    let court = HELLO.replace("\"kingup\"", "\"kingup-court\"");
    let output = kingup(&["engine", "--bot", "mcts"], Some(&format!("{court}\n")));
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains("\"name\":\"mcts\""));

    for bad in ["not json\n", "{\"type\":\"quit\"}\n", ""] {
        let output = kingup(&["engine", "--bot", "heuristic"], Some(bad));
        assert_eq!(output.status.code(), Some(1), "{bad:?}");
        assert_eq!(stdout(&output), "", "nothing but protocol lines on stdout");
        assert!(
            stderr(&output).contains("kingup: engine: the session did not open with hello"),
            "{}",
            stderr(&output)
        );
    }
}

#[test]
fn the_engine_needs_a_bot_of_either_game() {
    for (args, code) in [
        (&["engine"][..], 2),
        (&["engine", "--bot", "alphazero"], 2),
        (&["engine", "--bot", "ismcts:0"], 2),
        (&["engine", "--bot", "random", "--iterations", "0"], 2),
        (&["engine", "--help"], 0),
    ] {
        let output = kingup(args, None);
        assert_eq!(output.status.code(), Some(code), "{args:?}");
    }
    let output = kingup(&["engine", "--bot", "alphazero"], None);
    assert!(
        stderr(&output).contains("no bot of King Up!"),
        "{}",
        stderr(&output)
    );
    assert!(stdout(&kingup(&["help"], None)).contains("kingup engine --bot KIND"));
}

/// A real session, recorded between `kingup play` (the referee) and the engine, replayed into a
/// fresh engine: it answers every request, with the same moves.
#[cfg(unix)]
#[test]
fn a_recorded_session_replays_to_the_same_answers() {
    let dir = std::env::temp_dir().join(format!("kingup-engine-session-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (input, answers) = (dir.join("in.jsonl"), dir.join("out.jsonl"));
    let recorder = format!(
        "rec=sh -c 'tee {} | {KINGUP} engine --bot heuristic | tee {}'",
        input.display(),
        answers.display()
    );
    // One quick game, watched: the engine plays seat 0.
    let mut args = vec![
        "play",
        "--watch",
        "--players",
        "3",
        "--rounds",
        "1",
        "--seed",
        "6",
        "--bots",
        "random",
        "--engine",
        &recorder,
        "--engine-option",
        "rec:iterations=50",
    ];
    args.extend(SLOW_CLOCK);
    let text = success(&args);
    assert!(!text.contains("forfeited"), "{text}");
    let input = std::fs::read_to_string(&input).unwrap();
    let recorded = std::fs::read_to_string(&answers).unwrap();
    let types: Vec<String> = input
        .lines()
        .map(|line| {
            let message: serde_json::Value = serde_json::from_str(line).unwrap();
            message["type"].as_str().unwrap().to_owned()
        })
        .collect();
    assert_eq!(types[0], "hello");
    assert!(
        input.starts_with(
            r#"{"type":"hello","protocol":1,"game":"kingup","options":{"iterations":50}}"#
        ),
        "{input}"
    );
    assert_eq!(types[1], "new_game");
    assert_eq!(types.last().map(String::as_str), Some("quit"));
    let requests = types.iter().filter(|t| *t == "request").count();
    assert!(requests > 10, "{types:?}");
    assert_eq!(types.iter().filter(|t| *t == "game_over").count(), 1);
    // Replayed: the same answers, one move per request, ids in order.
    let output = kingup(&["engine", "--bot", "heuristic"], Some(&input));
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), recorded);
    let moves = recorded.lines().filter(|l| l.contains("\"move\"")).count();
    assert_eq!(moves, requests);
    // A game the bot does not play: the first legal move, and a log line saying why.
    let output = kingup(&["engine", "--bot", "greedy"], Some(&input));
    assert!(output.status.success(), "{}", stderr(&output));
    let answered = stdout(&output);
    assert!(answered.contains("\"index\":0"), "{answered}");
    assert!(answered.contains("plays no King Up!"), "{answered}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The numbers of a results table, each line's words with the entrants' names made
/// `A`, `B`, ...: `names` in the order given, the first `lines` lines of what follows
/// `start`.
fn results(text: &str, start: &str, names: &[&str]) -> Vec<Vec<String>> {
    let from = text
        .find(start)
        .unwrap_or_else(|| panic!("{start:?} in\n{text}"));
    text[from..]
        .lines()
        .take_while(|line| !line.starts_with("command:"))
        .map(|line| {
            line.split_whitespace()
                .map(|word| match names.iter().position(|n| *n == word) {
                    Some(i) => char::from(b'A' + i as u8).to_string(),
                    None => word.to_owned(),
                })
                .collect()
        })
        .collect()
}

/// `with_engine` (its entrant named by `engine_names`) and `built_in` (by `names`) print
/// the same results.
fn same_results(with_engine: &[&str], engine_names: &[&str], built_in: &[&str], names: &[&str]) {
    let mut args = with_engine.to_vec();
    args.extend(SLOW_CLOCK);
    let (a, b) = (success(&args), success(built_in));
    assert!(!a.contains("Forfeited"), "{a}");
    let start = if a.contains("rating") {
        " #  bot"
    } else {
        "bot"
    };
    assert_eq!(
        results(&a, start, engine_names),
        results(&b, start, names),
        "\n{a}\n{b}"
    );
}

/// `args` (an engine among the entrants) print the same results twice, nothing forfeited:
/// an engine's games are reproducible. (A King Up! bot inside `kingup engine` is seeded with
/// the `bot_seed` it is sent, a one-way function of its seed in process, which comes from
/// the seed of the cards: so it plays other games than the same bot in process.
/// kingup-protocol's tests play it in process with that seed, and the games are the same.)
fn reproducible(args: &[&str], names: &[&str]) {
    same_results(args, names, &[args, &SLOW_CLOCK[..]].concat(), names);
}

#[test]
fn an_arena_with_an_engine_is_reproducible() {
    let h2 = engine("h2", "heuristic");
    reproducible(
        &[
            "arena",
            "--players",
            "3",
            "--entrants",
            "heuristic,random",
            "--engine",
            &h2,
            "--deals",
            "2",
            "--threads",
            "1",
            "--seed",
            "5",
        ],
        &["heuristic", "random", "h2"],
    );
}

#[test]
fn a_court_arena_plays_the_same_games_with_the_bot_as_an_engine() {
    let g2 = engine("g2", "greedy");
    same_results(
        &[
            "arena",
            "--game",
            "court",
            "--players",
            "3",
            "--entrants",
            "greedy,random",
            "--engine",
            &g2,
            "--deals",
            "3",
            "--threads",
            "2",
            "--seed",
            "5",
        ],
        &["greedy", "random", "g2"],
        &[
            "court",
            "arena",
            "--players",
            "3",
            "--entrants",
            "greedy,random,greedy",
            "--deals",
            "3",
            "--threads",
            "2",
            "--seed",
            "5",
        ],
        &["greedy#1", "random", "greedy#2"],
    );
}

#[test]
fn tournaments_with_engines_are_reproducible_and_court_bots_play_the_same_games() {
    let h2 = engine("h2", "heuristic");
    reproducible(
        &[
            "tournament",
            "--bots",
            "heuristic,random",
            "--engine",
            &h2,
            "--games",
            "3",
            "--threads",
            "1",
            "--seed",
            "5",
        ],
        &["heuristic", "random", "h2"],
    );
    let g2 = engine("g2", "greedy");
    same_results(
        &[
            "court",
            "tournament",
            "--bots",
            "greedy,random",
            "--engine",
            &g2,
            "--games",
            "3",
            "--threads",
            "1",
            "--seed",
            "5",
        ],
        &["greedy", "random", "g2"],
        &[
            "court",
            "tournament",
            "--bots",
            "greedy,random,greedy",
            "--games",
            "3",
            "--threads",
            "1",
            "--seed",
            "5",
        ],
        &["greedy#1", "random", "greedy#2"],
    );
}

#[test]
fn engines_that_cannot_start_and_bad_engine_flags_are_refused_before_play() {
    for command in [
        &["arena", "--players", "3", "--entrants", "random,random"][..],
        &["tournament", "--bots", "random,random"],
        &[
            "court",
            "arena",
            "--players",
            "3",
            "--entrants",
            "random,random",
        ],
        &["court", "tournament", "--bots", "random,random"],
        &["play", "--players", "3", "--watch"],
        &["court", "play", "--watch"],
    ] {
        let mut args = command.to_vec();
        args.extend(["--engine", "x=/nonexistent/prog"]);
        let output = kingup(&args, None);
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        let err = stderr(&output);
        assert!(
            err.starts_with("kingup: engine x: could not start `/nonexistent/prog`"),
            "{args:?}: {err}"
        );
        assert!(!stdout(&output).contains("Winner"), "{args:?}");
    }
    let random = engine("r", "random");
    for bad in [
        &[
            "arena",
            "--players",
            "3",
            "--entrants",
            "random,random",
            "--engine",
            "no name",
        ][..],
        &[
            "arena",
            "--players",
            "3",
            "--entrants",
            "random,random",
            "--engine",
            "x='open",
        ],
        &[
            "arena",
            "--players",
            "3",
            "--entrants",
            "random,heuristic",
            "--engine",
            "heuristic=p",
        ],
        &[
            "arena",
            "--players",
            "3",
            "--entrants",
            "random",
            "--engine",
            &random,
        ],
        &[
            "arena",
            "--players",
            "3",
            "--entrants",
            "random,random,random",
            "--engine",
            &random,
            "--engine-option",
            "y:iterations=3",
        ],
        &[
            "tournament",
            "--players",
            "4",
            "--bots",
            "random,random",
            "--engine",
            &random,
        ],
        &[
            "tournament",
            "--bots",
            "random,random",
            "--engine",
            &random,
            "--engine",
            &random,
        ],
        &[
            "tournament",
            "--bots",
            "random,random",
            "--engine",
            &random,
            "--move-time",
            "0",
        ],
        &[
            "court",
            "tournament",
            "--bots",
            "random",
            "--engine",
            &random,
            "--game-time",
            "3600001",
        ],
        &[
            "play",
            "--players",
            "3",
            "--engine",
            &random,
            "--engine",
            "b=p",
            "--engine",
            "c=p",
            "--engine",
            "d=p",
        ],
        &["court", "play", "--players", "2", "--engine", "you=p"],
    ] {
        let output = kingup(bad, None);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{bad:?}: {}",
            stderr(&output)
        );
        assert!(stderr(&output).ends_with("(see kingup help)\n"), "{bad:?}");
    }
}

/// Every move typed as the prompt accepts it: fed in a loop, the first legal one wins.
fn every_move() -> Vec<String> {
    (0..Action::COUNT - 1)
        .map(|i| match Action::from_index(i).expect("index in range") {
            Action::Place { character, floor } => {
                format!("{}{}", character.letter(), floor.index())
            }
            Action::Climb { character } => character.name().to_lowercase(),
            Action::Vote(_) => "yes".to_owned(),
        })
        .collect()
}

/// A game's text up to the command that replays it.
fn until_replay(text: &str) -> &str {
    &text[..text.find("Same game again").expect("the game ends")]
}

#[test]
fn a_person_plays_against_an_engine_and_the_game_is_reproducible() {
    let script = (0..100)
        .flat_map(|_| every_move())
        .collect::<Vec<_>>()
        .join("\n")
        + "\n";
    let game = |bots: &[&str]| {
        let mut args = vec![
            "play",
            "--script",
            "--players",
            "3",
            "--rounds",
            "1",
            "--seed",
            "8",
        ];
        args.extend(bots);
        let output = kingup(&args, Some(&script));
        let text = stdout(&output);
        assert!(output.status.success(), "{}\n{text}", stderr(&output));
        assert!(text.contains("Winner"), "{text}");
        text
    };
    // Named as the bot it plays, the engine is that bot to the eye.
    let e = engine("random", "random");
    let mut with_engine = vec!["--bots", "heuristic", "--engine", &e];
    with_engine.extend(SLOW_CLOCK);
    let against_engine = game(&with_engine);
    let in_process = game(&["--bots", "random,heuristic"]);
    assert!(against_engine.contains("Seats: 0 you, 1 random, 2 heuristic."));
    // The same screens as against the bot, but for the moves: nothing more is shown with
    // an engine at the table (its seat's secrets stay hidden until revealed). The engine's
    // bot is seeded with its `bot_seed`, so its moves differ; the game is reproducible.
    let screens = |text: &str| -> Vec<String> {
        until_replay(text)
            .lines()
            .filter(|line| !line.contains("seat 1") && !line.starts_with(' '))
            .map(str::to_owned)
            .take(3)
            .collect()
    };
    assert_eq!(screens(&against_engine), screens(&in_process));
    assert_eq!(
        until_replay(&against_engine),
        until_replay(&game(&with_engine))
    );
    // The replay command enters the engine again.
    assert!(against_engine.contains("--engine"), "{against_engine}");
}

#[test]
fn watched_games_seat_engines_in_both_games() {
    let e = engine("e", "random");
    let text = success(&[
        "play",
        "--watch",
        "--players",
        "3",
        "--rounds",
        "1",
        "--seed",
        "2",
        "--engine",
        &e,
        "--engine",
        &engine("f", "heuristic"),
        "--engine",
        &engine("g", "random"),
    ]);
    assert!(text.contains("Seats: 0 e, 1 f, 2 g."), "{text}");
    assert!(text.contains("Winner"), "{text}");
    // Engines take every seat: the replay command lists no built-in bots.
    assert!(!text.contains("--bots"), "{text}");
    let g = engine("greedy", "greedy");
    let with_engine = success(&[
        "court",
        "play",
        "--watch",
        "--players",
        "3",
        "--seed",
        "4",
        "--max-rounds",
        "20",
        "--bots",
        "random",
        "--engine",
        &g,
        SLOW_CLOCK[0],
        SLOW_CLOCK[1],
    ]);
    let in_process = success(&[
        "court",
        "play",
        "--watch",
        "--players",
        "3",
        "--seed",
        "4",
        "--max-rounds",
        "20",
        "--bots",
        "greedy,random,random",
    ]);
    assert_eq!(until_replay(&with_engine), until_replay(&in_process));
}

/// An engine that shakes hands and then never answers: every move of its seat is
/// forfeited, the game goes on, and the table says so at the end.
#[cfg(unix)]
#[test]
fn a_silent_engine_forfeits_its_moves_and_the_game_goes_on() {
    let ready = r#"{"type":"ready","protocol":1,"name":"mute"}"#;
    let mute = format!("mute=sh -c 'read hello; echo '\\''{ready}'\\''; exec sleep 60'");
    let text = success(&[
        "play",
        "--watch",
        "--players",
        "3",
        "--rounds",
        "1",
        "--seed",
        "2",
        "--bots",
        "random",
        "--engine",
        &mute,
        "--move-time",
        "1",
        "--game-time",
        "1",
    ]);
    assert!(text.contains("Winner"), "{text}");
    assert!(
        text.contains("Seat 0 (mute) forfeited moves, played at random for it:"),
        "{text}"
    );
    assert!(text.contains("--move-time 1 --game-time 1"), "{text}");
}
