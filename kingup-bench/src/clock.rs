//! The calling thread's CPU time.

use std::time::Duration;

/// CPU time the calling thread has used: what a loop costs whatever else the machine runs.
///
/// # Panics
///
/// If the system has no per-thread CPU clock (every Linux and macOS does).
#[must_use]
pub fn thread_cpu_time() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid, writable timespec for the call's duration, and
    // CLOCK_THREAD_CPUTIME_ID is a clock id every supported system defines.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    assert_eq!(status, 0, "the thread CPU clock is unavailable");
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}
