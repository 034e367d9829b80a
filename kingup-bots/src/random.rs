//! The uniformly random bot.

use kingup_core::rand_core::Rng;
use kingup_core::{Action, PlayerView, below};

use crate::Bot;

/// Picks uniformly among the legal actions: the baseline every other bot must beat.
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
    fn choose(&mut self, view: &PlayerView) -> Option<Action> {
        let legal = view.legal_actions();
        if legal.is_empty() {
            return None;
        }
        Some(legal[below(&mut self.rng, legal.len() as u32) as usize])
    }

    fn name(&self) -> &str {
        "random"
    }
}
