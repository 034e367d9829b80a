//! Building a `Config` from `kingup.Game(...)`'s keyword arguments.

use kingup_core::{
    Character, Config, Deck, DeckError, FirstPlayer, Objective, ObjectiveError, Seat, Setup,
};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::convert::{given, int_arg, name_arg, quote, shown};
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

/// A count that must fit a `u8` (players, rounds); larger values are refused here with
/// the same wording the engine uses for small ones.
fn small_int(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<u8> {
    let value = int_arg(obj, what)?;
    u8::try_from(value).map_err(|_| {
        let message = match what {
            "players" => format!(
                "King Up! is for {} to {} players, not {}",
                Config::MIN_PLAYERS,
                Config::MAX_PLAYERS,
                shown(obj)
            ),
            _ => format!(
                "a game lasts 3 rounds (or 1 in the quick variant), not {}",
                shown(obj)
            ),
        };
        invalid_config(obj.py(), message)
    })
}

/// One of `choices` named by a string (at most `MAX_NAME_CHARS`), else
/// `InvalidConfigError` listing them.
pub(crate) fn choice_arg<T: Copy>(
    obj: &Bound<'_, PyAny>,
    what: &str,
    choices: &[(&str, T)],
) -> PyResult<T> {
    let text = name_arg(obj, what)?;
    if let Some(&(_, value)) = choices.iter().find(|(name, _)| *name == text) {
        return Ok(value);
    }
    let names: Vec<String> = choices.iter().map(|(n, _)| format!("{n:?}")).collect();
    let message = format!(
        "{what} must be {}, not {}",
        names.join(" or "),
        quote(&text)
    );
    Err(invalid_config(obj.py(), message))
}

fn setup(obj: &Bound<'_, PyAny>) -> PyResult<Setup> {
    choice_arg(
        obj,
        "setup",
        &[
            ("placement", Setup::Placement),
            ("random", Setup::RandomLayout),
            ("random_layout", Setup::RandomLayout),
        ],
    )
}

fn first_player(obj: &Bound<'_, PyAny>) -> PyResult<FirstPlayer> {
    let value = int_arg(obj, "first_player")?;
    usize::try_from(value)
        .ok()
        .and_then(Seat::new)
        .map(FirstPlayer::Seat)
        .ok_or_else(|| {
            let message = format!(
                "first_player {} is not a seat (0 to {})",
                shown(obj),
                Seat::MAX - 1
            );
            invalid_config(obj.py(), message)
        })
}

/// A deck: a sequence of cards, each a string of six letters (`"BDEMNP"`) or a sequence
/// of six characters (ids, letters, names or `kingup.Character`). At most `Deck::MAX`
/// cards are read: any iterable is accepted, and one that goes on (a generator without
/// end) is refused at the first card too many.
fn deck(obj: &Bound<'_, PyAny>) -> PyResult<Deck> {
    let py = obj.py();
    if obj.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "deck must be a sequence of cards, not a str",
        ));
    }
    let mut cards = Vec::with_capacity(Deck::MAX);
    for (i, card) in obj.try_iter()?.enumerate() {
        if i == Deck::MAX {
            // The core's own message when the length is known; an iterator is not read on.
            let message = match obj.len() {
                Ok(found) => DeckError::WrongSize { found }.to_string(),
                Err(_) => format!("a deck holds 1 to {} cards, found more", Deck::MAX),
            };
            return Err(invalid_config(py, message));
        }
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

/// One objective card: six letters, or six characters; at most `Objective::SIZE` (plus
/// one, to tell that there are too many) are read.
fn objective(card: &Bound<'_, PyAny>) -> PyResult<Objective> {
    let py = card.py();
    let wrong_size = |found| invalid_config(py, ObjectiveError::WrongSize(found).to_string());
    if let Ok(text) = card.cast::<PyString>() {
        let len = text.len()?;
        if len != Objective::SIZE {
            return Err(wrong_size(len));
        }
        return Objective::from_letters(&text.to_string_lossy())
            .map_err(|e| invalid_config(py, e.to_string()));
    }
    let mut characters = Vec::with_capacity(Objective::SIZE);
    for c in card.try_iter()? {
        if characters.len() == Objective::SIZE {
            return Err(match card.len() {
                Ok(found) => wrong_size(found),
                Err(_) => invalid_config(
                    py,
                    format!(
                        "an objective names exactly {} characters, found more",
                        Objective::SIZE
                    ),
                ),
            });
        }
        characters.push(character(&c?)?);
    }
    Objective::new(&characters).map_err(|e| invalid_config(py, e.to_string()))
}

/// A character from an id, a letter or a name.
pub(crate) fn character(obj: &Bound<'_, PyAny>) -> PyResult<Character> {
    if obj.is_instance_of::<PyString>() {
        let text = name_arg(obj, "a character")?;
        return text.parse().map_err(|e: kingup_core::ParseCharacterError| {
            invalid_config(obj.py(), format!("{} is {e}", quote(&text)))
        });
    }
    let value = int_arg(obj, "a character")?;
    usize::try_from(value)
        .ok()
        .and_then(Character::from_index)
        .ok_or_else(|| {
            let message = format!(
                "character id {} is out of range 0..{}",
                shown(obj),
                Character::COUNT
            );
            invalid_config(obj.py(), message)
        })
}
