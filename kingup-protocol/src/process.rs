//! One engine process: started, shaken hands with, written to and read from without ever
//! blocking the referee longer than a deadline, and stopped.

use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

use crate::line::{Line, read_line};
use crate::message::{FromEngine, MAX_LINE, PROTOCOL_VERSION, ToEngine};

/// Lines read ahead of the referee: enough for a burst of `log` lines; an engine that
/// writes more without being asked waits on its own pipe.
const READ_AHEAD: usize = 256;

/// How long a quitting engine is given to exit before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(500);

/// A line from the engine, as the reader thread passes it on.
enum Incoming {
    Text(String),
    /// Over [`MAX_LINE`] or not UTF-8.
    Unreadable,
    /// The engine closed its output (exited, most likely).
    Closed,
}

/// What came of a request.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Answer {
    /// A `move` for the request: `action` or `index` as given (checked by the caller).
    Move {
        action: Option<String>,
        index: Option<u64>,
    },
    /// No answer in time.
    Timeout,
    /// The engine is gone.
    Crash,
    /// The answer was not a well-formed move.
    Malformed,
}

/// A running engine that has shaken hands.
pub(crate) struct Process {
    child: Child,
    to_engine: Sender<String>,
    from_engine: Receiver<Incoming>,
    next_id: u64,
    alive: bool,
}

/// Why an engine did not start: its program did not run, or it did not answer `hello`
/// with a `ready` of this protocol version in time.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The program did not run.
    #[error("could not start `{command}`: {source}")]
    Spawn {
        /// The command, as a shell would read it.
        command: String,
        /// Why.
        source: std::io::Error,
    },
    /// The engine did not shake hands: what it did instead.
    #[error("`{command}` did not shake hands: {reason}")]
    Handshake {
        /// The command, as a shell would read it.
        command: String,
        /// What it did instead.
        reason: String,
    },
}

