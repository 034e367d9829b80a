//! `kingup.VectorEnv`: many games stepped together in Rust, writing into NumPy buffers.
//!
//! The env owns its output arrays, allocated once: every `step` validates all the actions
//! (with the GIL held, before changing anything), then, with the GIL released, plays each
//! env's action, resolves chance from that env's own stream, restarts finished games, and
//! writes the next decision's observation, mask and seat, and the rewards and done flags,
//! in place. Python sees read-only views of those arrays.
//!
//! With `opponents`, one seat of every env (the learner's) is played by the caller and
//! the others by `kingup-bots` bots inside the pass: a step is the learner's action and
//! every bot reply (and chance) up to the learner's next decision or the game's end.

use std::sync::Mutex;

use kingup_bots::{AnyBot, Bot, BotKind, BotSpec};
use kingup_core::{Action, Config, Game, Generator, IllegalAction, OBSERVATION_LEN, Seat};
use numpy::{
    Element, PyArray, PyArray1, PyArray2, PyArrayDescrMethods, PyArrayMethods, PyReadwriteArray,
    PyUntypedArray, PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};

use crate::bots::spec_arg;
use crate::config::ConfigArgs;
use crate::convert::{
    NO_SUCH_ACTION, action_from_index, given, int_arg, int_in, seat_arg, seed_arg, shown, type_name,
};
use crate::errors;
use crate::game::{setup_name, write_mask};
use crate::limits::{MAX_ENVS, MAX_THREADS};
use crate::reward::{Reward, read_reward};
use crate::sync;
use crate::view::PyPlayerView;

/// What every env shares.
#[derive(Clone, Copy, Debug)]
struct Shared {
    /// A new game (no chance resolved yet): copied to start each game.
    fresh: Game,
    /// The base seed: env `i`'s game number `e` (from 0) has seed `seed + e * n + i`.
    seed: u64,
    /// Number of envs.
    n: u64,
    reward: Reward,
    /// The bots of the seats the caller does not play (`None`: the caller plays all).
    opponents: Option<Opponents>,
}

/// The learner's seat and the bots that play the others (`VectorEnv(opponents=...)`).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Opponents {
    learner: Seat,
    /// The bot of each seat (the learner's entry is unused).
    specs: [BotSpec; Seat::MAX],
}

