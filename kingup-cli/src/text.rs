//! Fitting the game's text to an 80×24 terminal: display width, word wrapping, rules and
//! shell commands cut into lines.
//!
//! Every character the game prints is one column wide (ASCII, the box-drawing `─ │ ═`,
//! `·`, `✗`, `…`, `⚑`, `♛`, `←`), so a line's width is its number of characters.

/// Most columns a line the game prints takes.
pub(crate) const WIDTH: usize = 80;

/// Rows of the terminal: a screen that asks for a move fits in them, the prompt's row
/// included.
pub(crate) const HEIGHT: usize = 24;

/// Columns a rule (`── title ───…`) takes: a little short of the width, so that a
/// terminal that wraps at the last column does not add an empty row.
const RULE: usize = WIDTH - 2;

/// Columns a line takes on the terminal.
pub(crate) fn width(line: &str) -> usize {
    line.chars().count()
}

/// `text` cut into lines of at most [`WIDTH`] columns. Each line of `text` is wrapped on
/// its own, at spaces, its continuation lines indented two columns deeper than it; a word
/// longer than a line is cut.
pub(crate) fn lines(text: &str) -> Vec<String> {
    text.lines().flat_map(wrap_line).collect()
}

/// `text` wrapped as by [`lines`], as one string.
pub(crate) fn wrap(text: &str) -> String {
    lines(text).join("\n")
}

fn wrap_line(line: &str) -> Vec<String> {
    let line = line.trim_end();
    if width(line) <= WIDTH {
        return vec![line.to_owned()];
    }
    let indent = width(line) - width(line.trim_start());
    let more = " ".repeat((indent + 2).min(WIDTH / 2));
    let mut out = Vec::new();
    let mut current = " ".repeat(indent);
    let mut empty = true;
    for word in line.split_whitespace() {
        if !empty && width(&current) + 1 + width(word) > WIDTH {
            out.push(std::mem::replace(&mut current, more.clone()));
            empty = true;
        }
        if !empty {
            current.push(' ');
        }
        // A word wider than a whole line: as much as fits, the rest on the next lines.
        let mut rest = word;
        while width(&current) + width(rest) > WIDTH {
            let room = WIDTH - width(&current);
            let cut = rest.char_indices().nth(room).map_or(rest.len(), |(i, _)| i);
            current.push_str(&rest[..cut]);
            out.push(std::mem::replace(&mut current, more.clone()));
            rest = &rest[cut..];
        }
        current.push_str(rest);
        empty = false;
    }
    out.push(current);
    out
}

/// A comma-separated `list` broken after commas into lines of at most [`WIDTH`] columns,
/// the lines after the first indented by `indent` spaces (the first already is, where the
/// list is printed), so that the lines read together are the list.
pub(crate) fn list(list: &str, indent: usize) -> String {
    let items: Vec<&str> = list.split(',').collect();
    let mut lines = vec![String::new()];
    for (i, item) in items.iter().enumerate() {
        let piece = if i + 1 < items.len() {
            format!("{item},")
        } else {
            (*item).to_owned()
        };
        let line = lines.last_mut().expect("one line at least");
        if !line.is_empty() && indent + width(line) + width(&piece) > WIDTH {
            lines.push(piece);
        } else {
            line.push_str(&piece);
        }
    }
    lines.join(&format!("\n{}", " ".repeat(indent)))
}

/// A rule across the screen with a title: `── Round 1 of 3 · climb phase ─────…`.
pub(crate) fn rule(title: &str) -> String {
    let head = format!("── {title} ");
    let fill = RULE.saturating_sub(width(&head));
    format!("{head}{}", "─".repeat(fill))
}

/// A shell command after a label, in lines of at most [`WIDTH`] columns: `parts` (the
/// program and its arguments, each kept whole: `--seed 3`) are packed into lines that
/// end with ` \`, so the lines pasted together into a shell are the one command.
pub(crate) fn command(label: &str, parts: &[String]) -> String {
    let mut out = Vec::new();
    let mut current = label.to_owned();
    for part in parts {
        // Room for ` part` and, should more follow, ` \`.
        if width(&current) + 1 + width(part) + 2 > WIDTH && !current.trim().is_empty() {
            current.push_str(" \\");
            out.push(std::mem::replace(&mut current, "   ".to_owned()));
        }
        current.push(' ');
        current.push_str(part);
    }
    out.push(current);
    out.join("\n")
}

