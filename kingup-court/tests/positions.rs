//! Positions: every state of play round-trips through `Game::position` and
//! `Game::from_position`, and edited positions are refused with the reason that fits.

use kingup_bots::court::GreedyBot;
use kingup_court::{
    Actor, Card, CardSet, ChanceMode, Config, Dice, Face, FinalTurn, FirstPlayer, Game, Generator,
    InvalidPosition, Phase, Position, Seat, Session, Stage, Value,
};
use proptest::prelude::*;

fn seat(i: usize) -> Seat {
    Seat::new(i).unwrap()
}

fn config(players: u8, first: Option<usize>) -> Config {
    let mut config = Config::new(players);
    config.first_player = first.map_or(FirstPlayer::Random, |s| FirstPlayer::Seat(seat(s)));
    config
}

/// Plays a game with chance from `seed` and the greedy bot (which reaches the King and the
/// final round) mixed with random moves, calling `visit` on every state.
fn play(config: Config, seed: u64, greed: u32, mut visit: impl FnMut(&Game)) -> Game {
    let mut rng = Generator::new(seed);
    let mut game = Game::new(config).unwrap();
    loop {
        visit(&game);
        match game.actor() {
            Actor::Chance => {
                let outcome = game.sample_chance(&mut rng).unwrap();
                game.apply_chance(outcome).unwrap();
            }
            Actor::Seat(seat) => {
                let action = if rng.below(100) < greed {
                    GreedyBot::action(&game, seat).unwrap()
                } else {
                    let legal = game.legal_actions(seat);
                    legal[rng.below(legal.len() as u32) as usize]
                };
                game.apply(seat, action).unwrap();
            }
            Actor::Nobody => return game,
        }
    }
}

