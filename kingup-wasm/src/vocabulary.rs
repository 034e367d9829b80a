//! Each game's vocabulary: the names and numbers of its pieces as the engine has them (King
//! Up!'s characters and floors, the court's cards, rows and plain moves), so that a page
//! draws them without a copy of its own.

use kingup_core::{Character, Floor};
use kingup_court::{Action, Card, Face};
use serde::Serialize;

/// The player counts a game is played with, `[least, most]`.
type Players = [u8; 2];

/// King Up!'s vocabulary: its player counts, its characters in id order and its floors,
/// bottom to top.
#[derive(Serialize)]
pub(crate) struct KingUp {
    players: Players,
    characters: Vec<CharacterEntry>,
    floors: Vec<FloorEntry>,
}

/// A character: the letter on its piece and its name.
#[derive(Serialize)]
struct CharacterEntry {
    letter: char,
    name: &'static str,
}

/// A floor: its number, name, the points a character there scores and its room.
#[derive(Serialize)]
struct FloorEntry {
    index: usize,
    name: &'static str,
    points: u8,
    capacity: u8,
}

/// King Up!'s characters and floors.
pub(crate) fn king_up() -> KingUp {
    let characters = Character::ALL.map(|c| CharacterEntry {
        letter: c.letter(),
        name: c.name(),
    });
    let floors = Floor::ALL.map(|f| FloorEntry {
        index: f.index(),
        name: f.name(),
        points: f.points(),
        capacity: f.capacity(),
    });
    KingUp {
        players: [
            kingup_core::Config::MIN_PLAYERS,
            kingup_core::Config::MAX_PLAYERS,
        ],
        characters: characters.into(),
        floors: floors.into(),
    }
}

/// To Court the King's vocabulary: its player counts, its cards in id order, its display's
/// rows in order, and the action indices of the moves that use no card.
#[derive(Serialize)]
pub(crate) struct Court {
    players: Players,
    cards: Vec<CardEntry>,
    rows: Vec<RowEntry>,
    actions: PlainActions,
}

/// A card: its words, its row, what it adds to a turn and the action that buys it.
#[derive(Serialize)]
struct CardEntry {
    key: &'static str,
    name: &'static str,
    italian: &'static str,
    row: kingup_court::Row,
    cost: &'static str,
    ability: &'static str,
    extra_dice: u8,
    brings_in: Option<Face>,
    buy: Option<usize>,
}

/// A row of the display: its name (the card's back) and its cards' keys, in id order.
#[derive(Serialize)]
struct RowEntry {
    key: kingup_court::Row,
    cards: Vec<&'static str>,
}

/// Roll, buy nothing, and set aside a die of each face (`set_aside[0]`: a 1).
#[derive(Serialize)]
struct PlainActions {
    roll: usize,
    pass: usize,
    set_aside: [usize; 6],
}

/// To Court the King's cards, rows and plain moves.
pub(crate) fn court() -> Court {
    let cards = Card::ALL.map(|card| CardEntry {
        key: card.key(),
        name: card.name(),
        italian: card.italian(),
        row: card.row(),
        cost: card.cost(),
        ability: card.ability(),
        extra_dice: card.extra_dice(),
        brings_in: card.brings_in(),
        buy: Action::buy(card).map(Action::index),
    });
    Court {
        players: [
            kingup_court::Config::MIN_PLAYERS,
            kingup_court::Config::MAX_PLAYERS,
        ],
        cards: cards.into(),
        rows: court_rows(),
        actions: PlainActions {
            roll: Action::ROLL.index(),
            pass: Action::PASS.index(),
            set_aside: Face::ALL.map(|face| Action::set_aside(face).index()),
        },
    }
}

