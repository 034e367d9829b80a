//! `kingup court arena`: the arena and ladder of `kingup arena`, for To Court the King's
//! bots.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use kingup_bots::court::Entrant;
use kingup_bots::{ArenaConfig, TournamentConfig};
use kingup_court::Config;

use super::bots::{self, CourtBot};
use super::options::{self, CONFIG_FLAGS};
use crate::arena::{ladder, ladder_flags};
use crate::engines::{self, EngineFlags, Engines};
use crate::{CliError, args, out};

/// The default entrants: every court bot.
pub(crate) const ENTRANTS: &str = "random,greedy,mcts";

#[derive(Debug)]
struct Options {
    entrants: Vec<CourtBot>,
    config: ArenaConfig<Config>,
    svg: Option<PathBuf>,
    /// Entrants after `entrants`, in the order given.
    engines: Engines,
}

fn parse(args: &[OsString]) -> Result<Option<Options>, CliError> {
    let with_value = [
        "--players",
        "--entrants",
        "--deals",
        "--seed",
        "--threads",
        "--max-rounds",
        "--svg",
    ];
    let with_value = [&with_value[..], &engines::FLAGS].concat();
    let flags = args::flags(args, &with_value, &CONFIG_FLAGS)?;
    let mut game = Config::new(2);
    // An arena needs a bound: every game must end.
    game.max_rounds = Some(Config::SIMULATION_ROUNDS);
    let mut o = Options {
        entrants: bots::parse_list(ENTRANTS, "--entrants")?,
        config: ArenaConfig {
            game,
            deals: 20,
            seed: 1,
            threads: crate::tournament::default_threads(),
        },
        svg: None,
        engines: Engines::default(),
    };
    let mut engine_flags = EngineFlags::default();
    for flag in &flags {
        if engine_flags.read(flag)? {
            continue;
        }
        if flag.name == "--max-rounds" {
            o.config.game.max_rounds = Some(args::number(flag, 1..=super::MAX_ROUNDS)?);
            continue;
        }
        if options::config_flag(flag, &mut o.config.game)? {
            continue;
        }
        match flag.name.as_str() {
            "--help" => return Ok(None),
            "--players" => {
                o.config.game.players =
                    args::number(flag, Config::MIN_PLAYERS..=Config::MAX_PLAYERS)?;
            }
            "--entrants" => o.entrants = bots::parse_list(args::text(flag)?, "--entrants")?,
            "--deals" => o.config.deals = args::number(flag, 1..=ArenaConfig::MAX_DEALS)?,
            "--seed" => o.config.seed = args::number(flag, 0..=u64::MAX)?,
            "--threads" => {
                o.config.threads = args::number(flag, 1..=TournamentConfig::MAX_THREADS)?;
            }
            "--svg" => o.svg = Some(args::path(flag)),
            _ => unreachable!("args::flags accepts only the listed flags"),
        }
    }
    o.engines = engine_flags.engines()?;
    o.engines
        .check_names(&crate::tournament::entrant_names(&o.entrants))?;
    // Checked before any engine starts.
    (o.config)
        .validate(o.entrants.len() + o.engines.len())
        .map_err(|e| CliError::Usage(e.to_string()))?;
    Ok(Some(o))
}

pub(crate) fn run(args: &[OsString]) -> Result<ExitCode, CliError> {
    let Some(o) = parse(args)? else {
        out!("{}", super::usage());
        return Ok(ExitCode::SUCCESS);
    };
    let kinds: Vec<String> = o.entrants.iter().map(|k| k.name().to_owned()).collect();
    let mut entrants: Vec<Entrant<'_>> = o
        .entrants
        .iter()
        .zip(crate::tournament::entrant_names(&o.entrants))
        .map(|(&kind, name)| Entrant {
            name,
            make: Box::new(move |seed| bots::make(kind, seed)),
        })
        .collect();
    // After the built-in entrants: an entrant's bots are seeded by its place in the list.
    entrants.extend(o.engines.entrants::<kingup_court::Game>()?);
    let mut command = vec![
        "kingup court arena".to_owned(),
        format!("--players {}", o.config.game.players),
        format!("--entrants {}", kinds.join(",")),
    ];
    command.extend(o.engines.args());
    command.extend(options::config_args(&o.config.game));
    command.extend(ladder_flags(&o.config, o.svg.as_deref()));
    ladder(&o.config, &entrants, o.svg.as_deref(), &command)
}
