#![doc = include_str!("../README.md")]
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(any(test, feature = "std"))]
extern crate std;

mod delegate;
mod first_player;
#[cfg(feature = "alloc")]
mod hidden;
mod illegal;
mod index;
mod mask;
mod observation;
mod random;
#[cfg(feature = "alloc")]
mod reach;
mod reasons;
#[cfg(feature = "alloc")]
mod replay;
mod rules;
mod seat;
#[cfg(feature = "serde")]
mod serde_impls;
#[cfg(feature = "alloc")]
mod session;
mod sink;
mod sparse;
mod step;
mod view;

pub use first_player::FirstPlayer;
#[cfg(feature = "alloc")]
pub use hidden::HiddenInformation;
pub use illegal::{IllegalAction, IllegalChance, Reason};
pub use index::{ActionIndexError, OutcomeIndexError};
pub use mask::{
    ActionMask, byte_ones, for_each_set_bit, write_flag_word_changes, write_flag_words,
};
pub use observation::{
    Fields, Layout, ObservationLenError, field_starts, observation_field, observation_len,
};
/// The RNG traits chance is drawn through ([`rand_core::Rng`]), re-exported.
pub use rand_core;
pub use random::{Generator, GeneratorError, HexState, below, bot_seed, unit_f64};
#[cfg(feature = "alloc")]
pub use reach::Reach;
pub use reasons::Catalogue;
#[cfg(feature = "alloc")]
pub use reasons::catalogue;
#[cfg(feature = "alloc")]
pub use replay::{Replay, ReplayError};
pub use rules::{GameConfig, Refusal, Rules};
pub use seat::{Seat, SeatError, SeatSet};
#[cfg(feature = "alloc")]
pub use session::{ChanceMode, LoadError, Session, UndoError};
pub use sink::EventSink;
pub use sparse::{SPARSE_VALUES, SPARSE_WORDS, SparseObservation};
pub use step::{ParseStepError, Step, StepError};
pub use view::SeatView;
