//! The uniformly random bot, for either game.

use kingup_core::kingup_table::SeatView;
use kingup_core::rand_core::Rng;

use crate::Bot;

/// Picks uniformly among the legal actions ([`SeatView::random_action`]): the baseline
/// every other bot must beat, in either game.
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

impl<V: SeatView, R: Rng> Bot<V> for RandomBot<R> {
    fn choose(&mut self, view: &V) -> Option<V::Action> {
        view.random_action(&mut self.rng)
    }

    fn name(&self) -> &str {
        "random"
    }
}
