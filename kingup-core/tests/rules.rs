//! One test per ruling of docs/rules.md ("the rules as kingup implements them"), driven
//! only through the public API, plus the rulebook's scoring example.
//!
//! Situations are built exactly: a fixed first seat, custom decks, explicit chance outcomes
//! and short scripts of moves (see [`run`]).

use kingup_core::{
    Action, Actor, CardId, Castle, ChanceOutcome, ChanceReason, ChanceStep, Character,
    CharacterSet, Config, Deck, Event, FirstPlayer, Floor, Game, IllegalAction, IllegalChance,
    IllegalReason, Objective, Phase, Position, Seat, SeatSet, Setup, Vote, score,
};
use rand::{RngExt, SeedableRng, rngs::SmallRng};

// ------------------------------------------------------------------------------------------
// Helpers
// ------------------------------------------------------------------------------------------

fn seat(i: usize) -> Seat {
    Seat::new(i).expect("a seat below 6")
}

fn seats(list: &[usize]) -> SeatSet {
    list.iter().map(|&i| seat(i)).collect()
}

fn ch(letter: char) -> Character {
    Character::from_letter(letter).expect("a character letter")
}

fn chars(letters: &str) -> CharacterSet {
    letters.chars().map(ch).collect()
}

fn floor(i: usize) -> Floor {
    Floor::from_index(i).expect("a floor 0..=6")
}

fn place(letter: char, to: usize) -> Action {
    Action::Place {
        character: ch(letter),
        floor: floor(to),
    }
}

fn climb(letter: char) -> Action {
    Action::Climb {
        character: ch(letter),
    }
}

const YES: Action = Action::Vote(Vote::Yes);
const NO: Action = Action::Vote(Vote::No);

fn card(i: usize) -> CardId {
    CardId::new(i).expect("a card id below 32")
}

fn objective(letters: &str) -> Objective {
    Objective::from_letters(letters).expect("six distinct character letters")
}

/// The standard game for `players` (3 rounds, placement, balanced deck), `first` starting.
fn cfg(players: u8, first: usize) -> Config {
    let mut config = Config::new(players);
    config.first_player = FirstPlayer::Seat(seat(first));
    config
}

/// A random-layout game for `players` over `rounds`, seat 0 starting, dealing from `deck`
/// (written as objective letters, card 0 first).
fn layout_config(players: u8, rounds: u8, deck: &[&str]) -> Config {
    let cards: Vec<Objective> = deck.iter().map(|letters| objective(letters)).collect();
    let mut config = cfg(players, 0);
    config.rounds = rounds;
    config.setup = Setup::RandomLayout;
    config.deck = Deck::new(&cards).expect("a valid deck");
    config
}

/// Resolves every pending chance step with the first outcome [`Game::chance_outcomes`]
/// lists: the lowest card still available, the lowest layout floor with room. With the
/// default random layout this puts A B C D on floor 0, E F G I on 1, L M N O on 2, P on 3.
fn settle(game: &mut Game) -> Vec<Event> {
    let mut events = Vec::new();
    while game.actor() == Actor::Chance {
        let (outcome, _) = game.chance_outcomes()[0];
        events.extend(
            game.apply_chance(outcome)
                .expect("a listed outcome applies"),
        );
    }
    events
}

/// A new game with every chance step settled (see [`settle`]).
fn start(config: Config) -> Game {
    let mut game = Game::new(config).expect("a valid config");
    settle(&mut game);
    game
}

/// The seat to move in the placement or climb phase.
fn mover(game: &Game) -> Seat {
    match game.actor() {
        Actor::Seat(seat) => seat,
        other => panic!("expected one seat to move, not {other}"),
    }
}

/// Plays a script of whitespace-separated steps and returns their events:
///
/// - `A4`: the seat to move places A on floor 4; `2:A4` asserts that seat 2 does it;
/// - `+A`: the seat to move climbs A; `2:+A` asserts that seat 2 does it;
/// - `vote:YNY.`: seats vote in seat order (seat 0 Yes, seat 1 No, ...); `.` skips a seat;
/// - `*`: settles the pending chance steps (see [`settle`]).
fn run(game: &mut Game, script: &str) -> Vec<Event> {
    let mut events = Vec::new();
    for token in script.split_whitespace() {
        if token == "*" {
            events.extend(settle(game));
            continue;
        }
        if let Some(votes) = token.strip_prefix("vote:") {
            for (i, vote) in votes.chars().enumerate() {
                let action = match vote {
                    'Y' => YES,
                    'N' => NO,
                    '.' => continue,
                    other => panic!("bad vote {other:?} in {token}"),
                };
                let step = game.apply(seat(i), action);
                events.extend(step.unwrap_or_else(|e| panic!("{token}: {e}\n{}", game.castle())));
            }
            continue;
        }
        let (who, step) = match token.split_once(':') {
            Some((s, step)) => (seat(s.parse().expect("a seat number")), step),
            None => (mover(game), token),
        };
        let letters: Vec<char> = step.chars().collect();
        let action = match letters[..] {
            ['+', c] => climb(c),
            [c, f] => place(c, f.to_digit(10).expect("a floor digit") as usize),
            _ => panic!("bad step {token}"),
        };
        let step = game.apply(who, action);
        events.extend(step.unwrap_or_else(|e| panic!("{token}: {e}\n{}", game.castle())));
    }
    events
}

/// `who` playing `action` is refused for `reason`, the game stays exactly as it was, and
/// the legality queries agree.
#[track_caller]
fn assert_illegal(game: &Game, who: usize, action: Action, reason: IllegalReason) {
    let mut after = *game;
    let err = after
        .apply(seat(who), action)
        .expect_err("an illegal action");
    let expected = IllegalAction {
        seat: seat(who),
        action,
        reason,
    };
    assert_eq!(err, expected);
    assert_eq!(after, *game, "a refused action changed the game");
    assert_eq!(game.check(seat(who), action), Err(expected));
    assert!(!game.is_legal(seat(who), action));
    assert!(!game.legal_actions(seat(who)).contains(&action));
}

/// `outcome` is refused for `reason` and the game stays exactly as it was.
#[track_caller]
fn assert_illegal_chance(game: &Game, outcome: ChanceOutcome, reason: ChanceReason) {
    let mut after = *game;
    let err = after.apply_chance(outcome).expect_err("an illegal outcome");
    assert_eq!(err, IllegalChance { outcome, reason });
    assert_eq!(after, *game, "a refused chance outcome changed the game");
    assert!(!game.chance_outcomes().iter().any(|&(o, _)| o == outcome));
}

/// The points of the round scored in `events`.
fn round_points(events: &[Event]) -> [u8; Seat::MAX] {
    events
        .iter()
        .find_map(|e| match e {
            Event::RoundScored { points, .. } => Some(*points),
            _ => None,
        })
        .expect("a RoundScored event")
}

