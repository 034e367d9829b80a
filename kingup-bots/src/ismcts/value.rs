//! What a playout is worth to each seat: its round margin, or an estimate of how its game
//! ends.

use kingup_core::{Game, Seat};

/// What an [`IsmctsBot`](crate::IsmctsBot) plays for: the value each seat gets from a
/// playout, which ends when the round is scored. Values lie in `[-1, 1]`.
///
/// ```
/// use kingup_bots::{IsmctsConfig, Value};
///
/// assert_eq!(IsmctsConfig::default().value, Value::Round);
/// // Two points ahead of the best other seat with one round left: better than even, far
/// // from certain; the same lead with two rounds left is worth less.
/// let one_left = Value::lead_value(2.0, 1, Value::GAME_SCALE);
/// assert!(0.0 < one_left && one_left < 0.5);
/// assert!(Value::lead_value(2.0, 2, Value::GAME_SCALE) < one_left);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Value {
    /// The round margin: each seat's round points minus the mean of the others', over 33
    /// (the most one round can give). Totals so far play no part.
    #[default]
    Round,
    /// The game: once the game is over, the win share mapped to `[-1, 1]` (`2 × share − 1`:
    /// a sole winner 1, a tie of two 0, a loser −1); before, [`Value::lead_value`] of the
    /// seat's total minus the best other seat's total, with the rounds still to play and
    /// `scale`. With `margin` above 0, that much of the round value is mixed in:
    /// `(1 − margin) × game + margin × round`, which keeps the search informed where the
    /// game value is flat (a game already won or lost).
    Game {
        /// Points of lead per square root of a round left that make the value `tanh(1/2)`.
        scale: f64,
        /// Weight of the round value, in `[0, 1]`.
        margin: f64,
    },
}

impl Value {
    /// The game value alone, with the fitted [`Value::GAME_SCALE`].
    pub const GAME: Value = Value::Game {
        scale: Value::GAME_SCALE,
        margin: 0.0,
    };

    /// The scale of [`Value::lead_value`] per square root of a round left, in points. The
    /// `game_value_fit` example fits `s` in `tanh(lead / (2 s))` to the final outcomes of
    /// 2,000 games of `HeuristicBot`s a player count, by least squares: `s / sqrt(k)` came
    /// out between 2.3 and 4.0 (3 to 6 players, `k` = 1 or 2 rounds left).
    pub const GAME_SCALE: f64 = 3.5;

    /// The game value of leading the best other seat by `lead` points (negative when
    /// behind) with `rounds_left` rounds still to play: `tanh(lead / (2 s))`, that is
    /// `2 P − 1` for a logistic win chance `P`, with `s = scale × sqrt(rounds_left)`
    /// (the spread of the rounds to come grows like a sum of independent rounds). With no
    /// round left it is the sign of the lead.
    pub fn lead_value(lead: f64, rounds_left: u8, scale: f64) -> f64 {
        if rounds_left == 0 {
            return lead.signum() * f64::from(u8::from(lead != 0.0));
        }
        let scale = scale * f64::from(rounds_left).sqrt();
        (lead / (2.0 * scale)).tanh()
    }

    /// Each seat's value of `game`, whose round `round` has just been played out (seats past
    /// the player count get 0). All zero if that round was not scored (a playout stopped
    /// early).
    pub fn rewards(self, game: &Game, round: u8) -> [f64; Seat::MAX] {
        let mut rewards = [0.0; Seat::MAX];
        let Some(points) = game.scores().get(usize::from(round)) else {
            return rewards;
        };
        let players = game.players();
        let sum: f64 = points[..players].iter().map(|&p| f64::from(p)).sum();
        for (seat, reward) in rewards.iter_mut().enumerate().take(players) {
            let mine = f64::from(points[seat]);
            let others = (sum - mine) / (players - 1) as f64;
            *reward = (mine - others) / 33.0;
        }
        if let Value::Game { scale, margin } = self {
            let game_values = game_values(game, round, scale);
            for (reward, value) in rewards.iter_mut().zip(game_values) {
                *reward = (1.0 - margin) * value + margin * *reward;
            }
        }
        rewards
    }
}

/// Each seat's game value (see [`Value::Game`]) once round `round` is scored.
fn game_values(game: &Game, round: u8, scale: f64) -> [f64; Seat::MAX] {
    let mut values = [0.0; Seat::MAX];
    let players = game.players();
    if let Some(winners) = game.winners() {
        let share = 1.0 / winners.len().max(1) as f64;
        for (seat, value) in Seat::all(players).zip(&mut values) {
            *value = if winners.contains(seat) {
                2.0 * share - 1.0
            } else {
                -1.0
            };
        }
        return values;
    }
    let left = game.config().rounds.saturating_sub(round + 1);
    let totals = game.totals();
    for (seat, value) in values.iter_mut().enumerate().take(players) {
        let best_other = (0..players)
            .filter(|&o| o != seat)
            .map(|o| totals[o])
            .max()
            .unwrap_or(0);
        let lead = f64::from(totals[seat]) - f64::from(best_other);
        *value = Value::lead_value(lead, left, scale);
    }
    values
}

