//! # kingup-court
//!
//! The rules engine of **To Court the King** (*Alla corte del Re*, *Um Krone und Kragen*),
//! Tom Lehmann's press-your-luck dice game for 2 to 5 players: a typed state machine with
//! legal-action generation, every die rolled as an explicit chance outcome, and events, in
//! `no_std` Rust with no allocation and no `unsafe`.
//!
//! ```
//! use kingup_court::{Actor, Config, Game};
//! use kingup_court::kingup_core::Generator;
//!
//! let mut rng = Generator::new(42);
//! let mut config = Config::new(4);
//! config.max_rounds = Some(Config::SIMULATION_ROUNDS);
//! let mut game = Game::new(config)?;
//! loop {
//!     match game.actor() {
//!         Actor::Chance => game.resolve_chance(&mut rng, &mut ()),
//!         Actor::Seat(seat) => {
//!             let n = game.legal_action_count(seat);
//!             let action = game.nth_legal_action(seat, rng.below(n as u32) as usize).unwrap();
//!             for event in game.apply(seat, action)? {
//!                 if matches!(event, kingup_court::Event::Bought { .. }) {
//!                     println!("{event}");
//!                 }
//!             }
//!         }
//!         Actor::Nobody => break,
//!     }
//! }
//! println!("{}", game.outcome().unwrap());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Front ends usually hold a [`Session`] (feature `alloc`): it draws the dice from the
//! project's portable [`Generator`](kingup_core::Generator), records every step, logs
//! events, and saves and loads JSON documents that are replays (feature `json`):
//!
//! ```
//! use kingup_court::{Config, Session};
//!
//! let mut config = Config::new(3);
//! config.max_rounds = Some(5);
//! let mut session = Session::new(config, 7)?;
//! while let Some(seat) = session.game().next_seat() {
//!     // Every seat plays its first legal action; `"keep 4".parse()` reads one.
//!     let action = session.game().legal_actions(seat)[0];
//!     session.apply(seat, action)?;
//! }
//! let saved = session.to_json();
//! assert_eq!(kingup_court::Session::from_json(&saved)?, session);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Contracts
//!
//! - **Actions** have one dense index space, `0..238` ([`Action`]; its table is the
//!   contract), chance outcomes another, `0..12` ([`ChanceOutcome`]: a die's face, or the
//!   first player). The Merchant, the Noblewoman and the Nobleman, which act on "any
//!   number of dice", pick their dice one at a time, in non-decreasing face order, then
//!   confirm.
//! - **Who moves** is an [`Actor`]: chance, one seat, or nobody.
//! - **Errors** ([`IllegalAction`], [`IllegalChance`]) name the reason and leave the game
//!   exactly as it was.
//! - **Randomness** comes only from the caller ([`rand_core::Rng`], such as
//!   [`kingup_core::Generator`], the project's one random stream) or from explicit chance
//!   outcomes; the state holds no RNG.
//! - **Notation**: actions read and print as `roll`, `keep 4`, `guard`, `maid 4>6`,
//!   `philosopher 15>33`, `merchant 3`, `merchant done`, `buy hunter`, `pass`; steps as
//!   `2: keep 4` or `chance: die 5`.
//! - **No hidden information**: everything in a [`Game`] is public; seeds and generator
//!   states are still the host's (they predict the dice).
//!
//! ## Features
//!
//! - `std` (default): `std::error::Error` for the error types; implies `alloc`.
//! - `alloc`: the [`Session`], the [`Replay`] record and `Vec<Event>` as an event sink.
//! - `serde`: serialization of configs, actions, steps, replays, events and the vocabulary.
//! - `json`: [`Session::to_json`] and [`Session::from_json`], the save document (implies
//!   `serde` and `alloc`).
//!
//! With `default-features = false` the crate needs neither `std` nor `alloc`.
//!
//! The rules as implemented, every ruling with its source, are in `docs/court-rules.md`.

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
mod game;
mod observation;
mod phase;
#[cfg(feature = "alloc")]
mod replay;
#[cfg(feature = "serde")]
mod serde_impls;
#[cfg(feature = "alloc")]
mod session;
mod shift;
mod step;

pub use action::{Action, ActionIndexError, ActionKind, ParseActionError};
pub use action_set::ActionSet;
pub use card::{Card, CardSet, ParseCardError, Row};
pub use chance::{ChanceOutcome, ChanceOutcomes, ChanceStep, OutcomeIndexError, ParseChanceError};
pub use config::{Config, ConfigError};
pub use dice::{Dice, ParseDiceError, Value};
pub use error::{ChanceReason, IllegalAction, IllegalChance, IllegalReason};
pub use event::{Event, EventSink, Events};
pub use face::{Face, ParseFaceError};
pub use game::{Actions, Game};
/// The King Up! engine this crate shares its seats, first-player rule, chance mode and
/// random stream ([`Generator`](kingup_core::Generator), [`below`](kingup_core::below))
/// with, re-exported.
pub use kingup_core;
pub use observation::{OBSERVATION_FIELDS, OBSERVATION_LEN, observation_field};
pub use phase::{Actor, Outcome, Phase, Stage};
/// The RNG traits the engine takes randomness through ([`rand_core::Rng`]), re-exported.
pub use rand_core;
#[cfg(feature = "alloc")]
pub use replay::{Replay, ReplayError};
#[cfg(feature = "json")]
pub use session::MAX_SAVE_LEN;
#[cfg(feature = "alloc")]
pub use session::{LoadError, Session};
pub use step::{ParseStepError, Step, StepError};
