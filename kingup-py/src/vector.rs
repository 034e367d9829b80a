//! `kingup.VectorEnv` and `kingup.court.VectorEnv`: many games stepped together in Rust,
//! writing into NumPy buffers, written once for both games ([`VectorShell`] behind
//! [`vector_class!`]).
//!
//! The env owns its output arrays, allocated once: every `step` validates all the actions
//! (with the GIL held, before changing anything), then, with the GIL released, plays each
//! env's action, resolves chance from that env's own stream, restarts finished games, and
//! writes the next decision's observation, mask and seat, and the rewards and done flags,
//! in place. Python sees read-only views of those arrays.
//!
//! The envs themselves are `kingup_bots::env::VectorRuntime` (shared by both games); this
//! is its Python shell: argument checks, the NumPy buffers, the GIL and Ctrl-C. With
//! `opponents`, one seat of every env (the learner's) is played by the caller and the
//! others by `kingup-bots` bots inside the pass.

use std::sync::Mutex;

use kingup_bots::Reward;
use kingup_bots::env::{ActionRefusal, EnvRecord, Op, Opponents, Out, VectorRuntime};
use kingup_core::kingup_table::{GameConfig, Refusal, Rules, Seat};
use numpy::{
    Element, PyArray, PyArray1, PyArray2, PyArrayDescrMethods, PyArrayMethods, PyReadwriteArray,
    PyUntypedArray, PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};

use crate::arena::ArenaGame;
use crate::convert::{self, given, int_arg, int_in, seed_arg, shown, type_name};
use crate::errors;
use crate::limits::{MAX_ENVS, MAX_THREADS};
use crate::reward::read_reward;
use crate::shell::{NO_SUCH_ACTION, action_at, array_or_out};
use crate::sync;

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

/// N games of one game stepped together: the state and buffers behind both games'
/// `VectorEnv` classes.
#[derive(Debug)]
pub(crate) struct VectorShell<G: ArenaGame> {
    state: Mutex<VectorRuntime<G, G::Spec>>,
    /// Number of envs.
    n: usize,
    /// The game every env plays, for the properties, and its config.
    pub(crate) fresh: G,
    config: G::Config,
    reward: Reward,
    opponents: Option<Opponents<G::Spec>>,
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

/// A shell's settings: the game every env plays and its config, the reward, the opponents,
/// the threads.
type Settings<G> = (
    G,
    <G as Rules>::Config,
    Reward,
    Option<Opponents<<G as ArenaGame>::Spec>>,
    usize,
);

/// A read-only view of `array`.
fn read_only<'py>(array: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let view = array.call_method0("view")?;
    view.getattr("flags")?.setattr("writeable", false)?;
    Ok(view)
}

/// The arguments every `VectorEnv` takes besides its game's config.
pub(crate) struct VectorArgs<'a, 'py> {
    pub(crate) num_envs: &'a Bound<'py, PyAny>,
    pub(crate) seed: Option<&'a Bound<'py, PyAny>>,
    pub(crate) reward: Option<&'a Bound<'py, PyAny>>,
    pub(crate) threads: Option<&'a Bound<'py, PyAny>>,
    pub(crate) opponents: Option<&'a Bound<'py, PyAny>>,
    pub(crate) seat: Option<&'a Bound<'py, PyAny>>,
}

impl VectorArgs<'_, '_> {
    /// The envs of games of `config`, every game started and its first decision written.
    pub(crate) fn build<G: ArenaGame>(
        &self,
        py: Python<'_>,
        config: G::Config,
    ) -> PyResult<VectorShell<G>> {
        self.build_with(py, config, None)
    }

