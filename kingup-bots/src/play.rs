//! Playing games between bots.

use kingup_core::rand_core::Rng;
use kingup_core::{Actor, EventSink, Game};

use crate::Bot;

/// Plays `game` to the end: chance from `rng`, each seat `s` by `bots[s]` (seen through its
/// player view), events into `sink`. A vote asks the waiting seats in seat order.
///
/// Stops early, returning `false`, if a bot returns no action or an illegal one (the game
/// is then left as it was before that move); returns `true` once the game is over.
///
/// ```
/// use kingup_bots::{Bot, HeuristicBot, RandomBot, play};
/// use kingup_core::{Config, Game, Generator};
///
/// let mut a = HeuristicBot::new(Generator::new(1));
/// let mut b = RandomBot::new(Generator::new(2));
/// let mut c = RandomBot::new(Generator::new(3));
/// let mut bots: [&mut dyn Bot; 3] = [&mut a, &mut b, &mut c];
/// let mut game = Game::new(Config::new(3))?;
/// assert!(play(&mut game, &mut bots, &mut Generator::new(4), &mut ()));
/// assert!(game.winners().is_some());
/// # Ok::<(), kingup_core::ConfigError>(())
/// ```
pub fn play<R, S>(game: &mut Game, bots: &mut [&mut dyn Bot], rng: &mut R, sink: &mut S) -> bool
where
    R: Rng + ?Sized,
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
