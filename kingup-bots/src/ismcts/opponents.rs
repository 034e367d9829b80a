//! How an [`IsmctsBot`](crate::IsmctsBot) expects the other seats to play out a round.

use kingup_core::rand_core::Rng;
use kingup_core::{Seat, unit_f64};

use super::Rollout;
use crate::belief::TableReader;

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
    /// The mixture of [`OpponentModel::Mixed`], with each opponent's weights read from its
    /// moves over the game: `random` and `epsilon` are both multiplied by the posterior
    /// chance that it plays at random rather than by its card
    /// ([`TableReader::random_chance`]), so an opponent read as playing its card plays out
    /// exactly like a `HeuristicBot`. The bot draws its worlds from the same reading
    /// ([`TableReader::weights`]), whatever
    /// [`IsmctsConfig::belief`](crate::IsmctsConfig::belief) says.
    Read {
        /// Chance of a random playout for an opponent read as surely random.
        random: f64,
        /// Chance that a heuristic move is a random one, for an opponent read as surely
        /// random.
        epsilon: f64,
        /// Chance that an opponent plays at random, before it moves
        /// ([`TableReader::with_prior`]).
        prior: f64,
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

    /// The reading of [`IsmctsConfig::reader`](crate::IsmctsConfig::reader): an opponent
    /// read as playing at random with chance `p` plays a playout at random with chance `p`,
    /// and otherwise like a `HeuristicBot` each of whose moves is random with chance `p`;
    /// `p` is 0.05 until it moves. (Tuned at four and six players against default
    /// `IsmctsBot`s and `HeuristicBot`s: `docs/bots.md`, "The reader".)
    pub const READ: OpponentModel = OpponentModel::Read {
        random: 1.0,
        epsilon: 1.0,
        prior: 0.05,
    };

    /// Each seat's chances of a random playout and of a random heuristic move for one
    /// decision, or `None` under [`OpponentModel::Same`]; `reader` has read the decision's
    /// view.
    pub(super) fn mixture(
        self,
        reader: Option<&TableReader>,
        me: Seat,
        players: usize,
    ) -> Option<Mixture> {
        let (random, epsilon) = match self {
            OpponentModel::Same => return None,
            OpponentModel::Mixed { random, epsilon }
            | OpponentModel::Read {
                random, epsilon, ..
            } => (random, epsilon),
        };
        let mut seats = [(0.0, 0.0); Seat::MAX];
        for seat in Seat::all(players).filter(|&s| s != me) {
            let read = reader.map_or(1.0, |r| r.random_chance(seat));
            seats[seat.index()] = (random * read, epsilon * read);
        }
        Some(Mixture { seats, me })
    }
}

/// The other seats' playout policies for one decision.
#[derive(Clone, Copy, Debug)]
pub(super) struct Mixture {
    /// By seat: the chance of a random playout, and the chance that a move of a heuristic
    /// playout is a random one.
    seats: [(f64, f64); Seat::MAX],
    me: Seat,
}

impl Mixture {
    /// Draws every seat's policy for one playout; the bot plays by `rollout`. Without a
    /// mixture nothing is drawn, so [`OpponentModel::Same`] replays the bot of earlier
    /// versions.
    pub(super) fn draw<R: Rng>(
        mixture: Option<&Mixture>,
        rng: &mut R,
        rollout: Rollout,
        players: usize,
    ) -> [Policy; Seat::MAX] {
        let own = match rollout {
            Rollout::Random => Policy::Random,
            Rollout::Heuristic => Policy::Heuristic { epsilon: 0.0 },
        };
        let mut policies = [own; Seat::MAX];
        if let Some(m) = mixture {
            for seat in Seat::all(players).filter(|&s| s != m.me) {
                let (random, epsilon) = m.seats[seat.index()];
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