/// The seed of the bot in `seat` of the game seeded `game_seed` (documented in
/// `kingup.VectorEnv`, so that a `kingup.Game` with the same bots replays an env's game).
fn bot_seed(game_seed: u64, seat: Seat) -> u64 {
    game_seed.wrapping_add((seat.index() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// One env: its game, the game's chance stream, and the decision it waits for.
#[derive(Clone, Debug)]
struct Slot {
    game: Game,
    rng: Generator,
    /// This env's index.
    index: u64,
    /// Games started in this env since the last seeded reset.
    episodes: u64,
    /// The seed of the current game.
    game_seed: u64,
    /// The seat to act: the seat to move, or in a vote the lowest seat still to vote
    /// (with opponents, always the learner's).
    seat: Seat,
    /// `seat`'s legal actions, bit `i` for action `i`.
    mask: u128,
    /// The game that ended at the last step, and the seat whose action ended it (for the
    /// final observation); `None` when the last step or reset did not end a game here.
    ended: Option<(Game, Seat)>,
    /// With opponents, the bot of each seat of the current game (`None` for the
    /// learner's); empty without.
    bots: Vec<Option<AnyBot>>,
}

impl Slot {
    fn new(shared: &Shared, index: u64) -> Slot {
        let mut slot = Slot {
            game: shared.fresh,
            rng: Generator::new(0),
            index,
            episodes: 0,
            game_seed: 0,
            seat: Seat::FIRST,
            mask: 0,
            ended: None,
            bots: Vec::new(),
        };
        slot.restart(shared);
        slot
    }

    /// Starts this env's next game, from its own seed, up to its first decision.
    fn restart(&mut self, shared: &Shared) {
        self.game_seed = shared
            .seed
            .wrapping_add(self.episodes.wrapping_mul(shared.n))
            .wrapping_add(self.index);
        self.episodes += 1;
        self.game = shared.fresh;
        self.rng = Generator::new(self.game_seed);
        if let Some(opponents) = &shared.opponents {
            let game_seed = self.game_seed;
            self.bots.clear();
            self.bots.extend(Seat::all(self.game.players()).map(|seat| {
                (seat != opponents.learner)
                    .then(|| opponents.specs[seat.index()].build(bot_seed(game_seed, seat)))
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
                self.mask = 0;
                return;
            };
            let mask = self.game.legal_mask(seat);
            let Some(bot) = self.bots.get_mut(seat.index()).and_then(Option::as_mut) else {
                self.seat = seat;
                self.mask = mask;
                return;
            };
            let chosen = bot.choose(&self.game.player_view(seat));
            // The bots are tested to choose a legal action for every seat that may act;
            // were one not to, the lowest legal action keeps the env in a reachable state.
            debug_assert!(chosen.is_some_and(|a| mask >> a.index() & 1 == 1));
            let action = chosen
                .filter(|a| mask >> a.index() & 1 == 1)
                .or_else(|| Action::from_index(mask.trailing_zeros() as usize).ok());
            let Some(action) = action else {
                self.seat = seat;
                self.mask = mask;
                return;
            };
            self.game.apply_unchecked(seat, action);
        }
    }

    /// Plays `action` (legal: checked by the caller) and writes the results into `row`.
    fn step(&mut self, action: Action, shared: &Shared, row: Row<'_>) {
        let players = row.rewards.len();
        let (mut before, mut after) = ([0.0; Seat::MAX], [0.0; Seat::MAX]);
        // Only points are paid before the end, and a game in play has no other return.
        if shared.reward == Reward::Points {
            shared.reward.returns(&self.game, &mut before[..players]);
        }
        let acted = self.seat;
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
            for (t, total) in row.final_totals.iter_mut().zip(self.game.totals()) {
                *t = i32::from(total);
            }
            self.restart(shared);
        } else {
            self.ended = None;
            row.final_totals.fill(0);
        }
        *row.done = over;
        self.write(row.observation, row.mask, row.seat, row.game_seed);
    }

    /// Writes the decision this env waits for.
    fn write(&self, observation: &mut [f32], mask: &mut [i8], seat: &mut i64, game_seed: &mut u64) {
        if let Ok(out) = <&mut [f32; OBSERVATION_LEN]>::try_from(observation) {
            self.game.observation(self.seat, out);
        }
        if let Ok(mask) = <&mut [i8; Action::COUNT]>::try_from(mask) {
            write_mask(self.mask, mask);
        }
        *seat = self.seat.index() as i64;
        *game_seed = self.game_seed;
    }
}

/// One env's rows of the output buffers.
struct Row<'a> {
    observation: &'a mut [f32],
    mask: &'a mut [i8],
    rewards: &'a mut [f32],
    done: &'a mut bool,
    seat: &'a mut i64,
    final_totals: &'a mut [i32],
    game_seed: &'a mut u64,
}

/// The output buffers, as slices (all envs, or a contiguous run of them).
struct Out<'a> {
    observations: &'a mut [f32],
    masks: &'a mut [i8],
    rewards: &'a mut [f32],
    dones: &'a mut [bool],
    seats: &'a mut [i64],
    final_totals: &'a mut [i32],
    game_seeds: &'a mut [u64],
}

impl<'a> Out<'a> {
    /// Splits after the first `k` envs (`players` values a row in rewards and totals).
    fn split_at(self, k: usize, players: usize) -> (Out<'a>, Out<'a>) {
        let (o1, o2) = self.observations.split_at_mut(k * OBSERVATION_LEN);
        let (m1, m2) = self.masks.split_at_mut(k * Action::COUNT);
        let (r1, r2) = self.rewards.split_at_mut(k * players);
        let (d1, d2) = self.dones.split_at_mut(k);
        let (s1, s2) = self.seats.split_at_mut(k);
        let (f1, f2) = self.final_totals.split_at_mut(k * players);
        let (g1, g2) = self.game_seeds.split_at_mut(k);
        let first = Out {
            observations: o1,
            masks: m1,
            rewards: r1,
            dones: d1,
            seats: s1,
            final_totals: f1,
            game_seeds: g1,
        };
        let second = Out {
            observations: o2,
            masks: m2,
            rewards: r2,
            dones: d2,
            seats: s2,
            final_totals: f2,
            game_seeds: g2,
        };
        (first, second)
    }

    /// The rows of envs `range`, borrowed (the buffers stay whole for the next part).
    fn part(&mut self, range: std::ops::Range<usize>, players: usize) -> Out<'_> {
        let (a, b) = (range.start, range.end);
        Out {
            observations: &mut self.observations[a * OBSERVATION_LEN..b * OBSERVATION_LEN],
            masks: &mut self.masks[a * Action::COUNT..b * Action::COUNT],
            rewards: &mut self.rewards[a * players..b * players],
            dones: &mut self.dones[a..b],
            seats: &mut self.seats[a..b],
            final_totals: &mut self.final_totals[a * players..b * players],
            game_seeds: &mut self.game_seeds[a..b],
        }
    }

    /// The rows, one per env.
    fn rows(self, players: usize) -> impl Iterator<Item = Row<'a>> {
        self.observations
            .chunks_exact_mut(OBSERVATION_LEN)
            .zip(self.masks.chunks_exact_mut(Action::COUNT))
            .zip(self.rewards.chunks_exact_mut(players))
            .zip(self.dones.iter_mut())
            .zip(self.seats.iter_mut())
            .zip(self.final_totals.chunks_exact_mut(players))
            .zip(self.game_seeds.iter_mut())
            .map(
                |((((((observation, mask), rewards), done), seat), final_totals), game_seed)| Row {
                    observation,
                    mask,
                    rewards,
                    done,
                    seat,
                    final_totals,
                    game_seed,
                },
            )
    }
}