    /// [`VectorArgs::build`], or with `records` the envs they make (a pickle's).
    fn build_with<G: ArenaGame>(
        &self,
        py: Python<'_>,
        config: G::Config,
        records: Option<Vec<EnvRecord>>,
    ) -> PyResult<VectorShell<G>> {
        // The limits are `usize` constants far below `i64::MAX`.
        let n = int_in(self.num_envs, "num_envs", 1..=MAX_ENVS as i64)? as usize;
        let reward = read_reward(self.reward)?;
        let opponents = opponents_arg::<G>(py, self.opponents, self.seat, &config)?;
        let threads = match given(self.threads) {
            None => 1,
            Some(obj) => int_in(obj, "threads", 1..=MAX_THREADS as i64)? as usize,
        };
        let seed = given(self.seed).map(seed_arg).transpose()?.unwrap_or(0);
        let fresh =
            G::new_with(config, &mut ()).map_err(|e| errors::invalid_config(py, e.to_string()))?;
        if let Some(records) = records {
            // Replaying plays the bots' searches again: on a thread of its own, Ctrl-C heard.
            let replayed = sync::detached(py, move || {
                VectorRuntime::from_records(fresh, seed, reward, opponents, &records)
            })?;
            let runtime = replayed.map_err(|e| errors::invalid_state(py, e.to_string()))?;
            let settings = (fresh, config, reward, opponents, threads);
            return VectorShell::around(py, runtime, settings, seed);
        }
        let mut runtime = VectorRuntime::new(fresh, n, seed, reward, opponents);
        // Starting the games plays the opponents up to the first decisions, searches
        // included (seconds each for `ismcts:200000`): on a thread of its own, env by env,
        // while this one waits with Ctrl-C heard. An interrupted construction is dropped;
        // the env being started then runs out on that thread.
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let stopped = std::sync::Arc::clone(&stop);
        let started = sync::detached(py, move || {
            while runtime.start(1) < n {
                if stopped.load(std::sync::atomic::Ordering::Relaxed) {
                    return None;
                }
            }
            Some(runtime)
        });
        let runtime = match started {
            Ok(Some(runtime)) => runtime,
            // The stop is set only after an interrupt, which returned already.
            Ok(None) => {
                return Err(PyRuntimeError::new_err(
                    "internal error (kingup bug): the envs' start stopped by itself",
                ));
            }
            Err(err) => {
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
                return Err(err);
            }
        };
        let settings = (fresh, config, reward, opponents, threads);
        VectorShell::around(py, runtime, settings, seed)
    }
}

