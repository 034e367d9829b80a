//! The engine flags, one reading for both games and every command that seats bots
//! (`arena`, `tournament`, `play`, and their `court` twins): `--engine "NAME=command args"`,
//! `--engine-option NAME:KEY=VALUE`, `--move-time MS` and `--game-time MS`
//! (docs/protocol.md, "Entering an engine").

use std::sync::Arc;
use std::time::Duration;

use kingup_bots::{Bot, Entrant};
use kingup_core::kingup_table::SeatView;
use kingup_protocol::{Clock, Engine, EngineCommand, ProtocolGame};
use serde_json::Value;

use crate::CliError;
use crate::args::{self, Flag, excerpt};
use crate::audience::Seated;

/// The flags this module reads, all of which take a value.
pub(crate) const FLAGS: [&str; 4] = ["--engine", "--engine-option", "--move-time", "--game-time"];

/// Most milliseconds `--move-time` and `--game-time` allow: an hour.
pub(crate) const MAX_TIME_MS: u64 = 3_600_000;

/// The usage of the engine flags, shared by `kingup help` and `kingup court help`:
/// `commands` names the commands that take them.
pub(crate) fn usage(commands: &str) -> String {
    let default = Clock::default();
    let (per_move, per_game) = (default.per_move.as_millis(), default.per_game.as_millis());
    format!(
        "\
engines: programs that play over the bot protocol (docs/protocol.md), entered in
{commands}:
  --engine \"NAME=COMMAND ARGS\"
                     an entrant named NAME (1 to 32 visible characters, unlike
                     every other entrant's) played by the program COMMAND ARGS
                     (split into words as a shell would: quotes group).
                     Repeatable. In arena and tournament, engines enter after
                     the built-in bots (--entrants, --bots) and count with
                     them; in play they take the first bot seats (seat 0, 1,
                     ..., yours skipped), one each, in the order given, and
                     --bots fills the seats left (one entry per seat, or
                     fewer repeated over them). An engine's standard error
                     is passed through to kingup's
  --engine-option NAME:KEY=VALUE
                     an option in engine NAME's hello (VALUE is a number, true
                     or false if it reads as one, else text). Repeatable
  --move-time MS     most time an engine's answer may take, 1 to {MAX_TIME_MS}
                     (default {per_move}); a move not answered in time, or not
                     legally, is forfeited: played at random for the engine
  --game-time MS     most time all of an engine's answers in one game may take,
                     1 to {MAX_TIME_MS} (default {per_game})"
    )
}

/// The engine flags as read, not yet checked against each other.
#[derive(Debug, Default)]
pub(crate) struct EngineFlags {
    commands: Vec<EngineCommand>,
    /// `(engine, key, value)`, in the order given.
    options: Vec<(String, String, Value)>,
    per_move: Option<Duration>,
    per_game: Option<Duration>,
}

