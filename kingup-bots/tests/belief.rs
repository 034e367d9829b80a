//! The belief model reads heuristic players, and does not invent evidence from random ones.

use kingup_bots::belief::{BeliefModel, Stage, accuracy, read_seat};
use kingup_bots::{Belief, Bot, HeuristicBot, IsmctsBot, IsmctsConfig, RandomBot};
use kingup_core::{
    Action, Actor, Character, Config, Event, FirstPlayer, Floor, Game, Generator, Seat, SeatSet,
};

fn heuristic(game: u64, seat: usize) -> Box<dyn Bot> {
    Box::new(HeuristicBot::new(Generator::new(game * 16 + seat as u64)))
}

fn random(game: u64, seat: usize) -> Box<dyn Bot> {
    Box::new(RandomBot::new(Generator::new(game * 16 + seat as u64)))
}

#[test]
fn heuristic_players_are_read_far_better_than_chance() {
    for players in [3, 4, 6] {
        let all = SeatSet::first(players);
        let config = Config::new(players as u8);
        let result = accuracy(config, BeliefModel::default(), all, 30, 1, heuristic);
        let (gain, se) = result.gain();
        assert!(
            gain > 3.0 && gain > 10.0 * se,
            "{players} players: {gain} ± {se}"
        );
        let placement = result.stages[Stage::Placement as usize];
        let climb = result.stages[Stage::Climb as usize];
        assert!(placement.top3_rate() > 2.0 * placement.uniform_top3_rate());
        // Climbs say more than placements: a heuristic player climbs its own characters.
        assert!(
            climb.mean_rank() < placement.mean_rank(),
            "{players} players"
        );
    }
}

#[test]
fn random_players_give_no_evidence() {
    let all = SeatSet::first(4);
    let result = accuracy(Config::new(4), BeliefModel::default(), all, 60, 1, random);
    let (gain, se) = result.gain();
    // Random moves carry no information: the belief is no better than the prior (it may be
    // a little worse: the model reads intent into noise).
    assert!(gain < 4.0 * se, "{gain} ± {se}");
    assert!(gain > -1.5, "{gain} ± {se}");
}

#[test]
fn accuracy_is_deterministic_for_a_seed() {
    let all = SeatSet::first(4);
    let run = || accuracy(Config::new(4), BeliefModel::default(), all, 5, 9, heuristic);
    assert_eq!(run().game_gains, run().game_gains);
}

/// A game at its first placement, seat 0 to move, and seat 1's belief.
fn first_placement() -> (Game, Belief) {
    let mut config = Config::new(4);
    config.first_player = FirstPlayer::Seat(Seat::FIRST);
    let mut game = Game::new(config).expect("valid");
    game.resolve_chance(&mut Generator::new(5), &mut ());
    let belief = Belief::new(&game.player_view(Seat::new(1).expect("seat")));
    (game, belief)
}

#[test]
fn a_high_placement_favours_the_cards_with_that_character() {
    let (mut game, mut belief) = first_placement();
    let mover = Seat::FIRST;
    let before = game.public_view();
    let action = Action::Place {
        character: Character::ALL[0],
        floor: Floor::PLACEMENT[3],
    };
    assert_eq!(game.actor(), Actor::Seat(mover));
    for event in &game.apply(mover, action).expect("legal") {
        belief.observe(&before, event);
    }
    let cards = belief.distribution(mover);
    let deck = game.config().deck;
    let p = |with: bool| {
        let (sum, n) = cards
            .iter()
            .filter(|&&(c, _)| deck.get(c).expect("card").contains(Character::ALL[0]) == with)
            .fold((0.0, 0), |(s, n), &(_, p)| (s + p, n + 1));
        sum / f64::from(n)
    };
    assert!(p(true) > 2.0 * p(false), "{} vs {}", p(true), p(false));
    let total: f64 = cards.iter().map(|&(_, p)| p).sum();
    assert!((total - 1.0).abs() < 1e-9);
}

#[test]
fn the_viewer_has_no_belief_about_itself_and_never_suspects_a_seen_card() {
    let (game, belief) = first_placement();
    let viewer = Seat::new(1).expect("seat");
    assert!(belief.distribution(viewer).is_empty());
    let own = game.objective_card(0, viewer).expect("dealt");
    for seat in [0, 2, 3].map(|s| Seat::new(s).expect("seat")) {
        let cards = belief.distribution(seat);
        assert_eq!(cards.len(), game.config().deck.len() - 1);
        assert!(cards.iter().all(|&(c, _)| c != own));
        assert_eq!(belief.rank(seat, own), None);
    }
}

#[test]
fn a_revealed_no_vote_favours_the_cards_without_the_candidate() {
    // Play heuristic moves until a candidate is on the throne, then reveal a No from seat 2.
    let (mut game, mut belief) = first_placement();
    let mut bot = HeuristicBot::new(Generator::new(1));
    while !matches!(game.actor(), Actor::Voters(_)) {
        let seat = game.next_seat().expect("a seat acts");
        let before = game.public_view();
        let action = bot.choose(&game.player_view(seat)).expect("an action");
        for event in &game.apply(seat, action).expect("legal") {
            belief.observe(&before, event);
        }
    }
    let candidate = game.castle().throne().expect("a candidate");
    let voter = Seat::new(2).expect("seat");
    let before_vote = belief.distribution(voter);
    let before = game.public_view();
    belief.observe(
        &before,
        &Event::VotesRevealed {
            candidate,
            no: SeatSet::single(voter),
        },
    );
    let deck = game.config().deck;
    let mass = |cards: &[(kingup_core::CardId, f64)]| {
        cards
            .iter()
            .filter(|&&(c, _)| !deck.get(c).expect("card").contains(candidate))
            .map(|&(_, p)| p)
            .sum::<f64>()
    };
    assert!(mass(&belief.distribution(voter)) > mass(&before_vote));
}

