//! The options of `kingup court play` and what the game's config takes from both commands.

use std::ffi::OsString;
use std::path::PathBuf;

use kingup_court::Config;

use super::MAX_ROUNDS;
use super::bots::{self, CourtBot};
use crate::args::{self, Flag};
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
    };
    let mut game_settings = Vec::new();
    for flag in &flags {
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

/// The bot at every seat, `None` at the person's (`human`): `--bots` with N entries gives
/// one per seat, fewer are repeated over the bot seats in order.
pub(crate) fn seat_bots(
    list: &[CourtBot],
    players: usize,
    human: Option<usize>,
) -> Vec<Option<CourtBot>> {
    let mut next = 0;
    (0..players)
        .map(|seat| {
            if Some(seat) == human {
                return None;
            }
            if list.len() == players {
                return Some(list[seat]);
            }
            let bot = list[next % list.len()];
            next += 1;
            Some(bot)
        })
        .collect()
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
        use kingup_bots::court::BotKind::{Greedy, Random};
        assert_eq!(
            seat_bots(&o.bots, 4, Some(2)),
            [Some(Random), Some(Greedy), None, Some(Random)]
        );
        assert_eq!(
            seat_bots(&[Random, Greedy, Random], 3, Some(1)),
            [Some(Random), None, Some(Random)]
        );
        assert_eq!(seat_bots(&[Greedy], 2, None), [Some(Greedy), Some(Greedy)]);
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
        ] {
            assert!(
                matches!(parse_play(&strings(bad)), Err(CliError::Usage(_))),
                "{bad}"
            );
        }
    }
}
