//! The hot paths never touch the heap: a counting global allocator (allocation-counter)
//! watches whole games played through the public API, with views, observations,
//! info-state keys and sampling.

use kingup_core::{Actor, Config, Game, OBSERVATION_LEN, Seat, Setup};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// Plays a random game with every per-step query a bot or a trainer makes.
fn busy_game(config: Config, seed: u64) -> u64 {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut obs = [0.0f32; OBSERVATION_LEN];
    let mut game = Game::new(config).unwrap();
    let mut checksum = 0u64;
    while !game.is_over() {
        let seat = match game.actor() {
            Actor::Chance => {
                let outcomes = game.chance_outcomes();
                checksum += outcomes.len() as u64;
                game.resolve_chance(&mut rng, &mut ());
                continue;
            }
            Actor::Seat(seat) => seat,
            Actor::Voters(seats) => seats.iter().next().unwrap(),
            Actor::Nobody => unreachable!(),
        };
        let view = game.player_view(seat);
        view.encode(&mut obs);
        game.observation(seat, &mut obs);
        checksum ^= view.info_state_key() ^ game.legal_mask(seat) as u64;
        let world = view.sample(&mut rng).unwrap();
        checksum += world.legal_actions(seat).len() as u64;
        let legal = game.legal_actions(seat);
        let action = legal[rng.random_range(0..legal.len())];
        assert!(game.is_legal(seat, action));
        let events = game.apply(seat, action).unwrap();
        checksum += events.len() as u64;
        for viewer in Seat::all(game.players()) {
            checksum += events
                .iter()
                .filter(|e| e.redacted(Some(viewer)) == **e)
                .count() as u64;
        }
        checksum += u64::from(game.public_view().totals()[0]);
    }
    checksum + u64::from(game.winners().unwrap().bits())
}

#[test]
fn whole_games_allocate_nothing() {
    for (players, setup) in [
        (3, Setup::Placement),
        (4, Setup::RandomLayout),
        (6, Setup::Placement),
    ] {
        let mut config = Config::new(players);
        config.setup = setup;
        let mut checksum = 0;
        let info = allocation_counter::measure(|| {
            checksum = busy_game(config, u64::from(players));
        });
        assert_eq!(info.count_total, 0, "{players} players, {setup:?}");
        assert!(checksum > 0);
    }
}

#[test]
fn the_counter_counts() {
    let info = allocation_counter::measure(|| {
        std::hint::black_box(vec![1u8; 10]);
    });
    assert_eq!(info.count_total, 1);
}
