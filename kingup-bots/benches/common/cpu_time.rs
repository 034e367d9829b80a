//! Criterion timed in the bench thread's CPU time: the machine is shared, and wall time
//! measures the neighbours too. Throughput is reported in thousands of elements a
//! CPU-second.

use std::time::Duration;

use criterion::Throughput;
use criterion::measurement::{Measurement, ValueFormatter};

/// The calling thread's CPU time, as a criterion measurement.
pub(crate) struct ThreadCpu;

impl Measurement for ThreadCpu {
    type Intermediate = Duration;
    type Value = Duration;

    fn start(&self) -> Duration {
        kingup_bench::thread_cpu_time()
    }

    fn end(&self, start: Duration) -> Duration {
        kingup_bench::thread_cpu_time().saturating_sub(start)
    }

    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }

    fn zero(&self) -> Duration {
        Duration::ZERO
    }

    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        &CpuFormatter
    }
}

/// Times in ns to s of CPU time, throughput in thousands a CPU-second.
struct CpuFormatter;

impl ValueFormatter for CpuFormatter {
    fn scale_values(&self, typical: f64, values: &mut [f64]) -> &'static str {
        let (factor, unit) = match typical {
            t if t < 1e3 => (1.0, "ns"),
            t if t < 1e6 => (1e-3, "µs"),
            t if t < 1e9 => (1e-6, "ms"),
            _ => (1e-9, "s"),
        };
        values.iter_mut().for_each(|v| *v *= factor);
        unit
    }

    fn scale_throughputs(
        &self,
        _typical: f64,
        throughput: &Throughput,
        values: &mut [f64],
    ) -> &'static str {
        let elements = match *throughput {
            Throughput::Elements(n) | Throughput::ElementsAndBytes { elements: n, .. } => n,
            Throughput::Bytes(n) | Throughput::BytesDecimal(n) | Throughput::Bits(n) => n,
        };
        // Elements a CPU-second, in thousands.
        values
            .iter_mut()
            .for_each(|v| *v = elements as f64 * 1e6 / *v);
        "Kelem/s"
    }

    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}
