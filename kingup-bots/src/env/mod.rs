//! The runtime of vectorised learning environments, for either game: many games stepped
//! together, each from its own seed, writing every env's next decision (observation,
//! action mask, seat) and what the step paid into flat buffers in place. A front end (the
//! Python `kingup.VectorEnv`) owns the buffers and hands them out; everything that plays
//! lives here.
//!
//! With opponents, one seat of every env (the learner's) is played by the caller and the
//! others by bots inside the pass: a step is the learner's action and every bot reply (and
//! chance) up to the learner's next decision or the game's end.
//!
//! **Seeds.** Env `i`'s game number `e` (from 0, since the last seeded reset) has seed
//! `seed + e * n + i` (`n` envs); its chance is drawn from `Generator::new` of that seed and
//! the bot of seat `s` is built from [`bot_seed`]`(game seed, s)`, so a single game with the
//! same seed, bots and actions is the same game.
//!
//! **Observations written as changes.** Where the game gives its observation as flags and
//! values ([`Rules::sparse_observation`]), a step writes an env's observation and mask
//! rows only where they differ from what the env wrote there last (each env remembers the
//! rows' addresses, the observation's flags and the mask it wrote): most of an
//! observation does not change from one step to the next, and writing it whole was most
//! of a step. [`Op::Show`] and [`Op::Restart`] write every row whole; so does a step into
//! rows at other addresses. A caller that changes a row between passes shows the envs
//! again.
//!
//! **Records.** So an env is its seeds and the caller's actions: [`VectorRuntime::records`]
//! gives each env's game count and the actions played in its current game (and in the one
//! that ended at the last step), and [`VectorRuntime::from_records`] replays them into the
//! same envs (a front end's pickles), refusing actions the rules do not allow.

mod buffers;

use kingup_core::kingup_table::{
    ActionMask, Rules, SPARSE_WORDS, SeatView, SparseObservation, bot_seed,
};
use kingup_core::{Generator, PlayerView, Seat};

use buffers::Widths;
pub use buffers::{Buffers, Out, Row};

use crate::{AnyBot, Bot, BotSpec, Reward};

/// A bot as an environment's opponent: rebuilt for every game from a seed, and cloned with
/// the env (an interrupted pass is undone from a copy).
pub trait OpponentSpec<V: SeatView>: Copy + Send + Sync {
    /// The bot it builds.
    type Bot: Bot<V> + Clone + Send + std::fmt::Debug;

    /// A fresh bot drawing from `seed`.
    fn build_bot(&self, seed: u64) -> Self::Bot;
}

impl OpponentSpec<PlayerView> for BotSpec {
    type Bot = AnyBot;

    fn build_bot(&self, seed: u64) -> AnyBot {
        self.build(seed)
    }
}

/// The learner's seat and the bots that play the others.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Opponents<S> {
    /// The seat the caller plays.
    pub learner: Seat,
    /// The bot of each seat (the learner's entry is not used).
    pub specs: [S; Seat::MAX],
}

/// What a pass over the envs does to each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// Plays the env's action.
    Step,
    /// Starts the env's next game (from game 0 of its sequence when `true`).
    Restart(bool),
    /// Writes the decision the env waits for.
    Show,
}

/// Why a step's actions were refused (nothing was played): the first bad one, in env
/// order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionRefusal<G: Rules> {
    /// An index that names no action.
    NoSuchAction {
        /// The env.
        env: usize,
        /// Its seat to act.
        seat: Seat,
        /// The index given.
        index: i64,
    },
    /// An action the env's seat may not play now.
    Illegal {
        /// The env.
        env: usize,
        /// Its seat to act.
        seat: Seat,
        /// The refused action.
        action: G::Action,
        /// What the rules said.
        error: G::IllegalAction,
    },
    /// The env's mask refused an action the rules accept: a bug.
    Bug {
        /// The env.
        env: usize,
        /// The action.
        action: G::Action,
    },
}

/// What every env shares.
#[derive(Clone, Copy, Debug)]
struct Shared<G, S> {
    /// A new game (no chance resolved yet): copied to start each game.
    fresh: G,
    seed: u64,
    /// Number of envs.
    n: u64,
    reward: Reward,
    opponents: Option<Opponents<S>>,
}

