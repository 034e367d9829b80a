//! `kingup`: play King Up! (Viva il Re!) in the terminal against bots, watch bots play, or
//! run a tournament between bots.
//!
//! ```text
//! kingup play                      # you against three ISMCTS bots (watch mode without a terminal)
//! kingup play --watch              # four bots play, you watch
//! kingup tournament --games 300 --players 4 --bots ismcts,heuristic,heuristic,heuristic
//! ```
//!
//! Arguments are parsed by hand (no dependency beyond the engine and the bots): a bad one
//! prints the reason and the usage on stderr and exits with status 2.

mod args;
mod bench;
mod bots;
mod moves;
mod play;
mod render;
mod tournament;

use std::process::ExitCode;

/// Prints a line on stdout; ends the program quietly when the reader has gone away
/// (`kingup play --watch | head`), where `println!` would panic.
macro_rules! out {
    () => {
        $crate::write_out(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::write_out(format_args!("{}\n", format_args!($($arg)*)))
    };
}
pub(crate) use out;

/// Writes to stdout and flushes; exits on a closed pipe or another write error.
pub(crate) fn write_out(text: std::fmt::Arguments<'_>) {
    use std::io::Write as _;
    let mut stdout = std::io::stdout().lock();
    if let Err(error) = stdout.write_fmt(text).and_then(|()| stdout.flush()) {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("kingup: cannot write to stdout: {error}");
        std::process::exit(1);
    }
}

pub(crate) const USAGE: &str = "\
kingup: play King Up! (Viva il Re!) against bots, watch bots play, or run bot tournaments

usage:
  kingup play [options]          play one seat in the terminal against bots
  kingup tournament [options]    play many games between bots and print the standings
  kingup help                    print this message

kingup play [--players N] [--seat S] [--bots LIST] [--seed X] [--rounds 1|3]
            [--random-layout] [--iterations N] [--watch] [--script] [--delay MS]
            [--save FILE] [--load FILE]
  --players N        3 to 6 players (default 4)
  --seat S           your seat, 0 to N-1 (default 0); seats are numbered clockwise
  --bots LIST        comma-separated bots: ismcts, heuristic, random. N entries give one
                     bot per seat (your own seat's entry is skipped); fewer are repeated
                     over the bot seats in order (default: ismcts; when watching
                     ismcts,heuristic)
  --seed X           seed of the deal and the bots, 0 to 2^64-1 (default: a secret one
                     from the operating system; it is printed once the game is over, since
                     it predicts every deal)
  --rounds 1|3       the standard 3-round game (default) or the 1-round quick variant
  --random-layout    characters start on random floors 0-3, no placement phase
  --iterations N     ISMCTS iterations per decision, 1 to 1000000 (default 1000)
  --watch            bots play every seat and you watch as a spectator; this is the mode
                     whenever standard input is not a terminal (unless --script)
  --script           read your moves line by line from standard input even when it is
                     not a terminal (for scripted play and tests)
  --delay MS         pause MS milliseconds after each move while watching (default 0)
  --save FILE        write the game to FILE after every move (the save document every
                     kingup front end reads; it holds every secret, so keep it to yourself)
  --load FILE        resume the game saved in FILE (its players, rounds and deals; not
                     with --players, --seed, --rounds or --random-layout)

  Moves: placement `B4`, `beatrice 4` or `place B 4`; climb `F`, `fiorello` or
  `climb F`; vote `yes`/`no` (`y`/`n`). Also `help`, `legal`, `board`, `quit`.

kingup tournament [--games N] [--players N] [--bots LIST] [--seed X] [--threads T]
                  [--iterations N]
  --games N          games to play (default 100); seats rotate every game, so a
                     multiple of the player count is fairest
  --players N        3 to 6 (default: the number of bots listed, else 4)
  --bots LIST        one bot per seat: ismcts, heuristic, random
                     (default: ismcts then heuristic for the other seats)
  --seed X           seed of every game's chance and bots (default 1)
  --threads T        worker threads (default: all cores); results do not depend on it
  --iterations N     ISMCTS iterations per decision, 1 to 1000000 (default 1000)";

/// Why a command failed.
#[derive(Debug)]
pub(crate) enum CliError {
    /// The command line was wrong: exit status 2, with the usage.
    Usage(String),
    /// Something went wrong while running: exit status 1.
    Failed(String),
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(code) => code,
        Err(CliError::Usage(message)) => {
            eprintln!("kingup: {message}\n\n{USAGE}");
            ExitCode::from(2)
        }
        Err(CliError::Failed(message)) => {
            eprintln!("kingup: {message}");
            ExitCode::from(1)
        }
    }
}

fn run(args: &[String]) -> Result<ExitCode, CliError> {
    let Some((command, rest)) = args.split_first() else {
        out!("{USAGE}");
        return Ok(ExitCode::SUCCESS);
    };
    match command.as_str() {
        "help" | "--help" | "-h" => {
            out!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        "play" => play::run(rest),
        "tournament" => tournament::run(rest),
        // Not in the usage: measures ISMCTS iterations per second (docs/bots.md).
        "bench-ismcts" => bench::run(rest),
        other => Err(CliError::Usage(format!(
            "unknown command {other:?}: expected play, tournament or help"
        ))),
    }
}
