//! The one game class of every game: the table's generic `Session<G>` with JavaScript
//! arguments, errors and values around it. `KingUpGame` and `CourtGame` are each
//! [`game_class!`](crate::game::game_class) over a `Shell` of their game.

use js_sys::Array;
use kingup_bots::Reward;
use kingup_table::{ChanceMode, GameConfig, Generator, Rules, Seat, Session, Step};
use wasm_bindgen::{JsCast, JsValue};

use crate::args::{self, given};
use crate::error::{Failure, Kind, Result, code, excerpt};
use crate::table::Table;

/// The options of a new game: `{seed, chance}`.
const OPTIONS: &[&str] = &["seed", "chance"];

/// A game's session, owned by its JavaScript object (JavaScript is single-threaded: a
/// worker has its own copy of the module).
#[derive(Clone, Debug)]
pub(crate) struct Shell<G: Rules> {
    session: Session<G>,
}

/// The action an index argument names, else `TypeError` or `IllegalActionError`
/// (`no_such_action`).
fn action_at<G: Rules>(value: &JsValue) -> Result<G::Action> {
    let index = args::whole(value, "an action index")?;
    usize::try_from(index)
        .ok()
        .and_then(G::action_from_index)
        .ok_or_else(|| {
            Failure::new(
                Kind::IllegalAction,
                code::NO_SUCH_ACTION,
                format_args!(
                    "action index {index} is out of range 0..{}",
                    G::ACTION_COUNT
                ),
            )
        })
}

/// The chance outcome an index argument names, else `TypeError` or `IllegalChanceError`
/// (`no_such_outcome`).
fn outcome_at<G: Rules>(value: &JsValue) -> Result<G::ChanceOutcome> {
    let index = args::whole(value, "a chance outcome index")?;
    usize::try_from(index)
        .ok()
        .and_then(G::chance_from_index)
        .ok_or_else(|| {
            Failure::new(
                Kind::IllegalChance,
                code::NO_SUCH_OUTCOME,
                format_args!(
                    "chance outcome index {index} is out of range 0..{}",
                    G::CHANCE_COUNT
                ),
            )
        })
}

/// An action argument: an index, or notation (`"B4"`, `"yes"`).
fn action_arg<G: Rules>(value: &JsValue) -> Result<G::Action> {
    match value.as_string() {
        Some(_) => args::parse::<G::Action>(value, "an action"),
        None => action_at::<G>(value),
    }
}

/// A chance outcome argument: an index, or notation (`"deal 3"`, `"die 5"`).
fn outcome_arg<G: Rules>(value: &JsValue) -> Result<G::ChanceOutcome> {
    match value.as_string() {
        Some(_) => args::parse::<G::ChanceOutcome>(value, "a chance outcome"),
        None => outcome_at::<G>(value),
    }
}

/// `"auto"` or `"explicit"`, else `TypeError` or `InvalidConfigError`.
fn chance_mode(value: &JsValue) -> Result<ChanceMode> {
    match args::name(value, "the chance option")?.as_str() {
        "auto" => Ok(ChanceMode::Auto),
        "explicit" => Ok(ChanceMode::Explicit),
        other => Err(Failure::config(format_args!(
            "the chance option must be \"auto\" or \"explicit\", not {}",
            excerpt(other)
        ))),
    }
}

/// The config a JavaScript object describes: its fields over the game's defaults for its
/// player count (so `{players: 4}` is enough), read as the save document's `config`.
fn config_arg<G: Table>(value: Option<JsValue>) -> Result<G::Config> {
    let fields = match given(value) {
        None => serde_json::Map::new(),
        Some(value) => {
            let text = args::json(&value, "the config")?;
            serde_json::from_str(&text).map_err(|e| invalid_config(&e))?
        }
    };
    let players = match fields.get("players") {
        None => G::DEFAULT_PLAYERS,
        // A count out of `u8`'s range is refused by the rules' reading below.
        Some(count) => count
            .as_u64()
            .and_then(|n| u8::try_from(n).ok())
            .unwrap_or(G::DEFAULT_PLAYERS),
    };
    let mut config = match serde_json::to_value(G::default_config(players)) {
        Ok(serde_json::Value::Object(defaults)) => defaults,
        _ => serde_json::Map::new(),
    };
    config.extend(fields);
    let config: G::Config =
        serde_json::from_value(config.into()).map_err(|e| invalid_config(&e))?;
    config.validate().map_err(Failure::config)?;
    Ok(config)
}