#[test]
fn a_belief_read_from_a_view_favours_what_a_seat_climbed() {
    // Heuristic play into the climb phase; seat 1's view-read belief about seat 0 weighs
    // the cards holding a character seat 0 raised high above those that do not.
    let (mut game, _) = first_placement();
    let mut bot = HeuristicBot::new(Generator::new(4));
    let mover = Seat::FIRST;
    let viewer = Seat::new(1).expect("seat");
    let mut climbed = None;
    while climbed.is_none() && !matches!(game.actor(), Actor::Voters(_)) {
        let seat = game.next_seat().expect("a seat acts");
        let action = bot.choose(&game.player_view(seat)).expect("an action");
        game.apply(seat, action).expect("legal");
        if let (true, Action::Climb { character }) = (seat == mover, action) {
            climbed = Some(character);
        }
    }
    let character = climbed.expect("seat 0 climbed before the first vote");
    let belief = Belief::from_view(&game.player_view(viewer), BeliefModel::default());
    let deck = game.config().deck;
    let cards = belief.distribution(mover);
    let mean = |with: bool| {
        let ps: Vec<f64> = cards
            .iter()
            .filter(|&&(c, _)| deck.get(c).expect("card").contains(character) == with)
            .map(|&(_, p)| p)
            .collect();
        ps.iter().sum::<f64>() / ps.len() as f64
    };
    assert!(
        mean(true) > mean(false),
        "{} vs {}",
        mean(true),
        mean(false)
    );
    // Weights are relative to the likeliest card, and zero for a card the viewer holds.
    let best = cards.iter().map(|&(_, p)| p).fold(0.0, f64::max);
    for &(card, p) in &cards {
        assert!((belief.weight(mover, card) - p / best).abs() < 1e-9);
    }
    let own = game.objective_card(0, viewer).expect("dealt");
    assert_eq!(belief.weight(mover, own), 0.0);
}

#[test]
fn ismcts_with_a_belief_plays_legal_moves_to_the_end() {
    let config = IsmctsConfig {
        iterations: 30,
        belief: Some(BeliefModel::default()),
        ..IsmctsConfig::default()
    };
    let mut bots: Vec<IsmctsBot<Generator>> = (0..4)
        .map(|s| IsmctsBot::new(Generator::new(s), config))
        .collect();
    let mut refs: Vec<&mut dyn Bot> = bots.iter_mut().map(|b| b as &mut dyn Bot).collect();
    let mut game = Game::new(Config::new(4)).expect("valid");
    assert!(kingup_bots::play(
        &mut game,
        &mut refs,
        &mut Generator::new(8),
        &mut ()
    ));
    assert!(game.is_over());
}

/// Seat 0 by `hero`, the other seats by heuristic bots.
fn hero_at_seat_0(hero: IsmctsConfig) -> impl FnMut(u64, usize) -> Box<dyn Bot> {
    move |game, seat| {
        if seat == 0 {
            Box::new(IsmctsBot::new(Generator::new(game * 16), hero))
        } else {
            heuristic(game, seat)
        }
    }
}

#[test]
fn a_heuristic_seat_is_read_better_than_uniform_in_every_stage_it_reaches() {
    let read = read_seat(
        Config::new(4),
        BeliefModel::default(),
        Seat::FIRST,
        12,
        3,
        heuristic,
    );
    for stage in [Stage::Placement, Stage::Climb] {
        let s = read.stage(stage);
        assert!(s.games >= 10, "{stage:?}: {} games", s.games);
        assert!(
            s.mean_rank.mean + s.mean_rank.ci95 < s.uniform_rank,
            "{stage:?}: {:?} vs {}",
            s.mean_rank,
            s.uniform_rank
        );
        assert!(s.top3.mean - s.top3.ci95 > s.uniform_top3, "{stage:?}");
    }
}

#[test]
fn read_seat_reads_only_the_chosen_seat_and_agrees_with_accuracy() {
    let config = Config::new(4);
    let model = BeliefModel::default();
    let seat = Seat::new(2).expect("seat");
    let read = read_seat(config, model, seat, 4, 7, heuristic);
    let pooled = accuracy(config, model, SeatSet::single(seat), 4, 7, heuristic);
    for stage in Stage::ALL {
        // The same games: as many ranks, and the same top-3 count.
        let (r, p) = (read.stage(stage), pooled.stages[stage as usize]);
        assert_eq!(r.samples, p.samples, "{stage:?}");
        if r.games > 0 {
            assert!((1.0..=r.uniform_rank * 2.0).contains(&r.mean_rank.mean));
        }
    }
}

#[test]
fn a_search_bot_can_be_read_too() {
    let hero = IsmctsConfig {
        iterations: 20,
        ..IsmctsConfig::mixed()
    };
    let read = read_seat(
        Config::new(3),
        BeliefModel::default(),
        Seat::FIRST,
        2,
        1,
        hero_at_seat_0(hero),
    );
    let placement = read.stage(Stage::Placement);
    assert_eq!(placement.games, 2);
    assert!(placement.samples > 0);
    assert!(
        placement.mean_rank.mean >= 1.0 && placement.mean_rank.mean <= 2.0 * placement.uniform_rank
    );
}
