//! The full snapshot: a versioned, readable serde form of [`Game`], validated on load.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{Game, MAX_ROUNDS};
use crate::{CardId, Castle, Character, Config, Phase, Seat, SeatSet};

/// The snapshot format version written and accepted.
const VERSION: u32 = 1;

/// The serde form of a game. Fields are spelled out rather than derived from `Game`, so the
/// format stays stable when the in-memory layout changes.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Snapshot {
    version: u32,
    config: Config,
    round: u8,
    phase: Phase,
    castle: Castle,
    first_player: Option<Seat>,
    to_move: Seat,
    crown: Option<Seat>,
    voted: SeatSet,
    voted_no: SeatSet,
    /// By character id: the seats that moved it this round.
    movers: [SeatSet; Character::COUNT],
    /// By character id: the seats whose No eliminated it this round.
    no_votes: [SeatSet; Character::COUNT],
    objectives: [[Option<CardId>; Seat::MAX]; MAX_ROUNDS],
    scores: [[u8; Seat::MAX]; MAX_ROUNDS],
}

impl Serialize for Game {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Snapshot {
            version: VERSION,
            config: self.config,
            round: self.round,
            phase: self.phase,
            castle: self.castle,
            first_player: self.first_player,
            to_move: self.to_move,
            crown: self.crown,
            voted: self.voted,
            voted_no: self.voted_no,
            movers: self.movers,
            no_votes: self.no_votes,
            objectives: self.objectives,
            scores: self.scores,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Game {
    /// Reads a snapshot and accepts it only if [`Game::validate`] does.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        use serde::de::Error;
        let s = Snapshot::deserialize(d)?;
        if s.version != VERSION {
            return Err(D::Error::custom(format_args!(
                "unsupported snapshot version {} (expected {VERSION})",
                s.version
            )));
        }
        let game = Game {
            config: s.config,
            round: s.round,
            phase: s.phase,
            castle: s.castle,
            first_player: s.first_player,
            to_move: s.to_move,
            crown: s.crown,
            voted: s.voted,
            voted_no: s.voted_no,
            movers: s.movers,
            no_votes: s.no_votes,
            objectives: s.objectives,
            scores: s.scores,
        };
        game.validate()
            .map_err(|e| D::Error::custom(format_args!("impossible game state: {e}")))?;
        Ok(game)
    }
}
