//! `kingup.Game`: the engine's `Game` with seeded chance, an event log and history.

use kingup_core::{
    Action, Actor, ChanceOutcome, ChanceStep, Config, Event, Game, OBSERVATION_LEN, Seat, Step,
};
use numpy::PyArray1;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;
use serde::{Deserialize, Serialize};

use crate::config::{ConfigArgs, str_arg};
use crate::convert::{self, int_arg, seat_arg, seat_list, seat_or_none};
use crate::errors;
use crate::event::PyEvent;
use crate::random::{self, Rng};
use crate::view::{PyPlayerView, PyPublicView};

/// A game of King Up!: the full state (every secret included), how chance is resolved,
/// and everything that happened since it was created (steps and events).
///
/// Invariant: replaying `steps` from `start` gives `game` and `events`; with `rng` (auto
/// chance) no chance step is ever pending between calls.
#[pyclass(module = "kingup._kingup", name = "Game", eq)]
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PyGame {
    start: Game,
    game: Game,
    steps: Vec<Step>,
    events: Vec<Event>,
    /// `Some`: chance is resolved from this stream after every step ("auto").
    rng: Option<Rng>,
}

/// The JSON and pickle form. Only `start`, `steps` and the stream are needed; `state` is
/// kept so that a document whose steps do not lead to it is rejected as corrupted.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Saved {
    format: String,
    version: u32,
    rng: Option<Rng>,
    start: Game,
    steps: Vec<Step>,
    state: Game,
}

const FORMAT: &str = "kingup.Game";
const VERSION: u32 = 1;

impl PyGame {
    /// A game starting at `start`, with auto chance when `rng` is given.
    pub(crate) fn starting_at(start: Game, rng: Option<Rng>) -> PyGame {
        let mut game = PyGame {
            start,
            game: start,
            steps: Vec::new(),
            events: Vec::new(),
            rng,
        };
        game.resolve_auto_chance();
        game
    }

    fn resolve_auto_chance(&mut self) {
        if let Some(rng) = &mut self.rng {
            random::resolve_chance(&mut self.game, rng, &mut self.steps, &mut self.events);
        }
    }

    /// The engine's game (full information: for the binding's own use, such as taking a
    /// seat's view for a bot).
    pub(crate) fn state(&self) -> &Game {
        &self.game
    }

    pub(crate) fn is_auto(&self) -> bool {
        self.rng.is_some()
    }

