//! The protocol's messages, both ways, as `docs/protocol.md` specifies them: one JSON
//! object a line, told apart by `"type"`.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The protocol version this crate speaks.
pub const PROTOCOL_VERSION: u32 = 1;

/// The longest line an engine may write, newline included.
pub const MAX_LINE: usize = 65_536;

/// A message from the referee to an engine.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ToEngine {
    /// Opens the session; the engine answers [`FromEngine::Ready`].
    Hello {
        /// [`PROTOCOL_VERSION`].
        protocol: u32,
        /// The game every game of the session is a game of: `Rules::NAME`.
        game: String,
        /// Settings for the engine, from whoever entered it.
        options: Map<String, Value>,
    },
    /// A game begins.
    NewGame(NewGame),
    /// The engine's seat must act; the engine answers [`FromEngine::Move`].
    Request(Request),
    /// The answer to request `id` was not played.
    Forfeit {
        /// The request.
        id: u64,
        /// `timeout`, `crash`, `malformed` or `illegal`.
        reason: String,
        /// The move played instead, in notation.
        action: String,
    },
    /// The game is over.
    GameOver(GameOver),
    /// The session is over.
    Quit,
}

/// A game begins: the engine's seat, the game's config, its bot's seed and its clock.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NewGame {
    /// `Rules::NAME` of the game.
    pub game: String,
    /// The engine's seat.
    pub seat: usize,
    /// Seats in the game.
    pub players: usize,
    /// The game's config, in its serde form.
    pub config: Value,
    /// Seeds the engine's own random choices; says nothing about the game's chance.
    pub bot_seed: u64,
    /// The time controls.
    pub clock: Clock,
}

/// Time controls, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    /// In a `new_game`, the most one answer may take; in a `request`, the most this one
    /// may take.
    pub move_ms: u64,
    /// In a `new_game`, the most all the answers of the game may take; in a `request`,
    /// what is left of it.
    pub game_ms: u64,
}

/// One event as the seat may see it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeenEvent {
    /// The event in its serde form.
    pub event: Value,
    /// The event in English.
    pub text: String,
}

/// The engine's seat must act.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    /// New for each request of the session; the answer carries it.
    pub id: u64,
    /// The engine's seat.
    pub seat: usize,
    /// The seat's view, in the game's JSON form.
    pub view: Value,
    /// The view in English, then the legal moves.
    pub text: String,
    /// The legal moves in notation, in index order.
    pub legal: Vec<String>,
    /// The events since the previous message, as the seat may see them.
    pub events: Vec<SeenEvent>,
    /// The steps since the previous message, in games that show every step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub steps: Option<Vec<String>>,
    /// The time this answer may take, and what is left of the game's.
    pub clock: Clock,
}

/// The game is over.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameOver {
    /// The engine's seat.
    pub seat: usize,
    /// The seat's last view.
    pub view: Value,
    /// The view in English.
    pub text: String,
    /// The events since the previous message.
    pub events: Vec<SeenEvent>,
    /// The steps since the previous message, in games that show every step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub steps: Option<Vec<String>>,
    /// Each seat's final score.
    pub scores: Vec<u32>,
    /// The winning seats.
    pub winners: Vec<usize>,
    /// The engine's forfeited moves in this game.
    pub forfeits: u32,
}

/// A message from an engine to the referee.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum FromEngine {
    /// The answer to `hello`.
    Ready {
        /// The protocol version the engine speaks.
        protocol: u32,
        /// The engine's own name.
        name: String,
    },
    /// The answer to a request: exactly one of `action` and `index`.
    Move {
        /// The request answered.
        id: u64,
        /// A legal move in notation.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        action: Option<String>,
        /// The position of the move in the request's `legal`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        index: Option<u64>,
    },
    /// Anything the engine wants to say; ignored.
    Log {
        /// What it says.
        text: String,
    },
}

impl ToEngine {
    /// The message as one line of compact JSON, newline included.
    pub fn line(&self) -> String {
        let mut line = serde_json::to_string(self).expect("messages are plain data");
        line.push('\n');
        line
    }
}

impl FromEngine {
    /// The message as one line of compact JSON, newline included.
    pub fn line(&self) -> String {
        let mut line = serde_json::to_string(self).expect("messages are plain data");
        line.push('\n');
        line
    }
}
