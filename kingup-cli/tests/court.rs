//! Runs `kingup court ...`: a game played by bots through a pipe, scripted moves refused
//! and accepted, bad arguments, watching, and a tournament for two thread counts.

use std::process::Output;

mod common;

use common::{stderr, stdout};

/// Runs `kingup args` with `input` on stdin (closed right after; no input: `/dev/null`).
fn kingup(args: &str, input: Option<&str>) -> Output {
    common::run(args.split_whitespace(), input)
}

fn assert_fits_80_columns(text: &str) {
    for line in text.lines() {
        assert!(
            line.chars().count() <= 80,
            "a line wider than 80 columns:\n{line}"
        );
    }
}

/// The printed `Same game again:` command, its continuation lines joined.
fn replay_command(text: &str) -> String {
    let start = text
        .find("Same game again:")
        .expect("the replay command is printed");
    text[start + "Same game again:".len()..]
        .split_whitespace()
        .filter(|word| *word != "\\")
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn a_piped_game_is_played_by_bots_to_a_result_then_the_seed() {
    // Standard input is a pipe, not a terminal: a bot plays the person's seat.
    let output = kingup("court play --players 3 --bots greedy,random", Some(""));
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert_fits_80_columns(&text);
    let result = text
        .lines()
        .position(|l| l.starts_with("Winner: seat ") || l.starts_with("No winner"))
        .unwrap_or_else(|| panic!("no result line:\n{text}"));
    // The secret seed comes after the result, and only there.
    let command = replay_command(&text);
    let seed = command
        .split("--seed ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .expect("the command has the seed");
    let before: Vec<&str> = text.lines().take(result + 1).collect();
    assert!(
        !before
            .iter()
            .any(|l| l.contains("seed") || l.contains(seed)),
        "the seed {seed} shows before the end"
    );
    assert!(text.contains("starts a turn with"), "{text}");
    // The printed command plays the very same game again.
    let again = kingup(command.strip_prefix("kingup ").unwrap(), None);
    assert!(again.status.success(), "{}", stderr(&again));
    assert_eq!(stdout(&again), text);
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let args = "court play --players 4 --bots random,greedy --seed 11 --max-rounds 30";
    let first = stdout(&kingup(args, None));
    assert_eq!(first, stdout(&kingup(args, None)));
    let other = stdout(&kingup(&args.replace("11", "12"), None));
    assert_ne!(first, other);
}

#[test]
fn the_search_bot_plays_and_competes_by_name() {
    // Two rounds only: the search is slow in debug builds.
    let args = "court play --watch --players 2 --bots mcts,greedy --seed 4 --max-rounds 2";
    let output = kingup(args, None);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("* seat 0 mcts starts a turn with"), "{text}");
    assert_eq!(
        text,
        stdout(&kingup(args, None)),
        "the same seed, the same game"
    );
    let output = kingup(
        "court tournament --games 2 --players 2 --bots mcts,greedy --max-rounds 2",
        None,
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.lines()
            .any(|line| line.starts_with("mcts ") && line.contains('%')),
        "{text}"
    );
}

#[test]
fn watching_prints_every_turn_and_the_result() {
    let output = kingup(
        "court play --watch --players 5 --bots greedy,random --seed 2 --max-rounds 20 \
         --unlimited-jesters",
        None,
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert_fits_80_columns(&text);
    assert!(text.starts_with("To Court the King: 5 players"), "{text}");
    let squashed = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(squashed.contains("unlimited Jesters"), "{text}");
    for seat in 0..5 {
        let bot = if seat % 2 == 0 { "greedy" } else { "random" };
        assert!(
            text.contains(&format!("* seat {seat} {bot} starts a turn with")),
            "seat {seat}:\n{text}"
        );
    }
    assert!(text.contains(": roll → active ["), "{text}");
    assert!(text.contains("'s result is "), "{text}");
    assert!(text.contains("── round 2 begins"), "{text}");
    // No prompt: nobody is asked anything.
    assert!(!text.contains("Your move"), "{text}");
    let last_lines: Vec<&str> = text.lines().rev().take(4).collect();
    assert!(
        last_lines
            .iter()
            .any(|l| l.starts_with("Winner: ") || l.starts_with("No winner")),
        "{text}"
    );
    assert!(replay_command(&text).ends_with("--unlimited-jesters --watch"));
}

/// The table printed at the person's prompts: from the title rule to `Your move` (or to
/// the next prompt), each time.
fn tables(text: &str) -> Vec<String> {
    text.split("── Round ")
        .skip(1)
        .map(|part| part.split("\n> ").next().unwrap_or_default().to_owned())
        .collect()
}

#[test]
fn refused_lines_ask_again_and_change_nothing() {
    // Seat 0 is the first player under seed 3 (the table says so below).
    let args = "court play --script --players 3 --bots random --seed 3";
    let bad = "foo\nkeep 9\nbuy king\nmaid 4>6\n\nboard\nquit\n";
    let output = kingup(args, Some(bad));
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert_fits_80_columns(&text);
    assert!(text.contains(">seat 0 you"), "seat 0 moves first:\n{text}");
    assert!(text.contains("✗ \"foo\": not an action"), "{text}");
    assert!(text.contains("✗ \"keep 9\": not an action"), "{text}");
    assert!(
        text.contains("✗ `buy king` is not legal now: this is not possible in the pre-roll phase"),
        "{text}"
    );
    assert!(text.contains("✗ `maid 4>6` is not legal now"), "{text}");
    // `board` draws the very table of the first prompt: nothing moved.
    let drawn = tables(&text);
    assert_eq!(drawn.len(), 2, "{text}");
    assert_eq!(
        drawn[0]
            .trim_end_matches("Your move (`help` lists your legal moves):")
            .trim_end(),
        drawn[1].trim_end()
    );
    assert!(text.ends_with("You leave the game. Goodbye!\n"), "{text}");
    // Quitting early prints no seed.
    assert!(!text.contains("seed"), "{text}");

    // A legal move is played: the dice are rolled from the session's generator.
    let played = stdout(&kingup(args, Some("help\nroll\nguard\nquit\n")));
    assert!(
        played.contains("    roll                 roll the dice"),
        "{played}"
    );
    assert!(played.contains("seat 0 you: roll → active ["), "{played}");
    assert!(
        played.contains("seat 0 you · dice phase · active ["),
        "{played}"
    );
}

#[test]
fn the_seed_stays_secret_until_the_end() {
    let output = kingup("court play --script --players 2", Some("roll\nquit\n"));
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(!text.contains("seed"), "{text}");
    assert!(!text.contains("Same game again"), "{text}");
    // The end of the input leaves the game too, seedless.
    let text = stdout(&kingup("court play --script --players 2", Some("")));
    assert!(text.contains("End of input."), "{text}");
    assert!(!text.contains("seed"), "{text}");
}

#[test]
fn bad_arguments_exit_2_with_one_line() {
    for args in [
        "court play --bots greedy,alphazero",
        "court play --players 1",
        "court play --players 6",
        "court play --players three",
        "court play --seed -1",
        "court play --seat 3",
        "court play --max-rounds 0",
        "court play --frobnicate",
        "court play --watch --script",
        "court play --players",
        "court dance",
        "court tournament --bots greedy,alphazero",
        "court tournament --players 1",
        "court tournament --players 6",
        "court tournament --games x",
        "court tournament --threads 0",
        "court tournament --max-rounds none",
        "court tournament --players 3 --bots greedy,random",
        "court tournament --watch",
    ] {
        let output = kingup(args, None);
        assert_eq!(output.status.code(), Some(2), "{args}");
        let message = stderr(&output);
        assert_eq!(message.lines().count(), 1, "{args}: {message}");
        assert!(message.starts_with("kingup: "), "{args}: {message}");
        assert!(stdout(&output).is_empty(), "{args}");
    }
    let unknown = stderr(&kingup("court play --bots alphazero", None));
    assert!(unknown.contains("unknown bot \"alphazero\""), "{unknown}");
    assert!(unknown.contains("greedy, random or mcts"), "{unknown}");
}

#[test]
fn help_lists_the_court_commands() {
    let output = kingup("court help", None);
    assert!(output.status.success());
    let text = stdout(&output);
    assert_fits_80_columns(&text);
    for needle in [
        "kingup court play",
        "kingup court tournament",
        "kingup court arena",
        "--max-rounds",
        "keep 4",
    ] {
        assert!(text.contains(needle), "{needle}");
    }
    assert!(stdout(&kingup("help", None)).contains("kingup court"));
}

#[test]
fn tournament_figures_do_not_depend_on_the_thread_count() {
    let run = |threads: u32| {
        let output = kingup(
            &format!(
                "court tournament --games 12 --players 3 --bots greedy,random,random --seed 4 \
                 --max-rounds 30 --threads {threads}"
            ),
            None,
        );
        assert!(output.status.success(), "{}", stderr(&output));
        let text = stdout(&output);
        assert_fits_80_columns(&text);
        // Everything but the command, which names the thread count.
        text.split("command:").next().unwrap().to_owned()
    };
    let one = run(1);
    assert_eq!(one, run(2));
    assert!(one.contains("win rate"), "{one}");
    for name in ["greedy ", "random#1", "random#2"] {
        let row = one
            .lines()
            .find(|l| l.starts_with(name))
            .unwrap_or_else(|| panic!("no row for {name}:\n{one}"));
        assert!(row.contains("% ±"), "{row}");
        assert!(row.split_whitespace().nth(1) == Some("12"), "{row}");
    }
    assert!(
        one.contains("Truncated (nobody bought the King): "),
        "{one}"
    );
}

/// The README's `kingup court` transcripts: each ```text block whose first line is
/// `$ [echo X | printf 'X' |] kingup court ...`, as its command and the lines it shows.
fn readme_transcripts() -> Vec<(String, Option<String>, String)> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let text = std::fs::read_to_string(path).expect("the README is in the package");
    let mut out = Vec::new();
    let mut lines = text.lines();
    while lines.any(|line| line == "```text") {
        let block: Vec<&str> = lines.by_ref().take_while(|line| *line != "```").collect();
        let Some(command) = block[0].strip_prefix("$ ") else {
            continue;
        };
        let (input, command) = match command.split_once(" | ") {
            Some((feed, command)) => {
                let input = if let Some(words) = feed.strip_prefix("echo ") {
                    format!("{words}\n")
                } else {
                    let quoted = feed.strip_prefix("printf '").expect("echo or printf");
                    quoted.trim_end_matches('\'').replace("\\n", "\n")
                };
                (Some(input), command)
            }
            None => (None, command),
        };
        if let Some(args) = command.strip_prefix("kingup court ") {
            out.push((format!("court {args}"), input, block[1..].join("\n")));
        }
    }
    out
}

#[test]
fn the_readme_transcripts_are_what_the_commands_print() {
    let transcripts = readme_transcripts();
    assert_eq!(transcripts.len(), 4, "{transcripts:?}");
    for (args, input, shown) in transcripts {
        let output = kingup(&args, input.as_deref());
        assert!(output.status.success(), "{args}: {}", stderr(&output));
        let printed = stdout(&output);
        assert!(
            printed.contains(&shown),
            "`kingup {args}` printed\n{printed}\nnot the README's\n{shown}"
        );
    }
}

#[test]
fn a_whole_game_typed_through_stdin_reaches_its_result() {
    // Moves typed blindly, the same cycle over and over: the illegal ones are refused, and
    // each cycle plays at least one die or ends the turn, so the game goes on to its end.
    let cycle = "roll\nkeep 6\nkeep 5\nkeep 4\nkeep 3\nkeep 2\nkeep 1\npass\n";
    let input = cycle.repeat(400);
    let output = kingup(
        "court play --script --players 2 --bots random --max-rounds 3",
        Some(&input),
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert_fits_80_columns(&text);
    let result = text
        .lines()
        .position(|l| l.starts_with("Winner: seat ") || l.starts_with("No winner"))
        .unwrap_or_else(|| panic!("no result line:\n{text}"));
    assert!(text.contains("seat 0 you: pass"), "{text}");
    assert!(text.contains("seat 0 you: keep "), "{text}");
    // The seed only after the result, in the command that replays the game.
    let before = text.lines().take(result + 1).collect::<Vec<_>>().join("\n");
    assert!(!before.contains("seed"), "{before}");
    let command = replay_command(&text);
    assert!(
        command.contains("--seed ") && command.ends_with("--seat 0"),
        "{command}"
    );
    // Typed again against the same seed, the same moves play the same game.
    let again = kingup(
        command
            .strip_prefix("kingup ")
            .unwrap()
            .replace("play ", "play --script ")
            .as_str(),
        Some(&input),
    );
    assert_eq!(stdout(&again), text);
}

#[test]
fn the_court_arena_rates_bots_the_same_for_any_thread_count() {
    let run = |threads: u32| {
        let args = format!(
            "court arena --players 2 --entrants greedy,random,random --deals 6 --seed 5 \
             --max-rounds 25 --threads {threads}"
        );
        let output = kingup(&args, None);
        assert!(output.status.success(), "{}", stderr(&output));
        stdout(&output)
    };
    let one = run(1);
    assert_fits_80_columns(&one);
    assert!(one.contains("6 deals at 3 tables of 2 players"), "{one}");
    let ladder: Vec<&str> = one.lines().filter(|l| l.starts_with(" 1  ")).collect();
    assert_eq!(ladder.len(), 1, "{one}");
    assert!(
        ladder[0].contains("greedy"),
        "the greedy bot tops the ladder:\n{one}"
    );
    assert!(
        one.contains("command: kingup court arena --players 2 --entrants greedy,random,random"),
        "{one}"
    );
    // Everything below the summary (which gives the elapsed time) is the same on two
    // threads, but the --threads flag of the command line.
    let body = |text: &str, threads: &str| {
        let lines: Vec<&str> = text.lines().skip(4).collect();
        lines.join("\n").replace(threads, "")
    };
    assert_eq!(body(&one, "--threads 1"), body(&run(2), "--threads 2"));
}

#[test]
fn the_court_arena_refuses_too_few_entrants_and_unknown_bots() {
    let output = kingup("court arena --players 3 --entrants greedy,random", None);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("2 entrants for a 3-player game"),
        "{}",
        stderr(&output)
    );
    let output = kingup("court arena --entrants greedy,alphazero", None);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("--entrants: unknown bot \"alphazero\""),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_saved_court_game_resumes_and_keeps_saving_where_it_came_from() {
    let dir = std::env::temp_dir().join(format!("kingup-court-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("court.json");
    let path = file.to_str().unwrap();
    // Roll, then leave: the save holds the game so far.
    let output = kingup(
        &format!("court play --script --players 3 --seed 5 --bots random --save {path}"),
        Some("roll\nquit\n"),
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let saved = std::fs::read_to_string(&file).unwrap();
    let session = kingup_court::Session::from_json(saved.trim_end()).expect("a save document");
    assert!(!session.game().is_over() && !session.replay().steps.is_empty());
    assert_eq!(session.to_json() + "\n", saved);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let mode = std::fs::metadata(&file).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "a save is its owner's only");
    }

    // Resume it with bots only and no --save: it is played to the end and saved in place.
    let output = kingup(
        &format!("court play --watch --bots greedy --load {path}"),
        None,
    );
    let text = stdout(&output);
    assert!(output.status.success(), "{}\n{text}", stderr(&output));
    assert!(text.contains("Resuming"), "{text}");
    assert!(
        !text.contains("Same game again"),
        "a loaded game has no seed to show: {text}"
    );
    let done = kingup_court::Session::from_json(std::fs::read_to_string(&file).unwrap().trim_end())
        .unwrap();
    assert!(done.game().is_over());
    let before = session.replay().steps.len();
    assert_eq!(done.replay().steps[..before], session.replay().steps[..]);

    // A save with explicit chance (as other languages write) is played to the end too:
    // its dice are drawn from its own generator.
    let mut config = kingup_court::Config::new(2);
    config.max_rounds = Some(30);
    let generator = kingup_court::Generator::new(11);
    let explicit = kingup_court::Session::with_generator(
        config,
        generator,
        kingup_court::ChanceMode::Explicit,
    )
    .unwrap();
    std::fs::write(&file, explicit.to_json()).unwrap();
    let output = kingup(&format!("court play --watch --load {path}"), None);
    assert!(output.status.success(), "{}", stderr(&output));
    let done = kingup_court::Session::from_json(std::fs::read_to_string(&file).unwrap().trim_end())
        .unwrap();
    assert!(done.game().is_over(), "{}", stdout(&output));

    // An edited save is refused with the reason; settings and --load exclude each other.
    std::fs::write(&file, saved.replace("\"version\":1", "\"version\":2")).unwrap();
    let output = kingup(&format!("court play --watch --load {path}"), None);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("cannot load"),
        "{}",
        stderr(&output)
    );
    let output = kingup(
        &format!("court play --watch --players 3 --load {path}"),
        None,
    );
    assert_eq!(output.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_arena_and_tournament_commands_serve_court_with_game_court() {
    for (plain, court) in [
        (
            "arena --game court --players 2 --entrants greedy,random --deals 2 --threads 1",
            "court arena --players 2 --entrants greedy,random --deals 2 --threads 1",
        ),
        (
            "tournament --game=court --games 4 --bots greedy,random --threads 1",
            "court tournament --games 4 --bots greedy,random --threads 1",
        ),
    ] {
        let (a, b) = (kingup(plain, None), kingup(court, None));
        assert!(a.status.success(), "{plain}: {}", stderr(&a));
        let strip = |text: String| -> String {
            // Timings differ between runs; everything else is the same.
            text.lines()
                .filter(|l| !l.contains(" s") && !l.contains("command:"))
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert_eq!(strip(stdout(&a)), strip(stdout(&b)), "{plain}");
        assert!(stdout(&a).contains("greedy"), "{plain}");
    }
    let output = kingup("arena --game chess", None);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--game must be king-up or court"));
}
