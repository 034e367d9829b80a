//! The policy trait every bot implements, for either game.

use kingup_core::PlayerView;
use kingup_core::kingup_table::SeatView;

/// A policy: picks an action for the seat whose view `V` it is given. A bot sees what its
/// seat may see ([`Rules::player_view`](kingup_core::kingup_table::Rules::player_view)),
/// never more: in King Up! (the default) a [`PlayerView`], in To Court the King (no hidden
/// information) the whole game from that seat ([`kingup_court::PlayerView`]). A game's
/// bots are `Bot<G::View>`s.
///
/// ```
/// use kingup_bots::{Bot, RandomBot};
/// use kingup_core::{Actor, Config, Game, Generator};
///
/// let mut bot = RandomBot::new(Generator::new(2));
/// let mut game = Game::new(Config::new(3))?;
/// game.resolve_chance(&mut Generator::new(1), &mut ());
/// let Actor::Seat(seat) = game.actor() else { unreachable!() };
/// let action = bot.choose(&game.player_view(seat)).expect("the seat is to move");
/// game.apply(seat, action)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// The same bot plays To Court the King:
///
/// ```
/// use kingup_bots::{Bot, RandomBot};
/// use kingup_court::{Config, Game, Generator};
///
/// let mut bot = RandomBot::new(Generator::new(2));
/// let mut game = Game::new(Config::new(3))?;
/// let seat = game.next_seat_after_chance(&mut Generator::new(1)).expect("a seat to move");
/// let action = bot.choose(&game.player_view(seat)).expect("the seat is to move");
/// game.apply(seat, action)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Bot<V: SeatView = PlayerView> {
    /// A legal action for the view's seat, or `None` when that seat may not act now.
    fn choose(&mut self, view: &V) -> Option<V::Action>;

    /// A short name for reports.
    fn name(&self) -> &str;
}

impl<V: SeatView, B: Bot<V> + ?Sized> Bot<V> for &mut B {
    fn choose(&mut self, view: &V) -> Option<V::Action> {
        (**self).choose(view)
    }

    fn name(&self) -> &str {
        (**self).name()
    }
}

impl<V: SeatView, B: Bot<V> + ?Sized> Bot<V> for Box<B> {
    fn choose(&mut self, view: &V) -> Option<V::Action> {
        (**self).choose(view)
    }

    fn name(&self) -> &str {
        (**self).name()
    }
}
