//! Game configuration: players, first player, the named variants, the round bound.

use kingup_table::{FirstPlayer, Seat, SeatError};

/// Everything fixed before a game starts. Checked by [`Config::validate`] and by
/// [`Game::new`](crate::Game::new).
///
/// The defaults are the rules as `docs/court-rules.md` rules them: a Jester per player,
/// add-a-die cards usable before the first roll, no bound on the number of rounds. The two
/// named variants are the Rio Grande rulebook's readings.
///
/// ```
/// use kingup_court::{Config, ConfigError};
///
/// let mut config = Config::new(4);
/// assert_eq!(config.max_rounds, None); // the rules: play until someone buys the King
/// config.max_rounds = Some(Config::SIMULATION_ROUNDS);
/// config.unlimited_jesters = true;
/// assert_eq!(config.validate(), Ok(()));
/// assert_eq!(Config::new(6).validate(), Err(ConfigError::Players(6)));
/// ```
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(deny_unknown_fields)
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    /// Number of players, 2 to 5.
    pub players: u8,
    /// Who holds the start-player marker in the first round.
    #[cfg_attr(feature = "serde", serde(default))]
    pub first_player: FirstPlayer,
    /// Rio Grande variant: the Jester never sells out (the default has one per player).
    #[cfg_attr(feature = "serde", serde(default))]
    pub unlimited_jesters: bool,
    /// Whether add-a-die cards may be used before the first roll (the default, `true`);
    /// `false` is the Rio Grande variant, where they are used only after it.
    #[cfg_attr(feature = "serde", serde(default = "yes"))]
    pub preroll_abilities: bool,
    /// Normal rounds after which a game nobody bought the King in ends, truncated and with
    /// no winner. `None` (the default, the rules) never ends it. A King bought in the last
    /// allowed round still leads to the King round's end and the final round.
    #[cfg_attr(feature = "serde", serde(default))]
    pub max_rounds: Option<u32>,
}

#[cfg(feature = "serde")]
const fn yes() -> bool {
    true
}

/// Why a [`Config`] is not playable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// To Court the King is for 2 to 5 players.
    #[error("To Court the King is for 2 to 5 players, not {0}")]
    Players(u8),
    /// The configured first seat does not play in a game of this size.
    #[error("the first player must be a seat of the game, not seat {0}")]
    FirstPlayer(Seat),
    /// A game must be allowed at least one round.
    #[error("max_rounds must be at least 1")]
    MaxRounds,
}

impl ConfigError {
    /// A stable snake_case code: `"players"`, `"first_player"` or `"max_rounds"`.
    pub const fn code(&self) -> &'static str {
        match self {
            ConfigError::Players(_) => "players",
            ConfigError::FirstPlayer(_) => "first_player",
            ConfigError::MaxRounds => "max_rounds",
        }
    }
}

impl Config {
    /// Fewest players.
    pub const MIN_PLAYERS: u8 = 2;
    /// Most players.
    pub const MAX_PLAYERS: u8 = 5;
    /// The round bound simulations and differential tests use: 100 normal rounds.
    pub const SIMULATION_ROUNDS: u32 = 100;

    /// The rules for `players`: random first player, no variant, no round bound.
    pub const fn new(players: u8) -> Config {
        Config {
            players,
            first_player: FirstPlayer::Random,
            unlimited_jesters: false,
            preroll_abilities: true,
            max_rounds: None,
        }
    }

    /// Checks that the configuration is playable.
    pub const fn validate(&self) -> Result<(), ConfigError> {
        if self.players < Config::MIN_PLAYERS || self.players > Config::MAX_PLAYERS {
            return Err(ConfigError::Players(self.players));
        }
        if let FirstPlayer::Seat(seat) = self.first_player {
            if seat.index() >= self.players as usize {
                return Err(ConfigError::FirstPlayer(seat));
            }
        }
        if let Some(0) = self.max_rounds {
            return Err(ConfigError::MaxRounds);
        }
        Ok(())
    }

    /// Number of players, as a `usize`.
    #[inline]
    pub const fn player_count(&self) -> usize {
        self.players as usize
    }

    /// The seat with number `index` if it plays in a game of this config. Every front end
    /// turns numbers into seats through this.
    pub fn seat(&self, index: i64) -> Result<Seat, SeatError> {
        Seat::checked(index, self.players)
    }
}

impl Default for Config {
    /// Four players, by the rules.
    fn default() -> Config {
        Config::new(4)
    }
}
