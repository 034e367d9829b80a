//! Snapshot, view, replay and config JSON decoding.

use kingup_core::{Config, Game, PlayerView, PublicView, Replay};

/// Feeds the bytes to every JSON decoder. Whatever decodes must be valid and survive a
/// round trip; nothing may panic.
pub fn decode_json(data: &[u8]) {
    if let Ok(game) = serde_json::from_slice::<Game>(data) {
        game.validate().expect("a decoded snapshot is validated");
        let text = serde_json::to_string(&game).expect("a game serializes");
        let back: Game = serde_json::from_str(&text).expect("a written snapshot reads back");
        assert_eq!(back, game);
        for seat in kingup_core::Seat::all(game.players()) {
            let _ = game.legal_actions(seat);
            let _ = game.player_view(seat).info_state_key();
        }
    }
    if let Ok(replay) = serde_json::from_slice::<Replay>(data) {
        if let Ok(game) = replay.play() {
            game.validate().expect("a replayed game is valid");
        }
    }
    if let Ok(config) = serde_json::from_slice::<Config>(data) {
        if let Ok(game) = Game::new(config) {
            game.validate().expect("a new game is valid");
        }
    }
    if let Ok(view) = serde_json::from_slice::<PlayerView>(data) {
        let _ = view.legal_actions();
        let _ = view.info_state().to_string();
        if let Ok(world) = view.sample(&mut Counter(1)) {
            world.validate().expect("a sample is validated");
        }
    }
    if let Ok(view) = serde_json::from_slice::<PublicView>(data) {
        let _ = view.winners();
        let _ = view.to_string();
    }
}

/// A deterministic stand-in RNG for decoding checks.
pub(crate) struct Counter(pub(crate) u64);

impl kingup_core::rand_core::RngCore for Counter {
    fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }

    fn next_u64(&mut self) -> u64 {
        // SplitMix64.
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn fill_bytes(&mut self, dest: &mut [u8]) {
        for chunk in dest.chunks_mut(8) {
            let bytes = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
    }
}
