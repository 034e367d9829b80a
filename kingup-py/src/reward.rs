//! What a game pays each seat: the one reward vocabulary of every environment
//! (`Game.returns`, `VectorEnv`, and the Gymnasium, PettingZoo and OpenSpiel adapters).
//!
//! A seat's rewards up to a step add up to its return at that step, so an environment
//! pays, at each step, the change of `returns` it caused.

use kingup_core::{Game, Seat};
use pyo3::prelude::*;

use crate::config::choice_arg;

/// A reward model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reward {
    /// At the end, the win share: 1 split evenly among the winners (a tie of two pays
    /// each 0.5), 0 to the others. Returns sum to 1.
    Win,
    /// The points each round scores, paid when it is scored. Returns are the totals.
    Points,
    /// At the end, the seat's total minus the mean of the other seats' totals. Returns
    /// sum to 0.
    Margin,
}

impl Reward {
    /// The default of every environment.
    pub(crate) const DEFAULT: Reward = Reward::Win;
    const CHOICES: [(&'static str, Reward); 3] = [
        ("win", Reward::Win),
        ("points", Reward::Points),
        ("margin", Reward::Margin),
    ];

    /// Reads `"win"`, `"points"` or `"margin"` (`None`: the default), else
    /// `InvalidConfigError`.
    pub(crate) fn read(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Reward> {
        obj.filter(|r| !r.is_none())
            .map(|r| choice_arg(r, "reward", &Reward::CHOICES))
            .transpose()
            .map(|r| r.unwrap_or(Reward::DEFAULT))
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            Reward::Win => "win",
            Reward::Points => "points",
            Reward::Margin => "margin",
        }
    }

    /// Writes each seat's return so far in `game` into `out` (one value a seat): the sum
    /// of the rewards paid up to now. Only `Points` pays before the game is over.
    pub(crate) fn returns(self, game: &Game, out: &mut [f64]) {
        out.fill(0.0);
        if self != Reward::Points && !game.is_over() {
            return;
        }
        let totals = game.totals();
        let players = out.len().min(totals.len());
        let out = &mut out[..players];
        match self {
            Reward::Points => {
                for (r, &t) in out.iter_mut().zip(&totals) {
                    *r = f64::from(t);
                }
            }
            Reward::Win => {
                let winners = game.winners().unwrap_or_default();
                let share = 1.0 / winners.len().max(1) as f64;
                for (r, seat) in out.iter_mut().zip(Seat::all(players)) {
                    if winners.contains(seat) {
                        *r = share;
                    }
                }
            }
            Reward::Margin => {
                let sum: f64 = totals.iter().map(|&t| f64::from(t)).sum();
                let others = (players - 1) as f64;
                for (r, &t) in out.iter_mut().zip(&totals) {
                    let own = f64::from(t);
                    *r = own - (sum - own) / others;
                }
            }
        }
    }
}