/// One env: its game, the game's chance stream, and the decision it waits for.
#[derive(Clone, Debug)]
struct Slot<G: Rules, B> {
    game: G,
    rng: Generator,
    /// This env's index.
    index: u64,
    /// Games started in this env since the last seeded reset.
    episodes: u64,
    /// The seed of the current game.
    game_seed: u64,
    /// The seat to act: the seat to move, or in a King Up! vote the lowest seat still to
    /// vote (with opponents, always the learner's).
    seat: Seat,
    /// `seat`'s legal actions.
    mask: G::ActionMask,
    /// The game that ended at the last step, and the seat whose action ended it (for the
    /// final observation); `None` when the last step or reset did not end a game here.
    ended: Option<(G, Seat)>,
    /// With opponents, the bot of each seat of the current game (`None` for the
    /// learner's); empty without.
    bots: Vec<Option<B>>,
    /// The caller's actions (indices) in the current game, and in the one in `ended`.
    played: Vec<u16>,
    ended_played: Vec<u16>,
    /// What this env last wrote, when the game gives its observation as flags and values:
    /// a step writes the same rows again as changes to it.
    shown: Option<Shown<G::ActionMask>>,
}

/// The rows an env last wrote: their addresses, the observation's flags and the mask.
#[derive(Clone, Copy, Debug)]
struct Shown<M> {
    observation_at: usize,
    mask_at: usize,
    flags: [u64; SPARSE_WORDS],
    mask: M,
}

/// One env as its seeds and the caller's actions make it (see the
/// [module documentation](self)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnvRecord {
    /// Games started in the env since the last seeded reset (at least 1: its current one).
    pub episodes: u64,
    /// The caller's actions (dense indices) in the current game, in order.
    pub played: Vec<u16>,
    /// The caller's actions in the game that ended at the last step, if one did (the
    /// env's previous game, so `episodes` is at least 2).
    pub ended: Option<Vec<u16>>,
}

/// Why records did not make envs: the env and what is wrong with its record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The records are not one per env.
    #[error("{found} env records for {envs} envs")]
    Count {
        /// Envs.
        envs: usize,
        /// Records given.
        found: usize,
    },
    /// The env's game count cannot be (0, or an ended game without one before it).
    #[error("env {env}: {episodes} games started cannot be")]
    Episodes {
        /// The env.
        env: usize,
        /// Its game count.
        episodes: u64,
    },
    /// An action the env's seat may not play where it stands (or that names no action,
    /// or comes after the game's end).
    #[error("env {env}: action {step} of its {} game cannot be played there", if *.ended { "ended" } else { "current" })]
    Action {
        /// The env.
        env: usize,
        /// The action's place in its game's actions.
        step: usize,
        /// In the ended game's actions.
        ended: bool,
    },
    /// The current game is over after its actions (it would have restarted), or the ended
    /// one is not.
    #[error("env {env}: its {} game {}", if *.ended { "ended" } else { "current" }, if *.ended { "does not end with its actions" } else { "is over after its actions" })]
    End {
        /// The env.
        env: usize,
        /// The ended game's record.
        ended: bool,
    },
}

type SlotOf<G, S> = Slot<G, <S as OpponentSpec<<G as Rules>::View>>::Bot>;

/// N envs of game `G`, opponents built from `S` (see the [module documentation](self)).
#[derive(Debug)]
pub struct VectorRuntime<G: Rules, S: OpponentSpec<G::View>> {
    shared: Shared<G, S>,
    slots: Vec<SlotOf<G, S>>,
    /// Scratch for the checked actions (allocated once).
    actions: Vec<G::Action>,
    /// The slots and the paid-out rows as they were before a pass run in parts, to put
    /// back if it is interrupted.
    backup: Backup<SlotOf<G, S>>,
}

#[derive(Debug)]
struct Backup<T> {
    slots: Vec<T>,
    rewards: Vec<f32>,
    dones: Vec<bool>,
    final_scores: Vec<i32>,
}

impl<G: Rules, S: OpponentSpec<G::View>> VectorRuntime<G, S> {
    /// `n` envs of games like `fresh` (a new game), seeded from `seed`, none started yet:
    /// [`VectorRuntime::start`] starts them.
    pub fn new(
        fresh: G,
        n: usize,
        seed: u64,
        reward: Reward,
        opponents: Option<Opponents<S>>,
    ) -> VectorRuntime<G, S> {
        VectorRuntime {
            shared: Shared {
                fresh,
                seed,
                n: n as u64,
                reward,
                opponents,
            },
            slots: Vec::with_capacity(n),
            actions: Vec::with_capacity(n),
            backup: Backup {
                slots: Vec::new(),
                rewards: Vec::new(),
                dones: Vec::new(),
                final_scores: Vec::new(),
            },
        }
    }