impl<G: ArenaGame> VectorShell<G> {
    /// The shell around `runtime` (every env started), its buffers made and the envs'
    /// decisions written.
    fn around(
        py: Python<'_>,
        runtime: VectorRuntime<G, G::Spec>,
        (fresh, config, reward, opponents, threads): Settings<G>,
        seed: u64,
    ) -> PyResult<VectorShell<G>> {
        let (n, players) = (runtime.len(), fresh.players());
        let observations = PyArray2::<f32>::zeros(py, [n, G::OBSERVATION_LEN], false);
        let masks = PyArray2::<i8>::zeros(py, [n, G::ACTION_COUNT], false);
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
        let env = VectorShell {
            state: Mutex::new(runtime),
            n,
            fresh,
            config,
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

    /// The envs as plain data (their pickle): the settings, each env's record
    /// ([`EnvRecord`]) and the rewards of the last step.
    pub(crate) fn to_state(&self, py: Python<'_>) -> PyResult<String> {
        let state = sync::lock(py, &self.state)?;
        let opponents = self.opponents.as_ref().map(|o| {
            let seats = Seat::all(self.fresh.players());
            seats
                .map(|s| (s != o.learner).then(|| G::spec_text(&o.specs[s.index()])))
                .collect()
        });
        let envs = state.records().into_iter().map(EnvDoc::of).collect();
        let rewards = self
            .rewards
            .bind(py)
            .readonly()
            .as_slice()
            .map(<[f32]>::to_vec);
        let doc = VectorDoc {
            config: self.config,
            seed: state.seed(),
            reward: self.reward.name().to_owned(),
            threads: self.threads,
            opponents,
            envs,
            rewards: rewards
                .map_err(|_| PyRuntimeError::new_err("an env buffer is not contiguous"))?,
        };
        convert::to_json(&doc)
    }

    /// The envs `to_state` wrote, replayed and checked; `InvalidStateError` for a
    /// malformed document or records no play reaches.
    pub(crate) fn from_state(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<VectorShell<G>> {
        let text = convert::json_arg(text)?;
        let doc: VectorDoc<G::Config> = convert::from_json(py, &text, "a VectorEnv")?;
        let players = doc.config.players();
        let invalid = |message: String| errors::invalid_state(py, message);
        if doc.rewards.len() != doc.envs.len() * players
            || doc.rewards.iter().any(|r| !r.is_finite())
        {
            return Err(invalid(format!(
                "a VectorEnv's rewards are {} finite numbers per env",
                players
            )));
        }
        let (opponents, seat) = match &doc.opponents {
            None => (None, None),
            Some(seats) => {
                let learner = seats.iter().position(Option::is_none);
                let specs: Vec<&String> = seats.iter().flatten().collect();
                if seats.len() != players || learner.is_none() || specs.len() + 1 != players {
                    return Err(invalid(
                        "a VectorEnv's opponents are a bot per seat but one".to_owned(),
                    ));
                }
                (
                    Some(PyList::new(py, specs)?.into_any()),
                    learner.map(|s| s.into_pyobject(py)).transpose()?,
                )
            }
        };
        let args = VectorArgs {
            num_envs: &doc.envs.len().into_pyobject(py)?.into_any(),
            seed: Some(&doc.seed.into_pyobject(py)?.into_any()),
            reward: Some(&PyString::new(py, &doc.reward).into_any()),
            threads: Some(&doc.threads.into_pyobject(py)?.into_any()),
            opponents: opponents.as_ref(),
            seat: seat.as_ref().map(|s| s.as_any()),
        };
        let records = doc.envs.into_iter().map(EnvDoc::record).collect();
        let env = args.build_with::<G>(py, doc.config, Some(records))?;
        env.settle_last_step(py, &doc.rewards)?;
        Ok(env)
    }

    /// Writes what the last step paid (`rewards`, given) and what ended at it (dones and
    /// final totals, from the ended games) into the buffers of envs just restored.
    fn settle_last_step(&self, py: Python<'_>, rewards: &[f32]) -> PyResult<()> {
        let state = sync::lock(py, &self.state)?;
        let players = self.fresh.players();
        let contiguous = |_| PyRuntimeError::new_err("an env buffer is not contiguous");
        let mut paid = writable(self.rewards.bind(py), rewards.len(), "rewards")?;
        paid.as_slice_mut()
            .map_err(contiguous)?
            .copy_from_slice(rewards);
        let mut dones = writable(self.dones.bind(py), self.n, "dones")?;
        let mut totals = writable(self.final_totals.bind(py), self.n * players, "final_totals")?;
        let (dones, totals) = (
            dones.as_slice_mut().map_err(contiguous)?,
            totals.as_slice_mut().map_err(contiguous)?,
        );
        for i in 0..self.n {
            let Some((game, _)) = state.ended(i) else {
                continue;
            };
            dones[i] = true;
            for (t, seat) in totals[i * players..(i + 1) * players]
                .iter_mut()
                .zip(Seat::all(players))
            {
                *t = i32::try_from(game.score(seat)).unwrap_or(i32::MAX);
            }
        }
        Ok(())
    }

    /// Applies `op` to every env (with `state.actions` when stepping) and writes the
    /// buffers. A pass over many envs runs in chunks with the GIL released, checking for
    /// signals between them; if a handler raises (`KeyboardInterrupt`), every env done
    /// so far is put back as it was and the error returned: the pass happens whole or not
    /// at all. `old_seed` is the base seed to put back (a `reset(seed)` changed it).
    fn perform(
        &self,
        py: Python<'_>,
        state: &mut VectorRuntime<G, G::Spec>,
        op: Op,
        old_seed: u64,
    ) -> PyResult<()> {
        let n = self.n;
        let players = self.fresh.players();
        let (obs_len, mask_len) = (G::OBSERVATION_LEN, G::ACTION_COUNT);
        let mut observations = writable(self.observations.bind(py), n * obs_len, "observations")?;
        let mut masks = writable(self.masks.bind(py), n * mask_len, "action_masks")?;
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
            final_scores: final_totals.as_slice_mut().map_err(contiguous)?,
            game_seeds: game_seeds.as_slice_mut().map_err(contiguous)?,
        };
        let threads = self.threads;
        let chunk = CHUNK_PER_THREAD * threads;
        if n <= chunk {
            // At most a few milliseconds: whole, and a signal is handled right after.
            if n < DETACH_FROM {
                state.run(op, out, threads);
            } else {
                py.detach(|| state.run(op, out, threads));
            }
            return Ok(());
        }
        state.back_up(&out);
        let mut done = 0;
        while done < n {
            let end = (done + chunk).min(n);
            let part = part::<G>(&mut out, done..end, players);
            py.detach(|| state.run_part(op, done..end, part, threads));
            done = end;
            if let Err(err) = py.check_signals() {
                state.set_seed(old_seed);
                py.detach(|| state.restore(&mut out, done));
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

    /// Starts a new game in every env (see the classes' `reset`).
    pub(crate) fn reset(
        &self,
        py: Python<'_>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyTuple>> {
        let seed = given(seed).map(seed_arg).transpose()?;
        let mut state = sync::lock(py, &self.state)?;
        let old_seed = state.seed();
        if let Some(seed) = seed {
            state.set_seed(seed);
        }
        self.perform(py, &mut state, Op::Restart(seed.is_some()), old_seed)
            .inspect_err(|_| state.set_seed(old_seed))?;
        Ok(self.result.clone_ref(py))
    }

    /// Plays every env's action (see the classes' `step`).
    pub(crate) fn step(&self, py: Python<'_>, actions: &Bound<'_, PyAny>) -> PyResult<Py<PyTuple>> {
        let raw = self.read_actions(actions)?;
        let mut state = sync::lock(py, &self.state)?;
        if let Err(refusal) = state.check(&raw) {
            let err = raise::<G>(py, refusal);
            drop(state);
            return Err(err);
        }
        let seed = state.seed();
        // The lock stays held through the pass (another thread's call waits for it); a
        // signal handler that ran between chunks and used this env would wait too.
        self.perform(py, &mut state, Op::Step, seed)?;
        Ok(self.result.clone_ref(py))
    }

    pub(crate) fn num_envs(&self) -> usize {
        self.n
    }

    pub(crate) fn players(&self) -> usize {
        self.fresh.players()
    }

    pub(crate) fn reward(&self) -> &'static str {
        self.reward.name()
    }

    pub(crate) fn seat(&self) -> Option<usize> {
        self.opponents.as_ref().map(|o| o.learner.index())
    }

    pub(crate) fn opponents(&self) -> Option<Vec<Option<String>>> {
        let opponents = self.opponents.as_ref()?;
        let seats = Seat::all(self.fresh.players());
        let label =
            |s: Seat| (s != opponents.learner).then(|| G::label(&opponents.specs[s.index()]));
        Some(seats.map(label).collect())
    }

    pub(crate) fn threads(&self) -> usize {
        self.threads
    }

    pub(crate) fn seed(&self, py: Python<'_>) -> PyResult<u64> {
        Ok(sync::lock(py, &self.state)?.seed())
    }

    /// Buffer `k`'s read-only view (observations, masks, rewards, dones, seats, final
    /// totals, game seeds).
    pub(crate) fn buffer<'py>(&self, py: Python<'py>, k: usize) -> PyResult<Bound<'py, PyAny>> {
        self.views.bind(py).get_item(k)
    }

    /// The decision env `index` waits for, as `f` makes it of the game and the seat to act.
    pub(crate) fn with_decision<R>(
        &self,
        py: Python<'_>,
        index: &Bound<'_, PyAny>,
        f: impl FnOnce(&G, Seat) -> R,
    ) -> PyResult<R> {
        let i = self.env_index(index)?;
        let state = sync::lock(py, &self.state)?;
        let (game, seat) = state.decision(i).ok_or_else(|| env_missing(i))?;
        Ok(f(game, seat))
    }

    /// The game that ended in env `index` at the last step and the seat whose action ended
    /// it, as `f` makes it; `ValueError` if none did.
    pub(crate) fn with_ended<R>(
        &self,
        py: Python<'_>,
        index: &Bound<'_, PyAny>,
        f: impl FnOnce(&G, Seat) -> R,
    ) -> PyResult<R> {
        let i = self.env_index(index)?;
        let state = sync::lock(py, &self.state)?;
        match state.ended(i) {
            Some((game, seat)) => Ok(f(game, seat)),
            None => Err(PyValueError::new_err(format!(
                "env {i}'s game did not end at the last step"
            ))),
        }
    }

    /// The final observation of the seat that ended env `index`'s game at the last step,
    /// and whether that game ended truncated (at a bound its config set).
    pub(crate) fn final_observation<'py>(
        &self,
        py: Python<'py>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<(Bound<'py, PyArray1<f32>>, bool)> {
        let mut obs = vec![0.0f32; G::OBSERVATION_LEN];
        let (written, truncated) = self.with_ended(py, index, |game, seat| {
            (game.observation(seat, &mut obs), game.is_truncated())
        })?;
        written
            .map_err(|e| PyRuntimeError::new_err(format!("internal error (kingup bug): {e}")))?;
        Ok((array_or_out(py, &obs, None)?, truncated))
    }
}

/// The rows of envs `range` in `out` (`G`'s widths).
fn part<'a, G: Rules>(
    out: &'a mut Out<'_>,
    range: std::ops::Range<usize>,
    players: usize,
) -> Out<'a> {
    let (a, b) = (range.start, range.end);
    let (obs, mask) = (G::OBSERVATION_LEN, G::ACTION_COUNT);
    Out {
        observations: &mut out.observations[a * obs..b * obs],
        masks: &mut out.masks[a * mask..b * mask],
        rewards: &mut out.rewards[a * players..b * players],
        dones: &mut out.dones[a..b],
        seats: &mut out.seats[a..b],
        final_scores: &mut out.final_scores[a * players..b * players],
        game_seeds: &mut out.game_seeds[a..b],
    }
}

