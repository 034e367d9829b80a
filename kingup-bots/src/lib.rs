//! # kingup-bots
//!
//! Players for the [King Up!](kingup_core) rules engine: the [`Bot`] trait (a policy that
//! sees one seat's [`PlayerView`](kingup_core::PlayerView) and nothing else), three bots —
//! [`RandomBot`], [`HeuristicBot`] and the search bot [`IsmctsBot`] — bots by name
//! ([`BotKind`], [`BotSpec`]), games between bots ([`play`]) and seat-rotated
//! [`tournament`]s.
//!
//! The rules crate holds no floats, clocks or threads; players need all three, so they live
//! here.
//!
//! ```
//! use kingup_bots::{Bot, BotKind, BotSpec, play};
//! use kingup_core::{Config, Game, Generator};
//!
//! let mut bots: Vec<_> = ["ismcts", "heuristic", "random"]
//!     .iter()
//!     .enumerate()
//!     .map(|(seat, name)| {
//!         let spec = BotSpec::new(name.parse::<BotKind>()?).with_iterations(100)?;
//!         Ok(spec.build(seat as u64))
//!     })
//!     .collect::<Result<_, Box<dyn std::error::Error>>>()?;
//! let mut seats: Vec<&mut dyn Bot> = bots.iter_mut().map(|b| b as &mut dyn Bot).collect();
//! let mut game = Game::new(Config::new(3))?;
//! assert!(play(&mut game, &mut seats, &mut Generator::new(1), &mut ()));
//! println!("winners {}", game.winners().unwrap());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod bot;
mod heuristic;
mod ismcts;
mod kind;
mod play;
mod random;
mod tournament;

pub use bot::Bot;
pub use heuristic::HeuristicBot;
pub use ismcts::{IsmctsBot, IsmctsConfig, Rollout};
pub use kind::{AnyBot, BotError, BotKind, BotSpec, ParseBotKindError};
pub use play::play;
pub use random::RandomBot;
pub use tournament::{
    BotFactory, Entrant, Standing, Standings, TournamentConfig, TournamentError, tournament,
};
