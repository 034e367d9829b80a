//! Property tests over random games: every player count 3..=6, both setups, both game
//! lengths, a random or fixed first player, all seeded from a proptest-generated `u64`.
//!
//! After every step the game is valid, floors respect their capacities, No cards only go
//! down within a round and are full again in a new round; every legal action applies and
//! every other action index (of the acting seat, of every other seat, of seats that do not
//! play) and every unlisted chance outcome is refused with the game unchanged. Every game
//! ends within a bound derived below, its scores are within bounds and add up, and its
//! replay plays back to an equal game with the same events.

use kingup_core::{
    Action, Actor, CONSOLATION_POINTS, ChanceOutcome, Character, Config, Event, FirstPlayer, Floor,
    Game, Phase, Replay, Seat, SeatSet, Setup, Step, Vote, score,
};
use proptest::prelude::*;
use rand::{RngExt, SeedableRng, rngs::SmallRng};

/// The most steps (chance outcomes and actions) a game with `config` can take.
///
/// Per round:
/// - chance: round 1's first player if drawn (1), one deal per seat (`players`), and in
///   the random-layout variant one layout step per character (13);
/// - placements: `config.placements()` (12, 12, 10, 12 for 3–6 players), none in the
///   random-layout variant;
/// - climbs: a character only ever moves up, one floor per climb, from floor 0 at the
///   lowest to the throne (floor 6) at the highest, and an eliminated one never returns
///   in the round: at most 6 climbs per character, 6 × 13 = 78;
/// - votes: every election ends in a crowning (which ends the round) or an elimination,
///   and an elimination needs at least one No card, each of which is discarded once
///   played; so at most `players × no_cards + 1` elections (≤ 13), each of `players`
///   votes.
///
/// For 6 players, 3 rounds, random layout: 3 × (6 + 13 + 78 + 13 × 6) + 1 = 526.
fn max_steps(config: &Config) -> usize {
    let players = config.player_count();
    let chance = players
        + match config.setup {
            Setup::Placement => 0,
            Setup::RandomLayout => Character::COUNT,
        };
    let placements = match config.setup {
        Setup::Placement => usize::from(config.placements()),
        Setup::RandomLayout => 0,
    };
    let climbs = 6 * Character::COUNT;
    let elections = players * usize::from(config.no_cards()) + 1;
    let per_round = chance + placements + climbs + elections * players;
    1 + usize::from(config.rounds) * per_round
}

/// The seats `0..6`, whether they play or not.
fn all_seats() -> impl Iterator<Item = Seat> {
    (0..Seat::MAX).filter_map(Seat::new)
}

/// Checks the state invariants that hold after every step.
fn check_state(game: &Game) -> Result<(), TestCaseError> {
    prop_assert_eq!(game.validate(), Ok(()));
    let castle = game.castle();
    for floor in Floor::ALL {
        prop_assert!(
            castle.count(floor) <= usize::from(floor.capacity()),
            "{castle}"
        );
    }
    prop_assert!(castle.count(Floor::Throne) <= 1);
    for seat in all_seats() {
        let most = if seat.index() < game.players() {
            game.config().no_cards()
        } else {
            0
        };
        prop_assert!(game.no_cards(seat) <= most);
    }
    // Who moves matches the phase; the acting seat always has a legal action (a climb
    // always exists: the topmost character has an empty floor above it).
    match (game.phase(), game.actor()) {
        (Phase::Setup | Phase::Score, Actor::Chance) => {
            prop_assert!(game.chance_step().is_some());
        }
        (Phase::Placement | Phase::Climb, Actor::Seat(seat)) => {
            prop_assert!(seat.index() < game.players());
            prop_assert!(!game.legal_actions(seat).is_empty());
        }
        (Phase::Vote, Actor::Voters(voters)) => {
            prop_assert!(!voters.is_empty());
            prop_assert_eq!(voters, game.seats().difference(game.voted()));
            prop_assert!(game.candidate().is_some());
        }
        (Phase::GameOver, Actor::Nobody) => {}
        (phase, actor) => prop_assert!(false, "{actor} acts in the {phase} phase"),
    }
    Ok(())
}

