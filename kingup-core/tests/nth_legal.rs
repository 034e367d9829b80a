//! `legal_action_count`, `nth_legal_action` and `legal_mask` agree with `legal_actions`
//! everywhere.

use kingup_core::{Actor, Config, Game, Seat, Setup};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

fn assert_agree(game: &Game) {
    for seat in Seat::all(Seat::MAX) {
        let legal = game.legal_actions(seat);
        assert_eq!(
            game.legal_action_count(seat),
            legal.len(),
            "{seat} in {game:?}"
        );
        for (n, action) in legal.iter().enumerate() {
            assert_eq!(game.nth_legal_action(seat, n), Some(*action));
        }
        assert_eq!(game.nth_legal_action(seat, legal.len()), None);
        let mask = legal.iter().fold(0u128, |m, a| m | 1 << a.index());
        assert_eq!(game.legal_mask(seat), mask, "{seat} in {game:?}");
    }
}

#[test]
fn count_and_nth_match_the_list_in_random_games() {
    for seed in 0..40u64 {
        let players = 3 + (seed % 4) as u8;
        let mut config = Config::new(players);
        if seed % 3 == 0 {
            config.setup = Setup::RandomLayout;
        }
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = Game::new(config).unwrap();
        while !game.is_over() {
            assert_agree(&game);
            let seat = match game.actor() {
                Actor::Chance => {
                    game.resolve_chance(&mut rng, &mut ());
                    continue;
                }
                Actor::Seat(seat) => seat,
                Actor::Voters(seats) => seats.lowest().unwrap(),
                Actor::Nobody => unreachable!(),
            };
            let n = rng.random_range(0..game.legal_action_count(seat));
            let action = game.nth_legal_action(seat, n).unwrap();
            game.apply(seat, action).unwrap();
        }
        assert_agree(&game);
    }
}