    /// `n` envs as `records` make them (see the [module documentation](self)): each env's
    /// current game replayed from its seed and the caller's actions, bots and chance
    /// included, and the game that ended at its last step likewise.
    pub fn from_records(
        fresh: G,
        seed: u64,
        reward: Reward,
        opponents: Option<Opponents<S>>,
        records: &[EnvRecord],
    ) -> Result<VectorRuntime<G, S>, RecordError> {
        let n = records.len();
        let mut runtime = VectorRuntime::new(fresh, n, seed, reward, opponents);
        for (env, record) in records.iter().enumerate() {
            let slot = Slot::replayed(&runtime.shared, env, record)?;
            runtime.slots.push(slot);
        }
        Ok(runtime)
    }

    /// Each env's record (see the [module documentation](self)).
    pub fn records(&self) -> Vec<EnvRecord> {
        let record = |slot: &SlotOf<G, S>| EnvRecord {
            episodes: slot.episodes,
            played: slot.played.clone(),
            ended: slot.ended.is_some().then(|| slot.ended_played.clone()),
        };
        self.slots.iter().map(record).collect()
    }

    /// Starts the first games of up to `count` more envs; returns how many envs are
    /// started. (Starting a million envs takes a while: a front end starts them in parts
    /// and stays responsive between.)
    pub fn start(&mut self, count: usize) -> usize {
        let n = self.shared.n as usize;
        let from = self.slots.len();
        let to = (from + count).min(n);
        let shared = &self.shared;
        self.slots
            .extend((from as u64..to as u64).map(|i| Slot::new(shared, i)));
        self.slots.len()
    }

    /// The number of envs.
    pub fn len(&self) -> usize {
        self.shared.n as usize
    }

    /// Whether there are no envs.
    pub fn is_empty(&self) -> bool {
        self.shared.n == 0
    }

    /// The number of players of every game.
    pub fn players(&self) -> usize {
        self.shared.fresh.players()
    }

    /// The base seed of the games' seeds.
    pub fn seed(&self) -> u64 {
        self.shared.seed
    }

    /// Sets the base seed (a seeded reset).
    pub fn set_seed(&mut self, seed: u64) {
        self.shared.seed = seed;
    }

    /// Env `i`'s game and its seat to act.
    pub fn decision(&self, i: usize) -> Option<(&G, Seat)> {
        self.slots.get(i).map(|s| (&s.game, s.seat))
    }

    /// The game that ended in env `i` at the last step and the seat whose action ended it.
    pub fn ended(&self, i: usize) -> Option<(&G, Seat)> {
        let slot = self.slots.get(i)?;
        slot.ended.as_ref().map(|(game, seat)| (game, *seat))
    }

    /// The row widths of this runtime's buffers.
    fn widths(&self) -> Widths {
        Widths {
            observation: G::OBSERVATION_LEN,
            mask: G::ACTION_COUNT,
            players: self.players(),
        }
    }

    /// Checks one action per env (`raw[i]` an action index) against the env's seat to act
    /// and keeps them for the next [`Op::Step`] pass; the first bad one, in env order, is
    /// refused and nothing is kept.
    pub fn check(&mut self, raw: &[i64]) -> Result<(), ActionRefusal<G>> {
        self.actions.clear();
        for (env, (slot, &index)) in self.slots.iter().zip(raw).enumerate() {
            let no_such = ActionRefusal::NoSuchAction {
                env,
                seat: slot.seat,
                index,
            };
            let action = usize::try_from(index)
                .ok()
                .and_then(G::action_from_index)
                .ok_or(no_such)?;
            if !slot.mask.contains_index(G::action_index(action)) {
                self.actions.clear();
                return Err(match slot.game.check(slot.seat, action) {
                    Err(error) => ActionRefusal::Illegal {
                        env,
                        seat: slot.seat,
                        action,
                        error,
                    },
                    Ok(()) => ActionRefusal::Bug { env, action },
                });
            }
            self.actions.push(action);
        }
        Ok(())
    }

