//! # kingup-core
//!
//! The rules engine of **King Up!** (*Viva il Re!*), the bluffing-and-voting board game by
//! Stefano Luperto: a typed state machine with legal-move generation, explicit chance
//! steps and events, in `no_std` Rust with no allocation and no `unsafe`.
//!
//! ```
//! use kingup_core::{Actor, Config, Game};
//! use rand::{RngExt, SeedableRng, rngs::SmallRng};
//!
//! let mut rng = SmallRng::seed_from_u64(42);
//! let mut game = Game::new(Config::new(4))?;
//! while !game.is_over() {
//!     let seat = match game.actor() {
//!         Actor::Chance => {
//!             game.resolve_chance(&mut rng, &mut ());
//!             continue;
//!         }
//!         Actor::Seat(seat) => seat,
//!         Actor::Voters(seats) => seats.iter().next().unwrap(),
//!         Actor::Nobody => break,
//!     };
//!     let legal = game.legal_actions(seat);
//!     let action = legal[rng.random_range(0..legal.len())];
//!     for event in game.apply(seat, action)? {
//!         println!("{event}");
//!     }
//! }
//! println!("totals {:?}, winners {}", game.totals(), game.winners().unwrap());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Front ends usually hold a [`Session`] (feature `alloc`) rather than a bare [`Game`]: it
//! draws chance from the portable [`Generator`], records every step, logs events, saves and
//! loads JSON documents that are replays (feature `json`) and takes moves back:
//!
//! ```
//! use kingup_core::{Config, Session};
//!
//! let mut session = Session::new(Config::new(3), 42)?;
//! while let Some(seat) = session.game().next_seat() {
//!     // Here every seat plays its first legal action; `"B4".parse()` reads a move.
//!     let action = session.game().legal_actions(seat)[0];
//!     session.apply(seat, action)?;
//! }
//! let saved = session.to_json();
//! assert_eq!(Session::from_json(&saved)?.game(), session.game());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Contracts
//!
//! - **Actions** have one dense index space `0..67` ([`Action`]), chance outcomes another,
//!   `0..42` ([`ChanceOutcome`]).
//! - **Who moves** is an [`Actor`]: chance, one seat, the seats that still have to vote
//!   (the simultaneous vote), or nobody.
//! - **Errors** ([`IllegalAction`], [`IllegalChance`]) name the reason and leave the game
//!   exactly as it was.
//! - **Randomness** comes only from the caller ([`rand_core::Rng`], such as the project's
//!   [`Generator`]) or from explicit chance outcomes; the state holds no RNG, no seed and no
//!   order of undealt cards.
//! - **Notation**: actions read and print as `B4` (place Beatrice on floor 4), `F` (climb
//!   Fiorello), `yes`, `no`; steps as `2: B4` or `chance: deal 12`.
//!
//! ## Features
//!
//! - `std` (default): `std::error::Error` for the error types; implies `alloc`.
//! - `alloc`: the [`Session`], the [`Replay`] record and `Vec<Event>` as an event sink.
//! - `serde`: serialization of configs, snapshots (validated on load), replays, sessions,
//!   views and events (reading events back also needs `alloc`).
//! - `json`: [`Session::to_json`] and [`Session::from_json`], the one save document every
//!   front end reads and writes (implies `serde` and `alloc`).
//!
//! With `default-features = false` the crate needs neither `std` nor `alloc`.
//!
//! The rules as implemented, every ruling included, are in `docs/rules.md`.

#![no_std]
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
pub use game::{Actions, CONSOLATION_POINTS, Game, InvalidState, Snapshot, Totals, score};
pub use info_state::InfoState;
pub use objective::{Objective, ObjectiveError};
pub use observation::{OBSERVATION_FIELDS, OBSERVATION_LEN, observation_field};
pub use phase::{Actor, Phase};
/// The RNG traits the engine takes randomness through ([`rand_core::Rng`]), re-exported.
pub use rand_core;
pub use random::{Generator, GeneratorError, HexState, below};
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
