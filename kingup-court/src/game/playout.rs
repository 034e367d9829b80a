//! The fast random playout, [`Game::play_random`]: chance and uniformly random legal
//! actions to the end of the game, its random draws batched.
//!
//! It draws its own way, not as a loop over [`Game::resolve_chance`] and
//! [`Game::random_action`]: eight dice from one random word, and no draw where only one
//! action is legal. `Session::play_random` records the steps this playout plays
//! ([`kingup_table::Rules::play_random_steps`]), so a seed gives the same random game in
//! both and in every front end.

use kingup_table::below;
use rand_core::Rng;

use super::Game;
use super::random::{nth_of, ones24};
use crate::action_set::select_in_word;
use crate::{Action, Card, ChanceOutcome, Dice, Face, Phase, Step};

/// Dice a random word gives: eight base-6 digits.
const DICE_PER_WORD: u32 = 8;
/// `6^8`: the values of eight dice together.
const EIGHT_DICE: u64 = 6u64.pow(DICE_PER_WORD);
/// `2^64 mod 6^8`: a word whose product with `6^8` leaves a low word below this would make
/// some eight-dice values more likely than others (Lemire's test); it is drawn again.
const REJECT_BELOW: u64 = (u64::MAX % EIGHT_DICE + 1) % EIGHT_DICE;

/// The playout's random draws: the dice eight to a word, the actions by
/// [`kingup_table::below`] (none where one action is legal).
struct Draws<'r, R: ?Sized> {
    rng: &'r mut R,
    /// The fraction whose next base-6 digit is the next die.
    dice: u64,
    /// The dice `dice` still gives.
    left: u32,
}

impl<'r, R: Rng + ?Sized> Draws<'r, R> {
    fn new(rng: &'r mut R) -> Self {
        Draws {
            rng,
            dice: 0,
            left: 0,
        }
    }

    /// One die, a face index in `0..6`: exactly uniform and independent of the others (the
    /// first eight base-6 digits of a word are `⌊w · 6^8 / 2^64⌋`, uniform over `0..6^8`
    /// once Lemire's test accepts `w`).
    #[inline(always)]
    fn die(&mut self) -> u32 {
        if self.left == 0 {
            self.refill();
        }
        self.left -= 1;
        let t = u128::from(self.dice) * 6;
        self.dice = t as u64;
        (t >> 64) as u32
    }

    #[inline]
    fn refill(&mut self) {
        loop {
            let word = self.rng.next_u64();
            if word.wrapping_mul(EIGHT_DICE) >= REJECT_BELOW {
                self.dice = word;
                self.left = DICE_PER_WORD;
                return;
            }
        }
    }

    /// A uniform rank below `n` (at least 1): no draw when `n` is 1.
    #[inline(always)]
    fn rank(&mut self, n: u32) -> u32 {
        if n <= 1 { 0 } else { below(self.rng, n) }
    }
}

impl Game {
    /// Plays to the end, chance and uniformly random legal actions alike drawn from `rng`,
    /// without events or checks: the fast random playout. Returns the number of actions
    /// played. With `max_rounds` unset, a random game can last long (hundreds of rounds).
    ///
    /// Every action is uniform among the legal ones, every die uniform, but the draws are
    /// its own: eight dice from one random word (exactly uniform: a word that would bias
    /// them is drawn again), one [`kingup_table::below`]`(count)` an action except where a
    /// single action is legal (then none), one `below(players)` for a random first player.
    /// So a seed does not play the game a loop over [`Game::resolve_chance`] and
    /// [`Game::random_action`] plays; it plays the game `Session::play_random` plays from
    /// the same state and generator, which records these steps.
    ///
    /// ```
    /// use kingup_court::{Config, Game};
    /// use kingup_court::Generator;
    ///
    /// let mut config = Config::new(4);
    /// config.max_rounds = Some(Config::SIMULATION_ROUNDS);
    /// let mut game = Game::new(config)?;
    /// let actions = game.play_random(&mut Generator::new(1));
    /// assert!(game.is_over() && actions > 100);
    /// # Ok::<(), kingup_court::ConfigError>(())
    /// ```
    pub fn play_random<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u64 {
        self.playout(rng, |_| {})
    }

