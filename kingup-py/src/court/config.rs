//! Building a court `Config` from `kingup.court.Game(...)`'s keyword arguments.

use kingup_court::{Config, ConfigError};
use kingup_court::{FirstPlayer, Seat};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyBool;

use crate::convert::{given, int_arg, shown, type_name};
use crate::errors::invalid_setting;

/// The keyword arguments that make a court `Config`. Missing or `None` ones take the
/// rules' defaults: 4 players, a random first player, no variant, no round bound; the
/// flags (`unlimited_jesters`, `preroll_abilities`), if given, must be bools (`None`, an
/// int or a float is refused with `TypeError`: `preroll_abilities=None` would read as off
/// and mean on).
pub(crate) struct CourtConfigArgs<'a, 'py> {
    pub(crate) players: Option<&'a Bound<'py, PyAny>>,
    pub(crate) first_player: Option<&'a Bound<'py, PyAny>>,
    pub(crate) unlimited_jesters: &'a FlagArg<'py>,
    pub(crate) preroll_abilities: &'a FlagArg<'py>,
    pub(crate) max_rounds: Option<&'a Bound<'py, PyAny>>,
}

impl CourtConfigArgs<'_, '_> {
    /// [`CourtConfigArgs::build`] for games the library plays to their end (an env's, an
    /// arena's): without `max_rounds`, they are bounded as simulations are
    /// (`Config::SIMULATION_ROUNDS`), since random play rarely buys the King.
    pub(crate) fn build_bounded(&self, py: Python<'_>) -> PyResult<Config> {
        let mut config = self.build(py)?;
        if given(self.max_rounds).is_none() {
            config.max_rounds = Some(Config::SIMULATION_ROUNDS);
        }
        Ok(config)
    }

    /// The validated configuration, or `TypeError` / `InvalidConfigError` (whose `reason`
    /// is the core's `ConfigError` code: `players`, `first_player`, `max_rounds`).
    pub(crate) fn build(&self, py: Python<'_>) -> PyResult<Config> {
        let mut config = Config::default();
        if let Some(obj) = given(self.players) {
            config.players = u8::try_from(int_arg(obj, "players")?)
                .map_err(|_| config_error(obj, ConfigError::Players(u8::MAX), "players"))?;
        }
        if let Some(obj) = given(self.first_player) {
            let seat = usize::try_from(int_arg(obj, "first_player")?)
                .ok()
                .and_then(Seat::new);
            let seat = seat.ok_or_else(|| {
                let message = format!(
                    "first_player {} is not a seat of the game (0 to {})",
                    shown(obj),
                    config.players.saturating_sub(1)
                );
                invalid_setting(py, message, "first_player")
            })?;
            config.first_player = FirstPlayer::Seat(seat);
        }
        if let FlagArg::Given(obj) = self.unlimited_jesters {
            config.unlimited_jesters = bool_arg(obj, "unlimited_jesters")?;
        }
        if let FlagArg::Given(obj) = self.preroll_abilities {
            config.preroll_abilities = bool_arg(obj, "preroll_abilities")?;
        }
        if let Some(obj) = given(self.max_rounds) {
            let rounds = u32::try_from(int_arg(obj, "max_rounds")?).map_err(|_| {
                let message = format!(
                    "max_rounds must be 1 to {}, or None, not {}",
                    u32::MAX,
                    shown(obj)
                );
                invalid_setting(py, message, "max_rounds")
            })?;
            config.max_rounds = Some(rounds);
        }
        config
            .validate()
            .map_err(|e| invalid_setting(py, e.to_string(), e.code()))?;
        Ok(config)
    }
}

/// The core's refusal of a config, worded for the value given (which may not fit the
/// core's field).
fn config_error(obj: &Bound<'_, PyAny>, error: ConfigError, code: &str) -> PyErr {
    let message = match error {
        ConfigError::Players(_) => format!(
            "To Court the King is for {} to {} players, not {}",
            Config::MIN_PLAYERS,
            Config::MAX_PLAYERS,
            shown(obj)
        ),
        other => other.to_string(),
    };
    invalid_setting(obj.py(), message, code)
}

/// A flag keyword argument as given: `Unset` when it is left out (a signature's default),
/// else the object passed, `None` included. (An `Option` argument would read an explicit
/// `None` as left out.)
pub(crate) enum FlagArg<'py> {
    /// Not passed: the rules' default.
    Unset,
    /// The object passed, to be checked by [`bool_arg`].
    Given(Bound<'py, PyAny>),
}

impl<'a, 'py> FromPyObject<'a, 'py> for FlagArg<'py> {
    type Error = PyErr;

    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        Ok(FlagArg::Given(obj.to_owned()))
    }
}

/// A flag: exactly `True` or `False` (an int is refused, so that `1` is not read as a
/// flag by mistake).
pub(crate) fn bool_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<bool> {
    obj.cast::<PyBool>()
        .map(|b| b.is_true())
        .map_err(|_| PyTypeError::new_err(format!("{what} must be a bool, not {}", type_name(obj))))
}
