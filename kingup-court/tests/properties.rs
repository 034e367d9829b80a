//! Invariants over whole games, checked after every step. Games are built by construction:
//! a proptest-generated seed, player count, variants and round bound, then chance and a
//! seeded mix of the uniformly random and the greedy policy (`kingup_bots::court::GreedyBot`,
//! which reaches the King and the final round) drive every step. No case is rejected.

use kingup_bots::court::GreedyBot;
use kingup_court::{
    Action, ActionKind, ActionSet, Actor, Card, CardSet, ChanceOutcome, Config, Event, Game,
    Outcome, Phase, Replay, Session, Stage, Step,
};
use kingup_court::{FirstPlayer, Generator, Seat};
use proptest::prelude::*;

/// Most steps one turn can take: 18 dice each set aside once and rolled at most 18 times,
/// every card used once (three of them picking up to 18 dice), a purchase. Chance steps:
/// every die of every roll, and the Jester's and Merchant's re-rolls.
const MAX_TURN_STEPS: usize = 18 + 18 + 20 + 3 * 19 + 1 + 18 * 18 + 1 + 18;

#[derive(Clone, Copy, Debug)]
struct Case {
    seed: u64,
    config: Config,
    /// Percent of decisions the greedy policy takes rather than a random one.
    greed: u32,
}

fn case() -> impl Strategy<Value = Case> {
    (
        any::<u64>(),
        2u8..=5,
        proptest::option::of(0usize..5),
        any::<bool>(),
        any::<bool>(),
        1u32..=30,
        0u32..=100,
    )
        .prop_map(
            |(seed, players, first, unlimited, preroll, rounds, greed)| {
                let mut config = Config::new(players);
                config.first_player = match first {
                    Some(seat) => {
                        FirstPlayer::Seat(Seat::new(seat % usize::from(players)).unwrap())
                    }
                    None => FirstPlayer::Random,
                };
                config.unlimited_jesters = unlimited;
                config.preroll_abilities = preroll;
                config.max_rounds = Some(rounds);
                Case {
                    seed,
                    config,
                    greed,
                }
            },
        )
}

/// The next step of the policy: a chance outcome drawn from `rng`, or a seat's action.
fn next_step(game: &Game, rng: &mut Generator, greed: u32) -> Option<Step> {
    match game.actor() {
        Actor::Chance => game.sample_chance(rng).map(Step::Chance),
        Actor::Seat(seat) => {
            let legal = game.legal_actions(seat);
            let action = if rng.below(100) < greed {
                GreedyBot::action(game, seat).expect("the seat is to move")
            } else {
                legal[rng.below(legal.len() as u32) as usize]
            };
            Some(Step::Action { seat, action })
        }
        Actor::Nobody => None,
    }
}

/// Every card is in the display or with a player, never both, never twice.
fn check_supply(game: &Game) {
    let players = game.config().players;
    let seats = || Seat::all(game.players());
    for card in Card::ALL {
        let owners = seats().filter(|&s| game.owns(s, card)).count() as u8;
        match card {
            Card::Charlatan => assert_eq!(game.supply(card), Some(0)),
            Card::Jester => {
                let held: u8 = seats()
                    .map(|s| u8::from(game.owns(s, card)) + game.charlatans(s))
                    .sum();
                match game.supply(card) {
                    Some(left) => assert_eq!(left + held, players, "jesters"),
                    None => assert!(game.config().unlimited_jesters),
                }
                assert!(owners <= players);
            }
            Card::King => {
                assert!(owners <= 1);
                let gone = u8::from(game.king().is_some());
                assert_eq!(game.supply(card), Some(1 - gone), "king");
            }
            _ => assert_eq!(
                game.supply(card).map(|left| left + owners),
                Some(card.copies(players)),
                "{card:?}"
            ),
        }
    }
}

/// During a dice turn every die is active, set aside or being rolled, and there are as many
/// as the hand plus the add-a-die cards used.
fn check_dice(game: &Game) {
    if !matches!(
        game.phase(),
        Phase::PreRoll | Phase::Rolling | Phase::Dice | Phase::Select
    ) {
        return;
    }
    let seat = game.turn_seat();
    let added = Card::ADD_DIE
        .iter()
        .filter(|&&c| game.used().contains(c))
        .count() as u32;
    let dice = game.active().len()
        + game.aside().len()
        + u32::from(game.dice_in_hand() + game.dice_to_roll());
    assert_eq!(dice, u32::from(game.hand(seat)) + added);
    assert!(dice <= u32::from(game.max_dice(seat)));
    if !game.config().unlimited_jesters {
        assert!(dice <= 18, "{dice} dice");
    }
    assert!(game.active().contains(game.picked()));
}

