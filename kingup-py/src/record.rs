//! `kingup.dataset.record` and `kingup.court.dataset.record`: games between built-in bots
//! played in Rust (`kingup_bots::play_observed`) and written, step by step, into column
//! buffers that Python turns into Parquet shards. One generic body for both games
//! ([`ArenaGame`] names their bots); the GIL is released and Ctrl-C heard
//! (`simulate::run_blocks`).
//!
//! Game `id` is played from seed `seed + id`: chance from `Generator::new` of it, the bot of
//! seat `s` from `bot_seed(seed + id, s)` (the environments' convention), so a game's
//! record depends on the seed and its id only, not on the threads or on which call
//! recorded it. No seed or generator state is written.

use std::sync::Mutex;

use kingup_bots::Reward;
use kingup_bots::env::OpponentSpec;
use kingup_core::kingup_table::{ActionMask, Generator, Seat, Step, bot_seed};
use kingup_core::{Config, Game};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::arena::ArenaGame;
use crate::config::ConfigArgs;
use crate::convert::{int_in, seed_arg, type_name};
use crate::errors;
use crate::limits::MAX_GAMES;
use crate::reward::read_reward;
use crate::simulate::{run_blocks, threads_arg};

/// Games a thread records at a time.
const BLOCK: usize = 16;

/// The columns of the recorded games: the steps table (one row per seat's decision) and
/// the games table (one row per game), in game order.
#[derive(Default)]
struct Columns {
    // Steps.
    game_id: Vec<i64>,
    step: Vec<i32>,
    seat: Vec<i8>,
    bot: Vec<u8>,
    observation: Vec<f32>,
    mask: Vec<bool>,
    action: Vec<i16>,
    reward: Vec<f32>,
    terminated: Vec<bool>,
    truncated: Vec<bool>,
    // Games.
    games: Vec<i64>,
    /// Each game's number of steps (chance included): the lengths of its history lists.
    history_len: Vec<i32>,
    history_seat: Vec<i8>,
    history_index: Vec<i16>,
    /// The bot index of each seat, `games × players`.
    bots: Vec<u8>,
    returns: Vec<f64>,
    scores: Vec<i32>,
    winners: Vec<bool>,
    game_truncated: Vec<bool>,
    /// A game a bot could not finish (a kingup bug for the built-in bots).
    failed: Option<i64>,
}

impl Columns {
    fn append(&mut self, mut other: Columns) {
        macro_rules! join {
            ($($field:ident),*) => { $( self.$field.append(&mut other.$field); )* };
        }
        join!(
            game_id,
            step,
            seat,
            bot,
            observation,
            mask,
            action,
            reward,
            terminated,
            truncated,
            games,
            history_len,
            history_seat,
            history_index,
            bots,
            returns,
            scores,
            winners,
            game_truncated
        );
        self.failed = self.failed.or(other.failed);
    }
}

/// What every game of a recording shares.
struct Plan<G: ArenaGame> {
    fresh: G,
    specs: Vec<G::Spec>,
    rotate: bool,
    seed: u64,
    reward: Reward,
}

impl<G: ArenaGame> Plan<G> {
    /// The index into `specs` of the bot at `seat` in game `id`.
    fn bot_at(&self, id: u64, seat: usize) -> usize {
        let n = self.specs.len();
        if self.rotate {
            (seat + (id % n as u64) as usize) % n
        } else {
            seat
        }
    }

