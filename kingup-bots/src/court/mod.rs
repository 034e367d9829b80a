//! Players for To Court the King (`kingup-court`): a [`GreedyBot`] and a Monte Carlo tree
//! search, [`MctsBot`], and by name ([`BotKind`], [`AnyBot`]). They are [`Bot`](crate::Bot)`<kingup_court::PlayerView>`s: the game's
//! random bot, the play loop and seat-rotated tournaments are the same ones King Up! uses
//! ([`RandomBot`], [`play`], [`tournament`], with the same [`Standings`]).
//!
//! Everything in To Court the King is public (the display, every seat's cards, all dice),
//! so a court bot decides from the whole game, seen from the seat it plays
//! ([`kingup_court::PlayerView`]).
//!
//! ```
//! use kingup_bots::court::{GreedyBot, RandomBot, play};
//! use kingup_bots::Bot;
//! use kingup_court::{Config, Game, Generator, PlayerView};
//!
//! let mut greedy = GreedyBot::new();
//! let mut random = RandomBot::new(Generator::new(2));
//! let mut seats: [&mut dyn Bot<PlayerView>; 2] = [&mut greedy, &mut random];
//! let mut config = Config::new(2);
//! config.max_rounds = Some(Config::SIMULATION_ROUNDS);
//! let mut game = Game::new(config)?;
//! assert!(play(&mut game, &mut seats, &mut Generator::new(7), &mut ()));
//! assert!(game.is_over());
//! # Ok::<(), kingup_court::ConfigError>(())
//! ```

mod greedy;
mod kind;
mod mcts;

use kingup_court::{Config, ConfigError, Generator, PlayerView};

use crate::Standings;
pub use crate::{RandomBot, play};
pub use greedy::GreedyBot;
pub use kind::{AnyBot, BotKind, ParseBotKindError};
pub use mcts::{MctsBot, MctsConfig, Rollout};

/// Makes a fresh court bot for one game from a seed.
pub type BotFactory<'a> = crate::BotFactory<'a, PlayerView>;

/// One competitor in a court tournament.
pub type Entrant<'a> = crate::Entrant<'a, PlayerView>;

/// What a court tournament plays.
pub type TournamentConfig = crate::TournamentConfig<Config>;

/// Why a court tournament was not played; nothing was.
pub type TournamentError = crate::TournamentError<ConfigError>;

/// Plays a court tournament ([`crate::tournament`]) with chance drawn from a [`Generator`]
/// seeded per game: game `g` seats entrant `(s + g) mod n` at seat `s`, bots made from
/// per-game seeds. `progress` is called with the number of finished games after each one
/// (from worker threads).
///
/// In the standings a win counts 1 (a court game has one winner), a game truncated at
/// `max_rounds` counts as played and won by nobody, and the score is the number of cards a
/// seat owns at the end (the Charlatan counted once). A game a bot breaks off (no action,
/// or an illegal one) is left out. Results are the same for any thread count; on an error
/// nothing is played.
///
/// ```
/// use kingup_bots::Bot;
/// use kingup_bots::court::{Entrant, GreedyBot, RandomBot, TournamentConfig, tournament};
/// use kingup_court::{Config, Generator, PlayerView};
///
/// let greedy = Entrant {
///     name: "greedy".into(),
///     make: Box::new(|_| Box::new(GreedyBot::new()) as Box<dyn Bot<PlayerView>>),
/// };
/// let random = Entrant {
///     name: "random".into(),
///     make: Box::new(|seed| Box::new(RandomBot::new(Generator::new(seed))) as Box<dyn Bot<PlayerView>>),
/// };
/// let mut game = Config::new(2);
/// game.max_rounds = Some(Config::SIMULATION_ROUNDS);
/// let config = TournamentConfig { game, games: 20, seed: 1, threads: 2 };
/// let standings = tournament(&config, &[greedy, random], |_| {})?;
/// assert!(standings.0[0].win_rate() > standings.0[1].win_rate());
/// println!("{standings}");
/// # Ok::<(), kingup_bots::court::TournamentError>(())
/// ```
pub fn tournament(
    config: &TournamentConfig,
    entrants: &[Entrant<'_>],
    progress: impl Fn(u32) + Sync,
) -> Result<Standings, TournamentError> {
    crate::tournament(config, entrants, Generator::new, progress)
}
