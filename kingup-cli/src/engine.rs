//! `kingup engine --bot KIND`: a built-in bot as an engine of the bot protocol
//! (docs/protocol.md), over standard input and output, so that it plays in other
//! programs' tournaments. Standard output carries protocol lines only.

use std::ffi::OsString;
use std::process::ExitCode;

use kingup_bots::court::{self, MctsBot, MctsConfig};
use kingup_bots::{Bot, BotSpec};
use kingup_protocol::{Bots, serve};
use serde_json::{Map, Value};

use crate::{CliError, args, bots, out, usage};

/// The `hello` options the engine reads.
const OPTIONS: &str = "iterations";

#[derive(Debug)]
struct Options {
    /// The bot, as typed: read per game, as the game's bot.
    kind: String,
    /// Iterations a move for the searching bots; `None`: the kind's own.
    iterations: Option<u32>,
}

fn parse(args: &[OsString]) -> Result<Option<Options>, CliError> {
    let flags = args::flags(args, &["--bot", "--iterations"], &[])?;
    let (mut kind, mut iterations) = (None, None);
    for flag in &flags {
        match flag.name.as_str() {
            "--help" => return Ok(None),
            "--bot" => kind = Some(args::text(flag)?.to_owned()),
            "--iterations" => iterations = Some(bots::iterations(flag)?),
            _ => unreachable!("args::flags accepts only the listed flags"),
        }
    }
    let kind = kind.ok_or_else(|| CliError::Usage("engine needs --bot KIND".to_owned()))?;
    if kind.parse::<BotSpec>().is_err() && kind.parse::<court::BotKind>().is_err() {
        return Err(CliError::Usage(format!(
            "--bot {} is no bot of King Up! (random, heuristic, reader, ismcts, ismcts:N, \
             reader:N) or To Court the King (random, greedy, mcts)",
            args::excerpt(&kind)
        )));
    }
    Ok(Some(Options { kind, iterations }))
}

pub(crate) fn run(args: &[OsString]) -> Result<ExitCode, CliError> {
    let Some(o) = parse(args)? else {
        out!("{}", usage());
        return Ok(ExitCode::SUCCESS);
    };
    let (kind, iterations) = (o.kind.as_str(), o.iterations);
    let bots = Bots {
        name: o.kind.clone(),
        king_up: Box::new(move |options, seed| king_up(kind, iterations, options, seed)),
        court: Box::new(move |options, seed| court(kind, iterations, options, seed)),
    };
    serve(std::io::stdin().lock(), std::io::stdout().lock(), bots)
        .map_err(|e| CliError::Failed(format!("engine: {e}")))?;
    Ok(ExitCode::SUCCESS)
}

/// The search budget of a game: the `hello`'s `iterations` if given, else `--iterations`.
/// Any other option is refused: the engine would not do what was asked.
fn budget(options: &Map<String, Value>, flag: Option<u32>) -> Result<Option<u32>, String> {
    if let Some(key) = options.keys().find(|key| *key != OPTIONS) {
        return Err(format!(
            "unknown option {key:?}: kingup engine reads {OPTIONS}"
        ));
    }
    match options.get(OPTIONS) {
        None => Ok(flag),
        Some(value) => value
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .map(Some)
            .ok_or_else(|| format!("the option iterations must be a whole number, not {value}")),
    }
}

/// A King Up! bot for one game, built as `kingup arena` builds its entrants.
fn king_up(
    kind: &str,
    iterations: Option<u32>,
    options: &Map<String, Value>,
    seed: u64,
) -> Result<Box<dyn Bot>, String> {
    let spec: BotSpec = kind
        .parse()
        .map_err(|e| format!("{kind:?} plays no King Up!: {e}"))?;
    let spec = match budget(options, iterations)? {
        Some(n) => spec.with_iterations(n).map_err(|e| e.to_string())?,
        None => spec,
    };
    Ok(Box::new(spec.build(seed)))
}

/// A To Court the King bot for one game, built as `kingup court arena` builds its
/// entrants; `iterations` sets the search budget of `mcts`.
fn court(
    kind: &str,
    iterations: Option<u32>,
    options: &Map<String, Value>,
    seed: u64,
) -> Result<Box<dyn Bot<kingup_court::PlayerView>>, String> {
    let kind: court::BotKind = kind
        .parse()
        .map_err(|e| format!("{kind:?} plays no To Court the King: {e}"))?;
    match (kind, budget(options, iterations)?) {
        (court::BotKind::Mcts, Some(n)) => {
            let config = MctsConfig {
                iterations: n,
                ..MctsConfig::new()
            };
            config.validate().map_err(|e| e.to_string())?;
            let rng = kingup_court::Generator::new(seed);
            Ok(Box::new(MctsBot::with_config(rng, config)))
        }
        (kind, _) => Ok(Box::new(kind.build(seed))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::strings;

    #[test]
    fn the_bot_must_be_one_of_either_game() {
        for good in ["random", "heuristic", "ismcts:300", "greedy", "mcts"] {
            let o = parse(&strings(&format!("--bot {good}"))).unwrap().unwrap();
            assert_eq!(o.kind, good);
        }
        for bad in [
            "",
            "--bot alphazero",
            "--bot Greedy",
            "--bot ismcts:0",
            "--iterations 0",
        ] {
            assert!(
                matches!(parse(&strings(bad)), Err(CliError::Usage(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn the_options_set_the_budget_or_are_refused() {
        let options = |json: &str| serde_json::from_str::<Map<String, Value>>(json).unwrap();
        assert_eq!(budget(&options("{}"), Some(7)), Ok(Some(7)));
        assert_eq!(
            budget(&options(r#"{"iterations":20}"#), Some(7)),
            Ok(Some(20))
        );
        for bad in [
            r#"{"iterations":"many"}"#,
            r#"{"iterations":-1}"#,
            r#"{"depth":3}"#,
        ] {
            assert!(budget(&options(bad), None).is_err(), "{bad}");
        }
        assert!(king_up("greedy", None, &Map::new(), 1).is_err());
        assert!(court("heuristic", None, &Map::new(), 1).is_err());
        assert!(king_up("ismcts", None, &options(r#"{"iterations":0}"#), 1).is_err());
        assert!(court("mcts", None, &options(r#"{"iterations":0}"#), 1).is_err());
        assert!(court("mcts", Some(5), &Map::new(), 1).is_ok());
    }
}