/// The sum of the chance outcome probabilities.
fn total_probability(game: &Game) -> f64 {
    game.chance_outcomes().iter().map(|&(_, p)| p).sum()
}

/// A standard four-player placement, 12 characters: floor 4 A B C D, floor 3 E F G I,
/// floor 2 L M, floor 1 N O; P is left over and goes to floor 0.
const FOUR: &str = "A4 B4 C4 D4 E3 F3 G3 I3 L2 M2 N1 O1";

/// A five-player placement, 10 characters: floor 4 A B C D, floor 3 E F G I, floor 2 L M;
/// N O P go to floor 0.
const FIVE: &str = "A4 B4 C4 D4 E3 F3 G3 I3 L2 M2";

/// A five-player game where seat 0 voted No twice and so has no No card left, while C,
/// moved onto the throne by seat 0, waits for the votes.
fn five_players_seat_0_out_of_no() -> Game {
    let mut game = start(cfg(5, 0));
    run(&mut game, FIVE);
    run(&mut game, "0:+A 1:+A vote:NYYYY");
    run(&mut game, "2:+B 3:+B vote:NYYYY");
    run(&mut game, "4:+C 0:+C");
    game
}

// ------------------------------------------------------------------------------------------
// Rulings
// ------------------------------------------------------------------------------------------

#[test]
fn floors_hold_four_characters_and_the_throne_one() {
    assert_eq!(Floor::ALL.map(Floor::capacity), [4, 4, 4, 4, 4, 4, 1]);

    let mut game = start(cfg(4, 0));
    run(&mut game, "A4 B4 C4 D4");
    assert_eq!(game.castle().count(Floor::Dignitaries), 4);
    assert_illegal(
        &game,
        0,
        place('E', 4),
        IllegalReason::FloorFull {
            floor: Floor::Dignitaries,
        },
    );
    // Nine characters left, three floors with room.
    let legal = game.legal_actions(seat(0));
    assert_eq!(legal.len(), 9 * 3);
    assert!(
        legal
            .iter()
            .all(|a| matches!(a, Action::Place { floor, .. } if *floor != Floor::Dignitaries))
    );

    run(&mut game, "E3 F3 G3 I3 L2 M2 N1 O1");
    assert_eq!(game.phase(), Phase::Climb);
    // Floor 4 is full, so nobody climbs from floor 3; floor 3 is full, so nobody from 2.
    assert_illegal(
        &game,
        0,
        climb('E'),
        IllegalReason::FloorFull {
            floor: Floor::Dignitaries,
        },
    );
    assert_illegal(
        &game,
        0,
        climb('L'),
        IllegalReason::FloorFull {
            floor: Floor::Officials,
        },
    );
    let climbable: CharacterSet = game
        .legal_actions(seat(0))
        .iter()
        .map(|a| match a {
            Action::Climb { character } => *character,
            other => panic!("{other} in the climb phase"),
        })
        .collect();
    assert_eq!(climbable, chars("ABCDNOP"));

    // Fill the Nobles, then E cannot join them.
    run(&mut game, "0:+A 1:+B 2:+C 3:+D 0:+E");
    assert_eq!(game.castle().on(Floor::Nobles), chars("ABCD"));
    assert_illegal(
        &game,
        1,
        climb('E'),
        IllegalReason::FloorFull {
            floor: Floor::Nobles,
        },
    );
    assert_eq!(game.legal_actions(seat(1)).len(), 12);

    // The throne takes one character, and the vote on it starts at once.
    let events = run(&mut game, "1:+A");
    assert_eq!(game.castle().on(Floor::Throne), chars("A"));
    assert_eq!(game.phase(), Phase::Vote);
    assert!(events.contains(&Event::ElectionCalled {
        seat: seat(1),
        candidate: ch('A'),
    }));
    for who in 0..4 {
        assert_illegal(
            &game,
            who,
            climb('B'),
            IllegalReason::WrongPhase { phase: Phase::Vote },
        );
    }
}

#[test]
fn no_cards_per_player_count() {
    for (players, no) in [(3, 4), (4, 3), (5, 2), (6, 2)] {
        let game = Game::new(cfg(players, 0)).unwrap();
        assert_eq!(game.config().no_cards(), no);
        for s in 0..Seat::MAX {
            let expected = if s < usize::from(players) { no } else { 0 };
            assert_eq!(
                game.no_cards(seat(s)),
                expected,
                "{players} players, seat {s}"
            );
        }
        // Never more than the 12 No cards in the box.
        assert!(usize::from(players) * usize::from(no) <= 12);
    }
}

#[test]
fn placements_per_seat_and_leftovers_on_floor_0() {
    for (players, per_seat, leftover) in [(3, 4, 1), (4, 3, 1), (5, 2, 3), (6, 2, 1)] {
        let mut game = start(cfg(players, 0));
        let mut events = Vec::new();
        while game.phase() == Phase::Placement {
            let who = mover(&game);
            let action = game.legal_actions(who)[0];
            events.extend(game.apply(who, action).unwrap());
        }
        let mut placed = [0usize; Seat::MAX];
        for event in &events {
            if let Event::Placed { seat, floor, .. } = event {
                placed[seat.index()] += 1;
                assert!(floor.is_placement());
            }
        }
        let expected: Vec<usize> = (0..usize::from(players)).map(|_| per_seat).collect();
        assert_eq!(
            placed[..usize::from(players)],
            expected[..],
            "{players} players"
        );

        let Some(Event::LeftoversPlaced { characters }) = events.last() else {
            panic!(
                "placement must end with LeftoversPlaced, got {:?}",
                events.last()
            );
        };
        assert_eq!(characters.len(), leftover, "{players} players");
        assert_eq!(game.castle().on(Floor::Servants), *characters);
        assert!(game.castle().outside().is_empty());
        assert_eq!(game.castle().inside().len(), 13);
        assert_eq!(game.phase(), Phase::Climb);
        assert_eq!(game.actor(), Actor::Seat(seat(0)));
    }
}

#[test]
fn leftovers_event_names_the_characters_nobody_placed() {
    let mut game = start(cfg(5, 0));
    let events = run(&mut game, FIVE);
    assert_eq!(
        events.last(),
        Some(&Event::LeftoversPlaced {
            characters: chars("NOP")
        })
    );
    for c in chars("NOP") {
        assert_eq!(game.castle().position(c), Position::Floor(Floor::Servants));
    }
}

