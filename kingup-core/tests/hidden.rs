//! Hidden information: views, observations, events and info-state keys leak nothing a
//! viewer may not know, and information-set sampling draws consistent worlds fairly.

use kingup_core::{
    Actor, CardId, Config, Event, Game, OBSERVATION_LEN, Phase, Replay, Seat, Setup, Step, Vote,
};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};

/// A random game played `stop_at` steps in (or to its end), with its replay.
fn random_state(config: Config, seed: u64, stop_at: usize) -> (Game, Replay) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new(config).unwrap();
    let mut replay = Replay::new(config);
    while !game.is_over() && replay.steps.len() < stop_at {
        let step = match game.actor() {
            Actor::Chance => Step::Chance(game.sample_chance(&mut rng).unwrap()),
            Actor::Seat(seat) => random_action(&game, seat, &mut rng),
            Actor::Voters(seats) => {
                let voters: Vec<Seat> = seats.iter().collect();
                random_action(&game, voters[rng.random_range(0..voters.len())], &mut rng)
            }
            Actor::Nobody => unreachable!(),
        };
        game.apply_step(step, &mut ()).unwrap();
        replay.steps.push(step);
    }
    (game, replay)
}

/// A random game stopped in an election with `cast` votes (1 or more, fewer than the players)
/// committed: the first election that opens `warmup` steps in or later, else the last one
/// before. Built directly, so property tests need not reject states.
fn in_a_vote(config: Config, seed: u64, warmup: usize, cast: usize) -> (Game, Replay) {
    let (_, whole) = random_state(config, seed, usize::MAX);
    let mut game = Game::new(config).unwrap();
    let mut openings = Vec::new();
    for (i, step) in whole.steps.iter().enumerate() {
        game.apply_step(*step, &mut ()).unwrap();
        if game.phase() == Phase::Vote && game.voted().is_empty() {
            openings.push(i + 1);
        }
    }
    // Every round ends in an election, so there is at least one.
    let at = openings
        .iter()
        .copied()
        .find(|&i| i >= warmup)
        .unwrap_or(*openings.last().unwrap());
    let mut replay = Replay::new(config);
    replay.steps.extend_from_slice(&whole.steps[..at]);
    let mut game = replay.play().unwrap();
    let mut rng = SmallRng::seed_from_u64(seed ^ 0xb0b);
    let cast = cast.clamp(1, game.players() - 1);
    for _ in 0..cast {
        let Actor::Voters(voters) = game.actor() else {
            unreachable!("fewer votes than players leave the election open")
        };
        let voters: Vec<Seat> = voters.iter().collect();
        let step = random_action(&game, voters[rng.random_range(0..voters.len())], &mut rng);
        game.apply_step(step, &mut ()).unwrap();
        replay.steps.push(step);
    }
    (game, replay)
}

fn random_action(game: &Game, seat: Seat, rng: &mut SmallRng) -> Step {
    let legal = game.legal_actions(seat);
    Step::Action {
        seat,
        action: legal[rng.random_range(0..legal.len())],
    }
}

fn config(players: u8, random_layout: bool, quick: bool) -> Config {
    let mut config = Config::new(players);
    config.setup = if random_layout {
        Setup::RandomLayout
    } else {
        Setup::Placement
    };
    config.rounds = if quick { 1 } else { 3 };
    config
}

/// Everything `viewer` gets from the engine about `game` with history `replay`.
#[derive(Debug, PartialEq)]
struct Seen {
    view: String,
    json: Value,
    observation: Vec<u32>,
    key: u64,
    info_state: String,
    legal: Vec<usize>,
    events: Vec<Event>,
}

fn seen_by(game: &Game, replay: &Replay, viewer: Seat) -> Seen {
    let view = game.player_view(viewer);
    let mut obs = [0.0; OBSERVATION_LEN];
    game.observation(viewer, &mut obs);
    let mut events = Vec::new();
    replay.play_with(&mut events).unwrap();
    Seen {
        view: view.to_string(),
        json: serde_json::to_value(view).unwrap(),
        observation: obs.iter().map(|x| x.to_bits()).collect(),
        key: view.info_state_key(),
        info_state: view.info_state().to_string(),
        legal: game
            .legal_actions(viewer)
            .iter()
            .map(|a| a.index())
            .collect(),
        events: events
            .into_iter()
            .map(|e| e.redacted(Some(viewer)))
            .collect(),
    }
}

