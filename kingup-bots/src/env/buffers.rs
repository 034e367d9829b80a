//! The output buffers of a vector of envs: one row of each per env, written in place.

/// One env's rows of the output buffers.
#[derive(Debug)]
pub struct Row<'a> {
    /// The observation of the seat to act.
    pub observation: &'a mut [f32],
    /// The seat to act's legal actions, one flag per action index.
    pub mask: &'a mut [i8],
    /// What the last step paid each seat.
    pub rewards: &'a mut [f32],
    /// Whether the last step ended a game.
    pub done: &'a mut bool,
    /// The seat to act.
    pub seat: &'a mut i64,
    /// The scores of the game the last step ended (0 when none ended).
    pub final_scores: &'a mut [i32],
    /// The seed of the env's current game.
    pub game_seed: &'a mut u64,
}

/// The output buffers of all envs (or of a contiguous run of them), each a flat slice:
/// `observation_len` floats, `action_count` flags and `players` rewards and scores per env.
#[derive(Debug)]
pub struct Out<'a> {
    /// Observations, `observation_len` an env.
    pub observations: &'a mut [f32],
    /// Action masks, `action_count` an env.
    pub masks: &'a mut [i8],
    /// Rewards, `players` an env.
    pub rewards: &'a mut [f32],
    /// Done flags.
    pub dones: &'a mut [bool],
    /// Seats to act.
    pub seats: &'a mut [i64],
    /// Final scores, `players` an env.
    pub final_scores: &'a mut [i32],
    /// Game seeds.
    pub game_seeds: &'a mut [u64],
}

/// The row lengths of the buffers: floats of an observation, flags of a mask, seats.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Widths {
    pub(crate) observation: usize,
    pub(crate) mask: usize,
    pub(crate) players: usize,
}

impl<'a> Out<'a> {
    /// Splits after the first `k` envs.
    pub(crate) fn split_at(self, k: usize, w: Widths) -> (Out<'a>, Out<'a>) {
        let (o1, o2) = self.observations.split_at_mut(k * w.observation);
        let (m1, m2) = self.masks.split_at_mut(k * w.mask);
        let (r1, r2) = self.rewards.split_at_mut(k * w.players);
        let (d1, d2) = self.dones.split_at_mut(k);
        let (s1, s2) = self.seats.split_at_mut(k);
        let (f1, f2) = self.final_scores.split_at_mut(k * w.players);
        let (g1, g2) = self.game_seeds.split_at_mut(k);
        let first = Out {
            observations: o1,
            masks: m1,
            rewards: r1,
            dones: d1,
            seats: s1,
            final_scores: f1,
            game_seeds: g1,
        };
        let second = Out {
            observations: o2,
            masks: m2,
            rewards: r2,
            dones: d2,
            seats: s2,
            final_scores: f2,
            game_seeds: g2,
        };
        (first, second)
    }

    /// The rows of envs `range`, borrowed (the buffers stay whole for the next part).
    pub(crate) fn part(&mut self, range: std::ops::Range<usize>, w: Widths) -> Out<'_> {
        let (a, b) = (range.start, range.end);
        Out {
            observations: &mut self.observations[a * w.observation..b * w.observation],
            masks: &mut self.masks[a * w.mask..b * w.mask],
            rewards: &mut self.rewards[a * w.players..b * w.players],
            dones: &mut self.dones[a..b],
            seats: &mut self.seats[a..b],
            final_scores: &mut self.final_scores[a * w.players..b * w.players],
            game_seeds: &mut self.game_seeds[a..b],
        }
    }

    /// The rows, one per env.
    pub(crate) fn rows(self, w: Widths) -> impl Iterator<Item = Row<'a>> {
        self.observations
            .chunks_exact_mut(w.observation)
            .zip(self.masks.chunks_exact_mut(w.mask))
            .zip(self.rewards.chunks_exact_mut(w.players))
            .zip(self.dones.iter_mut())
            .zip(self.seats.iter_mut())
            .zip(self.final_scores.chunks_exact_mut(w.players))
            .zip(self.game_seeds.iter_mut())
            .map(
                |((((((observation, mask), rewards), done), seat), final_scores), game_seed)| Row {
                    observation,
                    mask,
                    rewards,
                    done,
                    seat,
                    final_scores,
                    game_seed,
                },
            )
    }
}

/// Output buffers owned in Rust, for a runtime driven without NumPy (tests, benches, a
/// native front end): one `Vec` per buffer, zeroed, lent to a pass by [`Buffers::out`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Buffers {
    /// Observations, `observation_len` an env.
    pub observations: Vec<f32>,
    /// Action masks, `action_count` an env.
    pub masks: Vec<i8>,
    /// Rewards, `players` an env.
    pub rewards: Vec<f32>,
    /// Done flags.
    pub dones: Vec<bool>,
    /// Seats to act.
    pub seats: Vec<i64>,
    /// Final scores, `players` an env.
    pub final_scores: Vec<i32>,
    /// Game seeds.
    pub game_seeds: Vec<u64>,
}

impl Buffers {
    /// Zeroed buffers of `envs` envs of game `G` with `players` players.
    pub fn new<G: kingup_core::kingup_table::Rules>(envs: usize, players: usize) -> Buffers {
        Buffers {
            observations: vec![0.0; envs * G::OBSERVATION_LEN],
            masks: vec![0; envs * G::ACTION_COUNT],
            rewards: vec![0.0; envs * players],
            dones: vec![false; envs],
            seats: vec![0; envs],
            final_scores: vec![0; envs * players],
            game_seeds: vec![0; envs],
        }
    }

    /// The buffers as one pass's output.
    pub fn out(&mut self) -> Out<'_> {
        Out {
            observations: &mut self.observations,
            masks: &mut self.masks,
            rewards: &mut self.rewards,
            dones: &mut self.dones,
            seats: &mut self.seats,
            final_scores: &mut self.final_scores,
            game_seeds: &mut self.game_seeds,
        }
    }
}
