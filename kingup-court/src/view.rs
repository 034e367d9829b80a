//! What one seat sees: the whole game (To Court the King hides nothing), from its seat.

use kingup_table::SeatView;
use rand_core::Rng;

use crate::{Action, Game, Seat};

/// What `seat` sees of the game: all of it, since To Court the King has no hidden
/// information, together with the seat it is seen from. Players decide from it, as King
/// Up!'s players decide from theirs.
///
/// ```
/// use kingup_court::{Config, Game, Generator, PlayerView};
/// use kingup_court::kingup_table::SeatView;
///
/// let mut game = Game::new(Config::new(3))?;
/// let seat = game.next_seat_after_chance(&mut Generator::new(1)).expect("a seat to move");
/// let view: PlayerView = game.player_view(seat);
/// assert_eq!(view.seat(), seat);
/// let action = view.random_action(&mut Generator::new(2)).expect("the seat is to move");
/// assert!(view.game.is_legal(seat, action));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayerView {
    /// The seat the game is seen from.
    pub seat: Seat,
    /// The game, whole.
    pub game: Game,
}

impl Game {
    /// The game as `seat` sees it: all of it ([`PlayerView`]).
    #[inline]
    pub const fn player_view(&self, seat: Seat) -> PlayerView {
        PlayerView { seat, game: *self }
    }
}

impl SeatView for PlayerView {
    type Game = Game;
    type Action = Action;

    #[inline]
    fn seat(&self) -> Seat {
        self.seat
    }

    #[inline]
    fn legal_mask(&self) -> crate::ActionSet {
        self.game.legal_mask(self.seat)
    }

    /// The [`Game::random_action`] draw for the viewer: `below(count)` over its legal
    /// actions in index order.
    fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        let legal = self.game.legal_mask(self.seat);
        if legal.is_empty() {
            return None;
        }
        legal.nth(crate::below(rng, legal.len() as u32) as usize)
    }
}