/// Every legal action of every seat applies (to a copy) and leaves a valid game; every
/// other action index is refused with the game unchanged, for the reason `check` gives.
fn check_actions(game: &Game) -> Result<(), TestCaseError> {
    // The playing seats and one seat that does not play (if any).
    for seat in all_seats().take(game.players() + 1) {
        let legal = game.legal_actions(seat);
        let mask = game.legal_mask(seat);
        prop_assert!(legal.windows(2).all(|w| w[0] < w[1]), "sorted and distinct");
        prop_assert_eq!(mask, legal.iter().fold(0u128, |m, a| m | 1 << a.index()));
        if !game.actor().includes(seat) {
            prop_assert!(legal.is_empty());
        }
        for index in 0..Action::COUNT {
            let action = Action::from_index(index).expect("an index below 67");
            let mut after = *game;
            let result = after.apply(seat, action);
            if mask & 1 << index != 0 {
                prop_assert!(result.is_ok(), "{seat} {action}: {result:?}");
                prop_assert!(game.is_legal(seat, action));
                prop_assert_eq!(after.validate(), Ok(()));
            } else {
                let err = result.expect_err("an action not listed as legal is refused");
                prop_assert_eq!(err.seat, seat);
                prop_assert_eq!(err.action, action);
                prop_assert_eq!(Err(err), game.check(seat, action));
                prop_assert_eq!(
                    &after,
                    game,
                    "refused {} by {} changed the game",
                    action,
                    seat
                );
            }
        }
    }
    Ok(())
}

/// When chance is to move: the outcomes are distinct, their probabilities are positive and
/// sum to 1, each applies, and every other outcome index is refused with the game
/// unchanged. When it is not, every outcome is refused.
fn check_chance(game: &Game) -> Result<(), TestCaseError> {
    let outcomes = game.chance_outcomes();
    if game.actor() == Actor::Chance {
        prop_assert!(!outcomes.is_empty());
        let sum: f64 = outcomes.iter().map(|&(_, p)| p).sum();
        prop_assert!((sum - 1.0).abs() < 1e-9, "probabilities sum to {}", sum);
        prop_assert!(outcomes.iter().all(|&(_, p)| p > 0.0));
        prop_assert!(outcomes.windows(2).all(|w| w[0].0 < w[1].0));
    } else {
        prop_assert!(outcomes.is_empty());
        prop_assert_eq!(game.chance_step(), None);
    }
    for index in 0..ChanceOutcome::COUNT {
        let outcome = ChanceOutcome::from_index(index).expect("an index below 42");
        let mut after = *game;
        let result = after.apply_chance(outcome);
        if outcomes.iter().any(|&(o, _)| o == outcome) {
            prop_assert!(result.is_ok(), "{outcome}: {result:?}");
            prop_assert_eq!(after.validate(), Ok(()));
        } else {
            prop_assert!(result.is_err(), "{} is not listed but applies", outcome);
            prop_assert_eq!(&after, game);
        }
    }
    Ok(())
}

/// Picks the next step: a sampled chance outcome, a uniformly random legal action, or a
/// random voter's vote (Yes with probability `yes`, when No is allowed).
fn next_step(game: &Game, rng: &mut SmallRng, yes: f64) -> Step {
    match game.actor() {
        Actor::Chance => Step::Chance(game.sample_chance(rng).expect("chance is to move")),
        Actor::Seat(seat) => {
            let legal = game.legal_actions(seat);
            let action = legal[rng.random_range(0..legal.len())];
            Step::Action { seat, action }
        }
        Actor::Voters(voters) => {
            let seat = voters
                .iter()
                .nth(rng.random_range(0..voters.len()))
                .expect("a voter");
            let no = Action::Vote(Vote::No);
            let action = if !rng.random_bool(yes) && game.is_legal(seat, no) {
                no
            } else {
                Action::Vote(Vote::Yes)
            };
            Step::Action { seat, action }
        }
        Actor::Nobody => unreachable!("the game is over"),
    }
}