/// What a pass over the envs does to each.
#[derive(Clone, Copy, Debug)]
enum Op {
    /// Plays the env's action.
    Step,
    /// Starts the env's next game (from game 0 of the sequence when `true`).
    Restart(bool),
    /// Writes the decision the env waits for (a new env).
    Show,
}

impl Slot {
    /// Applies `op` (with `action` for a step) and writes the results into `row`.
    fn perform(&mut self, op: Op, action: Option<Action>, shared: &Shared, row: Row<'_>) {
        match (op, action) {
            (Op::Step, Some(action)) => self.step(action, shared, row),
            (Op::Restart(from_first), _) => {
                if from_first {
                    self.episodes = 0;
                }
                self.ended = None;
                self.restart(shared);
                row.show(self);
            }
            // A step without an action cannot happen (the actions are checked first).
            (Op::Step | Op::Show, _) => row.show(self),
        }
    }
}

impl Row<'_> {
    /// Writes `slot`'s decision with nothing paid and nothing done.
    fn show(self, slot: &Slot) {
        self.rewards.fill(0.0);
        self.final_totals.fill(0);
        *self.done = false;
        slot.write(self.observation, self.mask, self.seat, self.game_seed);
    }
}

/// Applies `op` to `slots` (with `actions[i]` for slot `i` when stepping) into `out`, on
/// up to `threads` threads.
fn run(
    slots: &mut [Slot],
    actions: &[Action],
    op: Op,
    shared: &Shared,
    out: Out<'_>,
    threads: usize,
) {
    let players = shared.fresh.players();
    let work = |slots: &mut [Slot], actions: &[Action], out: Out<'_>| {
        for (i, (slot, row)) in slots.iter_mut().zip(out.rows(players)).enumerate() {
            slot.perform(op, actions.get(i).copied(), shared, row);
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
            let (my_out, rest_out) = out.split_at(chunk, players);
            let (my_actions, rest_actions) = actions.split_at(chunk.min(actions.len()));
            scope.spawn(move || work(mine, my_actions, my_out));
            (slots, actions, out) = (rest, rest_actions, rest_out);
        }
        work(slots, actions, out);
    });
}

/// `array` borrowed for writing, after checking it still has the dtype, length and
/// layout the env made it with (Python code could have changed its shape or dtype in
/// place through `.base`).
fn writable<'py, T: Element, D: numpy::ndarray::Dimension>(
    array: &Bound<'py, PyArray<T, D>>,
    len: usize,
    name: &str,
) -> PyResult<PyReadwriteArray<'py, T, D>> {
    let py = array.py();
    if !array.dtype().is_equiv_to(&numpy::dtype::<T>(py))
        || array.len() != len
        || !array.is_c_contiguous()
    {
        return Err(PyRuntimeError::new_err(format!(
            "the env's {name} buffer was reshaped or retyped in place"
        )));
    }
    array
        .try_readwrite()
        .map_err(|e| PyRuntimeError::new_err(format!("the env's {name} buffer is in use: {e}")))
}

/// Envs a pass handles, per thread, before the calling thread checks for signals: a few
/// milliseconds of work. Passes over more envs than this run in chunks and can be undone.
const CHUNK_PER_THREAD: usize = 8192;

