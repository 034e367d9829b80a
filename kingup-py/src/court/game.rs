//! `kingup.court.Game`: the table's session of To Court the King ([`Shell`]) as the Python
//! class every game shares ([`game_class!`]), plus what only court has: the dice, the
//! cards and the display.

use kingup_court::{Actor, Card, Dice, FinalTurn, FirstPlayer, Game, Position, Seat, Value};
use numpy::PyArray1;
use pyo3::prelude::*;

use super::config::{CourtConfigArgs, FlagArg};
use super::event::PyCourtEvent;
use crate::errors;
use crate::shell::{PyRules, Shell, game_class};

impl PyRules for Game {
    const ILLEGAL_ACTION_ERROR: &'static str = "CourtIllegalActionError";
    type PyEvent = PyCourtEvent;

    fn py_event(event: kingup_court::Event) -> PyCourtEvent {
        PyCourtEvent(event)
    }
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

/// The longest position document read: every field at its longest is well under 4 KB.
const POSITION_MAX_LEN: usize = 8192;

/// Card keys, in id order.
fn card_keys(cards: kingup_court::CardSet) -> Vec<&'static str> {
    cards.iter().map(Card::key).collect()
}

game_class! {
    /// A game of To Court the King as the table's `Session` holds it: the whole state (the
    /// game has no hidden information), every step since the start, the event log and the
    /// generator chance and random play draw from. Equal games have the same config, steps,
    /// chance mode and generator state.
    PyCourtGame(Game), module = "kingup.court", {
        #[new]
        #[pyo3(signature = (players=None, seed=None, first_player=None, unlimited_jesters=FlagArg::Unset, preroll_abilities=FlagArg::Unset, max_rounds=None, chance=None))]
        #[allow(clippy::too_many_arguments)] // the keyword arguments of `kingup.court.Game(...)`
        fn new(
            py: Python<'_>,
            players: Option<&Bound<'_, PyAny>>,
            seed: Option<&Bound<'_, PyAny>>,
            first_player: Option<&Bound<'_, PyAny>>,
            unlimited_jesters: FlagArg<'_>,
            preroll_abilities: FlagArg<'_>,
            max_rounds: Option<&Bound<'_, PyAny>>,
            chance: Option<&Bound<'_, PyAny>>,
        ) -> PyResult<PyCourtGame> {
            let config = CourtConfigArgs {
                players,
                first_player,
                unlimited_jesters: &unlimited_jesters,
                preroll_abilities: &preroll_abilities,
                max_rounds,
            }
            .build(py)?;
            let refused = |e: kingup_court::ConfigError| {
                errors::invalid_setting(py, e.to_string(), e.code())
            };
            Ok(PyCourtGame(Shell::start(config, seed, chance, refused)?))
        }

        /// The state as plain data: the position JSON document (every field of
        /// `kingup_court::Position`), for `Game.from_position`.
        fn position(&self, py: Python<'_>) -> PyResult<String> {
            let position = self.0.with_game(py, Game::position)?;
            serde_json::to_string(&position).map_err(|e| errors::invalid_state(py, e.to_string()))
        }

        /// A game set up in `position` (a position JSON document, as `Game.position()`
        /// writes it), if the rules can reach it: its steps are a history that reaches it,
        /// so it saves and undoes like any game. Refused with `InvalidStateError` and a
        /// reason (`"purchases"`, `"start_player"`, `"unreachable"`, ...) otherwise.
        #[staticmethod]
        #[pyo3(signature = (position, *, seed=None, chance=None))]
        fn from_position(
            py: Python<'_>,
            position: &Bound<'_, PyAny>,
            seed: Option<&Bound<'_, PyAny>>,
            chance: Option<&Bound<'_, PyAny>>,
        ) -> PyResult<PyCourtGame> {
            let too_long = |len| errors::invalid_state(py, format!("a position document of {len} characters is longer than any ({POSITION_MAX_LEN})"));
            let text = crate::convert::json_arg_within(position, POSITION_MAX_LEN, too_long)?;
            let position: Position = serde_json::from_str(&text)
                .map_err(|e| errors::invalid_state(py, format!("not a position document: {e}")))?;
            let replay = position
                .history()
                .map_err(|e| errors::invalid_position(py, e.to_string(), e.code()))?;
            Ok(PyCourtGame(Shell::resume(py, replay, seed, chance)?))
        }

        /// The configured first player, or `None` when chance draws it.
        #[getter]
        fn first_player(&self, py: Python<'_>) -> PyResult<Option<usize>> {
            self.0.with_game(py, |g| match g.config().first_player {
                FirstPlayer::Seat(seat) => Some(seat.index()),
                FirstPlayer::Random => None,
            })
        }

        /// The Rio Grande variant: the Jester never sells out.
        #[getter]
        fn unlimited_jesters(&self, py: Python<'_>) -> PyResult<bool> {
            self.0.with_game(py, |g| g.config().unlimited_jesters)
        }

        /// Whether add-a-die cards may be used before the first roll (the default rules).
        #[getter]
        fn preroll_abilities(&self, py: Python<'_>) -> PyResult<bool> {
            self.0.with_game(py, |g| g.config().preroll_abilities)
        }

        /// Normal rounds after which a game without a King ends truncated; `None`: no bound.
        #[getter]
        fn max_rounds(&self, py: Python<'_>) -> PyResult<Option<u32>> {
            self.0.with_game(py, |g| g.config().max_rounds)
        }

        /// The phase of the turn: `"setup"`, `"pre_roll"`, `"rolling"`, `"dice"`, `"select"`,
        /// `"buy"` or `"game_over"`.
        #[getter]
        fn phase(&self, py: Python<'_>) -> PyResult<String> {
            Ok(serde_name(&self.0.with_game(py, Game::phase)?))
        }

        /// `"normal"`, `"king_round"` or `"final_round"`.
        #[getter]
        fn stage(&self, py: Python<'_>) -> PyResult<String> {
            Ok(serde_name(&self.0.with_game(py, Game::stage)?))
        }

        /// The round index, from 0 (the final round counts as a round).
        #[getter]
        fn round(&self, py: Python<'_>) -> PyResult<u32> {
            self.0.with_game(py, Game::round)
        }

        /// The current round's start player (the start-player marker's holder).
        #[getter]
        fn start_player(&self, py: Python<'_>) -> PyResult<usize> {
            self.0.with_game(py, |g| g.start_player().index())
        }

        /// What the pending chance step decides: `"first_player"` or `"die"`; else `None`.
        #[getter]
        fn chance_step(&self, py: Python<'_>) -> PyResult<Option<String>> {
            Ok(self
                .0
                .with_game(py, Game::chance_step)?
                .map(|s| serde_name(&s)))
        }

        /// The winner once the game is over and was not truncated, else `None`.
        #[getter]
        fn winner(&self, py: Python<'_>) -> PyResult<Option<usize>> {
            self.0.with_game(py, |g| g.winner().map(Seat::index))
        }

        /// The active dice: counts of faces 1 to 6.
        #[getter]
        fn active(&self, py: Python<'_>) -> PyResult<[u16; 6]> {
            self.0.with_game(py, |g| counts(g.active()))
        }

        /// The dice set aside this turn (at the end of the dice, the result): counts of faces
        /// 1 to 6.
        #[getter]
        fn aside(&self, py: Python<'_>) -> PyResult<[u16; 6]> {
            self.0.with_game(py, |g| counts(g.aside()))
        }

        /// The dice picked so far for the card selecting: counts of faces 1 to 6.
        #[getter]
        fn picked(&self, py: Python<'_>) -> PyResult<[u16; 6]> {
            self.0.with_game(py, |g| counts(g.picked()))
        }

        /// Before the first roll, the dice it will roll (the hand and pre-roll dice); 0 after.
        #[getter]
        fn dice_in_hand(&self, py: Python<'_>) -> PyResult<u8> {
            self.0.with_game(py, Game::dice_in_hand)
        }

        /// In the rolling phase, the dice chance has yet to roll; 0 in any other phase.
        #[getter]
        fn dice_to_roll(&self, py: Python<'_>) -> PyResult<u8> {
            self.0.with_game(py, Game::dice_to_roll)
        }

        /// The seats in the order they play the current round (the final round: the Queen's
        /// holder last); empty while chance draws the first player.
        #[getter]
        fn round_order(&self, py: Python<'_>) -> PyResult<Vec<usize>> {
            self.0.with_game(py, |g| g.round_order().iter().map(|s| s.index()).collect())
        }

        /// The card picking dice (`"merchant"`, `"noblewoman"`, `"nobleman"`), else `None`.
        #[getter]
        fn selecting(&self, py: Python<'_>) -> PyResult<Option<&'static str>> {
            self.0.with_game(py, |g| g.selecting().map(Card::key))
        }

        /// The cards used this turn, as keys.
        #[getter]
        fn used(&self, py: Python<'_>) -> PyResult<Vec<&'static str>> {
            self.0.with_game(py, |g| card_keys(g.used()))
        }

        /// Copies left in the display per card id (`kingup.court.CARDS` order); `None` for the
        /// Jester under `unlimited_jesters`.
        #[getter]
        fn supply(&self, py: Python<'_>) -> PyResult<Vec<Option<u8>>> {
            self.0.with_game(py, |g| Card::ALL.iter().map(|&c| g.supply(c)).collect())
        }

        /// The King card's holder, once bought.
        #[getter]
        fn king(&self, py: Python<'_>) -> PyResult<Option<usize>> {
            self.0.with_game(py, |g| g.king().map(Seat::index))
        }

        /// The Queen card's holder: whoever bought the King first.
        #[getter]
        fn queen(&self, py: Python<'_>) -> PyResult<Option<usize>> {
            self.0.with_game(py, |g| g.queen().map(Seat::index))
        }

        /// The best result so far as `(count, face)`: the King buyer's, then the final round's.
        #[getter]
        fn best(&self, py: Python<'_>) -> PyResult<Option<(u8, u8)>> {
            self.0.with_game(py, |g| value_pair(g.best()))
        }

        /// Every card in front of `seat`, as keys: its characters, `"jester"` for a face-up
        /// Jester, `"charlatan"` for at least one Charlatan, `"king"` while it holds the King.
        fn cards(&self, py: Python<'_>, seat: &Bound<'_, PyAny>) -> PyResult<Vec<&'static str>> {
            let seat = self.0.seat_of(seat)?;
            self.0.with_game(py, |g| card_keys(g.cards(seat)))
        }

        /// The characters `seat` bought (and the Queen), as keys: no Jester row, no King card.
        fn characters(&self, py: Python<'_>, seat: &Bound<'_, PyAny>) -> PyResult<Vec<&'static str>> {
            let seat = self.0.seat_of(seat)?;
            self.0.with_game(py, |g| card_keys(g.characters(seat)))
        }

        /// Whether `seat` has a face-up Jester.
        fn has_jester(&self, py: Python<'_>, seat: &Bound<'_, PyAny>) -> PyResult<bool> {
            let seat = self.0.seat_of(seat)?;
            self.0.with_game(py, |g| g.has_jester(seat))
        }

        /// The most dice `seat` can have in one turn (what the final round's skips go by).
        fn max_dice(&self, py: Python<'_>, seat: &Bound<'_, PyAny>) -> PyResult<u8> {
            let seat = self.0.seat_of(seat)?;
            self.0.with_game(py, |g| g.max_dice(seat))
        }

        /// `seat`'s part in the final round: `"waiting"`, `"playing"`, `"played"`,
        /// `"skipped"` or `"kept_the_king"`; `None` outside the final round.
        fn final_turn(&self, py: Python<'_>, seat: &Bound<'_, PyAny>) -> PyResult<Option<&'static str>> {
            let seat = self.0.seat_of(seat)?;
            self.0.with_game(py, |g| g.final_turn(seat).map(FinalTurn::key))
        }

        /// How many Charlatans `seat` has.
        fn charlatans(&self, py: Python<'_>, seat: &Bound<'_, PyAny>) -> PyResult<u8> {
            let seat = self.0.seat_of(seat)?;
            self.0.with_game(py, |g| g.charlatans(seat))
        }

        /// The dice `seat` starts a turn with.
        fn hand(&self, py: Python<'_>, seat: &Bound<'_, PyAny>) -> PyResult<u8> {
            let seat = self.0.seat_of(seat)?;
            self.0.with_game(py, |g| g.hand(seat))
        }

        /// `seat`'s final-round result as `(count, face)`, once played.
        fn final_result(&self, py: Python<'_>, seat: &Bound<'_, PyAny>) -> PyResult<Option<(u8, u8)>> {
            let seat = self.0.seat_of(seat)?;
            self.0.with_game(py, |g| value_pair(g.final_result(seat)))
        }

        fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
            self.0.with_game(py, |g| {
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

        /// The legal actions as an `int8` mask: `action_mask`'s former name, kept for
        /// existing callers.
        #[pyo3(signature = (seat=None, out=None))]
        fn legal_mask<'py>(
            &self,
            py: Python<'py>,
            seat: Option<&Bound<'py, PyAny>>,
            out: Option<&Bound<'py, PyAny>>,
        ) -> PyResult<Bound<'py, PyArray1<i8>>> {
            self.0.action_mask(py, seat, out)
        }
    }
}