fn spectator(replay: &Replay) -> (Value, Vec<Event>) {
    let mut events = Vec::new();
    let game = replay.play_with(&mut events).unwrap();
    let events = events.into_iter().map(|e| e.redacted(None)).collect();
    (serde_json::to_value(game.public_view()).unwrap(), events)
}

/// The replay with the current round's deal to `seat` changed to `card`, if the game is
/// in a round whose objectives are still secret.
fn with_objective(replay: &Replay, game: &Game, seat: Seat, card: CardId) -> Replay {
    let mut events = Vec::new();
    let mut changed = replay.clone();
    let mut g = Game::new(replay.config).unwrap();
    for (i, step) in replay.steps.iter().enumerate() {
        events.clear();
        g.apply_step(*step, &mut events).unwrap();
        let dealt_now = events
            .iter()
            .any(|e| matches!(e, Event::ObjectiveDealt { seat: s, .. } if *s == seat));
        if dealt_now && g.round() == game.round() {
            changed.steps[i] = Step::Chance(kingup_core::ChanceOutcome::Deal(card));
        }
    }
    changed
}

/// The replay with `seat`'s committed vote in the current election flipped.
fn with_vote_flipped(replay: &Replay, seat: Seat) -> Replay {
    let mut changed = replay.clone();
    let i = changed
        .steps
        .iter()
        .rposition(|s| matches!(s, Step::Action { seat: s, .. } if *s == seat))
        .unwrap();
    if let Step::Action { action, .. } = &mut changed.steps[i] {
        *action = match action {
            kingup_core::Action::Vote(Vote::Yes) => kingup_core::Action::Vote(Vote::No),
            _ => kingup_core::Action::Vote(Vote::Yes),
        };
    }
    changed
}

/// Cards no round of the game has dealt.
fn undealt(game: &Game) -> Vec<CardId> {
    let dealt: Vec<CardId> = (0..=game.round())
        .flat_map(|r| Seat::all(game.players()).filter_map(move |s| game.objective_card(r, s)))
        .collect();
    (0..game.config().deck.len())
        .filter_map(CardId::new)
        .filter(|c| !dealt.contains(c))
        .collect()
}

fn secrets_are_live(game: &Game) -> bool {
    !matches!(game.phase(), Phase::Score | Phase::GameOver)
}