#[test]
fn placement_only_on_floors_1_to_4() {
    let game = start(cfg(4, 0));
    let legal = game.legal_actions(seat(0));
    assert_eq!(legal.len(), 52);
    assert!(
        legal
            .iter()
            .all(|a| matches!(a, Action::Place { floor, .. } if floor.is_placement()))
    );
    for to in [0, 5, 6] {
        assert_illegal(
            &game,
            0,
            place('A', to),
            IllegalReason::FloorNotAllowed { floor: floor(to) },
        );
    }
}

#[test]
fn placement_and_climbs_go_clockwise_from_the_first_player() {
    let mut game = start(cfg(5, 3));
    assert_eq!(game.first_player(), Some(seat(3)));
    assert_eq!(game.actor(), Actor::Seat(seat(3)));
    let events = run(&mut game, FIVE);
    let order: Vec<usize> = events
        .iter()
        .filter_map(|e| match e {
            Event::Placed { seat, .. } => Some(seat.index()),
            _ => None,
        })
        .collect();
    assert_eq!(order, [3, 4, 0, 1, 2, 3, 4, 0, 1, 2]);

    // The climb phase starts again with the first player, one floor per climb.
    assert_eq!(game.actor(), Actor::Seat(seat(3)));
    let events = run(&mut game, "3:+N 4:+N 0:+A");
    assert_eq!(
        events,
        [
            Event::Climbed {
                seat: seat(3),
                character: ch('N'),
                to: Floor::Artisans
            },
            Event::Climbed {
                seat: seat(4),
                character: ch('N'),
                to: Floor::Merchants
            },
            Event::Climbed {
                seat: seat(0),
                character: ch('A'),
                to: Floor::Nobles
            },
        ]
    );
    assert_eq!(game.actor(), Actor::Seat(seat(1)));
}

#[test]
fn a_seat_without_no_cards_must_vote_yes() {
    let game = five_players_seat_0_out_of_no();
    assert_eq!(game.no_cards(seat(0)), 0);
    assert_eq!(game.candidate(), Some(ch('C')));
    assert_eq!(game.legal_actions(seat(0)).as_slice(), [YES]);
    assert_illegal(&game, 0, NO, IllegalReason::NoNoCardLeft);
    for s in 1..5 {
        assert_eq!(game.legal_actions(seat(s)).as_slice(), [YES, NO]);
    }
    let mut game = game;
    let events = run(&mut game, "vote:YYYYY");
    assert!(events.contains(&Event::Crowned { character: ch('C') }));
}

#[test]
fn all_yes_crowns_the_candidate_and_ends_the_round() {
    let mut game = start(cfg(4, 0));
    run(&mut game, FOUR);
    let events = run(&mut game, "0:+A 1:+A");
    assert!(events.contains(&Event::ElectionCalled {
        seat: seat(1),
        candidate: ch('A')
    }));
    assert_eq!(game.candidate(), Some(ch('A')));
    assert_eq!(game.crown(), Some(seat(1)));
    assert_eq!(game.actor(), Actor::Voters(seats(&[0, 1, 2, 3])));

    run(&mut game, "vote:Y.Y.");
    assert_eq!(game.actor(), Actor::Voters(seats(&[1, 3])));
    assert_eq!(game.voted(), seats(&[0, 2]));
    assert_eq!(game.committed_vote(seat(0)), Some(Vote::Yes));
    assert_eq!(game.committed_vote(seat(1)), None);

    let events = run(&mut game, "vote:.Y.Y");
    assert!(matches!(events[0], Event::VoteCommitted { seat: s, .. } if s == seat(1)));
    assert!(matches!(events[1], Event::VoteCommitted { seat: s, .. } if s == seat(3)));
    assert_eq!(
        events[2..4],
        [
            Event::VotesRevealed {
                candidate: ch('A'),
                no: SeatSet::EMPTY
            },
            Event::Crowned { character: ch('A') },
        ]
    );
    assert!(matches!(events[4], Event::RoundScored { round: 0, .. }));
    assert_eq!(events.len(), 5);
    assert_eq!(game.castle().king(), Some(ch('A')));
    assert_eq!(game.phase(), Phase::Score);
    assert_eq!(game.actor(), Actor::Chance);
    assert_eq!(game.chance_step(), Some(ChanceStep::Deal(seat(0))));
    assert_eq!(game.scores().len(), 1);
    assert_eq!(game.round(), 0);
    assert!(!game.is_over());
    // Nobody may climb any more this round.
    assert_illegal(&game, 2, climb('B'), IllegalReason::ChancePending);
    // Nothing was discarded.
    assert!((0..4).all(|s| game.no_cards(seat(s)) == 3));
}

#[test]
fn any_no_eliminates_the_candidate() {
    for lone_no in 0..4 {
        let mut game = start(cfg(4, 0));
        run(&mut game, FOUR);
        run(&mut game, "0:+A 1:+A");
        let mut votes = *b"YYYY";
        votes[lone_no] = b'N';
        let events = run(
            &mut game,
            &format!("vote:{}", std::str::from_utf8(&votes).unwrap()),
        );
        assert!(events.contains(&Event::VotesRevealed {
            candidate: ch('A'),
            no: seats(&[lone_no])
        }));
        assert!(events.contains(&Event::Eliminated { character: ch('A') }));
        assert!(!events.iter().any(|e| matches!(e, Event::Crowned { .. })));
        assert_eq!(game.castle().position(ch('A')), Position::Eliminated);
        assert_eq!(game.castle().eliminated(), chars("A"));
        assert_eq!(game.castle().throne(), None);
        assert_eq!(game.candidate(), None);
        assert_eq!(game.phase(), Phase::Climb);
        assert!(game.scores().is_empty());
    }
}

#[test]
fn no_cards_are_discarded_and_yes_cards_return() {
    let mut game = start(cfg(4, 0));
    run(&mut game, FOUR);
    run(&mut game, "0:+A 1:+A vote:NNYY");
    let hands = |g: &Game| [0, 1, 2, 3].map(|s| g.no_cards(seat(s)));
    assert_eq!(hands(&game), [2, 2, 3, 3]);

    // Crown is seat 1, so seat 2 moves next.
    run(&mut game, "2:+B 3:+B");
    // Yes came back: every seat may vote Yes again, No only while it has a No card.
    for s in 0..4 {
        assert_eq!(game.legal_actions(seat(s)).as_slice(), [YES, NO]);
    }
    run(&mut game, "vote:NYYN");
    assert_eq!(hands(&game), [1, 2, 3, 2]);

    run(&mut game, "0:+C 1:+C vote:YYYY");
    assert_eq!(hands(&game), [1, 2, 3, 2], "Yes votes discard nothing");
    assert_eq!(game.castle().eliminated(), chars("AB"));

    // A new round gives every card back.
    settle(&mut game);
    assert_eq!(game.round(), 1);
    assert_eq!(hands(&game), [3, 3, 3, 3]);
}

