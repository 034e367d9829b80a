//! `kingup court tournament`: many games between court bots, then win rates with their 95 %
//! confidence intervals and the truncated games.

use std::ffi::OsString;
use std::process::ExitCode;

use kingup_bots::court::{Entrant, TournamentConfig, tournament};
use kingup_court::Config;

use super::bots::{self, CourtBot};
use super::options::{self, CONFIG_FLAGS};
use crate::engines::{self, EngineFlags, Engines};
use crate::{CliError, args, out, text};

#[derive(Debug)]
struct Options {
    games: u32,
    players: Option<u8>,
    bots: Option<Vec<CourtBot>>,
    seed: u64,
    threads: usize,
    config: Config,
    /// Seats after the bots', in the order given.
    engines: Engines,
}

fn parse(args: &[OsString]) -> Result<Option<Options>, CliError> {
    let with_value = [
        "--games",
        "--players",
        "--bots",
        "--seed",
        "--threads",
        "--max-rounds",
    ];
    let with_value = [&with_value[..], &engines::FLAGS].concat();
    let flags = args::flags(args, &with_value, &CONFIG_FLAGS)?;
    let mut config = Config::new(4);
    config.max_rounds = Some(Config::SIMULATION_ROUNDS);
    let mut o = Options {
        games: 100,
        players: None,
        bots: None,
        seed: 1,
        threads: crate::tournament::default_threads(),
        config,
        engines: Engines::default(),
    };
    let mut engine_flags = EngineFlags::default();
    for flag in &flags {
        if engine_flags.read(flag)? {
            continue;
        }
        // A tournament needs a bound: every game must end.
        if flag.name == "--max-rounds" {
            o.config.max_rounds = Some(args::number(flag, 1..=super::MAX_ROUNDS)?);
            continue;
        }
        if options::config_flag(flag, &mut o.config)? {
            continue;
        }
        match flag.name.as_str() {
            "--help" => return Ok(None),
            "--games" => {
                o.games = args::number(flag, 1..=kingup_bots::TournamentConfig::MAX_GAMES)?;
            }
            "--players" => {
                o.players = Some(args::number(
                    flag,
                    Config::MIN_PLAYERS..=Config::MAX_PLAYERS,
                )?);
            }
            "--bots" => o.bots = Some(bots::parse_list(args::text(flag)?, "--bots")?),
            "--seed" => o.seed = args::number(flag, 0..=u64::MAX)?,
            "--threads" => {
                o.threads = args::number(flag, 1..=kingup_bots::TournamentConfig::MAX_THREADS)?;
            }
            _ => unreachable!("args::flags accepts only the listed flags"),
        }
    }
    o.engines = engine_flags.engines()?;
    Ok(Some(o))
}

/// The bots, one per seat.
fn lineup(o: &Options) -> Result<Vec<CourtBot>, CliError> {
    let players = usize::from(Config::MIN_PLAYERS)..=usize::from(Config::MAX_PLAYERS);
    let engines = o.engines.len();
    crate::tournament::seat_bots(o.bots.as_deref(), o.players, players, engines, |n| {
        let mut list = vec![CourtBot::Random; n];
        if let Some(first) = list.first_mut() {
            *first = CourtBot::Greedy;
        }
        list
    })
}

pub(crate) fn run(args: &[OsString]) -> Result<ExitCode, CliError> {
    let Some(mut o) = parse(args)? else {
        out!("{}", super::usage());
        return Ok(ExitCode::SUCCESS);
    };
    let lineup = lineup(&o)?;
    let players = lineup.len() + o.engines.len();
    o.config.players = players as u8;
    let mut entrants: Vec<Entrant<'_>> = lineup
        .iter()
        .zip(crate::tournament::entrant_names(&lineup))
        .map(|(&kind, name)| Entrant {
            name,
            make: Box::new(move |seed| bots::make(kind, seed)),
        })
        .collect();
    o.engines.enter::<kingup_court::Game>(&mut entrants)?;
    let config = TournamentConfig {
        game: o.config,
        games: o.games,
        seed: o.seed,
        threads: o.threads,
    };
    let standings =
        tournament(&config, &entrants, |_| {}).map_err(|e| CliError::Usage(e.to_string()))?;
    // Every entrant plays every game that was played; one winner a game, or none when
    // truncated.
    let played = standings.0.first().map_or(0, |s| s.games);
    let wins: f64 = standings.0.iter().map(|s| s.wins).sum();
    let truncated = f64::from(played) - wins;
    let summary = format!(
        "{played} of {} games of To Court the King, {} players, seats rotated every game, \
         at most {} rounds without a King. Win rate and mean cards owned at the end, with \
         95% confidence intervals:",
        o.games,
        players,
        o.config.max_rounds.unwrap_or_default(),
    );
    out!("{}\n", text::wrap(&summary));
    out!("{standings}");
    out!(
        "Truncated (nobody bought the King): {truncated:.0} of {played} games ({:.1}%).",
        100.0 * truncated / f64::from(played.max(1))
    );
    let list: Vec<&str> = lineup.iter().map(|k| k.name()).collect();
    let mut command = vec![
        "kingup court tournament".to_owned(),
        format!("--games {}", o.games),
        format!("--players {players}"),
    ];
    // Engines may take every seat.
    if !list.is_empty() {
        command.push(format!("--bots {}", list.join(",")));
    }
    command.extend(o.engines.args());
    command.extend([
        format!("--seed {}", o.seed),
        format!("--threads {}", o.threads),
    ]);
    command.extend(options::config_args(&o.config));
    out!("{}", text::command("command:", &command));
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::strings;

    #[test]
    fn lineups_and_names() {
        let o = parse(&strings("--bots random,random,greedy"))
            .unwrap()
            .unwrap();
        let three = lineup(&o).unwrap();
        let names = crate::tournament::entrant_names(&three);
        assert_eq!(names, ["random#1", "random#2", "greedy"]);
        let o = parse(&strings("--players 5")).unwrap().unwrap();
        assert_eq!(lineup(&o).unwrap().len(), 5);
        for bad in [
            "--players 4 --bots random,random,greedy",
            "--bots random",
            "--games 0",
            "--threads x",
            "--max-rounds none",
            "--watch",
        ] {
            let result = parse(&strings(bad)).and_then(|o| lineup(&o.unwrap()).map(|_| ()));
            assert!(matches!(result, Err(CliError::Usage(_))), "{bad}");
        }
    }
}
