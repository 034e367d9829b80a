//! `kingup tournament`: many games between bots, with a progress bar, then the standings.

use std::ffi::OsString;
use std::io::{IsTerminal as _, Write as _};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use kingup_bots::{Bot, BotKind, Entrant, TournamentConfig, tournament};
use kingup_core::{Config, Generator};

use crate::args;
use crate::bots;
use crate::engines::{self, EngineFlags, Engines};
use crate::{CliError, out, text, usage};

#[derive(Debug)]
struct Options {
    games: u32,
    players: Option<u8>,
    bots: Option<Vec<BotKind>>,
    seed: u64,
    threads: usize,
    /// Iterations a move for the searching bots; `None`: each kind's preset.
    iterations: Option<u32>,
    /// Seats after the bots', in the order given.
    engines: Engines,
}

fn parse(args: &[OsString]) -> Result<Option<Options>, CliError> {
    let with_value = [
        &[
            "--games",
            "--players",
            "--bots",
            "--seed",
            "--threads",
            "--iterations",
        ][..],
        &engines::FLAGS,
    ]
    .concat();
    let flags = args::flags(args, &with_value, &[])?;
    let mut o = Options {
        games: 100,
        players: None,
        bots: None,
        seed: 1,
        // Every core, within the tournament's limit.
        threads: crate::tournament::default_threads(),
        iterations: None,
        engines: Engines::default(),
    };
    let mut engine_flags = EngineFlags::default();
    for flag in &flags {
        if engine_flags.read(flag)? {
            continue;
        }
        match flag.name.as_str() {
            "--help" => return Ok(None),
            "--games" => o.games = args::number(flag, 1..=TournamentConfig::MAX_GAMES)?,
            "--players" => {
                o.players = Some(args::number(
                    flag,
                    Config::MIN_PLAYERS..=Config::MAX_PLAYERS,
                )?);
            }
            "--bots" => o.bots = Some(bots::parse_list(args::text(flag)?)?),
            "--seed" => o.seed = args::number(flag, 0..=u64::MAX)?,
            "--threads" => o.threads = args::number(flag, 1..=TournamentConfig::MAX_THREADS)?,
            "--iterations" => o.iterations = Some(bots::iterations(flag)?),
            _ => unreachable!("args::flags accepts only the listed flags"),
        }
    }
    // Checked against the bots' names once the lineup is known.
    o.engines = engine_flags.engines()?;
    Ok(Some(o))
}

/// The bots, one per seat.
fn lineup(o: &Options) -> Result<Vec<BotKind>, CliError> {
    let players = usize::from(Config::MIN_PLAYERS)..=usize::from(Config::MAX_PLAYERS);
    seat_bots(
        o.bots.as_deref(),
        o.players,
        players,
        o.engines.len(),
        |n| {
            let mut list = vec![BotKind::Heuristic; n];
            if let Some(first) = list.first_mut() {
                *first = BotKind::Ismcts;
            }
            list
        },
    )
}

/// The default `--threads` of tournaments and arenas: every core, within the limit.
pub(crate) fn default_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, usize::from)
        .min(TournamentConfig::MAX_THREADS)
}

/// The built-in bots, one per seat not taken by one of `engines` (which sit after them),
/// from `--bots` and `--players` (either game): the listed bots, whose count with the
/// engines must be the player count given or one the game allows (`players`); without a
/// list, `default` of the seats the engines leave in a game of the player count given,
/// else of 4 (or as many as the engines).
pub(crate) fn seat_bots<K: Clone>(
    bots: Option<&[K]>,
    given: Option<u8>,
    players: std::ops::RangeInclusive<usize>,
    engines: usize,
    default: impl Fn(usize) -> Vec<K>,
) -> Result<Vec<K>, CliError> {
    let and_engines = match engines {
        0 => String::new(),
        1 => " and 1 engine".to_owned(),
        n => format!(" and {n} engines"),
    };
    match (bots, given) {
        (Some(list), None) if players.contains(&(list.len() + engines)) => Ok(list.to_vec()),
        (Some(list), None) => Err(CliError::Usage(format!(
            "--bots lists {} bots{and_engines}: a game has {} to {} players, one bot each",
            list.len(),
            players.start(),
            players.end()
        ))),
        (Some(list), Some(n)) if list.len() + engines == usize::from(n) => Ok(list.to_vec()),
        (Some(list), Some(n)) => Err(CliError::Usage(format!(
            "--bots lists {} bots{and_engines} but --players is {n}: give one bot per seat",
            list.len()
        ))),
        (None, given) => {
            let n = given.map_or(engines.max(4), usize::from);
            if engines > n || !players.contains(&n) {
                return Err(CliError::Usage(format!(
                    "{engines} engines: a game has {} to {} players{}",
                    players.start(),
                    players.end(),
                    given.map_or(String::new(), |n| format!(" and --players is {n}"))
                )));
            }
            Ok(default(n - engines))
        }
    }
}