/// Envs below which a pass runs with the GIL held: releasing and taking it back would cost
/// more than the other threads gain (a pass over 64 envs takes about 40 microseconds).
const DETACH_FROM: usize = 64;

/// What the env changes as it works: behind the env's lock.
#[derive(Debug)]
struct EnvState {
    shared: Shared,
    slots: Vec<Slot>,
    /// Scratch for the checked actions (allocated once).
    actions: Vec<Action>,
    /// The slots and the paid-out rows as they were before a pass run in chunks, to put
    /// back if a signal interrupts it (allocated at the first such pass).
    backup: Backup,
}

#[derive(Debug, Default)]
struct Backup {
    slots: Vec<Slot>,
    rewards: Vec<f32>,
    dones: Vec<bool>,
    final_totals: Vec<i32>,
}

/// N games of King Up! stepped together (see `kingup.VectorEnv`).
#[pyclass(module = "kingup._kingup", name = "VectorEnv", frozen)]
#[derive(Debug)]
pub(crate) struct PyVectorEnv {
    state: Mutex<EnvState>,
    /// Number of envs.
    n: usize,
    /// The game every env plays (its config), for the properties.
    fresh: Game,
    reward: Reward,
    opponents: Option<Opponents>,
    threads: usize,
    observations: Py<PyArray2<f32>>,
    masks: Py<PyArray2<i8>>,
    rewards: Py<PyArray2<f32>>,
    dones: Py<PyArray1<bool>>,
    seats: Py<PyArray1<i64>>,
    final_totals: Py<PyArray2<i32>>,
    game_seeds: Py<PyArray1<u64>>,
    /// Read-only views of the buffers above, handed to Python; and `step`'s result.
    views: Py<PyTuple>,
    result: Py<PyTuple>,
}

/// A read-only view of `array`.
fn read_only<'py>(array: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let view = array.call_method0("view")?;
    view.getattr("flags")?.setattr("writeable", false)?;
    Ok(view)
}

impl PyVectorEnv {
    /// Applies `op` to every env (with `state.actions` when stepping) and writes the
    /// buffers. A pass over many envs runs in chunks with the GIL released, checking for
    /// signals between them; if a handler raises (`KeyboardInterrupt`), every env done
    /// so far is put back as it was and the error returned: the pass happens whole or not
    /// at all. `old_seed` is the base seed to put back (a `reset(seed)` changed it).
    fn perform(&self, py: Python<'_>, state: &mut EnvState, op: Op, old_seed: u64) -> PyResult<()> {
        let n = self.n;
        let players = self.fresh.players();
        let mut observations = writable(
            self.observations.bind(py),
            n * OBSERVATION_LEN,
            "observations",
        )?;
        let mut masks = writable(self.masks.bind(py), n * Action::COUNT, "action_masks")?;
        let mut rewards = writable(self.rewards.bind(py), n * players, "rewards")?;
        let mut dones = writable(self.dones.bind(py), n, "dones")?;
        let mut seats = writable(self.seats.bind(py), n, "seats")?;
        let mut final_totals = writable(self.final_totals.bind(py), n * players, "final_totals")?;
        let mut game_seeds = writable(self.game_seeds.bind(py), n, "game_seeds")?;
        let contiguous = |_| PyRuntimeError::new_err("an env buffer is not contiguous");
        let mut out = Out {
            observations: observations.as_slice_mut().map_err(contiguous)?,
            masks: masks.as_slice_mut().map_err(contiguous)?,
            rewards: rewards.as_slice_mut().map_err(contiguous)?,
            dones: dones.as_slice_mut().map_err(contiguous)?,
            seats: seats.as_slice_mut().map_err(contiguous)?,
            final_totals: final_totals.as_slice_mut().map_err(contiguous)?,
            game_seeds: game_seeds.as_slice_mut().map_err(contiguous)?,
        };
        let threads = self.threads;
        let EnvState {
            shared,
            slots,
            actions,
            backup,
        } = state;
        let actions = match op {
            Op::Step => actions.as_slice(),
            Op::Restart(_) | Op::Show => &[],
        };
        let chunk = CHUNK_PER_THREAD * threads;
        if n <= chunk {
            // At most a few milliseconds: whole, and a signal is handled right after.
            if n < DETACH_FROM {
                run(slots, actions, op, shared, out, threads);
            } else {
                py.detach(|| run(slots, actions, op, shared, out, threads));
            }
            return Ok(());
        }
        backup.slots.clone_from(slots);
        backup.rewards.clear();
        backup.rewards.extend_from_slice(out.rewards);
        backup.dones.clear();
        backup.dones.extend_from_slice(out.dones);
        backup.final_totals.clear();
        backup.final_totals.extend_from_slice(out.final_totals);
        let mut done = 0;
        while done < n {
            let end = (done + chunk).min(n);
            let (part, acts) = (
                out.part(done..end, players),
                actions.get(done..end).unwrap_or(&[]),
            );
            let range = &mut slots[done..end];
            py.detach(|| run(range, acts, op, shared, part, threads));
            done = end;
            if let Err(err) = py.check_signals() {
                shared.seed = old_seed;
                py.detach(|| undo(slots, backup, &mut out, done, players));
                return Err(err);
            }
        }
        Ok(())
    }

