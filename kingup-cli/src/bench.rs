//! `kingup bench-ismcts` (not in the usage): ISMCTS iterations per second.
//!
//! Plays games between heuristic bots, keeps every decision with more than one legal move
//! as a position, and times one [`kingup_bots::IsmctsBot`] decision of `--iterations` iterations on an
//! evenly spread sample of `--positions` of them. Reports iterations per second overall and
//! by phase. Build with `--release`.

use std::ffi::OsString;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use kingup_bots::{Bot, BotKind, HeuristicBot};
use kingup_core::{Config, Game, Generator, Phase, PlayerView};

use crate::{CliError, out, text};
use crate::{args, bots};

pub(crate) fn run(args: &[OsString]) -> Result<ExitCode, CliError> {
    let flags = args::flags(
        args,
        &["--players", "--iterations", "--positions", "--seed"],
        &[],
    )?;
    let (mut players, mut iterations, mut positions, mut seed) = (4u8, 1000u32, 60usize, 1u64);
    for flag in &flags {
        match flag.name.as_str() {
            "--players" => {
                players = args::number(flag, Config::MIN_PLAYERS..=Config::MAX_PLAYERS)?;
            }
            "--iterations" => iterations = bots::iterations(flag)?,
            "--positions" => positions = args::number(flag, 1..=100_000)?,
            "--seed" => seed = args::number(flag, 0..=u64::MAX)?,
            _ => {
                return Err(CliError::Usage(
                    "usage: kingup bench-ismcts [--players N] [--iterations N] [--positions N] \
                     [--seed X]"
                        .to_owned(),
                ));
            }
        }
    }
    let views = positions_from_games(players, positions, seed);
    let mut bot = bots::spec(BotKind::Ismcts, Some(iterations)).build(seed);
    // By phase: placement, climb, vote; then all.
    let mut time = [Duration::ZERO; 3];
    let mut count = [0u32; 3];
    for view in &views {
        let phase = match view.public.phase {
            Phase::Placement => 0,
            Phase::Climb => 1,
            _ => 2,
        };
        let start = Instant::now();
        let action = bot.choose(view);
        time[phase] += start.elapsed();
        count[phase] += 1;
        if action.is_none() {
            return Err(CliError::Failed("ISMCTS found no move".to_owned()));
        }
    }
    let title = format!(
        "ISMCTS (heuristic playouts to the end of the round), {players} players, {iterations} \
         iterations per decision, {} positions from heuristic games (seed {seed}):",
        views.len()
    );
    out!("{}", text::wrap(&title));
    out!("    phase       decisions   ms/decision   iterations/s");
    let row = |name: &str, n: u32, t: Duration| {
        if n > 0 {
            let secs = t.as_secs_f64();
            out!(
                "    {name:<10} {n:>10}   {:>11.1}   {:>12.0}",
                1000.0 * secs / f64::from(n),
                f64::from(n) * f64::from(iterations) / secs.max(1e-12)
            );
        }
    };
    for (i, name) in ["placement", "climb", "vote"].into_iter().enumerate() {
        row(name, count[i], time[i]);
    }
    row("all", count.iter().sum(), time.iter().sum());
    Ok(ExitCode::SUCCESS)
}

/// Up to `wanted` decision points (more than one legal move), spread evenly over as many
/// heuristic games as it takes to find three times that many.
fn positions_from_games(players: u8, wanted: usize, seed: u64) -> Vec<PlayerView> {
    let mut all = Vec::new();
    let mut rng = Generator::new(seed ^ 0x5EED);
    let mut game_seed = seed;
    while all.len() < wanted * 3 {
        let Ok(mut game) = Game::new(Config::new(players)) else {
            break;
        };
        let mut bots: Vec<_> = (0..players)
            .map(|s| HeuristicBot::new(Generator::new(game_seed * 16 + u64::from(s))))
            .collect();
        game_seed += 1;
        loop {
            game.resolve_chance(&mut rng, &mut ());
            let Some(seat) = game.next_seat() else {
                break;
            };
            let view = game.player_view(seat);
            if view.legal_actions().len() > 1 {
                all.push(view);
            }
            let Some(action) = bots[seat.index()].choose(&view) else {
                break;
            };
            if game.apply(seat, action).is_err() {
                break;
            }
        }
    }
    let step = (all.len() / wanted.max(1)).max(1);
    all.into_iter().step_by(step).take(wanted).collect()
}
