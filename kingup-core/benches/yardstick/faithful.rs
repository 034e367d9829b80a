//! The yardstick is only a yardstick if it plays the same game: its distributions against
//! the engine's, over tens of thousands of games, within noise. Means are compared in
//! standard errors; the whole distributions of game length, eliminations and winning
//! total by a two-sample chi-square on their histograms.

use kingup_core::Generator;

use crate::hand::Outcome;

/// Games on each side of a comparison.
pub(crate) const GAMES: u32 = 40_000;
/// A difference of means beyond this many standard errors fails the bench, and so does a
/// chi-square this many standard deviations above its degrees of freedom (Wilson–Hilferty).
const LIMIT: f64 = 4.0;
/// Histogram bins are merged until each holds at least this many games of both samples.
const BIN_GAMES: u32 = 40;

/// Running mean and variance of one figure.
#[derive(Clone, Copy, Debug, Default)]
struct Moments {
    n: f64,
    sum: f64,
    squares: f64,
}

impl Moments {
    fn add(&mut self, x: u32) {
        let x = f64::from(x);
        self.n += 1.0;
        self.sum += x;
        self.squares += x * x;
    }

    fn mean(&self) -> f64 {
        self.sum / self.n
    }

    /// The variance of the mean.
    fn mean_variance(&self) -> f64 {
        let mean = self.mean();
        (self.squares / self.n - mean * mean) / self.n
    }
}

/// A figure's name and how to read it from an outcome.
type Figure = (&'static str, fn(&Outcome) -> u32);

/// The figures compared.
const FIGURES: [Figure; 5] = [
    ("player actions", |o| o.actions),
    ("elections", |o| o.elections),
    ("eliminations", |o| o.eliminations),
    ("winning total", |o| o.winning_total),
    ("winners", |o| o.winners),
];

/// The figures of `GAMES` games: each one's moments and histogram (by value).
struct Sample {
    moments: [Moments; 5],
    histograms: [Vec<u32>; 5],
}

/// Plays `GAMES` games of `play`.
fn sample(mut play: impl FnMut() -> Outcome) -> Sample {
    let mut moments = [Moments::default(); 5];
    let mut histograms: [Vec<u32>; 5] = Default::default();
    for _ in 0..GAMES {
        let outcome = play();
        for ((m, h), (_, read)) in moments.iter_mut().zip(&mut histograms).zip(FIGURES) {
            let x = read(&outcome);
            m.add(x);
            let x = x as usize;
            if h.len() <= x {
                h.resize(x + 1, 0);
            }
            h[x] += 1;
        }
    }
    Sample {
        moments,
        histograms,
    }
}

/// Two samples' histograms compared: the chi-square over bins merged until each holds
/// `BIN_GAMES` games of both, its degrees of freedom, and how many standard deviations
/// above them it lies (the Wilson–Hilferty cube-root approximation).
fn chi_square(a: &[u32], b: &[u32]) -> (f64, usize, f64) {
    let mut bins: Vec<(f64, f64)> = Vec::new();
    let (mut x, mut y) = (0, 0);
    for i in 0..a.len().max(b.len()) {
        x += a.get(i).copied().unwrap_or(0);
        y += b.get(i).copied().unwrap_or(0);
        if x >= BIN_GAMES && y >= BIN_GAMES {
            bins.push((f64::from(x), f64::from(y)));
            (x, y) = (0, 0);
        }
    }
    // The tail joins the last bin.
    if let Some(last) = bins.last_mut() {
        last.0 += f64::from(x);
        last.1 += f64::from(y);
    }
    // Equal sample sizes: the statistic is the sum of (a - b)^2 / (a + b).
    let statistic: f64 = bins.iter().map(|(a, b)| (a - b) * (a - b) / (a + b)).sum();
    let df = bins.len().saturating_sub(1).max(1);
    let k = df as f64;
    let z = ((statistic / k).cbrt() - (1.0 - 2.0 / (9.0 * k))) / (2.0 / (9.0 * k)).sqrt();
    (statistic, df, z)
}

/// Prints the means side by side with their distance in standard errors, and for game
/// length, eliminations and winning total the histograms' chi-square; panics past
/// `LIMIT`. `figures` says which figures `engine` reports.
fn compare(
    players: usize,
    engine_name: &str,
    yardstick: &Sample,
    engine: &Sample,
    figures: &[usize],
) {
    for &f in figures {
        let (a, b) = (yardstick.moments[f], engine.moments[f]);
        let z = (a.mean() - b.mean()) / (a.mean_variance() + b.mean_variance()).sqrt();
        println!(
            "  {players} players, {:<15} yardstick {:>8.3}  {engine_name:<12} {:>8.3}  z {z:+.2}",
            FIGURES[f].0,
            a.mean(),
            b.mean()
        );
        assert!(
            z.abs() < LIMIT,
            "the yardstick's {} differs from {engine_name}'s at {players} players: z = {z:.2}",
            FIGURES[f].0
        );
        if matches!(f, 0 | 2 | 3) {
            let (statistic, df, z) = chi_square(&yardstick.histograms[f], &engine.histograms[f]);
            println!(
                "  {players} players, {:<15} histograms: chi-square {statistic:.1} on {df} \
                 degrees of freedom, z {z:+.2}",
                FIGURES[f].0
            );
            assert!(
                z < LIMIT,
                "the yardstick's {} distribution differs from {engine_name}'s at {players} \
                 players: chi-square {statistic:.1} on {df} degrees of freedom",
                FIGURES[f].0
            );
        }
    }
}

/// Checks the yardstick against the engine's checked API (every figure) and against
/// `Game::play_random` (length and winners) at `players`.
pub(crate) fn check(players: usize) {
    let deck = crate::hand::balanced_deck();
    let mut rng = Generator::new(0x5eed + players as u64);
    let yardstick = sample(|| crate::hand::game(&mut rng, players, &deck));
    let reference = sample(|| crate::api::reference(&mut rng, players));
    compare(
        players,
        "api checked",
        &yardstick,
        &reference,
        &[0, 1, 2, 3, 4],
    );
    let fast = sample(|| crate::api::by_play_random(&mut rng, players));
    compare(players, "play_random", &yardstick, &fast, &[0, 3, 4]);
}