/// serde_json's refusal of a config, cut (its messages can quote the input).
fn invalid_config(error: &serde_json::Error) -> Failure {
    let message = error.to_string();
    let message: String = message.chars().take(200).collect();
    Failure::config(format_args!("invalid config: {message}"))
}

/// The seed and chance mode of a new game's options; no seed: from `crypto`.
fn options_arg(value: Option<JsValue>) -> Result<(u64, ChanceMode)> {
    let Some(options) = given(value) else {
        return Ok((args::random_seed(), ChanceMode::Auto));
    };
    args::object(&options, "options", Some(OPTIONS))?;
    let seed = match args::property(&options, "seed")? {
        Some(seed) => args::seed(&seed)?,
        None => args::random_seed(),
    };
    let chance = match args::property(&options, "chance")? {
        Some(mode) => chance_mode(&mode)?,
        None => ChanceMode::Auto,
    };
    Ok((seed, chance))
}

/// An array of numbers.
fn numbers(values: impl IntoIterator<Item = f64>) -> Array {
    values.into_iter().map(JsValue::from_f64).collect()
}

/// A step as `history()` gives it: `[seat, action index]` or `[null, outcome index]`.
fn step_pair<G: Rules>(step: &Step<G>) -> JsValue {
    let (seat, index) = match *step {
        Step::Chance(outcome) => (JsValue::NULL, G::chance_index(outcome)),
        Step::Action { seat, action } => (seat.index().into(), G::action_index(action)),
    };
    Array::of2(&seat, &(index as f64).into()).into()
}

impl<G: Table> Shell<G> {
    /// A new game of the config object and `{seed, chance}` options.
    pub(crate) fn start(config: Option<JsValue>, options: Option<JsValue>) -> Result<Shell<G>> {
        let config = config_arg::<G>(config)?;
        let (seed, chance) = options_arg(options)?;
        let session = Session::with_generator(config, Generator::new(seed), chance)
            .map_err(Failure::config)?;
        Ok(Shell { session })
    }

    /// A game read from a save document (at most the game's `MAX_SAVE_LEN` bytes).
    pub(crate) fn load(save: &JsValue) -> Result<Shell<G>> {
        // UTF-8 takes at least one byte per UTF-16 unit: a longer string is refused unread.
        let max = u32::try_from(G::MAX_SAVE_LEN).unwrap_or(u32::MAX);
        let text = args::text(save, "a save document", max, Kind::Load)?;
        let session = Session::from_json(&text).map_err(|e| Failure::load(&e))?;
        Ok(Shell { session })
    }

    pub(crate) fn save(&self) -> String {
        self.session.to_json()
    }

    pub(crate) fn config(&self) -> JsValue {
        args::to_js(self.session.config())
    }

    fn game(&self) -> &G {
        self.session.game()
    }

    pub(crate) fn players(&self) -> usize {
        self.game().players()
    }

    pub(crate) fn is_over(&self) -> bool {
        self.game().is_over()
    }

    pub(crate) fn is_chance(&self) -> bool {
        self.game().chance_pending()
    }

    pub(crate) fn is_truncated(&self) -> bool {
        self.game().is_truncated()
    }

    pub(crate) fn to_move(&self) -> Option<usize> {
        self.game().next_seat().map(Seat::index)
    }

    pub(crate) fn chance(&self) -> Option<String> {
        self.game().chance_step()
    }

    /// The seat a seat argument names.
    pub(crate) fn seat(&self, value: &JsValue) -> Result<Seat> {
        args::seat(self.session.config(), value)
    }

    /// The seat an optional seat argument names, else the one to move (if any).
    fn seat_or_next(&self, value: Option<JsValue>) -> Result<Option<Seat>> {
        match given(value) {
            Some(value) => self.seat(&value).map(Some),
            None => Ok(self.game().next_seat()),
        }
    }

