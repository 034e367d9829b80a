//! Drawing the game for one viewer, within 80 columns: the castle, the seats, events as
//! sentences, score tables. Everything here reads public views, events redacted for the
//! viewer, and the viewer's own objective, so it cannot show a secret.

use std::fmt::Write as _;

use kingup_core::{
    CONSOLATION_POINTS, CardId, Castle, Character, CharacterSet, Event, Floor, Objective, Phase,
    Position, PublicView, Seat, SeatSet, Setup, score,
};

use crate::text::{self, WIDTH, width};

/// Who sits where, and who is looking.
#[derive(Clone, Debug)]
pub(crate) struct Seating {
    /// The viewer: a seat when a person plays, `None` for a spectator.
    pub(crate) viewer: Option<Seat>,
    /// What plays each seat: "you" or the bot's name.
    pub(crate) names: Vec<String>,
}

impl Seating {
    fn is_you(&self, seat: Seat) -> bool {
        self.viewer == Some(seat)
    }

    /// `seat 2 (ismcts)` or `seat 0 (you)`.
    pub(crate) fn named(&self, seat: Seat) -> String {
        let name = self.names.get(seat.index()).map_or("?", String::as_str);
        format!("seat {seat} ({name})")
    }

    /// `seat 2 ismcts`: a seat in a table's first column.
    fn label(&self, seat: Seat) -> String {
        let name = self.names.get(seat.index()).map_or("?", String::as_str);
        format!("seat {seat} {name}")
    }

    /// A seat inside a sentence: `you` or `seat 2`.
    pub(crate) fn seat(&self, seat: Seat) -> String {
        if self.is_you(seat) {
            "you".to_owned()
        } else {
            format!("seat {seat}")
        }
    }

    /// A seat starting a sentence with its verb: `Seat 2 places` or `You place`.
    fn does(&self, seat: Seat, (third, second): (&str, &str)) -> String {
        if self.is_you(seat) {
            format!("You {second}")
        } else {
            format!("Seat {seat} {third}")
        }
    }

