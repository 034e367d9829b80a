//! What the court game prints: the table (display, seats, dice), each step in a line, the
//! card list and the legal moves. Everything in To Court the King is public, so one
//! drawing serves the player and the spectator.

use kingup_court::Seat;
use kingup_court::{Action, ActionKind, Card, Dice, Game, Outcome, Phase, Stage};

use crate::text::{self, WIDTH};

/// A seat's label: `seat 1 greedy`, `seat 0 you`.
pub(crate) fn seat_label(names: &[String], seat: Seat) -> String {
    let name = names.get(seat.index()).map_or("?", String::as_str);
    format!("seat {seat} {name}")
}

/// Dice as boxed faces, highest first: `[6][5][5]`; `-` for none.
pub(crate) fn dice(dice: Dice) -> String {
    if dice.is_empty() {
        return "-".to_owned();
    }
    dice.faces().rev().map(|f| format!("[{f}]")).collect()
}

/// Copies of `card` still for sale, as shown: a count, `∞`, or `None` when it is not for
/// sale (sold out, the Queen, which is never bought).
fn for_sale(game: &Game, card: Card) -> Option<String> {
    match (card, game.supply(card)) {
        (Card::Queen, _) => None,
        // The Charlatan has no copies of its own: it is a Jester turned over.
        (Card::Charlatan, _) => Some("-".to_owned()),
        (_, None) => Some("∞".to_owned()),
        (_, Some(0)) => None,
        (_, Some(n)) => Some(n.to_string()),
    }
}

/// A card's cell of the display: `head` then the cost (the words before any parenthesis),
/// whole, wrapped at spaces to `room` columns, its further lines under the cost's column.
fn cost_cell(head: &str, card: Card, room: usize) -> Vec<String> {
    let cost = card.cost().split(" (").next().unwrap_or_default();
    let indent = " ".repeat(text::width(head));
    let mut lines = vec![head.to_owned()];
    let mut used = 0;
    for word in cost.split(' ') {
        let last = lines.last_mut().expect("a cell has a line");
        if used > 0 && used + 1 + text::width(word) > room {
            lines.push(format!("{indent}{word}"));
            used = text::width(word);
        } else {
            if used > 0 {
                last.push(' ');
                used += 1;
            }
            last.push_str(word);
            used += text::width(word);
        }
    }
    lines
}

/// The display: every card still for sale, with copies left and cost, in two columns; a
/// cost too long for its column goes on in the next line.
pub(crate) fn display(game: &Game) -> Vec<String> {
    const COLUMN: usize = WIDTH / 2;
    let cells: Vec<Vec<String>> = Card::ALL
        .iter()
        .filter_map(|&card| {
            let copies = for_sale(game, card)?;
            let head = format!(" {:<11} {copies} ", card.name());
            let room = COLUMN - 1 - text::width(&head);
            Some(cost_cell(&head, card, room))
        })
        .collect();
    let mut lines = vec!["Display (card, copies left, cost; `cards` for the details):".to_owned()];
    let half = cells.len().div_ceil(2);
    for i in 0..half {
        let (left, right) = (&cells[i], cells.get(i + half));
        let rows = left.len().max(right.map_or(0, Vec::len));
        for row in 0..rows {
            let left = left.get(row).map_or("", String::as_str);
            match right.and_then(|r| r.get(row)) {
                Some(right) => {
                    let pad = COLUMN - text::width(left);
                    lines.push(format!("{left}{}{right}", " ".repeat(pad)));
                }
                None => lines.push(left.to_owned()),
            }
        }
    }
    lines
}

