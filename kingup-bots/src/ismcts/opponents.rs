//! How an [`IsmctsBot`](crate::IsmctsBot) expects the other seats to play out a round.

use kingup_core::rand_core::Rng;
use kingup_core::{Seat, unit_f64};

use super::Rollout;

/// The other seats' playout policies. The tree itself is searched the same way under every
/// model: these are the moves below it.
///
/// ```
/// use kingup_bots::{IsmctsConfig, OpponentModel};
///
/// assert_eq!(IsmctsConfig::default().opponents, OpponentModel::Same);
/// let mixed = OpponentModel::MIXED;
/// assert!(matches!(mixed, OpponentModel::Mixed { random, epsilon } if random > 0.0 && epsilon > 0.0));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum OpponentModel {
    /// Every seat plays out by [`IsmctsConfig::rollout`](crate::IsmctsConfig::rollout), as
    /// the bot itself does: with heuristic playouts, every opponent is assumed to be a
    /// [`HeuristicBot`](crate::HeuristicBot).
    #[default]
    Same,
    /// A mixture, drawn afresh for each opponent at each iteration: with chance `random` it
    /// plays the whole playout at random; otherwise it plays like a `HeuristicBot`, but each
    /// of its moves is a random one with chance `epsilon`. The bot itself plays out by
    /// [`IsmctsConfig::rollout`](crate::IsmctsConfig::rollout).
    Mixed {
        /// Chance that an opponent plays a playout at random.
        random: f64,
        /// Chance that a heuristic opponent's move is a random one.
        epsilon: f64,
    },
}

impl OpponentModel {
    /// The mixture of [`IsmctsConfig::mixed`](crate::IsmctsConfig::mixed): a quarter of
    /// the playouts random, and one heuristic move in five random. More random playouts
    /// win more against search bots and less against `HeuristicBot`s (`docs/bots.md`).
    pub const MIXED: OpponentModel = OpponentModel::Mixed {
        random: 0.25,
        epsilon: 0.2,
    };

    /// Draws every seat's policy for one playout; `me` plays by `rollout`. Draws nothing
    /// under [`OpponentModel::Same`], so that model replays the bot of earlier versions.
    pub(super) fn draw<R: Rng>(
        self,
        rng: &mut R,
        rollout: Rollout,
        me: Seat,
        players: usize,
    ) -> [Policy; Seat::MAX] {
        let own = match rollout {
            Rollout::Random => Policy::Random,
            Rollout::Heuristic => Policy::Heuristic { epsilon: 0.0 },
        };
        let mut policies = [own; Seat::MAX];
        if let OpponentModel::Mixed { random, epsilon } = self {
            for seat in Seat::all(players).filter(|&s| s != me) {
                policies[seat.index()] = if unit_f64(rng) < random {
                    Policy::Random
                } else {
                    Policy::Heuristic { epsilon }
                };
            }
        }
        policies
    }
}

/// One seat's moves in one playout.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Policy {
    /// Uniformly among the legal actions.
    Random,
    /// Like a [`HeuristicBot`](crate::HeuristicBot), except each move is a random one with
    /// chance `epsilon`.
    Heuristic { epsilon: f64 },
}
