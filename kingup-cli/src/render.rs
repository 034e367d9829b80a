//! Drawing the game for one viewer: the castle, the seats, events as sentences, score
//! tables. Everything here reads public views, events redacted for the viewer, and the
//! viewer's own objective, so it cannot show a secret.

use std::fmt::Write as _;

use kingup_core::{
    CONSOLATION_POINTS, CardId, Castle, Character, CharacterSet, Event, Floor, Objective, Phase,
    Position, PublicView, Seat, SeatSet, score,
};

/// Who sits where, and who is looking.
#[derive(Clone, Debug)]
pub(crate) struct Seating {
    /// The viewer: a seat when a person plays, `None` for a spectator.
    pub(crate) viewer: Option<Seat>,
    /// What plays each seat: "you" or the bot's name.
    pub(crate) names: Vec<String>,
}

impl Seating {
    /// `seat 2 (you)` for the viewer, `seat 2` otherwise.
    pub(crate) fn seat(&self, seat: Seat) -> String {
        if self.viewer == Some(seat) {
            format!("seat {seat} (you)")
        } else {
            format!("seat {seat}")
        }
    }

    /// `seat 2 (ismcts)` or `seat 0 (you)`.
    pub(crate) fn named(&self, seat: Seat) -> String {
        let name = self.names.get(seat.index()).map_or("?", String::as_str);
        format!("seat {seat} ({name})")
    }

    /// The seats of a set, for a sentence: `seats 1 and 3 (you)`.
    fn seats(&self, set: SeatSet) -> String {
        let list: Vec<String> = set
            .iter()
            .map(|s| {
                if self.viewer == Some(s) {
                    format!("{s} (you)")
                } else {
                    s.to_string()
                }
            })
            .collect();
        let word = if list.len() == 1 { "seat" } else { "seats" };
        format!("{word} {}", and_list(&list))
    }

    /// Marks the viewer in an engine sentence: `seat 0` becomes `seat 0 (you)`.
    fn tag(&self, text: &str) -> String {
        match self.viewer {
            // Seats are single digits, so `seat 1` never matches inside `seat 10`.
            Some(me) => text.replace(&format!("seat {me}"), &format!("seat {me} (you)")),
            None => text.to_owned(),
        }
    }
}

/// `a`, `a and b`, `a, b and c`.
pub(crate) fn and_list(items: &[String]) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}

/// Character names for a sentence.
pub(crate) fn names(characters: CharacterSet) -> String {
    let names: Vec<String> = characters.iter().map(|c| c.name().to_owned()).collect();
    and_list(&names)
}

/// An objective as letters and names: `BDEMNP (Beatrice, Dario, Ernesto, Martino, Natale, Piero)`.
pub(crate) fn objective(objective: Objective) -> String {
    let names: Vec<&str> = objective.characters().iter().map(Character::name).collect();
    format!("{objective} ({})", names.join(", "))
}

/// The castle, top floor first: number, name, points, how full, and who is there (`*`
/// marks the viewer's objective). Lists the eliminated and, during placement, the
/// characters not placed yet.
pub(crate) fn castle(public: &PublicView, mine: Option<Objective>) -> String {
    let castle = &public.castle;
    let entry = |c: Character| {
        let star = if mine.is_some_and(|o| o.contains(c)) {
            "*"
        } else {
            ""
        };
        format!("{} {}{star}", c.letter(), c.name())
    };
    // Five to a line, continuation lines indented under the first.
    let row = |set: CharacterSet| {
        let cells: Vec<String> = set.iter().map(|c| format!("{:<14}", entry(c))).collect();
        let lines: Vec<String> = cells
            .chunks(5)
            .map(|chunk| chunk.concat().trim_end().to_owned())
            .collect();
        lines.join(&format!("\n{:31}│ ", ""))
    };
    let mut text = String::new();
    let _ = writeln!(text, "    floor          points  room │ characters");
    for floor in Floor::ALL.into_iter().rev() {
        let on = castle.on(floor);
        let mut line = format!(
            "    {} {:<13} {:>4}   {}/{} │ {}",
            floor.index(),
            floor.name(),
            floor.points(),
            on.len(),
            floor.capacity(),
            row(on)
        );
        if floor == Floor::Throne && !on.is_empty() {
            line.push_str(match public.phase {
                Phase::Vote => "  ← candidate, being voted on",
                _ => "  ← King",
            });
        }
        let _ = writeln!(text, "{}", line.trim_end());
    }
    if !castle.eliminated().is_empty() {
        let _ = writeln!(
            text,
            "      {:<24} │ {}",
            "eliminated (score 0)",
            row(castle.eliminated())
        );
    }
    if public.phase == Phase::Placement && !castle.outside().is_empty() {
        let _ = writeln!(
            text,
            "      {:<24} │ {}",
            "not placed yet",
            row(castle.outside())
        );
    }
    text
}

