//! The belief model reads heuristic players, and does not invent evidence from random ones.

use kingup_bots::belief::{BeliefModel, Stage, accuracy};
use kingup_bots::{Belief, Bot, HeuristicBot, RandomBot};
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
