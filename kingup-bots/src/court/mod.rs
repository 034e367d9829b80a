//! Players for To Court the King (`kingup-court`): the [`Bot`] trait, a [`RandomBot`], a
//! [`GreedyBot`] and a Monte Carlo tree search, [`MctsBot`]; games between bots ([`play`])
//! and seat-rotated [`tournament`]s with the same [`Standings`](crate::Standings) as King
//! Up!'s.
//!
//! Everything in To Court the King is public (the display, every seat's cards, all dice),
//! so a court bot decides from the whole [`Game`](kingup_court::Game) and the seat it plays.
//!
//! ```
//! use kingup_bots::court::{Bot, GreedyBot, RandomBot, play};
//! use kingup_court::Generator;
//! use kingup_court::{Config, Game};
//!
//! let mut greedy = GreedyBot::new();
//! let mut random = RandomBot::new(Generator::new(2));
//! let mut seats: [&mut dyn Bot; 2] = [&mut greedy, &mut random];
//! let mut config = Config::new(2);
//! config.max_rounds = Some(Config::SIMULATION_ROUNDS);
//! let mut game = Game::new(config)?;
//! assert!(play(&mut game, &mut seats, &mut Generator::new(7), &mut ()));
//! assert!(game.is_over());
//! # Ok::<(), kingup_court::ConfigError>(())
//! ```

mod bot;
mod greedy;
mod mcts;
mod play;
mod random;
mod tournament;

pub use bot::Bot;
pub use greedy::GreedyBot;
pub use mcts::{MctsBot, MctsConfig, Rollout};
pub use play::play;
pub use random::RandomBot;
pub use tournament::{BotFactory, Entrant, TournamentConfig, TournamentError, tournament};
