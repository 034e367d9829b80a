//! The policy trait every court bot implements.

use kingup_court::Seat;
use kingup_court::{Action, Game};

/// A policy for To Court the King: picks an action for `seat`.
///
/// The game has no hidden information, so a bot sees the whole [`Game`]; it must not change
/// it (it gets a shared reference) and draws any randomness from its own source.
///
/// ```
/// use kingup_bots::court::{Bot, RandomBot};
/// use kingup_court::Generator;
/// use kingup_court::{Config, Game};
///
/// let mut bot = RandomBot::new(Generator::new(2));
/// let mut game = Game::new(Config::new(3))?;
/// let seat = game.next_seat_after_chance(&mut Generator::new(1)).expect("a seat to move");
/// let action = bot.choose(&game, seat).expect("the seat is to move");
/// game.apply(seat, action)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Bot {
    /// A legal action for `seat`, or `None` when that seat may not act now.
    fn choose(&mut self, game: &Game, seat: Seat) -> Option<Action>;

    /// A short name for reports.
    fn name(&self) -> &str;
}

impl<B: Bot + ?Sized> Bot for &mut B {
    fn choose(&mut self, game: &Game, seat: Seat) -> Option<Action> {
        (**self).choose(game, seat)
    }

    fn name(&self) -> &str {
        (**self).name()
    }
}

impl<B: Bot + ?Sized> Bot for Box<B> {
    fn choose(&mut self, game: &Game, seat: Seat) -> Option<Action> {
        (**self).choose(game, seat)
    }

    fn name(&self) -> &str {
        (**self).name()
    }
}