    /// The seat an optional `seat=` argument names: the given one (`SeatError` if it
    /// does not play) or the next to act.
    fn query_seat(&self, seat: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Seat>> {
        match seat {
            Some(obj) => seat_arg(obj, self.game.players()).map(Some),
            None => Ok(random::next_seat(&self.game)),
        }
    }

    /// The action and seat of `apply`/`is_legal`, or the `IllegalActionError` that says
    /// why there is none (unknown index, no such seat, nobody to move).
    fn resolve_move(
        &self,
        py: Python<'_>,
        action: &Bound<'_, PyAny>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<(Seat, Action)> {
        let index = int_arg(action, "action")?;
        let seat_index = seat.map(|s| int_arg(s, "seat")).transpose()?;
        let Some(action) = usize::try_from(index)
            .ok()
            .and_then(|i| Action::from_index(i).ok())
        else {
            let message = format!("action index {index} is out of range 0..67");
            return Err(errors::illegal_action(
                py,
                message,
                seat_index,
                index,
                "no_such_action",
            ));
        };
        let seat = match seat_index {
            None => match random::next_seat(&self.game) {
                Some(seat) => seat,
                None => return Err(self.nobody_to_move(py, action)),
            },
            Some(i) => usize::try_from(i).ok().and_then(Seat::new).ok_or_else(|| {
                let players = self.game.players();
                let message = format!(
                    "seat {i} cannot {action}: there is no such seat in a {players}-player game"
                );
                errors::illegal_action(py, message, Some(i), index, "no_such_seat")
            })?,
        };
        Ok((seat, action))
    }

    /// The error for an action with no seat named when no seat may act.
    fn nobody_to_move(&self, py: Python<'_>, action: Action) -> PyErr {
        let (reason, why) = if self.game.is_over() {
            ("game_over", "the game is over")
        } else {
            ("chance_pending", "a chance step is pending")
        };
        let message = format!("nobody can {action}: {why}");
        errors::illegal_action(py, message, None, action.index() as i64, reason)
    }

    fn saved(&self) -> Saved {
        Saved {
            format: FORMAT.to_owned(),
            version: VERSION,
            rng: self.rng.clone(),
            start: self.start,
            steps: self.steps.clone(),
            state: self.game,
        }
    }

    /// Rebuilds a game from its saved form, replaying and checking every step.
    fn restore(py: Python<'_>, saved: Saved) -> PyResult<PyGame> {
        let invalid = |message: String| errors::invalid_state(py, message);
        if saved.format != FORMAT || saved.version != VERSION {
            return Err(invalid(format!(
                "not a {FORMAT} version {VERSION} document (format {:?}, version {})",
                saved.format, saved.version
            )));
        }
        if saved.rng.as_ref().is_some_and(|r| !r.is_valid()) {
            return Err(invalid("the random stream state is all zero".to_owned()));
        }
        let mut game = saved.start;
        let mut events = Vec::new();
        for (i, step) in saved.steps.iter().enumerate() {
            game.apply_step(*step, &mut events)
                .map_err(|e| invalid(format!("step {i} was refused: {e}")))?;
        }
        if game != saved.state {
            return Err(invalid(
                "the steps do not lead to the saved state".to_owned(),
            ));
        }
        if saved.rng.is_some() && game.actor() == Actor::Chance {
            return Err(invalid(
                "an auto-chance game cannot wait for chance".to_owned(),
            ));
        }
        Ok(PyGame {
            start: saved.start,
            game,
            steps: saved.steps,
            events,
            rng: saved.rng,
        })
    }

    /// The seed stream for `seed=None` or an int seed.
    fn rng_arg(seed: Option<&Bound<'_, PyAny>>) -> PyResult<Rng> {
        Ok(random::rng_from_seed(match seed {
            None => random::os_seed(),
            Some(obj) => seed_arg(obj)?,
        }))
    }
}

/// A seed: an int in `0..2**64` (Python or NumPy).
pub(crate) fn seed_arg(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    // Type errors first, with `int_arg`'s message; then the exact 64-bit range.
    int_arg(obj, "seed")?;
    obj.extract::<u64>().map_err(|_| {
        let shown = obj.str().map_or_else(|_| "?".to_owned(), |s| s.to_string());
        PyValueError::new_err(format!("seed must be in 0..2**64, not {shown}"))
    })
}

/// `"auto"` or `"explicit"`, as whether chance is automatic.
pub(crate) fn chance_arg(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    match str_arg(obj, "chance")?.as_str() {
        "auto" => Ok(true),
        "explicit" => Ok(false),
        other => Err(errors::invalid_config(
            obj.py(),
            format!("chance must be \"auto\" or \"explicit\", not {other:?}"),
        )),
    }
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (players=None, seed=None, rounds=None, setup=None, first_player=None, deck=None, chance=None))]
    #[allow(clippy::too_many_arguments)] // the keyword arguments of `kingup.Game(...)`
    fn new(
        py: Python<'_>,
        players: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        rounds: Option<&Bound<'_, PyAny>>,
        setup: Option<&Bound<'_, PyAny>>,
        first_player: Option<&Bound<'_, PyAny>>,
        deck: Option<&Bound<'_, PyAny>>,
        chance: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyGame> {
        let config = ConfigArgs {
            players,
            rounds,
            setup,
            first_player,
            deck,
        }
        .build(py)?;
        let auto = chance.map(chance_arg).transpose()?.unwrap_or(true);
        let seed = seed.filter(|s| !s.is_none());
        if !auto && seed.is_some() {
            return Err(errors::invalid_config(
                py,
                "seed= drives automatic chance; with chance=\"explicit\" pass no seed",
            ));
        }
        let rng = if auto {
            Some(PyGame::rng_arg(seed)?)
        } else {
            None
        };
        let game = Game::new(config).map_err(|e| errors::invalid_config(py, e.to_string()))?;
        Ok(PyGame::starting_at(game, rng))
    }

    /// Number of players.
    #[getter]
    fn players(&self) -> usize {
        self.game.players()
    }

    /// Number of rounds (3, or 1 in the quick variant).
    #[getter]
    fn rounds(&self) -> u8 {
        self.game.config().rounds
    }

    /// `"placement"` or `"random"`.
    #[getter]
    fn setup(&self) -> &'static str {
        setup_name(self.game.config())
    }

    /// `"auto"` or `"explicit"`.
    #[getter]
    fn chance(&self) -> &'static str {
        if self.is_auto() { "auto" } else { "explicit" }
    }

    /// The current round index, from 0.
    #[getter]
    fn round(&self) -> u8 {
        self.game.round()
    }

    /// The current phase.
    #[getter]
    fn phase<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        convert::phase(py, self.game.phase())
    }

    /// Whether the last round has been scored.
    #[getter]
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// Whether a chance step is pending (only ever with `chance="explicit"`).
    #[getter]
    fn is_chance(&self) -> bool {
        self.game.actor() == Actor::Chance
    }

    /// The seat that acts next: the seat to move, or in a vote the lowest seat still to
    /// vote; `None` when chance is to move or the game is over.
    #[getter]
    fn to_move(&self) -> Option<usize> {
        seat_or_none(random::next_seat(&self.game))
    }

    /// The seats still to vote (empty outside a vote).
    #[getter]
    fn voters(&self) -> Vec<usize> {
        match self.game.actor() {
            Actor::Voters(seats) => seat_list(seats),
            _ => Vec::new(),
        }
    }

    /// The seat holding the crown.
    #[getter]
    fn crown(&self) -> Option<usize> {
        seat_or_none(self.game.crown())
    }

    /// The character being voted on, during a vote.
    #[getter]
    fn candidate<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.game
            .candidate()
            .map(|c| convert::character(py, c))
            .transpose()
    }

    /// The current round's first player (`None` before round 1's draw).
    #[getter]
    fn first_player(&self) -> Option<usize> {
        seat_or_none(self.game.first_player())
    }

    /// Points per seat of each round scored so far, one list per round.
    #[getter]
    fn scores(&self) -> Vec<Vec<u16>> {
        convert::score_rows(self.game.scores(), self.game.players())
    }

    /// Total points per seat so far.
    #[getter]
    fn totals(&self) -> Vec<u16> {
        self.game.totals()[..self.game.players()].to_vec()
    }

    /// The winning seats once the game is over (ties share the win), else `None`.
    #[getter]
    fn winners(&self) -> Option<Vec<usize>> {
        self.game.winners().map(seat_list)
    }

    /// What the pending chance step decides: `"first_player"`, `"deal"` or `"layout"`.
    #[getter]
    fn chance_step(&self) -> Option<&'static str> {
        self.game.chance_step().map(|step| match step {
            ChanceStep::FirstPlayer => "first_player",
            ChanceStep::Deal(_) => "deal",
            ChanceStep::Layout(_) => "layout",
        })
    }

    /// The legal action indices of `seat` (default: the seat that acts next), sorted.
    #[pyo3(signature = (seat=None))]
    fn legal_actions<'py>(
        &self,
        py: Python<'py>,
        seat: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyList>> {
        let legal = match self.query_seat(seat)? {
            Some(seat) => self.game.legal_actions(seat),
            None => kingup_core::Actions::new(),
        };
        PyList::new(py, legal.iter().map(|a| a.index()))
    }

    /// The legal actions of `seat` (default: next to act) as an `int8` mask of length 67.
    #[pyo3(signature = (seat=None))]
    fn action_mask<'py>(
        &self,
        py: Python<'py>,
        seat: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let mask = self
            .query_seat(seat)?
            .map_or(0, |s| self.game.legal_mask(s));
        Ok(PyArray1::from_slice(py, &mask_bytes(mask)))
    }

    /// Whether `seat` (default: next to act) may play `action` now.
    #[pyo3(signature = (action, seat=None))]
    fn is_legal(
        &self,
        py: Python<'_>,
        action: &Bound<'_, PyAny>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<bool> {
        match self.resolve_move(py, action, seat) {
            Ok((seat, action)) => Ok(self.game.is_legal(seat, action)),
            Err(err) if err.is_instance_of::<PyTypeError>(py) => Err(err),
            Err(_) => Ok(false),
        }
    }

    /// Plays `action` for `seat` (default: the seat that acts next; name it in a vote to
    /// vote for another seat). With automatic chance, chance steps that follow are
    /// resolved. Raises `IllegalActionError` and leaves the game unchanged if illegal.
    #[pyo3(signature = (action, seat=None))]
    fn apply(
        &mut self,
        py: Python<'_>,
        action: &Bound<'_, PyAny>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let (seat, action) = self.resolve_move(py, action, seat)?;
        self.game
            .apply_with(seat, action, &mut self.events)
            .map_err(|e| errors::from_illegal(py, &e))?;
        self.steps.push(Step::Action { seat, action });
        self.resolve_auto_chance();
        Ok(())
    }

    /// The outcomes of the pending chance step as `(outcome index, probability)` pairs;
    /// empty when chance is not to move.
    fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        self.game
            .chance_outcomes()
            .iter()
            .map(|(o, p)| (o.index(), *p))
            .collect()
    }

    /// Applies a chance outcome by index (`chance="explicit"`). Raises
    /// `IllegalChanceError` and leaves the game unchanged if it is not possible now.
    fn apply_chance(&mut self, py: Python<'_>, outcome: &Bound<'_, PyAny>) -> PyResult<()> {
        let index = int_arg(outcome, "outcome")?;
        let Some(outcome) = usize::try_from(index)
            .ok()
            .and_then(ChanceOutcome::from_index)
        else {
            let message = format!("chance outcome index {index} is out of range 0..42");
            return Err(errors::illegal_chance(
                py,
                message,
                index,
                "no_such_outcome",
            ));
        };
        self.game
            .apply_chance_with(outcome, &mut self.events)
            .map_err(|e| errors::from_illegal_chance(py, &e))?;
        self.steps.push(Step::Chance(outcome));
        Ok(())
    }

    /// Plays uniformly random legal actions to the end of the game, chance included,
    /// from the game's own stream (or from `seed`'s, required with explicit chance).
    /// Returns the number of actions played.
    #[pyo3(signature = (seed=None))]
    fn play_random(&mut self, py: Python<'_>, seed: Option<&Bound<'_, PyAny>>) -> PyResult<u32> {
        let mut fresh = match seed {
            Some(obj) => Some(random::rng_from_seed(seed_arg(obj)?)),
            None if self.rng.is_none() => {
                return Err(errors::invalid_config(
                    py,
                    "a game with chance=\"explicit\" needs play_random(seed=...)",
                ));
            }
            None => None,
        };
        let Some(rng) = fresh.as_mut().or(self.rng.as_mut()) else {
            return Ok(0);
        };
        Ok(random::play_random(
            &mut self.game,
            rng,
            &mut self.steps,
            &mut self.events,
        ))
    }

    /// `seat`'s observation tensor: `float32`, length `OBSERVATION_LEN`.
    fn observation<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = seat_arg(seat, self.game.players())?;
        let mut out = [0.0f32; OBSERVATION_LEN];
        self.game.observation(seat, &mut out);
        Ok(PyArray1::from_slice(py, &out))
    }

    /// What `seat` knows: the public view plus its own objective and vote.
    fn view(&self, seat: &Bound<'_, PyAny>) -> PyResult<PyPlayerView> {
        let seat = seat_arg(seat, self.game.players())?;
        Ok(PyPlayerView::new(self.game.player_view(seat)))
    }

    /// What everybody knows: a spectator's view.
    fn public_view(&self) -> PyPublicView {
        PyPublicView::new(self.game.public_view())
    }

    /// The events since the game was created (from index `since`), as `seat` may see
    /// them; `None` for a spectator. Another seat's objective and vote are blanked.
    #[pyo3(signature = (seat, since=None))]
    fn events(
        &self,
        seat: Option<&Bound<'_, PyAny>>,
        since: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<PyEvent>> {
        let viewer = seat
            .filter(|s| !s.is_none())
            .map(|s| seat_arg(s, self.game.players()))
            .transpose()?;
        let since = match since {
            None => 0,
            Some(obj) => usize::try_from(int_arg(obj, "since")?)
                .map_err(|_| PyValueError::new_err("since must be >= 0"))?,
        };
        let log = self.events.get(since..).unwrap_or_default();
        Ok(log.iter().map(|e| PyEvent(e.redacted(viewer))).collect())
    }

    /// Number of events so far (for `events(seat, since=...)`).
    #[getter]
    fn num_events(&self) -> usize {
        self.events.len()
    }

    /// Every step since the game was created: `(seat, action index)` for an action,
    /// `(None, outcome index)` for a chance outcome. Full information: not for players.
    fn history(&self) -> Vec<(Option<usize>, usize)> {
        self.steps
            .iter()
            .map(|step| match step {
                Step::Chance(outcome) => (None, outcome.index()),
                Step::Action { seat, action } => (Some(seat.index()), action.index()),
            })
            .collect()
    }

    /// A complete game drawn uniformly among those consistent with what `seat` knows
    /// (information-set sampling); its own history starts here. It keeps this game's
    /// chance mode; with automatic chance it continues from `seed`'s stream.
    #[pyo3(signature = (seat, seed=None))]
    fn sample(
        &self,
        py: Python<'_>,
        seat: &Bound<'_, PyAny>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyGame> {
        let seat = seat_arg(seat, self.game.players())?;
        let view = PyPlayerView::new(self.game.player_view(seat));
        view.sample_game(py, PyGame::rng_arg(seed)?, self.is_auto())
    }

    /// An independent copy, random stream included (it will play out the same).
    fn clone(&self) -> PyGame {
        Clone::clone(self)
    }

    fn __copy__(&self) -> PyGame {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        Clone::clone(self)
    }

    /// The game as JSON: start, steps and random stream (validated when read back).
    fn to_json(&self) -> PyResult<String> {
        convert::to_json(&self.saved())
    }

    /// Reads `to_json()`'s output; raises `InvalidStateError` for anything malformed,
    /// from another version, or whose steps do not replay to its state.
    #[staticmethod]
    fn from_json(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        let text = str_arg(text, "the JSON document")?;
        let saved = convert::from_json(py, &text, "game document")?;
        PyGame::restore(py, saved)
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let from_json = py.get_type::<PyGame>().getattr("from_json")?;
        Ok((from_json, (self.to_json()?,)))
    }

    fn __repr__(&self) -> String {
        let g = &self.game;
        let who = match g.actor() {
            Actor::Chance => "chance to move".to_owned(),
            Actor::Seat(seat) => format!("seat {seat} to move"),
            Actor::Voters(seats) => format!("seats {seats} to vote"),
            Actor::Nobody => format!("over, winners {}", g.winners().unwrap_or_default()),
        };
        format!(
            "<kingup.Game: {} players, round {}/{}, {} phase, {who}>",
            g.players(),
            g.round() + 1,
            g.config().rounds,
            g.phase()
        )
    }

    /// The spectator's summary of the game.
    fn __str__(&self) -> String {
        self.game.public_view().to_string()
    }
}

/// `"placement"` or `"random"`.
pub(crate) fn setup_name(config: &Config) -> &'static str {
    match config.setup {
        kingup_core::Setup::Placement => "placement",
        kingup_core::Setup::RandomLayout => "random",
    }
}

/// A legal-action bit mask as 67 `int8` flags.
pub(crate) fn mask_bytes(mask: u128) -> [i8; Action::COUNT] {
    std::array::from_fn(|i| i8::from(mask >> i & 1 == 1))
}
