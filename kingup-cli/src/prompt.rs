//! The prompt's words: what to do now, why a move is refused, and the `help` and `legal`
//! commands; and reading a line of at most [`MAX_LINE`] bytes.

use std::io::{BufRead, Read as _};

use kingup_core::{Action, IllegalReason, Phase, PlayerView, score};

use crate::moves;

/// Longest line the prompt reads (bytes); the rest of a longer one is skipped unread, so a
/// runaway script cannot fill the memory.
pub(crate) const MAX_LINE: usize = 1024;

/// What to do now, in words.
pub(crate) fn ask(view: &PlayerView) -> String {
    let public = &view.public;
    match public.phase {
        Phase::Placement => {
            let placed = public
                .movers
                .iter()
                .filter(|m| m.contains(view.seat))
                .count();
            format!(
                "Place a character on floor 1-4 (your placement {} of {}), e.g. `B4`:",
                placed + 1,
                public.config.placements_per_seat()
            )
        }
        Phase::Climb => {
            "Move a character up one floor, e.g. `F` (`legal` lists your moves):".to_owned()
        }
        Phase::Vote => {
            let Some(candidate) = public.candidate() else {
                return "Vote `yes` or `no`:".to_owned();
            };
            let mut text = format!("Vote on {candidate}");
            if let Some(o) = view.objective() {
                let crowned = score(&public.castle, o);
                let mut without = public.castle;
                without.eliminate(candidate);
                if o.contains(candidate) {
                    text.push_str(" (on your objective)");
                }
                text.push_str(&format!(
                    ": crowned, your objective scores {crowned}; eliminated (one No does it), \
                     {} as it stands",
                    score(&without, o)
                ));
            }
            let cards = view.no_cards();
            let plural = if cards == 1 { "" } else { "s" };
            text.push_str(&format!(". {cards} No card{plural} left: `yes` or `no`?"));
            text
        }
        _ => "Your move:".to_owned(),
    }
}

/// Why the engine refuses the person's move, said to them. The engine speaks of seats in
/// the third person (`it has already voted`, `it is seat 3's turn`); at the prompt the
/// person is "you".
pub(crate) fn refusal(reason: IllegalReason) -> String {
    match reason {
        IllegalReason::GameOver => "the game is over".to_owned(),
        IllegalReason::ChancePending => "the cards are not all dealt yet".to_owned(),
        IllegalReason::NoSuchSeat { players } => {
            format!("you do not play in this {players}-player game")
        }
        IllegalReason::NotYourTurn { to_move } => format!("it is seat {to_move}'s turn, not yours"),
        IllegalReason::AlreadyVoted => "you have already voted in this election".to_owned(),
        IllegalReason::NoNoCardLeft => "you have no No card left, so you vote Yes".to_owned(),
        // About the move itself (a phase, a character, a floor): no seat in the sentence.
        IllegalReason::WrongPhase { .. }
        | IllegalReason::AlreadyPlaced { .. }
        | IllegalReason::FloorNotAllowed { .. }
        | IllegalReason::FloorFull { .. }
        | IllegalReason::NotInCastle { .. } => reason.to_string(),
    }
}

/// The `legal` command: every legal move, as typed.
pub(crate) fn legal(view: &PlayerView) -> String {
    let actions = view.legal_actions();
    let mut text = String::from("  Your legal moves:\n");
    match view.public.phase {
        Phase::Placement => {
            // Grouped by character: `Beatrice: B1 B2 B3 B4`.
            let mut current = None;
            let mut line = String::new();
            for &a in &actions {
                if let Action::Place { character, .. } = a {
                    if current != Some(character) {
                        if !line.is_empty() {
                            text.push_str(&line);
                            text.push('\n');
                        }
                        line = format!("    {:<10}", character.name());
                        current = Some(character);
                    }
                    line.push_str(&format!(" {}", moves::typed(a)));
                }
            }
            text.push_str(&line);
        }
        _ => {
            let lines: Vec<String> = actions
                .iter()
                .map(|&a| {
                    let what = match a {
                        Action::Climb { character } => {
                            let from = view.public.castle.floor_of(character);
                            let to = from.and_then(|f| f.up());
                            match (from, to) {
                                (Some(f), Some(t)) => format!(
                                    "{character} from {f} ({}) to {t} ({})",
                                    f.index(),
                                    t.index()
                                ),
                                _ => format!("{a:#}"),
                            }
                        }
                        a => format!("{a:#}"),
                    };
                    format!("    {:<4} {what}", moves::typed(a))
                })
                .collect();
            text.push_str(&lines.join("\n"));
        }
    }
    text
}