/// `random_state`, stepped back from a scored round until secrets are live again.
fn live_state(config: Config, seed: u64, stop_at: usize) -> (Game, Replay) {
    let (_, mut replay) = random_state(config, seed, stop_at);
    loop {
        let game = replay.play().unwrap();
        if secrets_are_live(&game) {
            return (game, replay);
        }
        replay.steps.pop();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Changing another seat's objective (to an undealt card, or by swapping two other
    /// seats' cards) changes nothing the viewer gets; changing the viewer's own does.
    #[test]
    fn objectives_of_others_do_not_leak(
        players in 3u8..=6,
        random_layout: bool,
        quick: bool,
        seed: u64,
        stop_at in 0usize..400,
    ) {
        let (game, replay) = live_state(config(players, random_layout, quick), seed, stop_at);
        prop_assert!(secrets_are_live(&game));
        let spare = undealt(&game)[0];
        for viewer in Seat::all(game.players()) {
            let before = seen_by(&game, &replay, viewer);
            for other in Seat::all(game.players()).filter(|&s| s != viewer) {
                if game.objective_card(game.round(), other).is_none() {
                    continue;
                }
                let changed = with_objective(&replay, &game, other, spare);
                let after_game = changed.play().unwrap();
                prop_assert_ne!(after_game, game);
                prop_assert_eq!(&seen_by(&after_game, &changed, viewer), &before);
                prop_assert_eq!(spectator(&changed), spectator(&replay));
            }
            if game.objective_card(game.round(), viewer).is_some() {
                let changed = with_objective(&replay, &game, viewer, spare);
                let after = seen_by(&changed.play().unwrap(), &changed, viewer);
                prop_assert_ne!(&after.json, &before.json);
                prop_assert_ne!(&after.observation, &before.observation);
                prop_assert_ne!(after.key, before.key);
                prop_assert_ne!(&after.info_state, &before.info_state);
                prop_assert_ne!(&after.events, &before.events);
            }
        }
    }

    /// Flipping another seat's committed vote changes nothing the viewer gets before the
    /// reveal; flipping the viewer's own does.
    #[test]
    fn pending_votes_do_not_leak(
        players in 3u8..=6,
        quick: bool,
        seed: u64,
        warmup in 20usize..400,
        cast in 1usize..6,
    ) {
        let (game, replay) = in_a_vote(config(players, false, quick), seed, warmup, cast);
        prop_assert!(game.phase() == Phase::Vote && !game.voted().is_empty());
        for voter in game.voted().iter() {
            let changed = with_vote_flipped(&replay, voter);
            let Ok(after_game) = changed.play() else {
                continue; // the flipped vote was a No the voter could not play
            };
            for viewer in Seat::all(game.players()) {
                let before = seen_by(&game, &replay, viewer);
                let after = seen_by(&after_game, &changed, viewer);
                if viewer == voter {
                    prop_assert_ne!(&after.json, &before.json);
                    prop_assert_ne!(after.key, before.key);
                    prop_assert_ne!(&after.observation, &before.observation);
                } else {
                    prop_assert_eq!(&after, &before);
                }
            }
            prop_assert_eq!(spectator(&changed), spectator(&replay));
        }
    }

    /// Samples are valid games the viewer cannot tell from the truth, and they play on.
    #[test]
    fn samples_are_consistent_and_play_on(
        players in 3u8..=6,
        random_layout: bool,
        quick: bool,
        seed: u64,
        stop_at in 0usize..400,
    ) {
        let (game, _) = random_state(config(players, random_layout, quick), seed, stop_at);
        let mut rng = SmallRng::seed_from_u64(seed ^ 0x5eed);
        for viewer in Seat::all(game.players()) {
            let view = game.player_view(viewer);
            let world = view.sample(&mut rng).unwrap();
            prop_assert_eq!(world.validate(), Ok(()));
            prop_assert_eq!(world.player_view(viewer), view);
            prop_assert_eq!(world.public_view(), game.public_view());
            for seat in Seat::all(game.players()) {
                prop_assert_eq!(world.legal_actions(seat), game.legal_actions(seat));
            }
            let mut world = world;
            while !world.is_over() {
                let seat = match world.actor() {
                    Actor::Chance => {
                        world.resolve_chance(&mut rng, &mut ());
                        continue;
                    }
                    Actor::Seat(seat) => seat,
                    Actor::Voters(seats) => seats.iter().next().unwrap(),
                    Actor::Nobody => unreachable!(),
                };
                let legal = world.legal_actions(seat);
                world.apply(seat, legal[rng.random_range(0..legal.len())]).unwrap();
            }
        }
    }
}

/// Plays `config` with explicit deals (card `i` to the `i`-th deal) until the first seat
/// is to move; returns the game.
fn dealt_game(config: Config, first_cards: &[usize]) -> Game {
    let mut game = Game::new(config).unwrap();
    let mut cards = first_cards.iter();
    while game.actor() == Actor::Chance {
        let outcome = match game.chance_step().unwrap() {
            kingup_core::ChanceStep::Deal(_) => {
                kingup_core::ChanceOutcome::Deal(CardId::new(*cards.next().unwrap()).unwrap())
            }
            _ => game.chance_outcomes()[0].0,
        };
        game.apply_chance(outcome).unwrap();
    }
    game
}

/// Pearson's chi-square statistic of `counts` against a uniform expectation.
fn chi_square(counts: &[u32]) -> f64 {
    let total: u32 = counts.iter().sum();
    let expected = f64::from(total) / counts.len() as f64;
    counts
        .iter()
        .map(|&c| (f64::from(c) - expected).powi(2) / expected)
        .sum()
}

#[test]
fn unseen_cards_are_dealt_to_others_uniformly_and_the_truth_is_not_favoured() {
    let mut config = Config::new(4);
    config.first_player = kingup_core::FirstPlayer::Seat(Seat::new(0).unwrap());
    let game = dealt_game(config, &[7, 3, 19, 11]);
    let me = Seat::new(0).unwrap();
    let view = game.player_view(me);
    let mut rng = SmallRng::seed_from_u64(2024);
    const SAMPLES: u32 = 25_000;
    // counts[seat][card]
    let mut counts = [[0u32; 26]; 4];
    for _ in 0..SAMPLES {
        let world = view.sample(&mut rng).unwrap();
        assert_eq!(world.objective_card(0, me), CardId::new(7));
        for seat in Seat::all(4).skip(1) {
            counts[seat.index()][world.objective_card(0, seat).unwrap().index()] += 1;
        }
    }
    // 25 unseen cards per seat (all but the viewer's card 7), 24 degrees of freedom:
    // the 99.9% quantile of chi-square(24) is 51.18.
    for (seat, counts) in counts.iter().enumerate().skip(1) {
        assert_eq!(counts[7], 0, "the viewer's own card is never given away");
        let unseen: Vec<u32> = (0..26).filter(|&c| c != 7).map(|c| counts[c]).collect();
        let stat = chi_square(&unseen);
        assert!(
            stat < 51.18,
            "seat {seat}: chi-square {stat:.1} over {unseen:?}"
        );
        // The true card gets no more than its fair share (1/25) beyond 4 standard deviations.
        let truth = game
            .objective_card(0, Seat::new(seat).unwrap())
            .unwrap()
            .index();
        let expected = f64::from(SAMPLES) / 25.0;
        let sd = (expected * (24.0 / 25.0)).sqrt();
        assert!(f64::from(counts[truth]) < expected + 4.0 * sd);
    }
}

#[test]
fn cards_shown_in_earlier_rounds_are_never_sampled() {
    // Play round 1 to its end, then deal round 2 and sample from seat 2's view.
    let mut rng = SmallRng::seed_from_u64(77);
    let mut game = Game::new(Config::new(3)).unwrap();
    while game.round() == 0 || game.actor() == Actor::Chance {
        match game.actor() {
            Actor::Chance => game.resolve_chance(&mut rng, &mut ()),
            Actor::Seat(seat) => {
                let legal = game.legal_actions(seat);
                game.apply(seat, legal[rng.random_range(0..legal.len())])
                    .unwrap();
            }
            Actor::Voters(seats) => {
                let seat = seats.iter().next().unwrap();
                game.apply(seat, game.legal_actions(seat)[0]).unwrap();
            }
            Actor::Nobody => unreachable!(),
        }
    }
    assert_eq!(game.round(), 1);
    let shown: Vec<CardId> = Seat::all(3)
        .filter_map(|s| game.objective_card(0, s))
        .collect();
    let view = game.player_view(Seat::new(2).unwrap());
    for _ in 0..2000 {
        let world = view.sample(&mut rng).unwrap();
        for seat in Seat::all(3) {
            let card = world.objective_card(1, seat).unwrap();
            assert!(!shown.contains(&card), "{card} was shown in round 1");
            assert_eq!(world.objective_card(0, seat), game.objective_card(0, seat));
        }
    }
}

#[test]
fn pending_votes_are_sampled_within_each_seats_no_cards() {
    let mut rng = SmallRng::seed_from_u64(5);
    // Find a vote where seat 1 has committed and still had No cards.
    for seed in 0.. {
        let mut g = Game::new(config(4, false, true)).unwrap();
        let mut r = SmallRng::seed_from_u64(seed);
        let mut found = None;
        while !g.is_over() && found.is_none() {
            match g.actor() {
                Actor::Chance => g.resolve_chance(&mut r, &mut ()),
                Actor::Seat(seat) => {
                    let legal = g.legal_actions(seat);
                    g.apply(seat, legal[r.random_range(0..legal.len())])
                        .unwrap();
                }
                Actor::Voters(seats) => {
                    let one = Seat::new(1).unwrap();
                    if seats.contains(one) && g.no_cards(one) > 0 {
                        g.apply(one, kingup_core::Action::Vote(Vote::Yes)).unwrap();
                        found = Some(g);
                    } else {
                        let seat = seats.iter().next().unwrap();
                        g.apply(seat, kingup_core::Action::Vote(Vote::Yes)).unwrap();
                    }
                }
                Actor::Nobody => unreachable!(),
            }
        }
        let Some(game) = found.filter(|g| g.phase() == Phase::Vote) else {
            continue;
        };
        let view = game.player_view(Seat::new(0).unwrap());
        let mut no = 0;
        for _ in 0..4000 {
            let world = view.sample(&mut rng).unwrap();
            if world.committed_vote(Seat::new(1).unwrap()) == Some(Vote::No) {
                no += 1;
            }
        }
        // Uniform between Yes and No: 2000 ± 4 standard deviations (±126).
        assert!((1874..=2126).contains(&no), "{no} No votes in 4000 samples");
        return;
    }
}

#[test]
fn spectators_see_no_objective_until_the_round_is_scored() {
    let (game, _) = random_state(config(5, false, false), 3, 60);
    assert!(secrets_are_live(&game));
    let json = serde_json::to_value(game.public_view()).unwrap();
    assert_eq!(
        json["revealed"][usize::from(game.round())],
        json!([null, null, null, null, null, null])
    );
    let text = serde_json::to_string(&game.player_view(Seat::new(0).unwrap())).unwrap();
    let own = game
        .objective_card(game.round(), Seat::new(0).unwrap())
        .unwrap();
    assert!(text.contains(&format!("\"objective_card\":{}", own.index())));
}
