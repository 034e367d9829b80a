#![doc = include_str!("../README.md")]
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(any(test, feature = "std"))]
extern crate std;

mod action;
mod bits;
mod castle;
mod chance;
mod character;
mod config;
mod deck;
mod error;
mod event;
mod floor;
mod game;
mod info_state;
mod objective;
mod observation;
mod phase;
mod random;
#[cfg(feature = "alloc")]
mod replay;
mod seat;
#[cfg(feature = "serde")]
mod serde_impls;
#[cfg(feature = "alloc")]
mod session;
mod step;
mod view;
mod vote;

pub use action::{Action, ActionIndexError, ParseActionError};
pub use castle::{Castle, CastleError, Position};
pub use chance::{ChanceOutcome, ChanceOutcomes, ChanceStep, OutcomeIndexError, ParseChanceError};
pub use character::{Character, CharacterSet, CharacterSetIter, ParseCharacterError};
pub use config::{Config, ConfigError, FirstPlayer, Setup};
pub use deck::{CardId, Deck, DeckError};
pub use error::{ChanceReason, IllegalAction, IllegalChance, IllegalReason};
pub use event::{Event, EventError, EventSink, Events};
pub use floor::Floor;
pub use game::{Actions, CONSOLATION_POINTS, Game, InvalidState, Sampler, Snapshot, Totals, score};
pub use info_state::InfoState;
pub use objective::{Objective, ObjectiveError};
pub use observation::{OBSERVATION_FIELDS, OBSERVATION_LEN, observation_field};
pub use phase::{Actor, Phase};
/// The RNG traits the engine takes randomness through ([`rand_core::Rng`]), re-exported.
pub use rand_core;
pub use random::{Generator, GeneratorError, HexState, below, unit_f64};
#[cfg(feature = "alloc")]
pub use replay::{Replay, ReplayError};
pub use seat::{Seat, SeatError, SeatSet};
#[cfg(feature = "json")]
pub use session::MAX_SAVE_LEN;
#[cfg(feature = "alloc")]
pub use session::{ChanceMode, LoadError, Session, UndoError};
pub use step::{ParseStepError, Step, StepError};
pub use view::{PlayerView, PublicView};
pub use vote::Vote;
