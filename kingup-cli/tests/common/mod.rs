//! Running the built `kingup` binary, for every test file of the command line.

use std::ffi::OsStr;
use std::io::Write as _;
use std::process::{Command, Output, Stdio};

/// The binary under test.
pub(crate) const KINGUP: &str = env!("CARGO_BIN_EXE_kingup");

/// Runs `kingup args` with `input` on its stdin (closed right after; no input:
/// `/dev/null`), and collects its output.
pub(crate) fn run(
    args: impl IntoIterator<Item = impl AsRef<OsStr>>,
    input: Option<&str>,
) -> Output {
    let mut child = Command::new(KINGUP)
        .args(args)
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the kingup binary runs");
    // Written from another thread: the program may stop reading (a game ends, an engine
    // quits) before all its input is read. The write error that follows is expected.
    let writer = input.map(|text| {
        let mut stdin = child.stdin.take().expect("piped stdin");
        let text = text.to_owned();
        std::thread::spawn(move || {
            let _ = stdin.write_all(text.as_bytes());
        })
    });
    let output = child.wait_with_output().expect("kingup finishes");
    if let Some(writer) = writer {
        writer.join().expect("the writer thread ends");
    }
    output
}

/// Its standard output, as text.
pub(crate) fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Its standard error, as text.
pub(crate) fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}
