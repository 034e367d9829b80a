//! The options of `kingup court play` and what the game's config takes from both commands.

use std::ffi::OsString;
use std::path::PathBuf;

use kingup_court::Config;

use super::MAX_ROUNDS;
use super::bots::{self, CourtBot};
use crate::args::{self, Flag};
use crate::engines::{self, EngineFlags, Engines, Player};
use crate::{CliError, MAX_DELAY_MS};

/// The flags that set the game's config, in both commands.
pub(crate) const CONFIG_FLAGS: [&str; 2] = ["--unlimited-jesters", "--no-preroll"];

/// Reads a config flag into `config`; `false` if `flag` is not one.
pub(crate) fn config_flag(flag: &Flag, config: &mut Config) -> Result<bool, CliError> {
    match flag.name.as_str() {
        "--unlimited-jesters" => config.unlimited_jesters = true,
        "--no-preroll" => config.preroll_abilities = false,
        "--max-rounds" if args::text(flag)?.trim().eq_ignore_ascii_case("none") => {
            config.max_rounds = None;
        }
        "--max-rounds" => config.max_rounds = Some(args::number(flag, 1..=MAX_ROUNDS)?),
        _ => return Ok(false),
    }
    Ok(true)
}

/// The config flags of `config`, as typed (for the command that replays a game).
pub(crate) fn config_args(config: &Config) -> Vec<String> {
    let mut out = vec![match config.max_rounds {
        Some(rounds) => format!("--max-rounds {rounds}"),
        None => "--max-rounds none".to_owned(),
    }];
    if config.unlimited_jesters {
        out.push("--unlimited-jesters".to_owned());
    }
    if !config.preroll_abilities {
        out.push("--no-preroll".to_owned());
    }
    out
}

/// `kingup court play`'s options.
#[derive(Debug)]
pub(crate) struct PlayOptions {
    pub(crate) config: Config,
    pub(crate) seat: usize,
    pub(crate) bots: Vec<CourtBot>,
    pub(crate) seed: Option<u64>,
    pub(crate) watch: bool,
    pub(crate) script: bool,
    pub(crate) delay: u64,
    /// Where the game is saved after every move (`--load`'s file if not given).
    pub(crate) save: Option<PathBuf>,
    /// The saved game to resume.
    pub(crate) load: Option<PathBuf>,
    /// On the first bot seats, in the order given.
    pub(crate) engines: Engines,
}

/// Parses `kingup court play`'s arguments; `None` for `--help`.
pub(crate) fn parse_play(args: &[OsString]) -> Result<Option<PlayOptions>, CliError> {
    let switches = ["--watch", "--script", CONFIG_FLAGS[0], CONFIG_FLAGS[1]];
    let with_value = [
        "--players",
        "--seat",
        "--bots",
        "--seed",
        "--max-rounds",
        "--delay",
        "--save",
        "--load",
    ];
    let with_value = [&with_value[..], &engines::FLAGS].concat();
    let flags = args::flags(args, &with_value, &switches)?;
    let mut config = Config::new(3);
    config.max_rounds = Some(Config::SIMULATION_ROUNDS);
    let mut o = PlayOptions {
        config,
        seat: 0,
        bots: vec![CourtBot::Greedy],
        seed: None,
        watch: false,
        script: false,
        delay: 0,
        save: None,
        load: None,
        engines: Engines::default(),
    };
    let mut game_settings = Vec::new();
    let mut engine_flags = EngineFlags::default();
    for flag in &flags {
        if engine_flags.read(flag)? {
            continue;
        }
        if ["--players", "--seed"].contains(&flag.name.as_str())
            || CONFIG_FLAGS.contains(&flag.name.as_str())
            || flag.name == "--max-rounds"
        {
            game_settings.push(flag.name.clone());
        }
        if config_flag(flag, &mut o.config)? {
            continue;
        }
        match flag.name.as_str() {
            "--help" => return Ok(None),
            "--players" => {
                o.config.players = args::number(flag, Config::MIN_PLAYERS..=Config::MAX_PLAYERS)?;
            }
            "--seat" => o.seat = args::number(flag, 0..=usize::from(Config::MAX_PLAYERS) - 1)?,
            "--bots" => o.bots = bots::parse_list(args::text(flag)?, "--bots")?,
            "--seed" => o.seed = Some(args::number(flag, 0..=u64::MAX)?),
            "--delay" => o.delay = args::number(flag, 0..=MAX_DELAY_MS)?,
            "--watch" => o.watch = true,
            "--script" => o.script = true,
            "--save" => o.save = Some(args::path(flag)),
            "--load" => o.load = Some(args::path(flag)),
            _ => unreachable!("args::flags accepts only the listed flags"),
        }
    }
    if o.load.is_some() && !game_settings.is_empty() {
        return Err(CliError::Usage(format!(
            "--load resumes a saved game with its own settings; drop {}",
            game_settings.join(", ")
        )));
    }
    if o.watch && o.script {
        return Err(CliError::Usage(
            "--watch and --script exclude each other".to_owned(),
        ));
    }
    o.engines = engine_flags.engines()?;
    o.engines.check_names(&["you".to_owned()])?;
    // A loaded game's players are known once it is read (`check_seats` then).
    if o.load.is_none() {
        check_seats(&o, o.config.player_count())?;
    }
    Ok(Some(o))
}