#[test]
fn after_a_failed_vote_the_seat_left_of_the_crown_moves() {
    // The first player is seat 2, so "the first player" and "left of the crown" differ.
    let mut game = start(cfg(4, 2));
    run(&mut game, FOUR);
    let events = run(&mut game, "2:+A 3:+A");
    assert!(events.contains(&Event::ElectionCalled {
        seat: seat(3),
        candidate: ch('A')
    }));
    assert_eq!(game.crown(), Some(seat(3)));
    run(&mut game, "vote:YYNY");
    assert_eq!(
        game.actor(),
        Actor::Seat(seat(0)),
        "left of seat 3 wraps to seat 0"
    );
    assert_eq!(
        game.crown(),
        Some(seat(3)),
        "the crown stays with the mover"
    );

    run(&mut game, "0:+B 1:+B");
    assert_eq!(
        game.crown(),
        Some(seat(1)),
        "the crown passes to the latest mover"
    );
    run(&mut game, "vote:NYYY");
    assert_eq!(game.actor(), Actor::Seat(seat(2)));
}

#[test]
fn rounds_2_and_3_start_left_of_the_crown_holder() {
    let mut game = start(cfg(4, 0));
    run(&mut game, FOUR);
    // Seat 3 calls a failed vote, then seat 0 crowns B: the crown ends with seat 0.
    run(&mut game, "0:+B 1:+C 2:+A 3:+A vote:NYYY 0:+B vote:YYYY");
    assert_eq!(game.crown(), Some(seat(0)));
    let events = settle(&mut game);
    assert!(events.contains(&Event::RoundStarted {
        round: 1,
        first_player: seat(1)
    }));
    assert_eq!(game.round(), 1);
    assert_eq!(game.first_player(), Some(seat(1)));
    assert_eq!(game.actor(), Actor::Seat(seat(1)));
    // The board is cleared and the cards are back.
    assert!(game.castle().inside().is_empty());
    assert!(game.castle().eliminated().is_empty());
    assert!((0..4).all(|s| game.no_cards(seat(s)) == 3));

    let events = run(&mut game, FOUR);
    assert!(matches!(events[0], Event::Placed { seat: s, .. } if s == seat(1)));
    run(&mut game, "1:+A 2:+A vote:YYYY");
    assert_eq!(game.crown(), Some(seat(2)));
    let events = settle(&mut game);
    assert!(events.contains(&Event::RoundStarted {
        round: 2,
        first_player: seat(3)
    }));
    assert_eq!(game.actor(), Actor::Seat(seat(3)));

    run(&mut game, FOUR);
    run(&mut game, "3:+A 0:+A vote:YYYY");
    assert!(game.is_over());
    assert_eq!(game.round(), 2);
    assert_eq!(game.actor(), Actor::Nobody);
}

/// Objective ABCDLM scores 0 after [`ZERO_ROUND`]; EFGINO scores 8.
const ZERO: &str = "ABCDLM";
const EIGHT: &str = "EFGINO";

/// On the settled random layout (A B C D on 0, E F G I on 1, L M N O on 2, P on 3), seat 0
/// votes L and M down and P is crowned: A B C D stay on 0, L M are eliminated.
const ZERO_ROUND: &str = "+L +L +L +L vote:NYY +M +M +M +M vote:NYY +P +P +P vote:YYY";

#[test]
fn zero_scores_33_in_round_3_of_3_only() {
    // Seat 0 is dealt ZERO every round (cards 0, 3, 6), seats 1 and 2 EIGHT.
    let deck = [ZERO, EIGHT, EIGHT, ZERO, EIGHT, EIGHT, ZERO, EIGHT, EIGHT];
    let mut game = start(layout_config(3, 3, &deck));
    for round in 0..3u8 {
        assert_eq!(game.round(), round);
        assert_eq!(game.objective(seat(0)), Some(objective(ZERO)));
        let events = run(&mut game, ZERO_ROUND);
        assert_eq!(score(game.castle(), objective(ZERO)), 0);
        assert_eq!(score(game.castle(), objective(EIGHT)), 8);
        let expected = if round == 2 { 33 } else { 0 };
        assert_eq!(
            round_points(&events)[..3],
            [expected, 8, 8],
            "round {}",
            round + 1
        );
        settle(&mut game);
    }
    assert!(game.is_over());
    assert_eq!(
        game.scores(),
        [[0, 8, 8, 0, 0, 0], [0, 8, 8, 0, 0, 0], [33, 8, 8, 0, 0, 0]]
    );
    assert_eq!(game.totals()[..], [33, 24, 24]);
    assert_eq!(game.winners(), Some(seats(&[0])));
}

#[test]
fn quick_one_round_game_has_no_33_rule() {
    let mut game = start(layout_config(3, 1, &[ZERO, EIGHT, EIGHT]));
    let events = run(&mut game, ZERO_ROUND);
    assert_eq!(round_points(&events)[..3], [0, 8, 8]);
    assert!(game.is_over());
    assert_eq!(game.scores(), [[0, 8, 8, 0, 0, 0]]);
    assert_eq!(game.totals()[..3], [0, 8, 8]);
}

#[test]
fn tie_break_counts_final_objective_characters_in_castle_king_included() {
    // After the script: A B C D on 0, E F G I on 1, N O on 5, King P, L M eliminated.
    // Seat 0 (ABCDLP): 10 points (the King), in castle A B C D P = 5 (L is eliminated).
    // Seat 1 (ABLMNO): 10 points (two Nobles), in castle A B N O = 4.
    // Seat 2 (CDEFGI): 4 points.
    // Counting eliminated characters (6 vs 6) or leaving the King out (4 vs 4) would
    // make it a shared win.
    let mut game = start(layout_config(3, 1, &["ABCDLP", "ABLMNO", "CDEFGI"]));
    let events = run(
        &mut game,
        "+L +L +L +L vote:NYY +M +M +M +M vote:NYY \
         +N +N +N +O +O +O +P +P +P vote:YYY",
    );
    assert_eq!(round_points(&events)[..3], [10, 10, 4]);
    assert_eq!(game.castle().king(), Some(ch('P')));
    assert_eq!(game.characters_in_castle(seat(0)), 5);
    assert_eq!(game.characters_in_castle(seat(1)), 4);
    assert_eq!(game.characters_in_castle(seat(2)), 6);
    assert_eq!(game.winners(), Some(seats(&[0])));
    assert!(events.contains(&Event::GameOver {
        totals: [10, 10, 4, 0, 0, 0],
        winners: seats(&[0]),
    }));
}

