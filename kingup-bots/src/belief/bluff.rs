//! How well a table reads one seat: the belief's rank of that seat's true card, by stage,
//! with confidence intervals over games. A bot that hides its card well (bluffs) is read
//! worse.

use kingup_core::{Config, Seat, SeatSet};

use super::{BeliefModel, Stage, StageAccuracy, accuracy, mean_and_se};
use crate::Bot;

/// A mean over games and the half-width of its 95 % confidence interval (normal
/// approximation, 1.96 standard errors of the per-game values).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Estimate {
    /// The mean of the per-game values.
    pub mean: f64,
    /// Half-width of the 95 % confidence interval.
    pub ci95: f64,
}

impl Estimate {
    /// The mean of `values` and its 95 % interval (infinite for fewer than two values).
    pub fn of(values: &[f64]) -> Estimate {
        let (mean, se) = mean_and_se(values);
        Estimate {
            mean,
            ci95: 1.96 * se,
        }
    }
}

/// How well the other seats read the chosen seat in one [`Stage`]: each game's mean over its
/// ranks taken in that stage, averaged over the games that had any.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StageRead {
    /// Games with at least one rank taken in this stage.
    pub games: usize,
    /// Ranks taken in all.
    pub samples: u64,
    /// The true card's mean rank under the readers' beliefs (1 is best read).
    pub mean_rank: Estimate,
    /// How often the true card was among the beliefs' 3 most likely.
    pub top3: Estimate,
    /// The same mean rank under the uniform prior.
    pub uniform_rank: f64,
    /// The uniform prior's top-3 rate.
    pub uniform_top3: f64,
}

/// [`read_seat`]'s result, by stage in [`Stage::ALL`] order.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SeatRead {
    /// By stage.
    pub stages: [StageRead; 3],
}

impl SeatRead {
    /// The read in `stage`.
    pub fn stage(&self, stage: Stage) -> &StageRead {
        &self.stages[stage as usize]
    }
}

/// Plays `games` games of `config` from `seed` with the bots `make_bot(game, seat)` makes
/// and measures how well every other seat's belief (with `model`, updated from the public
/// events) reads `seat`'s objective card: [`accuracy`] restricted to that seat, game by
/// game, so that each stage's figures come with an interval over games. Put the bot under
/// test at `seat` to measure how well it hides its card. Deterministic for a seed, and game
/// `g` is the game `accuracy` would play as its `g`-th from the same seed.
///
/// ```
/// use kingup_bots::belief::{BeliefModel, Stage, read_seat};
/// use kingup_bots::{Bot, HeuristicBot};
/// use kingup_core::{Config, Generator, Seat};
///
/// let make = |game: u64, seat: usize| -> Box<dyn Bot> {
///     Box::new(HeuristicBot::new(Generator::new(game * 8 + seat as u64)))
/// };
/// let read = read_seat(Config::new(4), BeliefModel::default(), Seat::FIRST, 6, 1, make);
/// let climb = read.stage(Stage::Climb);
/// assert!(climb.mean_rank.mean < climb.uniform_rank, "a heuristic player is an open book");
/// ```
pub fn read_seat(
    config: Config,
    model: BeliefModel,
    seat: Seat,
    games: u64,
    seed: u64,
    mut make_bot: impl FnMut(u64, usize) -> Box<dyn Bot>,
) -> SeatRead {
    let mut per_game: [Vec<StageAccuracy>; 3] = Default::default();
    for g in 0..games {
        let one = accuracy(
            config,
            model,
            SeatSet::single(seat),
            1,
            seed.wrapping_add(g),
            |_, s| make_bot(g, s),
        );
        for (stage, games) in one.stages.iter().zip(&mut per_game) {
            if stage.samples > 0 {
                games.push(*stage);
            }
        }
    }
    let mut read = SeatRead::default();
    for (out, games) in read.stages.iter_mut().zip(&per_game) {
        *out = summarise(games);
    }
    read
}

/// One stage's per-game accuracies as means over games.
fn summarise(games: &[StageAccuracy]) -> StageRead {
    let values = |f: fn(&StageAccuracy) -> f64| games.iter().map(f).collect::<Vec<f64>>();
    let mean = |f: fn(&StageAccuracy) -> f64| Estimate::of(&values(f)).mean;
    StageRead {
        games: games.len(),
        samples: games.iter().map(|g| g.samples).sum(),
        mean_rank: Estimate::of(&values(StageAccuracy::mean_rank)),
        top3: Estimate::of(&values(StageAccuracy::top3_rate)),
        uniform_rank: mean(StageAccuracy::uniform_mean_rank),
        uniform_top3: mean(StageAccuracy::uniform_top3_rate),
    }
}
