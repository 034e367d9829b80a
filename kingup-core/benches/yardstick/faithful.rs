//! The yardstick is only a yardstick if it plays the same game: its distributions against
//! the engine's, over tens of thousands of games, within noise.

use kingup_core::Generator;

use crate::hand::Outcome;

/// Games on each side of a comparison.
pub(crate) const GAMES: u32 = 40_000;
/// A difference of means beyond this many standard errors fails the bench.
const LIMIT: f64 = 4.0;

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

/// The moments of every figure over `GAMES` games of `play`.
fn sample(mut play: impl FnMut() -> Outcome) -> [Moments; 5] {
    let mut moments = [Moments::default(); 5];
    for _ in 0..GAMES {
        let outcome = play();
        for (m, (_, read)) in moments.iter_mut().zip(FIGURES) {
            m.add(read(&outcome));
        }
    }
    moments
}

/// Prints the means side by side with their distance in standard errors; panics past
/// `LIMIT`. `figures` says which figures `engine` reports.
fn compare(
    players: usize,
    engine_name: &str,
    yardstick: &[Moments; 5],
    engine: &[Moments; 5],
    figures: &[usize],
) {
    for &f in figures {
        let (a, b) = (yardstick[f], engine[f]);
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