    /// Reads `actions` into a new vector: a 1-D NumPy integer array or a list or tuple of
    /// ints, one per env. This runs before the env is locked, since reading a list may run
    /// Python code (`__index__`).
    fn read_actions(&self, actions: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
        let n = self.n;
        let wrong_length = |len: usize| {
            PyValueError::new_err(format!(
                "actions must hold {n} actions (one per env), not {len}"
            ))
        };
        if let Ok(array) = actions.cast::<PyUntypedArray>() {
            if array.ndim() != 1 {
                return Err(PyValueError::new_err(format!(
                    "actions must be a 1-D array of {n} actions, not of shape {:?}",
                    array.shape()
                )));
            }
            if array.len() != n {
                return Err(wrong_length(array.len()));
            }
            let kind = array.dtype().kind();
            if kind != b'i' && kind != b'u' {
                return Err(PyTypeError::new_err(format!(
                    "actions must be an array of integers, not of {}",
                    array.dtype()
                )));
            }
            macro_rules! read_as {
                ($($t:ty),*) => {$(
                    if let Ok(typed) = array.cast::<PyArray1<$t>>() {
                        let typed = typed.try_readonly().map_err(|e| {
                            PyRuntimeError::new_err(format!("the actions array is in use: {e}"))
                        })?;
                        return Ok(typed
                            .as_array()
                            .iter()
                            .map(|&a| i64::try_from(a).unwrap_or(i64::MAX))
                            .collect());
                    }
                )*};
            }
            read_as!(i64, i32, i16, i8, u64, u32, u16, u8);
            // Any other integer layout (byte-swapped, say): element by element.
        } else if !(actions.is_instance_of::<PyList>() || actions.is_instance_of::<PyTuple>()) {
            return Err(PyTypeError::new_err(format!(
                "actions must be a NumPy integer array, a list or a tuple, not {}",
                type_name(actions)
            )));
        }
        let len = actions.len()?;
        if len != n {
            return Err(wrong_length(len));
        }
        let mut raw = Vec::with_capacity(n);
        for item in actions.try_iter()?.take(n) {
            raw.push(int_arg(&item?, "an action")?);
        }
        // A list changed while it was read (by an item's `__index__`) is refused whole.
        if raw.len() != n {
            return Err(wrong_length(raw.len()));
        }
        Ok(raw)
    }

    /// `index` as an env index, `ValueError` unless it is one.
    fn env_index(&self, index: &Bound<'_, PyAny>) -> PyResult<usize> {
        let i = int_arg(index, "env index")?;
        let out_of_range = || {
            PyValueError::new_err(format!(
                "env index {} is out of range 0..{}",
                shown(index),
                self.n
            ))
        };
        usize::try_from(i)
            .ok()
            .filter(|&i| i < self.n)
            .ok_or_else(out_of_range)
    }

    /// Checks every action against its env's legal actions and fills `state.actions`;
    /// the first illegal one is refused, naming its env. Pure Rust: it runs under the
    /// env's lock, and the refusal becomes a Python error once the lock is free.
    fn validate(state: &mut EnvState, raw: &[i64]) -> Result<(), Refusal> {
        state.actions.clear();
        for (i, (slot, &index)) in state.slots.iter().zip(raw).enumerate() {
            let seat = slot.seat.index() as i64;
            let action = action_from_index(index)
                .map_err(|message| Refusal::NoSuchAction(i, message, seat, index))?;
            if slot.mask >> action.index() & 1 == 0 {
                return Err(match slot.game.check(slot.seat, action) {
                    Err(err) => Refusal::Illegal(i, err),
                    Ok(()) => Refusal::Bug(i, action),
                });
            }
            state.actions.push(action);
        }
        Ok(())
    }
}

