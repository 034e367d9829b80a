//! `kingup play`: one person against bots, or bots among themselves with a spectator.
//!
//! The game is a [`kingup_core::Session`]: chance from its generator, seeded from the
//! operating system unless `--seed` is given (the seed predicts every deal, so it is shown
//! only once the game is over), saved with `--save` after every move and resumed with
//! `--load`, in the save format every front end shares.

use std::ffi::OsString;
use std::io::{BufRead, IsTerminal as _};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use kingup_bots::{Bot, BotKind};
use kingup_core::{Config, Game, Seat, Session, Setup};

use crate::args::{self, Flag};
use crate::audience::Audience;
use crate::bots;
use crate::engines::{self, EngineFlags, Engines, Player};
use crate::journal::Journal;
use crate::render::Seating;
use crate::table::Table;
use crate::{CliError, MAX_DELAY_MS, out, text, usage};

/// What the command line asked for.
#[derive(Debug)]
struct Options {
    players: u8,
    seat: usize,
    bots: Option<Vec<BotKind>>,
    seed: Option<u64>,
    rounds: u8,
    random_layout: bool,
    /// Iterations a move for the searching bots; `None`: each kind's preset.
    iterations: Option<u32>,
    watch: bool,
    script: bool,
    delay: Duration,
    save: Option<PathBuf>,
    load: Option<PathBuf>,
    /// On the first bot seats, in the order given.
    engines: Engines,
}

fn parse(args: &[OsString]) -> Result<Option<Options>, CliError> {
    let flags = args::flags(
        args,
        &[
            "--players",
            "--seat",
            "--bots",
            "--seed",
            "--rounds",
            "--iterations",
            "--delay",
            "--save",
            "--load",
            engines::FLAGS[0],
            engines::FLAGS[1],
            engines::FLAGS[2],
            engines::FLAGS[3],
        ],
        &["--random-layout", "--watch", "--script"],
    )?;
    let mut o = Options {
        players: 4,
        seat: 0,
        bots: None,
        seed: None,
        rounds: 3,
        random_layout: false,
        iterations: None,
        watch: false,
        script: false,
        delay: Duration::ZERO,
        save: None,
        load: None,
        engines: Engines::default(),
    };
    let mut seat: Option<&Flag> = None;
    let mut game_settings = Vec::new();
    let mut engine_flags = EngineFlags::default();
    for flag in &flags {
        if engine_flags.read(flag)? {
            continue;
        }
        match flag.name.as_str() {
            "--help" => return Ok(None),
            "--players" => {
                o.players = args::number(flag, Config::MIN_PLAYERS..=Config::MAX_PLAYERS)?;
            }
            "--seat" => seat = Some(flag),
            "--bots" => o.bots = Some(bots::parse_list(args::text(flag)?)?),
            "--seed" => o.seed = Some(args::number(flag, 0..=u64::MAX)?),
            "--rounds" => {
                o.rounds = args::number(flag, 1..=3)?;
                if o.rounds == 2 {
                    return Err(CliError::Usage(
                        "--rounds must be 3 (the standard game) or 1 (the quick variant), not 2"
                            .to_owned(),
                    ));
                }
            }
            "--iterations" => o.iterations = Some(bots::iterations(flag)?),
            "--delay" => o.delay = Duration::from_millis(args::number(flag, 0..=MAX_DELAY_MS)?),
            "--random-layout" => o.random_layout = true,
            "--watch" => o.watch = true,
            "--script" => o.script = true,
            "--save" => o.save = Some(args::path(flag)),
            "--load" => o.load = Some(args::path(flag)),
            _ => unreachable!("args::flags accepts only the listed flags"),
        }
        if ["--players", "--seed", "--rounds", "--random-layout"].contains(&flag.name.as_str()) {
            game_settings.push(flag.name.clone());
        }
    }
    if o.load.is_some() && !game_settings.is_empty() {
        return Err(CliError::Usage(format!(
            "--load resumes a saved game with its own settings; drop {}",
            game_settings.join(", ")
        )));
    }
    if let Some(flag) = seat {
        o.seat = args::number(flag, 0..=usize::from(o.players) - 1)?;
    }
    o.engines = engine_flags.engines()?;
    o.engines.check_names(&["you".to_owned()])?;
    if o.watch && o.script {
        return Err(CliError::Usage(
            "--watch (bots play every seat) and --script (you play a seat) exclude each other"
                .to_owned(),
        ));
    }
    Ok(Some(o))
}