/// Plays one random game with every check on.
fn play_checked(config: Config, seed: u64) -> Result<(), TestCaseError> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let yes = rng.random_range(0.2..=1.0);
    let mut game = Game::new(config).expect("a valid config");
    let mut replay = Replay::new(config);
    let mut events: Vec<Event> = Vec::new();
    let bound = max_steps(&config);

    let mut round = game.round();
    let mut hands: Vec<u8> = all_seats().map(|s| game.no_cards(s)).collect();
    let mut climbs = [0usize; Character::COUNT];
    let mut rounds_scored = 0usize;

    check_state(&game)?;
    while !game.is_over() {
        prop_assert!(replay.steps.len() < bound, "no end after {} steps", bound);
        check_actions(&game)?;
        check_chance(&game)?;

        let step = next_step(&game, &mut rng, yes);
        let before = *game.castle();
        let crown_before = game.crown();
        let mut step_events = Vec::new();
        let mut via_apply = game;
        let fixed_events = match step {
            Step::Chance(outcome) => via_apply.apply_chance(outcome).map(|e| e.to_vec()).ok(),
            Step::Action { seat, action } => via_apply.apply(seat, action).map(|e| e.to_vec()).ok(),
        };
        game.apply_step(step, &mut step_events)
            .map_err(|e| TestCaseError::fail(format!("{step:?}: {e}")))?;
        replay.steps.push(step);
        check_state(&game)?;
        // The fixed-capacity `Events` of `apply` lose nothing against a `Vec` sink.
        prop_assert_eq!(&via_apply, &game);
        prop_assert_eq!(fixed_events.as_ref(), Some(&step_events));

        // No cards: full again in a new round, never up within one.
        let now: Vec<u8> = all_seats().map(|s| game.no_cards(s)).collect();
        if game.round() != round {
            prop_assert_eq!(game.round(), round + 1);
            round = game.round();
            climbs = [0; Character::COUNT];
            for seat in game.seats().iter() {
                prop_assert_eq!(now[seat.index()], config.no_cards());
            }
        } else {
            for (n, h) in now.iter().zip(&hands) {
                prop_assert!(
                    n <= h,
                    "No cards went up within a round: {:?} → {:?}",
                    hands,
                    now
                );
            }
        }
        hands = now;

        let players = game.players();
        for event in &step_events {
            match *event {
                Event::FirstPlayerChosen { .. } => {
                    prop_assert_eq!(config.first_player, FirstPlayer::Random);
                    prop_assert!(replay.steps.len() == 1, "only the very first step");
                }
                Event::RoundStarted {
                    round: started,
                    first_player,
                } => {
                    prop_assert_eq!(started, game.round());
                    prop_assert_eq!(game.actor(), Actor::Seat(first_player));
                    let expected = match (started, config.first_player, crown_before) {
                        (0, FirstPlayer::Seat(seat), _) => seat,
                        (0, FirstPlayer::Random, _) => first_player,
                        // Rounds 2 and 3 start left of the crown holder.
                        (_, _, crown) => crown.expect("a crown after a round").next(players),
                    };
                    prop_assert_eq!(first_player, expected);
                }
                Event::Placed { seat, .. } if game.phase() == Phase::Placement => {
                    prop_assert_eq!(game.actor(), Actor::Seat(seat.next(players)));
                }
                Event::LeftoversPlaced { characters } => {
                    prop_assert_eq!(characters.len(), 13 - usize::from(config.placements()));
                    prop_assert_eq!(game.castle().on(Floor::Servants), characters);
                    let first = game.first_player().expect("a first player");
                    prop_assert_eq!(game.actor(), Actor::Seat(first));
                }
                Event::Climbed {
                    seat,
                    character,
                    to,
                } => {
                    climbs[character.index()] += 1;
                    prop_assert!(climbs[character.index()] <= 6);
                    prop_assert_eq!(before.floor_of(character).and_then(Floor::up), Some(to));
                    if to == Floor::Throne {
                        prop_assert_eq!(game.crown(), Some(seat), "the mover takes the crown");
                    } else {
                        prop_assert_eq!(game.actor(), Actor::Seat(seat.next(players)));
                    }
                }
                Event::Eliminated { .. } => {
                    // Play goes on left of the crown.
                    let crown = game.crown().expect("a crown");
                    prop_assert_eq!(game.actor(), Actor::Seat(crown.next(players)));
                }
                Event::RoundScored {
                    round: scored,
                    points,
                    objectives,
                } => {
                    prop_assert_eq!(usize::from(scored), rounds_scored);
                    rounds_scored += 1;
                    prop_assert_eq!(game.scores().len(), rounds_scored);
                    prop_assert_eq!(game.scores()[usize::from(scored)], points);
                    let last_of_three = config.rounds == 3 && scored == 2;
                    for seat in all_seats() {
                        let p = points[seat.index()];
                        prop_assert!(p <= CONSOLATION_POINTS);
                        if seat.index() >= game.players() {
                            prop_assert_eq!(p, 0);
                            continue;
                        }
                        let card = objectives[seat.index()].expect("every seat has a card");
                        let raw = score(game.castle(), config.deck.get(card).expect("a card"));
                        let expected = if raw == 0 && last_of_three {
                            CONSOLATION_POINTS
                        } else {
                            raw
                        };
                        prop_assert_eq!(p, expected, "seat {} round {}", seat, scored);
                    }
                }
                _ => {}
            }
        }
        events.extend(step_events);
    }
    check_actions(&game)?;
    check_chance(&game)?;

    // Scores: one row per round, each in 0..=33, totals their sums.
    prop_assert_eq!(game.scores().len(), usize::from(config.rounds));
    let mut sums = [0u16; Seat::MAX];
    for row in game.scores() {
        for (sum, &points) in sums.iter_mut().zip(row) {
            prop_assert!(points <= CONSOLATION_POINTS);
            *sum += u16::from(points);
        }
    }
    prop_assert_eq!(&game.totals()[..], &sums[..game.players()]);

    // Winners: the best (total, characters of the final objective in the castle).
    let key = |s: Seat| (sums[s.index()], game.characters_in_castle(s));
    let best = game.seats().iter().map(key).max();
    let winners: SeatSet = game
        .seats()
        .iter()
        .filter(|&s| Some(key(s)) == best)
        .collect();
    prop_assert_eq!(game.winners(), Some(winners));
    let game_over = Event::GameOver {
        totals: sums,
        winners,
    };
    prop_assert_eq!(events.last(), Some(&game_over));

    // The replay reaches the same game with the same events.
    let mut replayed_events: Vec<Event> = Vec::new();
    let replayed = replay
        .play_with(&mut replayed_events)
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(replayed, game);
    prop_assert_eq!(
        replay
            .play()
            .map_err(|e| TestCaseError::fail(e.to_string()))?,
        game
    );
    prop_assert_eq!(replayed_events, events);
    Ok(())
}

