//! What the JavaScript shell asks of a game beyond the table's `Rules`: a default config,
//! the pending chance step, its views as JSON and its vocabulary. Everything else is the
//! generic session's.

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

    /// What `seat` may see (`None`: a spectator), as JSON: the game's own serde form of its
    /// views where it has one.
    fn view_json(&self, seat: Option<Seat>) -> String;

    /// The names and numbers of the game's pieces, as the engine has them.
    type Vocabulary: Serialize;

    /// The game's [`Table::Vocabulary`]: what a page draws without a copy of its own.
    fn vocabulary() -> Self::Vocabulary;
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
    type Vocabulary = crate::vocabulary::KingUp;

    fn default_config(players: u8) -> kingup_core::Config {
        kingup_core::Config::new(players)
    }

    fn chance_step(&self) -> Option<String> {
        kingup_core::Game::chance_step(self)
            .as_ref()
            .and_then(step_name)
    }

    /// The `PlayerView` of a seat, the `PublicView` for a spectator (the views every
    /// language reads), with what the public view computes added to it: `no_cards` (the
    /// No cards each seat has left this round, `PublicView::no_cards`) and `totals` (each
    /// seat's points over the rounds scored, `PublicView::totals`).
    fn view_json(&self, seat: Option<Seat>) -> String {
        use serde_json::Value;
        let public = self.public_view();
        let no_cards: Vec<u8> = Seat::all(self.players())
            .map(|s| public.no_cards(s))
            .collect();
        let totals = public.totals().to_vec();
        // Plain data always serializes. Written as text and read back rather than
        // `to_value`: the views' serialization to text is in the module already, a second
        // one into `Value` made the `.wasm` 3 KB larger.
        let json = match seat {
            Some(seat) => serde_json::to_string(&self.player_view(seat)),
            None => serde_json::to_string(&public),
        };
        let mut view: Value = json
            .and_then(|json| serde_json::from_str(&json))
            .unwrap_or_default();
        let public = match seat {
            Some(_) => view.get_mut("public"),
            None => Some(&mut view),
        };
        if let Some(Value::Object(fields)) = public {
            fields.insert("no_cards".to_owned(), no_cards.into());
            fields.insert("totals".to_owned(), totals.into());
        }
        view.to_string()
    }

    fn vocabulary() -> crate::vocabulary::KingUp {
        crate::vocabulary::king_up()
    }
}

impl Table for kingup_court::Game {
    type Vocabulary = crate::vocabulary::Court;

    fn default_config(players: u8) -> kingup_court::Config {
        kingup_court::Config::new(players)
    }

    fn chance_step(&self) -> Option<String> {
        kingup_court::Game::chance_step(self)
            .as_ref()
            .and_then(step_name)
    }

    /// Court hides nothing: every viewer sees the position document (`Game::position`,
    /// the form Python's `position()` writes) with `seat` (the viewer, `null` for a
    /// spectator) and what the engine computes from it added ([`court_answers`]).
    fn view_json(&self, seat: Option<Seat>) -> String {
        use serde_json::{Map, Value};
        let mut view = match serde_json::to_value(self.position()) {
            Ok(Value::Object(fields)) => fields,
            _ => Map::new(),
        };
        view.insert("seat".to_owned(), seat.map(Seat::index).into());
        view.extend(court_answers(self));
        serde_json::to_string(&view).unwrap_or_default()
    }

    fn vocabulary() -> crate::vocabulary::Court {
        crate::vocabulary::court()
    }
}

