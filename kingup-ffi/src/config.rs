//! The blittable game configuration and its conversion to the engine's.

use kingup_core::{ChanceMode, Config, FirstPlayer, Setup};

use crate::buffer::Out;
use crate::error::{Error, KingupStatus, Result, guard, reason};
use crate::table::{chance_code, chance_mode};

/// How characters enter the castle (`KingupConfig::setup`).
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingupSetup {
    /// The standard rules: players place characters on floors 1–4.
    Placement = 0,
    /// The online variant: characters start on random floors 0–3 (chance steps).
    RandomLayout = 1,
}

/// How a game's chance steps are decided (`KingupConfig::chance`).
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingupChance {
    /// Drawn from the game's generator as soon as they are pending: a seat is always to
    /// move, or the game is over. The same seed and moves play the same game as every other
    /// front end (Python's `kingup.Game(players, seed=seed)`).
    Auto = 0,
    /// Left pending until `kingup_game_apply_chance` applies a chosen outcome or
    /// `kingup_game_resolve_chance` draws one from the generator.
    Explicit = 1,
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
    /// A `KingupChance` value: automatic (0, the default) or explicit chance.
    pub chance: u32,
}

/// The `KingupSetup` value of a setup.
pub(crate) fn setup_code(setup: Setup) -> u32 {
    match setup {
        Setup::Placement => KingupSetup::Placement as u32,
        Setup::RandomLayout => KingupSetup::RandomLayout as u32,
    }
}

impl KingupConfig {
    /// The engine's config and chance mode, or why these numbers do not make them.
    pub(crate) fn to_config(self) -> Result<(Config, ChanceMode)> {
        let players = u8::try_from(self.players).unwrap_or(u8::MAX);
        let mut config = Config::new(players);
        config.rounds = u8::try_from(self.rounds).unwrap_or(u8::MAX);
        config.setup = match self.setup {
            0 => Setup::Placement,
            1 => Setup::RandomLayout,
            other => {
                return Err(Error::invalid(
                    reason::INVALID_CONFIG,
                    format_args!("unknown setup {other} (0 placement, 1 random layout)"),
                ));
            }
        };
        config.first_player = match self.first_player {
            -1 => FirstPlayer::Random,
            seat => FirstPlayer::Seat(config.seat(seat.into()).map_err(|e| {
                Error::invalid(reason::INVALID_CONFIG, format_args!("first player: {e}"))
            })?),
        };
        config
            .validate()
            .map_err(|e| Error::invalid(reason::INVALID_CONFIG, e))?;
        Ok((config, chance_mode(self.chance)?))
    }

    /// The blittable form of an engine config (the deck is not carried).
    pub(crate) fn from_config(config: &Config, chance: ChanceMode) -> KingupConfig {
        KingupConfig {
            players: config.players.into(),
            rounds: config.rounds.into(),
            setup: setup_code(config.setup),
            first_player: match config.first_player {
                FirstPlayer::Random => -1,
                FirstPlayer::Seat(seat) => seat.index() as i32,
            },
            chance: chance_code(chance),
        }
    }
}

/// Fills `*out` with the standard game for `players`: 3 rounds, placement, a random first
/// player, automatic chance. `players` is checked later, by `kingup_game_new`.
///
/// # Safety
///
/// `out` must be NULL or valid for a write of a `KingupConfig` (and aligned for it).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_config_init(out: *mut KingupConfig, players: u32) -> KingupStatus {
    guard(|| {
        // SAFETY: the caller guarantees `out` as documented above.
        let out = unsafe { Out::new(out, "out") }?;
        let mut config = KingupConfig::from_config(&Config::new(3), ChanceMode::Auto);
        config.players = players;
        out.write(config);
        Ok(())
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
            chance: 0,
        }
    }

    #[test]
    fn valid_configs_round_trip() {
        for (players, rounds, setup, first) in [(3, 3, 0, -1), (6, 1, 1, 5), (4, 3, 1, 0)] {
            for chance in [0, 1] {
                let c = KingupConfig {
                    chance,
                    ..config(players, rounds, setup, first)
                };
                let (engine, mode) = c.to_config().unwrap();
                assert_eq!(KingupConfig::from_config(&engine, mode), c);
            }
        }
    }

    #[test]
    fn out_of_range_numbers_are_invalid_configs() {
        let bad = [
            config(2, 3, 0, -1),
            config(300, 3, 0, -1),
            config(4, 2, 0, -1),
            config(4, 3, 2, -1),
            config(4, 3, 0, 4),
            config(4, 3, 0, -2),
            config(4, 3, 0, i32::MIN),
            KingupConfig {
                chance: 2,
                ..config(4, 3, 0, -1)
            },
        ];
        for c in bad {
            let err = c.to_config().unwrap_err();
            assert_eq!(err.status(), KingupStatus::InvalidArgument, "{c:?}");
            assert_eq!(err.reason(), "invalid_config", "{c:?}");
        }
    }
}
