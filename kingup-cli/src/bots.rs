//! The bots the command line can seat, by name.

use kingup_core::{Bot, HeuristicBot, IsmctsBot, IsmctsConfig, RandomBot};
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// A kind of bot, as named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BotKind {
    Ismcts,
    Heuristic,
    Random,
}

impl BotKind {
    /// The name used on the command line and in reports.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            BotKind::Ismcts => "ismcts",
            BotKind::Heuristic => "heuristic",
            BotKind::Random => "random",
        }
    }

    /// A fresh bot of this kind, seeded with `seed`; `iterations` sets ISMCTS's budget.
    pub(crate) fn make(self, seed: u64, iterations: u32) -> Box<dyn Bot + Send> {
        let rng = SmallRng::seed_from_u64(seed);
        match self {
            BotKind::Ismcts => Box::new(IsmctsBot::new(rng, ismcts_config(iterations))),
            BotKind::Heuristic => Box::new(HeuristicBot::new(rng)),
            BotKind::Random => Box::new(RandomBot::new(rng)),
        }
    }
}

/// The default search with `iterations` per decision.
pub(crate) fn ismcts_config(iterations: u32) -> IsmctsConfig {
    IsmctsConfig {
        iterations,
        ..IsmctsConfig::default()
    }
}

/// Parses `ismcts,heuristic,random`; names are case-insensitive, `mcts` means ISMCTS.
pub(crate) fn parse_list(text: &str) -> Result<Vec<BotKind>, String> {
    text.split(',')
        .map(|name| match name.trim().to_ascii_lowercase().as_str() {
            "ismcts" | "mcts" => Ok(BotKind::Ismcts),
            "heuristic" => Ok(BotKind::Heuristic),
            "random" => Ok(BotKind::Random),
            other => Err(format!(
                "unknown bot {other:?} in --bots {text:?}: expected ismcts, heuristic or random"
            )),
        })
        .collect()
}

/// A seed for seat `seat`'s bot, derived from the game's seed.
pub(crate) fn bot_seed(seed: u64, seat: usize) -> u64 {
    // SplitMix64's increment and finalizer keep seats' streams apart.
    let mut z = seed.wrapping_add((seat as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_names() {
        assert_eq!(
            parse_list("ISMCTS, heuristic,random").unwrap(),
            [BotKind::Ismcts, BotKind::Heuristic, BotKind::Random]
        );
        assert!(parse_list("ismcts,,random").is_err());
        assert!(parse_list("alphazero").is_err());
        assert_ne!(bot_seed(1, 0), bot_seed(1, 1));
    }
}