/// A config from the generated parameters.
fn config(players: u8, random_layout: bool, quick: bool, first: Option<usize>) -> Config {
    let mut config = Config::new(players);
    config.rounds = if quick { 1 } else { 3 };
    config.setup = if random_layout {
        Setup::RandomLayout
    } else {
        Setup::Placement
    };
    config.first_player = match first {
        Some(i) => FirstPlayer::Seat(Seat::new(i % usize::from(players)).expect("a seat")),
        None => FirstPlayer::Random,
    };
    config
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_keep_every_invariant(
        players in 3u8..=6,
        random_layout in any::<bool>(),
        quick in any::<bool>(),
        first in proptest::option::of(0usize..6),
        seed in any::<u64>(),
    ) {
        play_checked(config(players, random_layout, quick, first), seed)?;
    }
}

/// Every combination of player count, setup and length, a few seeds each, so that none
/// is left to chance.
#[test]
fn every_variant_plays_out() {
    for players in 3..=6 {
        for random_layout in [false, true] {
            for quick in [false, true] {
                for seed in 0..1 {
                    let config = config(players, random_layout, quick, None);
                    if let Err(e) = play_checked(config, seed) {
                        panic!("{config:?} seed {seed}: {e}");
                    }
                }
            }
        }
    }
}

#[test]
fn the_step_bound_is_what_the_comment_says() {
    let mut config = config(6, true, false, None);
    assert_eq!(max_steps(&config), 526);
    config.setup = Setup::Placement;
    config.players = 4;
    // 3 × (4 + 12 + 78 + 13 × 4) + 1
    assert_eq!(max_steps(&config), 439);
}