#[test]
fn tie_break_uses_the_final_round_objective() {
    // Every round ends as after ZERO_ROUND: A B C D on 0, E F G I on 1, N O on 2, King P,
    // L M eliminated. Cards go to seats 0, 1, 2 in order, three per round.
    let deck = [
        "EFGLMP", "ABCDEF", "ABCDEL", // round 1: 13, 2, 1 (in castle 4, 6, 5)
        "EFGINO", "ABCDNP", "ABCDEL", // round 2: 8, 12, 1 (in castle 6, 6, 5)
        "EFGINO", "AELNOP", "ABCDEL", // round 3: 8, 15, 1 (in castle 6, 5, 5)
    ];
    let mut game = start(layout_config(3, 3, &deck));
    for _ in 0..3 {
        run(&mut game, ZERO_ROUND);
        settle(&mut game);
    }
    assert!(game.is_over());
    assert_eq!(
        game.scores(),
        [
            [13, 2, 1, 0, 0, 0],
            [8, 12, 1, 0, 0, 0],
            [8, 15, 1, 0, 0, 0]
        ]
    );
    assert_eq!(game.totals()[..3], [29, 29, 3]);
    // Round 3's cards break the tie (6 against 5); round 1's would have picked seat 1.
    assert_eq!(game.characters_in_castle(seat(0)), 6);
    assert_eq!(game.characters_in_castle(seat(1)), 5);
    assert_eq!(game.winners(), Some(seats(&[0])));
}

#[test]
fn tied_seats_still_tied_share_the_win() {
    // Seats 1 and 2 hold the same objective: 8 points each, six characters in the castle.
    let mut game = start(layout_config(3, 1, &[ZERO, EIGHT, EIGHT]));
    let events = run(&mut game, ZERO_ROUND);
    assert_eq!(game.characters_in_castle(seat(1)), 6);
    assert_eq!(game.characters_in_castle(seat(2)), 6);
    assert_eq!(game.winners(), Some(seats(&[1, 2])));
    assert!(events.contains(&Event::GameOver {
        totals: [0, 8, 8, 0, 0, 0],
        winners: seats(&[1, 2]),
    }));
}

#[test]
fn random_layout_uses_floors_0_to_3_without_placement() {
    for players in 3..=6u8 {
        for seed in 0..16 {
            let mut config = cfg(players, 0);
            config.setup = Setup::RandomLayout;
            let mut game = Game::new(config).unwrap();
            let mut events = Vec::new();
            let mut rng = SmallRng::seed_from_u64(seed);
            while game.actor() == Actor::Chance {
                let sum = total_probability(&game);
                assert!((sum - 1.0).abs() < 1e-12, "probabilities sum to {sum}");
                let outcome = game.sample_chance(&mut rng).unwrap();
                assert!(game.chance_outcomes().iter().any(|&(o, _)| o == outcome));
                events.extend(game.apply_chance(outcome).unwrap());
            }
            let castle = game.castle();
            assert_eq!(castle.inside().len(), 13);
            for f in Floor::ALL {
                let most = if f.index() <= 3 { 4 } else { 0 };
                assert!(castle.count(f) <= most, "{f}: {castle}");
            }
            let laid_out = events
                .iter()
                .filter(|e| matches!(e, Event::LaidOut { floor, .. } if floor.index() <= 3))
                .count();
            assert_eq!(laid_out, 13);
            assert!(!events.iter().any(|e| matches!(e, Event::Placed { .. })));
            assert_eq!(game.phase(), Phase::Climb);
            assert_eq!(game.actor(), Actor::Seat(seat(0)));
            assert_illegal(
                &game,
                0,
                place('A', 1),
                IllegalReason::WrongPhase {
                    phase: Phase::Climb,
                },
            );
        }
    }
}

#[test]
fn random_layout_probabilities_follow_the_free_places() {
    let mut config = cfg(4, 0);
    config.setup = Setup::RandomLayout;
    let mut game = Game::new(config).unwrap();
    for s in 0..4 {
        assert_eq!(game.chance_step(), Some(ChanceStep::Deal(seat(s))));
        game.apply_chance(ChanceOutcome::Deal(card(s))).unwrap();
    }
    let layout = |f: Floor| ChanceOutcome::Layout(f);
    assert_eq!(game.chance_step(), Some(ChanceStep::Layout(ch('A'))));
    let quarter: Vec<_> = [0, 1, 2, 3].map(|f| (layout(floor(f)), 0.25)).to_vec();
    assert_eq!(game.chance_outcomes().to_vec(), quarter);

    let events = game.apply_chance(layout(Floor::Servants)).unwrap();
    assert_eq!(
        events.as_slice(),
        [Event::LaidOut {
            character: ch('A'),
            floor: Floor::Servants
        }]
    );
    assert_eq!(game.chance_step(), Some(ChanceStep::Layout(ch('B'))));
    let outcomes = game.chance_outcomes();
    assert_eq!(outcomes[0], (layout(Floor::Servants), 3.0 / 15.0));
    assert_eq!(outcomes[1], (layout(Floor::Artisans), 4.0 / 15.0));

    for _ in 0..3 {
        game.apply_chance(layout(Floor::Servants)).unwrap();
    }
    // Floor 0 is full: three floors left, a third each.
    let outcomes = game.chance_outcomes();
    assert_eq!(outcomes.len(), 3);
    assert!(
        outcomes
            .iter()
            .all(|&(o, p)| o != layout(Floor::Servants) && p == 1.0 / 3.0)
    );
    assert_illegal_chance(
        &game,
        layout(Floor::Servants),
        ChanceReason::FloorUnavailable(Floor::Servants),
    );
    for f in 4..7 {
        assert_illegal_chance(
            &game,
            layout(floor(f)),
            ChanceReason::FloorUnavailable(floor(f)),
        );
    }
    // Lay the rest out and check every step's probabilities sum to 1.
    while game.actor() == Actor::Chance {
        assert!((total_probability(&game) - 1.0).abs() < 1e-12);
        let (last, _) = *game.chance_outcomes().last().unwrap();
        game.apply_chance(last).unwrap();
    }
    assert_eq!(game.phase(), Phase::Climb);
}