    /// The seats of a set inside a sentence: `seat 3`, `seats 1 and 3`, `you and seat 3`.
    fn seats(&self, set: SeatSet) -> String {
        let others: Vec<String> = set
            .iter()
            .filter(|&s| !self.is_you(s))
            .map(|s| s.to_string())
            .collect();
        let others = match others.len() {
            0 => String::new(),
            1 => format!("seat {}", others[0]),
            _ => format!("seats {}", and_list(&others)),
        };
        match (set.iter().any(|s| self.is_you(s)), others.is_empty()) {
            (true, true) => "you".to_owned(),
            (true, false) => format!("you and {others}"),
            (false, _) => others,
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

/// Columns of a castle row before its `│`.
const LABEL: usize = 26;
/// Columns of a character's cell on a floor: the longest, `A Alighiero*`, and a space. Four
/// cells (a floor's most) fit after the label.
const CELL: usize = 13;

/// The characters of a castle row, `*` marking the viewer's objective: by letter and name
/// in columns, or by letter alone when the names do not fit on the line.
fn row(set: CharacterSet, mine: Option<Objective>) -> String {
    let star = |c: Character| {
        if mine.is_some_and(|o| o.contains(c)) {
            "*"
        } else {
            ""
        }
    };
    let cells: String = set
        .iter()
        .map(|c| {
            format!(
                "{:<CELL$}",
                format!("{} {}{}", c.letter(), c.name(), star(c))
            )
        })
        .collect();
    let cells = cells.trim_end();
    if width(cells) <= WIDTH - LABEL - 2 {
        return cells.to_owned();
    }
    let letters: Vec<String> = set
        .iter()
        .map(|c| format!("{}{}", c.letter(), star(c)))
        .collect();
    letters.join(" ")
}

/// The castle, top floor first: number, name, points, how full, and who is there (`*`
/// marks the viewer's objective). Then the eliminated and, during placement, the
/// characters not placed yet.
pub(crate) fn castle(public: &PublicView, mine: Option<Objective>) -> String {
    let castle = &public.castle;
    let mut lines = Vec::new();
    for floor in Floor::ALL.into_iter().rev() {
        let on = castle.on(floor);
        let unit = if floor.points() == 1 { "pt" } else { "pts" };
        let mut line = format!(
            " {} {:<11} {:>2} {unit:<3} {}/{} │ {}",
            floor.index(),
            floor.name(),
            floor.points(),
            on.len(),
            floor.capacity(),
            row(on, mine)
        );
        if floor == Floor::Throne && !on.is_empty() {
            line.push_str(match public.phase {
                Phase::Vote => "  ← candidate",
                _ => "  ← King",
            });
        }
        lines.push(line.trim_end().to_owned());
    }
    let mut extra = |label: &str, set: CharacterSet| {
        lines.push(format!("   {label:<23}│ {}", row(set, mine)));
    };
    if !castle.eliminated().is_empty() {
        extra("eliminated", castle.eliminated());
    }
    if public.phase == Phase::Placement && !castle.outside().is_empty() {
        extra("not placed yet", castle.outside());
    }
    lines.join("\n")
}

/// The title of the screen the person moves on: `── Round 1 of 3 · climb phase · seat 2
/// started · your move ───…`.
pub(crate) fn heading(public: &PublicView, seating: &Seating) -> String {
    let phase = match public.phase {
        Phase::Placement => "placement phase",
        Phase::Climb => "climb phase",
        Phase::Vote => "vote phase",
        _ => "between rounds",
    };
    let mut title = format!(
        "Round {} of {} · {phase}",
        public.round + 1,
        public.config.rounds
    );
    if let Some(first) = public.first_player {
        let _ = write!(title, " · {} started", seating.seat(first));
    }
    title.push_str(" · your move");
    text::rule(&title)
}

/// The viewer's objective and what it scores as the castle stands (its characters are the
/// ones marked `*` on the castle).
pub(crate) fn objective_line(public: &PublicView, mine: Objective) -> String {
    format!(
        " * your objective {mine}: {} as the castle stands",
        text::count_of(score(&public.castle, mine), "point")
    )
}

/// Columns of a seat's cell: two seats to a line.
const SEAT_CELL: usize = WIDTH / 2;

/// The seats, two to a line: what plays them, total points so far, No cards left, and who
/// holds the crown.
pub(crate) fn seats(public: &PublicView, seating: &Seating) -> String {
    let totals = public.totals();
    let cells: Vec<String> = Seat::all(public.players())
        .map(|seat| {
            let crown = if public.crown == Some(seat) {
                "  crown"
            } else {
                ""
            };
            format!(
                " {:<16} {:>2} pts  {} No{crown}",
                seating.label(seat),
                totals[seat.index()],
                public.no_cards(seat)
            )
        })
        .collect();
    let lines: Vec<String> = cells
        .chunks(2)
        .map(|pair| {
            let right = pair.get(1).map_or("", String::as_str);
            format!("{:<SEAT_CELL$}{right}", pair[0])
                .trim_end()
                .to_owned()
        })
        .collect();
    lines.join("\n")
}

/// One event as a sentence for the viewer (`None` when another sentence or the score
/// tables say it). The event must already be redacted for the viewer.
pub(crate) fn sentence(event: Event, public: &PublicView, seating: &Seating) -> Option<String> {
    let text = match event {
        Event::FirstPlayerChosen { .. } => return None,
        Event::ObjectiveDealt {
            seat,
            card: Some(card),
        } if seating.is_you(seat) => dealt(card, public),
        // Everyone is dealt one; only the viewer's own says anything.
        Event::ObjectiveDealt { .. } => return None,
        Event::LaidOut { character, floor } => {
            format!("{character} starts on {floor} ({}).", floor.index())
        }
        Event::RoundStarted { first_player, .. } => {
            let phase = match public.config.setup {
                Setup::Placement => "placement phase",
                Setup::RandomLayout => "climb phase",
            };
            format!(
                "{} first ({phase}).",
                seating.does(first_player, ("moves", "move"))
            )
        }
        Event::Placed {
            seat,
            character,
            floor,
        } => format!(
            "{} {character} on {floor} ({}).",
            seating.does(seat, ("places", "place")),
            floor.index()
        ),
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
        // The election says it.
        Event::Climbed {
            to: Floor::Throne, ..
        } => return None,
        Event::Climbed {
            seat,
            character,
            to,
        } => format!(
            "{} {character} up to {to} ({}).",
            seating.does(seat, ("moves", "move")),
            to.index()
        ),
        Event::ElectionCalled { seat, candidate } => format!(
            "⚑ {} {candidate} up to Throne (6), {} the crown and {} a vote.",
            seating.does(seat, ("moves", "move")),
            if seating.is_you(seat) {
                "take"
            } else {
                "takes"
            },
            if seating.is_you(seat) {
                "call"
            } else {
                "calls"
            },
        ),
        Event::VoteCommitted {
            seat,
            vote: Some(vote),
        } if seating.is_you(seat) => format!("You vote {vote}."),
        Event::VoteCommitted { seat, .. } => {
            format!("{} voted.", seating.does(seat, ("has", "have")))
        }
        // The crowning says it.
        Event::VotesRevealed { no, .. } if no.is_empty() => return None,
        Event::VotesRevealed { candidate, no } => format!(
            "✗ {candidate} is eliminated for the round: No from {}.",
            seating.seats(no)
        ),
        Event::Eliminated { .. } => return None,
        Event::Crowned { character } => {
            format!("♛ Long live King {character}! Every vote is Yes.")
        }
        Event::RoundScored { .. } | Event::GameOver { .. } => return None,
    };
    Some(text)
}

/// The sentence for the viewer's own objective card.
fn dealt(card: CardId, public: &PublicView) -> String {
    match public.config.deck.get(card) {
        Some(o) => format!(
            "You are dealt objective card {card}: {}. Only you can see it.",
            objective(o)
        ),
        None => format!("You are dealt objective card {card}."),
    }
}

/// No cards left at every seat, for a spectator after an elimination.
pub(crate) fn no_cards_left(public: &PublicView, seating: &Seating) -> String {
    let left: Vec<String> = Seat::all(public.players())
        .map(|s| format!("{} {}", seating.seat(s), public.no_cards(s)))
        .collect();
    format!("No cards left: {}.", left.join(", "))
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
    let mut lines = vec![
        text::rule(&format!(
            "Round {} scores · {king} · every objective revealed",
            round + 1
        )),
        format!(
            " {:<16}  {:<9}  {:<22} {:>5}  {:>5}",
            "seat", "objective", "points (- eliminated)", "round", "total"
        ),
    ];
    let last_of_three = public.config.rounds == 3 && round == 2;
    let totals = public.totals();
    let mut consoled = Vec::new();
    for seat in Seat::all(public.players()) {
        let i = seat.index();
        let card = objectives[i].and_then(|card| public.config.deck.get(card));
        let (letters, detail) = match card {
            Some(o) => (o.to_string(), per_character(castle, o)),
            None => ("?".to_owned(), String::new()),
        };
        if card.is_some_and(|o| {
            last_of_three && points[i] == CONSOLATION_POINTS && score(castle, o) == 0
        }) {
            consoled.push(seating.seat(seat));
        }
        lines.push(format!(
            " {:<16}  {letters:<9}  {detail:<22} {:>5}  {:>5}",
            seating.label(seat),
            points[i],
            totals[i]
        ));
    }
    if !consoled.is_empty() {
        lines.push(text::wrap(&format!(
            " Scoring 0 in round 3 gives {CONSOLATION_POINTS} instead: {}.",
            and_list(&consoled)
        )));
    }
    lines.join("\n")
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
    let mut lines = vec![text::rule("Game over")];
    let players = public.players();
    let best = Seat::all(players).map(|s| totals[s.index()]).max();
    for seat in Seat::all(players) {
        let mark = if winners.contains(seat) {
            "  ← winner"
        } else {
            ""
        };
        let total = totals[seat.index()];
        let word = if total == 1 { "point " } else { "points" };
        lines.push(format!(
            " {:<16} {total:>4} {word}{mark}",
            seating.label(seat)
        ));
    }
    let points = best.unwrap_or(0);
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
                let verb = if seating.is_you(s) { "have" } else { "has" };
                format!("{} {verb} {kept}", seating.seat(s))
            })
            .collect();
        lines.push(format!(
            "Tie on {}, broken by the characters of the final objective still in the \
             castle: {}.",
            text::count_of(points, "point"),
            and_list(&counts)
        ));
    }
    let named: Vec<String> = winners
        .iter()
        .map(|s| {
            if seating.is_you(s) {
                "you".to_owned()
            } else {
                seating.named(s)
            }
        })
        .collect();
    let mut last = if winners.len() == 1 {
        format!(
            "Winner: {} with {}.",
            named.concat(),
            text::count_of(points, "point")
        )
    } else {
        format!(
            "Winners (shared): {} with {}.",
            and_list(&named),
            text::count_of(points, "point")
        )
    };
    if let Some(me) = seating.viewer {
        last.push_str(if winners.contains(me) {
            " You win!"
        } else {
            " Better luck next time."
        });
    }
    lines.push(last);
    text::wrap(&lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use kingup_core::{Config, Game, Generator};

    fn dealt_game(players: u8) -> Game {
        let mut game = Game::new(Config::new(players)).unwrap();
        while game.chance_step().is_some() {
            game.resolve_chance(&mut Generator::new(2), &mut ());
        }
        game
    }

    fn seating(players: usize, viewer: Option<usize>) -> Seating {
        Seating {
            viewer: viewer.and_then(Seat::new),
            names: (0..players)
                .map(|s| {
                    if Some(s) == viewer {
                        "you".to_owned()
                    } else {
                        "heuristic".to_owned()
                    }
                })
                .collect(),
        }
    }

    #[test]
    fn castle_marks_the_objective_and_lists_unplaced_by_letter() {
        let game = dealt_game(4);
        let me = Seat::new(0).unwrap();
        let view = game.player_view(me);
        let mine = view.objective().unwrap();
        let text = castle(&view.public, Some(mine));
        assert!(text.contains(" 6 Throne"), "{text}");
        // Thirteen characters do not fit by name on a line: by letter, six of them marked.
        let unplaced = text.lines().last().unwrap();
        assert!(unplaced.starts_with("   not placed yet"), "{text}");
        assert_eq!(unplaced.matches('*').count(), 6, "{text}");
        let first = mine.characters().first().unwrap();
        assert!(unplaced.contains(&format!("{}*", first.letter())), "{text}");
        assert_eq!(text.lines().count(), 8, "{text}");
        assert!(seats(&view.public, &seating(4, Some(0))).contains("seat 0 you"));
    }

    #[test]
    fn the_widest_rows_fit_in_80_columns() {
        // The four longest names on one floor, all on the objective, and every other
        // character eliminated: the castle's widest rows.
        let game = dealt_game(6);
        let long = [
            Character::Alighiero,
            Character::Clemente,
            Character::Fiorello,
            Character::Giuseppe,
        ];
        let mut built = Castle::new();
        for c in long {
            built.put(c, Floor::Dignitaries);
        }
        for c in Character::ALL.into_iter().filter(|c| !long.contains(c)) {
            built.put(c, Floor::Servants);
            built.eliminate(c);
        }
        let mut view = game.player_view(Seat::new(0).unwrap());
        view.public.castle = built;
        view.public.phase = Phase::Climb;
        view.public.crown = Some(Seat::new(5).unwrap());
        let mine = Objective::new(&[
            Character::Alighiero,
            Character::Clemente,
            Character::Fiorello,
            Character::Giuseppe,
            Character::Leonardo,
            Character::Martino,
        ])
        .unwrap();
        let seating = seating(6, Some(0));
        let text = [
            castle(&view.public, Some(mine)),
            heading(&view.public, &seating),
            seats(&view.public, &seating),
            objective_line(&view.public, mine),
        ]
        .join("\n");
        for line in text.lines() {
            assert!(width(line) <= WIDTH, "{} columns: {line}", width(line));
        }
        assert!(text.contains("A Alighiero* C Clemente*  F Fiorello*  G Giuseppe*"));
        assert!(text.contains("crown"), "{text}");
        // Six seats, two to a line.
        assert_eq!(seats(&view.public, &seating).lines().count(), 3);
        let three = dealt_game(3).public_view();
        assert_eq!(seats(&three, &self::seating(3, None)).lines().count(), 2);
    }

    #[test]
    fn sentences_speak_to_the_viewer_as_you() {
        let game = dealt_game(4);
        let public = game.public_view();
        let me = Seat::new(1).unwrap();
        let other = Seat::new(2).unwrap();
        let seating = seating(4, Some(1));
        let say = |event| sentence(event, &public, &seating).unwrap();
        let placed = |seat| Event::Placed {
            seat,
            character: Character::Beatrice,
            floor: Floor::Dignitaries,
        };
        assert_eq!(say(placed(me)), "You place Beatrice on Dignitaries (4).");
        assert_eq!(
            say(placed(other)),
            "Seat 2 places Beatrice on Dignitaries (4)."
        );
        let called = |seat| Event::ElectionCalled {
            seat,
            candidate: Character::Dario,
        };
        assert_eq!(
            say(called(me)),
            "⚑ You move Dario up to Throne (6), take the crown and call a vote."
        );
        assert!(say(called(other)).starts_with("⚑ Seat 2 moves Dario up to Throne (6), takes"));
        let mut no = SeatSet::single(me);
        no.insert(Seat::new(3).unwrap());
        no.insert(other);
        assert_eq!(
            say(Event::VotesRevealed {
                candidate: Character::Dario,
                no
            }),
            "✗ Dario is eliminated for the round: No from you and seats 2 and 3."
        );
        assert_eq!(
            say(Event::RoundStarted {
                round: 0,
                first_player: me
            }),
            "You move first (placement phase)."
        );
        // What another sentence says is not said twice.
        for event in [
            Event::Climbed {
                seat: other,
                character: Character::Dario,
                to: Floor::Throne,
            },
            Event::Eliminated {
                character: Character::Dario,
            },
            Event::ObjectiveDealt {
                seat: other,
                card: None,
            },
        ] {
            assert_eq!(sentence(event, &public, &seating), None, "{event:?}");
        }
    }
}
