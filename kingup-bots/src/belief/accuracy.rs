//! How well a belief reads a table: the rank of each player's true card under it.

use kingup_core::{Actor, Config, Event, Game, Generator, Phase, Seat};

use super::{Belief, BeliefModel};
use crate::Bot;

/// Which moves the evidence came from when a rank was taken: the phase of the last move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// During the placement phase.
    Placement,
    /// During the climb phase, before any vote of the round was revealed.
    Climb,
    /// After at least one vote of the round was revealed.
    AfterVote,
}

impl Stage {
    /// The three stages, in play order.
    pub const ALL: [Stage; 3] = [Stage::Placement, Stage::Climb, Stage::AfterVote];

    /// A short name.
    pub const fn name(self) -> &'static str {
        match self {
            Stage::Placement => "placement",
            Stage::Climb => "climb",
            Stage::AfterVote => "after a vote",
        }
    }
}

/// Ranks of the true cards, summed by stage. A rank is taken after every move, for every
/// viewer and every other seat; 1 is best.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StageAccuracy {
    /// Ranks taken.
    pub samples: u64,
    /// Sum of the true card's rank under the belief.
    pub rank_sum: f64,
    /// Sum of its expected rank under the uniform prior, `(candidates + 1) / 2`.
    pub uniform_rank_sum: f64,
    /// How often the true card was among the belief's 3 most likely.
    pub top3: u64,
    /// Sum of the uniform prior's top-3 chance, `3 / candidates`.
    pub uniform_top3_sum: f64,
}

impl StageAccuracy {
    /// Mean rank of the true card under the belief.
    pub fn mean_rank(&self) -> f64 {
        self.rank_sum / self.samples.max(1) as f64
    }

    /// Mean rank under the uniform prior.
    pub fn uniform_mean_rank(&self) -> f64 {
        self.uniform_rank_sum / self.samples.max(1) as f64
    }

    /// Fraction of ranks where the true card was in the belief's top 3.
    pub fn top3_rate(&self) -> f64 {
        self.top3 as f64 / self.samples.max(1) as f64
    }

    /// The uniform prior's top-3 rate.
    pub fn uniform_top3_rate(&self) -> f64 {
        self.uniform_top3_sum / self.samples.max(1) as f64
    }
}

/// The accuracy of a belief model over games, by [`Stage`], with each game's mean rank
/// advantage over the uniform prior (for a standard error over games).
#[derive(Clone, Debug, Default)]
pub struct Accuracy {
    /// By stage, in [`Stage::ALL`] order.
    pub stages: [StageAccuracy; 3],
    /// Per game: mean (uniform rank − belief rank) over its samples; positive is better.
    pub game_gains: Vec<f64>,
}

impl Accuracy {
    /// Mean of the per-game rank gains and its standard error.
    pub fn gain(&self) -> (f64, f64) {
        mean_and_se(&self.game_gains)
    }
}

/// The mean of `values` and its standard error (infinite for fewer than two values).
pub(super) fn mean_and_se(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    if n < 2.0 {
        return (values.first().copied().unwrap_or(0.0), f64::INFINITY);
    }
    let mean = values.iter().sum::<f64>() / n;
    let var = values.iter().map(|g| (g - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}

/// Plays `games` games of `config` from `seed` with the bots `make_bot(game, seat)` makes,
/// and measures how well a belief with `model`, held by every seat, reads the others'
/// cards (only `seats_read` are read: a bot under test, say). Deterministic for a seed.
///
/// ```
/// use kingup_bots::belief::{BeliefModel, accuracy};
/// use kingup_bots::{Bot, HeuristicBot};
/// use kingup_core::{Config, Generator, SeatSet};
///
/// let make = |game: u64, seat: usize| -> Box<dyn Bot> {
///     Box::new(HeuristicBot::new(Generator::new(game * 8 + seat as u64)))
/// };
/// let all = SeatSet::first(4);
/// let result = accuracy(Config::new(4), BeliefModel::default(), all, 4, 1, make);
/// let (gain, _se) = result.gain();
/// assert!(gain > 0.0, "the belief reads heuristic players better than chance");
/// ```
pub fn accuracy(
    config: Config,
    model: BeliefModel,
    seats_read: kingup_core::SeatSet,
    games: u64,
    seed: u64,
    mut make_bot: impl FnMut(u64, usize) -> Box<dyn Bot>,
) -> Accuracy {
    let mut result = Accuracy::default();
    for g in 0..games {
        let Ok(mut game) = Game::new(config) else {
            return result;
        };
        let mut bots: Vec<Box<dyn Bot>> = (0..game.players()).map(|s| make_bot(g, s)).collect();
        let mut rng = Generator::new(seed.wrapping_add(g));
        let mut gain = (0.0, 0u64);
        let mut beliefs: Vec<Belief> = Vec::new();
        let mut voted = false;
        loop {
            let seat = match game.actor() {
                Actor::Chance => {
                    let mut events = Vec::new();
                    game.resolve_chance(&mut rng, &mut events);
                    if events
                        .iter()
                        .any(|e| matches!(e, Event::RoundStarted { .. }))
                    {
                        beliefs = Seat::all(game.players())
                            .map(|s| Belief::with_model(&game.player_view(s), model))
                            .collect();
                        voted = false;
                    }
                    continue;
                }
                Actor::Seat(seat) => seat,
                Actor::Voters(waiting) => match waiting.iter().next() {
                    Some(seat) => seat,
                    None => break,
                },
                Actor::Nobody => break,
            };
            let Some(action) = bots[seat.index()].choose(&game.player_view(seat)) else {
                break;
            };
            let before = game.public_view();
            let stage = match (before.phase, voted) {
                (Phase::Placement, _) => Stage::Placement,
                (_, false) => Stage::Climb,
                (_, true) => Stage::AfterVote,
            };
            let Ok(events) = game.apply(seat, action) else {
                break;
            };
            let mut evidence = false;
            for event in &events {
                evidence |= matches!(
                    event,
                    Event::Placed { .. } | Event::Climbed { .. } | Event::VotesRevealed { .. }
                );
                for belief in &mut beliefs {
                    belief.observe(&before, event);
                }
                voted |= matches!(event, Event::VotesRevealed { .. });
            }
            if evidence && game.phase() != Phase::Score && !game.is_over() {
                record(&game, &beliefs, seats_read, stage, &mut result, &mut gain);
            }
        }
        result.game_gains.push(gain.0 / gain.1.max(1) as f64);
    }
    result
}

/// Takes the rank of every read seat's true card under every other seat's belief.
fn record(
    game: &Game,
    beliefs: &[Belief],
    seats_read: kingup_core::SeatSet,
    stage: Stage,
    result: &mut Accuracy,
    gain: &mut (f64, u64),
) {
    let stats = &mut result.stages[stage as usize];
    for belief in beliefs {
        for seat in seats_read.iter().filter(|&s| s.index() < game.players()) {
            let Some(card) = game.objective_card(game.round(), seat) else {
                continue;
            };
            let Some(rank) = belief.rank(seat, card) else {
                continue;
            };
            let k = belief.candidates() as f64;
            let uniform = (k + 1.0) / 2.0;
            stats.samples += 1;
            stats.rank_sum += rank;
            stats.uniform_rank_sum += uniform;
            stats.top3 += u64::from(rank <= 3.0);
            stats.uniform_top3_sum += 3.0 / k;
            gain.0 += uniform - rank;
            gain.1 += 1;
        }
    }
}
