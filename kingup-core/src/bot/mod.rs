//! Players for the engine: a policy trait that sees only a [`PlayerView`], and three bots.
//!
//! A bot decides from a [`PlayerView`] and nothing else, so it cannot read a secret. Each
//! owns its random source (any [`RngCore`](rand_core::RngCore)), so a bot seeded the same
//! way plays the same way.

mod heuristic;
#[cfg(feature = "alloc")]
mod ismcts;
mod play;
mod random;

pub use heuristic::HeuristicBot;
#[cfg(feature = "alloc")]
pub use ismcts::{IsmctsBot, IsmctsConfig, Rollout};
pub use play::play;
pub use random::RandomBot;

use crate::{Action, PlayerView};

/// A policy: picks an action for the viewing seat.
///
/// ```
/// use kingup_core::{Actor, Bot, Config, Game, RandomBot, Seat};
/// use rand::{SeedableRng, rngs::SmallRng};
///
/// let mut rng = SmallRng::seed_from_u64(1);
/// let mut bot = RandomBot::new(SmallRng::seed_from_u64(2));
/// let mut game = Game::new(Config::new(3))?;
/// game.resolve_chance(&mut rng, &mut ());
/// let Actor::Seat(seat) = game.actor() else { unreachable!() };
/// let action = bot.choose(&game.player_view(seat)).expect("the seat is to move");
/// game.apply(seat, action)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Bot {
    /// A legal action for `view.seat`, or `None` when that seat may not act now.
    fn choose(&mut self, view: &PlayerView) -> Option<Action>;

    /// A short name for reports.
    fn name(&self) -> &str;
}

impl<B: Bot + ?Sized> Bot for &mut B {
    fn choose(&mut self, view: &PlayerView) -> Option<Action> {
        (**self).choose(view)
    }

    fn name(&self) -> &str {
        (**self).name()
    }
}

#[cfg(feature = "alloc")]
impl<B: Bot + ?Sized> Bot for alloc::boxed::Box<B> {
    fn choose(&mut self, view: &PlayerView) -> Option<Action> {
        (**self).choose(view)
    }

    fn name(&self) -> &str {
        (**self).name()
    }
}