/// `step`'s refusal of its actions as the game's Python error, naming the env.
fn raise<G: ArenaGame>(py: Python<'_>, refusal: ActionRefusal<G>) -> PyErr {
    match refusal {
        ActionRefusal::NoSuchAction { env, seat, index } => {
            let message = action_at::<G>(index).err().unwrap_or_default();
            let seat = Some(seat.index() as i64);
            errors::illegal_action_in_env::<G>(py, env, &message, seat, index, NO_SUCH_ACTION)
        }
        ActionRefusal::Illegal {
            env,
            seat,
            action,
            error,
        } => {
            let index = G::action_index(action) as i64;
            let seat = Some(seat.index() as i64);
            errors::illegal_action_in_env::<G>(
                py,
                env,
                &error.to_string(),
                seat,
                index,
                error.code(),
            )
        }
        ActionRefusal::Bug { env, action } => PyRuntimeError::new_err(format!(
            "internal error (kingup bug): env {env}'s mask refuses {action}"
        )),
    }
}

/// An env index that passed `env_index` but has no env: a bug.
fn env_missing(i: usize) -> PyErr {
    PyRuntimeError::new_err(format!("internal error (kingup bug): env {i} is missing"))
}

/// Reads `opponents` (one bot spec for every other seat, or a list or tuple of one spec
/// per other seat in seat order) and `seat` (the learner's, 0 if not given).
fn opponents_arg<G: ArenaGame>(
    py: Python<'_>,
    opponents: Option<&Bound<'_, PyAny>>,
    seat: Option<&Bound<'_, PyAny>>,
    config: &G::Config,
) -> PyResult<Option<Opponents<G::Spec>>> {
    let Some(obj) = given(opponents) else {
        if given(seat).is_some() {
            let message = "seat= is the learner's seat among bots: it needs opponents=";
            return Err(errors::invalid_config(py, message.to_owned()));
        }
        return Ok(None);
    };
    let learner = match given(seat) {
        None => Seat::FIRST,
        Some(s) => config
            .seat(int_arg(s, "seat")?)
            .map_err(|e| errors::from_seat_error(py, &e))?,
    };
    let others = config.players() - 1;
    let specs = if obj.is_instance_of::<PyString>() {
        vec![G::spec_arg(obj)?; others]
    } else if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        let len = obj.len()?;
        if len != others {
            let message = format!("{others} opponents are needed (one per other seat), not {len}");
            return Err(errors::invalid_config(py, message));
        }
        obj.try_iter()?
            .map(|item| G::spec_arg(&item?))
            .collect::<PyResult<Vec<_>>>()?
    } else {
        return Err(PyTypeError::new_err(format!(
            "opponents must be a bot spec (str) or a list or tuple of them, not {}",
            type_name(obj)
        )));
    };
    let mut all = [G::filler(); Seat::MAX];
    let seats = Seat::all(config.players()).filter(|&s| s != learner);
    for (seat, spec) in seats.zip(specs) {
        all[seat.index()] = spec;
    }
    Ok(Some(Opponents {
        learner,
        specs: all,
    }))
}