/// The seats: what plays them, totals so far, No cards left, crown and first player.
pub(crate) fn seats(public: &PublicView, seating: &Seating) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "    seat                 total  No cards left");
    let totals = public.totals();
    for seat in Seat::all(public.players()) {
        let mut notes = Vec::new();
        if public.crown == Some(seat) {
            notes.push("holds the crown");
        }
        if public.first_player == Some(seat) && public.phase != Phase::GameOver {
            notes.push("started this round");
        }
        if public.phase == Phase::Vote && public.voted.contains(seat) {
            notes.push("has voted");
        }
        let line = format!(
            "    {:<20} {:>5}  {:>13}  {}",
            seating.named(seat),
            totals[seat.index()],
            public.no_cards(seat),
            notes.join(", ")
        );
        let _ = writeln!(text, "{}", line.trim_end());
    }
    text
}

/// One event as a sentence for the viewer (`None` when it is shown elsewhere, e.g. the
/// score tables). The event must already be redacted for the viewer.
pub(crate) fn sentence(event: Event, public: &PublicView, seating: &Seating) -> Option<String> {
    let text = match event {
        Event::ObjectiveDealt {
            seat,
            card: Some(card),
        } if seating.viewer == Some(seat) => match public.config.deck.get(card) {
            Some(o) => format!(
                "You are dealt objective card {card}: {}. Only you can see it.",
                objective(o)
            ),
            None => format!("You are dealt objective card {card}."),
        },
        Event::RoundStarted { .. } => return None,
        Event::LeftoversPlaced { characters } => {
            let verb = if characters.len() == 1 {
                "starts"
            } else {
                "start"
            };
            format!(
                "Nobody placed {}: {verb} on the Servants (0).",
                names(characters)
            )
        }
        Event::ElectionCalled { seat, candidate } => format!(
            "⚑ {candidate} reaches the throne! {} takes the crown and calls a vote: \
             one No eliminates {candidate}.",
            seating.seat(seat)
        ),
        Event::VotesRevealed { candidate, no } => {
            let yes = SeatSet::first(public.players()).difference(no);
            let mut text = format!("Votes on {candidate} revealed:");
            if !yes.is_empty() {
                let _ = write!(text, " Yes from {}", seating.seats(yes));
            }
            if !no.is_empty() {
                if !yes.is_empty() {
                    text.push(';');
                }
                let _ = write!(text, " No from {}", seating.seats(no));
            }
            text.push('.');
            text
        }
        Event::Eliminated { character } => {
            let left: Vec<String> = Seat::all(public.players())
                .map(|s| format!("{} {}", seating.seat(s), public.no_cards(s)))
                .collect();
            format!(
                "✗ {character} is eliminated for the rest of the round. No cards left: {}.",
                left.join(", ")
            )
        }
        Event::Crowned { character } => format!("♛ Long live King {character}!"),
        Event::RoundScored { .. } | Event::GameOver { .. } => return None,
        // The rest as the engine words it.
        event => {
            let text = seating.tag(&event.to_string());
            let mut chars = text.chars();
            let first = chars.next().map(|c| c.to_uppercase().to_string());
            format!("{}{}.", first.unwrap_or_default(), chars.as_str())
        }
    };
    Some(text)
}

