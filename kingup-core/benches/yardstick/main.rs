//! King Up! against a hand-written loop: the yardstick of issue 25.
//!
//! ```text
//! cargo bench -p kingup-core --bench yardstick
//! ```
//!
//! For 3 to 6 players (the standard game: 3 rounds, placement), first checks that the
//! hand-written random playout (`hand.rs`) plays the engine's game (the means of game
//! length, elections, eliminations, winning total and number of winners over
//! `faithful::GAMES` games each within 4 standard errors, and the histograms of game
//! length, eliminations and winning total by a chi-square; the bench panics otherwise),
//! then runs, interleaved in slices of thread CPU time, the yardstick and three ways
//! through the public API: `Game::play_random`, the `n`-th legal action
//! (`legal_action_count` + `nth_legal_action` + `apply_unchecked`) and the list
//! (`legal_actions` + `apply_unchecked`). The report is games per CPU-second and ratios to
//! the yardstick, min/median/max over the repeats.
//!
//! `KINGUP_BENCH_REPEATS` (default 3) sets the repeats; `KINGUP_BENCH_PLAYERS` (e.g. `4`)
//! limits the player counts; `KINGUP_BENCH_SKIP_CHECK=1` skips the faithfulness check
//! (for profiling only).

mod api;
mod faithful;
mod hand;

use kingup_bench::Interleaved;
use kingup_core::Generator;

/// An environment variable as a number, or `default`.
fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A contender's loop: `n` games of `play`, their actions summed.
fn games(mut rng: Generator, play: impl Fn(&mut Generator) -> u32) -> impl FnMut(u64) -> u64 {
    move |n| (0..n).map(|_| u64::from(play(&mut rng))).sum()
}

fn main() {
    // Cargo passes `--bench` (and filters); this bench takes its settings from the
    // environment instead.
    let repeats = env_number("KINGUP_BENCH_REPEATS", 3);
    let only = env_number("KINGUP_BENCH_PLAYERS", 0);
    let players: Vec<usize> = (3..=6).filter(|&p| only == 0 || p == only).collect();
    if std::env::var("KINGUP_BENCH_SKIP_CHECK").is_err() {
        println!("faithfulness: means over {} games each", faithful::GAMES);
        for &p in &players {
            faithful::check(p);
        }
    }
    let deck = hand::balanced_deck();
    for &p in &players {
        let report = Interleaved::new()
            .repeats(repeats)
            .contender(
                "yardstick",
                games(Generator::new(1), |rng| hand::game(rng, p, &deck).actions),
            )
            .contender(
                "api play_random",
                games(Generator::new(2), |rng| api::play_random(rng, p)),
            )
            .contender(
                "api nth legal",
                games(Generator::new(3), |rng| api::nth_legal(rng, p)),
            )
            .contender(
                "api list",
                games(Generator::new(4), |rng| api::list(rng, p)),
            )
            .run();
        println!("\n{p} players, games per CPU-second:\n{report}");
    }
}