#[cfg(test)]
mod tests {
    use super::Value;
    use kingup_core::{Actor, Config, Game, Generator, Phase, Seat};

    const S: f64 = Value::GAME_SCALE;

    #[test]
    fn the_lead_value_rises_with_the_lead_and_stays_in_range() {
        for left in 0..=2 {
            let mut last = -1.0;
            for lead in -60..=60 {
                let v = Value::lead_value(f64::from(lead), left, S);
                assert!((-1.0..=1.0).contains(&v), "{lead} {left}: {v}");
                assert!(v >= last, "not monotone at {lead} with {left} left");
                assert!(v > last || left == 0, "flat at {lead} with {left} left");
                last = v;
            }
            assert_eq!(Value::lead_value(0.0, left, S), 0.0);
            assert_eq!(
                Value::lead_value(-7.0, left, S),
                -Value::lead_value(7.0, left, S)
            );
        }
    }

    #[test]
    fn a_lead_is_worth_less_with_more_rounds_to_play() {
        for lead in [1.0, 5.0, 20.0] {
            let one = Value::lead_value(lead, 1, S);
            let two = Value::lead_value(lead, 2, S);
            assert!(0.0 < two && two < one && one < 1.0, "{lead}: {two} {one}");
        }
        assert_eq!(Value::lead_value(3.0, 0, S), 1.0);
        assert_eq!(Value::lead_value(-3.0, 0, S), -1.0);
    }

    /// Plays `game` at random until round `round` is scored.
    fn play_round(game: &mut Game, rng: &mut Generator, round: u8) {
        while game.scores().len() <= usize::from(round) {
            if game.actor() == Actor::Chance {
                game.resolve_chance(rng, &mut ());
            } else {
                let (seat, action) = game.random_action(rng).unwrap();
                game.apply(seat, action).unwrap();
            }
        }
    }

    #[test]
    fn at_the_end_winners_get_the_top_value_and_the_others_the_bottom() {
        for seed in 0..50 {
            let mut game = Game::new(Config::new(4)).unwrap();
            let mut rng = Generator::new(seed);
            play_round(&mut game, &mut rng, 2);
            assert!(game.is_over());
            let winners = game.winners().unwrap();
            let rewards = Value::GAME.rewards(&game, 2);
            for seat in Seat::all(4) {
                let expected = if winners.contains(seat) {
                    2.0 / winners.len() as f64 - 1.0
                } else {
                    -1.0
                };
                assert_eq!(rewards[seat.index()], expected);
            }
            if winners.len() == 1 {
                assert_eq!(rewards.iter().cloned().fold(f64::MIN, f64::max), 1.0);
            }
        }
    }

    #[test]
    fn mid_game_the_leader_is_valued_highest_and_values_follow_totals() {
        for seed in 0..50 {
            let mut game = Game::new(Config::new(5)).unwrap();
            let mut rng = Generator::new(seed);
            play_round(&mut game, &mut rng, 0);
            assert_eq!(game.phase(), Phase::Score);
            let totals = game.totals();
            let rewards = Value::GAME.rewards(&game, 0);
            for a in Seat::all(5) {
                for b in Seat::all(5) {
                    if totals[a.index()] > totals[b.index()] {
                        assert!(rewards[a.index()] > rewards[b.index()], "seed {seed}");
                    }
                }
            }
            // Only a sole leader has a positive value, and no value is certain yet.
            let positive = rewards.iter().filter(|&&r| r > 0.0).count();
            assert!(positive <= 1);
            assert!(rewards.iter().all(|r| r.abs() < 1.0));
        }
    }

    #[test]
    fn the_round_value_is_the_round_margin_over_33() {
        let mut game = Game::new(Config::new(3)).unwrap();
        let mut rng = Generator::new(3);
        play_round(&mut game, &mut rng, 0);
        let points = game.scores()[0];
        let rewards = Value::Round.rewards(&game, 0);
        for s in 0..3 {
            let others: f64 = (0..3)
                .filter(|&o| o != s)
                .map(|o| f64::from(points[o]))
                .sum::<f64>()
                / 2.0;
            assert!((rewards[s] - (f64::from(points[s]) - others) / 33.0).abs() < 1e-12);
        }
        assert_eq!(Value::Round.rewards(&game, 1), [0.0; Seat::MAX]);
    }
}
