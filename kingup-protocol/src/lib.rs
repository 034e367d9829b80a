#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod engine;
mod external;
mod game;
mod line;
pub mod message;
mod process;
mod serve;

pub use engine::{Clock, Engine, EngineCommand, EngineCommandError, EngineError, engine_seed};
pub use external::ExternalBot;
pub use game::{ProtocolGame, legal_actions, view_text};
pub use message::{MAX_LINE, PROTOCOL_VERSION};
pub use serve::{Bots, MakeBot, ServeError, serve};