/// `--seat` and `--bots` fit a game of `players`.
pub(crate) fn check_seats(o: &PlayOptions, players: usize) -> Result<(), CliError> {
    if o.seat >= players {
        return Err(CliError::Usage(format!(
            "--seat {} is not a seat of a {players}-player game (0 to {})",
            o.seat,
            players - 1
        )));
    }
    if o.bots.len() > players {
        return Err(CliError::Usage(format!(
            "--bots lists {} bots for a {players}-player game: at most one a seat",
            o.bots.len()
        )));
    }
    Ok(())
}

/// Who plays every seat: the person at `human`, the engines on the first bot seats, the
/// `--bots` on the others: N entries give one per seat, fewer are repeated over them in
/// order ([`engines::seat_players`]).
pub(crate) fn seat_bots(
    o: &PlayOptions,
    players: usize,
    human: Option<usize>,
) -> Result<Vec<Player<CourtBot>>, CliError> {
    engines::seat_players(&o.bots, players, human, o.engines.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::strings;

    #[test]
    fn options_and_seats() {
        let o = parse_play(&strings(
            "--players 4 --seat 2 --bots random,greedy --seed 5 --max-rounds 7 --no-preroll",
        ))
        .unwrap()
        .unwrap();
        assert_eq!((o.config.players, o.seat, o.seed), (4, 2, Some(5)));
        assert_eq!(o.config.max_rounds, Some(7));
        assert!(!o.config.preroll_abilities && !o.config.unlimited_jesters);
        use Player::{Bot, Engine, Person};
        use kingup_bots::court::BotKind::{Greedy, Random};
        assert_eq!(
            seat_bots(&o, 4, Some(2)).unwrap(),
            [Bot(Random), Bot(Greedy), Person, Bot(Random)]
        );
        let three = parse_play(&strings("--players 3 --bots random,greedy,random"))
            .unwrap()
            .unwrap();
        assert_eq!(
            seat_bots(&three, 3, Some(1)).unwrap(),
            [Bot(Random), Person, Bot(Random)]
        );
        let two = parse_play(&strings("--players 2")).unwrap().unwrap();
        assert_eq!(
            seat_bots(&two, 2, None).unwrap(),
            [Bot(Greedy), Bot(Greedy)]
        );
        let args = ["--players", "3", "--engine", "e=prog"].map(OsString::from);
        let engine = parse_play(&args).unwrap().unwrap();
        assert_eq!(
            seat_bots(&engine, 3, Some(0)).unwrap(),
            [Person, Engine(0), Bot(Greedy)]
        );
        let o = parse_play(&strings("--max-rounds none --unlimited-jesters"))
            .unwrap()
            .unwrap();
        assert_eq!(o.config.max_rounds, None);
        let watched = parse_play(&strings("--watch --delay 250"))
            .unwrap()
            .unwrap();
        assert!(watched.watch && watched.delay == 250);
        assert_eq!(
            config_args(&o.config),
            ["--max-rounds none", "--unlimited-jesters"]
        );
        for bad in [
            "--players 1",
            "--players 6",
            "--players x",
            "--seat 3",
            "--bots greedy,greedy,greedy,greedy",
            "--bots alphazero",
            "--max-rounds 0",
            "--watch --script",
            "--rounds 3",
            "--delay 60001",
            "--engine you=prog",
            "--engine-option e:k=1",
        ] {
            assert!(
                matches!(parse_play(&strings(bad)), Err(CliError::Usage(_))),
                "{bad}"
            );
        }
    }
}