    /// [`Game::play_random`], handing each step to `on_step` as it is played.
    ///
    /// The commonest actions (rolling, setting a die aside, buying, passing, the first
    /// roll) are played where they are drawn, without going through [`Game::play`]'s
    /// decoding of the action: one data-dependent branch an action fewer.
    #[inline(always)]
    pub(super) fn playout<R: Rng + ?Sized, F: FnMut(Step)>(
        &mut self,
        rng: &mut R,
        mut on_step: F,
    ) -> u64 {
        let mut draws = Draws::new(rng);
        let mut actions = 0;
        loop {
            // Tests by frequency rather than a jump on the phase, which the branch
            // predictor follows less well.
            let phase = self.phase;
            let seat = self.to_move;
            let action = if phase == Phase::Dice {
                let blocks = self.dice_blocks();
                let r = draws.rank(blocks.total);
                let kept = blocks.kept;
                if r < kept {
                    on_step(Step::Action {
                        seat,
                        action: Action::ROLL,
                    });
                    actions += 1;
                    self.turn.kept = false;
                    let dice = self.turn.active.len();
                    self.turn.active = Dice::EMPTY;
                    self.roll_dice(dice, &mut draws, &mut on_step);
                    continue;
                }
                if r < kept + blocks.np {
                    let face =
                        Face::ALL[select_in_word(u64::from(blocks.faces), r - kept) as usize % 6];
                    on_step(Step::Action {
                        seat,
                        action: Action::set_aside(face),
                    });
                    actions += 1;
                    self.set_aside(face, &mut ());
                    continue;
                }
                blocks.nth(r)
            } else if phase == Phase::Buy {
                let bits = self.buy_bits();
                let r = draws.rank(ones24(bits));
                let bit = select_in_word(bits, r);
                let action = Action::from_index(usize::from(Action::BUY) + bit as usize)
                    .unwrap_or(Action::PASS);
                on_step(Step::Action { seat, action });
                actions += 1;
                // Bit 18 is the King's, bit 19 `pass`; the others are card ids.
                if bit < 19 {
                    let card = if bit == 18 {
                        Card::King
                    } else {
                        Card::ALL[bit as usize % Card::COUNT]
                    };
                    self.buy(card);
                }
                self.end_turn(&mut ());
                continue;
            } else if phase == Phase::PreRoll {
                let bits = self.pre_roll_bits();
                let r = draws.rank(ones24(bits));
                if r == 0 {
                    on_step(Step::Action {
                        seat,
                        action: Action::ROLL,
                    });
                    actions += 1;
                    let dice = u32::from(self.turn.to_roll);
                    self.turn.kept = false;
                    self.roll_dice(dice, &mut draws, &mut on_step);
                    continue;
                }
                nth_of(0, bits, r)
            } else if phase == Phase::Rolling {
                // After a re-roll by a card.
                let dice = u32::from(self.turn.to_roll);
                self.roll_dice(dice, &mut draws, &mut on_step);
                continue;
            } else if phase == Phase::GameOver {
                return actions;
            } else if phase == Phase::Setup {
                let Some(outcome) = self.sample_chance(draws.rng) else {
                    return actions;
                };
                on_step(Step::Chance(outcome));
                self.play_chance(outcome, &mut ());
                continue;
            } else {
                let Some((base, bits)) = self.seat_bits() else {
                    return actions;
                };
                nth_of(base, bits, draws.rank(ones24(bits)))
            };
            on_step(Step::Action { seat, action });
            self.play(action, &mut ());
            actions += 1;
        }
    }