    pub(crate) fn legal_actions(&self, seat: Option<JsValue>) -> Result<Array> {
        use kingup_table::ActionMask;
        let Some(seat) = self.seat_or_next(seat)? else {
            return Ok(Array::new());
        };
        let mut legal = Vec::new();
        self.game()
            .legal_mask(seat)
            .for_each_index(|i| legal.push(i as f64));
        Ok(numbers(legal))
    }

    /// Whether `seat` may play `action` now: `false` for a seat or index out of range and
    /// for text that is no action; `TypeError` for anything but numbers and strings.
    pub(crate) fn is_legal(&self, seat: &JsValue, action: &JsValue) -> Result<bool> {
        let seat = match self.seat(seat) {
            Ok(seat) => seat,
            Err(failure) if failure.kind == Kind::Seat => return Ok(false),
            Err(failure) => return Err(failure),
        };
        match action_arg::<G>(action) {
            Ok(action) => Ok(self.game().check(seat, action).is_ok()),
            Err(failure) if failure.kind == Kind::Type => Err(failure),
            Err(_) => Ok(false),
        }
    }

    pub(crate) fn apply(&mut self, seat: &JsValue, action: &JsValue) -> Result<()> {
        let seat = self.seat(seat)?;
        let action = action_arg::<G>(action)?;
        match self.session.apply(seat, action) {
            Ok(_) => Ok(()),
            Err(e) => Err(Failure::illegal(&e)),
        }
    }

    pub(crate) fn chance_outcomes(&self) -> Array {
        let outcomes = self.game().chance_outcomes();
        outcomes
            .iter()
            .map(|&(o, p)| {
                JsValue::from(Array::of2(&(G::chance_index(o) as f64).into(), &p.into()))
            })
            .collect()
    }

    pub(crate) fn apply_chance(&mut self, outcome: &JsValue) -> Result<()> {
        let outcome = outcome_arg::<G>(outcome)?;
        match self.session.apply_chance(outcome) {
            Ok(_) => Ok(()),
            Err(e) => Err(Failure::illegal_chance(&e)),
        }
    }

    /// Draws the pending chance step from the game's generator; its outcome index.
    pub(crate) fn resolve_chance(&mut self) -> Result<usize> {
        self.session
            .draw_chance()
            .map(G::chance_index)
            .ok_or_else(|| {
                Failure::new(
                    Kind::IllegalChance,
                    code::NOT_CHANCE,
                    "no chance step is pending",
                )
            })
    }

    pub(crate) fn play_random(&mut self, seed: Option<JsValue>) -> Result<f64> {
        if let Some(seed) = given(seed) {
            let seed = args::seed(&seed)?;
            // The same steps replayed under a new stream (the session keeps its generator
            // private to its steps); they were played already, so the replay cannot be
            // refused, and if it were the game would stay as it is.
            let replay = self.session.replay().clone();
            let mode = self.session.chance_mode();
            if let Ok(reseeded) = Session::from_replay(replay, Generator::new(seed), mode) {
                self.session = reseeded;
            }
        }
        Ok(self.session.play_random() as f64)
    }

    pub(crate) fn undo(&mut self, seat: &JsValue) -> Result<()> {
        let seat = self.seat(seat)?;
        self.session.undo(seat).map_err(|e| Failure::undo(&e))
    }

    pub(crate) fn undoable(&self) -> usize {
        self.session.undoable()
    }

    /// `seat`'s view (omitted: a spectator's), as a plain object.
    pub(crate) fn view(&self, seat: Option<JsValue>) -> Result<JsValue> {
        let seat = given(seat).map(|s| self.seat(&s)).transpose()?;
        Ok(args::from_json(&self.game().view_json(seat)))
    }

    /// The viewer and first index of an events call, checked.
    fn event_range(
        &self,
        viewer: Option<JsValue>,
        from: Option<JsValue>,
    ) -> Result<(Option<Seat>, usize)> {
        let viewer = given(viewer).map(|s| self.seat(&s)).transpose()?;
        let count = self.session.events().len();
        let from = match given(from) {
            None => 0,
            Some(value) => {
                let from = args::whole(&value, "from")?;
                usize::try_from(from)
                    .ok()
                    .filter(|&f| f <= count)
                    .ok_or_else(|| {
                        Failure::new(
                            Kind::Range,
                            code::NO_SUCH_EVENT,
                            format_args!("from must be an event index in 0..={count}, not {from}"),
                        )
                    })?
            }
        };
        Ok((viewer, from))
    }

