//! The court bots the command line can seat: `kingup_bots::court`'s.

use kingup_bots::Bot;
use kingup_bots::court::BotKind;
use kingup_court::PlayerView;

use crate::CliError;

/// A court bot by name: `kingup_bots::court::BotKind`, the names every front end reads.
pub(crate) type CourtBot = BotKind;

/// A fresh bot of `kind`; `seed` seeds the random and search bots' choices.
pub(crate) fn make(kind: CourtBot, seed: u64) -> Box<dyn Bot<PlayerView>> {
    Box::new(kind.build(seed))
}

/// Parses `greedy,random,mcts` (names in lower case, no spaces), the value of the option
/// `flag`.
pub(crate) fn parse_list(text: &str, flag: &str) -> Result<Vec<CourtBot>, CliError> {
    text.split(',')
        .map(|name| {
            name.parse::<CourtBot>().map_err(|_| {
                let name = crate::args::excerpt(name);
                CliError::Usage(format!(
                    "{flag}: unknown bot {name}: expected greedy, random or mcts (lower case, no \
                     spaces)"
                ))
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_names() {
        assert_eq!(
            parse_list("greedy,random,mcts", "--bots").unwrap(),
            [CourtBot::Greedy, CourtBot::Random, CourtBot::Mcts]
        );
        for bad in [
            "greedy,,random",
            "ismcts",
            "",
            "Greedy",
            "greedy, random",
            "MCTS",
        ] {
            assert!(parse_list(bad, "--bots").is_err(), "{bad}");
        }
    }
}
