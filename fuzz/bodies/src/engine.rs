//! Arbitrary action streams against the engine, illegal ones included.

use arbitrary::{Result, Unstructured};
use kingup_core::{Action, Actor, ChanceOutcome, Config, FirstPlayer, Game, Seat, Setup};

/// An arbitrary valid configuration (deck left balanced).
pub(crate) fn config(u: &mut Unstructured<'_>) -> Result<Config> {
    let mut config = Config::new(u.int_in_range(3..=6)?);
    config.rounds = if u.arbitrary()? { 1 } else { 3 };
    config.setup = if u.arbitrary()? {
        Setup::RandomLayout
    } else {
        Setup::Placement
    };
    if u.arbitrary()? {
        let seat = u.int_in_range(0..=config.players - 1)?;
        config.first_player = FirstPlayer::Seat(Seat::new(seat.into()).expect("below 6"));
    }
    Ok(config)
}

/// Plays a stream of arbitrary steps: any seat, any action index (out of range too), any
/// chance outcome, or a legal move picked by position. After every step: an accepted step
/// was legal, a refused one left the game unchanged, the state validates, and
/// `legal_actions` agrees with `is_legal` for every seat and action.
pub fn action_stream(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(config) = config(&mut u) else { return };
    let mut game = Game::new(config).expect("generated configs are valid");
    while !u.is_empty() && !game.is_over() {
        if step(&mut u, &mut game).is_err() {
            break;
        }
        game.validate().expect("every reachable state is valid");
    }
    check_legal_agrees(&game);
}

fn step(u: &mut Unstructured<'_>, game: &mut Game) -> Result<()> {
    let before = *game;
    match u.int_in_range(0u8..=3)? {
        0 => {
            let seat = Seat::new(u.int_in_range(0..=5)?).expect("below 6");
            let Ok(action) = Action::from_index(u.int_in_range(0..=70)?) else {
                return Ok(());
            };
            let legal = game.is_legal(seat, action);
            let listed = game.legal_actions(seat).contains(&action);
            assert_eq!(legal, listed, "{action:?} by {seat}");
            match game.apply(seat, action) {
                Ok(_) => assert!(legal),
                Err(_) => assert!(
                    !legal && *game == before,
                    "a refused action changed the game"
                ),
            }
        }
        1 => {
            let Some(outcome) = ChanceOutcome::from_index(u.int_in_range(0..=45)?) else {
                return Ok(());
            };
            let listed = game.chance_outcomes().iter().any(|(o, _)| *o == outcome);
            match game.apply_chance(outcome) {
                Ok(_) => assert!(listed, "{outcome:?} was not listed"),
                Err(_) => assert!(
                    !listed && *game == before,
                    "a refused outcome changed the game"
                ),
            }
        }
        _ => {
            let seat = match game.actor() {
                Actor::Chance => {
                    let outcomes = game.chance_outcomes();
                    let (outcome, _) = *u.choose(&outcomes)?;
                    game.apply_chance(outcome).expect("listed outcomes apply");
                    return Ok(());
                }
                Actor::Seat(seat) => seat,
                Actor::Voters(seats) => {
                    let voters: Vec<Seat> = seats.iter().collect();
                    *u.choose(&voters)?
                }
                Actor::Nobody => return Ok(()),
            };
            let legal = game.legal_actions(seat);
            let action = *u.choose(&legal)?;
            game.apply(seat, action).expect("listed actions apply");
        }
    }
    Ok(())
}

fn check_legal_agrees(game: &Game) {
    for seat in Seat::all(Seat::MAX) {
        let legal = game.legal_actions(seat);
        for index in 0..Action::COUNT {
            let action = Action::from_index(index).expect("in range");
            assert_eq!(game.is_legal(seat, action), legal.contains(&action));
        }
    }
}
