//! Runs the built `kingup` binary: watching, scripted play, bad arguments, a tournament.

use std::ffi::OsStr;
use std::io::Write as _;
use std::process::{Command, Output, Stdio};

use kingup_bots::{IsmctsConfig, TournamentConfig};
use kingup_core::{Action, Config, MAX_SAVE_LEN};

const KINGUP: &str = env!("CARGO_BIN_EXE_kingup");

/// Runs `kingup args` with `input` on stdin (closed right after), and collects the output.
fn kingup(args: &str, input: Option<String>) -> Output {
    kingup_os(args.split_whitespace().map(OsStr::new), input)
}

/// As [`kingup`], with arguments that need not be UTF-8.
fn kingup_os<'a>(args: impl IntoIterator<Item = &'a OsStr>, input: Option<String>) -> Output {
    let mut child = Command::new(KINGUP)
        .args(args)
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
    // Refusals speak to the person: never of their seat in the third person.
    for line in text.lines().filter(|l| l.contains("✗ You cannot")) {
        assert!(
            !line.contains("seat 2") && !line.contains("it has"),
            "{line}"
        );
    }
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

/// A refused command line: exit status 2, nothing on stdout, and on stderr exactly one
/// line, `kingup: <what is wrong> (see kingup help)`; returns that line.
fn usage_error(output: &Output, what: &str) -> String {
    assert_eq!(output.status.code(), Some(2), "{what}: {}", stderr(output));
    assert!(stdout(output).is_empty(), "{what}");
    let err = stderr(output);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "{what}: one line, not the usage: {err}");
    assert!(err.ends_with('\n'), "{what}");
    let line = lines[0];
    assert!(
        line.starts_with("kingup: ") && line.ends_with(" (see kingup help)"),
        "{what}: {line}"
    );
    assert!(line.len() < 300, "{what}: a short line: {line}");
    line.to_owned()
}

#[test]
fn bad_arguments_exit_with_2_and_one_line() {
    let max_iterations = IsmctsConfig::MAX_ITERATIONS + 1;
    let max_games = TournamentConfig::MAX_GAMES + 1;
    let max_threads = TournamentConfig::MAX_THREADS + 1;
    let long = "x".repeat(100_000);
    for args in [
        "play --players 9".to_owned(),
        "play --seat 4".to_owned(),
        "play --rounds 2".to_owned(),
        "play --bots alphazero".to_owned(),
        "play --seed".to_owned(),
        "play --frobnicate".to_owned(),
        "play --watch=yes".to_owned(),
        "play --delay 60001".to_owned(),
        format!("play --iterations {max_iterations}"),
        "tournament --bots random,random".to_owned(),
        "tournament --players 4 --bots random,random,heuristic".to_owned(),
        "tournament --games zero".to_owned(),
        format!("tournament --games {max_games}"),
        format!("tournament --threads {max_threads}"),
        format!("tournament --iterations {max_iterations}"),
        "frobnicate".to_owned(),
        format!("play --bots {long}"),
        format!("play --{long}"),
        format!("tournament --seed {long}"),
    ] {
        let line = usage_error(&kingup(&args, None), &args[..args.len().min(60)]);
        assert!(!line.contains(&"x".repeat(41)), "quoted cut short: {line}");
    }
    let line = usage_error(&kingup("tournament --threads 65", None), "threads");
    assert_eq!(
        line,
        "kingup: --threads must be a whole number from 1 to 64, not \"65\" (see kingup help)"
    );
}

#[cfg(unix)]
#[test]
fn arguments_that_are_not_utf8_are_usage_errors_not_panics() {
    use std::os::unix::ffi::OsStrExt as _;
    let odd = OsStr::from_bytes;
    for (args, expected) in [
        (
            vec![odd(b"pl\xffy")],
            "kingup: command \"pl\u{FFFD}y\" is not valid UTF-8 (see kingup help)",
        ),
        (
            vec![odd(b"play"), odd(b"--pl\xffyers"), odd(b"4")],
            "kingup: argument \"--pl\u{FFFD}yers\" is not valid UTF-8 (see kingup help)",
        ),
        (
            vec![odd(b"play"), odd(b"--players"), odd(b"\xff")],
            "kingup: --players \"\u{FFFD}\" is not valid UTF-8 (see kingup help)",
        ),
        (
            vec![odd(b"tournament"), odd(b"--bots=random,\xff")],
            "kingup: --bots \"random,\u{FFFD}\" is not valid UTF-8 (see kingup help)",
        ),
        (
            vec![odd(b"play"), odd(b"\xff\xfe")],
            "kingup: argument \"\u{FFFD}\u{FFFD}\" is not valid UTF-8 (see kingup help)",
        ),
    ] {
        let output = kingup_os(args.iter().copied(), None);
        let line = usage_error(&output, &format!("{args:?}"));
        assert_eq!(line, expected);
    }
}

#[cfg(unix)]
#[test]
fn a_file_name_may_be_any_bytes() {
    use std::os::unix::ffi::OsStrExt as _;
    let dir = std::env::temp_dir().join(format!("kingup-cli-names-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(OsStr::from_bytes(b"caf\xe9.json"));
    let mut inline = OsStr::new("--save=").to_owned();
    inline.push(&file);
    let args = [
        "play",
        "--watch",
        "--players",
        "3",
        "--rounds",
        "1",
        "--seed",
        "4",
    ];
    let output = kingup_os(
        args.iter().map(OsStr::new).chain([inline.as_os_str()]),
        None,
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let saved = std::fs::read_to_string(&file).expect("the save is written");
    assert!(kingup_core::Session::from_json(saved.trim_end()).is_ok());
    let output = kingup_os(
        [
            OsStr::new("play"),
            OsStr::new("--watch"),
            OsStr::new("--load"),
            file.as_os_str(),
        ],
        None,
    );
    assert!(output.status.success(), "{}", stderr(&output));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_longer_than_any_save_is_refused_unread() {
    let dir = std::env::temp_dir().join(format!("kingup-cli-big-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("big.json");
    std::fs::write(&file, vec![b' '; 10 << 20]).unwrap();
    let output = kingup(&format!("play --watch --load {}", file.display()), None);
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains(&format!(
            "the file is longer than {} bytes",
            MAX_SAVE_LEN + 2
        )),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn help_prints_the_usage_with_every_limit() {
    for args in ["", "help", "--help", "play --help", "tournament -h"] {
        let output = kingup(args, None);
        assert!(output.status.success(), "{args}");
        let text = stdout(&output);
        assert!(
            text.contains("kingup play") && text.contains("kingup tournament"),
            "{args}"
        );
        // Each limit as the option is checked against it.
        for limit in [
            format!("{} to {} players", Config::MIN_PLAYERS, Config::MAX_PLAYERS),
            format!("1 to {} (default", IsmctsConfig::MAX_ITERATIONS),
            format!("games to play, 1 to {}", TournamentConfig::MAX_GAMES),
            format!("worker threads, 1 to {}", TournamentConfig::MAX_THREADS),
            format!("at most {} KiB", MAX_SAVE_LEN / 1024),
            "0 to 60000".to_owned(),
            "0 to 2^64-1".to_owned(),
        ] {
            assert!(text.contains(&limit), "{args}: {limit}\n{text}");
        }
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

#[test]
fn version_prints_the_package_version() {
    for flag in ["--version", "-V", "version"] {
        let output = kingup(flag, None);
        assert!(output.status.success());
        assert_eq!(
            stdout(&output),
            format!("kingup {}\n", env!("CARGO_PKG_VERSION"))
        );
    }
}
