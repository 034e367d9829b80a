//! `kingup.simulate`: many random games in Rust, with the GIL released and Ctrl-C heard.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use kingup_core::{Config, Game, Generator, Seat};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::config::ConfigArgs;
use crate::convert::{int_in, seed_arg};
use crate::limits::{MAX_GAMES, MAX_THREADS};
use crate::sync::CHECK_EVERY;

/// One game's results, written into the output arrays.
struct Row<'a> {
    totals: &'a mut [u16],
    rounds: &'a mut [u8],
    winners: &'a mut [bool],
    length: &'a mut u32,
    first: &'a mut i8,
}

/// Plays game `index` (seed `seed + index`, the same game `Game(seed=seed + index)`
/// `.play_random()` plays) and records it.
fn play_one(config: Config, seed: u64, row: Row<'_>) {
    let Ok(mut game) = Game::new(config) else {
        return;
    };
    let mut rng = Generator::new(seed);
    // Round 1's first player is known once the opening chance steps are resolved (the
    // engine keeps only the current round's); play_random resolves them the same way.
    game.resolve_chance(&mut rng, &mut ());
    *row.first = game.first_player().map_or(-1, |s| s.index() as i8);
    *row.length = game.play_random(&mut rng);
    let players = game.players();
    row.totals.copy_from_slice(&game.totals());
    for (r, scores) in row.rounds.chunks_mut(players).zip(game.scores()) {
        r.copy_from_slice(&scores[..players]);
    }
    let winners = game.winners().unwrap_or_default();
    for (i, w) in row.winners.iter_mut().enumerate() {
        *w = Seat::new(i).is_some_and(|s| winners.contains(s));
    }
}

/// Games in a block, the unit of work a thread takes at a time: well under a millisecond
/// of play, so that every thread stops soon after a signal.
pub(crate) const BLOCK: usize = 64;

/// The rows of games `first..first + BLOCK` (fewer in the last block).
struct Block<'a> {
    first: usize,
    totals: &'a mut [u16],
    rounds: &'a mut [u8],
    winners: &'a mut [bool],
    lengths: &'a mut [u32],
    firsts: &'a mut [i8],
}

impl Block<'_> {
    fn play(self, config: Config, seed: u64) {
        let (p, r) = (
            config.player_count(),
            config.player_count() * usize::from(config.rounds),
        );
        let rows = self
            .totals
            .chunks_mut(p)
            .zip(self.rounds.chunks_mut(r))
            .zip(self.winners.chunks_mut(p))
            .zip(self.lengths.iter_mut())
            .zip(self.firsts.iter_mut());
        for (i, ((((totals, rounds), winners), length), first)) in rows.enumerate() {
            let row = Row {
                totals,
                rounds,
                winners,
                length,
                first,
            };
            play_one(config, seed.wrapping_add((self.first + i) as u64), row);
        }
    }
}

/// The output buffers of a whole simulation.
struct Buffers {
    totals: Vec<u16>,
    rounds: Vec<u8>,
    winners: Vec<bool>,
    lengths: Vec<u32>,
    first: Vec<i8>,
}

impl Buffers {
    fn new(games: usize, players: usize, rounds: usize) -> Buffers {
        Buffers {
            totals: vec![0; games * players],
            rounds: vec![0; games * rounds * players],
            winners: vec![false; games * players],
            lengths: vec![0; games],
            first: vec![-1; games],
        }
    }

    /// Plays every game into the buffers on `threads` threads (see [`run_blocks`]).
    fn fill(&mut self, py: Python<'_>, config: Config, seed: u64, threads: usize) -> PyResult<()> {
        let (p, r) = (
            config.player_count(),
            config.player_count() * usize::from(config.rounds),
        );
        let blocks = self
            .totals
            .chunks_mut(BLOCK * p)
            .zip(self.rounds.chunks_mut(BLOCK * r))
            .zip(self.winners.chunks_mut(BLOCK * p))
            .zip(self.lengths.chunks_mut(BLOCK))
            .zip(self.first.chunks_mut(BLOCK))
            .enumerate()
            .map(
                |(k, ((((totals, rounds), winners), lengths), firsts))| Block {
                    first: k * BLOCK,
                    totals,
                    rounds,
                    winners,
                    lengths,
                    firsts,
                },
            );
        run_blocks(py, threads, blocks, |block| block.play(config, seed))
    }
}

