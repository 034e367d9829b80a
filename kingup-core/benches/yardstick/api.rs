//! The same random game through the engine's public API, three ways. Chance is resolved by
//! the engine from the same generator the players draw from.

use kingup_core::{Config, Event, EventSink, Game, Generator};

/// A new standard game of `players`.
pub(crate) fn new_game(players: usize) -> Game {
    Game::new(Config::new(players as u8)).expect("the standard game is valid")
}

/// `Game::play_random`; returns the actions played.
pub(crate) fn play_random(rng: &mut Generator, players: usize) -> u32 {
    let mut game = new_game(players);
    game.play_random(rng)
}

/// The seat that acts next, chance resolved first; `None` once the game is over.
#[inline(always)]
fn next_seat<S: EventSink>(
    game: &mut Game,
    rng: &mut Generator,
    sink: &mut S,
) -> Option<kingup_core::Seat> {
    if let Some(seat) = game.next_seat() {
        return Some(seat);
    }
    if game.is_over() {
        return None;
    }
    game.resolve_chance(rng, sink);
    game.next_seat()
}

/// The `n`-th legal action: `legal_action_count` + `nth_legal_action` + `apply_unchecked`
/// (the options generated once a step); returns the actions played.
pub(crate) fn nth_legal(rng: &mut Generator, players: usize) -> u32 {
    let mut game = new_game(players);
    let mut actions = 0;
    while let Some(seat) = next_seat(&mut game, rng, &mut ()) {
        let count = game.legal_action_count(seat) as u32;
        let n = rng.below(count) as usize;
        let action = game
            .nth_legal_action(seat, n)
            .expect("n is below the count");
        game.apply_unchecked(seat, action);
        actions += 1;
    }
    actions
}

/// The list: `legal_actions` + `apply_unchecked`; returns the actions played.
pub(crate) fn list(rng: &mut Generator, players: usize) -> u32 {
    let mut game = new_game(players);
    let mut actions = 0;
    while let Some(seat) = next_seat(&mut game, rng, &mut ()) {
        let legal = game.legal_actions(seat);
        let action = legal[rng.below(legal.len() as u32) as usize];
        game.apply_unchecked(seat, action);
        actions += 1;
    }
    actions
}

/// Counts elections and eliminations from the events.
#[derive(Debug, Default)]
struct Tally {
    elections: u32,
    eliminations: u32,
}

impl kingup_core::kingup_table::EventSink<Event> for Tally {
    fn push(&mut self, event: Event) {
        match event {
            Event::ElectionCalled { .. } => self.elections += 1,
            Event::Eliminated { .. } => self.eliminations += 1,
            _ => {}
        }
    }
}

/// One random game played step by step through the checked API with events (the
/// reference for the yardstick's distributions).
pub(crate) fn reference(rng: &mut Generator, players: usize) -> crate::hand::Outcome {
    let mut game = new_game(players);
    let mut tally = Tally::default();
    let mut actions = 0;
    while let Some(seat) = next_seat(&mut game, rng, &mut tally) {
        let count = game.legal_action_count(seat) as u32;
        let action = game
            .nth_legal_action(seat, rng.below(count) as usize)
            .expect("n is below the count");
        game.apply_with(seat, action, &mut tally).expect("legal");
        actions += 1;
    }
    outcome(&game, actions, tally.elections, tally.eliminations)
}

/// What a finished game came to.
fn outcome(game: &Game, actions: u32, elections: u32, eliminations: u32) -> crate::hand::Outcome {
    let winners = game.winners().expect("the game is over");
    crate::hand::Outcome {
        actions,
        elections,
        eliminations,
        winning_total: game.totals().iter().copied().max().map_or(0, u32::from),
        winners: winners.len() as u32,
    }
}

/// One game by `Game::play_random`: its length and winners (elections and eliminations are
/// not visible after the fact, and are left 0).
pub(crate) fn by_play_random(rng: &mut Generator, players: usize) -> crate::hand::Outcome {
    let mut game = new_game(players);
    let actions = game.play_random(rng);
    outcome(&game, actions, 0, 0)
}
