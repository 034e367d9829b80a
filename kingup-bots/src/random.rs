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

    /// The generator it draws from.
    pub const fn rng(&self) -> &R {
        &self.rng
    }

    /// The generator it draws from, to replace (a front end restoring a saved bot puts
    /// back the generator state it saved).
    pub const fn rng_mut(&mut self) -> &mut R {
        &mut self.rng
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