    /// Applies `op` to every env (with the checked actions when stepping) and writes
    /// `out`, on up to `threads` threads.
    ///
    /// A step writes an env's observation row as changes to what the env last wrote into
    /// that same row (see the [module documentation](self)): between passes the caller
    /// keeps the rows as written, or shows the envs again ([`Op::Show`]) after changing
    /// them.
    pub fn run(&mut self, op: Op, out: Out<'_>, threads: usize) {
        self.run_part(op, 0..self.slots.len(), out, threads);
    }

    /// [`VectorRuntime::run`] for envs `range` only, `out` holding their rows.
    pub fn run_part(
        &mut self,
        op: Op,
        range: std::ops::Range<usize>,
        out: Out<'_>,
        threads: usize,
    ) {
        let w = self.widths();
        let actions = match op {
            Op::Step => self.actions.get(range.clone()).unwrap_or(&[]),
            Op::Restart(_) | Op::Show => &[],
        };
        run(
            &mut self.slots[range],
            actions,
            op,
            &self.shared,
            out,
            threads,
            w,
        );
    }

    /// Keeps the envs and the paid-out rows of `out` as they are, for
    /// [`VectorRuntime::restore`] to put back.
    pub fn back_up(&mut self, out: &Out<'_>) {
        let backup = &mut self.backup;
        backup.slots.clone_from(&self.slots);
        backup.rewards.clear();
        backup.rewards.extend_from_slice(out.rewards);
        backup.dones.clear();
        backup.dones.extend_from_slice(out.dones);
        backup.final_scores.clear();
        backup.final_scores.extend_from_slice(out.final_scores);
    }

    /// Puts envs `0..done` back as [`VectorRuntime::back_up`] kept them, and writes their
    /// decisions again: an interrupted pass is undone.
    pub fn restore(&mut self, out: &mut Out<'_>, done: usize) {
        let w = self.widths();
        self.slots[..done].clone_from_slice(&self.backup.slots[..done]);
        let paid = done * w.players;
        out.rewards[..paid].copy_from_slice(&self.backup.rewards[..paid]);
        out.final_scores[..paid].copy_from_slice(&self.backup.final_scores[..paid]);
        out.dones[..done].copy_from_slice(&self.backup.dones[..done]);
        let mut sparse = SparseObservation::new();
        for (slot, row) in self.slots[..done]
            .iter_mut()
            .zip(out.part(0..done, w).rows(w))
        {
            // The rows hold what the pass wrote, not what the restored envs showed.
            slot.write(row, &mut sparse, false);
        }
    }
}

impl<G: Rules, B: Bot<G::View> + Clone> Slot<G, B> {
    fn new<S: OpponentSpec<G::View, Bot = B>>(shared: &Shared<G, S>, index: u64) -> Slot<G, B> {
        let mut slot = Slot::blank(shared, index);
        slot.restart(shared);
        slot
    }

    /// Env `index` before its first game.
    fn blank<S: OpponentSpec<G::View, Bot = B>>(shared: &Shared<G, S>, index: u64) -> Slot<G, B> {
        Slot {
            game: shared.fresh,
            rng: Generator::new(0),
            index,
            episodes: 0,
            game_seed: 0,
            seat: Seat::FIRST,
            mask: shared.fresh.legal_mask(Seat::FIRST),
            ended: None,
            bots: Vec::new(),
            played: Vec::new(),
            ended_played: Vec::new(),
            shown: None,
        }
    }

    /// Env `env` as `record` makes it.
    fn replayed<S: OpponentSpec<G::View, Bot = B>>(
        shared: &Shared<G, S>,
        env: usize,
        record: &EnvRecord,
    ) -> Result<Slot<G, B>, RecordError> {
        let before = record
            .episodes
            .checked_sub(1 + u64::from(record.ended.is_some()));
        let Some(before) = before else {
            let episodes = record.episodes;
            return Err(RecordError::Episodes { env, episodes });
        };
        let mut slot = Slot::blank(shared, env as u64);
        let mut ended = None;
        if let Some(actions) = &record.ended {
            slot.episodes = before;
            slot.restart(shared);
            let seat = slot.replay(env, actions, true)?;
            if !slot.game.is_over() {
                return Err(RecordError::End { env, ended: true });
            }
            ended = Some((slot.game, seat.unwrap_or(Seat::FIRST)));
            slot.ended_played.clone_from(actions);
        }
        slot.episodes = record.episodes - 1;
        slot.restart(shared);
        slot.replay(env, &record.played, false)?;
        if slot.game.is_over() {
            return Err(RecordError::End { env, ended: false });
        }
        slot.ended = ended;
        Ok(slot)
    }

