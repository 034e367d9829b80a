//! Reading lines of bounded length: an engine that writes a huge line is answered with a
//! forfeit, not with the referee's memory.

use std::io::{self, BufRead};

/// One line read, or why none was.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Line {
    /// A whole line, without its newline (a last line may lack one).
    Text(String),
    /// A line over the limit, or not UTF-8: read to its end and thrown away.
    Unreadable,
    /// The end of the stream.
    End,
}

/// Reads one line of at most `max` bytes, newline included, reusing `buf`.
pub(crate) fn read_line(
    input: &mut impl BufRead,
    max: usize,
    buf: &mut Vec<u8>,
) -> io::Result<Line> {
    buf.clear();
    let mut too_long = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(match (too_long, buf.is_empty()) {
                (true, _) => Line::Unreadable,
                (false, true) => Line::End,
                (false, false) => text(std::mem::take(buf)),
            });
        }
        let (taken, newline) = match chunk.iter().position(|&b| b == b'\n') {
            Some(at) => (at + 1, true),
            None => (chunk.len(), false),
        };
        if !too_long {
            let body = &chunk[..taken - usize::from(newline)];
            if buf.len() + taken > max {
                too_long = true;
                buf.clear();
            } else {
                buf.extend_from_slice(body);
            }
        }
        input.consume(taken);
        if newline {
            return Ok(if too_long {
                Line::Unreadable
            } else {
                text(std::mem::take(buf))
            });
        }
    }
}

fn text(bytes: Vec<u8>) -> Line {
    String::from_utf8(bytes).map_or(Line::Unreadable, Line::Text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max: usize) -> Vec<Line> {
        // A one-byte buffer makes every line arrive in pieces.
        let mut reader = io::BufReader::with_capacity(1, input);
        let mut buf = Vec::new();
        let mut out = Vec::new();
        loop {
            let line = read_line(&mut reader, max, &mut buf).unwrap();
            let end = line == Line::End;
            out.push(line);
            if end {
                return out;
            }
        }
    }

    #[test]
    fn lines_over_the_limit_are_skipped_to_their_end() {
        let long = format!("{}\nok\n", "x".repeat(20));
        assert_eq!(
            lines(long.as_bytes(), 10),
            [Line::Unreadable, Line::Text("ok".into()), Line::End]
        );
        // The limit counts the newline: 9 bytes and a newline fit in 10.
        assert_eq!(
            lines(b"123456789\n1234567890\n", 10),
            [Line::Text("123456789".into()), Line::Unreadable, Line::End]
        );
    }

    #[test]
    fn a_last_line_without_newline_and_invalid_utf8_are_told_apart() {
        assert_eq!(
            lines(b"a\n\xff\xfe\nlast", 100),
            [
                Line::Text("a".into()),
                Line::Unreadable,
                Line::Text("last".into()),
                Line::End
            ]
        );
    }
}
