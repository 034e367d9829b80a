//! The reward model argument: `kingup_bots::Reward` (the one reward vocabulary of every
//! environment) read from Python.

pub(crate) use kingup_bots::Reward;
use pyo3::prelude::*;

use crate::config::choice_arg;

/// Reads `"win"`, `"points"` or `"margin"` (`None`: the default, `"win"`), else
/// `InvalidConfigError`.
pub(crate) fn read_reward(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Reward> {
    let choices = Reward::ALL.map(|r| (r.name(), r));
    obj.filter(|r| !r.is_none())
        .map(|r| choice_arg(r, "reward", &choices))
        .transpose()
        .map(Option::unwrap_or_default)
}
