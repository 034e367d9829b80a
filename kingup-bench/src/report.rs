//! What an interleaved run measured: rates and ratios with their spread over the repeats.

use std::fmt;

/// Min, median and max over the repeats.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spread {
    /// The lowest value.
    pub min: f64,
    /// The middle value (the mean of the two middle ones for an even count).
    pub median: f64,
    /// The highest value.
    pub max: f64,
}

impl Spread {
    fn of(values: &[f64]) -> Self {
        let mut sorted = values.to_vec();
        sorted.sort_by(f64::total_cmp);
        let n = sorted.len();
        let median = if n % 2 == 1 {
            sorted[n / 2]
        } else {
            (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
        };
        Self {
            min: sorted[0],
            median,
            max: sorted[n - 1],
        }
    }
}

/// One contender's figures.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The contender's name.
    pub name: String,
    /// Units per second of thread CPU time.
    pub rate: Spread,
    /// Its rate over the yardstick's in the same repeat (1 for the yardstick itself).
    pub ratio: Spread,
}

/// The contenders' rates and ratios to the first one.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    rows: Vec<Row>,
    repeats: usize,
}

impl Report {
    pub(crate) fn new(names: Vec<String>, rates: Vec<Vec<f64>>) -> Self {
        let repeats = rates[0].len();
        let rows = names
            .into_iter()
            .zip(&rates)
            .map(|(name, rate)| {
                let ratios: Vec<f64> = rate.iter().zip(&rates[0]).map(|(r, y)| r / y).collect();
                Row {
                    name,
                    rate: Spread::of(rate),
                    ratio: Spread::of(&ratios),
                }
            })
            .collect();
        Self { rows, repeats }
    }

    /// One row per contender, the yardstick first.
    #[must_use]
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// The row of the contender named `name`.
    #[must_use]
    pub fn row(&self, name: &str) -> Option<&Row> {
        self.rows.iter().find(|row| row.name == name)
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self.rows.iter().map(|r| r.name.len()).max().unwrap_or(0);
        writeln!(
            f,
            "{:width$}  {:>32}  {:>20}   ({} repeats, min / median / max)",
            "", "units per CPU-second", "ratio to the first", self.repeats
        )?;
        for row in &self.rows {
            let (r, q) = (row.rate, row.ratio);
            writeln!(
                f,
                "{:width$}  {:>10.0} {:>10.0} {:>10.0}  {:>6.3} {:>6.3} {:>6.3}",
                row.name, r.min, r.median, r.max, q.min, q.median, q.max
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_takes_the_middle_value_or_the_mean_of_the_two() {
        assert_eq!(
            Spread::of(&[3.0, 1.0, 2.0]),
            Spread {
                min: 1.0,
                median: 2.0,
                max: 3.0
            }
        );
        assert_eq!(Spread::of(&[4.0, 1.0, 2.0, 3.0]).median, 2.5);
    }

    #[test]
    fn ratios_are_taken_repeat_by_repeat_against_the_first() {
        let report = Report::new(
            vec!["yard".into(), "api".into()],
            vec![vec![10.0, 20.0, 40.0], vec![5.0, 20.0, 20.0]],
        );
        let api = report.row("api").expect("named");
        assert_eq!(
            api.ratio,
            Spread {
                min: 0.5,
                median: 0.5,
                max: 1.0
            }
        );
        assert_eq!(api.rate.median, 20.0);
        assert!(report.to_string().contains("api"));
    }
}
