//! Playing games between bots, in either game.

use kingup_core::kingup_table::{EventSink, Rules};
use kingup_core::rand_core::Rng;

use crate::Bot;

/// Plays `game` to the end: chance from `rng`, each seat `s` by `bots[s]` (seen through its
/// player view), events into `sink`. The seat asked is the game's next seat (in a King Up!
/// vote, the waiting seats in seat order).
///
/// Stops early, returning `false`, if a seat has no bot or its bot returns no action or an
/// illegal one (the game is then left as it was before that move); returns `true` once the
/// game is over.
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
///
/// To Court the King plays through the same loop:
///
/// ```
/// use kingup_bots::court::GreedyBot;
/// use kingup_bots::{Bot, RandomBot, play};
/// use kingup_court::{Config, Game, Generator, PlayerView};
///
/// let (mut a, mut b) = (GreedyBot::new(), RandomBot::new(Generator::new(2)));
/// let mut bots: [&mut dyn Bot<PlayerView>; 2] = [&mut a, &mut b];
/// let mut game = Game::new(Config::new(2))?;
/// assert!(play(&mut game, &mut bots, &mut Generator::new(4), &mut ()));
/// assert!(game.winner().is_some());
/// # Ok::<(), kingup_court::ConfigError>(())
/// ```
pub fn play<G, R, S>(
    game: &mut G,
    bots: &mut [&mut dyn Bot<G::View>],
    rng: &mut R,
    sink: &mut S,
) -> bool
where
    G: Rules,
    R: Rng + ?Sized,
    S: EventSink<G::Event> + ?Sized,
{
    loop {
        game.resolve_chance(rng, sink);
        let Some(seat) = game.next_seat() else {
            return game.is_over();
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
