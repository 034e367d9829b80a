//! Runs the built `kingup` binary: watching, scripted play, bad arguments, a tournament.

use std::io::Write as _;
use std::process::{Command, Output, Stdio};

use kingup_core::Action;

const KINGUP: &str = env!("CARGO_BIN_EXE_kingup");

/// Runs `kingup args` with `input` on stdin (closed right after), and collects the output.
fn kingup(args: &str, input: Option<String>) -> Output {
    let mut child = Command::new(KINGUP)
        .args(args.split_whitespace())
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the kingup binary runs");
    // Write from another thread: the game may end, and close its stdin, before all the
    // input is read. The write error that follows is expected.
    let writer = input.map(|text| {
        let mut stdin = child.stdin.take().expect("piped stdin");
        std::thread::spawn(move || {
            let _ = stdin.write_all(text.as_bytes());
        })
    });
    let output = child.wait_with_output().expect("kingup finishes");
    if let Some(writer) = writer {
        writer.join().expect("the writer thread ends");
    }
    output
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn watch_mode_runs_to_the_end_with_stdin_closed() {
    let output = kingup(
        "play --watch --players 3 --seed 5 --bots heuristic,random",
        None,
    );
    let text = stdout(&output);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(text.contains("Watching as a spectator"), "{text}");
    for round in 1..=3 {
        assert!(text.contains(&format!("Round {round} scores")), "{text}");
    }
    assert!(text.contains("Game over"), "{text}");
    assert!(text.contains("Winner"), "{text}");
    // A spectator never sees an objective before the scores nor a vote before the reveal.
    assert!(!text.contains("You are dealt"), "{text}");
    assert!(
        !text.contains("votes Yes") && !text.contains("votes No"),
        "{text}"
    );
}

#[test]
fn stdin_that_is_not_a_terminal_means_watching() {
    // No --watch: a closed, non-terminal stdin is enough.
    let output = kingup(
        "play --players 6 --rounds 1 --random-layout --seed 9 --bots random",
        None,
    );
    let text = stdout(&output);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(text.contains("Watching as a spectator"), "{text}");
    // Every one of the 13 characters is laid out, then the castle is drawn.
    assert_eq!(text.matches(" starts on ").count(), 13, "{text}");
    assert!(text.contains("Winner"), "{text}");
}

/// Every move typed as the prompt accepts it: all placements, all climbs, `yes`. Fed in a
/// loop, this is a (poor) player: at each prompt the first legal move in the list wins, and
/// every move before it is refused with the engine's reason.
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

#[test]
fn scripted_play_accepts_good_moves_reprompts_on_bad_ones_and_finishes() {
    let mut lines = vec![
        "xyzzy".to_owned(),
        "B0".to_owned(),
        "legal".to_owned(),
        "help".to_owned(),
    ];
    for _ in 0..300 {
        lines.extend(every_move());
    }
    let output = kingup(
        "play --script --players 4 --seat 2 --seed 11 --bots heuristic,random,heuristic",
        Some(lines.join("\n") + "\n"),
    );
    let text = stdout(&output);
    assert!(output.status.success(), "{}\n{text}", stderr(&output));
    // Your objective is shown to you, and the castle is drawn with it marked.
    assert!(text.contains("You are dealt objective card"), "{text}");
    assert!(text.contains("* your objective"), "{text}");
    // Bad input re-prompts with a reason.
    assert!(text.contains("\"xyzzy\" is not a move"), "{text}");
    assert!(
        text.contains(
            "You cannot place Beatrice on Servants (0): characters are placed on floors 1 to 4"
        ),
        "{text}"
    );
    assert!(text.contains("Your legal moves:"), "{text}");
    assert!(text.contains("How to play"), "{text}");
    assert!(text.contains("is already in the castle"), "{text}");
    // Good moves are played.
    assert!(text.contains("Seat 2 (you) places "), "{text}");
    assert!(text.contains("Seat 2 (you) moves "), "{text}");
    // To the end, with every objective revealed at each round's end.
    assert_eq!(
        text.matches("Every objective is revealed").count(),
        3,
        "{text}"
    );
    assert!(text.contains("Game over"), "{text}");
    assert!(text.contains("Winner"), "{text}");
}

#[test]
fn scripted_play_can_quit_and_reports_input_that_ends_early() {
    let output = kingup(
        "play --script --players 3 --seed 1 --bots random",
        Some("legal\nquit\n".to_owned()),
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains("You leave the game"));

    let output = kingup(
        "play --script --players 3 --seed 1 --bots random",
        Some("A1\n".to_owned()),
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("standard input ended before the game did"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn the_seed_is_shown_only_once_the_game_is_over() {
    // Without --seed the seed is secret: a player who read it could watch the same deal.
    let output = kingup("play --watch --players 3 --rounds 1 --bots random", None);
    let text = stdout(&output);
    assert!(output.status.success(), "{}", stderr(&output));
    let over = text.find("Game over").expect("the game ends");
    let replay = text
        .find("Same game again: kingup play")
        .expect("a replay command");
    assert!(replay > over, "{text}");
    assert!(!text[..over].contains("seed"), "{text}");
    // The printed command plays the very same game.
    let command = text[replay..].lines().next().unwrap();
    let args = command.trim_start_matches("Same game again: kingup ");
    let again = stdout(&kingup(args, None));
    let game =
        |t: &str| t[t.find("Round 1 of 1").unwrap()..t.find("Same game again").unwrap()].to_owned();
    assert_eq!(game(&again), game(&text));

    // A player who quits never sees it.
    let output = kingup(
        "play --script --players 3 --bots random",
        Some("quit\n".to_owned()),
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(!stdout(&output).contains("seed"), "{}", stdout(&output));
}

#[test]
fn a_saved_game_resumes_where_it_stopped() {
    let dir = std::env::temp_dir().join(format!("kingup-cli-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.json");
    let path = file.to_str().unwrap();
    // Play a few moves, then quit: the save holds them.
    let mut lines = Vec::new();
    for _ in 0..3 {
        lines.extend(every_move());
    }
    lines.push("quit".to_owned());
    let output = kingup(
        &format!("play --script --players 4 --seat 1 --seed 7 --bots random --save {path}"),
        Some(lines.join("\n") + "\n"),
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let saved = std::fs::read_to_string(&file).unwrap();
    let session = kingup_core::Session::from_json(saved.trim_end()).expect("a save document");
    assert!(session.replay().steps.len() > 4);
    assert!(!session.game().is_over());
    assert_eq!(session.to_json() + "\n", saved);

    // Resume it to the end, saving as it goes.
    let mut lines = Vec::new();
    for _ in 0..300 {
        lines.extend(every_move());
    }
    let output = kingup(
        &format!("play --script --seat 1 --bots random --load {path} --save {path}"),
        Some(lines.join("\n") + "\n"),
    );
    let text = stdout(&output);
    assert!(output.status.success(), "{}\n{text}", stderr(&output));
    assert!(text.contains("Resuming"), "{text}");
    assert!(text.contains("Game over"), "{text}");
    let done = kingup_core::Session::from_json(std::fs::read_to_string(&file).unwrap().trim_end())
        .unwrap();
    assert!(done.game().is_over());
    assert_eq!(
        done.replay().steps[..session.replay().steps.len()],
        session.replay().steps[..]
    );

    // An edited save is refused with the reason, and nothing is played.
    std::fs::write(&file, saved.replace("\"chance: deal ", "\"chance: deal 3")).unwrap();
    let output = kingup(&format!("play --watch --load {path}"), None);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("cannot load"),
        "{}",
        stderr(&output)
    );
    // Game settings and --load exclude each other.
    let output = kingup(&format!("play --watch --players 3 --load {path}"), None);
    assert_eq!(output.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_arguments_exit_with_2_and_the_usage() {
    for args in [
        "play --players 9",
        "play --seat 4",
        "play --rounds 2",
        "play --bots alphazero",
        "play --seed",
        "play --frobnicate",
        "tournament --bots random,random",
        "tournament --players 4 --bots random,random,heuristic",
        "tournament --games zero",
        "frobnicate",
    ] {
        let output = kingup(args, None);
        assert_eq!(output.status.code(), Some(2), "{args}");
        let err = stderr(&output);
        assert!(err.contains("usage:"), "{args}: {err}");
        assert!(stdout(&output).is_empty(), "{args}");
    }
}

#[test]
fn help_prints_the_usage() {
    for args in ["", "help", "--help", "play --help", "tournament -h"] {
        let output = kingup(args, None);
        assert!(output.status.success(), "{args}");
        let text = stdout(&output);
        assert!(
            text.contains("kingup play") && text.contains("kingup tournament"),
            "{args}"
        );
    }
}

#[test]
fn a_small_tournament_prints_standings_that_add_up() {
    let output = kingup(
        "tournament --games 12 --players 3 --bots random,random,heuristic --threads 1 --seed 3",
        None,
    );
    let text = stdout(&output);
    assert!(output.status.success(), "{}", stderr(&output));
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("random#") || l.starts_with("heuristic"))
        .collect();
    assert_eq!(rows.len(), 3, "{text}");
    let mut total = 0.0;
    for row in rows {
        let fields: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(fields[1], "12", "{row}");
        let rate: f64 = fields[2].trim_end_matches('%').parse().expect("a win rate");
        total += rate;
    }
    assert!(
        (total - 100.0).abs() < 0.2,
        "win rates sum to {total}\n{text}"
    );
    assert!(
        text.contains("command: kingup tournament --games 12 --players 3 --bots random,random,heuristic --seed 3 --threads 1"),
        "{text}"
    );
    // Not a terminal: progress as lines, the last one at 100%.
    assert!(
        stderr(&output).contains("12/12 games (100%)"),
        "{}",
        stderr(&output)
    );
}
