//! Playing games between bots.

use rand_core::RngCore;

use super::Bot;
use crate::{Actor, EventSink, Game};

/// Plays `game` to the end: chance from `rng`, each seat `s` by `bots[s]` (seen through its
/// player view), events into `sink`. A vote asks the waiting seats in seat order.
///
/// Stops early, returning `false`, if a bot returns no action or an illegal one (the game
/// is then left as it was before that move); returns `true` once the game is over.
///
/// ```
/// use kingup_core::{play, Bot, Config, Game, HeuristicBot, RandomBot};
/// use rand::{SeedableRng, rngs::SmallRng};
///
/// let mut a = HeuristicBot::new(SmallRng::seed_from_u64(1));
/// let mut b = RandomBot::new(SmallRng::seed_from_u64(2));
/// let mut c = RandomBot::new(SmallRng::seed_from_u64(3));
/// let mut bots: [&mut dyn Bot; 3] = [&mut a, &mut b, &mut c];
/// let mut game = Game::new(Config::new(3))?;
/// assert!(play(&mut game, &mut bots, &mut SmallRng::seed_from_u64(4), &mut ()));
/// assert!(game.winners().is_some());
/// # Ok::<(), kingup_core::ConfigError>(())
/// ```
pub fn play<R, S>(game: &mut Game, bots: &mut [&mut dyn Bot], rng: &mut R, sink: &mut S) -> bool
where
    R: RngCore + ?Sized,
    S: EventSink + ?Sized,
{
    loop {
        let seat = match game.actor() {
            Actor::Chance => {
                game.resolve_chance(rng, sink);
                continue;
            }
            Actor::Seat(seat) => seat,
            Actor::Voters(seats) => match seats.iter().next() {
                Some(seat) => seat,
                None => return false,
            },
            Actor::Nobody => return true,
        };
        let Some(bot) = bots.get_mut(seat.index()) else {
            return false;
        };
        let Some(action) = bot.choose(&game.player_view(seat)) else {
            return false;
        };
        if game.apply_with(seat, action, sink).is_err() {
            return false;
        }
    }
}
