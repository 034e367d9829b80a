//! What the protocol asks of a game beyond the table's `Rules` and its serde forms: the
//! config a view is of, and (engine side) how to get a view back from a request.

use std::fmt::{Display, Write as _};

use kingup_core::kingup_table::{ActionMask, Rules, SeatView, Step};
use serde::{Deserialize as _, Serialize};
use serde_json::Value;

use crate::message::NewGame;

/// A game the protocol plays: King Up! ([`kingup_core::Game`]) and To Court the King
/// ([`kingup_court::Game`]). Everything else a message holds (legal moves, events, steps,
/// results) the table's [`Rules`] answers, the same way for both.
pub trait ProtocolGame:
    Rules<Config: Serialize, Event: Serialize + Display, View: Serialize + Display + Send + 'static>
    + Send
{
    /// What an engine needs to get its views back from requests (To Court the King: the
    /// game, kept up to date from the steps).
    type Tracker: Default + Send;

    /// The config of the game `view` is a view of.
    fn config(view: &Self::View) -> Self::Config;

    /// Engine side: the view a request holds (`view`, and the `steps` since the previous
    /// message), for the game `new_game` began; `tracker` starts as its default at each new
    /// game. Refused, with a reason, when the request does not hold a view of that game
    /// the rules can reach.
    fn read_view(
        tracker: &mut Self::Tracker,
        new_game: &NewGame,
        view: &Value,
        steps: Option<&[String]>,
    ) -> Result<Self::View, String>;
}

/// A view, a config or an event in its JSON form, the serde form every front end reads.
pub(crate) fn json<T: Serialize>(value: &T) -> Value {
    // Plain data always serializes.
    serde_json::to_value(value).expect("game data serializes")
}

/// The legal moves of `view`'s seat, in index order.
pub fn legal_actions<G: Rules>(view: &G::View) -> Vec<G::Action> {
    view.legal_mask()
        .indices()
        .filter_map(G::action_from_index)
        .collect()
}

/// The text of a request: the view in English, then the legal moves, numbered.
pub fn view_text<G: ProtocolGame>(view: &G::View, legal: &[String]) -> String {
    let mut text = view.to_string();
    if !legal.is_empty() {
        text.push_str("legal moves (index: move):\n");
        for (i, action) in legal.iter().enumerate() {
            let _ = writeln!(text, "  {i}: {action}");
        }
    }
    text
}

impl ProtocolGame for kingup_core::Game {
    type Tracker = ();

    fn config(view: &kingup_core::PlayerView) -> kingup_core::Config {
        view.public.config
    }

    /// The view itself, read back only if some game that keeps every invariant of the
    /// rules shows it ([`PlayerView::deserialize_consistent`]: microseconds, where the
    /// search for a history that serde's reader adds takes up to a second), and only for
    /// the engine's seat.
    ///
    /// [`PlayerView::deserialize_consistent`]: kingup_core::PlayerView::deserialize_consistent
    fn read_view(
        _: &mut (),
        new_game: &NewGame,
        view: &Value,
        _: Option<&[String]>,
    ) -> Result<kingup_core::PlayerView, String> {
        let view =
            kingup_core::PlayerView::deserialize_consistent(view).map_err(|e| e.to_string())?;
        if view.seat.index() != new_game.seat {
            return Err(format!(
                "a view of seat {}, not {}",
                view.seat, new_game.seat
            ));
        }
        Ok(view)
    }
}

impl ProtocolGame for kingup_court::Game {
    type Tracker = Option<kingup_court::Game>;

    fn config(view: &kingup_court::PlayerView) -> kingup_court::Config {
        *view.game.config()
    }

    /// The engine's own copy of the game, from the config by the steps, checked against
    /// the view the referee sent (a position alone does not say which cards a turn has used).
    fn read_view(
        game: &mut Option<kingup_court::Game>,
        new_game: &NewGame,
        view: &Value,
        steps: Option<&[String]>,
    ) -> Result<kingup_court::PlayerView, String> {
        let game = match game {
            Some(game) => game,
            None => {
                let config = kingup_court::Config::deserialize(&new_game.config)
                    .map_err(|e| format!("config: {e}"))?;
                game.insert(kingup_court::Game::new(config).map_err(|e| e.to_string())?)
            }
        };
        for step in steps.unwrap_or_default() {
            let parsed: Step<kingup_court::Game> =
                step.parse().map_err(|e| format!("step {step:?}: {e}"))?;
            parsed
                .apply(game, &mut ())
                .map_err(|e| format!("step {step:?}: {e}"))?;
        }
        let seat = game.seat(new_game.seat as i64).map_err(|e| e.to_string())?;
        let mine = game.player_view(seat);
        if json(&mine) != *view {
            return Err("the steps do not lead to the view sent".to_owned());
        }
        Ok(mine)
    }
}
