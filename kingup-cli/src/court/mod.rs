//! `kingup court ...`: To Court the King (`kingup-court`) in the terminal: play against
//! bots, watch bots play, run tournaments and arenas between bots.

pub(crate) mod arena;
mod bots;
mod options;
mod play;
mod refusal;
mod render;
pub(crate) mod tournament;

use std::ffi::OsString;
use std::process::ExitCode;

use kingup_bots::{ArenaConfig, TournamentConfig};
use kingup_court::Config;

use crate::{CliError, MAX_DELAY_MS, args, out};

/// Most normal rounds `--max-rounds` allows.
pub(crate) const MAX_ROUNDS: u32 = 1_000_000;

/// The usage of `kingup court`, printed by `kingup court help`; every limit is the constant
/// the option is checked against.
pub(crate) fn usage() -> String {
    let (min, max) = (Config::MIN_PLAYERS, Config::MAX_PLAYERS);
    let (max_games, max_threads) = (TournamentConfig::MAX_GAMES, TournamentConfig::MAX_THREADS);
    let rounds = Config::SIMULATION_ROUNDS;
    let (max_entrants, max_deals) = (ArenaConfig::MAX_ENTRANTS, ArenaConfig::MAX_DEALS);
    let entrants = arena::ENTRANTS;
    let save_kib = kingup_court::MAX_SAVE_LEN / 1024;
    format!(
        "\
kingup court: To Court the King (Alla corte del Re), the dice game, against bots

usage:
  kingup court play [options]        play one seat against bots, or watch bots
  kingup court tournament [options]  play many games between bots
  kingup court arena [options]       rate bots in duplicate, seat-rotated games
  kingup court help                  print this message

kingup court play [--players N] [--seat S] [--bots LIST] [--seed X]
                  [--max-rounds R|none] [--unlimited-jesters] [--no-preroll]
                  [--watch] [--script] [--delay MS] [--save FILE] [--load FILE]
                  [engine options]
  --players N          {min} to {max} players (default 3)
  --seat S             your seat, 0 to N-1 (default 0)
  --bots LIST          comma-separated bots: greedy, random, mcts (tree search);
                       at most N entries.
                       N entries give one bot per seat (your own seat's entry is
                       skipped); fewer are repeated over the bot seats in order
                       (default greedy)
  --seed X             seed of the dice and the bots, 0 to 2^64-1 (default: a
                       secret one, printed once the game is over)
  --max-rounds R|none  normal rounds before a game without a King ends with no
                       winner, 1 to {MAX_ROUNDS} (default {rounds}); none: the
                       rules, no bound
  --unlimited-jesters  variant: the Jester never sells out
  --no-preroll         variant: add-a-die cards only after the first roll
  --watch              bots play every seat; the mode whenever standard input
                       is not a terminal (unless --script)
  --script             read your moves from standard input even when it is not
                       a terminal
  --delay MS           pause MS milliseconds after each step while watching,
                       0 to {MAX_DELAY_MS} (default 0)
  --save FILE          write the game to FILE after every move (the save
                       document every kingup front end reads; it predicts
                       every die to come, so keep it to yourself); 0600,
                       never through a link
  --load FILE          resume the game saved in FILE, at most {save_kib} KiB,
                       and go on saving to it (unless --save names another
                       file); not with --players, --seed, --max-rounds or the
                       variants

  Moves are the notation of kingup-court: `roll`, `keep 4`, `pre guard`,
  `guard`, `queen 4`, `jester 3`, `maid 4>6`, `philosopher 15>33`,
  `merchant 3`, `merchant done`, `buy hunter`, `pass`. Also `help` (your legal
  moves, each with its meaning), `cards` (every card's ability and cost),
  `board` and `quit`.

kingup court tournament [--games N] [--players N] [--bots LIST] [--seed X]
                        [--threads T] [--max-rounds R] [--unlimited-jesters]
                        [--no-preroll] [engine options]
  --games N            games, 1 to {max_games} (default 100); seats rotate
                       every game
  --players N          {min} to {max} (default: the number of bots and engines,
                       else 4)
  --bots LIST          one bot per seat: greedy, random, mcts (default greedy,
                       then random for the other seats); engines take seats
                       after them
  --seed X             seed of every game's dice and bots (default 1)
  --threads T          worker threads, 1 to {max_threads} (default: all cores);
                       results do not depend on it
  --max-rounds R       normal rounds before a game is truncated, 1 to {MAX_ROUNDS}
                       (default {rounds})

kingup court arena [--players N] [--entrants LIST] [--deals N] [--seed X]
                   [--threads T] [--max-rounds R] [--svg FILE]
                   [--unlimited-jesters] [--no-preroll] [engine options]
  --players N          seats at a table, {min} to {max} (default 2)
  --entrants LIST      N to {max_entrants} comma-separated bots: greedy, random, mcts;
                       every set of N of them is a table (default
                       {entrants}); engines count with them
  --deals N            deals, 1 to {max_deals} (default 20); each is played
                       under every seat rotation of its table
  --seed X             seed of every deal's dice and bots (default 1)
  --threads T          worker threads, 1 to {max_threads} (default: all cores);
                       results do not depend on it
  --max-rounds R       normal rounds before a game is truncated, 1 to {MAX_ROUNDS}
                       (default {rounds})
  --svg FILE           also draw the ladder as an SVG picture in FILE

{engines}

kingup engine --bot KIND (kingup help) plays a built-in bot, such as greedy or
mcts, as an engine.",
        engines = crate::engines::usage("kingup court play, tournament and arena"),
    )
}

/// `kingup court <command> ...`.
pub(crate) fn run(args: &[OsString]) -> Result<ExitCode, CliError> {
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
        "play" => play::run(rest),
        "tournament" => tournament::run(rest),
        "arena" => arena::run(rest),
        other => Err(CliError::Usage(format!(
            "unknown court command {}: expected play, tournament, arena or help",
            args::excerpt(other)
        ))),
    }
}
