//! What happened this round, for the person at the prompt: the moves the others made since
//! the person last answered, fitted into the rows left above the prompt, and the whole
//! round for the `log` command.

use crate::text;

/// This round's sentences, and how many of them the person has seen.
#[derive(Debug, Default)]
pub(crate) struct Journal {
    /// Oldest first, each with whether it is the person's own move.
    entries: Vec<(String, bool)>,
    /// How many entries there were when the person last answered a prompt.
    seen: usize,
}

impl Journal {
    /// A round begins: its journal starts empty.
    pub(crate) fn new_round(&mut self) {
        self.entries.clear();
        self.seen = 0;
    }

    /// Adds a sentence; `yours` for the person's own move, which they know already.
    pub(crate) fn push(&mut self, sentence: String, yours: bool) {
        self.entries.push((sentence, yours));
    }

    /// The person answered a prompt: what came before is no longer news.
    pub(crate) fn answered(&mut self) {
        self.seen = self.entries.len();
    }

    /// What happened since the person last answered, under a rule, in at most `rows` rows:
    /// when it does not all fit, a line says how many earlier entries are left out (the
    /// `log` command shows them) and the latest follow. Empty when nothing happened.
    pub(crate) fn recent(&self, rows: usize) -> Vec<String> {
        let entries: Vec<Vec<String>> = self.entries[self.seen..]
            .iter()
            .filter(|(_, yours)| !yours)
            .map(|(sentence, _)| text::lines(&format!("  {sentence}")))
            .collect();
        if entries.is_empty() || rows == 0 {
            return Vec::new();
        }
        let mut out = vec![text::rule("since your last move")];
        let all: usize = entries.iter().map(Vec::len).sum();
        if 1 + all <= rows {
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
        let plural = if hidden == 1 { "" } else { "s" };
        out.push(format!(
            "  … {hidden} earlier event{plural} (type `log` to see them)"
        ));
        out.extend(entries.into_iter().skip(hidden).flatten());
        if rows < 2 {
            // No room for the rule: the line for what is left out says it all.
            out.remove(0);
        }
        out
    }

    /// The whole round so far, the person's moves included: the `log` command.
    pub(crate) fn round(&self) -> Vec<String> {
        let mut out = vec![text::rule("this round so far")];
        if self.entries.is_empty() {
            out.push("  Nothing has happened yet this round.".to_owned());
        }
        for (sentence, _) in &self.entries {
            out.extend(text::lines(&format!("  {sentence}")));
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
            journal.push(sentence.to_owned(), yours);
        }
        journal
    }

    #[test]
    fn recent_entries_are_the_others_since_the_last_answer() {
        let mut j = journal(&[("Seat 1 places A.", false), ("You place B.", true)]);
        j.answered();
        assert!(j.recent(10).is_empty());
        j.push("Seat 1 places C.".to_owned(), false);
        j.push("Seat 2 places D.".to_owned(), false);
        assert_eq!(
            j.recent(10)[1..],
            [
                "  Seat 1 places C.".to_owned(),
                "  Seat 2 places D.".to_owned()
            ]
        );
        assert!(j.recent(10)[0].starts_with("── since your last move"));
        // `log` shows the whole round, your moves too.
        assert_eq!(j.round().len(), 5);
        j.new_round();
        assert!(j.recent(10).is_empty());
        assert_eq!(j.round()[1], "  Nothing has happened yet this round.");
    }

    #[test]
    fn a_cut_keeps_the_latest_and_says_how_many_are_left_out() {
        let long = format!("Seat 3 {}.", "says a lot ".repeat(10));
        let mut j = journal(&[]);
        for i in 0..5 {
            j.push(format!("Seat {i} places A."), false);
        }
        j.push(long, false);
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
    }
}