/// Every legal action applies for the seat to move; every other action, and every action
/// of another seat, is refused with the game unchanged. The same for chance outcomes.
fn check_masks(game: &Game) {
    let outcomes = game.chance_outcomes();
    for index in 0..ChanceOutcome::COUNT {
        let outcome = ChanceOutcome::from_index(index).unwrap();
        let mut child = *game;
        let listed = outcomes.iter().any(|&(o, _)| o == outcome);
        assert_eq!(child.apply_chance(outcome).is_ok(), listed, "{outcome:?}");
        if !listed {
            assert_eq!(&child, game);
        }
    }
    let to_move = game.next_seat();
    for seat in Seat::all(game.players()) {
        let mask = if Some(seat) == to_move {
            game.legal_mask(seat)
        } else {
            ActionSet::default()
        };
        assert_eq!(mask.len(), game.legal_action_count(seat));
        for index in 0..Action::COUNT {
            let action = Action::from_index(index).unwrap();
            let mut child = *game;
            match child.apply(seat, action) {
                Ok(_) => assert!(mask.contains(action), "{seat} {action} applied"),
                Err(err) => {
                    assert!(!mask.contains(action), "{seat} {action}: {err}");
                    assert_eq!(&child, game);
                }
            }
        }
    }
}

/// Plays `case` to its end, checking every invariant after every step (the masks after
/// every `mask_every`th), and returns the steps.
fn play_checked(case: Case, mask_every: usize) -> (Game, Vec<Step>) {
    let config = case.config;
    let mut rng = Generator::new(case.seed);
    let mut game = Game::new(config).unwrap();
    let mut steps = Vec::new();
    let mut used_this_turn = CardSet::EMPTY;
    let bound = (config.max_rounds.unwrap() as usize + 2) * config.player_count() * MAX_TURN_STEPS;
    while let Some(step) = next_step(&game, &mut rng, case.greed) {
        assert!(steps.len() < bound, "no end after {bound} steps");
        if steps.len() % mask_every == 0 {
            check_masks(&game);
        }
        let before = game;
        let mut events = Vec::new();
        game.apply_step(step, &mut events).unwrap();
        steps.push(step);
        check_supply(&game);
        check_dice(&game);
        if game.stage() != Stage::FinalRound {
            assert!(game.round() < config.max_rounds.unwrap(), "past the bound");
        }
        let mut turn_started = false;
        for event in &events {
            match *event {
                Event::TurnStarted { .. } => {
                    turn_started = true;
                    used_this_turn = CardSet::EMPTY;
                }
                Event::CardUsed { card, .. } | Event::PreRolled { card, .. } => {
                    assert!(!used_this_turn.contains(card), "{card:?} used twice");
                    used_this_turn.insert(card);
                }
                _ => {}
            }
        }
        // Set-aside dice never change within a turn; only setting one aside adds one.
        if !turn_started && game.phase() != Phase::GameOver {
            match step {
                Step::Action { action, .. } if matches!(action.kind(), ActionKind::SetAside(_)) => {
                    assert_eq!(game.aside().len(), before.aside().len() + 1);
                    assert!(game.aside().contains(before.aside()));
                }
                _ => assert_eq!(game.aside(), before.aside(), "{step}"),
            }
        }
    }
    assert!(game.is_over());
    match game.outcome().unwrap() {
        Outcome::Truncated => {
            assert_eq!(game.king(), None);
            assert_eq!(game.round() + 1, config.max_rounds.unwrap());
        }
        Outcome::Won(seat) => {
            assert!(game.queen().is_some());
            assert_eq!(game.king(), Some(seat));
        }
    }
    (game, steps)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Supply, dice counts, each card once per turn, set-aside dice, the round bound, the
    /// outcome, and every 8th state's legal masks against `apply`.
    #[test]
    fn invariants_hold_after_every_step(case in case()) {
        play_checked(case, 8);
    }

    /// A finished game's steps replay to the same game, and every prefix's save document
    /// loads back to the same session.
    #[test]
    fn saves_and_replays_round_trip(case in case(), cut in 0usize..1000) {
        let (end, steps) = play_checked(case, usize::MAX);
        let replay = Replay { config: case.config, steps: steps.clone() };
        prop_assert_eq!(replay.play().unwrap(), end);
        let json = serde_json::to_string(&replay).unwrap();
        prop_assert_eq!(serde_json::from_str::<Replay>(&json).unwrap(), replay);

        let mut session = Session::new(case.config, case.seed).unwrap();
        let cut = cut.min(steps.len());
        let mut rng = Generator::new(case.seed ^ 1);
        while let Some(seat) = session.game().next_seat() {
            let legal = session.game().legal_actions(seat);
            session.apply(seat, legal[rng.below(legal.len() as u32) as usize]).unwrap();
            if session.replay().steps.len() >= cut {
                break;
            }
        }
        let loaded = Session::from_json(&session.to_json()).unwrap();
        prop_assert_eq!(loaded.game(), session.game());
        prop_assert_eq!(&loaded, &session);
    }
}

/// The greedy policy alone reaches the King and ends the game with a winner, every time,
/// through the same checks.
#[test]
fn greedy_games_end_with_a_winner() {
    for players in 2..=5 {
        for seed in 0..8 {
            let mut config = Config::new(players);
            config.max_rounds = Some(Config::SIMULATION_ROUNDS);
            let case = Case {
                seed,
                config,
                greed: 100,
            };
            let (game, _) = play_checked(case, 16);
            assert!(matches!(game.outcome(), Some(Outcome::Won(_))), "{case:?}");
        }
    }
}