/// What `from_position` must answer for a state of play: the game itself, or (mid-way
/// through card uses other than add-a-die cards) `CardUses`.
fn expected(game: &Game) -> Result<Game, InvalidPosition> {
    if game.used().iter().any(|c| !c.adds_die()) {
        Err(InvalidPosition::CardUses)
    } else {
        Ok(*game)
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    /// Every state of play is accepted, under both readings of the add-a-die cards.
    #[test]
    fn every_state_of_play_round_trips(
        seed in any::<u64>(),
        players in 2u8..=5,
        first in proptest::option::of(0usize..5),
        unlimited in any::<bool>(),
        preroll in any::<bool>(),
        greed in 50u32..=100,
    ) {
        let mut config = config(players, first.map(|s| s % usize::from(players)));
        config.unlimited_jesters = unlimited;
        config.preroll_abilities = preroll;
        config.max_rounds = Some(30);
        let mut accepted = 0;
        play(config, seed, greed, |game| {
            let answer = Game::from_position(&game.position());
            assert_eq!(answer, expected(game), "{:?}", game.position());
            accepted += usize::from(answer.is_ok());
            // Every twentieth accepted state: its history replays to it, step by step.
            if answer.is_ok() && accepted % 20 == 0 {
                let replay = game.position().history().unwrap();
                let session =
                    Session::from_replay(replay, Generator::new(0), ChanceMode::Explicit).unwrap();
                assert_eq!(session.game(), game);
            }
        });
        prop_assert!(accepted > 10);
    }
}

#[test]
fn games_reaching_the_final_round_round_trip_in_every_final_state() {
    let mut finals = [0; 5];
    for seed in 0..40 {
        let game = play(config(3, Some(0)), seed, 100, |game| {
            if game.stage() == Stage::FinalRound {
                assert_eq!(Game::from_position(&game.position()), expected(game));
                for s in 0..3 {
                    let part = game.final_turn(seat(s)).unwrap();
                    let slot = match part {
                        FinalTurn::Waiting => 0,
                        FinalTurn::Playing => 1,
                        FinalTurn::Played(_) => 2,
                        FinalTurn::Skipped => 3,
                        FinalTurn::KeptTheKing => 4,
                    };
                    finals[slot] += 1;
                }
            }
        });
        assert!(game.is_over());
    }
    // The greedy bot reaches the final round, and its every kind of part.
    assert!(finals.iter().all(|&n| n > 0), "{finals:?}");
}

/// A 3-player position at the start of round 3, seat 1 to play first, from `cards`.
fn round_three(cards: &[(usize, &[Card])]) -> Position {
    let mut position = Game::new(config(3, Some(0))).unwrap().position();
    position.round = 2;
    position.start_player = seat(1);
    position.turn_seat = seat(1);
    for &(s, list) in cards {
        position.cards[s] = list.iter().copied().collect();
    }
    position
}

#[test]
fn a_position_set_up_by_hand_is_the_game_the_rules_reach() {
    let position = round_three(&[(0, &[Card::Farmer, Card::Guard]), (2, &[Card::Jester])]);
    let game = Game::from_position(&position).unwrap();
    assert_eq!(game.position(), position);
    assert_eq!((game.hand(seat(0)), game.max_dice(seat(0))), (4, 5));
    assert_eq!(game.supply(Card::Jester), Some(2));
    assert_eq!(
        game.characters(seat(0)),
        CardSet::from_iter([Card::Farmer, Card::Guard])
    );
    assert!(game.has_jester(seat(2)) && game.characters(seat(2)).is_empty());
}

#[test]
fn a_position_with_the_dice_of_a_turn_in_progress() {
    let mut position = round_three(&[(1, &[Card::Guard, Card::Farmer])]);
    // Seat 1 rolled its four dice and the Guard's pre-roll die: 6-6-6-2-1, kept the 6s.
    position.phase = Phase::Dice;
    position.used = CardSet::single(Card::Guard);
    position.aside = "6-6-6".parse().unwrap();
    position.active = "2-1".parse().unwrap();
    position.set_aside_since_roll = true;
    let game = Game::from_position(&position).unwrap();
    assert_eq!(game.position(), position);
    // One die too many for the hand and the Guard: refused.
    position.active = "2-1-1".parse().unwrap();
    assert_eq!(
        Game::from_position(&position),
        Err(InvalidPosition::Unreachable)
    );
    // Mid-way through a Maid's use: not searched, and said so.
    position.active = "2-1".parse().unwrap();
    position.used.insert(Card::Maid);
    assert_eq!(
        Game::from_position(&position),
        Err(InvalidPosition::CardUses)
    );
}

#[test]
fn edited_positions_are_refused_with_the_reason() {
    let good = round_three(&[(0, &[Card::Farmer])]);
    assert!(Game::from_position(&good).is_ok());

    let mut p = good;
    p.start_player = seat(2);
    assert_eq!(
        Game::from_position(&p),
        Err(InvalidPosition::StartPlayer { expected: seat(1) })
    );

    let mut p = good;
    p.turn_seat = seat(4);
    assert_eq!(
        Game::from_position(&p),
        Err(InvalidPosition::Seat { seat: seat(4) })
    );
    let mut p = good;
    p.cards[3].insert(Card::Maid);
    assert_eq!(
        Game::from_position(&p),
        Err(InvalidPosition::Seat { seat: seat(3) })
    );

    // Three cards in two turns; the King's seven dice with three.
    let p = round_three(&[(0, &[Card::Farmer, Card::Maid, Card::Guard])]);
    assert_eq!(
        Game::from_position(&p),
        Err(InvalidPosition::Purchases { seat: seat(0) })
    );
    let p = round_three(&[(2, &[Card::General])]);
    assert_eq!(
        Game::from_position(&p),
        Err(InvalidPosition::Purchases { seat: seat(2) })
    );
    // Three Guards for two copies.
    let guard: &[Card] = &[Card::Guard];
    let p = round_three(&[(0, guard), (1, guard), (2, guard)]);
    assert!(matches!(
        Game::from_position(&p),
        Err(InvalidPosition::Purchases { .. })
    ));

    let mut p = good;
    p.round = Position::MAX_ROUNDS + 1;
    assert!(matches!(
        Game::from_position(&p),
        Err(InvalidPosition::Round { .. })
    ));
    let mut p = good;
    p.config.max_rounds = Some(2);
    assert_eq!(
        Game::from_position(&p),
        Err(InvalidPosition::Round { round: 2 })
    );

    // The Queen without the King, a best result with nobody having bought the King.
    let mut p = good;
    p.queen = Some(seat(0));
    assert_eq!(Game::from_position(&p), Err(InvalidPosition::Unreachable));
    let mut p = good;
    p.best = Some(Value {
        count: 7,
        face: Face::Six,
    });
    assert_eq!(Game::from_position(&p), Err(InvalidPosition::Unreachable));
    // Dice in a turn that has not rolled.
    let mut p = good;
    p.active = Dice::one(Face::Four);
    assert_eq!(Game::from_position(&p), Err(InvalidPosition::Unreachable));
    let mut p = good;
    p.config.players = 7;
    assert!(matches!(
        Game::from_position(&p),
        Err(InvalidPosition::Config(_))
    ));
}

#[test]
fn a_king_round_and_a_final_round_set_up_by_hand() {
    // Eight dice each. Seat 0: hand 3 + Farmer + General 2, the Guard's and Laborer's dice;
    // seat 1: hand 3 + Farmer, four add-a-die cards.
    use Card::*;
    let mut position = Game::new(config(2, Some(0))).unwrap().position();
    position.round = 9;
    position.start_player = seat(1);
    position.turn_seat = seat(0);
    position.stage = Stage::KingRound;
    position.cards[0] = [Farmer, General, Guard, Laborer].into_iter().collect();
    position.cards[1] = [Farmer, Guard, Laborer, Hunter, Knight]
        .into_iter()
        .collect();
    position.cards[0].insert(Card::King);
    position.cards[0].insert(Card::Queen);
    position.king = Some(seat(0));
    position.queen = Some(seat(0));
    position.best = Some(Value {
        count: 8,
        face: Face::Five,
    });
    // Round 9 goes 1, 0: the King bought by seat 0 ends it, so no King-round position has
    // seat 0 to move.
    assert_eq!(
        Game::from_position(&position),
        Err(InvalidPosition::Unreachable)
    );
    // The final round that follows: seat 1 can beat 8x5 with eight 6s, seat 0 plays last.
    position.stage = Stage::FinalRound;
    position.round = 10;
    position.start_player = seat(0);
    position.turn_seat = seat(1);
    let game = Game::from_position(&position).unwrap();
    assert_eq!(game.round_order().as_slice(), [seat(1), seat(0)]);
    assert_eq!(game.final_turn(seat(1)), Some(FinalTurn::Playing));
    assert_eq!(game.final_turn(seat(0)), Some(FinalTurn::Waiting));
    assert_eq!(
        game.best(),
        Some(Value {
            count: 8,
            face: Face::Five
        })
    );
    // Seat 1 took the King with eight 6s: the Queen's holder is to play, and must tie.
    position.final_results[1] = Some(Value {
        count: 8,
        face: Face::Six,
    });
    position.best = position.final_results[1];
    position.king = Some(seat(1));
    position.cards[0].remove(Card::King);
    position.cards[1].insert(Card::King);
    position.turn_seat = seat(0);
    let game = Game::from_position(&position).unwrap();
    assert_eq!(
        game.final_turn(seat(1)),
        Some(FinalTurn::Played(Value {
            count: 8,
            face: Face::Six
        }))
    );
    assert_eq!(game.final_turn(seat(0)), Some(FinalTurn::Playing));
}
