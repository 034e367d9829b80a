//! The extension trait of games whose hand-built positions are checked for reachability.

use crate::{Replay, Rules};

/// A game that can take a hand-built position (a snapshot, for tests and analysis) and
/// find a history of steps that reaches it, refusing a position the rules cannot reach.
pub trait Reach: Rules {
    /// A hand-built position: every field of a state, spelled out.
    type Snapshot;
    /// Why a snapshot is not a state the rules can reach.
    type InvalidState;

    /// A record of a game that reaches `snapshot`.
    fn history(snapshot: &Self::Snapshot) -> Result<Replay<Self>, Self::InvalidState>;
}

impl<G: Reach> Replay<G> {
    /// A record that reaches `snapshot`, found by the game's search ([`Reach::history`]):
    /// the history that proves a hand-built state reachable, to replay, save or study.
    pub fn from_snapshot(snapshot: &G::Snapshot) -> Result<Replay<G>, G::InvalidState> {
        G::history(snapshot)
    }
}
