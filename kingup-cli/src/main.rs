//! `kingup`: play King Up! (Viva il Re!) in the terminal against bots, watch bots play, or
//! run a tournament between bots.
//!
//! ```text
//! kingup play                      # you against three ISMCTS bots (watch mode without a terminal)
//! kingup play --watch              # four bots play, you watch
//! kingup tournament --games 300 --players 4 --bots ismcts,heuristic,heuristic,heuristic
//! ```
//!
//! Arguments are parsed by hand (no dependency beyond the engine and the bots), as
//! operating-system strings: a bad one, including one that is not UTF-8 where text is
//! needed, prints one line on stderr (`kingup: <what is wrong> (see kingup help)`) and
//! exits with status 2. `kingup help` prints the usage, with every option's limit.

mod arena;
mod args;
mod audience;
mod bench;
mod bots;
mod court;
mod engine;
mod engines;
mod journal;
mod moves;
mod play;
mod prompt;
mod render;
mod save;
mod table;
mod text;
mod tournament;

use std::ffi::OsString;
use std::process::ExitCode;

use kingup_bots::{ArenaConfig, IsmctsConfig, TournamentConfig};
use kingup_core::{Config, MAX_SAVE_LEN};

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

/// Writes to stdout and flushes; on a write error, says so on stderr and exits with
/// status 1 (a reader that went away, as `| head` does, exits 141 without a word, as a
/// program killed by SIGPIPE would: the output was cut, so the run did not succeed).
pub(crate) fn write_out(text: std::fmt::Arguments<'_>) {
    use std::io::Write as _;
    let mut stdout = std::io::stdout().lock();
    if let Err(error) = stdout.write_fmt(text).and_then(|()| stdout.flush()) {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(141);
        }
        eprintln!("kingup: cannot write to stdout: {error}");
        std::process::exit(1);
    }
}

/// Most milliseconds `--delay` pauses after a move.
pub(crate) const MAX_DELAY_MS: u64 = 60_000;