#[test]
fn objectives_are_never_dealt_twice_in_a_game() {
    // A deck of exactly players × rounds cards: the last deal has one card left.
    let deck = ["ABCDEF"; 9];
    let mut game = Game::new(layout_config(3, 3, &deck)).unwrap();
    game.apply_chance(ChanceOutcome::Deal(card(4))).unwrap();
    assert_illegal_chance(
        &game,
        ChanceOutcome::Deal(card(4)),
        ChanceReason::CardUnavailable(card(4)),
    );
    assert_eq!(game.chance_outcomes().len(), 8);
    assert!((total_probability(&game) - 1.0).abs() < 1e-12);
    settle(&mut game);
    let round_1: Vec<CardId> = (0..3)
        .map(|s| game.objective_card(0, seat(s)).unwrap())
        .collect();
    assert_eq!(round_1, [card(4), card(0), card(1)]);
    run(&mut game, "+P +P +P vote:YYY");
    assert_eq!(game.phase(), Phase::Score);

    // Round 2 deals from the six cards never dealt.
    let outcomes: Vec<ChanceOutcome> = game.chance_outcomes().iter().map(|&(o, _)| o).collect();
    let fresh = [2, 3, 5, 6, 7, 8].map(|i| ChanceOutcome::Deal(card(i)));
    assert_eq!(outcomes, fresh);
    for used in round_1 {
        assert_illegal_chance(
            &game,
            ChanceOutcome::Deal(used),
            ChanceReason::CardUnavailable(used),
        );
    }
    settle(&mut game);
    run(&mut game, "+P +P +P vote:YYY");

    // Round 3: three cards left, then two, then one, dealt with certainty.
    for left in [3, 2, 1] {
        let outcomes = game.chance_outcomes();
        assert_eq!(outcomes.len(), left);
        assert!(outcomes.iter().all(|&(_, p)| p == 1.0 / left as f64));
        game.apply_chance(outcomes[0].0).unwrap();
    }
    settle(&mut game);
    run(&mut game, "+P +P +P vote:YYY");
    assert!(game.is_over());
    let mut dealt: Vec<usize> = (0..3)
        .flat_map(|r| (0..3).map(move |s| (r, s)))
        .map(|(r, s)| game.objective_card(r, seat(s)).unwrap().index())
        .collect();
    dealt.sort_unstable();
    assert_eq!(dealt, (0..9).collect::<Vec<_>>());

    // And in random full games of six players (18 of the 26 balanced cards).
    for seed in 0..8 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = Game::new(Config::new(6)).unwrap();
        let mut deals = 0;
        while !game.is_over() {
            let mut events = Vec::new();
            match game.actor() {
                Actor::Chance => game.resolve_chance(&mut rng, &mut events),
                Actor::Seat(s) => {
                    let legal = game.legal_actions(s);
                    let action = legal[rng.random_range(0..legal.len())];
                    events.extend(game.apply(s, action).unwrap());
                }
                Actor::Voters(voters) => {
                    let s = voters.iter().next().unwrap();
                    let action = if rng.random_bool(0.8) { YES } else { NO };
                    let action = if game.is_legal(s, action) {
                        action
                    } else {
                        YES
                    };
                    events.extend(game.apply(s, action).unwrap());
                }
                Actor::Nobody => unreachable!(),
            }
            deals += events
                .iter()
                .filter(|e| matches!(e, Event::ObjectiveDealt { .. }))
                .count();
        }
        assert_eq!(deals, 18);
        let mut dealt: Vec<usize> = (0..3u8)
            .flat_map(|r| (0..6).map(move |s| (r, s)))
            .map(|(r, s)| game.objective_card(r, seat(s)).unwrap().index())
            .collect();
        dealt.sort_unstable();
        dealt.dedup();
        assert_eq!(dealt.len(), 18, "seed {seed}: a card was dealt twice");
    }
}

#[test]
fn illegal_actions_name_their_reason_and_change_nothing() {
    use IllegalReason as R;

    // Setup: chance is pending.
    let mut config = cfg(4, 0);
    config.rounds = 1;
    let mut game = Game::new(config).unwrap();
    assert_illegal(&game, 0, place('A', 1), R::ChancePending);
    assert_illegal(&game, 0, climb('A'), R::ChancePending);
    assert_illegal(&game, 2, YES, R::ChancePending);
    assert_illegal(&game, 4, place('A', 1), R::NoSuchSeat { players: 4 });
    assert_illegal(&game, 5, YES, R::NoSuchSeat { players: 4 });
    settle(&mut game);

    // Placement.
    assert_illegal(&game, 1, place('A', 1), R::NotYourTurn { to_move: seat(0) });
    assert_illegal(&game, 4, place('A', 1), R::NoSuchSeat { players: 4 });
    let placement = R::WrongPhase {
        phase: Phase::Placement,
    };
    assert_illegal(&game, 0, climb('A'), placement);
    assert_illegal(&game, 0, YES, placement);
    assert_illegal(&game, 0, NO, placement);
    assert_illegal(
        &game,
        0,
        place('A', 0),
        R::FloorNotAllowed { floor: floor(0) },
    );
    assert_illegal(
        &game,
        0,
        place('A', 5),
        R::FloorNotAllowed { floor: floor(5) },
    );
    assert_illegal(
        &game,
        0,
        place('A', 6),
        R::FloorNotAllowed { floor: floor(6) },
    );
    run(&mut game, "A4");
    assert_illegal(
        &game,
        1,
        place('A', 3),
        R::AlreadyPlaced { character: ch('A') },
    );
    run(&mut game, "B4 C4 D4");
    assert_illegal(&game, 0, place('E', 4), R::FloorFull { floor: floor(4) });

    // Climb.
    run(&mut game, "E3 F3 G3 I3 L2 M2 N1 O1");
    let climbing = R::WrongPhase {
        phase: Phase::Climb,
    };
    assert_illegal(&game, 0, place('P', 1), climbing);
    assert_illegal(&game, 0, YES, climbing);
    assert_illegal(&game, 1, climb('A'), R::NotYourTurn { to_move: seat(0) });
    assert_illegal(&game, 0, climb('E'), R::FloorFull { floor: floor(4) });
    run(&mut game, "0:+A 1:+A vote:NYYY");
    assert_illegal(&game, 2, climb('A'), R::NotInCastle { character: ch('A') });

    // Vote.
    run(&mut game, "2:+B 3:+B vote:Y...");
    let voting = R::WrongPhase { phase: Phase::Vote };
    assert_illegal(&game, 1, climb('C'), voting);
    assert_illegal(&game, 1, place('C', 1), voting);
    assert_illegal(&game, 0, YES, R::AlreadyVoted);
    assert_illegal(&game, 0, NO, R::AlreadyVoted);
    assert_illegal(&game, 0, climb('C'), voting);
    assert_illegal(&game, 4, YES, R::NoSuchSeat { players: 4 });
    assert_illegal(&five_players_seat_0_out_of_no(), 0, NO, R::NoNoCardLeft);

    // Game over (a one-round game).
    run(&mut game, "vote:.YYY");
    assert!(game.is_over());
    assert_illegal(&game, 0, climb('C'), R::GameOver);
    assert_illegal(&game, 3, YES, R::GameOver);
    assert_illegal(&game, 1, place('A', 1), R::GameOver);
    assert_illegal(&game, 5, YES, R::NoSuchSeat { players: 4 });
}

