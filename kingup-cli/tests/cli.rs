//! Runs the built `kingup` binary: watching, scripted play, bad arguments, a tournament.

use std::ffi::OsStr;
use std::process::{Command, Output, Stdio};

use kingup_bots::{IsmctsConfig, TournamentConfig};
use kingup_core::{Action, Config, MAX_SAVE_LEN};

mod common;

use common::{KINGUP, stderr, stdout};

/// Runs `kingup args` with `input` on stdin (closed right after), and collects the output.
fn kingup(args: &str, input: Option<String>) -> Output {
    common::run(args.split_whitespace(), input.as_deref())
}

/// As [`kingup`], with arguments that need not be UTF-8.
fn kingup_os<'a>(args: impl IntoIterator<Item = &'a OsStr>, input: Option<String>) -> Output {
    common::run(args, input.as_deref())
}

/// `text` with every run of whitespace made one space: sentences read across the lines
/// they were wrapped into.
fn squash(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Columns the terminal gives a line: every character the game prints is one column wide.
fn columns(line: &str) -> usize {
    line.chars().count()
}

/// Asserts that no line of `text` is wider than an 80-column terminal.
fn assert_fits_80_columns(text: &str, what: &str) {
    for line in text.lines() {
        assert!(
            columns(line) <= 80,
            "{what}: a line of {} columns:\n{line}",
            columns(line)
        );
    }
}

/// A printed shell command: from `label` to the end of its last line, the lines that end
/// with ` \` joined, as one line.
fn command_after(text: &str, label: &str) -> String {
    let start = text.find(label).expect("the command is printed") + label.len();
    let mut command = String::new();
    for line in text[start..].lines() {
        match line.strip_suffix(" \\") {
            Some(part) => command.push_str(part),
            None => {
                command.push_str(line);
                break;
            }
        }
    }
    squash(&command)
}

#[test]
fn watch_mode_runs_to_the_end_with_stdin_closed() {
    let output = kingup(
        "play --watch --players 3 --seed 5 --bots heuristic,random",
        None,
    );
    let text = stdout(&output);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_fits_80_columns(&text, "watching");
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
    assert_fits_80_columns(&text, "scripted play");
    let words = squash(&text);
    // Your objective is shown to you, and the castle is drawn with it marked.
    assert!(words.contains("You are dealt objective card"), "{text}");
    assert!(text.contains("* your objective"), "{text}");
    // Bad input re-prompts with a reason.
    assert!(words.contains("\"xyzzy\" is not a move"), "{text}");
    assert!(
        words.contains(
            "You cannot place Beatrice on Servants (0): characters are placed on floors 1 to 4"
        ),
        "{text}"
    );
    assert!(text.contains("Your legal moves:"), "{text}");
    assert!(text.contains("How to play"), "{text}");
    assert!(words.contains("is already in the castle"), "{text}");
    // Messages speak to the person: never of their seat in the third person.
    for line in text.lines() {
        assert!(
            !line.contains("Seat 2 ") && !line.contains("(you)") && !line.contains("it has"),
            "{line}"
        );
    }
    // Good moves are played: through placement and the climb to the votes.
    assert!(text.contains("· climb phase ·"), "{text}");
    assert!(words.contains("Vote on"), "{text}");
    // To the end, with every objective revealed at each round's end.
    assert_eq!(
        text.matches("every objective revealed").count(),
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
    let command = command_after(&text, "Same game again:");
    let args = command.strip_prefix("kingup ").expect("a kingup command");
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
        "arena --players 3 --entrants reader:0,heuristic,random".to_owned(),
        "play --bots reader:20".to_owned(),
        "frobnicate".to_owned(),
        format!("play --bots {long}"),
        format!("play --{long}"),
        format!("tournament --seed {long}"),
        "arena --entrants random,heuristic".to_owned(),
        "arena --players 3 --entrants random:5,heuristic,random".to_owned(),
        "arena --players 3 --entrants ismcts:0,heuristic,random".to_owned(),
        format!("arena --players 3 --entrants ismcts:{max_iterations},heuristic,random"),
        format!(
            "arena --players 3 --entrants {}",
            vec!["random"; 17].join(",")
        ),
        "arena --deals 0".to_owned(),
        "arena --deals 10000001".to_owned(),
        format!("arena --threads {max_threads}"),
        "arena --svg".to_owned(),
        "arena --games 3".to_owned(),
        format!("arena --entrants {long}"),
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
    for args in [
        "",
        "help",
        "--help",
        "play --help",
        "tournament -h",
        "arena --help",
    ] {
        let output = kingup(args, None);
        assert!(output.status.success(), "{args}");
        let text = stdout(&output);
        assert!(
            text.contains("kingup play") && text.contains("kingup tournament"),
            "{args}"
        );
        assert_fits_80_columns(&text, args);
        assert!(text.contains("`log`"), "{text}");
        // Each limit as the option is checked against it.
        for limit in [
            format!("{} to {} players", Config::MIN_PLAYERS, Config::MAX_PLAYERS),
            format!("1 to {} (default", IsmctsConfig::MAX_ITERATIONS),
            format!("games to play, 1 to {}", TournamentConfig::MAX_GAMES),
            format!("worker threads, 1 to {}", TournamentConfig::MAX_THREADS),
            format!("at most {} KiB", MAX_SAVE_LEN / 1024),
            format!(
                "deals to play, 1 to {}",
                kingup_bots::ArenaConfig::MAX_DEALS
            ),
            "0 to 60000".to_owned(),
            "0 to 2^64-1".to_owned(),
        ] {
            assert!(text.contains(&limit), "{args}: {limit}\n{text}");
        }
    }
}

/// The ladder's rows of an arena's output, split into fields.
fn ladder_rows(text: &str) -> Vec<Vec<&str>> {
    text.lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|f| f.len() == 12 && f[0].parse::<usize>().is_ok())
        .collect()
}

#[test]
fn a_small_arena_prints_the_ladder_and_draws_it() {
    let dir = std::env::temp_dir().join(format!("kingup-arena-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("ladder.svg");
    let args = format!(
        "arena --players 3 --entrants random,heuristic,random --deals 6 --threads 2 --seed 3 \
         --svg {}",
        svg.display()
    );
    let output = kingup(&args, None);
    let text = stdout(&output);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_fits_80_columns(&text, "arena");
    // Three entrants at one three-seat table: 6 deals, 18 games each.
    let rows = ladder_rows(&text);
    assert_eq!(rows.len(), 3, "{text}");
    assert!(rows.iter().all(|f| f[5] == "18"), "{text}");
    let total: f64 = rows
        .iter()
        .map(|f| f[6].trim_end_matches('%').parse::<f64>().unwrap())
        .sum();
    assert!(
        (total - 100.0).abs() < 0.2,
        "win rates sum to {total}\n{text}"
    );
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert!(drawn.starts_with("<svg ") && drawn.matches("<circle").count() == 3);
    // Not a terminal: no progress at all.
    assert!(stderr(&output).is_empty(), "{}", stderr(&output));
    // The same arena on one thread prints the same tables.
    let one = stdout(&kingup(&args.replace("--threads 2", "--threads 1"), None));
    let tables = |t: &str| -> String {
        t.lines()
            .filter(|l| l.contains('±'))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(tables(&one), tables(&text));
    // An SVG that cannot be written: status 1, nothing played.
    let bad = kingup(
        "arena --players 3 --entrants random,heuristic,random --svg /nonexistent/x.svg",
        None,
    );
    assert_eq!(bad.status.code(), Some(1));
    assert!(stdout(&bad).is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
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
    assert_fits_80_columns(&text, "tournament");
    assert_eq!(
        command_after(&text, "command:"),
        "kingup tournament --games 12 --players 3 --bots random,random,heuristic --seed 3 \
         --threads 1",
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

/// The person's lines for a whole game: [`every_move`] over and over, with `no` instead of
/// `yes` every third time round, so that the person votes both ways.
fn a_whole_game_of_moves() -> String {
    let mut lines = Vec::new();
    for cycle in 0..300 {
        let mut moves = every_move();
        if cycle % 3 == 2 {
            *moves.last_mut().expect("a vote ends the list") = "no".to_owned();
        }
        lines.extend(moves);
    }
    lines.join("\n") + "\n"
}

/// What the person is asked at a prompt, and what that prompt's screen must show.
#[derive(Debug)]
enum Asked {
    /// A move; the screen shows these, the others' moves and the votes' outcomes since the
    /// person's last answer, in order.
    Move(Vec<String>),
    /// Enter at a round's end; the same for the screen with the scores.
    Enter(Vec<String>),
}

/// Replays a saved game as the person at `me` lived it: every prompt they were asked
/// (their moves, but for the Yes they had to cast without a No card, and the pause at
/// each round's end) with what happened since their previous answer.
fn prompts_of(save: &str, me: usize) -> Vec<Asked> {
    use kingup_core::{Event, Game, Session, Step, Vote};
    let session = Session::from_json(save.trim_end()).expect("a save document");
    let mut game = Game::new(*session.config()).expect("the saved config");
    let mut since = Vec::new();
    let mut asked = Vec::new();
    for &step in &session.replay().steps {
        let mover = match step {
            Step::Action { seat, action } => Some((seat.index(), action)),
            Step::Chance(_) => None,
        };
        if let Some((seat, action)) = mover.filter(|&(seat, _)| seat == me) {
            let view = game.player_view(kingup_core::Seat::new(seat).expect("a seat"));
            let forced = action == Action::Vote(Vote::Yes) && view.no_cards() == 0;
            if !forced {
                asked.push(Asked::Move(std::mem::take(&mut since)));
            }
        }
        let mut events = Vec::new();
        game.apply_step(step, &mut events)
            .expect("a saved step replays");
        match mover {
            Some((seat, Action::Place { character, floor })) if seat != me => since.push(format!(
                "Seat {seat} places {character} on {floor} ({})",
                floor.index()
            )),
            Some((seat, Action::Climb { character })) if seat != me => {
                let to = game
                    .public_view()
                    .castle
                    .floor_of(character)
                    .expect("climbed");
                since.push(format!(
                    "Seat {seat} moves {character} up to {to} ({})",
                    to.index()
                ));
            }
            _ => {}
        }
        for event in events {
            match event {
                Event::Eliminated { character } => {
                    since.push(format!("{character} is eliminated"));
                }
                Event::Crowned { character } => since.push(format!("Long live King {character}")),
                Event::RoundScored { .. } => {
                    asked.push(Asked::Enter(std::mem::take(&mut since)));
                }
                _ => {}
            }
        }
    }
    asked
}

/// The output cut into screens: each ends with a prompt's row (`> ` and the echoed answer)
/// and holds what was printed since the previous answer; the last holds the rest.
fn screens(text: &str) -> Vec<Vec<&str>> {
    let mut screens = vec![Vec::new()];
    for line in text.lines() {
        screens.last_mut().expect("a screen").push(line);
        if line.starts_with("> ") || line == ">" {
            screens.push(Vec::new());
        }
    }
    screens
}

/// Checks that `screen` shows `expected` (sentences' beginnings, oldest first) below its
/// "since your last move" rule: all of them in order, or the latest ones in order after a
/// line saying how many earlier events are left out.
fn assert_shows_recent(screen: &[&str], expected: &[String], what: &str) {
    let shown = || screen.join("\n");
    let rule = screen
        .iter()
        .position(|l| l.starts_with("── since your last move"));
    let recent = match rule {
        Some(at) => &screen[at + 1..],
        None => {
            assert!(
                expected.is_empty(),
                "{what}: no recent moves shown\n{}",
                shown()
            );
            return;
        }
    };
    let found: Vec<Option<usize>> = expected
        .iter()
        .map(|e| recent.iter().position(|l| l.contains(e.as_str())))
        .collect();
    let hidden = found.iter().take_while(|f| f.is_none()).count();
    let lines: Vec<usize> = found[hidden..]
        .iter()
        .map(|f| f.unwrap_or_else(|| panic!("{what}: {expected:?} not all shown\n{}", shown())))
        .collect();
    assert!(
        lines.windows(2).all(|w| w[0] < w[1]),
        "{what}: out of order\n{}",
        shown()
    );
    let cut = recent
        .iter()
        .find_map(|l| l.strip_prefix("  … "))
        .map(|rest| {
            let n = rest.split(' ').next().expect("a count");
            let n = n.parse::<usize>().expect("a number of events");
            let (noun, them) = if n == 1 {
                ("event ", "it")
            } else {
                ("events ", "them")
            };
            assert!(rest.contains(noun), "{what}: {rest}");
            assert!(
                rest.ends_with(&format!("(type `log` to see {them})")),
                "{what}: {rest}"
            );
            n
        });
    match cut {
        Some(left_out) => assert!(
            left_out >= hidden && left_out > 0,
            "{what}: {left_out} left out, {hidden} missing\n{}",
            shown()
        ),
        None => assert_eq!(hidden, 0, "{what}: moves missing\n{}", shown()),
    }
}

/// Plays a scripted game as the seat `--seat` names, saving it, and checks what the
/// person saw: no line wider than 80 columns; every screen, from the previous answer to a
/// prompt, at most 24 rows; each screen that asks for a move or for Enter shows the
/// others' moves and the votes' outcomes since the person's previous answer (or the latest
/// of them after a line counting the rest). Returns the output.
fn play_and_check_screens(args: &str, me: usize) -> String {
    let dir = std::env::temp_dir().join(format!(
        "kingup-cli-screens-{}-{}",
        std::process::id(),
        args.replace([' ', '-', ','], "")
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.json");
    let output = kingup(
        &format!("play --script --seat {me} {args} --save {}", file.display()),
        Some(a_whole_game_of_moves()),
    );
    let text = stdout(&output);
    assert!(
        output.status.success(),
        "{args}: {}\n{text}",
        stderr(&output)
    );
    assert_fits_80_columns(&text, args);
    let screens = screens(&text);
    for screen in &screens {
        assert!(
            screen.len() <= 24,
            "{args}: a screen of {} rows:\n{}",
            screen.len(),
            screen.join("\n")
        );
    }
    // The screens that ask for a move (they show the board) or wait at a round's end,
    // one for each prompt the saved game says the person was asked, in order.
    let asking: Vec<&Vec<&str>> = screens
        .iter()
        .filter(|s| {
            s.iter()
                .any(|l| l.ends_with("· your move ──") || l.contains("· your move ─"))
                || s.iter().any(|l| l.starts_with("Press Enter for "))
        })
        .collect();
    let asked = prompts_of(&std::fs::read_to_string(&file).unwrap(), me);
    assert_eq!(asking.len(), asked.len(), "{args}: one screen a prompt");
    for (i, (screen, asked)) in asking.iter().zip(&asked).enumerate() {
        let what = format!("{args}, prompt {i}");
        let waits = screen.iter().any(|l| l.starts_with("Press Enter for "));
        match asked {
            Asked::Move(expected) => {
                assert!(!waits, "{what}: a move was asked");
                assert_shows_recent(screen, expected, &what);
                // The board first, then what happened, just above the question.
                let board = screen.iter().position(|l| l.contains("· your move"));
                let recent = screen.iter().position(|l| l.starts_with("── since"));
                assert!(recent.is_none() || recent > board, "{what}");
            }
            Asked::Enter(expected) => {
                assert!(waits, "{what}: Enter was asked");
                assert!(
                    screen
                        .iter()
                        .any(|l| l.contains("every objective revealed")),
                    "{what}"
                );
                assert_shows_recent(screen, expected, &what);
            }
        }
    }
    // The person is "you", never their seat in the third person.
    for line in text.lines() {
        assert!(
            !line.contains(&format!("Seat {me} ")) && !line.contains("(you)"),
            "{args}: {line}"
        );
    }
    // The seed comes only once the game is over.
    let over = text.find("── Game over").expect("the game ends");
    assert!(!text[..over].contains("seed"), "{args}");
    std::fs::remove_dir_all(&dir).unwrap();
    text
}

#[test]
fn every_screen_of_a_3_player_game_fits_80_by_24_and_shows_the_others_moves() {
    let text = play_and_check_screens("--players 3 --seed 21 --bots random,heuristic", 1);
    // Through votes both ways, eliminations and three crownings.
    assert!(text.contains("is eliminated"), "{text}");
    assert_eq!(text.matches("Long live King").count(), 3, "{text}");
    let text = play_and_check_screens(
        "--players 3 --rounds 1 --random-layout --seed 23 --bots heuristic",
        0,
    );
    assert!(text.contains("is eliminated"), "{text}");
}

#[test]
fn every_screen_of_a_6_player_game_fits_80_by_24_and_shows_the_others_moves() {
    let text = play_and_check_screens("--players 6 --seed 8 --bots random,heuristic", 4);
    assert!(text.contains("is eliminated"), "{text}");
    assert_eq!(text.matches("Long live King").count(), 3, "{text}");
    // Five others move between two of the person's moves, with elections among them: some
    // screens have to cut what happened to its latest.
    assert!(text.contains("earlier events (type `log`"), "{text}");
    let text = play_and_check_screens(
        "--players 6 --rounds 1 --random-layout --seed 2 --bots random",
        0,
    );
    assert!(text.contains("is eliminated"), "{text}");
}

#[test]
fn log_shows_the_game_so_far_and_board_draws_the_screen_again() {
    let output = kingup(
        "play --script --players 6 --seat 5 --seed 3 --bots random",
        Some("log\nboard\nquit\n".to_owned()),
    );
    let text = stdout(&output);
    assert!(output.status.success(), "{}\n{text}", stderr(&output));
    let screens = screens(&text);
    assert_eq!(screens.len(), 4, "{text}");
    // `log`: the game so far, the person's dealt objective and the five others' first
    // placements.
    let log = &screens[1];
    assert!(log[0].starts_with("── the game so far"), "{text}");
    assert_eq!(log[1], "Round 1 of 3:", "{text}");
    assert!(
        log.iter()
            .any(|l| l.contains("You are dealt objective card"))
    );
    assert_eq!(
        log.iter().filter(|l| l.contains(" places ")).count(),
        5,
        "{text}"
    );
    // `board`: the same screen as the first, from the board on (the first began with the
    // introduction, so it had fewer rows for what happened).
    let board = &screens[2];
    assert!(board.len() <= 24, "{text}");
    assert!(board[0].contains("· your move"), "{text}");
    let first = &screens[0];
    let from_board = first
        .iter()
        .position(|l| l.contains("· your move"))
        .unwrap();
    assert_eq!(board[..13], first[from_board..from_board + 13], "{text}");
    assert_eq!(
        board.iter().filter(|l| l.contains(" places ")).count(),
        5,
        "{text}"
    );
    assert!(screens[3].iter().any(|l| l.contains("You leave the game")));
}

#[test]
fn log_late_in_the_game_shows_every_earlier_round_whole() {
    use kingup_core::{Game, Session, Step};
    let dir = std::env::temp_dir().join(format!("kingup-cli-log-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.json");
    // `log` every few lines: the last one comes late in the game.
    let script: String = (0..300)
        .flat_map(|_| every_move())
        .collect::<Vec<_>>()
        .chunks(10)
        .map(|moves| format!("log\n{}\n", moves.join("\n")))
        .collect();
    let output = kingup(
        &format!(
            "play --script --players 3 --seat 0 --seed 4 --bots heuristic --save {}",
            file.display()
        ),
        Some(script),
    );
    let text = stdout(&output);
    assert!(output.status.success(), "{}\n{text}", stderr(&output));
    assert_fits_80_columns(&text, "log");
    let screens = screens(&text);
    let log = screens
        .iter()
        .rev()
        .find(|s| s[0].starts_with("── the game so far"))
        .expect("a log");
    let round = |n: usize| {
        let start = log
            .iter()
            .position(|l| *l == format!("Round {n} of 3:"))
            .unwrap_or_else(|| panic!("round {n} in the log:\n{}", log.join("\n")));
        let end = log[start + 1..]
            .iter()
            .position(|l| l.starts_with("Round "))
            .map_or(log.len(), |e| start + 1 + e);
        &log[start + 1..end]
    };
    assert!(log.contains(&"Round 3 of 3:"), "{}", log.join("\n"));
    // Each finished round whole: every placement and climb the save holds for it, the
    // person's own among them, and how it ended.
    let session = Session::from_json(std::fs::read_to_string(&file).unwrap().trim_end())
        .expect("a save document");
    let mut game = Game::new(*session.config()).unwrap();
    let mut moves = [(0, 0); 2];
    for &step in &session.replay().steps {
        let round = game.round();
        if let Step::Action { action, .. } = step {
            match (round, action) {
                (0 | 1, Action::Place { .. }) => moves[usize::from(round)].0 += 1,
                (0 | 1, Action::Climb { .. }) => moves[usize::from(round)].1 += 1,
                _ => {}
            }
        }
        game.apply_step(step, &mut Vec::new()).unwrap();
    }
    for (n, (places, climbs)) in [1, 2].into_iter().zip(moves) {
        let lines = round(n);
        let count = |what: &str| lines.iter().filter(|l| l.contains(what)).count();
        let placed = count(" places ") + count("  You place ");
        assert_eq!(placed, places, "round {n}:\n{}", lines.join("\n"));
        assert_eq!(count(" up to "), climbs, "round {n}:\n{}", lines.join("\n"));
        assert!(count("  You place ") > 0, "round {n}: your own moves too");
        assert_eq!(count("You are dealt objective card"), 1, "round {n}");
        assert_eq!(count("Long live King"), 1, "round {n}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_readme_shows_the_first_screen_as_printed() {
    let readme = include_str!("../README.md");
    let prompt = "$ echo quit | kingup ";
    let start = readme.find(prompt).expect("the README shows a screen") + prompt.len();
    let (command, rest) = readme[start..]
        .split_once('\n')
        .expect("its output follows");
    let shown = &rest[..rest.find("```").expect("the block ends")];
    let output = kingup(command, Some("quit\n".to_owned()));
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), shown);
    assert!(shown.contains("── since your last move"), "{shown}");
}

#[test]
fn reader_bots_play_in_the_arena_and_at_the_table() {
    let args = "arena --players 3 --entrants reader:20,heuristic,random --deals 2 --threads 1 \
                --seed 3";
    let output = kingup(args, None);
    let text = stdout(&output);
    assert!(output.status.success(), "{}", stderr(&output));
    let rows = ladder_rows(&text);
    assert_eq!(rows.len(), 3, "{text}");
    assert!(rows.iter().any(|f| f.contains(&"reader-20")), "{text}");
    assert!(
        command_after(&text, "command:").contains("--entrants reader:20,heuristic,random"),
        "{text}"
    );

    let output = kingup(
        "play --watch --players 3 --seed 5 --bots reader,heuristic --iterations 20",
        None,
    );
    let text = stdout(&output);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        squash(&text).contains("reader: 20 iterations a move"),
        "{text}"
    );
    assert!(text.contains("Game over"), "{text}");
    let again = command_after(&text, "Same game again:");
    assert!(
        again.contains("--bots reader,heuristic") && again.contains("--iterations 20"),
        "{again}"
    );
}

#[test]
fn an_explicit_chance_save_is_played_to_the_end_and_saved_in_place() {
    let dir = std::env::temp_dir().join(format!("kingup-cli-explicit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("explicit.json");
    let path = file.to_str().unwrap();
    // Python, C and C# write saves with explicit chance: every deal a step of its own.
    let config = kingup_core::Config::new(4);
    let generator = kingup_core::Generator::new(3);
    let mode = kingup_core::ChanceMode::Explicit;
    let session = kingup_core::Session::with_generator(config, generator, mode).unwrap();
    std::fs::write(&file, session.to_json()).unwrap();
    let output = kingup(&format!("play --watch --load {path}"), None);
    let text = stdout(&output);
    assert!(output.status.success(), "{}\n{text}", stderr(&output));
    assert!(text.contains("Game over"), "{text}");
    // No --save: the game went on being saved to the file it came from.
    let done = kingup_core::Session::from_json(std::fs::read_to_string(&file).unwrap().trim_end())
        .unwrap();
    assert!(done.game().is_over());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_cut_stdout_is_no_success() {
    // A reader that went away before anything was written (as `| head` does): the output
    // is cut, status 141 as after SIGPIPE, not 0.
    let mut child = Command::new("sh")
        .args(["-c", &format!("sleep 0.5; exec '{KINGUP}' help")])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    drop(child.stdout.take());
    let status = child.wait().expect("kingup ends");
    assert_eq!(status.code(), Some(141));
}
