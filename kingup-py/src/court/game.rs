//! `kingup.court.Game`: the court engine's `Session` — the game, its record, its event log
//! and its random stream — with Python arguments, errors and values around it.
//!
//! As `kingup.Game`, the session sits behind a `Mutex` (see `sync`): each method reads its
//! Python arguments, locks the session for Rust work only, then makes its Python values.

use std::sync::{Mutex, MutexGuard};

use kingup_court::{
    Action, Actor, Card, ChanceOutcome, Dice, Game, IllegalAction, IllegalReason, OBSERVATION_LEN,
    Outcome, Session, Step, Value,
};
use kingup_court::{ChanceMode, FirstPlayer, Generator, Seat, SeatError};
use numpy::PyArray1;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use super::config::CourtConfigArgs;
use super::event::PyCourtEvent;
use crate::config::choice_arg;
use crate::convert::{self, SeatArg, action_index, int_arg, seat_index, seed_or_os};
use crate::errors;
use crate::game::write_out;
use crate::sync;

/// A game of To Court the King as the core's `Session` holds it: the whole state (the game
/// has no hidden information), every step since the start, the event log and the
/// generator chance and random play draw from. Equal games have the same config, steps,
/// chance mode and generator state.
#[pyclass(module = "kingup.court", name = "Game", frozen)]
#[derive(Debug)]
pub(crate) struct PyCourtGame {
    session: Mutex<Session>,
}

/// The seat a `seat=` argument names in `game` (`SeatError` if it does not play), or the
/// seat to move.
fn resolve(seat: SeatArg, game: &Game) -> Result<Option<Seat>, SeatError> {
    match seat {
        SeatArg::Next => Ok(game.next_seat()),
        SeatArg::Index(i) => game.seat(i).map(Some),
    }
}

/// Why `apply` refused a move, found with the game locked and raised once it is not.
enum Refusal {
    /// The core's refusal of a seat's action.
    Illegal(IllegalAction),
    /// Nobody may act (chance is to move, or the game is over), or the seat does not play.
    Other(Option<i64>, Action, IllegalReason),
}

impl Refusal {
    fn raise(self, py: Python<'_>, index: i64) -> PyErr {
        match self {
            Refusal::Illegal(err) => errors::from_court_illegal(py, &err),
            Refusal::Other(seat, action, reason) => {
                let who = seat.map_or_else(|| "nobody".to_owned(), |s| format!("seat {s}"));
                let message = format!("{who} cannot {action:#}: {reason}");
                errors::court_illegal_action(py, message, seat, Some(index), reason.code())
            }
        }
    }
}

/// Why nobody may act in `game` when no seat is to move.
pub(crate) fn idle_reason(game: &Game) -> IllegalReason {
    match game.actor() {
        Actor::Chance => IllegalReason::ChancePending,
        _ => IllegalReason::GameOver,
    }
}

/// The seat of a move in `game`: the one named, or the seat to move; else why not.
fn move_seat(game: &Game, seat: SeatArg, action: Action) -> Result<Seat, Refusal> {
    match seat {
        SeatArg::Next => game
            .next_seat()
            .ok_or_else(|| Refusal::Other(None, action, idle_reason(game))),
        SeatArg::Index(i) => game.seat(i).map_err(|_| {
            let reason = IllegalReason::NoSuchSeat {
                players: game.config().players,
            };
            Refusal::Other(Some(i), action, reason)
        }),
    }
}

/// The action with dense index `index`, else `CourtIllegalActionError`
/// (`no_such_action`), naming `seat` if one was given.
fn action_at(py: Python<'_>, index: i64, seat: Option<i64>) -> PyResult<Action> {
    let count = Action::COUNT;
    usize::try_from(index)
        .ok()
        .and_then(|i| Action::from_index(i).ok())
        .ok_or_else(|| {
            let message = format!("action index {index} is out of range 0..{count}");
            errors::court_illegal_action(py, message, seat, Some(index), "no_such_action")
        })
}

/// The chance outcome with dense index `index`, else `IllegalChanceError`
/// (`no_such_outcome`).
fn outcome_at(py: Python<'_>, index: i64) -> PyResult<ChanceOutcome> {
    let count = ChanceOutcome::COUNT;
    usize::try_from(index)
        .ok()
        .and_then(ChanceOutcome::from_index)
        .ok_or_else(|| {
            let message = format!("chance outcome index {index} is out of range 0..{count}");
            errors::illegal_chance(py, message, index, "no_such_outcome")
        })
}

