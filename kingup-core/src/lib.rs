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
#[cfg(feature = "alloc")]
mod replay;
#[cfg(feature = "serde")]
mod serde_impls;
#[cfg(feature = "alloc")]
mod session;
mod sparse_observation;
mod step;
mod view;
mod vote;

pub use action::{Action, ParseActionError};
pub use castle::{Castle, CastleError, Position};
pub use chance::{ChanceOutcome, ChanceOutcomes, ChanceStep, ParseChanceError};
pub use character::{Character, CharacterSet, CharacterSetIter, ParseCharacterError};
pub use config::{Config, ConfigError, Setup};
pub use deck::{CardId, Deck, DeckError};
pub use error::{ChanceReason, IllegalAction, IllegalChance, IllegalReason};
pub use event::{Event, EventError, EventSink, Events};
pub use floor::Floor;
pub use game::{
    Actions, CONSOLATION_POINTS, Game, HISTORY_BUDGET, InvalidState, Sampler, Snapshot, Totals,
    score,
};
pub use info_state::InfoState;
/// The table this game stands on (seats, the random stream, the rules trait, the generic
/// session), re-exported.
pub use kingup_table;
/// Dense indices out of range (the kernel's, shared by both games).
pub use kingup_table::{ActionIndexError, OutcomeIndexError};
#[cfg(feature = "alloc")]
pub use kingup_table::{ChanceMode, UndoError};
pub use kingup_table::{
    FirstPlayer, Generator, GeneratorError, HexState, Seat, SeatError, SeatSet, below, unit_f64,
};
pub use objective::{Objective, ObjectiveError};
pub use observation::{OBSERVATION_FIELDS, OBSERVATION_LEN, observation_field};
pub use phase::{Actor, Phase};
/// The RNG traits the engine takes randomness through ([`rand_core::Rng`]), re-exported.
pub use rand_core;
#[cfg(feature = "alloc")]
pub use replay::{Replay, ReplayError};
#[cfg(feature = "json")]
pub use session::MAX_SAVE_LEN;
#[cfg(feature = "alloc")]
pub use session::{LoadError, Session};
pub use step::{ParseStepError, Step, StepError};
pub use view::{PlayerView, PublicView};
pub use vote::Vote;