/// Each seat in a line: hand, cards, the King and the Queen, the final round's result.
pub(crate) fn seats(game: &Game, names: &[String]) -> Vec<String> {
    let mut lines = Vec::new();
    for seat in game.seats().iter() {
        let marker = if game.next_seat() == Some(seat) {
            '>'
        } else {
            ' '
        };
        let cards = game.cards(seat);
        let mut owned: Vec<String> = cards
            .iter()
            .filter(|&c| c != Card::Charlatan)
            .map(|c| c.name().to_owned())
            .collect();
        match game.charlatans(seat) {
            0 => {}
            1 => owned.push("Charlatan".to_owned()),
            n => owned.push(format!("{n} Charlatans")),
        }
        let mut owned = if owned.is_empty() {
            "no cards".to_owned()
        } else {
            owned.join(", ")
        };
        if let Some(value) = game.final_result(seat) {
            owned.push_str(&format!(" │ final result {value}"));
        }
        let head = format!(
            "{marker}{:<16} {} dice │ ",
            seat_label(names, seat),
            game.hand(seat)
        );
        lines.extend(hang(&head, &owned));
    }
    lines
}

/// `head` then `body` wrapped at spaces to the width, its further lines indented to
/// `body`'s column (the head's own spacing is kept, unlike [`text::lines`]).
fn hang(head: &str, body: &str) -> Vec<String> {
    let indent = text::width(head).min(WIDTH / 2);
    let mut lines = Vec::new();
    let mut current = head.to_owned();
    let mut empty = true;
    for word in body.split(' ') {
        if !empty && text::width(&current) + 1 + text::width(word) > WIDTH {
            lines.push(std::mem::replace(&mut current, " ".repeat(indent)));
            empty = true;
        }
        if !empty {
            current.push(' ');
        }
        current.push_str(word);
        empty = false;
    }
    lines.push(current);
    // A word wider than a line is left to the general wrapper.
    lines.iter().flat_map(|l| text::lines(l)).collect()
}

/// The turn in progress: whose, the dice waiting, active, set aside and picked.
pub(crate) fn turn(game: &Game, names: &[String]) -> Vec<String> {
    let Some(seat) = game.next_seat() else {
        return Vec::new();
    };
    let mut line = format!("{} · {} phase", seat_label(names, seat), game.phase());
    match game.phase() {
        Phase::PreRoll => line.push_str(&format!(" · {} to roll", text::dice(game.dice_in_hand()))),
        _ => line.push_str(&format!(
            " · active {} · set aside {}",
            dice(game.active()),
            dice(game.aside())
        )),
    }
    if let Some(card) = game.selecting() {
        line.push_str(&format!(
            " · picked for the {card}: {}",
            dice(game.picked())
        ));
    }
    if !game.used().is_empty() {
        let used: Vec<&str> = game.used().iter().map(Card::name).collect();
        line.push_str(&format!(" · used {}", used.join(", ")));
    }
    if let Some(best) = game.best() {
        line.push_str(&format!(" · best to beat {best}"));
    }
    text::lines(&line)
}

/// The title rule: round, stage.
pub(crate) fn title(game: &Game) -> String {
    let stage = match game.stage() {
        Stage::Normal => {
            let bound = game
                .config()
                .max_rounds
                .map_or(String::new(), |r| format!(" of at most {r}"));
            format!("Round {}{bound}", u64::from(game.round()) + 1)
        }
        other => {
            let mut s = other.to_string();
            s[..1].make_ascii_uppercase();
            s
        }
    };
    rule(&format!("{stage} · To Court the King"))
}

/// `── text ───…`, 78 columns.
pub(crate) fn rule(title: &str) -> String {
    let head = format!("── {title} ");
    let fill = (WIDTH - 2).saturating_sub(text::width(&head));
    format!("{head}{}", "─".repeat(fill))
}

/// The whole table: title, display, seats, turn.
pub(crate) fn table(game: &Game, names: &[String]) -> Vec<String> {
    let mut lines = vec![title(game)];
    lines.extend(display(game));
    lines.push(rule("Seats (hand: dice each turn)"));
    lines.extend(seats(game, names));
    lines.extend(turn(game, names));
    lines
}

/// A step, in a line: `seat 1 greedy: keep 5 → active [3][2], set aside [5][5]`.
pub(crate) fn step(game: &Game, names: &[String], seat: Seat, action: Action) -> String {
    let mut line = format!("  {}: {action}", seat_label(names, seat));
    // While the turn goes on, the dice as they now stand; a buy or a pass ends it.
    let ends_turn = matches!(action.kind(), ActionKind::Buy(_) | ActionKind::Pass);
    if !ends_turn && game.next_seat() == Some(seat) {
        line.push_str(&format!(
            " → active {}, set aside {}",
            dice(game.active()),
            dice(game.aside())
        ));
    }
    text::wrap(&line)
}