    /// The events from index `from` on, as `viewer` may see them (omitted: a spectator).
    pub(crate) fn events(&self, viewer: Option<JsValue>, from: Option<JsValue>) -> Result<Array> {
        let (viewer, from) = self.event_range(viewer, from)?;
        let events: Vec<G::Event> = self.session.events_for(viewer, from).collect();
        Ok(match args::to_js(&events).dyn_into::<Array>() {
            Ok(array) => array,
            Err(_) => Array::new(),
        })
    }

    /// The same events as [`Shell::events`], each as the game's sentence ("seat 2 places
    /// Alighiero on Merchants (2)").
    pub(crate) fn event_texts(
        &self,
        viewer: Option<JsValue>,
        from: Option<JsValue>,
    ) -> Result<Vec<String>> {
        let (viewer, from) = self.event_range(viewer, from)?;
        Ok(self
            .session
            .events_for(viewer, from)
            .map(|e| e.to_string())
            .collect())
    }

    pub(crate) fn event_count(&self) -> usize {
        self.session.events().len()
    }

    pub(crate) fn history(&self) -> Array {
        self.session.replay().steps.iter().map(step_pair).collect()
    }

    pub(crate) fn steps(&self) -> Vec<String> {
        self.session
            .replay()
            .steps
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    /// Each seat's return under `reward` (`"win"`, the default, `"points"`, `"margin"`).
    pub(crate) fn returns(&self, reward: Option<JsValue>) -> Result<Array> {
        let reward = match given(reward) {
            None => Reward::Win,
            Some(value) => {
                let name = args::name(&value, "a reward")?;
                name.parse::<Reward>().map_err(Failure::config)?
            }
        };
        let mut out = vec![0.0; self.players()];
        reward.returns(self.game(), &mut out);
        Ok(numbers(out))
    }

    /// The seats sharing the win once the game is over (none if it ended without a
    /// winner), else `None`.
    pub(crate) fn winners(&self) -> Option<Array> {
        let game = self.game();
        let won = Seat::all(game.players()).filter(|&s| game.win_share(s) > 0.0);
        game.is_over()
            .then(|| numbers(won.map(|s| s.index() as f64)))
    }

    /// The session, for the bots.
    pub(crate) fn session(&self) -> &Session<G> {
        &self.session
    }
}

/// The game's vocabulary (`Game.vocabulary()`): the names and numbers of its pieces, as a
/// plain object.
pub(crate) fn vocabulary<G: Table>() -> JsValue {
    args::to_js(&G::vocabulary())
}

/// The notation statics every game class has.
pub(crate) mod notation {
    use super::*;

    pub(crate) fn action_name<G: Rules>(index: &JsValue) -> Result<String> {
        action_at::<G>(index).map(|a| a.to_string())
    }

    /// The action's sentence (its notation's alternate form).
    pub(crate) fn describe_action<G: Rules>(index: &JsValue) -> Result<String> {
        action_at::<G>(index).map(|a| format!("{a:#}"))
    }

    pub(crate) fn parse_action<G: Rules>(text: &JsValue) -> Result<usize> {
        args::parse::<G::Action>(text, "an action").map(G::action_index)
    }

    pub(crate) fn chance_name<G: Rules>(index: &JsValue) -> Result<String> {
        outcome_at::<G>(index).map(|o| o.to_string())
    }

    /// The outcome's sentence.
    pub(crate) fn describe_chance<G: Rules>(index: &JsValue) -> Result<String> {
        outcome_at::<G>(index).map(|o| format!("{o:#}"))
    }

    pub(crate) fn parse_chance<G: Rules>(text: &JsValue) -> Result<usize> {
        args::parse::<G::ChanceOutcome>(text, "a chance outcome").map(G::chance_index)
    }
}
