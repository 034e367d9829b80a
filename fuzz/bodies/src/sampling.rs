//! Information-set sampling from arbitrary reachable states.

use arbitrary::Unstructured;
use kingup_core::{Game, Seat};

use crate::decode::Counter;
use crate::engine::config;

/// Plays arbitrary legal steps, then samples worlds for every seat: each must validate,
/// show the viewer exactly its view, and play on to the end.
pub fn information_sets(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(config) = config(&mut u) else { return };
    let Ok(seed) = u.arbitrary::<u64>() else {
        return;
    };
    let mut rng = Counter(seed);
    let mut game = Game::new(config).expect("generated configs are valid");
    let steps = u.int_in_range(0..=400).unwrap_or(0);
    for _ in 0..steps {
        if game.is_over() || !play_any(&mut u, &mut game, &mut rng) {
            break;
        }
    }
    for seat in Seat::all(game.players()) {
        let view = game.player_view(seat);
        let world = view.sample(&mut rng).expect("a real view samples");
        world.validate().expect("samples are valid");
        assert_eq!(world.player_view(seat), view);
        assert_eq!(world.public_view(), game.public_view());
        let mut world = world;
        while play_any(&mut u, &mut world, &mut rng) {}
        assert!(world.is_over() || u.is_empty());
    }
}

/// One step: chance from `rng`, else a legal action chosen by the fuzzer (the first when
/// the data runs out). Returns false once the game is over.
fn play_any(u: &mut Unstructured<'_>, game: &mut Game, rng: &mut Counter) -> bool {
    let seat = match game.actor() {
        kingup_core::Actor::Chance => {
            game.resolve_chance(rng, &mut ());
            return true;
        }
        kingup_core::Actor::Seat(seat) => seat,
        kingup_core::Actor::Voters(seats) => seats.iter().next().expect("a voter waits"),
        kingup_core::Actor::Nobody => return false,
    };
    let legal = game.legal_actions(seat);
    let action = u.choose(&legal).copied().unwrap_or(legal[0]);
    game.apply(seat, action).expect("listed actions apply");
    true
}
