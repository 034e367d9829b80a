//! Proof that `kingup-core` builds with neither `std` nor `alloc`.
//!
//! This crate is `#![no_std]`, defines its own `#[panic_handler]`, and is built as a
//! `staticlib` with `panic = "abort"`. If `std` leaked into the dependency graph (a
//! dependency's default features, a feature unified from elsewhere), the build would fail
//! with a duplicate `panic_impl` lang item; if `alloc` leaked, the staticlib would fail for
//! want of a `#[global_allocator]`.
//!
//! `kingup-core/tests/no_std.rs` builds it. It is its own workspace so that nothing from
//! the main workspace unifies into its features.

#![no_std]
#![forbid(unsafe_code)]

use core::panic::PanicInfo;

use kingup_core::{Config, Game, Generator, SeatSet, Setup};

#[panic_handler]
fn panic(_: &PanicInfo<'_>) -> ! {
    loop {}
}

/// Plays one whole game between random players and returns the winners, or `None` if
/// the configuration is invalid or an action the engine listed as legal was refused.
///
/// `players` is 3 to 6, `rounds` 1 or 3; `random_layout` picks the online variant.
pub fn play_random_game(
    players: u8,
    rounds: u8,
    random_layout: bool,
    seed: u64,
) -> Option<SeatSet> {
    let mut config = Config::new(players);
    config.rounds = rounds;
    if random_layout {
        config.setup = Setup::RandomLayout;
    }
    let mut game = Game::new(config).ok()?;
    let mut rng = Generator::new(seed);
    let mut events = kingup_core::Events::new();
    loop {
        game.resolve_chance(&mut rng, &mut ());
        let Some((seat, action)) = game.random_action(&mut rng) else {
            break;
        };
        events.clear();
        game.apply_with(seat, action, &mut events).ok()?;
    }
    game.validate().ok()?;
    game.winners()
}
