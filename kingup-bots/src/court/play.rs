//! Playing a court game between bots.

use kingup_court::rand_core::Rng;
use kingup_court::{EventSink, Game};

use super::Bot;

/// Plays `game` to the end: chance from `rng`, each seat `s` by `bots[s]`, events into
/// `sink`.
///
/// Stops early, returning `false`, if a seat has no bot or its bot returns no action or an
/// illegal one (the game is then left as it was before that move); returns `true` once the
/// game is over (won, or truncated at `max_rounds`: without a bound, bots that never buy
/// the King play forever).
///
/// ```
/// use kingup_bots::court::{Bot, GreedyBot, play};
/// use kingup_court::Generator;
/// use kingup_court::{Config, Game};
///
/// let (mut a, mut b, mut c) = (GreedyBot::new(), GreedyBot::new(), GreedyBot::new());
/// let mut seats: [&mut dyn Bot; 3] = [&mut a, &mut b, &mut c];
/// let mut game = Game::new(Config::new(3))?;
/// assert!(play(&mut game, &mut seats, &mut Generator::new(4), &mut ()));
/// assert!(game.winner().is_some());
/// # Ok::<(), kingup_court::ConfigError>(())
/// ```
pub fn play<R, S>(game: &mut Game, bots: &mut [&mut dyn Bot], rng: &mut R, sink: &mut S) -> bool
where
    R: Rng + ?Sized,
    S: EventSink + ?Sized,
{
    loop {
        game.resolve_chance(rng, sink);
        let Some(seat) = game.next_seat() else {
            return game.is_over();
        };
        let Some(bot) = bots.get_mut(seat.index()) else {
            return false;
        };
        let Some(action) = bot.choose(game, seat) else {
            return false;
        };
        if game.apply_with(seat, action, sink).is_err() {
            return false;
        }
    }
}