impl EngineFlags {
    /// Reads `flag` if it is an engine flag; `false` if it is another.
    pub(crate) fn read(&mut self, flag: &Flag) -> Result<bool, CliError> {
        match flag.name.as_str() {
            "--engine" => {
                let command = args::text(flag)?
                    .parse::<EngineCommand>()
                    .map_err(|e| CliError::Usage(format!("--engine: {e}")))?;
                self.commands.push(command);
            }
            "--engine-option" => self.options.push(option(args::text(flag)?)?),
            "--move-time" => self.per_move = Some(millis(flag)?),
            "--game-time" => self.per_game = Some(millis(flag)?),
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The engines, each with its options and the clock. Their names must differ from
    /// each other's; every option must name one of them, once per key.
    pub(crate) fn engines(self) -> Result<Engines, CliError> {
        let mut clock = Clock::default();
        clock.per_move = self.per_move.unwrap_or(clock.per_move);
        clock.per_game = self.per_game.unwrap_or(clock.per_game);
        let mut commands = self.commands;
        for (i, command) in commands.iter().enumerate() {
            let earlier: Vec<String> = commands[..i].iter().map(|c| c.name.clone()).collect();
            taken(&command.name, &earlier)?;
        }
        for (name, key, value) in self.options {
            let command = commands
                .iter_mut()
                .find(|c| c.name == name)
                .ok_or_else(|| {
                    CliError::Usage(format!(
                        "--engine-option: no engine is named {}",
                        excerpt(&name)
                    ))
                })?;
            if command.options.insert(key.clone(), value).is_some() {
                return Err(CliError::Usage(format!(
                    "--engine-option: {} is given twice for engine {}",
                    excerpt(&key),
                    excerpt(&name)
                )));
            }
        }
        for command in &mut commands {
            command.clock = clock;
        }
        Ok(Engines { commands, clock })
    }
}

/// A usage error if `name` is one of `names`: every entrant needs its own name.
fn taken(name: &str, names: &[String]) -> Result<(), CliError> {
    if names.iter().any(|n| n == name) {
        return Err(CliError::Usage(format!(
            "--engine: the name {} is taken: every entrant needs its own",
            excerpt(name)
        )));
    }
    Ok(())
}

/// `NAME:KEY=VALUE`, the value read as JSON when it is a number or a boolean.
fn option(text: &str) -> Result<(String, String, Value), CliError> {
    let parsed = text.split_once(':').and_then(|(name, setting)| {
        let (key, value) = setting.split_once('=')?;
        (!name.is_empty() && !key.is_empty()).then_some((name, key, value))
    });
    let Some((name, key, value)) = parsed else {
        return Err(CliError::Usage(format!(
            "--engine-option is NAME:KEY=VALUE, not {}",
            excerpt(text)
        )));
    };
    let value = match serde_json::from_str::<Value>(value) {
        Ok(json @ (Value::Number(_) | Value::Bool(_))) => json,
        _ => Value::String(value.to_owned()),
    };
    Ok((name.to_owned(), key.to_owned(), value))
}

/// A `--move-time` or `--game-time` in milliseconds.
fn millis(flag: &Flag) -> Result<Duration, CliError> {
    args::number(flag, 1..=MAX_TIME_MS).map(Duration::from_millis)
}

/// The engines of a command, checked.
#[derive(Debug, Default)]
pub(crate) struct Engines {
    commands: Vec<EngineCommand>,
    clock: Clock,
}

impl Engines {
    /// How many engines were entered.
    pub(crate) fn len(&self) -> usize {
        self.commands.len()
    }

    /// A usage error if an engine has one of `names`, the built-in entrants' names.
    pub(crate) fn check_names(&self, names: &[String]) -> Result<(), CliError> {
        self.commands.iter().try_for_each(|c| taken(&c.name, names))
    }

    /// Starts every engine for games of `G`, so that one that cannot start is refused
    /// before anything is played, with its reason.
    pub(crate) fn start<G: ProtocolGame>(&self) -> Result<Vec<Arc<Engine<G>>>, CliError> {
        self.commands
            .iter()
            .map(|command| {
                let engine = Engine::<G>::new(command.clone());
                engine
                    .start()
                    .map_err(|e| CliError::Failed(format!("engine {}: {e}", command.name)))?;
                Ok(engine)
            })
            .collect()
    }

    /// Enters the engines, started, after the built-in `entrants`: a usage error if one has
    /// the name of one of them.
    pub(crate) fn enter<G: ProtocolGame>(
        &self,
        entrants: &mut Vec<Entrant<'_, G::View>>,
    ) -> Result<(), CliError> {
        let names: Vec<String> = entrants.iter().map(|e| e.name.clone()).collect();
        self.check_names(&names)?;
        entrants.extend(self.entrants::<G>()?);
        Ok(())
    }

    /// The engines, started, as arena or tournament entrants under their names.
    pub(crate) fn entrants<G: ProtocolGame>(
        &self,
    ) -> Result<Vec<Entrant<'static, G::View>>, CliError> {
        Ok(self.start::<G>()?.iter().map(Engine::entrant).collect())
    }

    /// The players of `kingup play` (either game), by seat: `None` at the person's seat, a
    /// built-in bot from `make(kind, seed)`, or an engine, started here; each seeded by
    /// the seat and `seed`, the game's seed. With their names: `you`, the bot's, the
    /// engine's.
    pub(crate) fn seat<G: ProtocolGame, K: Copy>(
        &self,
        players: &[Player<K>],
        seed: u64,
        make: impl Fn(K, u64) -> (Box<dyn Bot<G::View>>, &'static str),
    ) -> Result<Table<G::View>, CliError> {
        let engines = self.start::<G>()?;
        let mut bots = Vec::with_capacity(players.len());
        let mut names = Vec::with_capacity(players.len());
        for (seat, player) in players.iter().enumerate() {
            let seed = crate::bots::bot_seed(seed, seat);
            let (bot, name): (Seated<G::View>, &str) = match *player {
                Player::Person => (None, "you"),
                Player::Bot(kind) => {
                    let (bot, name) = make(kind, seed);
                    (Some(bot), name)
                }
                Player::Engine(i) => (Some(Box::new(engines[i].bot(seed))), &self.commands[i].name),
            };
            bots.push(bot);
            names.push(name.to_owned());
        }
        Ok(Table { bots, names })
    }

    /// The flags that enter the same engines again, for the command lines a run prints.
    pub(crate) fn args(&self) -> Vec<String> {
        let mut out = Vec::new();
        for command in &self.commands {
            out.push(format!("--engine {}", quote(&command.to_string())));
            for (key, value) in &command.options {
                let value = match value {
                    Value::String(text) => text.clone(),
                    other => other.to_string(),
                };
                let option = format!("{}:{key}={value}", command.name);
                out.push(format!("--engine-option {}", quote(&option)));
            }
        }
        let default = Clock::default();
        if !self.commands.is_empty() && self.clock.per_move != default.per_move {
            out.push(format!("--move-time {}", self.clock.per_move.as_millis()));
        }
        if !self.commands.is_empty() && self.clock.per_game != default.per_game {
            out.push(format!("--game-time {}", self.clock.per_game.as_millis()));
        }
        out
    }
}

/// `text` as one shell word.
fn quote(text: &str) -> String {
    shlex::try_quote(text).map_or_else(|_| format!("{text:?}"), Into::into)
}

/// A line for each seat whose player forfeited moves in the game just played (an engine
/// that did not answer in time or legally), for `kingup play`'s end (either game).
pub(crate) fn forfeits<V: SeatView>(names: &[String], bots: &[Seated<V>]) -> Vec<String> {
    bots.iter()
        .zip(names)
        .enumerate()
        .filter_map(|(seat, (bot, name))| {
            let forfeits = bot.as_ref()?.forfeits();
            (forfeits.total() > 0).then(|| {
                format!(
                    "Seat {seat} ({name}) forfeited moves, played at random for it: {forfeits}."
                )
            })
        })
        .collect()
}

/// The players at a `kingup play` table, by seat.
pub(crate) struct Table<V> {
    /// Built-in bots and engines alike; `None` at the person's seat.
    pub(crate) bots: Vec<Seated<V>>,
    /// `you`, the bot's name, the engine's.
    pub(crate) names: Vec<String>,
}

/// The built-in bots among `players`, in seat order.
pub(crate) fn built_in<K: Copy>(players: &[Player<K>]) -> Vec<K> {
    players
        .iter()
        .filter_map(|player| match *player {
            Player::Bot(kind) => Some(kind),
            Player::Person | Player::Engine(_) => None,
        })
        .collect()
}

/// Who plays a seat in `kingup play`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Player<K> {
    /// The person at the terminal.
    Person,
    /// A built-in bot.
    Bot(K),
    /// The engine entered at this index.
    Engine(usize),
}

/// Every seat's player in `kingup play` (either game): the person at `human`; the
/// engines, in the order entered, on the first seats after that (in seat order); the
/// other seats from the `--bots` list, one entry a seat when it has one per seat (the
/// entries of the person's and the engines' seats skipped), else repeated over them in
/// order.
pub(crate) fn seat_players<K: Copy>(
    list: &[K],
    players: usize,
    human: Option<usize>,
    engines: usize,
) -> Result<Vec<Player<K>>, CliError> {
    let bot_seats: Vec<usize> = (0..players).filter(|&s| Some(s) != human).collect();
    if engines > bot_seats.len() {
        return Err(CliError::Usage(format!(
            "{engines} engines, but a {players}-player game has {} seats for bots and engines",
            bot_seats.len()
        )));
    }
    let rest = &bot_seats[engines..];
    let fits = list.len() == players || (!list.is_empty() && list.len() <= rest.len());
    if !rest.is_empty() && !fits {
        return Err(CliError::Usage(format!(
            "--bots lists {} bots, but a {players}-player game has {} bot seats (give at most \
             that many, repeated in order, or exactly one per seat)",
            list.len(),
            rest.len()
        )));
    }
    let mut seats = vec![Player::Person; players];
    for (i, &seat) in bot_seats[..engines].iter().enumerate() {
        seats[seat] = Player::Engine(i);
    }
    for (i, &seat) in rest.iter().enumerate() {
        let kind = if list.len() == players {
            list[seat]
        } else {
            list[i % list.len()]
        };
        seats[seat] = Player::Bot(kind);
    }
    Ok(seats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::flags;
    use std::ffi::OsString;

    fn read(args: &[&str]) -> Result<EngineFlags, CliError> {
        let args: Vec<OsString> = args.iter().map(OsString::from).collect();
        let mut engine_flags = EngineFlags::default();
        for flag in flags(&args, &FLAGS, &[])? {
            assert!(engine_flags.read(&flag)?);
        }
        Ok(engine_flags)
    }

    #[test]
    fn engines_options_and_clock() {
        let engines = read(&[
            "--engine",
            "a=prog 'two words'",
            "--engine=b=other",
            "--engine-option",
            "a:iterations=200",
            "--engine-option",
            "a:style=bold",
            "--engine-option",
            "b:fast=true",
            "--move-time",
            "500",
        ])
        .unwrap()
        .engines()
        .unwrap();
        let names: Vec<&str> = engines.commands.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["a", "b"]);
        let a = &engines.commands[0];
        assert_eq!(a.args, ["two words"]);
        assert_eq!(a.options["iterations"], Value::from(200));
        assert_eq!(a.options["style"], Value::from("bold"));
        assert_eq!(engines.commands[1].options["fast"], Value::Bool(true));
        assert_eq!(a.clock.per_move, Duration::from_millis(500));
        assert_eq!(a.clock.per_game, Clock::default().per_game);
        assert_eq!(
            engines.args(),
            [
                "--engine \"a=prog 'two words'\"",
                "--engine-option 'a:iterations=200'",
                "--engine-option 'a:style=bold'",
                "--engine 'b=other'",
                "--engine-option 'b:fast=true'",
                "--move-time 500",
            ]
        );
    }

    #[test]
    fn bad_engine_flags_are_usage_errors() {
        for bad in [
            &["--engine", "no-name"][..],
            &["--engine", "x="],
            &["--engine", "x='open"],
            &["--engine-option", "x:k=1"],
            &["--engine", "x=p", "--engine-option", "x=1"],
            &["--engine", "x=p", "--engine-option", "x:=1"],
            &[
                "--engine",
                "x=p",
                "--engine-option",
                "x:k=1",
                "--engine-option",
                "x:k=2",
            ],
            &["--engine", "x=p", "--engine", "x=q"],
            &["--engine", "random=p"],
            &["--move-time", "0"],
            &["--game-time", "3600001"],
        ] {
            let result = read(bad)
                .and_then(EngineFlags::engines)
                .and_then(|e| e.check_names(&["random".to_owned()]));
            assert!(matches!(result, Err(CliError::Usage(_))), "{bad:?}");
        }
    }

    #[test]
    fn engines_take_the_first_bot_seats() {
        use Player::{Bot, Engine, Person};
        assert_eq!(
            seat_players(&['r'], 4, Some(1), 2).unwrap(),
            [Engine(0), Person, Engine(1), Bot('r')]
        );
        // One entry per seat: the person's and the engines' are skipped.
        assert_eq!(
            seat_players(&['a', 'b', 'c'], 3, Some(0), 1).unwrap(),
            [Person, Engine(0), Bot('c')]
        );
        assert_eq!(
            seat_players(&['r'], 3, None, 3).unwrap(),
            [Engine(0), Engine(1), Engine(2)]
        );
        assert!(seat_players(&['r'], 3, Some(0), 3).is_err());
        assert!(seat_players(&['a', 'b'], 3, Some(0), 1).is_err());
    }
}