    /// Plays `actions` (checked) from the current state as steps do; the seat of the last.
    fn replay(
        &mut self,
        env: usize,
        actions: &[u16],
        ended: bool,
    ) -> Result<Option<Seat>, RecordError> {
        let mut last = None;
        for (step, &index) in actions.iter().enumerate() {
            let action = G::action_from_index(usize::from(index))
                .filter(|_| !self.game.is_over() && self.mask.contains_index(usize::from(index)))
                .ok_or(RecordError::Action { env, step, ended })?;
            last = Some(self.seat);
            self.game.apply_unchecked(self.seat, action);
            self.played.push(index);
            self.settle();
        }
        Ok(last)
    }

    /// Starts this env's next game, from its own seed, up to its first decision.
    fn restart<S: OpponentSpec<G::View, Bot = B>>(&mut self, shared: &Shared<G, S>) {
        self.game_seed = shared
            .seed
            .wrapping_add(self.episodes.wrapping_mul(shared.n))
            .wrapping_add(self.index);
        self.episodes += 1;
        self.played.clear();
        self.game = shared.fresh;
        self.rng = Generator::new(self.game_seed);
        if let Some(opponents) = &shared.opponents {
            let game_seed = self.game_seed;
            self.bots.clear();
            self.bots.extend(Seat::all(self.game.players()).map(|seat| {
                (seat != opponents.learner)
                    .then(|| opponents.specs[seat.index()].build_bot(bot_seed(game_seed, seat)))
            }));
        }
        self.settle();
    }

    /// Resolves chance, lets the bots act, and finds the decision the game now waits for.
    fn settle(&mut self) {
        loop {
            self.game.resolve_chance(&mut self.rng, &mut ());
            // With chance resolved a seat always acts until the game is over, and a
            // finished game is restarted before this is asked.
            let Some(seat) = self.game.next_seat() else {
                // The game is over: nobody has a legal action.
                self.mask = self.game.legal_mask(self.seat);
                return;
            };
            let mask = self.game.legal_mask(seat);
            let Some(bot) = self.bots.get_mut(seat.index()).and_then(Option::as_mut) else {
                self.seat = seat;
                self.mask = mask;
                return;
            };
            let chosen = bot.choose(&self.game.player_view(seat));
            let legal = |a: &G::Action| mask.contains_index(G::action_index(*a));
            // The bots are tested to choose a legal action for every seat that may act;
            // were one not to, the lowest legal action keeps the env in a reachable state.
            debug_assert!(chosen.as_ref().is_some_and(legal));
            let action = chosen
                .filter(legal)
                .or_else(|| mask.lowest_index().and_then(G::action_from_index));
            let Some(action) = action else {
                self.seat = seat;
                self.mask = mask;
                return;
            };
            self.game.apply_unchecked(seat, action);
        }
    }

    /// Plays `action` (checked legal) and writes the results into `row`.
    fn step<S: OpponentSpec<G::View, Bot = B>>(
        &mut self,
        action: G::Action,
        shared: &Shared<G, S>,
        row: Row<'_>,
        sparse: &mut SparseObservation,
    ) {
        let players = row.rewards.len();
        let (mut before, mut after) = ([0.0; Seat::MAX], [0.0; Seat::MAX]);
        // Only points are paid before the end, and a game in play has no other return.
        if shared.reward == Reward::Points {
            shared.reward.returns(&self.game, &mut before[..players]);
        }
        let acted = self.seat;
        // Dense indices are below `G::ACTION_COUNT`, which a `u16` holds (both games').
        debug_assert!(G::ACTION_COUNT <= usize::from(u16::MAX));
        self.played.push(G::action_index(action) as u16);
        self.game.apply_unchecked(acted, action);
        self.settle();
        shared.reward.returns(&self.game, &mut after[..players]);
        for ((r, a), b) in row.rewards.iter_mut().zip(&after).zip(&before) {
            // In f64, then rounded once.
            *r = (a - b) as f32;
        }
        let over = self.game.is_over();
        if over {
            self.ended = Some((self.game, acted));
            std::mem::swap(&mut self.played, &mut self.ended_played);
            for (t, seat) in row.final_scores.iter_mut().zip(Seat::all(players)) {
                *t = i32::try_from(self.game.score(seat)).unwrap_or(i32::MAX);
            }
            self.restart(shared);
        } else {
            self.ended = None;
            row.final_scores.fill(0);
        }
        *row.done = over;
        self.write(row, sparse, true);
    }

