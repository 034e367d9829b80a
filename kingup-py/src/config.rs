//! Building a `Config` from `kingup.Game(...)`'s keyword arguments.

use kingup_core::{Character, Config, Deck, FirstPlayer, Objective, Seat, Setup};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::convert::{int_arg, type_name};
use crate::errors::invalid_config;

/// The keyword arguments that make a `Config` (`kingup.Game`, `simulate`, `VectorEnv`).
/// Missing or `None` ones take the defaults: 4 players, 3 rounds, placement, a random
/// first player, the balanced deck.
pub(crate) struct ConfigArgs<'a, 'py> {
    pub(crate) players: Option<&'a Bound<'py, PyAny>>,
    pub(crate) rounds: Option<&'a Bound<'py, PyAny>>,
    pub(crate) setup: Option<&'a Bound<'py, PyAny>>,
    pub(crate) first_player: Option<&'a Bound<'py, PyAny>>,
    pub(crate) deck: Option<&'a Bound<'py, PyAny>>,
}

impl ConfigArgs<'_, '_> {
    /// The validated configuration, or `TypeError` / `InvalidConfigError`.
    pub(crate) fn build(&self, py: Python<'_>) -> PyResult<Config> {
        let players = given(self.players).map(|p| small_int(p, "players"));
        let mut config = Config::new(players.transpose()?.unwrap_or(4));
        if let Some(rounds) = given(self.rounds) {
            config.rounds = small_int(rounds, "rounds")?;
        }
        if let Some(obj) = given(self.setup) {
            config.setup = setup(obj)?;
        }
        if let Some(seat) = given(self.first_player) {
            config.first_player = first_player(seat)?;
        }
        if let Some(cards) = given(self.deck) {
            config.deck = deck(cards)?;
        }
        config
            .validate()
            .map_err(|e| invalid_config(py, e.to_string()))?;
        Ok(config)
    }
}

/// The argument, unless it is missing or `None`.
fn given<'a, 'py>(arg: Option<&'a Bound<'py, PyAny>>) -> Option<&'a Bound<'py, PyAny>> {
    arg.filter(|a| !a.is_none())
}

/// A count that must fit a `u8` (players, rounds); larger values are refused here with
/// the same wording the engine uses for small ones.
fn small_int(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<u8> {
    let value = int_arg(obj, what)?;
    u8::try_from(value).map_err(|_| {
        let message = match what {
            "players" => format!("King Up! is for 3 to 6 players, not {value}"),
            _ => format!("a game lasts 3 rounds (or 1 in the quick variant), not {value}"),
        };
        invalid_config(obj.py(), message)
    })
}

/// A string argument, else `TypeError`.
pub(crate) fn str_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    obj.cast::<PyString>()
        .map(|s| s.to_string())
        .map_err(|_| PyTypeError::new_err(format!("{what} must be a str, not {}", type_name(obj))))
}

fn setup(obj: &Bound<'_, PyAny>) -> PyResult<Setup> {
    match str_arg(obj, "setup")?.as_str() {
        "placement" => Ok(Setup::Placement),
        "random" | "random_layout" => Ok(Setup::RandomLayout),
        other => Err(invalid_config(
            obj.py(),
            format!("setup must be \"placement\" or \"random\", not {other:?}"),
        )),
    }
}

fn first_player(obj: &Bound<'_, PyAny>) -> PyResult<FirstPlayer> {
    let value = int_arg(obj, "first_player")?;
    usize::try_from(value)
        .ok()
        .and_then(Seat::new)
        .map(FirstPlayer::Seat)
        .ok_or_else(|| {
            let message = format!("first_player {value} is not a seat (0 to 5)");
            invalid_config(obj.py(), message)
        })
}

/// A deck: a sequence of cards, each a string of six letters (`"BDEMNP"`) or a sequence
/// of six characters (ids, letters, names or `kingup.Character`).
fn deck(obj: &Bound<'_, PyAny>) -> PyResult<Deck> {
    let py = obj.py();
    if obj.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "deck must be a sequence of cards, not a str",
        ));
    }
    let mut cards = Vec::new();
    for (i, card) in obj.try_iter()?.enumerate() {
        let objective =
            objective(&card?).map_err(|e| with_context(py, e, &format!("deck card {i}")))?;
        cards.push(objective);
    }
    Deck::new(&cards).map_err(|e| invalid_config(py, e.to_string()))
}

/// Prefixes a `ValueError`-family message with where it happened; type errors keep theirs.
fn with_context(py: Python<'_>, err: PyErr, at: &str) -> PyErr {
    if err.is_instance_of::<PyTypeError>(py) {
        return PyTypeError::new_err(format!("{at}: {}", err.value(py)));
    }
    invalid_config(py, format!("{at}: {}", err.value(py)))
}

fn objective(card: &Bound<'_, PyAny>) -> PyResult<Objective> {
    let made = if let Ok(text) = card.cast::<PyString>() {
        Objective::from_letters(&text.to_string())
    } else {
        let characters = card
            .try_iter()?
            .map(|c| character(&c?))
            .collect::<PyResult<Vec<_>>>()?;
        Objective::new(&characters)
    };
    made.map_err(|e| invalid_config(card.py(), e.to_string()))
}

/// A character from an id, a letter or a name.
pub(crate) fn character(obj: &Bound<'_, PyAny>) -> PyResult<Character> {
    if let Ok(text) = obj.cast::<PyString>() {
        let text = text.to_string();
        return text.parse().map_err(|e: kingup_core::ParseCharacterError| {
            invalid_config(obj.py(), format!("{text:?} is {e}"))
        });
    }
    let value = int_arg(obj, "a character")?;
    usize::try_from(value)
        .ok()
        .and_then(Character::from_index)
        .ok_or_else(|| {
            invalid_config(
                obj.py(),
                format!("character id {value} is out of range 0..13"),
            )
        })
}