/// `count` dice: "1 die", "3 dice".
pub(crate) fn dice(count: impl Into<u64>) -> String {
    match count.into() {
        1 => "1 die".to_owned(),
        n => format!("{n} dice"),
    }
}

/// `count` and `noun`, the noun plural unless the count is 1: "1 point", "12 points".
pub(crate) fn count_of(count: impl Into<u64>, noun: &str) -> String {
    let count = count.into();
    let s = if count == 1 { "" } else { "s" };
    format!("{count} {noun}{s}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_agree_with_their_nouns() {
        assert_eq!(count_of(1u8, "point"), "1 point");
        assert_eq!(count_of(0u8, "point"), "0 points");
        assert_eq!(count_of(12u16, "earlier event"), "12 earlier events");
        assert_eq!(
            (dice(1u8), dice(4u8)),
            ("1 die".to_owned(), "4 dice".to_owned())
        );
    }

    #[test]
    fn long_lines_wrap_at_spaces_with_an_indent() {
        assert_eq!(lines("short\n  also short"), ["short", "  also short"]);
        let sentence = format!("  ✗ {}", "word ".repeat(40));
        let wrapped = lines(&sentence);
        assert!(wrapped.len() > 2, "{wrapped:?}");
        assert!(wrapped.iter().all(|l| width(l) <= WIDTH), "{wrapped:?}");
        assert!(wrapped[0].starts_with("  ✗ word"));
        assert!(wrapped[1..].iter().all(|l| l.starts_with("    word")));
        // Nothing is lost but the spaces where lines break.
        let words: Vec<&str> = wrapped.iter().flat_map(|l| l.split_whitespace()).collect();
        assert_eq!(words, sentence.split_whitespace().collect::<Vec<_>>());
        // A word longer than a line is cut, not left sticking out.
        let long = format!("Resuming {}.json:", "x".repeat(200));
        let wrapped = lines(&long);
        assert!(wrapped.iter().all(|l| width(l) <= WIDTH), "{wrapped:?}");
        assert_eq!(wrapped.concat().matches('x').count(), 200);
    }

    #[test]
    fn a_long_list_breaks_after_commas_and_reads_back_whole() {
        let items: Vec<String> = (0..20).map(|i| format!("item:{i}")).collect();
        let joined = items.join(",");
        let text = list(&joined, 21);
        assert!(text.lines().count() > 1, "{text}");
        for (i, line) in text.lines().enumerate() {
            let shown = if i == 0 {
                21 + width(line)
            } else {
                width(line)
            };
            assert!(shown <= WIDTH, "{line}");
        }
        let back: String = text.lines().map(str::trim).collect();
        assert_eq!(back, joined);
        assert_eq!(list("a,b", 21), "a,b");
    }

    #[test]
    fn rules_and_commands_fit() {
        let line = rule("Round 1 of 3 · climb phase");
        assert!(line.starts_with("── Round 1 of 3 · climb phase ──"));
        assert_eq!(width(&line), RULE);
        let parts: Vec<String> = ["kingup play", "--players 6", "--bots ismcts,heuristic"]
            .into_iter()
            .map(str::to_owned)
            .chain((0..8).map(|i| format!("--seed 1844674407370955161{i}")))
            .collect();
        let text = command("Same game again:", &parts);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines.len() > 2, "{text}");
        assert!(lines.iter().all(|l| width(l) <= WIDTH), "{text}");
        assert!(lines[..lines.len() - 1].iter().all(|l| l.ends_with(" \\")));
        // Pasted back together, the lines are the command.
        let joined = text.replace(" \\\n", " ");
        let words: Vec<&str> = joined.split_whitespace().collect();
        let expected = format!("Same game again: {}", parts.join(" "));
        assert_eq!(words, expected.split_whitespace().collect::<Vec<_>>());
        assert_eq!(
            command("command:", &["kingup tournament".to_owned()]),
            "command: kingup tournament"
        );
    }
}