    /// Writes the decision this env waits for (not the paid-out fields). With `changes`,
    /// an observation row this env wrote last is written only where it changed (`sparse`
    /// is scratch for the observation's flags and values).
    fn write(&mut self, row: Row<'_>, sparse: &mut SparseObservation, changes: bool) {
        let observation_at = row.observation.as_ptr() as usize;
        let mask_at = row.mask.as_ptr() as usize;
        if self.game.sparse_observation(self.seat, sparse) {
            match &mut self.shown {
                Some(shown)
                    if changes
                        && shown.observation_at == observation_at
                        && shown.mask_at == mask_at =>
                {
                    sparse.write_changes(&shown.flags, row.observation);
                    self.mask.write_flag_changes(&shown.mask, row.mask);
                    shown.flags = *sparse.flags();
                    shown.mask = self.mask;
                }
                _ => {
                    sparse.write(row.observation);
                    self.mask.write_flags(row.mask);
                    self.shown = Some(Shown {
                        observation_at,
                        mask_at,
                        flags: *sparse.flags(),
                        mask: self.mask,
                    });
                }
            }
        } else {
            // The row is the observation's length: the runtime cut it so.
            let _ = self.game.observation(self.seat, row.observation);
            self.mask.write_flags(row.mask);
            self.shown = None;
        }
        *row.seat = self.seat.index() as i64;
        *row.game_seed = self.game_seed;
    }

    /// Applies `op` (with `action` for a step) and writes the results into `row`.
    fn perform<S: OpponentSpec<G::View, Bot = B>>(
        &mut self,
        op: Op,
        action: Option<G::Action>,
        shared: &Shared<G, S>,
        row: Row<'_>,
        sparse: &mut SparseObservation,
    ) {
        match (op, action) {
            (Op::Step, Some(action)) => self.step(action, shared, row, sparse),
            (Op::Restart(from_first), _) => {
                if from_first {
                    self.episodes = 0;
                }
                self.ended = None;
                self.restart(shared);
                self.show(row, sparse);
            }
            // A step without an action cannot happen (the actions are checked first).
            (Op::Step | Op::Show, _) => self.show(row, sparse),
        }
    }

    /// Writes this env's decision whole, with nothing paid and nothing done.
    fn show(&mut self, row: Row<'_>, sparse: &mut SparseObservation) {
        row.rewards.fill(0.0);
        row.final_scores.fill(0);
        *row.done = false;
        self.write(row, sparse, false);
    }
}

/// Applies `op` to `slots` (with `actions[i]` for slot `i` when stepping) into `out`, on
/// up to `threads` threads.
fn run<G: Rules, S: OpponentSpec<G::View>>(
    slots: &mut [SlotOf<G, S>],
    actions: &[G::Action],
    op: Op,
    shared: &Shared<G, S>,
    out: Out<'_>,
    threads: usize,
    w: Widths,
) {
    let work = |slots: &mut [SlotOf<G, S>], actions: &[G::Action], out: Out<'_>| {
        let mut sparse = SparseObservation::new();
        for (i, (slot, row)) in slots.iter_mut().zip(out.rows(w)).enumerate() {
            slot.perform(op, actions.get(i).copied(), shared, row, &mut sparse);
        }
    };
    // Below this many envs a thread costs more than it saves.
    const MIN_PER_THREAD: usize = 64;
    let threads = threads.min(slots.len() / MIN_PER_THREAD).max(1);
    if threads == 1 {
        work(slots, actions, out);
        return;
    }
    let chunk = slots.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let (mut slots, mut actions, mut out) = (slots, actions, out);
        // The last chunk runs on this thread.
        while slots.len() > chunk {
            let (mine, rest) = slots.split_at_mut(chunk);
            let (my_out, rest_out) = out.split_at(chunk, w);
            let (my_actions, rest_actions) = actions.split_at(chunk.min(actions.len()));
            let work = &work;
            scope.spawn(move || work(mine, my_actions, my_out));
            (slots, actions, out) = (rest, rest_actions, rest_out);
        }
        work(slots, actions, out);
    });
}
