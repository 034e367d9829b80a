//! Information-set sampling of sessions in arbitrary reachable states.

use arbitrary::Unstructured;
use kingup_core::{Actor, ChanceMode, Generator, Seat, Session};

use crate::engine::config;

/// Plays arbitrary legal steps (chance from the session's generator), then samples a world
/// for every seat: each must validate, show the viewer exactly its view and its log, keep
/// the public view, save and load as a replay, and play on to the end.
pub fn information_sets(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(config) = config(&mut u) else { return };
    let Ok(seed) = u.arbitrary::<u64>() else {
        return;
    };
    let mut session = Session::with_generator(config, Generator::new(seed), ChanceMode::Explicit)
        .expect("generated configs are valid");
    let steps = u.int_in_range(0..=400).unwrap_or(0);
    for _ in 0..steps {
        if !play_any(&mut u, &mut session) {
            break;
        }
    }
    for seat in Seat::all(session.game().players()) {
        let mut world = session
            .sample(seat, seed.wrapping_add(seat.index() as u64))
            .expect("a seat of a real game samples");
        check_world(&session, &world, seat);
        while play_any(&mut u, &mut world) {}
        assert!(world.game().is_over() || u.is_empty());
    }
}

/// What `seat` knows is the same in the real session and in the sampled one.
fn check_world(real: &Session, world: &Session, seat: Seat) {
    world.game().validate().expect("samples are valid");
    assert_eq!(world.player_view(seat), real.player_view(seat));
    assert_eq!(world.game().public_view(), real.game().public_view());
    assert!(
        world
            .events_for(Some(seat), 0)
            .eq(real.events_for(Some(seat), 0)),
        "the seat's log is the same"
    );
    let loaded = Session::from_json(&world.to_json()).expect("a sample is a replay");
    assert_eq!(&loaded, world);
}

/// One step: pending chance from the generator, else a legal action chosen by the fuzzer
/// (the first when the data runs out). Returns false once the game is over.
fn play_any(u: &mut Unstructured<'_>, session: &mut Session) -> bool {
    let seat = match session.game().actor() {
        Actor::Chance => {
            session.resolve_chance();
            return true;
        }
        Actor::Seat(seat) => seat,
        Actor::Voters(seats) => seats.iter().next().expect("a voter waits"),
        Actor::Nobody => return false,
    };
    let legal = session.game().legal_actions(seat);
    let action = u.choose(&legal).copied().unwrap_or(legal[0]);
    session.apply(seat, action).expect("listed actions apply");
    true
}