/// Entrant names, numbered when a kind appears more than once: `heuristic#2` (either
/// game's bot kinds, by their names).
pub(crate) fn entrant_names<K: std::fmt::Display>(lineup: &[K]) -> Vec<String> {
    kingup_bots::numbered(&lineup.iter().map(K::to_string).collect::<Vec<_>>())
}

pub(crate) fn run(args: &[OsString]) -> Result<ExitCode, CliError> {
    let Some(o) = parse(args)? else {
        out!("{}", usage());
        return Ok(ExitCode::SUCCESS);
    };
    let lineup = lineup(&o)?;
    let players = (lineup.len() + o.engines.len()) as u8;
    let iterations = o.iterations;
    let mut entrants: Vec<Entrant<'_>> = lineup
        .iter()
        .zip(entrant_names(&lineup))
        .map(|(&kind, name)| Entrant {
            name,
            make: Box::new(move |seed| -> Box<dyn Bot> {
                Box::new(bots::spec(kind, iterations).build(seed))
            }),
        })
        .collect();
    o.engines.enter::<kingup_core::Game>(&mut entrants)?;
    let config = TournamentConfig {
        game: Config::new(players),
        games: o.games,
        seed: o.seed,
        threads: o.threads,
    };
    // The options were checked against these very limits; this catches any drift before a
    // game is played.
    config
        .validate()
        .map_err(|e| CliError::Usage(e.to_string()))?;
    let list: Vec<&str> = lineup.iter().map(|k| k.name()).collect();
    let mut command = vec![
        "kingup tournament".to_owned(),
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
    let searching = lineup.iter().any(|k| k.searches());
    if let Some(n) = o.iterations.filter(|_| searching) {
        command.push(format!("--iterations {n}"));
    }
    let progress = Progress::new(o.games, "games", std::io::stderr().is_terminal());
    let start = Instant::now();
    let standings = tournament(&config, &entrants, Generator::new, |done| {
        progress.update(done);
    })
    .map_err(|e| CliError::Usage(e.to_string()))?;
    progress.finish();
    let elapsed = start.elapsed().as_secs_f64();
    let summary = format!(
        "{} games of {players} players (3 rounds), seats rotated every game; {:.1} s ({:.1} \
         games/s).\nWin rate and mean final score with 95% confidence intervals (a shared win \
         counts 1/winners):\n",
        o.games,
        elapsed,
        f64::from(o.games) / elapsed.max(1e-9)
    );
    out!("{}\n", text::wrap(&summary));
    out!("{standings}");
    out!("{}", text::command("command:", &command));
    Ok(ExitCode::SUCCESS)
}

/// The progress bar on stderr: redrawn in place on a terminal, a line per 10% otherwise.
pub(crate) struct Progress {
    total: u32,
    /// What is counted: `games`, `deals`.
    unit: &'static str,
    terminal: bool,
    start: Instant,
    /// When the bar was last drawn, and the last tenth reported.
    state: Mutex<(Option<Instant>, u32)>,
}

impl Progress {
    pub(crate) fn new(total: u32, unit: &'static str, terminal: bool) -> Progress {
        let progress = Progress {
            total,
            unit,
            terminal,
            start: Instant::now(),
            state: Mutex::new((None, 0)),
        };
        if terminal {
            progress.draw(0);
        }
        progress
    }

    /// Called from the worker threads after each game.
    pub(crate) fn update(&self, done: u32) {
        let Ok(mut state) = self.state.lock() else {
            return;
        };
        if self.terminal {
            let now = Instant::now();
            let due = state
                .0
                .is_none_or(|t| now.duration_since(t) >= Duration::from_millis(100));
            if due || done == self.total {
                state.0 = Some(now);
                self.draw(done);
            }
        } else {
            let tenth = (u64::from(done) * 10 / u64::from(self.total.max(1))) as u32;
            if tenth > state.1 {
                state.1 = tenth;
                let _ = writeln!(
                    std::io::stderr(),
                    "{done}/{} {} ({}%)  {:.1} s",
                    self.total,
                    self.unit,
                    tenth * 10,
                    self.start.elapsed().as_secs_f64()
                );
            }
        }
    }

    fn draw(&self, done: u32) {
        let _ = write!(
            std::io::stderr(),
            "\r{}",
            bar(done, self.total, self.unit, self.start.elapsed())
        );
    }

    pub(crate) fn finish(&self) {
        if self.terminal {
            self.draw(self.total);
            let _ = writeln!(std::io::stderr());
        }
    }
}

/// `[#####.....] 512/1000 games  12.3 s`, 30 marks wide.
fn bar(done: u32, total: u32, unit: &str, elapsed: Duration) -> String {
    const WIDTH: u64 = 30;
    let filled = (u64::from(done) * WIDTH / u64::from(total.max(1))).min(WIDTH) as usize;
    format!(
        "[{}{}] {done}/{total} {unit}  {:.1} s",
        "#".repeat(filled),
        ".".repeat(WIDTH as usize - filled),
        elapsed.as_secs_f64()
    )
}

#[cfg(test)]
mod tests {
    use kingup_bots::IsmctsConfig;

    use super::*;
    use crate::args::strings;

    #[test]
    fn lineups_and_names() {
        let o = parse(&strings("--bots random,random,heuristic"))
            .unwrap()
            .unwrap();
        let three = lineup(&o).unwrap();
        assert_eq!(entrant_names(&three), ["random#1", "random#2", "heuristic"]);
        let o = parse(&strings("--players 6")).unwrap().unwrap();
        assert_eq!(lineup(&o).unwrap().len(), 6);
        for bad in [
            "--players 4 --bots random,random,heuristic",
            "--bots random,random",
            "--games 0",
            "--threads x",
            "--watch",
        ] {
            let result = parse(&strings(bad)).and_then(|o| lineup(&o.unwrap()).map(|_| ()));
            assert!(matches!(result, Err(CliError::Usage(_))), "{bad}");
        }
    }

    #[test]
    fn limits_are_the_tournaments_own() {
        let at = |games: u32, threads: usize, iterations: u32| {
            let args = format!("--games {games} --threads {threads} --iterations {iterations}");
            parse(&strings(&args)).map(|o| {
                let o = o.unwrap();
                (o.games, o.threads, o.iterations.unwrap())
            })
        };
        let (games, threads) = (TournamentConfig::MAX_GAMES, TournamentConfig::MAX_THREADS);
        let iterations = IsmctsConfig::MAX_ITERATIONS;
        assert_eq!(
            at(games, threads, iterations).unwrap(),
            (games, threads, iterations)
        );
        for (g, t, i) in [
            (games + 1, threads, iterations),
            (games, threads + 1, iterations),
            (games, threads, iterations + 1),
        ] {
            assert!(
                matches!(at(g, t, i), Err(CliError::Usage(_))),
                "{g} {t} {i}"
            );
        }
        let default = parse(&[]).unwrap().unwrap();
        assert!((1..=threads).contains(&default.threads));
    }

    #[test]
    fn the_bar() {
        assert_eq!(
            bar(512, 1000, "games", Duration::from_millis(12_340)),
            "[###############...............] 512/1000 games  12.3 s"
        );
        assert!(bar(7, 7, "deals", Duration::ZERO).starts_with(&format!("[{}]", "#".repeat(30))));
    }
}