/// `"auto"` or `"explicit"`, as a chance mode.
fn chance_arg(obj: &Bound<'_, PyAny>) -> PyResult<ChanceMode> {
    let modes = [
        ("auto", ChanceMode::Auto),
        ("explicit", ChanceMode::Explicit),
    ];
    choice_arg(obj, "chance", &modes)
}

/// A value of the engine as its serde form's string (`"pre_roll"`, `"king_round"`).
fn serde_name<T: serde::Serialize>(value: &T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(name)) => name,
        _ => String::new(),
    }
}

/// Dice as counts per face, 1 to 6 (as `u16`: PyO3 makes `u8` arrays `bytes`).
fn counts(dice: Dice) -> [u16; 6] {
    dice.counts().map(u16::from)
}

/// A result's value as `(count, face)`.
fn value_pair(value: Option<Value>) -> Option<(u8, u8)> {
    value.map(|v| (v.count, v.face.value()))
}

/// Card keys, in id order.
fn card_keys(cards: kingup_court::CardSet) -> Vec<&'static str> {
    cards.iter().map(Card::key).collect()
}

/// A step as `history()` gives it: `(seat, action index)` or `(None, outcome index)`.
fn step_pair(step: &Step) -> (Option<usize>, usize) {
    match *step {
        Step::Chance(outcome) => (None, outcome.index()),
        Step::Action { seat, action } => (Some(seat.index()), action.index()),
    }
}

impl PyCourtGame {
    pub(crate) fn new_with(session: Session) -> PyCourtGame {
        PyCourtGame {
            session: Mutex::new(session),
        }
    }

