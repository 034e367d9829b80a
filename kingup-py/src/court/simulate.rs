//! `kingup.court.simulate`: many random games of To Court the King in Rust, on the runner of
//! `kingup.simulate` (`simulate::run_blocks`: the GIL released, Ctrl-C heard).

use kingup_court::kingup_table::Rules;
use kingup_court::{Config, Game, Generator, Seat};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::config::{CourtConfigArgs, FlagArg};
use crate::convert::seed_arg;
use crate::simulate::{BLOCK, games_and_threads, run_blocks};

/// The rows of games `first..first + BLOCK` (fewer in the last block).
struct Block<'a> {
    first: usize,
    scores: &'a mut [u8],
    winners: &'a mut [bool],
    lengths: &'a mut [u32],
    rounds: &'a mut [u32],
    truncated: &'a mut [bool],
}

impl Block<'_> {
    /// Plays each game `i` of the block from seed `seed + i`: the game `Game(seed=seed +
    /// i, ...).play_random()` plays (the opening chance, then random play, from one
    /// generator).
    fn play(self, config: Config, seed: u64) {
        let p = config.player_count();
        let rows = self
            .scores
            .chunks_mut(p)
            .zip(self.winners.chunks_mut(p))
            .zip(self.lengths.iter_mut())
            .zip(self.rounds.iter_mut())
            .zip(self.truncated.iter_mut());
        for (i, ((((scores, winners), length), rounds), truncated)) in rows.enumerate() {
            let Ok(mut game) = Game::new(config) else {
                return;
            };
            let mut rng = Generator::new(seed.wrapping_add((self.first + i) as u64));
            game.resolve_chance(&mut rng, &mut ());
            *length = game.play_random(&mut rng) as u32;
            for (s, (score, won)) in scores.iter_mut().zip(winners.iter_mut()).enumerate() {
                let seat = Seat::new(s).unwrap_or(Seat::FIRST);
                *score = u8::try_from(Rules::score(&game, seat)).unwrap_or(u8::MAX);
                *won = game.win_share(seat) > 0.0;
            }
            *rounds = game.round() + 1;
            *truncated = game.is_truncated();
        }
    }
}

/// Plays `games` uniformly random court games and returns NumPy arrays (see
/// `kingup.court.simulate`).
#[pyfunction]
#[pyo3(name = "court_simulate")]
#[pyo3(signature = (games, players=None, seed=None, first_player=None, unlimited_jesters=FlagArg::Unset, preroll_abilities=FlagArg::Unset, max_rounds=None, threads=None))]
#[allow(clippy::too_many_arguments)] // the keyword arguments of `kingup.court.simulate(...)`
pub(crate) fn simulate<'py>(
    py: Python<'py>,
    games: &Bound<'py, PyAny>,
    players: Option<&Bound<'py, PyAny>>,
    seed: Option<&Bound<'py, PyAny>>,
    first_player: Option<&Bound<'py, PyAny>>,
    unlimited_jesters: FlagArg<'py>,
    preroll_abilities: FlagArg<'py>,
    max_rounds: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let (games, threads) = games_and_threads(games, threads)?;
    let config = CourtConfigArgs {
        players,
        first_player,
        unlimited_jesters: &unlimited_jesters,
        preroll_abilities: &preroll_abilities,
        max_rounds,
    }
    .build(py)?;
    let seed = seed.filter(|s| !s.is_none()).map(seed_arg).transpose()?;
    let p = config.player_count();
    let mut scores = vec![0u8; games * p];
    let mut winners = vec![false; games * p];
    let mut lengths = vec![0u32; games];
    let mut rounds = vec![0u32; games];
    let mut truncated = vec![false; games];
    let blocks = scores
        .chunks_mut(BLOCK * p)
        .zip(winners.chunks_mut(BLOCK * p))
        .zip(lengths.chunks_mut(BLOCK))
        .zip(rounds.chunks_mut(BLOCK))
        .zip(truncated.chunks_mut(BLOCK))
        .enumerate()
        .map(
            |(k, ((((scores, winners), lengths), rounds), truncated))| Block {
                first: k * BLOCK,
                scores,
                winners,
                lengths,
                rounds,
                truncated,
            },
        );
    let seed = seed.unwrap_or(0);
    run_blocks(py, threads, blocks, |block| block.play(config, seed))?;
    let out = PyDict::new(py);
    out.set_item(
        "scores",
        PyArray1::from_vec(py, scores).reshape([games, p])?,
    )?;
    out.set_item(
        "winners",
        PyArray1::from_vec(py, winners).reshape([games, p])?,
    )?;
    out.set_item("lengths", PyArray1::from_vec(py, lengths))?;
    out.set_item("rounds", PyArray1::from_vec(py, rounds))?;
    out.set_item("truncated", PyArray1::from_vec(py, truncated))?;
    Ok(out)
}