    /// Rolls `dice` dice into the active ones, each a chance step: the dice phase follows.
    #[inline(always)]
    fn roll_dice<R: Rng + ?Sized, F: FnMut(Step)>(
        &mut self,
        dice: u32,
        draws: &mut Draws<'_, R>,
        on_step: &mut F,
    ) {
        let mut active = self.turn.active;
        for _ in 0..dice {
            let index = draws.die();
            on_step(Step::Chance(ChanceOutcome::Die(
                Face::ALL[index as usize % 6],
            )));
            active = active.with_rolled(index);
        }
        self.turn.active = active;
        self.turn.to_roll = 0;
        self.phase = Phase::Dice;
    }
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use kingup_table::{Generator, Rules};

    use super::*;
    use crate::{Config, Session};

    fn config(players: u8, seed: u64) -> Config {
        let mut config = Config::new(players);
        config.max_rounds = Some(20 + (seed % 3) as u32 * 20);
        config.preroll_abilities = seed % 4 != 3;
        config.unlimited_jesters = seed % 5 == 4;
        config
    }

    /// Every game the playout plays is a legal game: its steps, replayed through the
    /// checked API, reach the same state, and it played them all.
    #[test]
    fn the_playout_plays_legal_games() {
        for players in 2..=5 {
            for seed in 0..12 {
                let config = config(players, seed);
                let mut game = Game::new(config).unwrap();
                let mut steps = Vec::new();
                let actions = game.playout(&mut Generator::new(seed), |s| steps.push(s));
                assert!(game.is_over());
                let mut replayed = Game::new(config).unwrap();
                for step in &steps {
                    replayed.apply_step(*step, &mut ()).unwrap();
                }
                assert_eq!(replayed, game);
                let counted = steps.iter().filter(|s| matches!(s, Step::Action { .. }));
                assert_eq!(counted.count() as u64, actions);
                // Without the hook, the same game.
                let mut again = Game::new(config).unwrap();
                assert_eq!(again.play_random(&mut Generator::new(seed)), actions);
                assert_eq!(again, game);
            }
        }
    }

    /// A session plays the game `Game::play_random` plays from the same state and
    /// generator, from the start or from the middle of a game.
    #[test]
    fn a_session_plays_the_game_of_play_random() {
        for players in 2..=5 {
            for seed in 0..8 {
                let config = config(players, seed);
                let mut session = Session::new(config, seed).unwrap();
                for _ in 0..seed * 7 {
                    let game = *session.game();
                    let mut rng = Generator::new(seed);
                    let Some((seat, action)) = game.random_action(&mut rng) else {
                        break;
                    };
                    session.apply(seat, action).unwrap();
                }
                let mut game = *session.game();
                let mut rng = session.generator().clone();
                let expected = game.play_random(&mut rng);
                assert_eq!(session.play_random(), expected);
                assert_eq!(*session.game(), game);
                assert_eq!(*session.generator(), rng);
                assert!(Rules::is_over(session.game()));
            }
        }
    }

    /// The dice are uniform: each face about a sixth of many dice, pairs of consecutive dice
    /// uniform over the 36 (a chi-square far below what a bias would give).
    #[test]
    fn eight_dice_a_word_are_uniform() {
        let mut rng = Generator::new(5);
        let mut draws = Draws::new(&mut rng);
        let mut pairs = [0u32; 36];
        const N: u32 = 360_000;
        for _ in 0..N {
            let (a, b) = (draws.die(), draws.die());
            assert!(a < 6 && b < 6);
            pairs[(6 * a + b) as usize] += 1;
        }
        let expected = f64::from(N) / 36.0;
        let chi2: f64 = pairs
            .iter()
            .map(|&o| (f64::from(o) - expected).powi(2) / expected)
            .sum();
        // 35 degrees of freedom: 66.6 is the 0.999 quantile.
        assert!(chi2 < 66.6, "chi-square {chi2}");
        assert_eq!(
            u128::from(REJECT_BELOW),
            (1u128 << 64) % u128::from(EIGHT_DICE)
        );
    }
}
