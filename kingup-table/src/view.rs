//! What one seat may see of a game, and what a player needs from it.

use rand_core::Rng;

use crate::{Rules, Seat};

/// What one seat may see of a game: everything public and that seat's own secrets, never
/// another seat's. A bot decides from a view only ([`Rules::player_view`](crate::Rules::player_view)),
/// so it cannot use what its seat does not know.
pub trait SeatView {
    /// The game this is a view of (so that a player, which knows only its view, names its
    /// game).
    type Game: Rules<View = Self>;
    /// The game's action type.
    type Action;

    /// The seat whose view this is.
    fn seat(&self) -> Seat;

    /// The viewer's legal actions (empty when it may not act now): what a referee checks a
    /// player's answer against.
    fn legal_mask(&self) -> <Self::Game as Rules>::ActionMask;

    /// A uniformly random legal action of the viewer, drawn with one
    /// [`below`](crate::below)`(number of legal actions)` from `rng` and taken in index
    /// order; `None` when the viewer may not act now.
    fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Self::Action>;
}