#[test]
fn illegal_chance_outcomes_name_their_reason_and_change_nothing() {
    use ChanceReason as R;

    let mut config = Config::new(4);
    config.rounds = 1;
    let mut game = Game::new(config).unwrap();
    assert_eq!(game.chance_step(), Some(ChanceStep::FirstPlayer));
    let outcomes = game.chance_outcomes();
    assert_eq!(outcomes.len(), 4);
    assert!(outcomes.iter().all(|&(_, p)| p == 0.25));
    assert_illegal_chance(
        &game,
        ChanceOutcome::FirstPlayer(seat(4)),
        R::NoSuchSeat { players: 4 },
    );
    assert_illegal_chance(
        &game,
        ChanceOutcome::FirstPlayer(seat(5)),
        R::NoSuchSeat { players: 4 },
    );
    assert_illegal_chance(
        &game,
        ChanceOutcome::Deal(card(0)),
        R::WrongStep(ChanceStep::FirstPlayer),
    );
    assert_illegal_chance(
        &game,
        ChanceOutcome::Layout(Floor::Servants),
        R::WrongStep(ChanceStep::FirstPlayer),
    );
    let events = game
        .apply_chance(ChanceOutcome::FirstPlayer(seat(2)))
        .unwrap();
    assert_eq!(
        events.as_slice(),
        [Event::FirstPlayerChosen { seat: seat(2) }]
    );

    assert_eq!(game.chance_step(), Some(ChanceStep::Deal(seat(0))));
    assert_illegal_chance(
        &game,
        ChanceOutcome::FirstPlayer(seat(0)),
        R::WrongStep(ChanceStep::Deal(seat(0))),
    );
    assert_illegal_chance(
        &game,
        ChanceOutcome::Layout(Floor::Servants),
        R::WrongStep(ChanceStep::Deal(seat(0))),
    );
    // The balanced deck has cards 0..26.
    assert_illegal_chance(
        &game,
        ChanceOutcome::Deal(card(26)),
        R::CardUnavailable(card(26)),
    );
    assert_illegal_chance(
        &game,
        ChanceOutcome::Deal(card(31)),
        R::CardUnavailable(card(31)),
    );
    game.apply_chance(ChanceOutcome::Deal(card(7))).unwrap();
    assert_illegal_chance(
        &game,
        ChanceOutcome::Deal(card(7)),
        R::CardUnavailable(card(7)),
    );

    let events = settle(&mut game);
    assert!(events.contains(&Event::RoundStarted {
        round: 0,
        first_player: seat(2)
    }));
    // A seat is to move: chance is not.
    assert_eq!(game.chance_step(), None);
    assert!(game.chance_outcomes().is_empty());
    assert_illegal_chance(&game, ChanceOutcome::Deal(card(20)), R::NotChance);
    assert_illegal_chance(&game, ChanceOutcome::FirstPlayer(seat(0)), R::NotChance);

    // Placement-setup games never lay out; the game over takes no chance either.
    run(&mut game, FOUR);
    run(&mut game, "+A +A vote:YYYY");
    assert!(game.is_over());
    assert_illegal_chance(&game, ChanceOutcome::Deal(card(20)), R::NotChance);
    assert_illegal_chance(&game, ChanceOutcome::Layout(Floor::Servants), R::NotChance);

    // Between rounds the pending step is the next round's first deal.
    let mut game = start(cfg(4, 0));
    run(&mut game, FOUR);
    run(&mut game, "+A +A vote:YYYY");
    assert_eq!(game.phase(), Phase::Score);
    assert_illegal_chance(
        &game,
        ChanceOutcome::Layout(Floor::Servants),
        R::WrongStep(ChanceStep::Deal(seat(0))),
    );
    assert_illegal_chance(
        &game,
        ChanceOutcome::Deal(card(0)),
        R::CardUnavailable(card(0)),
    );

    // Random layout: only floors 0–3 with room.
    let mut game = Game::new(layout_config(3, 1, &["ABCDEF"; 3])).unwrap();
    for s in 0..3 {
        game.apply_chance(ChanceOutcome::Deal(card(s))).unwrap();
    }
    assert_eq!(game.chance_step(), Some(ChanceStep::Layout(ch('A'))));
    assert_illegal_chance(
        &game,
        ChanceOutcome::Layout(Floor::Dignitaries),
        R::FloorUnavailable(Floor::Dignitaries),
    );
    assert_illegal_chance(
        &game,
        ChanceOutcome::Deal(card(0)),
        R::WrongStep(ChanceStep::Layout(ch('A'))),
    );
}

#[test]
fn random_first_player_is_a_uniform_chance_step() {
    for players in 3..=6u8 {
        let game = Game::new(Config::new(players)).unwrap();
        assert_eq!(game.chance_step(), Some(ChanceStep::FirstPlayer));
        assert_eq!(game.first_player(), None);
        let outcomes = game.chance_outcomes();
        assert_eq!(outcomes.len(), usize::from(players));
        for (i, &(outcome, p)) in outcomes.iter().enumerate() {
            assert_eq!(outcome, ChanceOutcome::FirstPlayer(seat(i)));
            assert_eq!(p, 1.0 / f64::from(players));
        }
        let last = usize::from(players) - 1;
        let mut game = game;
        game.apply_chance(ChanceOutcome::FirstPlayer(seat(last)))
            .unwrap();
        settle(&mut game);
        assert_eq!(game.first_player(), Some(seat(last)));
        assert_eq!(game.actor(), Actor::Seat(seat(last)));
    }
}

#[test]
fn rulebook_scoring_example() {
    // "Un possibile finale di manche": Fiorello King, Beatrice a Noble, Odessa a
    // Dignitary, Ernesto and Irina Officials, Dario and Piero Merchants.
    let mut castle = Castle::new();
    castle.put(ch('F'), Floor::Throne);
    castle.put(ch('B'), Floor::Nobles);
    castle.put(ch('O'), Floor::Dignitaries);
    castle.put(ch('E'), Floor::Officials);
    castle.put(ch('I'), Floor::Officials);
    castle.put(ch('D'), Floor::Merchants);
    castle.put(ch('P'), Floor::Merchants);
    let players = [
        ("Raffaella", "BCDEIO", 17),
        ("Simone", "ADEFGM", 15),
        ("Teresa", "EFIMOP", 22),
        ("Umberto", "ACEFNO", 17),
    ];
    for (name, letters, points) in players {
        assert_eq!(
            score(&castle, objective(letters)),
            points,
            "{name}, rest outside"
        );
    }
    // The rest on floor 0 (where they would be in a real game) changes nothing.
    for c in castle.outside() {
        castle.put(c, Floor::Servants);
    }
    assert_eq!(castle.count(Floor::Servants), 6);
    for (name, letters, points) in players {
        assert_eq!(
            score(&castle, objective(letters)),
            points,
            "{name}, rest on floor 0"
        );
    }
    // Eliminated characters score nothing either.
    castle.eliminate(ch('B'));
    assert_eq!(score(&castle, objective("BCDEIO")), 12);
}