/// Why `step` refused its actions: env, and what the engine said.
enum Refusal {
    NoSuchAction(usize, String, i64, i64),
    Illegal(usize, IllegalAction),
    /// The env's mask and the engine disagree.
    Bug(usize, Action),
}

impl Refusal {
    fn raise(self, py: Python<'_>) -> PyErr {
        match self {
            Refusal::NoSuchAction(env, message, seat, index) => {
                errors::illegal_action_in_env(py, env, &message, Some(seat), index, NO_SUCH_ACTION)
            }
            Refusal::Illegal(env, err) => errors::from_illegal_in_env(py, env, &err),
            Refusal::Bug(env, action) => PyRuntimeError::new_err(format!(
                "internal error (kingup bug): env {env}'s mask refuses {action}"
            )),
        }
    }
}

/// Puts envs `0..done` back as `backup` holds them: their slots and paid-out rows, and
/// their decisions written again from the restored slots.
fn undo(slots: &mut [Slot], backup: &Backup, out: &mut Out<'_>, done: usize, players: usize) {
    slots[..done].clone_from_slice(&backup.slots[..done]);
    let paid = done * players;
    out.rewards[..paid].copy_from_slice(&backup.rewards[..paid]);
    out.final_totals[..paid].copy_from_slice(&backup.final_totals[..paid]);
    out.dones[..done].copy_from_slice(&backup.dones[..done]);
    for (slot, row) in slots[..done]
        .iter()
        .zip(out.part(0..done, players).rows(players))
    {
        slot.write(row.observation, row.mask, row.seat, row.game_seed);
    }
}

/// Reads `opponents` (one bot spec for every other seat, or a list or tuple of one spec
/// per other seat in seat order) and `seat` (the learner's, 0 if not given).
fn opponents_arg(
    py: Python<'_>,
    opponents: Option<&Bound<'_, PyAny>>,
    seat: Option<&Bound<'_, PyAny>>,
    config: &Config,
) -> PyResult<Option<Opponents>> {
    let Some(obj) = given(opponents) else {
        if given(seat).is_some() {
            let message = "seat= is the learner's seat among bots: it needs opponents=";
            return Err(errors::invalid_config(py, message.to_owned()));
        }
        return Ok(None);
    };
    let learner = given(seat).map_or(Ok(Seat::FIRST), |s| seat_arg(s, config))?;
    let others = usize::from(config.players) - 1;
    let specs = if obj.is_instance_of::<PyString>() {
        vec![spec_arg(obj)?; others]
    } else if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        let len = obj.len()?;
        if len != others {
            let message = format!("{others} opponents are needed (one per other seat), not {len}");
            return Err(errors::invalid_config(py, message));
        }
        obj.try_iter()?
            .map(|item| spec_arg(&item?))
            .collect::<PyResult<Vec<_>>>()?
    } else {
        return Err(PyTypeError::new_err(format!(
            "opponents must be a bot spec (str) or a list or tuple of them, not {}",
            type_name(obj)
        )));
    };
    let mut all = [BotSpec::new(BotKind::Random); Seat::MAX];
    let seats = Seat::all(config.players.into()).filter(|&s| s != learner);
    for (seat, spec) in seats.zip(specs) {
        all[seat.index()] = spec;
    }
    Ok(Some(Opponents {
        learner,
        specs: all,
    }))
}