/// Who plays each seat: the person at `human`, the engines on the first bot seats, the
/// `--bots` on the others ([`engines::seat_players`]).
fn seat_bots(
    o: &Options,
    players: usize,
    human: Option<usize>,
) -> Result<Vec<Player<BotKind>>, CliError> {
    // Watching: search and rules of thumb side by side.
    let default = if human.is_some() {
        vec![BotKind::Ismcts]
    } else {
        vec![BotKind::Ismcts, BotKind::Heuristic]
    };
    let list = o.bots.clone().unwrap_or(default);
    engines::seat_players(&list, players, human, o.engines.len())
}

/// The session to play: loaded from `--load`, or new from the options and `seed`.
fn open(o: &Options, seed: u64) -> Result<Session, CliError> {
    if let Some(path) = &o.load {
        return crate::save::load(path);
    }
    let mut config = Config::new(o.players);
    config.rounds = o.rounds;
    if o.random_layout {
        config.setup = Setup::RandomLayout;
    }
    Session::new(config, seed).map_err(|e| CliError::Usage(e.to_string()))
}

pub(crate) fn run(args: &[OsString]) -> Result<ExitCode, CliError> {
    let Some(o) = parse(args)? else {
        out!("{}", usage());
        return Ok(ExitCode::SUCCESS);
    };
    let watch = o.watch || (!o.script && !std::io::stdin().is_terminal());
    let seed = o.seed.unwrap_or_else(secret_seed);
    let session = open(&o, seed)?;
    let players = session.game().players();
    if o.seat >= players {
        return Err(CliError::Usage(format!(
            "--seat must be 0 to {}: the game has {players} players",
            players - 1
        )));
    }
    let human = (!watch).then_some(o.seat);
    let kinds = seat_bots(&o, players, human)?;
    // A loaded game has no seed to replay from; its bots draw from a fresh one.
    let bot_seed = if o.load.is_some() {
        secret_seed()
    } else {
        seed
    };
    let iterations = o.iterations;
    let engines::Table { mut bots, names } =
        o.engines.seat::<Game, _>(&kinds, bot_seed, |kind, seed| {
            let bot: Box<dyn Bot> = Box::new(bots::spec(kind, iterations).build(seed));
            (bot, kind.name())
        })?;
    let seating = Seating {
        viewer: human.and_then(Seat::new),
        names,
    };
    // A loaded game is shown from where it stands; a new one from its first deal.
    let (shown, shown_steps) = if o.load.is_some() {
        (*session.game(), session.replay().steps.len())
    } else {
        (
            Game::new(*session.config()).map_err(|e| CliError::Usage(e.to_string()))?,
            0,
        )
    };
    let audience = Audience::begin(shown, shown_steps, &mut bots);
    let mut table = Table {
        session,
        shown,
        shown_steps,
        bots,
        audience,
        seating,
        input: (!watch).then(|| Box::new(std::io::stdin().lock()) as Box<dyn BufRead>),
        echo: !std::io::stdin().is_terminal(),
        delay: o.delay,
        // A resumed game goes on being saved where it came from, unless told otherwise.
        save: o.save.clone().or_else(|| o.load.clone()),
        round_shown: None,
        journal: Journal::default(),
        rows: 0,
    };
    table.intro(&engines::built_in(&kinds), o.iterations, o.load.as_deref());
    let code = table.play()?;
    for line in engines::forfeits(&table.seating.names, &table.bots) {
        out!("{}", text::wrap(&line));
    }
    if table.session.game().is_over() && o.load.is_none() {
        let command = replay_command(&o, &kinds, seed, watch);
        out!("{}", text::command("Same game again:", &command));
    }
    Ok(code)
}