/// The display's rows, in order (the cards' ids follow the rows).
fn court_rows() -> Vec<RowEntry> {
    let mut rows: Vec<RowEntry> = Vec::new();
    for card in Card::ALL {
        match rows.last_mut() {
            Some(row) if row.key == card.row() => row.cards.push(card.key()),
            _ => rows.push(RowEntry {
                key: card.row(),
                cards: vec![card.key()],
            }),
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use kingup_court::Row;
    use kingup_table::Rules;
    use serde_json::{Value, json};

    use super::*;

    fn king_up() -> Value {
        serde_json::to_value(super::king_up()).unwrap()
    }

    fn court() -> Value {
        serde_json::to_value(super::court()).unwrap()
    }

    #[test]
    fn king_up_names_every_character_and_floor() {
        let vocabulary = king_up();
        let characters = vocabulary["characters"].as_array().unwrap();
        assert_eq!(characters.len(), kingup_core::Character::COUNT);
        assert_eq!(characters[1], json!({ "letter": "B", "name": "Beatrice" }));
        let floors = vocabulary["floors"].as_array().unwrap();
        assert_eq!(floors.len(), kingup_core::Floor::COUNT);
        assert_eq!(
            floors[6],
            json!({ "index": 6, "name": "Throne", "points": 10, "capacity": 1 })
        );
        assert_eq!(floors[2]["name"], "Merchants");
        assert_eq!(vocabulary["players"], json!([3, 6]));
    }

    #[test]
    fn the_player_counts_are_those_the_configs_accept() {
        for (players, counts) in [
            (king_up()["players"].clone(), 3..=6),
            (court()["players"].clone(), 2..=5),
        ] {
            assert_eq!(players, json!([counts.start(), counts.end()]));
        }
        for n in 0..=8u8 {
            let king_up = kingup_core::Config::new(n).validate().is_ok();
            assert_eq!(king_up, (3..=6).contains(&n), "King Up! at {n}");
            let court = kingup_court::Config::new(n).validate().is_ok();
            assert_eq!(court, (2..=5).contains(&n), "court at {n}");
        }
    }

    #[test]
    fn court_cards_are_the_engines() {
        let vocabulary = court();
        let cards = vocabulary["cards"].as_array().unwrap();
        assert_eq!(cards.len(), Card::COUNT);
        for (entry, card) in cards.iter().zip(Card::ALL) {
            assert_eq!(entry["key"], card.key());
            assert_eq!(entry["ability"], card.ability());
            assert_eq!(entry["cost"], card.cost());
            let buy = entry["buy"].as_u64().map(|i| i as usize);
            let bought = buy.and_then(kingup_court::Game::action_from_index);
            assert_eq!(bought, Action::buy(card), "{card}");
        }
        assert!(cards[Card::Queen.index()]["buy"].is_null());
        assert_eq!(cards[Card::Hunter.index()]["brings_in"], 3);
        assert_eq!(cards[Card::General.index()]["extra_dice"], 2);
        assert_eq!(cards[Card::Noblewoman.index()]["italian"], "Dama di Corte");
    }

    #[test]
    fn court_rows_hold_every_card_once_by_its_row() {
        let rows = court()["rows"].as_array().unwrap().clone();
        let keys: Vec<&str> = rows.iter().map(|r| r["key"].as_str().unwrap()).collect();
        assert_eq!(keys, ["Jester", "I", "II", "III", "IV", "V"]);
        let mut seen = 0;
        for row in &rows {
            for key in row["cards"].as_array().unwrap() {
                let card: Card = key.as_str().unwrap().parse().unwrap();
                assert_eq!(card.row().to_string(), row["key"]);
                seen += 1;
            }
        }
        assert_eq!(seen, Card::COUNT);
        assert_eq!(Card::Bishop.row(), Row::IV);
    }

    #[test]
    fn court_plain_moves_are_their_notation() {
        let actions = &court()["actions"];
        let name = |i: &Value| {
            let action = kingup_court::Game::action_from_index(i.as_u64().unwrap() as usize);
            action.unwrap().to_string()
        };
        assert_eq!(name(&actions["roll"]), "roll");
        assert_eq!(name(&actions["pass"]), "pass");
        assert_eq!(name(&actions["set_aside"][3]), "keep 4");
    }
}