#[pymethods]
impl PyVectorEnv {
    #[new]
    #[pyo3(signature = (num_envs, players=None, seed=None, rounds=None, setup=None, first_player=None, deck=None, reward=None, threads=None, opponents=None, seat=None))]
    #[allow(clippy::too_many_arguments)] // the keyword arguments of `kingup.VectorEnv(...)`
    fn new(
        py: Python<'_>,
        num_envs: &Bound<'_, PyAny>,
        players: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        rounds: Option<&Bound<'_, PyAny>>,
        setup: Option<&Bound<'_, PyAny>>,
        first_player: Option<&Bound<'_, PyAny>>,
        deck: Option<&Bound<'_, PyAny>>,
        reward: Option<&Bound<'_, PyAny>>,
        threads: Option<&Bound<'_, PyAny>>,
        opponents: Option<&Bound<'_, PyAny>>,
        seat: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyVectorEnv> {
        // The limits are `usize` constants far below `i64::MAX`.
        let n = int_in(num_envs, "num_envs", 1..=MAX_ENVS as i64)? as usize;
        let config = ConfigArgs {
            players,
            rounds,
            setup,
            first_player,
            deck,
        }
        .build(py)?;
        let reward = read_reward(reward)?;
        let opponents = opponents_arg(py, opponents, seat, &config)?;
        let threads = match threads.filter(|t| !t.is_none()) {
            None => 1,
            Some(obj) => int_in(obj, "threads", 1..=MAX_THREADS as i64)? as usize,
        };
        let seed = match seed.filter(|s| !s.is_none()) {
            Some(obj) => seed_arg(obj)?,
            None => 0,
        };
        let fresh = Game::new(config).map_err(|e| errors::invalid_config(py, e.to_string()))?;
        let players = fresh.players();
        let shared = Shared {
            fresh,
            seed,
            n: n as u64,
            reward,
            opponents,
        };
        // Starting a million games takes a while: in chunks, with Ctrl-C heard between.
        let mut slots = Vec::with_capacity(n);
        while slots.len() < n {
            let (from, to) = (slots.len(), (slots.len() + CHUNK_PER_THREAD).min(n));
            py.detach(|| slots.extend((from as u64..to as u64).map(|i| Slot::new(&shared, i))));
            py.check_signals()?;
        }
        let observations = PyArray2::<f32>::zeros(py, [n, OBSERVATION_LEN], false);
        let masks = PyArray2::<i8>::zeros(py, [n, Action::COUNT], false);
        let rewards = PyArray2::<f32>::zeros(py, [n, players], false);
        let dones = PyArray1::<bool>::zeros(py, n, false);
        let seats = PyArray1::<i64>::zeros(py, n, false);
        let final_totals = PyArray2::<i32>::zeros(py, [n, players], false);
        let game_seeds = PyArray1::<u64>::zeros(py, n, false);
        let views = PyTuple::new(
            py,
            [
                read_only(observations.as_any())?,
                read_only(masks.as_any())?,
                read_only(rewards.as_any())?,
                read_only(dones.as_any())?,
                read_only(seats.as_any())?,
                read_only(final_totals.as_any())?,
                read_only(game_seeds.as_any())?,
            ],
        )?;
        let result = PyTuple::new(py, views.iter().take(5))?;
        let env = PyVectorEnv {
            state: Mutex::new(EnvState {
                shared,
                slots,
                actions: Vec::with_capacity(n),
                backup: Backup::default(),
            }),
            n,
            fresh,
            reward,
            opponents,
            threads,
            observations: observations.unbind(),
            masks: masks.unbind(),
            rewards: rewards.unbind(),
            dones: dones.unbind(),
            seats: seats.unbind(),
            final_totals: final_totals.unbind(),
            game_seeds: game_seeds.unbind(),
            views: views.unbind(),
            result: result.unbind(),
        };
        {
            let mut state = sync::lock(py, &env.state)?;
            env.perform(py, &mut state, Op::Show, seed)?;
        }
        Ok(env)
    }

    /// Starts a new game in every env and returns `(observations, action_masks, rewards,
    /// dones, seats)`. With `seed`, env `i`'s games are again `seed + e * num_envs + i`
    /// for `e = 0, 1, ...`; without, each env goes on to its next game in that sequence.
    #[pyo3(signature = (seed=None))]
    fn reset(&self, py: Python<'_>, seed: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyTuple>> {
        let seed = seed.filter(|s| !s.is_none()).map(seed_arg).transpose()?;
        let mut state = sync::lock(py, &self.state)?;
        let old_seed = state.shared.seed;
        if let Some(seed) = seed {
            state.shared.seed = seed;
        }
        self.perform(py, &mut state, Op::Restart(seed.is_some()), old_seed)
            .inspect_err(|_| state.shared.seed = old_seed)?;
        Ok(self.result.clone_ref(py))
    }

    /// Plays `actions[i]` for the seat to act in env `i`, for every env, and returns
    /// `(observations, action_masks, rewards, dones, seats)` (the env's own buffers).
    /// Every action is checked before any is played: an illegal one raises
    /// `IllegalActionError` naming its env, and no env changes.
    fn step(&self, py: Python<'_>, actions: &Bound<'_, PyAny>) -> PyResult<Py<PyTuple>> {
        let raw = self.read_actions(actions)?;
        let mut state = sync::lock(py, &self.state)?;
        if let Err(refusal) = PyVectorEnv::validate(&mut state, &raw) {
            drop(state);
            return Err(refusal.raise(py));
        }
        let seed = state.shared.seed;
        // The lock stays held through the pass (another thread's call waits for it); a
        // signal handler that ran between chunks and used this env would wait too.
        self.perform(py, &mut state, Op::Step, seed)?;
        Ok(self.result.clone_ref(py))
    }

    /// Number of envs.
    #[getter]
    fn num_envs(&self) -> usize {
        self.n
    }

    /// Number of players in every game.
    #[getter]
    fn players(&self) -> usize {
        self.fresh.players()
    }

    /// Number of rounds a game lasts.
    #[getter]
    fn rounds(&self) -> u8 {
        self.fresh.config().rounds
    }

    /// `"placement"` or `"random"`.
    #[getter]
    fn setup(&self) -> &'static str {
        setup_name(self.fresh.config())
    }