impl Process {
    /// Starts `program args`, sends `hello` and waits up to `handshake` for `ready`.
    pub(crate) fn start(
        program: &str,
        args: &[String],
        hello: &ToEngine,
        handshake: Duration,
    ) -> Result<Process, StartError> {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|source| StartError::Spawn {
                command: quoted(program, args),
                source,
            })?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (to_engine, to_write) = mpsc::channel();
        let (read, from_engine) = mpsc::sync_channel(READ_AHEAD);
        thread::Builder::new()
            .name("kingup-engine-writer".into())
            .spawn(move || write_all(stdin, to_write))
            .expect("a thread starts");
        thread::Builder::new()
            .name("kingup-engine-reader".into())
            .spawn(move || read_all(BufReader::new(stdout), read))
            .expect("a thread starts");
        let mut process = Process {
            child,
            to_engine,
            from_engine,
            next_id: 0,
            alive: true,
        };
        process.send(hello);
        match process.ready(handshake) {
            Ok(()) => Ok(process),
            Err(reason) => {
                process.stop();
                Err(StartError::Handshake {
                    command: quoted(program, args),
                    reason,
                })
            }
        }
    }

    /// Whether the engine still runs, as far as the referee knows.
    pub(crate) fn alive(&self) -> bool {
        self.alive
    }

    /// A new request id.
    pub(crate) fn next_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    /// Queues `message` for the engine (the writer thread writes it; a full pipe blocks
    /// that thread, never the referee).
    pub(crate) fn send(&mut self, message: &ToEngine) {
        if self.to_engine.send(message.line()).is_err() {
            self.alive = false;
        }
    }

    /// Waits up to `wait` for `ready`, skipping `log` lines.
    fn ready(&mut self, wait: Duration) -> Result<(), String> {
        let deadline = Instant::now() + wait;
        loop {
            let line = match self.next_line(deadline) {
                Some(Incoming::Text(line)) => line,
                Some(Incoming::Unreadable) => return Err("it wrote an unreadable line".into()),
                Some(Incoming::Closed) => return Err("it exited".into()),
                None => return Err(format!("no answer within {} ms", wait.as_millis())),
            };
            match serde_json::from_str(&line) {
                Ok(FromEngine::Log { .. }) => {}
                Ok(FromEngine::Ready { protocol, .. }) if protocol == PROTOCOL_VERSION => {
                    return Ok(());
                }
                Ok(FromEngine::Ready { protocol, .. }) => {
                    return Err(format!(
                        "it speaks protocol {protocol}, not {PROTOCOL_VERSION}"
                    ));
                }
                _ => return Err(format!("it answered {} instead of ready", excerpt(&line))),
            }
        }
    }

    /// Sends `request` (its id from [`Process::next_id`]) and waits until `deadline` for
    /// its answer: the first line that is not a `log` nor a late `move`.
    pub(crate) fn ask(&mut self, request: &ToEngine, id: u64, deadline: Instant) -> Answer {
        self.discard_waiting();
        if !self.alive {
            return Answer::Crash;
        }
        self.send(request);
        loop {
            let line = match self.next_line(deadline) {
                None => return Answer::Timeout,
                Some(Incoming::Closed) => return Answer::Crash,
                Some(Incoming::Unreadable) => return Answer::Malformed,
                Some(Incoming::Text(line)) => line,
            };
            match serde_json::from_str(&line) {
                Ok(FromEngine::Log { .. }) => {}
                Ok(FromEngine::Move { id: late, .. }) if late != id => {}
                Ok(FromEngine::Move { action, index, .. }) => {
                    return Answer::Move { action, index };
                }
                Ok(FromEngine::Ready { .. }) | Err(_) => return Answer::Malformed,
            }
        }
    }

    /// Throws away what the engine wrote while nobody asked (late answers, logs).
    fn discard_waiting(&mut self) {
        loop {
            match self.from_engine.try_recv() {
                Ok(Incoming::Closed) | Err(TryRecvError::Disconnected) => {
                    self.alive = false;
                    return;
                }
                Ok(_) => {}
                Err(TryRecvError::Empty) => return,
            }
        }
    }

    /// The next line before `deadline`; `None` at the deadline.
    fn next_line(&mut self, deadline: Instant) -> Option<Incoming> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.from_engine.recv_timeout(wait) {
            Ok(Incoming::Closed) | Err(RecvTimeoutError::Disconnected) => {
                self.alive = false;
                Some(Incoming::Closed)
            }
            Ok(incoming) => Some(incoming),
            Err(RecvTimeoutError::Timeout) => None,
        }
    }

    /// Sends `quit` (once), without waiting: [`Process::stop`] waits. Engines told first
    /// and waited for after exit side by side.
    pub(crate) fn quit(&mut self) {
        if self.alive {
            self.send(&ToEngine::Quit);
            self.alive = false;
        }
    }

    /// Sends `quit`, gives the engine a moment to exit, then kills it.
    pub(crate) fn stop(&mut self) {
        self.quit();
        let deadline = Instant::now() + QUIT_GRACE;
        while Instant::now() < deadline {
            match self.child.try_wait() {
                Ok(Some(_)) | Err(_) => return,
                Ok(None) => thread::sleep(Duration::from_millis(5)),
            }
        }
        // Already gone is fine; the reader and writer threads end with the pipes.
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.alive = false;
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            self.stop();
        }
    }
}

/// The writer thread: writes each queued line, until the engine stops reading or the
/// process is dropped.
fn write_all(mut stdin: ChildStdin, lines: Receiver<String>) {
    for line in lines {
        if stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.flush())
            .is_err()
        {
            return;
        }
    }
}

/// The reader thread: passes on each line of the engine's output, bounded, until it ends.
fn read_all(mut stdout: BufReader<std::process::ChildStdout>, lines: SyncSender<Incoming>) {
    let mut buf = Vec::new();
    loop {
        let incoming = match read_line(&mut stdout, MAX_LINE, &mut buf) {
            Ok(Line::Text(text)) => Incoming::Text(text),
            Ok(Line::Unreadable) => Incoming::Unreadable,
            Ok(Line::End) | Err(_) => Incoming::Closed,
        };
        let closed = matches!(incoming, Incoming::Closed);
        if lines.send(incoming).is_err() || closed {
            return;
        }
    }
}

/// `program args` as a shell would read it back.
pub(crate) fn quoted(program: &str, args: &[String]) -> String {
    let words = std::iter::once(program).chain(args.iter().map(String::as_str));
    let quoted: Vec<String> = words
        .map(|w| shlex::try_quote(w).map_or_else(|_| format!("{w:?}"), Into::into))
        .collect();
    quoted.join(" ")
}

/// `line` quoted for a message, cut to 60 characters.
fn excerpt(line: &str) -> String {
    match line.char_indices().nth(60) {
        Some((end, _)) => format!("{:?}…", &line[..end]),
        None => format!("{line:?}"),
    }
}
