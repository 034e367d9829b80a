//! Both games through the table's `Rules` trait, by one generic test: what generic players
//! and front ends rely on answers as each game's own API does.

use kingup_core::kingup_table::{
    ActionMask, GameConfig, Generator, ObservationLenError, Reason, Refusal, Rules, Seat, SeatView,
    Step, observation_len,
};

/// Plays `config` at random through the trait, checking at every decision that the trait
/// agrees with `own_observation` (the game's own encoder) and that bad buffers are refused.
fn check<G: Rules>(config: G::Config, seed: u64, own_observation: impl Fn(&G, usize) -> Vec<f32>) {
    let len = G::OBSERVATION_LEN;
    assert_eq!(len, observation_len(G::OBSERVATION_FIELDS));
    for index in 0..G::ACTION_COUNT {
        let action = G::action_from_index(index).expect("every index is an action");
        assert_eq!(G::action_index(action), index);
    }
    assert!(G::action_from_index(G::ACTION_COUNT).is_none());
    for index in 0..G::CHANCE_COUNT {
        let outcome = G::chance_from_index(index).expect("every index is an outcome");
        assert_eq!(G::chance_index(outcome), index);
    }
    assert!(G::chance_from_index(G::CHANCE_COUNT).is_none());
    let mut game = G::new_with(config, &mut ()).unwrap();
    assert_eq!(game.players(), config.players());
    let mut rng = Generator::new(seed);
    loop {
        while game.chance_pending() {
            let outcomes = game.chance_outcomes();
            let total: f64 = outcomes.iter().map(|&(_, p)| p).sum();
            assert!((total - 1.0).abs() < 1e-9, "probabilities sum to {total}");
            let drawn = game.sample_chance(&mut rng).unwrap();
            assert!(
                outcomes.iter().any(|&(o, _)| o == drawn),
                "{drawn} is listed"
            );
            game.apply_chance_with(drawn, &mut ()).unwrap();
        }
        assert!(game.chance_outcomes().is_empty());
        let Some(seat) = game.next_seat() else { break };
        let mut out = vec![0.5; len];
        game.observation(seat, &mut out).unwrap();
        assert_eq!(out, own_observation(&game, seat.index()));
        let mut short = vec![0.5; len - 1];
        assert_eq!(
            game.observation(seat, &mut short),
            Err(ObservationLenError {
                expected: len,
                found: len - 1
            })
        );
        assert!(short.iter().all(|&x| x == 0.5), "nothing written");
        check_turns(&game, seat);
        let view = game.player_view(seat);
        assert_eq!(view.seat(), seat);
        let action = view.random_action(&mut rng).expect("the seat may act");
        game.apply_with(seat, action, &mut ()).unwrap();
    }
    assert!(game.is_over());
    let anyone = Seat::new(0).unwrap();
    assert_eq!(game.check_turn(anyone).unwrap_err().code(), "game_over");
    let wins: f64 = (0..game.players())
        .map(|s| game.win_share(kingup_core::Seat::new(s).unwrap()))
        .sum();
    assert!((wins - 1.0).abs() < 1e-9 || wins == 0.0, "{wins}");
}

/// `check_turn` lets exactly the seats with legal actions act (`next` among them), and
/// refuses the others (seats past the players too) with the code `check` gives them for a
/// move of the seat to move.
fn check_turns<G: Rules>(game: &G, next: Seat) {
    assert_eq!(game.check_turn(next), Ok(()));
    for seat in (0..Seat::MAX).filter_map(Seat::new) {
        let mask = game.legal_mask(seat);
        match game.check_turn(seat) {
            Ok(()) => assert!(mask.count() > 0, "seat {seat} may act but has no move"),
            Err(why) => {
                assert_eq!(mask.count(), 0, "seat {seat} has moves but may not act");
                // An action the seat to move may play: refused for the turn alone.
                let mut first = None;
                game.legal_mask(next).for_each_index(|i| {
                    first.get_or_insert(i);
                });
                let action = G::action_from_index(first.unwrap()).unwrap();
                let refused = game.check(seat, action).unwrap_err();
                assert_eq!(refused.code(), why.code(), "seat {seat}");
            }
        }
    }
}