    /// `"win"`, `"points"` or `"margin"` (see `kingup.Game.returns`).
    #[getter]
    fn reward(&self) -> &'static str {
        self.reward.name()
    }

    /// The seat `step`'s actions are for when bots play the others (`None`: the caller
    /// plays every seat).
    #[getter]
    fn seat(&self) -> Option<usize> {
        self.opponents.map(|o| o.learner.index())
    }

    /// The bots of the other seats, one label per seat in seat order (`None` for the
    /// learner's seat); `None` when the caller plays every seat.
    #[getter]
    fn opponents(&self) -> Option<Vec<Option<String>>> {
        let opponents = self.opponents?;
        let seats = Seat::all(self.fresh.players());
        Some(
            seats
                .map(|s| (s != opponents.learner).then(|| opponents.specs[s.index()].label()))
                .collect(),
        )
    }

    /// Threads a step runs on.
    #[getter]
    fn threads(&self) -> usize {
        self.threads
    }

    /// The base seed of the games' seeds.
    #[getter]
    fn seed(&self, py: Python<'_>) -> PyResult<u64> {
        Ok(sync::lock(py, &self.state)?.shared.seed)
    }

    /// `float32 (num_envs, OBSERVATION_LEN)`: each env's observation for its seat to act.
    #[getter]
    fn observations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.views.bind(py).get_item(0)
    }

    /// `int8 (num_envs, 67)`: the legal actions of each env's seat to act.
    #[getter]
    fn action_masks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.views.bind(py).get_item(1)
    }

    /// `float32 (num_envs, players)`: what the game that ended at the last step pays each
    /// seat; 0 for envs whose game goes on.
    #[getter]
    fn rewards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.views.bind(py).get_item(2)
    }

    /// `bool (num_envs,)`: whether the env's game ended at the last step (it has been
    /// restarted since).
    #[getter]
    fn dones<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.views.bind(py).get_item(3)
    }

    /// `int64 (num_envs,)`: the seat to act in each env.
    #[getter]
    fn seats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.views.bind(py).get_item(4)
    }

    /// `int32 (num_envs, players)`: the final totals of the game that ended at the last
    /// step; 0 for envs whose game goes on.
    #[getter]
    fn final_totals<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.views.bind(py).get_item(5)
    }

    /// `uint64 (num_envs,)`: the seed of each env's current game (`kingup.Game(players,
    /// seed=..., ...)` driven by the same actions is the same game).
    #[getter]
    fn game_seeds<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.views.bind(py).get_item(6)
    }

    /// What the seat to act in env `index` knows (for a bot's `choose_view`).
    fn view(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<PyPlayerView> {
        let i = self.env_index(index)?;
        let state = sync::lock(py, &self.state)?;
        let slot = &state.slots[i];
        Ok(PyPlayerView::new(slot.game.player_view(slot.seat)))
    }

    /// What the seat that ended env `index`'s game at the last step knows of that
    /// finished game (its final observation: `.observation()`); `ValueError` if no game
    /// ended there at the last step (`dones[index]` is false).
    fn final_view(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<PyPlayerView> {
        let i = self.env_index(index)?;
        let state = sync::lock(py, &self.state)?;
        match &state.slots[i].ended {
            Some((game, seat)) => Ok(PyPlayerView::new(game.player_view(*seat))),
            None => Err(PyValueError::new_err(format!(
                "env {i}'s game did not end at the last step"
            ))),
        }
    }

    fn __len__(&self) -> usize {
        self.n
    }

    fn __repr__(&self) -> String {
        format!(
            "<kingup.VectorEnv: {} envs, {} players, {} rounds, {} setup>",
            self.n,
            self.fresh.players(),
            self.fresh.config().rounds,
            setup_name(self.fresh.config())
        )
    }
}