/// What the court's rules compute from a position, for a page that only draws: `supply`
/// (copies of each card left in the display, `null` for one that never runs out), by seat
/// `hands` (dice at the start of a turn) and `max_dice` (with every add-a-die card too),
/// `dice_in_hand` (dice the first roll will roll, in the pre-roll phase), `order` (the
/// seats in the order they play this round) and by seat `final_turns` (its part in the
/// final round, `null` outside it).
fn court_answers(game: &kingup_court::Game) -> serde_json::Map<String, serde_json::Value> {
    use serde_json::{Map, Value};
    let supply: Map<String, Value> = kingup_court::Card::ALL
        .iter()
        .map(|&card| (card.key().to_owned(), game.supply(card).into()))
        .collect();
    let seats = || Seat::all(game.players());
    let hands: Vec<u8> = seats().map(|s| game.hand(s)).collect();
    let max_dice: Vec<u8> = seats().map(|s| game.max_dice(s)).collect();
    let order: Vec<usize> = game.round_order().iter().map(|s| s.index()).collect();
    let final_turns: Vec<Value> = seats()
        .map(|s| serde_json::to_value(game.final_turn(s)).unwrap_or_default())
        .collect();
    let fields = [
        ("supply", supply.into()),
        ("hands", hands.into()),
        ("max_dice", max_dice.into()),
        ("dice_in_hand", game.dice_in_hand().into()),
        ("order", order.into()),
        ("final_turns", final_turns.into()),
    ];
    fields
        .into_iter()
        .map(|(key, value)| (key.to_owned(), value))
        .collect()
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

    /// The JSON of `view` with the fields `keys` removed from the object at `path`.
    fn without(view: &str, path: &[&str], keys: &[&str]) -> serde_json::Value {
        let mut view: serde_json::Value = serde_json::from_str(view).unwrap();
        let mut fields = &mut view;
        for step in path {
            fields = &mut fields[*step];
        }
        for key in keys {
            let removed = fields.as_object_mut().unwrap().remove(*key);
            assert!(removed.is_some(), "{key}");
        }
        view
    }

    #[test]
    fn king_up_views_are_the_player_and_public_views_with_their_answers() {
        let mut session =
            Session::<kingup_core::Game>::new(kingup_core::Config::new(4), 3).unwrap();
        session.resolve_chance();
        let game = session.game();
        let seat = Seat::new(2).unwrap();
        let added = ["no_cards", "totals"];
        let view = game.view_json(Some(seat));
        let player = serde_json::to_value(game.player_view(seat)).unwrap();
        assert_eq!(without(&view, &["public"], &added), player);
        let public = serde_json::to_value(game.public_view()).unwrap();
        assert_eq!(without(&game.view_json(None), &[], &added), public);
        let view: serde_json::Value = serde_json::from_str(&view).unwrap();
        assert_eq!(view["public"]["no_cards"], serde_json::json!([3, 3, 3, 3]));
        assert_eq!(view["public"]["totals"], serde_json::json!([0, 0, 0, 0]));
    }

    #[test]
    fn king_up_answers_are_the_engines_through_whole_games() {
        let (mut fewer, mut scored) = (false, false);
        for seed in 1..=4 {
            let config = kingup_core::Config::new(3 + seed as u8 % 4);
            let mut session = Session::<kingup_core::Game>::new(config, seed).unwrap();
            let mut generator = Generator::new(seed);
            loop {
                let game = session.game();
                let view: serde_json::Value = serde_json::from_str(&game.view_json(None)).unwrap();
                let public = game.public_view();
                for seat in Seat::all(game.players()) {
                    assert_eq!(view["no_cards"][seat.index()], public.no_cards(seat));
                    fewer |= public.no_cards(seat) < game.config().no_cards();
                    let total: u16 = game
                        .scores()
                        .iter()
                        .map(|round| u16::from(round[seat.index()]))
                        .sum();
                    assert_eq!(view["totals"][seat.index()], total);
                    scored |= total > 0;
                }
                let Some((seat, action)) = game.random_action(&mut generator) else {
                    break;
                };
                session.apply(seat, action).unwrap();
            }
        }
        assert!(fewer, "a No card was played in the games");
        assert!(scored, "a round was scored in the games");
    }

    /// Every computed field of the court's view against the engine's answer.
    fn check_court_answers(game: &kingup_court::Game) {
        let view: serde_json::Value = serde_json::from_str(&game.view_json(None)).unwrap();
        for seat in Seat::all(game.players()) {
            let i = seat.index();
            assert_eq!(view["hands"][i], game.hand(seat));
            assert_eq!(view["max_dice"][i], game.max_dice(seat));
            let turn = serde_json::to_value(game.final_turn(seat)).unwrap();
            assert_eq!(view["final_turns"][i], turn);
        }
        let order: Vec<usize> = game.round_order().iter().map(|s| s.index()).collect();
        assert_eq!(view["order"], serde_json::json!(order));
        assert_eq!(view["dice_in_hand"], game.dice_in_hand());
        assert_eq!(view["hands"].as_array().unwrap().len(), game.players());
    }

    #[test]
    fn court_views_hold_the_engines_answers_through_whole_games() {
        use kingup_bots::Bot;
        let (mut more_dice, mut final_round, mut played) = (false, false, false);
        for seed in 1..=3 {
            let config = kingup_court::Config::new(3);
            let mut session = Session::<kingup_court::Game>::new(config, seed).unwrap();
            let mut bot = kingup_bots::court::GreedyBot;
            while !session.game().is_over() {
                let game = session.game();
                check_court_answers(game);
                more_dice |= Seat::all(3).any(|s| game.hand(s) > 3);
                final_round |= game.final_turn(Seat::FIRST).is_some();
                played |= matches!(
                    game.final_turn(Seat::FIRST),
                    Some(kingup_court::FinalTurn::Played(_))
                );
                let seat = game.next_seat().unwrap();
                let action = bot.choose(&game.player_view(seat)).unwrap();
                session.apply(seat, action).unwrap();
            }
            check_court_answers(session.game());
        }
        assert!(
            more_dice && final_round && played,
            "the games reached what they check"
        );
    }

    #[test]
    fn court_final_turns_are_null_outside_the_final_round() {
        let game = kingup_court::Game::new(kingup_court::Config::new(2)).unwrap();
        let view: serde_json::Value = serde_json::from_str(&game.view_json(None)).unwrap();
        assert_eq!(view["final_turns"], serde_json::json!([null, null]));
        assert_eq!(view["hands"], serde_json::json!([3, 3]));
    }
}