    /// Plays game `id` and appends its rows to `out`.
    fn record(&self, id: u64, out: &mut Columns) {
        let game_seed = self.seed.wrapping_add(id);
        let players = self.fresh.players();
        let picks: Vec<usize> = (0..players).map(|s| self.bot_at(id, s)).collect();
        let mut bots: Vec<_> = Seat::all(players)
            .zip(&picks)
            .map(|(seat, &k)| self.specs[k].build_bot(bot_seed(game_seed, seat)))
            .collect();
        let mut refs: Vec<&mut dyn kingup_bots::Bot<G::View>> =
            bots.iter_mut().map(|b| b as _).collect();
        let mut game = self.fresh;
        let mut rng = Generator::new(game_seed);
        let id = id as i64;
        // Per seat: the row of its last decision, and its return then.
        let mut last: [Option<usize>; Seat::MAX] = [None; Seat::MAX];
        let mut paid = [0.0f64; Seat::MAX];
        let mut now = [0.0f64; Seat::MAX];
        let mut flags = vec![0i8; G::ACTION_COUNT];
        let mut steps = 0i32;
        let reward = self.reward;
        let complete =
            kingup_bots::play_observed(&mut game, &mut refs, &mut rng, &mut (), |g, step| {
                match step {
                    Step::Chance(outcome) => {
                        out.history_seat.push(-1);
                        out.history_index.push(G::chance_index(outcome) as i16);
                    }
                    Step::Action { seat, action } => {
                        let s = seat.index();
                        reward.returns(g, &mut now[..players]);
                        if let Some(row) = last[s] {
                            out.reward[row] = (now[s] - paid[s]) as f32;
                        }
                        paid[s] = now[s];
                        last[s] = Some(out.action.len());
                        let start = out.observation.len();
                        out.observation.resize(start + G::OBSERVATION_LEN, 0.0);
                        // The slice has the game's length: the encoder cannot refuse it.
                        let _ = g.observation(seat, &mut out.observation[start..]);
                        g.legal_mask(seat).write_flags(&mut flags);
                        out.mask.extend(flags.iter().map(|&f| f != 0));
                        out.game_id.push(id);
                        out.step.push(steps);
                        out.seat.push(s as i8);
                        out.bot.push(picks[s] as u8);
                        out.action.push(G::action_index(action) as i16);
                        out.reward.push(0.0);
                        out.terminated.push(false);
                        out.truncated.push(false);
                        out.history_seat.push(s as i8);
                        out.history_index.push(G::action_index(action) as i16);
                    }
                }
                steps += 1;
            });
        if !complete {
            out.failed.get_or_insert(id);
        }
        reward.returns(&game, &mut now[..players]);
        let truncated = game.is_truncated();
        for s in 0..players {
            if let Some(row) = last[s] {
                out.reward[row] = (now[s] - paid[s]) as f32;
                out.terminated[row] = !truncated;
                out.truncated[row] = truncated;
            }
        }
        out.games.push(id);
        out.history_len.push(steps);
        out.bots.extend(picks.iter().map(|&k| k as u8));
        out.returns.extend_from_slice(&now[..players]);
        for seat in Seat::all(players) {
            out.scores
                .push(i32::try_from(game.score(seat)).unwrap_or(i32::MAX));
            out.winners.push(game.win_share(seat) > 0.0);
        }
        out.game_truncated.push(truncated);
    }
}

/// The `bots=` argument: one built-in bot per seat (a list or tuple of names).
fn specs_arg<G: ArenaGame>(obj: &Bound<'_, PyAny>, players: usize) -> PyResult<Vec<G::Spec>> {
    if obj.is_instance_of::<pyo3::types::PyString>() {
        return Err(PyTypeError::new_err(
            "bots must be a list of bot names, one per seat, not a str",
        ));
    }
    let items = obj.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "bots must be a list of bot names, one per seat, not {}",
            type_name(obj)
        ))
    })?;
    let mut specs = Vec::new();
    for item in items.take(players + 1) {
        specs.push(G::spec_arg(&item?)?);
    }
    if specs.len() != players {
        let message = format!(
            "bots must name one bot per seat: {players} for a {players}-player game, not {}",
            if specs.len() > players {
                "more".to_owned()
            } else {
                specs.len().to_string()
            }
        );
        return Err(errors::invalid_config(obj.py(), message));
    }
    Ok(specs)
}

/// The arguments of a recording every game shares.
pub(crate) struct RecordArgs<'a, 'py> {
    pub(crate) first: &'a Bound<'py, PyAny>,
    pub(crate) games: &'a Bound<'py, PyAny>,
    pub(crate) bots: &'a Bound<'py, PyAny>,
    pub(crate) rotate: bool,
    pub(crate) seed: &'a Bound<'py, PyAny>,
    pub(crate) reward: Option<&'a Bound<'py, PyAny>>,
    pub(crate) threads: Option<&'a Bound<'py, PyAny>>,
}

