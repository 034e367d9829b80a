//! The limits of the options only the Python binding has, one constant each, exported to
//! Python under the same names. Every other limit the binding enforces is the core's or
//! `kingup-bots`' own constant (`Deck::MAX`, `MAX_SAVE_LEN`, `IsmctsConfig::MAX_ITERATIONS`,
//! `IsmctsConfig::MAX_TIME_LIMIT`, `Config::MIN_PLAYERS`/`MAX_PLAYERS`), never a copy.

/// Games one `kingup.simulate` call plays at most: its results take up to 41 bytes a game
/// (6 players, 3 rounds), so this bounds them to about 4 GB and no buffer size overflows.
pub(crate) const MAX_GAMES: usize = 100_000_000;

/// Threads `kingup.simulate` and `kingup.VectorEnv` may use (`threads=`).
pub(crate) const MAX_THREADS: usize = 64;

/// Envs one `kingup.VectorEnv` may hold: its buffers and games take about 3 KB an env
/// (1.7 KB of output rows, the game, the game that just ended for its final view, and
/// their backup during a chunked pass), so this bounds them to about 3 GB.
pub(crate) const MAX_ENVS: usize = 1_000_000;
