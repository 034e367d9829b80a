//! The table reader tells players who play their cards from players who play at random, and
//! the search bot that uses it plays legal games.

use kingup_bots::belief::{BeliefModel, TableReader};
use kingup_bots::{Bot, HeuristicBot, IsmctsBot, IsmctsConfig, OpponentModel, RandomBot};
use kingup_core::{CardId, Config, Deck, Game, Generator, PlayerView, Seat};

/// Plays one game of `players` bots made by `make`, and returns every view seat 0 decided
/// on, in order.
fn views_of_seat_0(
    players: u8,
    seed: u64,
    mut make: impl FnMut(u64) -> Box<dyn Bot>,
) -> Vec<PlayerView> {
    let mut game = Game::new(Config::new(players)).expect("3 to 6 players");
    let mut bots: Vec<Box<dyn Bot>> = (0..players)
        .map(|s| make(seed * 16 + u64::from(s)))
        .collect();
    let mut rng = Generator::new(seed);
    let mut views = Vec::new();
    loop {
        game.resolve_chance(&mut rng, &mut ());
        let Some(seat) = game.next_seat() else {
            return views;
        };
        let view = game.player_view(seat);
        if seat == Seat::FIRST {
            views.push(view);
        }
        let action = bots[seat.index()]
            .choose(&view)
            .expect("a bot moves when asked");
        game.apply(seat, action).expect("bots play legal actions");
    }
}

/// The mean chance of random play the reader at seat 0 gives the others at the end of each
/// of `games` games.
fn mean_random_chance(games: u64, make: impl Fn(u64) -> Box<dyn Bot> + Copy) -> f64 {
    let mut sum = 0.0;
    for g in 0..games {
        let mut reader = TableReader::new(BeliefModel::default());
        for view in views_of_seat_0(4, g, make) {
            reader.observe(&view);
        }
        sum += (1..4)
            .filter_map(Seat::new)
            .map(|s| reader.random_chance(s))
            .sum::<f64>();
    }
    sum / (3 * games) as f64
}

#[test]
fn players_of_their_cards_and_random_players_read_apart() {
    let heuristic =
        mean_random_chance(20, |seed| Box::new(HeuristicBot::new(Generator::new(seed))));
    let random = mean_random_chance(20, |seed| Box::new(RandomBot::new(Generator::new(seed))));
    // The `reading` example reads about 0.04 and 0.999 in the third round.
    assert!(
        heuristic < 0.2,
        "heuristic players read as random: {heuristic}"
    );
    assert!(random > 0.9, "random players read as random: {random}");
}

#[test]
fn a_first_view_reads_as_the_prior() {
    let heuristic = |seed| Box::new(HeuristicBot::new(Generator::new(seed))) as Box<dyn Bot>;
    let first = views_of_seat_0(4, 3, heuristic)[0];
    for prior in [0.05, 0.5, 0.9] {
        let mut reader = TableReader::with_prior(BeliefModel::default(), prior);
        reader.observe(&first);
        // Moves made before the reader's first view are not read.
        for seat in (1..4).filter_map(Seat::new) {
            assert!((reader.random_chance(seat) - prior).abs() < 1e-12);
        }
    }
}

#[test]
fn a_view_that_does_not_continue_the_last_starts_afresh() {
    let heuristic = |seed| Box::new(HeuristicBot::new(Generator::new(seed))) as Box<dyn Bot>;
    let game = views_of_seat_0(4, 1, heuristic);
    let mut reader = TableReader::new(BeliefModel::default());
    for view in &game[..game.len() - 1] {
        reader.observe(view);
    }
    let other = Seat::new(2).expect("a seat");
    assert_ne!(
        reader.random_chance(other),
        0.5,
        "the reader has read something"
    );
    // The first decision of another game: nobody has shown anything yet.
    let fresh = views_of_seat_0(4, 2, heuristic)[0];
    reader.observe(&fresh);
    assert!(fresh.public.movers.iter().all(|m| !m.contains(other)));
    assert!((reader.random_chance(other) - 0.5).abs() < 1e-12);
    // The same game seen by another seat is another reading too.
    let mut seat_1 = game[3];
    seat_1.seat = Seat::new(1).expect("a seat");
    reader.observe(&game[2]);
    reader.observe(&seat_1);
    assert!((reader.random_chance(Seat::FIRST) - 0.5).abs() < 1e-12);
    assert_eq!(
        reader.random_chance(seat_1.seat),
        0.0,
        "the viewer is no opponent"
    );
}

#[test]
fn card_weights_cover_the_unseen_cards_only() {
    let heuristic = |seed| Box::new(HeuristicBot::new(Generator::new(seed))) as Box<dyn Bot>;
    let views = views_of_seat_0(4, 5, heuristic);
    let mut reader = TableReader::new(BeliefModel::default());
    for view in &views[..8] {
        reader.observe(view);
        assert_eq!(reader.weights(Seat::FIRST), [0.0; Deck::MAX]);
        for seat in (1..4).filter_map(Seat::new) {
            let weights = reader.weights(seat);
            let max = weights.iter().copied().fold(0.0, f64::max);
            assert_eq!(max, 1.0, "weights are relative to the likeliest card");
            for (c, &w) in weights.iter().enumerate() {
                let seen = view.seen_cards() & 1 << c != 0;
                let in_deck = CardId::new(c).is_some_and(|c| c.index() < Deck::balanced().len());
                assert_eq!(w > 0.0, !seen && in_deck, "card {c}: weight {w}");
            }
        }
    }
}

#[test]
fn the_reader_preset_reads_and_plays_legal_games_the_same_way_for_a_seed() {
    let config = IsmctsConfig {
        iterations: 30,
        ..IsmctsConfig::reader()
    };
    assert!(matches!(config.opponents, OpponentModel::Read { .. }));
    let play = || {
        views_of_seat_0(4, 9, |seed| {
            Box::new(IsmctsBot::new(Generator::new(seed), config)) as Box<dyn Bot>
        })
    };
    let first = play();
    assert!(
        first.last().is_some_and(|v| v.public.round > 0),
        "the game went on past round 1"
    );
    assert_eq!(first, play());
}
