//! What the JavaScript shell asks of a game beyond the table's `Rules`: a default config,
//! the pending chance step and whether a seat may act now. Everything else is the generic
//! session's.

use kingup_table::{Rules, Seat};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// A game as the JavaScript package serves it.
pub(crate) trait Table:
    Rules<Config: Serialize + DeserializeOwned, Event: Serialize + std::fmt::Display>
{
    /// Players of a game whose config does not say (Python's default too).
    const DEFAULT_PLAYERS: u8 = 4;

    /// The rules' config for `players`, the one every omitted field defaults from.
    fn default_config(players: u8) -> Self::Config;

    /// What the pending chance step decides (`"deal"`, `"die"`, …), if one is pending.
    fn chance_step(&self) -> Option<String>;

    /// Whether `seat` may act now; if not, why and the reason code (`not_your_turn`,
    /// `game_over`, …).
    fn check_turn(&self, seat: Seat) -> Result<(), (String, &'static str)>;

    /// What `seat` may see (`None`: a spectator), as JSON: the game's own serde form of its
    /// views where it has one.
    fn view_json(&self, seat: Option<Seat>) -> String;
}

/// The snake_case name of a step of serde's externally tagged form: `"first_player"`, or
/// the key of `{"deal": 2}`.
fn step_name<T: Serialize>(step: &T) -> Option<String> {
    match serde_json::to_value(step).ok()? {
        serde_json::Value::String(name) => Some(name),
        serde_json::Value::Object(map) => map.keys().next().cloned(),
        _ => None,
    }
}

impl Table for kingup_core::Game {
    fn default_config(players: u8) -> kingup_core::Config {
        kingup_core::Config::new(players)
    }

    fn chance_step(&self) -> Option<String> {
        kingup_core::Game::chance_step(self)
            .as_ref()
            .and_then(step_name)
    }

    fn check_turn(&self, seat: Seat) -> Result<(), (String, &'static str)> {
        kingup_core::Game::check_turn(self, seat).map_err(|why| (why.to_string(), why.code()))
    }

    /// The `PlayerView` of a seat, the `PublicView` for a spectator (the views every
    /// language reads).
    fn view_json(&self, seat: Option<Seat>) -> String {
        let json = match seat {
            Some(seat) => serde_json::to_string(&self.player_view(seat)),
            None => serde_json::to_string(&self.public_view()),
        };
        // Plain data always serializes.
        json.unwrap_or_default()
    }
}

impl Table for kingup_court::Game {
    fn default_config(players: u8) -> kingup_court::Config {
        kingup_court::Config::new(players)
    }

    fn chance_step(&self) -> Option<String> {
        kingup_court::Game::chance_step(self)
            .as_ref()
            .and_then(step_name)
    }

    fn check_turn(&self, seat: Seat) -> Result<(), (String, &'static str)> {
        kingup_court::Game::check_turn(self, seat).map_err(|why| (why.to_string(), why.code()))
    }

    /// Court hides nothing: every viewer sees the position document (`Game::position`,
    /// the form Python's `position()` writes) with `seat` (the viewer, `null` for a
    /// spectator) and `supply` (copies of each card left in the display, `null` for one
    /// that never runs out) added.
    fn view_json(&self, seat: Option<Seat>) -> String {
        use serde_json::{Map, Value};
        let mut view = match serde_json::to_value(self.position()) {
            Ok(Value::Object(fields)) => fields,
            _ => Map::new(),
        };
        let supply: Map<String, Value> = kingup_court::Card::ALL
            .iter()
            .map(|&card| (card.key().to_owned(), self.supply(card).into()))
            .collect();
        view.insert("seat".to_owned(), seat.map(Seat::index).into());
        view.insert("supply".to_owned(), supply.into());
        serde_json::to_string(&view).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use kingup_table::{ChanceMode, Generator, Session, catalogue};

    use super::*;
    use crate::error::code;

    #[test]
    fn the_shells_rules_codes_are_in_both_games_catalogues() {
        for chance in [
            catalogue::<kingup_core::Game>().chance,
            catalogue::<kingup_court::Game>().chance,
        ] {
            assert!(chance.contains(&code::NOT_CHANCE));
        }
    }

    #[test]
    fn the_pending_chance_step_is_named() {
        let config = kingup_core::Config::new(3);
        let explicit = ChanceMode::Explicit;
        let game =
            Session::<kingup_core::Game>::with_generator(config, Generator::new(1), explicit)
                .unwrap();
        assert_eq!(
            Table::chance_step(game.game()).as_deref(),
            Some("first_player")
        );
        let mut court = Session::<kingup_court::Game>::with_generator(
            kingup_court::Config::new(2),
            Generator::new(1),
            explicit,
        )
        .unwrap();
        assert_eq!(
            Table::chance_step(court.game()).as_deref(),
            Some("first_player")
        );
        court.resolve_chance();
        assert_eq!(Table::chance_step(court.game()), None);
    }

    #[test]
    fn the_court_view_is_the_position_with_seat_and_supply() {
        let game = kingup_court::Game::new(kingup_court::Config::new(3)).unwrap();
        let view: serde_json::Value = serde_json::from_str(&game.view_json(Seat::new(1))).unwrap();
        let position = serde_json::to_value(game.position()).unwrap();
        for (key, value) in position.as_object().unwrap() {
            assert_eq!(&view[key], value, "{key}");
        }
        assert_eq!(view["seat"], 1);
        assert_eq!(view["supply"]["jester"], 3);
        let spectator: serde_json::Value = serde_json::from_str(&game.view_json(None)).unwrap();
        assert!(spectator["seat"].is_null());
    }

    #[test]
    fn king_up_views_are_the_player_and_public_views() {
        let mut session =
            Session::<kingup_core::Game>::new(kingup_core::Config::new(4), 3).unwrap();
        session.resolve_chance();
        let game = session.game();
        let seat = Seat::new(2).unwrap();
        let player = serde_json::to_string(&game.player_view(seat)).unwrap();
        assert_eq!(game.view_json(Some(seat)), player);
        let public = serde_json::to_string(&game.public_view()).unwrap();
        assert_eq!(game.view_json(None), public);
    }
}
