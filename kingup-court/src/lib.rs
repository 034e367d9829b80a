#![doc = include_str!("../README.md")]
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(any(test, feature = "std"))]
extern crate std;

mod action;
mod action_set;
mod card;
mod chance;
mod config;
mod dice;
mod error;
mod event;
mod face;
mod final_turn;
mod game;
mod observation;
mod phase;
mod position;
#[cfg(feature = "alloc")]
mod replay;
#[cfg(feature = "serde")]
mod serde_impls;
#[cfg(feature = "alloc")]
mod session;
mod shift;
mod sparse_observation;
mod step;
mod view;

pub use action::{Action, ActionKind, ParseActionError};
pub use action_set::ActionSet;
pub use card::{Card, CardSet, ParseCardError, Row};
pub use chance::{ChanceOutcome, ChanceOutcomes, ChanceStep, ParseChanceError};
pub use config::{Config, ConfigError};
pub use dice::{Dice, ParseDiceError, Value};
pub use error::{ChanceReason, IllegalAction, IllegalChance, IllegalReason};
pub use event::{Event, EventSink, Events};
pub use face::{Face, ParseFaceError};
pub use final_turn::FinalTurn;
pub use game::{Actions, Game, SeatOrder};
/// The table this game stands on (seats, the random stream, the rules trait, the generic
/// session), re-exported.
pub use kingup_table;
/// Dense indices out of range (the kernel's, shared by both games).
pub use kingup_table::{ActionIndexError, OutcomeIndexError};
#[cfg(feature = "alloc")]
pub use kingup_table::{ChanceMode, UndoError};
pub use kingup_table::{
    FirstPlayer, Generator, GeneratorError, Seat, SeatError, SeatSet, below, unit_f64,
};
pub use observation::{OBSERVATION_FIELDS, OBSERVATION_LEN, observation_field};
pub use phase::{Actor, Outcome, Phase, Stage};
pub use position::{InvalidPosition, Position};
/// The RNG traits the engine takes randomness through ([`rand_core::Rng`]), re-exported.
pub use rand_core;
#[cfg(feature = "alloc")]
pub use replay::{Replay, ReplayError};
#[cfg(feature = "json")]
pub use session::MAX_SAVE_LEN;
#[cfg(feature = "alloc")]
pub use session::{LoadError, Session};
pub use step::{ParseStepError, Step, StepError};
pub use view::PlayerView;