/// Runs `play` on every block of `blocks` on `threads` threads, the calling one included,
/// with the GIL released. Threads take blocks from a shared queue; each game has its own
/// seed, so the results do not depend on the threads. The calling thread checks for
/// signals between stretches of `CHECK_EVERY`; when a handler raises
/// (`KeyboardInterrupt`), every thread stops after its current block and the error is
/// returned. Both games' simulations run on it.
pub(crate) fn run_blocks<B: Send>(
    py: Python<'_>,
    threads: usize,
    blocks: impl Iterator<Item = B> + Send,
    play: impl Fn(B) + Sync,
) -> PyResult<()> {
    let queue = Mutex::new(blocks);
    let stop = AtomicBool::new(false);
    // Plays blocks until the queue is empty, `stop` is set or `until` has passed;
    // whether blocks may be left.
    let work = |until: Option<Instant>| loop {
        if stop.load(Ordering::Relaxed) {
            return false;
        }
        // A poisoned queue means another thread panicked: stop, the panic goes on.
        let Some(block) = queue.lock().ok().and_then(|mut q| q.next()) else {
            return false;
        };
        play(block);
        if until.is_some_and(|t| Instant::now() >= t) {
            return true;
        }
    };
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads).map(|_| scope.spawn(|| work(None))).collect();
        let mut outcome = Ok(());
        while py.detach(|| work(Some(Instant::now() + CHECK_EVERY))) {
            if let Err(err) = py.check_signals() {
                stop.store(true, Ordering::Relaxed);
                outcome = Err(err);
                break;
            }
        }
        // The helpers finish their blocks (or stop) without the GIL held meanwhile.
        py.detach(|| {
            for helper in helpers {
                // A helper's panic would be a kingup bug; its games stay unplayed.
                let _ = helper.join();
            }
        });
        outcome
    })
}

/// The `games=` and `threads=` arguments of a simulation.
pub(crate) fn games_and_threads(
    games: &Bound<'_, PyAny>,
    threads: Option<&Bound<'_, PyAny>>,
) -> PyResult<(usize, usize)> {
    // The limit is a `usize` constant far below `i64::MAX`.
    let games = int_in(games, "games", 0..=MAX_GAMES as i64)? as usize;
    Ok((games, threads_arg(threads)?))
}

/// A `threads=` argument, `1..=MAX_THREADS`; by default every core the process may use (no
/// result depends on it).
pub(crate) fn threads_arg(threads: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
    match threads.filter(|t| !t.is_none()) {
        Some(obj) => Ok(int_in(obj, "threads", 1..=MAX_THREADS as i64)? as usize),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_THREADS))),
    }
}

/// Plays `games` uniformly random games and returns NumPy arrays (see `kingup.simulate`).
#[pyfunction]
#[pyo3(signature = (games, players=None, seed=None, rounds=None, setup=None, first_player=None, deck=None, threads=None))]
#[allow(clippy::too_many_arguments)] // the keyword arguments of `kingup.simulate(...)`
pub(crate) fn simulate<'py>(
    py: Python<'py>,
    games: &Bound<'py, PyAny>,
    players: Option<&Bound<'py, PyAny>>,
    seed: Option<&Bound<'py, PyAny>>,
    rounds: Option<&Bound<'py, PyAny>>,
    setup: Option<&Bound<'py, PyAny>>,
    first_player: Option<&Bound<'py, PyAny>>,
    deck: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let (games, threads) = games_and_threads(games, threads)?;
    let config = ConfigArgs {
        players,
        rounds,
        setup,
        first_player,
        deck,
    }
    .build(py)?;
    let seed = seed
        .filter(|s| !s.is_none())
        .map(seed_arg)
        .transpose()?
        .unwrap_or(0);
    let (p, r) = (config.player_count(), usize::from(config.rounds));
    let mut buffers = Buffers::new(games, p, r);
    buffers.fill(py, config, seed, threads)?;
    let out = PyDict::new(py);
    out.set_item(
        "scores",
        PyArray1::from_vec(py, buffers.totals).reshape([games, p])?,
    )?;
    out.set_item(
        "round_scores",
        PyArray1::from_vec(py, buffers.rounds).reshape([games, r, p])?,
    )?;
    out.set_item(
        "winners",
        PyArray1::from_vec(py, buffers.winners).reshape([games, p])?,
    )?;
    out.set_item("lengths", PyArray1::from_vec(py, buffers.lengths))?;
    out.set_item("first_player", PyArray1::from_vec(py, buffers.first))?;
    Ok(out)
}