/// The plain-data form of a `VectorEnv` (its pickle): the game's config and the env's
/// settings, each env's record, and the rewards of the last step (the other buffers are
/// written again from the envs).
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct VectorDoc<C> {
    config: C,
    seed: u64,
    reward: String,
    threads: usize,
    /// Each seat's bot spec, `None` at the learner's; `None` when the caller plays all.
    opponents: Option<Vec<Option<String>>>,
    envs: Vec<EnvDoc>,
    rewards: Vec<f32>,
}

/// One env's [`EnvRecord`].
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct EnvDoc {
    episodes: u64,
    played: Vec<u16>,
    ended: Option<Vec<u16>>,
}

impl EnvDoc {
    fn of(record: EnvRecord) -> EnvDoc {
        EnvDoc {
            episodes: record.episodes,
            played: record.played,
            ended: record.ended,
        }
    }

    fn record(self) -> EnvRecord {
        EnvRecord {
            episodes: self.episodes,
            played: self.played,
            ended: self.ended,
        }
    }
}

/// Writes a game's `VectorEnv` class: the struct holding a [`VectorShell`] and every method
/// the games share, plus `$extra`, the game's own (constructor, config properties,
/// views, `__repr__`).
macro_rules! vector_class {
    (
        $(#[$meta:meta])*
        $class:ident($game:ty), module = $module:tt, { $($extra:tt)* }
    ) => {
        $(#[$meta])*
        #[pyclass(module = $module, name = "VectorEnv", frozen)]
        #[derive(Debug)]
        pub(crate) struct $class(pub(crate) $crate::vector::VectorShell<$game>);

        #[pymethods]
        impl $class {
            /// Starts a new game in every env and returns `(observations, action_masks,
            /// rewards, dones, seats)`. With `seed`, env `i`'s games are again `seed + e *
            /// num_envs + i` for `e = 0, 1, ...`; without, each env goes on to its next
            /// game in that sequence.
            #[pyo3(signature = (seed=None))]
            fn reset(&self, py: Python<'_>, seed: Option<&Bound<'_, PyAny>>) -> PyResult<Py<pyo3::types::PyTuple>> {
                self.0.reset(py, seed)
            }

            /// Plays `actions[i]` for the seat to act in env `i`, for every env, and
            /// returns `(observations, action_masks, rewards, dones, seats)` (the env's own
            /// buffers). Every action is checked before any is played: an illegal one
            /// raises the game's `IllegalActionError` naming its env, and no env changes.
            fn step(&self, py: Python<'_>, actions: &Bound<'_, PyAny>) -> PyResult<Py<pyo3::types::PyTuple>> {
                self.0.step(py, actions)
            }

            /// Number of envs.
            #[getter]
            fn num_envs(&self) -> usize {
                self.0.num_envs()
            }

            /// Number of players in every game.
            #[getter]
            fn players(&self) -> usize {
                self.0.players()
            }

            /// `"win"`, `"points"` or `"margin"` (see `Game.returns`).
            #[getter]
            fn reward(&self) -> &'static str {
                self.0.reward()
            }

            /// The seat `step`'s actions are for when bots play the others (`None`: the
            /// caller plays every seat).
            #[getter]
            fn seat(&self) -> Option<usize> {
                self.0.seat()
            }

            /// The bots of the other seats, one label per seat in seat order (`None` for
            /// the learner's seat); `None` when the caller plays every seat.
            #[getter]
            fn opponents(&self) -> Option<Vec<Option<String>>> {
                self.0.opponents()
            }

            /// Threads a step runs on.
            #[getter]
            fn threads(&self) -> usize {
                self.0.threads()
            }

            /// The base seed of the games' seeds.
            #[getter]
            fn seed(&self, py: Python<'_>) -> PyResult<u64> {
                self.0.seed(py)
            }

            /// `float32 (num_envs, OBSERVATION_LEN)`: each env's observation for its seat to
            /// act.
            #[getter]
            fn observations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                self.0.buffer(py, 0)
            }

            /// `int8 (num_envs, NUM_ACTIONS)`: the legal actions of each env's seat to act.
            #[getter]
            fn action_masks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                self.0.buffer(py, 1)
            }

            /// `float32 (num_envs, players)`: what the game that ended at the last step pays
            /// each seat; 0 for envs whose game goes on.
            #[getter]
            fn rewards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                self.0.buffer(py, 2)
            }

            /// `bool (num_envs,)`: whether the env's game ended at the last step (it has
            /// been restarted since).
            #[getter]
            fn dones<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                self.0.buffer(py, 3)
            }

            /// `int64 (num_envs,)`: the seat to act in each env.
            #[getter]
            fn seats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                self.0.buffer(py, 4)
            }

            /// `int32 (num_envs, players)`: the final scores (`Game.returns("points")`) of
            /// the game that ended at the last step; 0 for envs whose game goes on.
            #[getter]
            fn final_totals<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                self.0.buffer(py, 5)
            }

            /// `uint64 (num_envs,)`: the seed of each env's current game (the game class
            /// with the same config and seed, driven by the same actions, is the same game).
            #[getter]
            fn game_seeds<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                self.0.buffer(py, 6)
            }

            /// The final observation of the seat that ended env `index`'s game at the last
            /// step, and whether that game ended truncated (at a bound its config set):
            /// `(observation, truncated)`; `ValueError` if no game ended there at the last
            /// step (`dones[index]` is false).
            fn final_observation<'py>(
                &self,
                py: Python<'py>,
                index: &Bound<'py, PyAny>,
            ) -> PyResult<(Bound<'py, numpy::PyArray1<f32>>, bool)> {
                self.0.final_observation(py, index)
            }

            fn __len__(&self) -> usize {
                self.0.num_envs()
            }

            /// The envs as JSON (what a pickle holds): the settings and, for each env, the
            /// games started and the actions played in its current game and in the one
            /// that ended at the last step.
            fn to_state(&self, py: Python<'_>) -> PyResult<String> {
                self.0.to_state(py)
            }

            /// The envs `to_state()` wrote, replayed (bots and chance included) and
            /// checked: `InvalidStateError` for a malformed document or actions the rules
            /// do not allow.
            #[staticmethod]
            fn from_state(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<$class> {
                $crate::vector::VectorShell::from_state(py, text).map($class)
            }

            fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
                let from_state = py.get_type::<$class>().getattr("from_state")?;
                Ok((from_state, (self.to_state(py)?,)))
            }

            $($extra)*
        }
    };
}

pub(crate) use vector_class;
