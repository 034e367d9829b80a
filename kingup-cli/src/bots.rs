//! The bots the command line can seat: names and settings come from `kingup-bots`.

use kingup_bots::{BotKind, BotSpec, IsmctsConfig};

use crate::CliError;

/// Parses `ismcts,heuristic,random,reader` (names in lower case, no spaces).
pub(crate) fn parse_list(text: &str) -> Result<Vec<BotKind>, CliError> {
    text.split(',')
        .map(|name| {
            name.parse::<BotKind>()
                .map_err(|e| CliError::Usage(format!("--bots: {e}")))
        })
        .collect()
}

/// The bot spec for `kind` searching `iterations` times a move if given, else as many as
/// its kind's preset (the searching kinds only: `ismcts`, `reader`).
pub(crate) fn spec(kind: BotKind, iterations: Option<u32>) -> BotSpec {
    let mut spec = BotSpec::new(kind);
    if let Some(n) = iterations {
        spec.search.iterations = n;
    }
    spec
}

/// `ismcts: 1000 iterations a move` for each searching kind among `kinds`, in order of
/// [`BotKind::ALL`].
pub(crate) fn budgets(kinds: &[BotKind], iterations: Option<u32>) -> Vec<String> {
    BotKind::ALL
        .into_iter()
        .filter(|k| k.searches() && kinds.contains(k))
        .map(|k| {
            let n = spec(k, iterations).search.iterations;
            format!("{k}: {n} iterations a move")
        })
        .collect()
}

/// The `--iterations` flag: the limits are `kingup-bots`' own.
pub(crate) fn iterations(flag: &crate::args::Flag) -> Result<u32, CliError> {
    crate::args::number(flag, 1..=IsmctsConfig::MAX_ITERATIONS)
}

/// A seed for seat `seat`'s bot in the game seeded `seed`: the table's one derivation
/// ([`kingup_table::bot_seed`](kingup_core::kingup_table::bot_seed)), as every front end
/// seeds a seat's bot.
pub(crate) fn bot_seed(seed: u64, seat: usize) -> u64 {
    let seat = kingup_core::Seat::new(seat).unwrap_or(kingup_core::Seat::FIRST);
    kingup_core::kingup_table::bot_seed(seed, seat)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_names() {
        assert_eq!(
            parse_list("ismcts,heuristic,random,reader").unwrap(),
            [
                BotKind::Ismcts,
                BotKind::Heuristic,
                BotKind::Random,
                BotKind::Reader
            ]
        );
        assert!(parse_list("ismcts,,random").is_err());
        // Strict: one spelling of each name.
        for bad in ["ISMCTS", "ismcts, random", "Reader"] {
            let Err(CliError::Usage(message)) = parse_list(bad) else {
                panic!("{bad} is no list of bots");
            };
            assert!(message.contains("lower case, no spaces"), "{message}");
        }
        assert!(parse_list("alphazero").is_err());
        assert_ne!(bot_seed(1, 0), bot_seed(1, 1));
    }

    #[test]
    fn iterations_apply_to_searching_kinds_and_default_to_their_presets() {
        let reader = spec(BotKind::Reader, Some(20));
        assert_eq!(reader.search.iterations, 20);
        assert_eq!(reader.search.opponents, IsmctsConfig::reader().opponents);
        assert_eq!(spec(BotKind::Reader, None), BotSpec::new(BotKind::Reader));
        assert_eq!(
            budgets(
                &[BotKind::Reader, BotKind::Random, BotKind::Ismcts],
                Some(7)
            ),
            ["ismcts: 7 iterations a move", "reader: 7 iterations a move"]
        );
        assert!(budgets(&[BotKind::Heuristic], Some(7)).is_empty());
    }
}
