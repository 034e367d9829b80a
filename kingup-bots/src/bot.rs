//! The policy trait every bot implements.

use kingup_core::{Action, PlayerView};

/// A policy: picks an action for the viewing seat.
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
pub trait Bot {
    /// A legal action for `view.seat`, or `None` when that seat may not act now.
    fn choose(&mut self, view: &PlayerView) -> Option<Action>;

    /// A short name for reports.
    fn name(&self) -> &str;
}

impl<B: Bot + ?Sized> Bot for &mut B {
    fn choose(&mut self, view: &PlayerView) -> Option<Action> {
        (**self).choose(view)
    }

    fn name(&self) -> &str {
        (**self).name()
    }
}

impl<B: Bot + ?Sized> Bot for Box<B> {
    fn choose(&mut self, view: &PlayerView) -> Option<Action> {
        (**self).choose(view)
    }

    fn name(&self) -> &str {
        (**self).name()
    }
}
