//! The court bots the command line can seat: `kingup_bots::court`'s.

use std::fmt;
use std::str::FromStr;

use kingup_bots::Bot;
use kingup_bots::court::{GreedyBot, MctsBot, RandomBot};
use kingup_court::Generator;
use kingup_court::PlayerView;

use crate::CliError;

/// A court bot by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CourtBot {
    /// [`GreedyBot`]: the best card it can buy, dice kept for it.
    Greedy,
    /// [`RandomBot`]: uniformly random legal actions.
    Random,
    /// [`MctsBot`]: Monte Carlo tree search with its default settings.
    Mcts,
}

impl CourtBot {
    /// The name typed in `--bots`.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            CourtBot::Greedy => "greedy",
            CourtBot::Random => "random",
            CourtBot::Mcts => "mcts",
        }
    }

    /// A fresh bot; `seed` seeds the random and search bots' choices.
    pub(crate) fn make(self, seed: u64) -> Box<dyn Bot<PlayerView>> {
        match self {
            CourtBot::Greedy => Box::new(GreedyBot::new()),
            CourtBot::Random => Box::new(RandomBot::new(Generator::new(seed))),
            CourtBot::Mcts => Box::new(MctsBot::new(Generator::new(seed))),
        }
    }
}

impl fmt::Display for CourtBot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl FromStr for CourtBot {
    type Err = String;

    fn from_str(text: &str) -> Result<CourtBot, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "greedy" => Ok(CourtBot::Greedy),
            "random" => Ok(CourtBot::Random),
            "mcts" => Ok(CourtBot::Mcts),
            _ => Err(format!(
                "unknown bot {}: expected greedy, random or mcts",
                crate::args::excerpt(text)
            )),
        }
    }
}

/// Parses `greedy,random,mcts` (names in any case), the value of the option `flag`.
pub(crate) fn parse_list(text: &str, flag: &str) -> Result<Vec<CourtBot>, CliError> {
    text.split(',')
        .map(|name| {
            name.parse::<CourtBot>()
                .map_err(|e| CliError::Usage(format!("{flag}: {e}")))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_names() {
        assert_eq!(
            parse_list("Greedy, random,MCTS", "--bots").unwrap(),
            [CourtBot::Greedy, CourtBot::Random, CourtBot::Mcts]
        );
        for bad in ["greedy,,random", "ismcts", ""] {
            assert!(parse_list(bad, "--bots").is_err(), "{bad}");
        }
    }
}