/// Every step's notation reads back as the step, and what is no step is refused.
fn step_notation<G: Rules>() {
    for seat in Seat::all(Seat::MAX) {
        for index in 0..G::ACTION_COUNT {
            let action = G::action_from_index(index).unwrap();
            let step = Step::<G>::Action { seat, action };
            assert_eq!(step.to_string().parse::<Step<G>>(), Ok(step));
        }
    }
    for index in 0..G::CHANCE_COUNT {
        let step = Step::<G>::Chance(G::chance_from_index(index).unwrap());
        assert_eq!(step.to_string().parse::<Step<G>>(), Ok(step));
    }
    let (action, chance) = G::NOTATION_EXAMPLES;
    let max = Seat::MAX;
    for bad in [
        String::new(),
        action.to_owned(),
        format!("{max}: {action}"),
        format!("-1: {action}"),
        format!("+1: {action}"),
        format!("x: {action}"),
        format!("chance: {action}"),
        format!("0: {chance}"),
    ] {
        assert!(bad.parse::<Step<G>>().is_err(), "{} read {bad:?}", G::NAME);
    }
}

#[test]
fn step_notation_of_both_games() {
    step_notation::<kingup_core::Game>();
    step_notation::<kingup_court::Game>();
}

#[test]
fn king_up_answers_through_the_rules_trait() {
    for (players, seed) in [(3, 1), (4, 2), (6, 3)] {
        check::<kingup_core::Game>(kingup_core::Config::new(players), seed, |game, seat| {
            let mut out = [0.0; kingup_core::OBSERVATION_LEN];
            game.observation(kingup_core::Seat::new(seat).unwrap(), &mut out);
            out.to_vec()
        });
    }
}

#[test]
fn court_answers_through_the_rules_trait() {
    for (players, seed) in [(2, 1), (3, 2), (5, 3)] {
        let mut config = kingup_court::Config::new(players);
        config.max_rounds = Some(40);
        check::<kingup_court::Game>(config, seed, |game, seat| {
            let mut out = [0.0; kingup_court::OBSERVATION_LEN];
            game.observation(kingup_court::Seat::new(seat).unwrap(), &mut out);
            out.to_vec()
        });
    }
}

/// A save's steps are in their canonical notation: the same step written another way
/// (other case, extra spaces), which typed input accepts, is refused in a document.
fn saves_refuse_other_spellings<G: Rules>(config: G::Config, seed: u64)
where
    G::Config: serde::Serialize + serde::de::DeserializeOwned,
{
    use kingup_core::kingup_table::Session;
    let mut session = Session::<G>::new(config, seed).unwrap();
    for _ in 0..6 {
        session.resolve_chance();
        let seat = session.game().next_seat().unwrap();
        let action = session
            .player_view(seat)
            .random_action(&mut Generator::new(seed))
            .unwrap();
        session.apply(seat, action).unwrap();
    }
    let text = session.to_json();
    assert!(Session::<G>::from_json(&text).is_ok());
    let step = session.replay().steps.last().unwrap().to_string();
    let mut refused = 0;
    for other in [
        step.to_uppercase(),
        step.replacen(": ", ":  ", 1),
        format!(" {step}"),
    ] {
        if other == step || other.parse::<Step<G>>().ok() != step.parse().ok() {
            continue; // not another spelling of the same step
        }
        let edited = text.replace(&format!("\"{step}\""), &format!("\"{other}\""));
        let err = Session::<G>::from_json(&edited).unwrap_err();
        assert_eq!(err.code(), "malformed", "{other:?}: {err}");
        assert!(
            err.to_string().contains(&step),
            "the message names the canonical form"
        );
        refused += 1;
    }
    assert!(
        refused >= 1,
        "{}: no other spelling of {step:?} parses",
        G::NAME
    );
}

#[test]
fn saves_refuse_other_spellings_of_a_step() {
    saves_refuse_other_spellings::<kingup_core::Game>(kingup_core::Config::new(4), 3);
    saves_refuse_other_spellings::<kingup_court::Game>(kingup_court::Config::new(3), 3);
}