/// The usage, printed by `kingup help` (and `--help` anywhere). Every limit is the
/// constant the option is checked against, so the text cannot drift from the checks.
pub(crate) fn usage() -> String {
    let (min_players, max_players) = (Config::MIN_PLAYERS, Config::MAX_PLAYERS);
    let max_iterations = IsmctsConfig::MAX_ITERATIONS;
    let iterations = IsmctsConfig::default().iterations;
    let (max_games, max_threads) = (TournamentConfig::MAX_GAMES, TournamentConfig::MAX_THREADS);
    let save_kib = MAX_SAVE_LEN / 1024;
    format!(
        "\
kingup: play King Up! (Viva il Re!) against bots, watch bots play, or run bot
tournaments

usage:
  kingup play [options]          play one seat in the terminal against bots
  kingup tournament [options]    play many games between bots, print standings
  kingup arena [options]         rate many bots in duplicate, seat-rotated games
  kingup court ...               play To Court the King (kingup court help)
  kingup engine --bot KIND       a built-in bot as an engine of the bot protocol
  kingup help                    print this message
  kingup --version               print the version

kingup play [--players N] [--seat S] [--bots LIST] [--seed X] [--rounds 1|3]
            [--random-layout] [--iterations N] [--watch] [--script]
            [--delay MS] [--save FILE] [--load FILE] [engine options]
  --players N        {min_players} to {max_players} players (default 4)
  --seat S           your seat, 0 to N-1 (default 0); seats go clockwise
  --bots LIST        comma-separated bots: ismcts, reader, heuristic, random; at
                     most N entries. N entries give one bot per seat (your own
                     seat's entry is skipped); fewer are repeated over the bot
                     seats in order (default: ismcts; when watching
                     ismcts,heuristic)
  --seed X           seed of the deal and the bots, 0 to 2^64-1 (default: a
                     secret one from the operating system; it is printed once
                     the game is over, since it predicts every deal)
  --rounds 1|3       the standard 3-round game (default) or the 1-round quick
                     variant
  --random-layout    characters start on random floors 0-3, no placement phase
  --iterations N     iterations per decision of the searching bots (ismcts,
                     reader), 1 to {max_iterations} (default: each kind's preset,
                     {iterations} for ismcts)
  --watch            bots play every seat and you watch as a spectator; the
                     mode whenever standard input is not a terminal (unless
                     --script)
  --script           read your moves line by line from standard input even
                     when it is not a terminal (for scripted play and tests)
  --delay MS         pause MS milliseconds after each move while watching,
                     0 to {MAX_DELAY_MS} (default 0)
  --save FILE        write the game to FILE after every move (the save document
                     every kingup front end reads; it holds every secret, so
                     keep it to yourself); 0600, never through a link
  --load FILE        resume the game saved in FILE, at most {save_kib} KiB (its
                     players, rounds and deals), and go on saving to it
                     (unless --save names another file); not with --players,
                     --seed, --rounds or --random-layout

  Moves: placement `B4`, `beatrice 4` or `place B 4`; climb `F`, `fiorello` or
  `climb F`; vote `yes`/`no` (`y`/`n`). Also `help`, `legal`, `board`, `log`
  (every move so far) and `quit`. A line is at most {MAX_LINE} bytes.

kingup tournament [--games N] [--players N] [--bots LIST] [--seed X]
                  [--threads T] [--iterations N] [engine options]
  --games N          games to play, 1 to {max_games} (default 100); seats rotate
                     every game, so a multiple of the player count is fairest
  --players N        {min_players} to {max_players} (default: the number of bots and engines, else 4)
  --bots LIST        one bot per seat, {min_players} to {max_players} of: ismcts, reader, heuristic,
                     random (default: ismcts then heuristic for the other
                     seats); engines take seats after them
  --seed X           seed of every game's chance and bots, 0 to 2^64-1
                     (default 1)
  --threads T        worker threads, 1 to {max_threads} (default: all cores, at
                     most {max_threads}); results do not depend on it
  --iterations N     iterations per decision of the searching bots (ismcts,
                     reader), 1 to {max_iterations} (default: each kind's preset,
                     {iterations} for ismcts)

kingup arena [--game king-up|court] [--players N] [--entrants LIST] [--deals N]
             [--seed X] [--threads T] [--svg FILE] [engine options]
  --game court       the arena of To Court the King's bots: `kingup court arena`
                     with the options `kingup court help` lists (the same goes
                     for `kingup tournament --game court`)
  --players N        seats at a table, {min_players} to {max_players} (default 4)
  --entrants LIST    N to {max_entrants} comma-separated bots: random, heuristic, ismcts,
                     ismcts:ITERATIONS, reader or reader:ITERATIONS; every set
                     of N of them is a table (default, the ladder:
                     {ladder}); engines count with them
  --deals N          deals to play, 1 to {max_deals} (default 100), each under
                     every rotation of its table's seats
  --seed X           seed of every deal's chance and bots (default 1)
  --threads T        worker threads, 1 to {max_threads} (default: all cores);
                     results do not depend on it
  --svg FILE         also draw the ladder (ratings with intervals) into FILE

{engines}

kingup engine --bot KIND [--iterations N]
  Plays the built-in bot KIND over the bot protocol (docs/protocol.md) on
  standard input and output, so that it can enter other programs' tournaments:
  `--engine \"NAME=kingup engine --bot KIND\"`. Seeded by each game's bot_seed, it
  plays the same games every time. Standard output carries
  protocol lines only; errors go to standard error, with status 1.
  --bot KIND         in King Up!: random, heuristic, reader, ismcts,
                     ismcts:ITERATIONS or reader:ITERATIONS; in To Court the
                     King: random, greedy or mcts. It must name a bot of at
                     least one game; a game it names no bot of is played with
                     the first legal move, and a log line says why
  --iterations N     iterations per decision of the searching bots (ismcts,
                     reader, mcts), 1 to {max_iterations}; the hello's option
                     iterations, if any, overrides it (the only option read)",
        engines = engines::usage("kingup play, tournament and arena (and kingup court's)"),
        max_entrants = ArenaConfig::MAX_ENTRANTS,
        max_deals = ArenaConfig::MAX_DEALS,
        ladder = text::list(arena::LADDER, 21),
        MAX_LINE = prompt::MAX_LINE,
    )
}

/// Why a command failed.
#[derive(Debug)]
pub(crate) enum CliError {
    /// The command line was wrong: exit status 2, one line on stderr.
    Usage(String),
    /// Something went wrong while running: exit status 1.
    Failed(String),
}

fn main() -> ExitCode {
    // Operating-system strings: an argument that is not UTF-8 is a usage error (or, for a
    // file name, fine), never a panic.
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    match run(&args) {
        Ok(code) => code,
        Err(CliError::Usage(message)) => {
            // One line, whatever the message holds: the usage is `kingup help`'s.
            eprintln!("kingup: {} (see kingup help)", one_line(&message));
            ExitCode::from(2)
        }
        Err(CliError::Failed(message)) => {
            eprintln!("kingup: {}", one_line(&message));
            ExitCode::from(1)
        }
    }
}

/// `message` on one line.
fn one_line(message: &str) -> String {
    message.replace(['\n', '\r'], " ")
}

fn run(args: &[OsString]) -> Result<ExitCode, CliError> {
    let Some((command, rest)) = args.split_first() else {
        out!("{}", usage());
        return Ok(ExitCode::SUCCESS);
    };
    let command = command
        .to_str()
        .ok_or_else(|| args::not_utf8("command", command))?;
    match command {
        "help" | "--help" | "-h" => {
            out!("{}", usage());
            Ok(ExitCode::SUCCESS)
        }
        "version" | "--version" | "-V" => {
            out!("kingup {}", env!("CARGO_PKG_VERSION"));
            Ok(ExitCode::SUCCESS)
        }
        "play" => play::run(rest),
        "tournament" | "arena" => match args::game_flag(rest)? {
            (args::GameName::Court, rest) if command == "arena" => court::arena::run(&rest),
            (args::GameName::Court, rest) => court::tournament::run(&rest),
            (args::GameName::KingUp, rest) if command == "arena" => arena::run(&rest),
            (args::GameName::KingUp, rest) => tournament::run(&rest),
        },
        "court" => court::run(rest),
        "engine" => engine::run(rest),
        // Not in the usage: measures ISMCTS iterations per second (docs/bots.md).
        "bench-ismcts" => bench::run(rest),
        other => Err(CliError::Usage(format!(
            "unknown command {}: expected play, tournament, arena, court, engine or help",
            args::excerpt(other)
        ))),
    }
}