#[test]
fn games_are_for_3_to_6_players_over_1_or_3_rounds() {
    use kingup_core::ConfigError;
    for players in [0, 1, 2, 7, 8] {
        assert_eq!(
            Game::new(Config::new(players)),
            Err(ConfigError::Players(players))
        );
    }
    for players in 3..=6 {
        let game = Game::new(Config::new(players)).unwrap();
        assert_eq!(game.players(), usize::from(players));
        assert_eq!(game.seats(), SeatSet::first(usize::from(players)));
    }
    for rounds in [0, 2, 4] {
        let mut config = Config::new(4);
        config.rounds = rounds;
        assert_eq!(Game::new(config), Err(ConfigError::Rounds(rounds)));
    }
    let mut config = Config::new(4);
    config.first_player = FirstPlayer::Seat(seat(4));
    assert!(matches!(
        Game::new(config),
        Err(ConfigError::FirstPlayer { .. })
    ));
}

#[test]
fn characters_have_stable_ids_in_letter_order() {
    let names = [
        "Alighiero",
        "Beatrice",
        "Clemente",
        "Dario",
        "Ernesto",
        "Fiorello",
        "Giuseppe",
        "Irina",
        "Leonardo",
        "Martino",
        "Natale",
        "Odessa",
        "Piero",
    ];
    let letters: String = Character::ALL.iter().map(|c| c.letter()).collect();
    assert_eq!(letters, "ABCDEFGILMNOP");
    for (id, (c, name)) in Character::ALL.iter().zip(names).enumerate() {
        assert_eq!(c.index(), id);
        assert_eq!(c.name(), name);
        assert_eq!(Character::from_index(id), Some(*c));
    }
}

#[test]
fn the_default_deck_is_the_balanced_deck() {
    let deck = Config::new(4).deck;
    assert_eq!(deck, Deck::balanced());
    assert_eq!(deck.len(), 26);
    let shift = |base: [usize; 6], s: usize| -> CharacterSet {
        base.iter().map(|q| Character::ALL[(q + s) % 13]).collect()
    };
    for s in 0..13 {
        let low = deck.get(card(s)).unwrap().characters();
        let high = deck.get(card(13 + s)).unwrap().characters();
        assert_eq!(low, shift([1, 3, 4, 9, 10, 12], s), "card {s}");
        assert_eq!(high, shift([2, 5, 6, 7, 8, 11], s), "card {}", 13 + s);
    }
    for a in Character::ALL {
        let on = deck.cards().iter().filter(|o| o.contains(a)).count();
        assert_eq!(on, 12, "{a}");
        for b in Character::ALL.into_iter().filter(|&b| b > a) {
            let both = deck
                .cards()
                .iter()
                .filter(|o| o.contains(a) && o.contains(b))
                .count();
            assert_eq!(both, 5, "{a} and {b}");
        }
    }
}

#[test]
fn a_custom_deck_must_hold_a_card_per_seat_and_round() {
    use kingup_core::ConfigError;
    let mut config = layout_config(3, 3, &["ABCDEF"; 8]);
    assert_eq!(
        Game::new(config),
        Err(ConfigError::DeckTooSmall {
            cards: 8,
            needed: 9,
            players: 3,
            rounds: 3
        })
    );
    config.rounds = 1;
    assert!(Game::new(config).is_ok());
    // Cards name six distinct characters.
    assert!(Objective::from_letters("ABCDEE").is_err());
    assert!(Objective::from_letters("ABCDE").is_err());
    assert!(Objective::from_letters("ABCDEH").is_err());
}

#[test]
fn points_by_floor_and_ten_for_the_king() {
    assert_eq!(Floor::ALL.map(Floor::points), [0, 1, 2, 3, 4, 5, 10]);
    // A to F on floors 0 to 5 and G the King, scored by two cards.
    let mut castle = Castle::new();
    for (f, c) in "ABCDEF".chars().enumerate() {
        castle.put(ch(c), floor(f));
    }
    castle.put(ch('G'), Floor::Throne);
    assert_eq!(score(&castle, objective("ABCDEG")), 1 + 2 + 3 + 4 + 10);
    assert_eq!(score(&castle, objective("BCDEFG")), 1 + 2 + 3 + 4 + 5 + 10);
    // The most a round can give: the King, three Nobles, two Dignitaries.
    let mut best = Castle::new();
    best.put(ch('A'), Floor::Throne);
    for c in "BCD".chars() {
        best.put(ch(c), Floor::Nobles);
    }
    for c in "EF".chars() {
        best.put(ch(c), Floor::Dignitaries);
    }
    assert_eq!(score(&best, objective("ABCDEF")), 33);
    assert_eq!(kingup_core::CONSOLATION_POINTS, 33);
}

#[test]
fn sampled_chance_follows_the_listed_probabilities() {
    /// Draws `n` samples from `game`'s pending step and compares the frequencies with
    /// the listed probabilities (a tolerance of more than six standard deviations).
    fn check(game: &Game, seed: u64) {
        let n = 20_000;
        let outcomes = game.chance_outcomes();
        let mut counts = vec![0u32; outcomes.len()];
        let mut rng = SmallRng::seed_from_u64(seed);
        for _ in 0..n {
            let drawn = game.sample_chance(&mut rng).unwrap();
            let i = outcomes.iter().position(|&(o, _)| o == drawn).unwrap();
            counts[i] += 1;
        }
        for (&(outcome, p), &count) in outcomes.iter().zip(&counts) {
            let frequency = f64::from(count) / f64::from(n);
            assert!(
                (frequency - p).abs() < 0.02,
                "{outcome}: {frequency} vs {p}"
            );
        }
    }
    // First player.
    let game = Game::new(Config::new(5)).unwrap();
    check(&game, 1);
    // A deal after one card is gone.
    let mut game = Game::new(cfg(6, 0)).unwrap();
    game.apply_chance(ChanceOutcome::Deal(card(3))).unwrap();
    check(&game, 2);
    // A layout with floor 0 holding three characters: 1/13, 4/13, 4/13, 4/13.
    let mut config = cfg(3, 0);
    config.setup = Setup::RandomLayout;
    let mut game = Game::new(config).unwrap();
    for s in 0..3 {
        game.apply_chance(ChanceOutcome::Deal(card(s))).unwrap();
    }
    for _ in 0..3 {
        game.apply_chance(ChanceOutcome::Layout(Floor::Servants))
            .unwrap();
    }
    assert_eq!(game.chance_outcomes()[0].1, 1.0 / 13.0);
    check(&game, 3);
}
