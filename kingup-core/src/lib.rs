//! # kingup-core
//!
//! The rules engine of **King Up!** (*Viva il Re!*), the bluffing-and-voting board game by
//! Stefano Luperto: a typed state machine with legal-move generation, explicit chance
//! steps and events, in `no_std` Rust with no allocation and no `unsafe`.
//!
//! ```
//! use kingup_core::{Actor, Config, Game};
//! use rand::{Rng, SeedableRng, rngs::SmallRng};
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
//! ## Contracts
//!
//! - **Actions** have one dense index space `0..67` ([`Action`]), chance outcomes another,
//!   `0..42` ([`ChanceOutcome`]).
//! - **Who moves** is an [`Actor`]: chance, one seat, the seats that still have to vote
//!   (the simultaneous vote), or nobody.
//! - **Errors** ([`IllegalAction`], [`IllegalChance`]) name the reason and leave the game
//!   exactly as it was.
//! - **Randomness** comes only from the caller ([`rand_core::RngCore`]) or from explicit
//!   chance outcomes; the state holds no RNG, no seed and no order of undealt cards.
//!
//! ## Features
//!
//! - `std` (default): `std::error::Error` for the error types; implies `alloc`.
//! - `alloc`: the [`Replay`] record and `Vec<Event>` as an event sink.
//! - `serde`: serialization of configs, snapshots (validated on load), replays, views and
//!   events (reading events back also needs `alloc`).
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
mod bot;
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
mod seat;
#[cfg(feature = "serde")]
mod serde_impls;
#[cfg(feature = "std")]
mod tournament;
mod view;
mod vote;

pub use action::{Action, ActionIndexError};
pub use bot::{Bot, HeuristicBot, RandomBot, play};
#[cfg(feature = "alloc")]
pub use bot::{IsmctsBot, IsmctsConfig, Rollout};
pub use castle::{Castle, CastleError, Position};
pub use chance::{ChanceOutcome, ChanceOutcomes, ChanceStep};
pub use character::{Character, CharacterSet, CharacterSetIter, ParseCharacterError};
pub use config::{Config, ConfigError, FirstPlayer, Setup};
pub use deck::{CardId, Deck, DeckError};
pub use error::{ChanceReason, IllegalAction, IllegalChance, IllegalReason};
pub use event::{Event, EventSink, Events};
pub use floor::Floor;
pub use game::{Actions, CONSOLATION_POINTS, Game, InvalidState, score};
pub use info_state::InfoState;
pub use objective::{Objective, ObjectiveError};
pub use observation::{OBSERVATION_FIELDS, OBSERVATION_LEN, observation_field};
pub use phase::{Actor, Phase};
/// The RNG traits the engine takes randomness through (`RngCore`), re-exported.
pub use rand_core;
#[cfg(feature = "alloc")]
pub use replay::{Replay, ReplayError, Step, StepError};
pub use seat::{Seat, SeatSet};
#[cfg(feature = "std")]
pub use tournament::{BotFactory, Entrant, Standing, Standings, TournamentConfig, tournament};
pub use view::{PlayerView, PublicView};
pub use vote::Vote;
