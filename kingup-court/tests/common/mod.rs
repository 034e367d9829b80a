//! Scripted games for the tests: steps in the notation, and whole turns.

#![allow(dead_code, unreachable_pub)]

use kingup_court::{Action, Card, ChanceOutcome, Config, Event, Face, Game, Phase};
use kingup_court::{FirstPlayer, Seat};

/// Seat `i`.
pub fn seat(i: usize) -> Seat {
    Seat::new(i).expect("a seat number below 6")
}

/// The config for `players` with seat `first` holding the marker.
pub fn config(players: u8, first: usize) -> Config {
    let mut config = Config::new(players);
    config.first_player = FirstPlayer::Seat(seat(first));
    config
}

/// A new game for `players` with seat `first` to play first.
pub fn game(players: u8, first: usize) -> Game {
    Game::new(config(players, first)).expect("a valid config")
}

/// Plays a script: comma-separated steps, each an action in the notation for the seat to
/// move (`keep 4`, `guard`, `buy hunter`) or `dice F F …`, chance outcomes. Returns every
/// event. Panics, naming the step, if one is refused.
pub fn run(game: &mut Game, script: &str) -> Vec<Event> {
    let mut events = Vec::new();
    for part in script.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        if let Some(faces) = part.strip_prefix("dice ") {
            for face in faces.split_whitespace() {
                let face: Face = face.parse().expect("a face");
                game.apply_chance_with(ChanceOutcome::Die(face), &mut events)
                    .unwrap_or_else(|e| panic!("{part}: {e}"));
            }
            continue;
        }
        let seat = game
            .next_seat()
            .unwrap_or_else(|| panic!("{part}: no seat to move ({:?})", game.phase()));
        let action: Action = part.parse().unwrap_or_else(|e| panic!("{part}: {e}"));
        game.apply_with(seat, action, &mut events)
            .unwrap_or_else(|e| panic!("{part}: {e}"));
    }
    events
}

/// The seat to move, which must exist.
pub fn to_move(game: &Game) -> Seat {
    game.next_seat().expect("a seat to move")
}

/// The seat to move rolls its hand showing `faces` (as many as it rolls), keeps every die
/// in order, and buys `card` (or passes with `None`). Returns the events.
pub fn turn(game: &mut Game, faces: &str, buy: Option<Card>) -> Vec<Event> {
    assert_eq!(game.phase(), Phase::PreRoll, "a turn begins");
    let n = faces.split_whitespace().count();
    assert_eq!(
        n,
        usize::from(game.dice_in_hand()),
        "faces for every die in hand"
    );
    let mut events = run(game, &format!("roll, dice {faces}"));
    while let Some(face) = game.active().lowest() {
        events.extend(run(game, &format!("keep {face}")));
    }
    if game.phase() == Phase::Buy {
        let last = match buy {
            Some(card) => format!("buy {}", card.key()),
            None => "pass".to_owned(),
        };
        events.extend(run(game, &last));
    }
    events
}

/// The seat to move rolls ones and buys nothing (in the final round: just rolls ones).
/// Returns the events.
pub fn pass_turn(game: &mut Game) -> Vec<Event> {
    let ones = vec!["1"; usize::from(game.dice_in_hand())].join(" ");
    turn(game, &ones, None)
}

/// Passes turns until `seat` is to move at the start of its turn.
pub fn pass_until(game: &mut Game, seat: Seat) {
    while to_move(game) != seat {
        pass_turn(game);
    }
}

/// Passes the other seats' turns until `who` is to move, then plays `script`, its turn.
pub fn turn_of(game: &mut Game, who: Seat, script: &str) -> Vec<Event> {
    pass_until(game, who);
    run(game, script)
}

/// The actions among `legal` that buy a card, as the cards' keys.
pub fn buys(game: &Game) -> Vec<&'static str> {
    game.legal_actions(to_move(game))
        .iter()
        .filter_map(|a| match a.kind() {
            kingup_court::ActionKind::Buy(card) => Some(card.key()),
            _ => None,
        })
        .collect()
}

/// The legal actions of the seat to move, in the notation.
pub fn legal(game: &Game) -> Vec<String> {
    game.legal_actions(to_move(game))
        .iter()
        .map(|a| a.to_string())
        .collect()
}

/// `n` copies of `word`, comma-separated: `keeps("keep 2", 3)`.
pub fn times(word: &str, n: usize) -> String {
    vec![word; n].join(", ")
}

/// `n` dice showing `face`, as a `dice` step.
pub fn dice_of(face: u8, n: usize) -> String {
    format!("dice {}", vec![face.to_string(); n].join(" "))
}

/// `who` buys the Laborer, the Guard, the Farmer and the General on its next four turns (the
/// other seats pass): a hand of 6 dice, at most 8 with the two add-a-die cards.
pub fn make_strong(game: &mut Game, who: Seat) {
    let triple = "roll, dice 5 5 5, keep 5, keep 5, keep 5";
    turn_of(game, who, &format!("{triple}, buy laborer"));
    turn_of(game, who, &format!("{triple}, buy guard"));
    turn_of(game, who, &format!("{triple}, buy farmer"));
    turn_of(
        game,
        who,
        "roll, dice 2 2 2 2, guard, laborer, keep 2, keep 2, keep 2, keep 2, keep 2, roll, \
         dice 2, keep 2, buy general",
    );
}

/// The dice of a strong seat (hand 6, Laborer and Guard unused) ending with `count` (7 or
/// 8) dice showing `face`: six rolled, the Guard's (and the Laborer's) die rolled again.
pub fn strong_result(face: u8, count: usize) -> String {
    let adders = if count == 8 {
        "guard, laborer"
    } else {
        "guard"
    };
    format!(
        "roll, {}, {adders}, {}, roll, {}, {}",
        dice_of(face, 6),
        times(&format!("keep {face}"), 6),
        dice_of(face, count - 6),
        times(&format!("keep {face}"), count - 6)
    )
}