/// The result line: `Winner: seat 2 greedy.`, or that the game was truncated.
pub(crate) fn result(game: &Game, names: &[String]) -> String {
    match game.outcome() {
        Some(Outcome::Won(seat)) => format!("Winner: {}.", seat_label(names, seat)),
        Some(Outcome::Truncated) => format!(
            "No winner: nobody bought the King in {} rounds (truncated).",
            game.config().max_rounds.unwrap_or_default()
        ),
        None => "The game is not over.".to_owned(),
    }
}

/// The `cards` command: every card with its ability and cost.
pub(crate) fn cards() -> Vec<String> {
    let mut lines = Vec::new();
    for card in Card::ALL {
        let line = format!(
            "  {} ({}): {}. Cost: {}.",
            card.name(),
            card.row(),
            card.ability(),
            card.cost()
        );
        lines.extend(text::lines(&line));
    }
    lines
}

/// The `help` command: every legal move in notation, with its meaning.
pub(crate) fn legal(game: &Game, seat: Seat) -> Vec<String> {
    let mut lines = vec!["  Your legal moves:".to_owned()];
    for action in game.legal_actions(seat) {
        lines.extend(text::lines(&format!(
            "    {:<20} {action:#}",
            action.to_string()
        )));
    }
    lines.push("  Also: `cards` (every card), `board` (the table again), `quit`.".to_owned());
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use kingup_court::Config;

    #[test]
    fn the_table_fits_80_columns_and_lists_the_display() {
        let game = Game::new(Config::new(5)).unwrap();
        let names: Vec<String> = (0..5).map(|i| format!("bot{i}")).collect();
        let lines = table(&game, &names);
        assert!(lines.iter().all(|l| text::width(l) <= WIDTH), "{lines:#?}");
        let all = lines.join("\n");
        for card in Card::ALL {
            assert_eq!(all.contains(card.name()), card != Card::Queen, "{card}");
        }
        // Title, display (19 cards in two columns), rule, five seats: a 24-row screen.
        assert!(lines.len() <= 22, "{}", lines.len());
        // Every cost is shown whole (the words before any parenthesis), never cut.
        assert!(!all.contains('…'), "{all}");
        // The words of the left column, then of the right one.
        let column = |right: bool| -> String {
            let half = |l: &String| -> String {
                let chars = l.chars();
                if right {
                    chars.skip(WIDTH / 2).collect()
                } else {
                    chars.take(WIDTH / 2).collect()
                }
            };
            display(&game)
                .iter()
                .map(half)
                .collect::<Vec<_>>()
                .join(" ")
        };
        let text = format!("{} {}", column(false), column(true));
        let words: Vec<&str> = text.split_whitespace().collect();
        for card in Card::ALL.into_iter().filter(|&c| c != Card::Queen) {
            let cost: Vec<&str> = card.cost().split(" (").next().unwrap().split(' ').collect();
            assert!(
                words.windows(cost.len()).any(|w| w == cost.as_slice()),
                "{card}: {}",
                card.cost()
            );
        }
        assert_eq!(dice("5-3-3".parse().unwrap()), "[5][3][3]");
        assert!(cards().iter().all(|l| text::width(l) <= WIDTH));
    }

    #[test]
    fn long_card_lists_hang_under_their_column() {
        let head = " seat 1 greedy    5 dice │ ";
        let body = ["Farmer,"; 30].join(" ");
        let lines = hang(head, &body);
        assert!(lines.len() > 2, "{lines:#?}");
        assert!(lines[0].starts_with(head), "{lines:#?}");
        let column = " ".repeat(text::width(head));
        assert!(
            lines[1..]
                .iter()
                .all(|l| l.starts_with(&column) && text::width(l) <= WIDTH)
        );
        assert_eq!(lines.concat().matches("Farmer").count(), 30);
    }
}