/// The `help` command.
pub(crate) fn help(view: &PlayerView) -> String {
    let phase = match view.public.phase {
        Phase::Placement => {
            "Now: placement. Put a character not yet in the castle on floor 1, 2, 3 or 4 \
             (at most four a floor): `B4`, `beatrice 4` or `place B 4`."
        }
        Phase::Climb => {
            "Now: the climb. Move any character in the castle up exactly one floor (never onto \
             a full floor): `F`, `fiorello` or `climb F`. Reaching the throne (6) calls a vote."
        }
        Phase::Vote => {
            "Now: the vote. `yes` or `no` (`y`/`n`). All Yes crowns the candidate and ends the \
             round; a single No eliminates it, and each No card played is gone for the round."
        }
        _ => "",
    };
    format!(
        "  How to play: you score your secret objective's six characters by floor at the end \
         of each round (King 10, Nobles 5, Dignitaries 4, Officials 3, Merchants 2, Artisans 1, \
         Servants and eliminated 0). Characters are typed by letter or name: A Alighiero, \
         B Beatrice, C Clemente, D Dario, E Ernesto, F Fiorello, G Giuseppe, I Irina, \
         L Leonardo, M Martino, N Natale, O Odessa, P Piero.\n  {phase}\n  Commands: `legal` \
         lists your legal moves, `board` draws the screen again, `log` shows every move so \
         far, `quit` leaves the game."
    )
}

/// A line of the person's input.
pub(crate) enum Line {
    /// The line, at most `MAX_LINE` bytes (its end of line included).
    Read(Vec<u8>),
    /// A longer line, skipped to its end without being kept.
    TooLong,
}

/// Reads one line of at most `MAX_LINE` bytes; `None` at the end of the input.
pub(crate) fn read_line(input: &mut dyn BufRead) -> std::io::Result<Option<Line>> {
    let mut bytes = Vec::new();
    if input
        .take(MAX_LINE as u64 + 1)
        .read_until(b'\n', &mut bytes)?
        == 0
    {
        return Ok(None);
    }
    if bytes.len() <= MAX_LINE || bytes.ends_with(b"\n") {
        return Ok(Some(Line::Read(bytes)));
    }
    // Skip the rest of the line a buffer at a time.
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            break;
        }
        match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => {
                input.consume(end + 1);
                break;
            }
            None => {
                let all = buffer.len();
                input.consume(all);
            }
        }
    }
    Ok(Some(Line::TooLong))
}

#[cfg(test)]
mod tests {
    use super::*;
    use kingup_core::Seat;

    #[test]
    fn refusals_speak_to_you() {
        use kingup_core::{Character, Floor};
        let me = Seat::new(0).unwrap();
        let other = Seat::new(3).unwrap();
        let reasons = [
            IllegalReason::GameOver,
            IllegalReason::ChancePending,
            IllegalReason::NoSuchSeat { players: 4 },
            IllegalReason::WrongPhase {
                phase: Phase::Climb,
            },
            IllegalReason::NotYourTurn { to_move: other },
            IllegalReason::AlreadyVoted,
            IllegalReason::AlreadyPlaced {
                character: Character::Beatrice,
            },
            IllegalReason::FloorNotAllowed {
                floor: Floor::Servants,
            },
            IllegalReason::FloorFull {
                floor: Floor::Artisans,
            },
            IllegalReason::NotInCastle {
                character: Character::Dario,
            },
            IllegalReason::NoNoCardLeft,
        ];
        for reason in reasons {
            let text = refusal(reason);
            // The engine's third person ("it has", "it is seat 0") never reaches the person,
            // nor does their own seat number.
            assert!(!text.contains("it has"), "{text}");
            assert!(!text.contains(&format!("seat {me}")), "{text}");
            assert!(!text.contains("chance step"), "{text}");
        }
        assert_eq!(
            refusal(IllegalReason::AlreadyVoted),
            "you have already voted in this election"
        );
        assert_eq!(
            refusal(IllegalReason::NotYourTurn { to_move: other }),
            "it is seat 3's turn, not yours"
        );
    }

    #[test]
    fn long_lines_are_skipped_unkept() {
        let mut text = b"B4\n".to_vec();
        text.extend(std::iter::repeat_n(b'x', 10 * MAX_LINE));
        text.extend(b"\nyes\n");
        text.extend(std::iter::repeat_n(b'y', MAX_LINE - 1));
        text.push(b'\n');
        let mut input: &[u8] = &text;
        let mut lines = Vec::new();
        while let Some(line) = read_line(&mut input).unwrap() {
            lines.push(match line {
                Line::Read(bytes) => bytes.len(),
                Line::TooLong => 0,
            });
        }
        assert_eq!(lines, [3, 0, 4, MAX_LINE]);
    }
}