/// A seed nobody at the table can guess: from the operating system's randomness (std seeds
/// `RandomState` from it), never from the clock.
pub(crate) fn secret_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish()
}

/// The command that plays this game again, as the program and its arguments (printed
/// once the game is over: the seed predicts every deal).
fn replay_command(o: &Options, kinds: &[Player<BotKind>], seed: u64, watch: bool) -> Vec<String> {
    // The built-in bots' seats in order, as their shortest list: read back after the same
    // engines, it fills the same seats.
    let bots = engines::built_in(kinds);
    let list: Vec<&str> = bots.iter().map(|k| k.name()).collect();
    let period = (1..=list.len())
        .find(|&p| list.iter().enumerate().all(|(i, k)| *k == list[i % p]))
        .unwrap_or(list.len());
    let mut command = vec!["kingup play".to_owned(), format!("--players {}", o.players)];
    // Engines may take every bot seat.
    if period > 0 {
        command.push(format!("--bots {}", list[..period].join(",")));
    }
    command.extend(o.engines.args());
    command.push(format!("--seed {seed}"));
    if o.rounds == 1 {
        command.push("--rounds 1".to_owned());
    }
    if o.random_layout {
        command.push("--random-layout".to_owned());
    }
    let searching = bots.iter().any(|k| k.searches());
    if let Some(n) = o.iterations.filter(|_| searching) {
        command.push(format!("--iterations {n}"));
    }
    if watch {
        command.push("--watch".to_owned());
    } else {
        command.push(format!("--seat {}", o.seat));
    }
    command
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::strings;

    #[test]
    fn options_and_seats() {
        let o = parse(&strings(
            "--players 5 --seat 4 --bots random,heuristic --seed 3",
        ))
        .unwrap()
        .unwrap();
        assert_eq!((o.players, o.seat, o.seed), (5, 4, Some(3)));
        let kinds = seat_bots(&o, 5, Some(4)).unwrap();
        assert_eq!(
            kinds,
            [
                Player::Bot(BotKind::Random),
                Player::Bot(BotKind::Heuristic),
                Player::Bot(BotKind::Random),
                Player::Bot(BotKind::Heuristic),
                Player::Person
            ]
        );
        // One per seat: the person's entry is skipped.
        let o = parse(&strings("--players 3 --bots random,heuristic,ismcts"))
            .unwrap()
            .unwrap();
        assert_eq!(
            seat_bots(&o, 3, Some(1)).unwrap(),
            [
                Player::Bot(BotKind::Random),
                Player::Person,
                Player::Bot(BotKind::Ismcts)
            ]
        );
        let watched = seat_bots(&o, 3, None).unwrap();
        assert_eq!(engines::built_in(&watched).len(), 3);
        // Engines take the first bot seats.
        let o = parse(&[
            "--players".into(),
            "3".into(),
            "--bots".into(),
            "random".into(),
            "--engine".into(),
            "e=prog".into(),
        ])
        .unwrap()
        .unwrap();
        assert_eq!(
            seat_bots(&o, 3, Some(0)).unwrap(),
            [
                Player::Person,
                Player::Engine(0),
                Player::Bot(BotKind::Random)
            ]
        );
        for bad in [
            "--players 3 --seat 3",
            "--rounds 2",
            "--players 3 --bots random,random,random,random",
            "--watch --script",
            "--iterations 0",
            "--seed -1",
            "--iterations 1000001",
            "--load x.json --players 3",
            "--engine you=prog",
            "--engine-option x:k=1",
        ] {
            let result = parse(&strings(bad)).and_then(|o| match o {
                Some(o) => seat_bots(&o, usize::from(o.players), Some(o.seat)).map(|_| ()),
                None => Ok(()),
            });
            assert!(matches!(result, Err(CliError::Usage(_))), "{bad}");
        }
    }
}