impl RecordArgs<'_, '_> {
    /// Records games `first..first + games` of `config` and returns their columns as NumPy
    /// arrays (see `kingup.dataset`).
    pub(crate) fn record<'py, G: ArenaGame>(
        &self,
        py: Python<'py>,
        config: G::Config,
    ) -> PyResult<Bound<'py, PyDict>>
    where
        G::Config: serde::Serialize,
    {
        let first = int_in(self.first, "first", 0..=i64::MAX - MAX_GAMES as i64)? as u64;
        let games = int_in(self.games, "games", 0..=MAX_GAMES as i64)? as usize;
        let threads = threads_arg(self.threads)?;
        let seed = seed_arg(self.seed)?;
        let reward = read_reward(self.reward)?;
        let fresh =
            G::new_with(config, &mut ()).map_err(|e| errors::invalid_config(py, e.to_string()))?;
        let players = fresh.players();
        let specs = specs_arg::<G>(self.bots, players)?;
        let labels: Vec<String> = specs.iter().map(G::label).collect();
        let plan = Plan {
            fresh,
            specs,
            rotate: self.rotate,
            seed,
            reward,
        };
        let blocks = games.div_ceil(BLOCK);
        let results: Vec<Mutex<Columns>> = (0..blocks).map(|_| Mutex::default()).collect();
        let work = results.iter().enumerate();
        run_blocks(py, threads, work, |(k, cell)| {
            let mut out = Columns::default();
            let start = first + (k * BLOCK) as u64;
            let end = first + games.min((k + 1) * BLOCK) as u64;
            for id in start..end {
                plan.record(id, &mut out);
            }
            if let Ok(mut cell) = cell.lock() {
                *cell = out;
            }
        })?;
        let mut all = Columns::default();
        for cell in results {
            all.append(cell.into_inner().unwrap_or_default());
        }
        if let Some(id) = all.failed {
            return Err(PyRuntimeError::new_err(format!(
                "internal error (kingup bug): a bot could not finish game {id}"
            )));
        }
        let config_json = crate::convert::to_json(&config)?;
        columns_dict(
            py,
            all,
            players,
            G::OBSERVATION_LEN,
            G::ACTION_COUNT,
            labels,
            config_json,
        )
    }
}

/// The columns as a dict of NumPy arrays (and the labels and config).
fn columns_dict<'py>(
    py: Python<'py>,
    c: Columns,
    players: usize,
    observation_len: usize,
    actions: usize,
    labels: Vec<String>,
    config: String,
) -> PyResult<Bound<'py, PyDict>> {
    let out = PyDict::new(py);
    let rows = c.action.len();
    let games = c.games.len();
    out.set_item("game_id", PyArray1::from_vec(py, c.game_id))?;
    out.set_item("step", PyArray1::from_vec(py, c.step))?;
    out.set_item("seat", PyArray1::from_vec(py, c.seat))?;
    out.set_item("bot", PyArray1::from_vec(py, c.bot))?;
    let observation = PyArray1::from_vec(py, c.observation).reshape([rows, observation_len])?;
    out.set_item("observation", observation)?;
    out.set_item(
        "mask",
        PyArray1::from_vec(py, c.mask).reshape([rows, actions])?,
    )?;
    out.set_item("action", PyArray1::from_vec(py, c.action))?;
    out.set_item("reward", PyArray1::from_vec(py, c.reward))?;
    out.set_item("terminated", PyArray1::from_vec(py, c.terminated))?;
    out.set_item("truncated", PyArray1::from_vec(py, c.truncated))?;
    out.set_item("games", PyArray1::from_vec(py, c.games))?;
    out.set_item("history_len", PyArray1::from_vec(py, c.history_len))?;
    out.set_item("history_seat", PyArray1::from_vec(py, c.history_seat))?;
    out.set_item("history_index", PyArray1::from_vec(py, c.history_index))?;
    out.set_item(
        "bots",
        PyArray1::from_vec(py, c.bots).reshape([games, players])?,
    )?;
    out.set_item(
        "returns",
        PyArray1::from_vec(py, c.returns).reshape([games, players])?,
    )?;
    out.set_item(
        "scores",
        PyArray1::from_vec(py, c.scores).reshape([games, players])?,
    )?;
    out.set_item(
        "winners",
        PyArray1::from_vec(py, c.winners).reshape([games, players])?,
    )?;
    out.set_item("game_truncated", PyArray1::from_vec(py, c.game_truncated))?;
    out.set_item("labels", labels)?;
    out.set_item("config", config)?;
    Ok(out)
}

/// Records King Up! games between built-in bots (see `kingup.dataset.record`).
#[pyfunction]
#[pyo3(signature = (first, games, bots, *, seed, rotate=false, reward=None, threads=None, players=None, rounds=None, setup=None, first_player=None, deck=None))]
#[allow(clippy::too_many_arguments)] // the keyword arguments of `kingup.dataset.record(...)`
pub(crate) fn record<'py>(
    py: Python<'py>,
    first: &Bound<'py, PyAny>,
    games: &Bound<'py, PyAny>,
    bots: &Bound<'py, PyAny>,
    seed: &Bound<'py, PyAny>,
    rotate: bool,
    reward: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    players: Option<&Bound<'py, PyAny>>,
    rounds: Option<&Bound<'py, PyAny>>,
    setup: Option<&Bound<'py, PyAny>>,
    first_player: Option<&Bound<'py, PyAny>>,
    deck: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let config: Config = ConfigArgs {
        players,
        rounds,
        setup,
        first_player,
        deck,
    }
    .build(py)?;
    let args = RecordArgs {
        first,
        games,
        bots,
        rotate,
        seed,
        reward,
        threads,
    };
    args.record::<Game>(py, config)
}
