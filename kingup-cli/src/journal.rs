//! What happened, for the person at the prompt: the moves the others made since the
//! person last answered, fitted into the rows left above the prompt, and the whole game so
//! far for the `log` command.

use crate::text;

/// One sentence of the journal.
#[derive(Debug)]
struct Entry {
    /// The round it happened in, from 0.
    round: u8,
    sentence: String,
    /// The person's own move, which they know already.
    yours: bool,
}

/// The game's sentences, and how many of them the person has seen.
#[derive(Debug, Default)]
pub(crate) struct Journal {
    /// Oldest first.
    entries: Vec<Entry>,
    /// How many entries there were when the person last answered a prompt.
    seen: usize,
}

impl Journal {
    /// Adds a sentence of round `round` (from 0); `yours` for the person's own move.
    pub(crate) fn push(&mut self, round: u8, sentence: String, yours: bool) {
        self.entries.push(Entry {
            round,
            sentence,
            yours,
        });
    }

    /// The person answered a prompt: what came before is no longer news.
    pub(crate) fn answered(&mut self) {
        self.seen = self.entries.len();
    }

    /// What the others did since the person last answered, under a rule, in at most `rows`
    /// rows: when it does not all fit, a line says how many earlier entries are left out
    /// (the `log` command shows them) and the latest follow. Empty when nothing happened.
    pub(crate) fn recent(&self, rows: usize) -> Vec<String> {
        let entries: Vec<Vec<String>> = self.entries[self.seen..]
            .iter()
            .filter(|e| !e.yours)
            .map(|e| text::lines(&format!("  {}", e.sentence)))
            .collect();
        if entries.is_empty() || rows == 0 {
            return Vec::new();
        }
        let mut out = vec![text::rule("since your last move")];
        let all: usize = entries.iter().map(Vec::len).sum();
        // The rule's row and every entry's.
        if all < rows {
            out.extend(entries.into_iter().flatten());
            return out;
        }
        // The rule and the line for what is left out, then the latest entries that fit.
        let mut room = rows.saturating_sub(2);
        let shown = entries
            .iter()
            .rev()
            .take_while(|lines| {
                let fits = lines.len() <= room;
                room = room.saturating_sub(lines.len());
                fits
            })
            .count();
        let hidden = entries.len() - shown;
        let them = if hidden == 1 { "it" } else { "them" };
        let earlier = text::count_of(hidden as u64, "earlier event");
        out.push(format!("  … {earlier} (type `log` to see {them})"));
        out.extend(entries.into_iter().skip(hidden).flatten());
        if rows < 2 {
            // No room for the rule: the line for what is left out says it all.
            out.remove(0);
        }
        out
    }

    /// The whole game so far, the person's moves included, under a heading for each round
    /// of a game of `rounds` rounds: the `log` command.
    pub(crate) fn all(&self, rounds: u8) -> Vec<String> {
        let mut out = vec![text::rule("the game so far")];
        if self.entries.is_empty() {
            out.push("  Nothing has happened yet.".to_owned());
        }
        let mut round = None;
        for entry in &self.entries {
            if round != Some(entry.round) {
                round = Some(entry.round);
                out.push(format!("Round {} of {rounds}:", entry.round + 1));
            }
            out.extend(text::lines(&format!("  {}", entry.sentence)));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn journal(entries: &[(&str, bool)]) -> Journal {
        let mut journal = Journal::default();
        for &(sentence, yours) in entries {
            journal.push(0, sentence.to_owned(), yours);
        }
        journal
    }

    #[test]
    fn recent_entries_are_the_others_since_the_last_answer() {
        let mut j = journal(&[("Seat 1 places A.", false), ("You place B.", true)]);
        j.answered();
        assert!(j.recent(10).is_empty());
        j.push(0, "Seat 1 places C.".to_owned(), false);
        j.push(0, "Seat 2 places D.".to_owned(), false);
        assert_eq!(
            j.recent(10)[1..],
            [
                "  Seat 1 places C.".to_owned(),
                "  Seat 2 places D.".to_owned()
            ]
        );
        assert!(j.recent(10)[0].starts_with("── since your last move"));
        j.answered();
        assert!(j.recent(10).is_empty());
    }

    #[test]
    fn the_log_is_the_whole_game_round_by_round() {
        assert_eq!(journal(&[]).all(3)[1], "  Nothing has happened yet.");
        let mut j = journal(&[("Seat 1 places A.", false), ("You place B.", true)]);
        j.answered();
        j.push(1, "Seat 2 places C.".to_owned(), false);
        let log = j.all(3);
        assert!(log[0].starts_with("── the game so far"), "{log:?}");
        assert_eq!(
            log[1..],
            [
                "Round 1 of 3:",
                "  Seat 1 places A.",
                "  You place B.",
                "Round 2 of 3:",
                "  Seat 2 places C."
            ]
        );
    }

    #[test]
    fn a_cut_keeps_the_latest_and_says_how_many_are_left_out() {
        let long = format!("Seat 3 {}.", "says a lot ".repeat(10));
        let mut j = journal(&[]);
        for i in 0..5 {
            j.push(0, format!("Seat {i} places A."), false);
        }
        j.push(0, long, false);
        // Six entries, the last on two rows: seven rows and the rule.
        assert_eq!(j.recent(8).len(), 8);
        let cut = j.recent(5);
        assert_eq!(cut.len(), 5);
        assert_eq!(cut[1], "  … 4 earlier events (type `log` to see them)");
        assert_eq!(cut[2], "  Seat 4 places A.");
        assert!(cut[3].starts_with("  Seat 3 says"));
        assert_eq!(
            j.recent(1),
            ["  … 6 earlier events (type `log` to see them)"]
        );
        assert!(j.recent(0).is_empty());
        // One entry left out: one event, and `log` shows it.
        let mut two = Journal::default();
        two.push(0, format!("Seat 1 {}.", "says a lot ".repeat(10)), false);
        two.push(0, "Seat 2 places B.".to_owned(), false);
        assert_eq!(
            two.recent(3)[1],
            "  … 1 earlier event (type `log` to see it)"
        );
    }
}
