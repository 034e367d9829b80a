//! What a game pays each seat: the one reward vocabulary of every learning environment
//! built on kingup (Python's `Game.returns`, `VectorEnv`, and its Gymnasium, PettingZoo and
//! OpenSpiel adapters).
//!
//! A seat's rewards up to a step add up to its return at that step, so an environment
//! pays, at each step, the change in [`Reward::returns`] that step caused.

use core::fmt;
use core::str::FromStr;

use kingup_core::Seat;
use kingup_core::kingup_table::Rules;

/// A reward model: what a seat is paid, and when, in either game (a score is the game's
/// `Rules::score`: King Up!'s total points, To Court the King's cards owned).
///
/// ```
/// use kingup_bots::Reward;
/// use kingup_core::{Config, Game, Generator};
///
/// let mut game = Game::new(Config::new(3))?;
/// game.play_random(&mut Generator::new(4));
/// let mut returns = [0.0; 3];
/// "win".parse::<Reward>()?.returns(&game, &mut returns);
/// assert_eq!(returns.iter().sum::<f64>(), 1.0); // the win share: winners split 1
/// Reward::Margin.returns(&game, &mut returns);
/// assert!(returns.iter().sum::<f64>().abs() < 1e-9); // total minus the others' mean
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Reward {
    /// At the end, the win share: 1 split evenly among the winners (a tie of two pays
    /// each 0.5), 0 to the others. Returns sum to 1. The default.
    #[default]
    Win,
    /// The points each round scores, paid when it is scored. Returns are the totals.
    Points,
    /// At the end, the seat's total minus the mean of the other seats' totals. Returns
    /// sum to 0.
    Margin,
}

impl Reward {
    /// Every model, in the order of their names' documentation.
    pub const ALL: [Reward; 3] = [Reward::Win, Reward::Points, Reward::Margin];

    /// The model's name: `"win"`, `"points"` or `"margin"`.
    pub const fn name(self) -> &'static str {
        match self {
            Reward::Win => "win",
            Reward::Points => "points",
            Reward::Margin => "margin",
        }
    }

    /// Writes each seat's return so far in `game` into `out` (one value a seat; extra
    /// entries are zeroed): the sum of the rewards paid up to now. Only `Points` pays
    /// before the game is over.
    pub fn returns<G: Rules>(self, game: &G, out: &mut [f64]) {
        out.fill(0.0);
        if self != Reward::Points && !game.is_over() {
            return;
        }
        let players = out.len().min(game.players());
        let out = &mut out[..players];
        let score = |seat: Seat| f64::from(game.score(seat));
        match self {
            Reward::Points => {
                for (r, seat) in out.iter_mut().zip(Seat::all(players)) {
                    *r = score(seat);
                }
            }
            Reward::Win => {
                for (r, seat) in out.iter_mut().zip(Seat::all(players)) {
                    *r = game.win_share(seat);
                }
            }
            Reward::Margin => {
                let sum: f64 = Seat::all(players).map(score).sum();
                let others = (players - 1) as f64;
                for (r, seat) in out.iter_mut().zip(Seat::all(players)) {
                    let own = score(seat);
                    *r = own - (sum - own) / others;
                }
            }
        }
    }
}

impl fmt::Display for Reward {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text names no reward model.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the reward is \"win\", \"points\" or \"margin\", not {0:?}")]
pub struct ParseRewardError(pub String);

impl FromStr for Reward {
    type Err = ParseRewardError;

    /// Reads a model's [name](Reward::name), exactly.
    fn from_str(text: &str) -> Result<Reward, ParseRewardError> {
        Reward::ALL
            .into_iter()
            .find(|r| r.name() == text)
            .ok_or_else(|| ParseRewardError(text.chars().take(32).collect()))
    }
}

#[cfg(test)]
mod tests {
    use kingup_core::{Config, Game, Generator};

    use super::*;

    fn finished(players: u8, seed: u64) -> Game {
        let mut game = Game::new(Config::new(players)).unwrap();
        game.play_random(&mut Generator::new(seed));
        game
    }

    #[test]
    fn names_round_trip_and_others_are_refused() {
        for reward in Reward::ALL {
            assert_eq!(reward.name().parse(), Ok(reward));
            assert_eq!(reward.to_string(), reward.name());
        }
        assert_eq!("Win".parse::<Reward>(), Err(ParseRewardError("Win".into())));
        assert_eq!(Reward::default(), Reward::Win);
    }

    #[test]
    fn only_points_pay_before_the_end_and_each_model_sums_as_documented() {
        let unfinished = Game::new(Config::new(4)).unwrap();
        let mut out = [1.0; 4];
        for reward in Reward::ALL {
            reward.returns(&unfinished, &mut out);
            assert_eq!(out, [0.0; 4], "{reward}");
        }
        for seed in 0..50 {
            let game = finished(4, seed);
            let totals = game.totals();
            Reward::Points.returns(&game, &mut out);
            assert_eq!(
                out.to_vec(),
                totals.iter().map(|&t| f64::from(t)).collect::<Vec<_>>()
            );
            Reward::Win.returns(&game, &mut out);
            assert!((out.iter().sum::<f64>() - 1.0).abs() < 1e-12);
            let winners = game.winners().unwrap();
            for seat in Seat::all(4) {
                assert_eq!(
                    out[seat.index()] > 0.0,
                    winners.contains(seat),
                    "seed {seed}"
                );
            }
            Reward::Margin.returns(&game, &mut out);
            assert!(out.iter().sum::<f64>().abs() < 1e-9);
        }
    }

    #[test]
    fn extra_entries_are_zeroed() {
        let game = finished(3, 1);
        let mut out = [9.0; 6];
        Reward::Points.returns(&game, &mut out);
        assert_eq!(out[3..], [0.0; 3]);
    }
}
