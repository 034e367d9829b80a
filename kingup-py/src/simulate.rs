//! `kingup.simulate`: many random games in Rust, with the GIL released.

use kingup_core::{Config, Game, Generator, Seat};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::config::ConfigArgs;
use crate::convert::seed_arg;
use crate::errors;

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

    /// Plays games `0..n` into the buffers on `threads` threads. Each game has its own
    /// seed, so results do not depend on the number of threads.
    fn fill(&mut self, config: Config, seed: u64, threads: usize) {
        let games = self.lengths.len();
        let (p, r) = (
            config.player_count(),
            config.player_count() * usize::from(config.rounds),
        );
        let chunk = games.div_ceil(threads.max(1)).max(1);
        std::thread::scope(|scope| {
            let parts = self
                .totals
                .chunks_mut(chunk * p)
                .zip(self.rounds.chunks_mut(chunk * r))
                .zip(self.winners.chunks_mut(chunk * p))
                .zip(self.lengths.chunks_mut(chunk))
                .zip(self.first.chunks_mut(chunk));
            for (k, ((((totals, rounds), winners), lengths), first)) in parts.enumerate() {
                scope.spawn(move || {
                    let rows = totals
                        .chunks_mut(p)
                        .zip(rounds.chunks_mut(r))
                        .zip(winners.chunks_mut(p))
                        .zip(lengths.iter_mut())
                        .zip(first.iter_mut());
                    for (i, ((((totals, rounds), winners), length), first)) in rows.enumerate() {
                        let game_seed = seed.wrapping_add((k * chunk + i) as u64);
                        let row = Row {
                            totals,
                            rounds,
                            winners,
                            length,
                            first,
                        };
                        play_one(config, game_seed, row);
                    }
                });
            }
        });
    }
}

/// Games one call plays at most: the results take up to 41 bytes a game (6 players), so
/// this bounds them to about 4 GB, and the buffer sizes cannot overflow.
const MAX_GAMES: usize = 100_000_000;

/// Threads one call may use.
const MAX_THREADS: usize = 64;

/// Plays `games` uniformly random games and returns NumPy arrays (see `kingup.simulate`).
#[pyfunction]
#[pyo3(signature = (games, players=None, seed=None, rounds=None, setup=None, first_player=None, threads=None))]
#[allow(clippy::too_many_arguments)] // the keyword arguments of `kingup.simulate(...)`
pub(crate) fn simulate<'py>(
    py: Python<'py>,
    games: usize,
    players: Option<&Bound<'py, PyAny>>,
    seed: Option<&Bound<'py, PyAny>>,
    rounds: Option<&Bound<'py, PyAny>>,
    setup: Option<&Bound<'py, PyAny>>,
    first_player: Option<&Bound<'py, PyAny>>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyDict>> {
    // Default: every core the process may use (the results do not depend on it).
    let threads = threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_THREADS))
    });
    let config = ConfigArgs {
        players,
        rounds,
        setup,
        first_player,
        deck: None,
    }
    .build(py)?;
    if games > MAX_GAMES {
        let message =
            format!("games must be at most {MAX_GAMES} per call (run batches), not {games}");
        return Err(errors::invalid_config(py, message));
    }
    if !(1..=64).contains(&threads) {
        return Err(errors::invalid_config(
            py,
            format!("threads must be 1 to 64, not {threads}"),
        ));
    }
    let seed = seed
        .filter(|s| !s.is_none())
        .map(seed_arg)
        .transpose()?
        .unwrap_or(0);
    let (p, r) = (config.player_count(), usize::from(config.rounds));
    let mut buffers = Buffers::new(games, p, r);
    py.detach(|| buffers.fill(config, seed, threads));
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
