//! Sharing objects between Python threads, and long calls that Ctrl-C can stop.
//!
//! Every mutable native object (`Game`, `VectorEnv`, the bots) keeps its state behind a
//! `Mutex` taken for one call at a time, so calls from several threads run one after the
//! other, each whole, as a list's methods do: never a half-applied step seen by another
//! thread, never PyO3's "Already borrowed" error. `Game` takes its lock only around Rust
//! work that neither releases the GIL nor runs Python code (arguments are read first,
//! Python values made after), so with the GIL its lock is never even contended. The env
//! and the bots hold theirs while they work with the GIL released; a second thread then
//! waits for the first call to finish, with the GIL released and Ctrl-C still heard.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Mutex, MutexGuard, TryLockError};
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// How long a long call works with the GIL released between two checks for signals
/// (`KeyboardInterrupt`): short enough that Ctrl-C stops it at once, long enough that
/// taking the GIL back costs nothing measurable.
pub(crate) const CHECK_EVERY: Duration = Duration::from_millis(5);

/// How long a thread waiting for an object another thread is using sleeps between tries.
const WAIT_STEP: Duration = Duration::from_millis(1);

/// `mutex` locked for the calling thread: at once when free; else, once the other thread's
/// call is done, waiting with the GIL released and raising `KeyboardInterrupt` (or what a
/// signal handler raises) if a signal comes meanwhile.
#[inline(always)]
pub(crate) fn lock<'a, T>(py: Python<'_>, mutex: &'a Mutex<T>) -> PyResult<MutexGuard<'a, T>> {
    // The fast path (free: always, for a `Game` under the GIL) inline in every call.
    match mutex.try_lock() {
        Ok(guard) => Ok(guard),
        Err(_) => wait(py, mutex),
    }
}

/// `lock`'s slow path: another thread holds the object.
#[cold]
#[inline(never)]
fn wait<'a, T>(py: Python<'_>, mutex: &'a Mutex<T>) -> PyResult<MutexGuard<'a, T>> {
    loop {
        match mutex.try_lock() {
            Ok(guard) => return Ok(guard),
            Err(TryLockError::WouldBlock) => {
                py.detach(|| std::thread::sleep(WAIT_STEP));
                py.check_signals()?;
            }
            // A panic inside a call: PyO3 raised it as `PanicException`, and the state may
            // be half changed, so the object refuses further use instead of going on.
            Err(TryLockError::Poisoned(_)) => {
                return Err(PyRuntimeError::new_err(
                    "internal error (kingup bug): an earlier call failed inside; this object \
                     can no longer be used",
                ));
            }
        }
    }
}

/// Runs `work` on a thread of its own while this thread waits for it with the GIL released
/// (other Python threads run meanwhile), checking for signals every [`CHECK_EVERY`]: for
/// Rust work that may take long and cannot be told to stop, such as the reachability
/// search that checks a view read from JSON. If a signal's handler raises
/// (`KeyboardInterrupt`), that exception is raised at once; the abandoned work runs out on
/// its thread, bounded by its own budget, and its result is dropped.
pub(crate) fn detached<R, F>(py: Python<'_>, work: F) -> PyResult<R>
where
    R: Send + 'static,
    F: FnOnce() -> R + Send + 'static,
{
    let (done, result) = mpsc::channel();
    std::thread::Builder::new()
        .name("kingup-check".to_owned())
        .spawn(move || {
            // The receiver is gone only after an interrupt: nobody wants the result then.
            let _ = done.send(work());
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start a worker thread: {e}")))?;
    // The receiver is moved into each wait (it is not `Sync`) and given back.
    let mut waiting = result;
    loop {
        let (received, back) = py.detach(move || (waiting.recv_timeout(CHECK_EVERY), waiting));
        waiting = back;
        match received {
            Ok(value) => return Ok(value),
            Err(RecvTimeoutError::Timeout) => py.check_signals()?,
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err(
                    "internal error (kingup bug): a worker thread ended without a result",
                ));
            }
        }
    }
}
