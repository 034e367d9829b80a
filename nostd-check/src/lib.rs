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

use kingup_core::{Actor, Config, Game, Seat, SeatSet, Setup};
use rand_core::RngCore;

#[panic_handler]
fn panic(_: &PanicInfo<'_>) -> ! {
    loop {}
}

/// A xorshift64 generator: the engine takes any [`RngCore`] and owns none.
#[derive(Clone, Debug)]
pub struct XorShift(u64);

impl XorShift {
    /// A generator from `seed` (0 is replaced, xorshift has no zero state).
    pub const fn new(seed: u64) -> XorShift {
        XorShift(if seed == 0 {
            0x9E37_79B9_7F4A_7C15
        } else {
            seed
        })
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

impl RngCore for XorShift {
    fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }

    fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn fill_bytes(&mut self, dest: &mut [u8]) {
        for chunk in dest.chunks_mut(8) {
            let bytes = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
    }
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
    let mut rng = XorShift::new(seed);
    let mut events = kingup_core::Events::new();
    loop {
        let seat: Seat = match game.actor() {
            Actor::Chance => {
                game.resolve_chance(&mut rng, &mut ());
                continue;
            }
            Actor::Seat(seat) => seat,
            Actor::Voters(waiting) => waiting.iter().next()?,
            Actor::Nobody => break,
        };
        let legal = game.legal_actions(seat);
        if legal.is_empty() {
            return None;
        }
        let action = legal[rng.below(legal.len())];
        events.clear();
        game.apply_with(seat, action, &mut events).ok()?;
    }
    game.validate().ok()?;
    game.winners()
}
