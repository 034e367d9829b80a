//! The bots the command line can seat: names and settings come from `kingup-bots`.

use kingup_bots::{AnyBot, BotKind, BotSpec, IsmctsConfig};

use crate::CliError;

/// Parses `ismcts,heuristic,random` (names in any case).
pub(crate) fn parse_list(text: &str) -> Result<Vec<BotKind>, CliError> {
    text.split(',')
        .map(|name| {
            name.parse::<BotKind>()
                .map_err(|e| CliError::Usage(format!("--bots: {e}")))
        })
        .collect()
}

/// The bot spec for `kind` searching `iterations` times a move (ISMCTS only).
pub(crate) fn spec(kind: BotKind, iterations: u32) -> BotSpec {
    let mut spec = BotSpec::new(kind);
    spec.search.iterations = iterations;
    spec
}

/// The `--iterations` flag: the limits are `kingup-bots`' own.
pub(crate) fn iterations(flag: &crate::args::Flag) -> Result<u32, CliError> {
    crate::args::number(flag, 1..=IsmctsConfig::MAX_ITERATIONS)
}

/// A fresh bot of `kind` for seat `seat` of the game seeded with `seed`.
pub(crate) fn make(kind: BotKind, iterations: u32, seed: u64, seat: usize) -> AnyBot {
    spec(kind, iterations).build(bot_seed(seed, seat))
}

/// A seed for seat `seat`'s bot, derived from `seed` so that seats' streams differ.
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
