//! The extension trait of games with hidden information.

#[cfg(feature = "alloc")]
use crate::Session;
use crate::{Rules, Seat};

/// A game whose seats hold secrets (King Up!'s objectives and committed votes): what one
/// seat may see, and worlds drawn from what it knows. A game without hidden information
/// (To Court the King) does not implement it; the generic session offers
/// [`Session::player_view`] and [`Session::sample`] only to games that do.
pub trait HiddenInformation: Rules {
    /// Everything public plus one seat's own secrets.
    type View;
    /// Why a world could not be drawn.
    type SampleError;

    /// `seat`'s view of the game.
    fn player_view(&self, seat: Seat) -> Self::View;

    /// A session whose game is drawn uniformly among those consistent with what `seat`
    /// knows in `session`, with the same public history, its generator `Generator::new(seed)`.
    #[cfg(feature = "alloc")]
    fn sample_session(
        session: &Session<Self>,
        seat: Seat,
        seed: u64,
    ) -> Result<Session<Self>, Self::SampleError>;
}