    /// The session, locked for this call.
    #[inline]
    pub(crate) fn session(&self, py: Python<'_>) -> PyResult<MutexGuard<'_, Session>> {
        sync::lock(py, &self.session)
    }

    /// Runs `f` on the session, locked; `f` must not call into Python.
    #[inline]
    fn with<R>(&self, py: Python<'_>, f: impl FnOnce(&Session) -> R) -> PyResult<R> {
        Ok(f(&*self.session(py)?))
    }

    /// Runs `f` on the game, locked; `f` must not call into Python.
    #[inline]
    pub(crate) fn with_game<R>(&self, py: Python<'_>, f: impl FnOnce(&Game) -> R) -> PyResult<R> {
        Ok(f(self.session(py)?.game()))
    }

    /// `seat`'s place in the game, or `SeatError`.
    pub(crate) fn seat_of(&self, obj: &Bound<'_, PyAny>) -> PyResult<Seat> {
        let py = obj.py();
        let index = seat_index(obj)?;
        self.with_game(py, |g| g.seat(index))?
            .map_err(|e| errors::from_seat_error(py, &e))
    }

    /// The seat an optional `seat=` argument names, or the seat to move (`None`: nobody).
    pub(crate) fn query_seat(
        &self,
        py: Python<'_>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Option<Seat>> {
        let seat = SeatArg::read(seat)?;
        self.with_game(py, |g| resolve(seat, g))?
            .map_err(|e| errors::from_seat_error(py, &e))
    }
}

#[pymethods]
impl PyCourtGame {
    #[new]
    #[pyo3(signature = (players=None, seed=None, first_player=None, unlimited_jesters=None, preroll_abilities=None, max_rounds=None, chance=None))]
    #[allow(clippy::too_many_arguments)] // the keyword arguments of `kingup.court.Game(...)`
    fn new(
        py: Python<'_>,
        players: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        first_player: Option<&Bound<'_, PyAny>>,
        unlimited_jesters: Option<&Bound<'_, PyAny>>,
        preroll_abilities: Option<&Bound<'_, PyAny>>,
        max_rounds: Option<&Bound<'_, PyAny>>,
        chance: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyCourtGame> {
        let config = CourtConfigArgs {
            players,
            first_player,
            unlimited_jesters,
            preroll_abilities,
            max_rounds,
        }
        .build(py)?;
        let mode = chance
            .filter(|c| !c.is_none())
            .map(chance_arg)
            .transpose()?
            .unwrap_or_default();
        let generator = Generator::new(seed_or_os(seed)?);
        let session = Session::with_generator(config, generator, mode)
            .map_err(|e| errors::invalid_setting(py, e.to_string(), e.code()))?;
        Ok(PyCourtGame::new_with(session))
    }

    /// Number of players, 2 to 5.
    #[getter]
    fn players(&self, py: Python<'_>) -> PyResult<usize> {
        self.with_game(py, Game::players)
    }

    /// The configured first player, or `None` when chance draws it.
    #[getter]
    fn first_player(&self, py: Python<'_>) -> PyResult<Option<usize>> {
        self.with_game(py, |g| match g.config().first_player {
            FirstPlayer::Seat(seat) => Some(seat.index()),
            FirstPlayer::Random => None,
        })
    }

    /// The Rio Grande variant: the Jester never sells out.
    #[getter]
    fn unlimited_jesters(&self, py: Python<'_>) -> PyResult<bool> {
        self.with_game(py, |g| g.config().unlimited_jesters)
    }

    /// Whether add-a-die cards may be used before the first roll (the default rules).
    #[getter]
    fn preroll_abilities(&self, py: Python<'_>) -> PyResult<bool> {
        self.with_game(py, |g| g.config().preroll_abilities)
    }

    /// Normal rounds after which a game without a King ends truncated; `None`: no bound.
    #[getter]
    fn max_rounds(&self, py: Python<'_>) -> PyResult<Option<u32>> {
        self.with_game(py, |g| g.config().max_rounds)
    }

    /// `"auto"` or `"explicit"`.
    #[getter]
    fn chance(&self, py: Python<'_>) -> PyResult<&'static str> {
        self.with(py, |s| match s.chance_mode() {
            ChanceMode::Auto => "auto",
            ChanceMode::Explicit => "explicit",
        })
    }

    /// The phase of the turn: `"setup"`, `"pre_roll"`, `"rolling"`, `"dice"`, `"select"`,
    /// `"buy"` or `"game_over"`.
    #[getter]
    fn phase(&self, py: Python<'_>) -> PyResult<String> {
        Ok(serde_name(&self.with_game(py, Game::phase)?))
    }

    /// `"normal"`, `"king_round"` or `"final_round"`.
    #[getter]
    fn stage(&self, py: Python<'_>) -> PyResult<String> {
        Ok(serde_name(&self.with_game(py, Game::stage)?))
    }

    /// The round index, from 0 (the final round counts as a round).
    #[getter]
    fn round(&self, py: Python<'_>) -> PyResult<u32> {
        self.with_game(py, Game::round)
    }

    /// The current round's start player (the start-player marker's holder).
    #[getter]
    fn start_player(&self, py: Python<'_>) -> PyResult<usize> {
        self.with_game(py, |g| g.start_player().index())
    }

    /// Whether the game is over (won, or truncated by `max_rounds`).
    #[getter]
    fn is_over(&self, py: Python<'_>) -> PyResult<bool> {
        self.with_game(py, Game::is_over)
    }

    /// Whether a chance step is pending (only ever with `chance="explicit"`).
    #[getter]
    fn is_chance(&self, py: Python<'_>) -> PyResult<bool> {
        self.with_game(py, |g| g.actor() == Actor::Chance)
    }

    /// The seat to move; `None` when chance is to move or the game is over.
    #[getter]
    fn to_move(&self, py: Python<'_>) -> PyResult<Option<usize>> {
        self.with_game(py, |g| g.next_seat().map(Seat::index))
    }

    /// What the pending chance step decides: `"first_player"` or `"die"`; else `None`.
    #[getter]
    fn chance_step(&self, py: Python<'_>) -> PyResult<Option<String>> {
        Ok(self
            .with_game(py, Game::chance_step)?
            .map(|s| serde_name(&s)))
    }

    /// The winner once the game is over and was not truncated, else `None`.
    #[getter]
    fn winner(&self, py: Python<'_>) -> PyResult<Option<usize>> {
        self.with_game(py, |g| g.winner().map(Seat::index))
    }

    /// Whether the game ended at `max_rounds` without a King: over, with no winner.
    #[getter]
    fn is_truncated(&self, py: Python<'_>) -> PyResult<bool> {
        self.with_game(py, |g| g.outcome() == Some(Outcome::Truncated))
    }

    /// Each seat's return: 1 for the winner, 0 for the others; all 0 before the end and in a
    /// truncated game (the win counted as the court tournaments count it).
    fn returns(&self, py: Python<'_>) -> PyResult<Vec<f64>> {
        self.with_game(py, |g| {
            let winner = g.winner();
            Seat::all(g.players())
                .map(|s| f64::from(u8::from(winner == Some(s))))
                .collect()
        })
    }

    /// The active dice: counts of faces 1 to 6.
    #[getter]
    fn active(&self, py: Python<'_>) -> PyResult<[u16; 6]> {
        self.with_game(py, |g| counts(g.active()))
    }

    /// The dice set aside this turn (at the end of the dice, the result): counts of faces
    /// 1 to 6.
    #[getter]
    fn aside(&self, py: Python<'_>) -> PyResult<[u16; 6]> {
        self.with_game(py, |g| counts(g.aside()))
    }

    /// The dice picked so far for the card selecting: counts of faces 1 to 6.
    #[getter]
    fn picked(&self, py: Python<'_>) -> PyResult<[u16; 6]> {
        self.with_game(py, |g| counts(g.picked()))
    }

    /// Dice waiting to be rolled.
    #[getter]
    fn to_roll(&self, py: Python<'_>) -> PyResult<u8> {
        self.with_game(py, Game::to_roll)
    }

    /// The card picking dice (`"merchant"`, `"noblewoman"`, `"nobleman"`), else `None`.
    #[getter]
    fn selecting(&self, py: Python<'_>) -> PyResult<Option<&'static str>> {
        self.with_game(py, |g| g.selecting().map(Card::key))
    }

    /// The cards used this turn, as keys.
    #[getter]
    fn used(&self, py: Python<'_>) -> PyResult<Vec<&'static str>> {
        self.with_game(py, |g| card_keys(g.used()))
    }

    /// Copies left in the display per card id (`kingup.court.CARDS` order); `None` for the
    /// Jester under `unlimited_jesters`.
    #[getter]
    fn supply(&self, py: Python<'_>) -> PyResult<Vec<Option<u8>>> {
        self.with_game(py, |g| Card::ALL.iter().map(|&c| g.supply(c)).collect())
    }

    /// The King card's holder, once bought.
    #[getter]
    fn king(&self, py: Python<'_>) -> PyResult<Option<usize>> {
        self.with_game(py, |g| g.king().map(Seat::index))
    }

    /// The Queen card's holder: whoever bought the King first.
    #[getter]
    fn queen(&self, py: Python<'_>) -> PyResult<Option<usize>> {
        self.with_game(py, |g| g.queen().map(Seat::index))
    }

    /// The best result so far as `(count, face)`: the King buyer's, then the final round's.
    #[getter]
    fn best(&self, py: Python<'_>) -> PyResult<Option<(u8, u8)>> {
        self.with_game(py, |g| value_pair(g.best()))
    }

    /// The cards `seat` owns, as keys (the Jester: a face-up Jester; the King: holding it).
    fn cards(&self, py: Python<'_>, seat: &Bound<'_, PyAny>) -> PyResult<Vec<&'static str>> {
        let seat = self.seat_of(seat)?;
        self.with_game(py, |g| card_keys(g.cards(seat)))
    }

    /// How many Charlatans `seat` has.
    fn charlatans(&self, py: Python<'_>, seat: &Bound<'_, PyAny>) -> PyResult<u8> {
        let seat = self.seat_of(seat)?;
        self.with_game(py, |g| g.charlatans(seat))
    }

    /// The dice `seat` starts a turn with.
    fn hand(&self, py: Python<'_>, seat: &Bound<'_, PyAny>) -> PyResult<u8> {
        let seat = self.seat_of(seat)?;
        self.with_game(py, |g| g.hand(seat))
    }

    /// `seat`'s final-round result as `(count, face)`, once played.
    fn final_result(&self, py: Python<'_>, seat: &Bound<'_, PyAny>) -> PyResult<Option<(u8, u8)>> {
        let seat = self.seat_of(seat)?;
        self.with_game(py, |g| value_pair(g.final_result(seat)))
    }

    /// The legal action indices of `seat` (default: the seat to move), sorted; `[]` for a
    /// seat that may not act.
    #[pyo3(signature = (seat=None))]
    fn legal_actions(
        &self,
        py: Python<'_>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<usize>> {
        let seat = self.query_seat(py, seat)?;
        self.with_game(py, |g| match seat {
            Some(s) => g.legal_mask(s).iter().map(Action::index).collect(),
            None => Vec::new(),
        })
    }

    /// The legal actions of `seat` (default: the seat to move) as an `int8` mask of length
    /// 238; with `out` (a writable `int8` array of that length), written into it and
    /// returned.
    #[pyo3(signature = (seat=None, out=None))]
    fn legal_mask<'py>(
        &self,
        py: Python<'py>,
        seat: Option<&Bound<'py, PyAny>>,
        out: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let seat = self.query_seat(py, seat)?;
        let bools = match seat {
            Some(s) => self.with_game(py, |g| g.legal_mask(s).to_bools())?,
            None => [false; Action::COUNT],
        };
        let flags = bools.map(i8::from);
        match out.filter(|o| !o.is_none()) {
            None => Ok(PyArray1::from_slice(py, &flags)),
            Some(out) => write_out(out, &flags, "out"),
        }
    }

    /// Whether `seat` (default: the seat to move) may play `action` now.
    #[pyo3(signature = (action, seat=None))]
    fn is_legal(
        &self,
        py: Python<'_>,
        action: &Bound<'_, PyAny>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<bool> {
        let index = action_index(action)?;
        let seat = SeatArg::read(seat)?;
        let Some(action) = usize::try_from(index)
            .ok()
            .and_then(|i| Action::from_index(i).ok())
        else {
            return Ok(false);
        };
        self.with_game(py, |g| {
            move_seat(g, seat, action).is_ok_and(|s| g.is_legal(s, action))
        })
    }

    /// Plays `action` for `seat` (default: the seat to move); with automatic chance, the
    /// dice it rolls are drawn too. Raises `CourtIllegalActionError` and leaves the game
    /// unchanged if illegal.
    #[pyo3(signature = (action, seat=None))]
    fn apply(
        &self,
        py: Python<'_>,
        action: &Bound<'_, PyAny>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let index = action_index(action)?;
        let seat = SeatArg::read(seat)?;
        let action = action_at(py, index, seat.given())?;
        let refused = {
            let mut session = self.session(py)?;
            match move_seat(session.game(), seat, action) {
                Ok(seat) => session.apply(seat, action).err().map(Refusal::Illegal),
                Err(refusal) => Some(refusal),
            }
        };
        match refused {
            None => Ok(()),
            Some(refusal) => Err(refusal.raise(py, index)),
        }
    }

    /// The outcomes of the pending chance step as `(outcome index, probability)` pairs
    /// (a die: six faces, 1/6 each; the first player: each seat, 1/players); empty when
    /// chance is not to move.
    fn chance_outcomes(&self, py: Python<'_>) -> PyResult<Vec<(usize, f64)>> {
        let outcomes = self.with_game(py, Game::chance_outcomes)?;
        Ok(outcomes.iter().map(|(o, p)| (o.index(), *p)).collect())
    }

    /// Applies a chance outcome by index (`chance="explicit"`). Raises
    /// `IllegalChanceError` and leaves the game unchanged if it is not possible now.
    fn apply_chance(&self, py: Python<'_>, outcome: &Bound<'_, PyAny>) -> PyResult<()> {
        let index = int_arg(outcome, "outcome")?;
        let outcome = outcome_at(py, index)?;
        let refused = self.session(py)?.apply_chance(outcome).err();
        match refused {
            None => Ok(()),
            Some(err) => Err(errors::from_court_illegal_chance(py, &err)),
        }
    }

    /// Draws every pending chance step from the game's generator until a seat is to move
    /// or the game is over. Returns the number of chance steps drawn.
    fn resolve_chance(&self, py: Python<'_>) -> PyResult<usize> {
        let mut session = self.session(py)?;
        let before = session.replay().steps.len();
        session.resolve_chance();
        Ok(session.replay().steps.len() - before)
    }

    /// Plays uniformly random legal actions and chance, all drawn from the game's
    /// generator, to the end of the game. Returns the number of actions played. Without
    /// `max_rounds` a random game may last very long: random players rarely buy the King.
    fn play_random(&self, py: Python<'_>) -> PyResult<u64> {
        Ok(self.session(py)?.play_random())
    }

    /// Takes back `seat`'s last action: it must be the last step, and no chance step may
    /// have followed it. Raises `UndoError` otherwise, and changes nothing.
    fn undo(&self, py: Python<'_>, seat: &Bound<'_, PyAny>) -> PyResult<()> {
        let index = seat_index(seat)?;
        let result = {
            let mut session = self.session(py)?;
            match session.config().seat(index) {
                Ok(s) => Ok(session.undo(s)),
                Err(e) => Err(e),
            }
        };
        match result {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(errors::from_undo_error(py, &e, index)),
            Err(e) => Err(errors::from_seat_error(py, &e)),
        }
    }

    /// How many of the last steps `undo` could take back, by the seats that played them.
    #[getter]
    fn undoable(&self, py: Python<'_>) -> PyResult<usize> {
        self.with(py, Session::undoable)
    }

    /// The observation tensor from `seat`'s chair: `float32`, length `OBSERVATION_LEN`
    /// (257), seats relative to `seat` (layout: `OBSERVATION_FIELDS`); with `out` (a
    /// writable `float32` array of that length), written into it and returned.
    #[pyo3(signature = (seat, out=None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
        out: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = self.seat_of(seat)?;
        let mut obs = [0.0f32; OBSERVATION_LEN];
        self.with_game(py, |g| g.observation(seat, &mut obs))?;
        match out.filter(|o| !o.is_none()) {
            None => Ok(PyArray1::from_slice(py, &obs)),
            Some(out) => write_out(out, &obs, "out"),
        }
    }

    /// The events since the game was created, from index `since`.
    #[pyo3(signature = (since=None))]
    fn events(
        &self,
        py: Python<'_>,
        since: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<PyCourtEvent>> {
        let since = match since.filter(|s| !s.is_none()) {
            None => 0,
            Some(obj) => usize::try_from(int_arg(obj, "since")?)
                .map_err(|_| PyValueError::new_err("since must be >= 0"))?,
        };
        self.with(py, |s| {
            let events = s.events();
            events
                .get(since..)
                .unwrap_or_default()
                .iter()
                .map(|&e| PyCourtEvent(e))
                .collect()
        })
    }

    /// Number of events so far.
    #[getter]
    fn num_events(&self, py: Python<'_>) -> PyResult<usize> {
        self.with(py, |s| s.events().len())
    }

    /// Every step since the game was created: `(seat, action index)` for an action,
    /// `(None, outcome index)` for a chance outcome.
    fn history(&self, py: Python<'_>) -> PyResult<Vec<(Option<usize>, usize)>> {
        self.with(py, |s| s.replay().steps.iter().map(step_pair).collect())
    }

    /// Every step in the core's notation: `"2: keep 4"`, `"chance: die 5"`.
    fn steps(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        self.with(py, |s| {
            s.replay().steps.iter().map(ToString::to_string).collect()
        })
    }

    /// An independent copy, generator included (it will play out the same).
    fn clone(&self, py: Python<'_>) -> PyResult<PyCourtGame> {
        Ok(PyCourtGame::new_with(self.with(py, Session::clone)?))
    }

    fn __copy__(&self, py: Python<'_>) -> PyResult<PyCourtGame> {
        self.clone(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyResult<PyCourtGame> {
        self.clone(py)
    }

    /// Games are equal when they play on the same way: same config, steps, chance mode and
    /// generator state (the core's `Session` equality).
    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(other) = other.cast::<PyCourtGame>() else {
            return Ok(false);
        };
        if slf.is(other) {
            return Ok(true);
        }
        let py = slf.py();
        let mine = slf.get().with(py, Session::clone)?;
        other.get().with(py, |theirs| mine == *theirs)
    }

    /// The save document: the core's `Session::to_json` (config, chance mode, generator
    /// state, every step in notation). The generator state predicts every die to come.
    fn to_json(&self, py: Python<'_>) -> PyResult<String> {
        self.with(py, Session::to_json)
    }

    /// Reads a save document by replaying its steps; raises `InvalidStateError` (with the
    /// core's `LoadError` code as `reason`) for anything malformed, from another version,
    /// longer than `MAX_SAVE_LEN` bytes, or that the rules refuse.
    #[staticmethod]
    fn from_json(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<PyCourtGame> {
        let text = convert::json_arg_within(text, kingup_court::MAX_SAVE_LEN, |len| {
            errors::from_court_load_error(py, &kingup_court::LoadError::TooLong(len))
        })?;
        Session::from_json(&text)
            .map(PyCourtGame::new_with)
            .map_err(|e| errors::from_court_load_error(py, &e))
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let from_json = py.get_type::<PyCourtGame>().getattr("from_json")?;
        Ok((from_json, (self.to_json(py)?,)))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        self.with_game(py, |g| {
            let who = match g.actor() {
                Actor::Chance => "chance to move".to_owned(),
                Actor::Seat(seat) => format!("seat {seat} to move"),
                Actor::Nobody => g.outcome().map_or_else(String::new, |o| o.to_string()),
            };
            format!(
                "<kingup.court.Game: {} players, round {}, {}, {} phase, {who}>",
                g.players(),
                g.round() + 1,
                g.stage(),
                g.phase()
            )
        })
    }
}
