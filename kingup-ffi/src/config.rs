//! The blittable game configuration and its conversion to the engine's.

use kingup_core::{Config, FirstPlayer, Seat, Setup};

use crate::buffer::write_out;
use crate::error::{Error, KingupStatus, Result, guard};

/// How characters enter the castle (`KingupConfig::setup`).
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingupSetup {
    /// The standard rules: players place characters on floors 1–4.
    Placement = 0,
    /// The online variant: characters start on random floors 0–3 (chance steps).
    RandomLayout = 1,
}

/// A game configuration, blittable. The objective deck is always the default balanced
/// deck; pass a JSON config to `kingup_game_new_json` for a
/// custom one.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KingupConfig {
    /// Number of players, 3 to 6.
    pub players: u32,
    /// Number of rounds: 3 (standard) or 1 (quick variant).
    pub rounds: u32,
    /// A `KingupSetup` value.
    pub setup: u32,
    /// The seat that starts round 1, or -1 to draw it at random (a chance step).
    pub first_player: i32,
}

impl KingupConfig {
    /// The engine's config, or why these numbers do not make one.
    pub(crate) fn to_config(self) -> Result<Config> {
        let players = u8::try_from(self.players).unwrap_or(u8::MAX);
        let mut config = Config::new(players);
        config.rounds = u8::try_from(self.rounds).unwrap_or(u8::MAX);
        config.setup = match self.setup {
            0 => Setup::Placement,
            1 => Setup::RandomLayout,
            other => return Err(Error::invalid(format_args!("unknown setup {other}"))),
        };
        config.first_player = match self.first_player {
            -1 => FirstPlayer::Random,
            seat => FirstPlayer::Seat(
                usize::try_from(seat)
                    .ok()
                    .and_then(Seat::new)
                    .ok_or_else(|| Error::invalid(format_args!("no seat {seat}")))?,
            ),
        };
        config.validate().map_err(Error::invalid)?;
        Ok(config)
    }

    /// The blittable form of an engine config (the deck is not carried).
    pub(crate) fn from_config(config: &Config) -> KingupConfig {
        KingupConfig {
            players: config.players.into(),
            rounds: config.rounds.into(),
            setup: match config.setup {
                Setup::Placement => KingupSetup::Placement as u32,
                Setup::RandomLayout => KingupSetup::RandomLayout as u32,
            },
            first_player: match config.first_player {
                FirstPlayer::Random => -1,
                FirstPlayer::Seat(seat) => seat.index() as i32,
            },
        }
    }
}

/// Fills `*out` with the standard game for `players`: 3 rounds, placement, a random first
/// player. `players` is checked later, by `kingup_game_new`.
///
/// # Safety
///
/// `out` must be NULL or valid for a write of a `KingupConfig`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_config_init(out: *mut KingupConfig, players: u32) -> KingupStatus {
    guard(|| {
        let mut config = KingupConfig::from_config(&Config::new(3));
        config.players = players;
        // SAFETY: the caller guarantees `out` as documented above.
        unsafe { write_out(out, "out", config) }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(players: u32, rounds: u32, setup: u32, first_player: i32) -> KingupConfig {
        KingupConfig {
            players,
            rounds,
            setup,
            first_player,
        }
    }

    #[test]
    fn valid_configs_round_trip() {
        for (players, rounds, setup, first) in [(3, 3, 0, -1), (6, 1, 1, 5), (4, 3, 1, 0)] {
            let c = config(players, rounds, setup, first);
            assert_eq!(KingupConfig::from_config(&c.to_config().unwrap()), c);
        }
    }

    #[test]
    fn out_of_range_numbers_are_invalid_arguments() {
        let bad = [
            config(2, 3, 0, -1),
            config(300, 3, 0, -1),
            config(4, 2, 0, -1),
            config(4, 3, 2, -1),
            config(4, 3, 0, 4),
            config(4, 3, 0, -2),
            config(4, 3, 0, i32::MIN),
        ];
        for c in bad {
            let err = c.to_config().unwrap_err();
            assert_eq!(err.status(), KingupStatus::InvalidArgument, "{c:?}");
        }
    }
}
