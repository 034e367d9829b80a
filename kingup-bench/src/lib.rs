//! Loops interleaved in one process and timed in thread CPU time: the ratios the kingup
//! benches report.
//!
//! The machine the project is measured on is shared and noisy, so a figure of one loop
//! alone moves with its neighbours. Here every contender runs in short slices, in turn,
//! inside each repeat; a repeat's ratio compares the contenders over the same stretch of
//! time, and the report gives the min, median and max of the ratios over the repeats.
//!
//! ```
//! use kingup_bench::Interleaved;
//!
//! let report = Interleaved::new()
//!     .repeats(3)
//!     .slices(2)
//!     .slice_millis(5)
//!     .contender("sum by loop", |n| (0..n).fold(0u64, |a, b| a.wrapping_add(std::hint::black_box(b))))
//!     .contender("sum by formula", |n| n.wrapping_mul(n.wrapping_sub(1)) / 2)
//!     .run();
//! assert_eq!(report.rows().len(), 2);
//! assert_eq!(report.rows()[0].ratio.median, 1.0);
//! ```

mod clock;
mod report;

use std::hint::black_box;
use std::time::Duration;

pub use clock::thread_cpu_time;
pub use report::{Report, Row, Spread};

/// A loop to measure: `run(n)` does `n` units of work (games, steps, iterations) and
/// returns something derived from them, so the optimiser cannot drop the work.
type Run<'a> = Box<dyn FnMut(u64) -> u64 + 'a>;

/// Contenders measured in interleaved slices; the first is the yardstick the others'
/// ratios are taken against.
pub struct Interleaved<'a> {
    contenders: Vec<(String, Run<'a>)>,
    repeats: usize,
    slices: usize,
    slice: Duration,
}

impl std::fmt::Debug for Interleaved<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Interleaved")
            .field(
                "contenders",
                &self.contenders.iter().map(|(n, _)| n).collect::<Vec<_>>(),
            )
            .field("repeats", &self.repeats)
            .field("slices", &self.slices)
            .field("slice", &self.slice)
            .finish()
    }
}

impl Default for Interleaved<'_> {
    fn default() -> Self {
        Self::new()
    }
}

impl<'a> Interleaved<'a> {
    /// Three repeats of six slices of 100 ms per contender: the issue's "3 × 6 slices".
    #[must_use]
    pub fn new() -> Self {
        Self {
            contenders: Vec::new(),
            repeats: 3,
            slices: 6,
            slice: Duration::from_millis(100),
        }
    }

    /// Repeats to report the ratios' spread over (at least 1).
    #[must_use]
    pub fn repeats(mut self, repeats: usize) -> Self {
        self.repeats = repeats.max(1);
        self
    }

    /// Slices each contender gets in a repeat, in turn with the others (at least 1).
    #[must_use]
    pub fn slices(mut self, slices: usize) -> Self {
        self.slices = slices.max(1);
        self
    }

    /// Thread CPU time of one slice.
    #[must_use]
    pub fn slice_millis(mut self, millis: u64) -> Self {
        self.slice = Duration::from_millis(millis.max(1));
        self
    }

    /// Adds a contender; the first added is the yardstick.
    #[must_use]
    pub fn contender(mut self, name: impl Into<String>, run: impl FnMut(u64) -> u64 + 'a) -> Self {
        self.contenders.push((name.into(), Box::new(run)));
        self
    }

    /// Measures every contender and returns the report (which `Display`s as a table).
    ///
    /// # Panics
    ///
    /// If no contender was added.
    #[must_use]
    pub fn run(mut self) -> Report {
        assert!(!self.contenders.is_empty(), "add a contender to measure");
        let batches: Vec<u64> = self
            .contenders
            .iter_mut()
            .map(|(_, run)| calibrate(run, self.slice))
            .collect();
        let mut rates = vec![Vec::with_capacity(self.repeats); self.contenders.len()];
        for _ in 0..self.repeats {
            let mut units = vec![0u64; self.contenders.len()];
            let mut time = vec![Duration::ZERO; self.contenders.len()];
            for slice in 0..self.slices {
                // Rotate who goes first, so no contender always follows the same one.
                for turn in 0..self.contenders.len() {
                    let c = (slice + turn) % self.contenders.len();
                    let (done, took) = run_slice(&mut self.contenders[c].1, batches[c], self.slice);
                    units[c] += done;
                    time[c] += took;
                }
            }
            for (c, rate) in rates.iter_mut().enumerate() {
                rate.push(units[c] as f64 / time[c].as_secs_f64());
            }
        }
        let names = self.contenders.into_iter().map(|(name, _)| name).collect();
        Report::new(names, rates)
    }
}

/// A batch size that takes about a tenth of a slice (at least one unit).
fn calibrate(run: &mut Run<'_>, slice: Duration) -> u64 {
    let mut batch = 1u64;
    loop {
        let start = thread_cpu_time();
        black_box(run(batch));
        let took = thread_cpu_time() - start;
        if took * 10 >= slice || batch >= 1 << 40 {
            return batch;
        }
        batch *= 2;
    }
}

/// Runs whole batches until the slice's CPU time is spent; the units done and the time.
fn run_slice(run: &mut Run<'_>, batch: u64, slice: Duration) -> (u64, Duration) {
    let start = thread_cpu_time();
    let mut done = 0;
    loop {
        black_box(run(batch));
        done += batch;
        let took = thread_cpu_time() - start;
        if took >= slice {
            return (done, took);
        }
    }
}
