//! docs/bots.md's commands run as written, and its transcripts are what they print; so do
//! docs/protocol.md's, and its smallest engine plays.
//!
//! This file reads the repository's docs, so it is left out of the published package.

use std::path::Path;
use std::process::{Command, Output, Stdio};

const KINGUP: &str = env!("CARGO_BIN_EXE_kingup");

/// The fenced blocks of `docs/bots.md` in language `lang`, each as its lines.
fn blocks(lang: &str) -> Vec<Vec<String>> {
    blocks_of("bots.md", lang)
}

/// The fenced blocks of `docs/DOC` in language `lang`, each as its lines.
fn blocks_of(doc: &str, lang: &str) -> Vec<Vec<String>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../docs")
        .join(doc);
    let text = std::fs::read_to_string(path).expect("the docs are in the repository");
    let fence = format!("```{lang}");
    let mut blocks = Vec::new();
    let mut lines = text.lines();
    while lines.any(|line| line == fence) {
        blocks.push(
            lines
                .by_ref()
                .take_while(|line| *line != "```")
                .map(str::to_owned)
                .collect(),
        );
    }
    blocks
}

/// Runs a documented `kingup ...` command line, with no input (so `play` watches).
fn run(line: &str) -> Output {
    assert!(
        line.starts_with("kingup "),
        "a documented command starts with `kingup `: {line}"
    );
    run_quoted(line)
}

#[test]
fn the_tournament_transcripts_are_what_the_commands_print() {
    let transcripts: Vec<_> = blocks("text")
        .into_iter()
        .filter(|block| block[0].starts_with("$ kingup tournament"))
        .collect();
    assert_eq!(transcripts.len(), 3, "one per table size");
    for block in transcripts {
        let output = run(&block[0][2..]);
        let stdout = String::from_utf8(output.stdout).unwrap();
        let table = block[1..].join("\n");
        assert!(
            stdout.contains(&table),
            "`{}` printed\n{stdout}\nnot the documented\n{table}",
            block[0]
        );
    }
}

#[test]
fn the_arena_transcript_is_what_the_command_prints() {
    let transcripts: Vec<_> = blocks("text")
        .into_iter()
        .filter(|block| block[0].starts_with("$ kingup arena"))
        .collect();
    assert_eq!(transcripts.len(), 1);
    for block in transcripts {
        let output = run(&block[0][2..]);
        let stdout = String::from_utf8(output.stdout).unwrap();
        // The tables, not the first lines (they give the time taken).
        for table in block[1..].split(|line| line.is_empty()) {
            let table = table.join("\n");
            assert!(
                stdout.contains(&table),
                "`{}` printed\n{stdout}\nnot the documented\n{table}",
                block[0]
            );
        }
    }
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "searching bots are slow in debug builds; run with --release"
)]
fn the_documented_commands_run() {
    let commands: Vec<String> = blocks("sh").into_iter().flatten().collect();
    assert_eq!(commands.len(), 4);
    for line in commands {
        let stdout = String::from_utf8(run(&line).stdout).unwrap();
        let finished = if line.contains(" play ") {
            "Winner"
        } else {
            "win rate"
        };
        assert!(stdout.contains(finished), "`{line}` printed\n{stdout}");
    }
}

/// Runs a documented command line from the repository's root, with no input, split as a
/// shell would (engines are quoted), with `kingup` standing for this build's binary.
fn run_quoted(line: &str) -> Output {
    let words = shlex::split(line)
        .unwrap_or_else(|| panic!("a documented command splits into words: {line}"));
    // `kingup` as the command, and as an engine's command (`NAME=kingup engine ...`).
    let words: Vec<String> = words
        .into_iter()
        .map(|word| match word.split_once("=kingup ") {
            Some((name, rest)) => format!("{name}={KINGUP} {rest}"),
            None if word == "kingup" => KINGUP.to_owned(),
            None => word,
        })
        .collect();
    let output = Command::new(&words[0])
        .args(&words[1..])
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap())
        .stdin(Stdio::null())
        .output()
        .expect("the documented command runs");
    assert!(
        output.status.success(),
        "`{line}` failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "engines read their views back by a search, slow in debug builds; run with --release"
)]
fn the_protocol_commands_run_and_its_smallest_engine_plays() {
    let commands: Vec<String> = blocks_of("protocol.md", "sh")
        .into_iter()
        .flatten()
        .collect();
    assert_eq!(commands.len(), 3);
    for line in commands {
        let stdout = String::from_utf8(run_quoted(&line).stdout).unwrap();
        // The others build an engine.
        if line.starts_with("kingup ") {
            assert!(stdout.contains("win rate"), "`{line}` printed\n{stdout}");
            assert!(!stdout.contains("Forfeited"), "`{line}` printed\n{stdout}");
        }
    }
    let engines = blocks_of("protocol.md", "python");
    assert_eq!(engines.len(), 1);
    let script = std::env::temp_dir().join(format!("kingup-doc-engine-{}.py", std::process::id()));
    std::fs::write(&script, engines[0].join("\n")).unwrap();
    let engine = format!("doc=python3 {}", script.display());
    let output = run_quoted(&format!(
        "kingup arena --players 3 --entrants heuristic,random --engine {} --deals 3",
        shlex::try_quote(&engine).unwrap()
    ));
    std::fs::remove_file(&script).unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.contains(" doc ") && !stdout.contains("Forfeited"),
        "{stdout}"
    );
}
