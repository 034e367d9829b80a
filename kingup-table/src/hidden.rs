//! The extension trait of games with hidden information.

use crate::{Rules, Seat, Session};

/// A game whose seats hold secrets (King Up!'s objectives and committed votes): worlds
/// drawn from what one seat knows. A game without hidden information (To Court the King)
/// does not implement it; the generic session offers [`Session::sample`] only to games that
/// do.
pub trait HiddenInformation: Rules {
    /// Why a world could not be drawn.
    type SampleError;

    /// A session whose game is drawn uniformly among those consistent with what `seat`
    /// knows in `session`, with the same public history, its generator `Generator::new(seed)`.
    fn sample_session(
        session: &Session<Self>,
        seat: Seat,
        seed: u64,
    ) -> Result<Session<Self>, Self::SampleError>;
}
