//! Game configuration: players, rounds, setup variant, first player, deck.

use crate::{Deck, FirstPlayer, Seat, SeatError};

/// How the characters enter the castle at the start of each round.
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Setup {
    /// The standard rules: players take turns placing characters on floors 1–4.
    #[default]
    Placement,
    /// The online variant: every character is put on a random floor 0–3, at most four per
    /// floor, by chance steps. There is no placement phase.
    RandomLayout,
}

/// Everything fixed before a game starts. Checked by [`Config::validate`] and by
/// [`Game::new`](crate::Game::new).
///
/// ```
/// use kingup_core::{Config, ConfigError, Setup};
///
/// let mut quick = Config::new(5);
/// quick.rounds = 1;
/// quick.setup = Setup::RandomLayout;
/// assert_eq!(quick.validate(), Ok(()));
///
/// assert_eq!(Config::new(7).validate(), Err(ConfigError::Players(7)));
/// ```
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(deny_unknown_fields)
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    /// Number of players, 3 to 6.
    pub players: u8,
    /// Number of rounds: 3 (the standard game) or 1 (the quick online variant).
    pub rounds: u8,
    /// How characters enter the castle.
    #[cfg_attr(feature = "serde", serde(default))]
    pub setup: Setup,
    /// Who starts round 1.
    #[cfg_attr(feature = "serde", serde(default))]
    pub first_player: FirstPlayer,
    /// The objective cards dealt from.
    #[cfg_attr(feature = "serde", serde(default))]
    pub deck: Deck,
}

/// Why a [`Config`] is not playable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// King Up! is for 3 to 6 players.
    #[error("King Up! is for 3 to 6 players, not {0}")]
    Players(u8),
    /// Games last 3 rounds, or 1 in the quick variant.
    #[error("a game lasts 3 rounds (or 1 in the quick variant), not {0}")]
    Rounds(u8),
    /// The configured first seat does not play in a game of this size.
    #[error("seat {seat} does not play in a {players}-player game")]
    FirstPlayer {
        /// The configured seat.
        seat: Seat,
        /// The number of players.
        players: u8,
    },
    /// Every seat gets a fresh card each round and cards never come back.
    #[error(
        "the deck has {cards} cards but {needed} are dealt ({players} players × {rounds} rounds)"
    )]
    DeckTooSmall {
        /// Cards in the deck.
        cards: usize,
        /// Cards a whole game deals.
        needed: usize,
        /// The number of players.
        players: u8,
        /// The number of rounds.
        rounds: u8,
    },
}

impl Config {
    /// Fewest players.
    pub const MIN_PLAYERS: u8 = 3;
    /// Most players.
    pub const MAX_PLAYERS: u8 = 6;
    /// Most rounds (the standard game; the quick variant has 1).
    pub const MAX_ROUNDS: u8 = 3;

    /// The standard game for `players`: 3 rounds, placement, a random first player, the
    /// balanced deck. Not yet validated.
    pub const fn new(players: u8) -> Config {
        Config {
            players,
            rounds: 3,
            setup: Setup::Placement,
            first_player: FirstPlayer::Random,
            deck: Deck::balanced(),
        }
    }

    /// Checks that the configuration describes a playable game.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if !(Config::MIN_PLAYERS..=Config::MAX_PLAYERS).contains(&self.players) {
            return Err(ConfigError::Players(self.players));
        }
        if !matches!(self.rounds, 1 | 3) {
            return Err(ConfigError::Rounds(self.rounds));
        }
        if let FirstPlayer::Seat(seat) = self.first_player {
            if seat.index() >= usize::from(self.players) {
                return Err(ConfigError::FirstPlayer {
                    seat,
                    players: self.players,
                });
            }
        }
        let needed = usize::from(self.players) * usize::from(self.rounds);
        if self.deck.len() < needed {
            return Err(ConfigError::DeckTooSmall {
                cards: self.deck.len(),
                needed,
                players: self.players,
                rounds: self.rounds,
            });
        }
        Ok(())
    }

    /// The seat numbered `index`, if it plays in a game of this size. Front ends check seat
    /// numbers from their callers here (signed, as Python and C# integers are).
    pub fn seat(&self, index: i64) -> Result<Seat, SeatError> {
        Seat::checked(index, self.players)
    }

    /// Number of players as a `usize`.
    #[inline]
    pub const fn player_count(&self) -> usize {
        self.players as usize
    }

    /// No cards each seat starts every round with: 4, 3, 2, 2 for 3–6 players.
    #[inline]
    pub const fn no_cards(&self) -> u8 {
        match self.players {
            3 => 4,
            4 => 3,
            _ => 2,
        }
    }

    /// Characters each seat places in the placement phase: 4, 3, 2, 2 for 3–6 players.
    #[inline]
    pub const fn placements_per_seat(&self) -> u8 {
        match self.players {
            3 => 4,
            4 => 3,
            _ => 2,
        }
    }

    /// Characters placed in the whole placement phase; the rest start on floor 0.
    #[inline]
    pub const fn placements(&self) -> u8 {
        self.players * self.placements_per_seat()
    }
}

impl Config {
    /// The deck's cards as a mask over card ids.
    pub(crate) fn deck_mask(&self) -> u32 {
        ((1u64 << self.deck.len()) - 1) as u32
    }
}

impl Default for Config {
    /// The standard four-player game.
    fn default() -> Config {
        Config::new(4)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Objective;

    #[test]
    fn card_and_placement_counts_per_player_count() {
        let per_players: [(u8, u8, u8, u8); 4] =
            [(3, 4, 4, 1), (4, 3, 3, 1), (5, 2, 2, 3), (6, 2, 2, 1)];
        for (players, no, placed, leftover) in per_players {
            let c = Config::new(players);
            assert_eq!(c.no_cards(), no);
            assert_eq!(c.placements_per_seat(), placed);
            assert_eq!(13 - c.placements(), leftover);
        }
    }

    #[test]
    fn invalid_configs_are_named() {
        assert_eq!(Config::new(2).validate(), Err(ConfigError::Players(2)));
        let mut c = Config::new(4);
        c.rounds = 2;
        assert_eq!(c.validate(), Err(ConfigError::Rounds(2)));
        c.rounds = 3;
        c.first_player = FirstPlayer::Seat(Seat::new(4).unwrap());
        assert!(matches!(c.validate(), Err(ConfigError::FirstPlayer { .. })));
        c.first_player = FirstPlayer::Seat(Seat::new(3).unwrap());
        assert_eq!(c.validate(), Ok(()));
        c.deck = Deck::new(&[Objective::from_letters("ABCDEF").unwrap(); 11]).unwrap();
        assert!(matches!(
            c.validate(),
            Err(ConfigError::DeckTooSmall { needed: 12, .. })
        ));
        c.rounds = 1;
        assert_eq!(c.validate(), Ok(()));
    }
}
