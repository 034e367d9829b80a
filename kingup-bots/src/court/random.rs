//! The uniformly random court bot.

use kingup_court::rand_core::Rng;
use kingup_court::{Action, Game};
use kingup_court::{Seat, below};

use super::Bot;

/// Picks uniformly among the legal actions (without building their list): the baseline
/// every other court bot must beat. It draws as [`Game::random_action`] does (one
/// `below(count)`, then the action of that rank), so seats all played by one `RandomBot`
/// play the game [`Game::play_random`] plays from the same generator.
#[derive(Clone, Debug)]
pub struct RandomBot<R> {
    rng: R,
}

impl<R: Rng> RandomBot<R> {
    /// A random bot drawing from `rng`.
    pub const fn new(rng: R) -> RandomBot<R> {
        RandomBot { rng }
    }
}

impl<R: Rng> Bot for RandomBot<R> {
    fn choose(&mut self, game: &Game, seat: Seat) -> Option<Action> {
        let legal = game.legal_mask(seat);
        if legal.is_empty() {
            return None;
        }
        legal.nth(below(&mut self.rng, legal.len() as u32) as usize)
    }

    fn name(&self) -> &str {
        "random"
    }
}