/// The round's scores: every objective revealed, what each character scored, round
/// points and totals.
pub(crate) fn round_table(
    public: &PublicView,
    round: u8,
    objectives: &[Option<CardId>; Seat::MAX],
    points: &[u8; Seat::MAX],
    seating: &Seating,
) -> String {
    let castle = &public.castle;
    let king = castle
        .king()
        .map_or_else(|| "no King".to_owned(), |k| format!("King {k}"));
    let mut text = format!(
        "\n── Round {} scores ({king}). Every objective is revealed: ──\n",
        round + 1
    );
    let _ = writeln!(
        text,
        "    seat                 objective  points per character    round  total"
    );
    let last_of_three = public.config.rounds == 3 && round == 2;
    let totals = public.totals();
    for seat in Seat::all(public.players()) {
        let i = seat.index();
        let card = objectives[i].and_then(|card| public.config.deck.get(card));
        let (letters, detail) = match card {
            Some(o) => (o.to_string(), per_character(castle, o)),
            None => ("?".to_owned(), String::new()),
        };
        let note = match card {
            Some(o)
                if last_of_three && points[i] == CONSOLATION_POINTS && score(castle, o) == 0 =>
            {
                "  (scored 0 in round 3: 33 instead)"
            }
            _ => "",
        };
        let _ = writeln!(
            text,
            "    {:<20} {letters:<9}  {detail:<22} {:>5}  {:>5}{note}",
            seating.named(seat),
            points[i],
            totals[i]
        );
    }
    text.push_str("    (King 10, Nobles 5 ... Servants 0; - = eliminated, scores nothing)");
    text
}

/// What each character of an objective scores where it stands: `B5 D2 E3 M0 N- P10`.
fn per_character(castle: &Castle, objective: Objective) -> String {
    let parts: Vec<String> = objective
        .characters()
        .iter()
        .map(|c| match castle.position(c) {
            Position::Floor(floor) => format!("{}{}", c.letter(), floor.points()),
            Position::Eliminated | Position::Outside => format!("{}-", c.letter()),
        })
        .collect();
    parts.join(" ")
}

/// The end of the game: totals, the tie-break if one was needed, the winners.
pub(crate) fn final_result(
    public: &PublicView,
    totals: &[u16; Seat::MAX],
    winners: SeatSet,
    seating: &Seating,
) -> String {
    let mut text = String::from("\n════════ Game over ════════\n");
    let players = public.players();
    let best = Seat::all(players).map(|s| totals[s.index()]).max();
    for seat in Seat::all(players) {
        let mark = if winners.contains(seat) {
            "  ← winner"
        } else {
            ""
        };
        let _ = writeln!(
            text,
            "    {:<20} {:>4} points{mark}",
            seating.named(seat),
            totals[seat.index()]
        );
    }
    let tied: Vec<Seat> = Seat::all(players)
        .filter(|s| Some(totals[s.index()]) == best)
        .collect();
    if tied.len() > 1 {
        let counts: Vec<String> = tied
            .iter()
            .map(|&s| {
                let kept = public.revealed_objective(public.round, s).map_or(0, |o| {
                    o.characters().intersection(public.castle.inside()).len()
                });
                format!("{} has {kept}", seating.seat(s))
            })
            .collect();
        let _ = writeln!(
            text,
            "Tie on {} points, broken by the characters of the final objective still in the \
             castle: {}.",
            best.unwrap_or(0),
            and_list(&counts)
        );
    }
    let points = best.unwrap_or(0);
    let named: Vec<String> = winners.iter().map(|s| seating.named(s)).collect();
    if winners.len() == 1 {
        let _ = write!(text, "Winner: {} with {points} points.", named.concat());
    } else {
        let _ = write!(
            text,
            "Winners (shared): {} with {points} points.",
            and_list(&named)
        );
    }
    if let Some(me) = seating.viewer {
        text.push_str(if winners.contains(me) {
            " You win!"
        } else {
            " Better luck next time."
        });
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use kingup_core::{Config, Game};

    #[test]
    fn castle_marks_the_objective_and_lists_unplaced() {
        let mut game = Game::new(Config::new(4)).unwrap();
        game.resolve_chance(&mut kingup_core::Generator::new(1), &mut ());
        while game.chance_step().is_some() {
            game.resolve_chance(&mut kingup_core::Generator::new(2), &mut ());
        }
        let me = Seat::new(0).unwrap();
        let view = game.player_view(me);
        let mine = view.objective().unwrap();
        let text = castle(&view.public, Some(mine));
        assert!(text.contains("6 Throne"), "{text}");
        assert!(text.contains("not placed yet"), "{text}");
        let first = mine.characters().first().unwrap();
        assert!(text.contains(&format!("{} {}*", first.letter(), first.name())));
        assert_eq!(text.matches('*').count(), 6);
        let seating = Seating {
            viewer: Some(me),
            names: vec!["you".into(), "a".into(), "b".into(), "c".into()],
        };
        assert!(seats(&view.public, &seating).contains("seat 0 (you)"));
    }
}
