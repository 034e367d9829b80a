//! The uniformly random bot.

use rand_core::RngCore;

use super::Bot;
use crate::chance::uniform_below;
use crate::{Action, PlayerView};

/// Picks uniformly among the legal actions: the baseline every other bot must beat.
#[derive(Clone, Debug)]
pub struct RandomBot<R> {
    rng: R,
}

impl<R: RngCore> RandomBot<R> {
    /// A random bot drawing from `rng`.
    pub const fn new(rng: R) -> RandomBot<R> {
        RandomBot { rng }
    }
}

impl<R: RngCore> Bot for RandomBot<R> {
    fn choose(&mut self, view: &PlayerView) -> Option<Action> {
        let legal = view.legal_actions();
        if legal.is_empty() {
            return None;
        }
        Some(legal[uniform_below(&mut self.rng, legal.len() as u32) as usize])
    }

    fn name(&self) -> &str {
        "random"
    }
}
