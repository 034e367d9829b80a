//! The To Court the King engine (`kingup-court`): arbitrary action streams, and arbitrary
//! bytes as save documents and notation.

use arbitrary::{Result, Unstructured};
use kingup_court::{Action, Actor, ChanceOutcome, Config, Dice, Game, Replay, Session, Step};
use kingup_court::{ChanceMode, FirstPlayer, Generator, Seat};

/// The first byte picks the mode: even, an action stream; odd, the rest as text.
pub fn court(data: &[u8]) {
    match data.split_first() {
        Some((mode, rest)) if mode % 2 == 1 => decode(rest),
        _ => stream(data),
    }
}

/// An arbitrary valid configuration, bounded so that a stream can reach the end.
fn config(u: &mut Unstructured<'_>) -> Result<Config> {
    let mut config = Config::new(u.int_in_range(2..=5)?);
    config.unlimited_jesters = u.arbitrary()?;
    config.preroll_abilities = u.arbitrary()?;
    config.max_rounds = Some(u.int_in_range(1..=8)?);
    if u.arbitrary()? {
        let seat = u.int_in_range(0..=config.players - 1)?;
        config.first_player = FirstPlayer::Seat(Seat::new(seat.into()).expect("below 6"));
    }
    Ok(config)
}

/// Plays a stream of arbitrary steps: any seat, any action index (out of range too), any
/// chance outcome index, or a legal step picked by position. After every step: an accepted
/// step was legal, a refused one left the game unchanged and was not legal, and the mask
/// agrees with `is_legal`. At the end the accepted steps replay to the same game, and the
/// session's save document loads back to the same session, and with bytes changed or cut
/// is refused with a typed error or loads a session that saves and loads unchanged.
fn stream(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(config) = config(&mut u) else { return };
    let mut game = Game::new(config).expect("generated configs are valid");
    let mut replay = Replay::new(config);
    while !u.is_empty() && !game.is_over() {
        match step(&mut u, &game) {
            Ok(Some(step)) => {
                let before = game;
                let legal = match step {
                    Step::Chance(outcome) => {
                        game.chance_outcomes().iter().any(|&(o, _)| o == outcome)
                    }
                    Step::Action { seat, action } => {
                        let legal = game.is_legal(seat, action);
                        assert_eq!(legal, game.legal_mask(seat).contains(action));
                        legal
                    }
                };
                match game.apply_step(step, &mut Vec::new()) {
                    Ok(()) => {
                        assert!(legal, "{step} was accepted");
                        replay.steps.push(step);
                    }
                    Err(error) => {
                        assert!(!legal, "{step} was refused: {error}");
                        assert_eq!(game, before, "a refused step changed the game");
                        assert!(!error.code().is_empty());
                    }
                }
            }
            Ok(None) => {}
            Err(_) => break,
        }
    }
    assert_eq!(replay.play().expect("accepted steps replay"), game);
    saves(&mut u, replay, &game);
}

fn step(u: &mut Unstructured<'_>, game: &Game) -> Result<Option<Step>> {
    Ok(match u.int_in_range(0u8..=3)? {
        0 => {
            let seat = Seat::new(u.int_in_range(0..=5)?).expect("below 6");
            let index = u.int_in_range(0..=255)?;
            match Action::from_index(index) {
                Ok(action) => Some(Step::Action { seat, action }),
                Err(error) => {
                    assert!(index >= Action::COUNT, "{error}");
                    None
                }
            }
        }
        1 => ChanceOutcome::from_index(u.int_in_range(0..=15)?).map(Step::Chance),
        _ => match game.actor() {
            Actor::Chance => {
                let outcomes = game.chance_outcomes();
                Some(Step::Chance(u.choose(&outcomes)?.0))
            }
            Actor::Seat(seat) => {
                let legal = game.legal_actions(seat);
                Some(Step::Action {
                    seat,
                    action: *u.choose(&legal)?,
                })
            }
            Actor::Nobody => None,
        },
    })
}

/// The replay as an explicit-chance session: its save loads back; edited, it is refused
/// with a typed error or loads a session that round-trips.
fn saves(u: &mut Unstructured<'_>, replay: Replay, game: &Game) {
    let session = Session::from_replay(replay, Generator::new(7), ChanceMode::Explicit)
        .expect("a legal replay loads");
    assert_eq!(session.game(), game);
    let json = session.to_json();
    assert_eq!(Session::from_json(&json).expect("a save loads"), session);
    let mut bytes = json.into_bytes();
    for _ in 0..u.int_in_range(0..=4).unwrap_or(0) {
        let (Ok(at), Ok(byte)) = (u.choose_index(bytes.len()), u.arbitrary::<u8>()) else {
            break;
        };
        match byte % 3 {
            0 => bytes[at] = byte,
            1 => {
                bytes.remove(at);
            }
            _ => bytes.truncate(at),
        }
        if bytes.is_empty() {
            break;
        }
    }
    decode(&bytes);
}

/// The bytes as a save document, a replay, a config, a step, an action and dice: whatever
/// loads round-trips, whatever does not is a typed error.
fn decode(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Session::from_json(text) {
        Ok(session) => {
            let again = Session::from_json(&session.to_json()).expect("a re-save loads");
            assert_eq!(again, session);
        }
        Err(error) => assert!(!error.code().is_empty()),
    }
    if let Ok(replay) = serde_json::from_str::<Replay>(text) {
        if let Ok(game) = replay.play() {
            let json = serde_json::to_string(&replay).expect("a replay serializes");
            let again: Replay = serde_json::from_str(&json).expect("a replay reads back");
            assert_eq!(again.play().expect("replays again"), game);
        }
    }
    if let Ok(config) = serde_json::from_str::<Config>(text) {
        assert_eq!(config.validate().is_ok(), Game::new(config).is_ok());
    }
    for line in text.lines().take(64) {
        if let Ok(step) = line.parse::<Step>() {
            assert_eq!(step.to_string().parse::<Step>(), Ok(step));
        }
        if let Ok(action) = line.parse::<Action>() {
            assert_eq!(action.to_string().parse::<Action>(), Ok(action));
        }
        if let Ok(dice) = line.parse::<Dice>() {
            assert_eq!(dice.to_string().parse::<Dice>(), Ok(dice));
        }
    }
}
