//! Snapshots: a game's state as plain data, and hand-built states accepted only with a
//! history that reaches them.

use super::{Game, MAX_ROUNDS, reach};
use crate::{CardId, Castle, Character, Config, InvalidState, Phase, Seat, SeatSet};

/// A game's state as plain data: every field public, nothing checked — what a test, an
/// analysis tool or a puzzle builds by hand, in the spirit of shakmaty's `Setup`.
///
/// [`Game::from_snapshot`] turns it into a [`Game`] only if a sequence of moves the rules
/// accept leads to exactly this state (it searches for one), so a hand-built state can
/// never be an impossible one. [`Game::snapshot`] goes the other way. With feature
/// `serde` this is the snapshot JSON form (`{"version": 1, "config": …, "round": …}`).
///
/// ```
/// use kingup_core::{Action, Config, Floor, Game, Generator, InvalidState, Seat};
///
/// let mut game = Game::new(Config::new(3))?;
/// game.resolve_chance(&mut Generator::new(5), &mut ());
/// let seat = game.next_seat().unwrap();
/// game.apply(seat, "B4".parse()?)?;
///
/// let mut snapshot = game.snapshot();
/// assert_eq!(Game::from_snapshot(&snapshot), Ok(game));
///
/// // Beatrice one floor lower, placed by the same seat: another game the rules allow.
/// snapshot.castle.put(kingup_core::Character::Beatrice, Floor::Officials);
/// assert!(Game::from_snapshot(&snapshot).is_ok());
///
/// // Beatrice on the throne during the placement: no history leads there.
/// snapshot.castle.put(kingup_core::Character::Beatrice, Floor::Throne);
/// assert!(Game::from_snapshot(&snapshot).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "form::Form", into = "form::Form")
)]
pub struct Snapshot {
    /// The configuration.
    pub config: Config,
    /// The current round index, from 0.
    pub round: u8,
    /// The current phase.
    pub phase: Phase,
    /// The castle.
    pub castle: Castle,
    /// The current round's first player (`None` before round 1's random draw).
    pub first_player: Option<Seat>,
    /// The seat to move in placement and climb (the last candidate's mover during a vote
    /// and once a round is scored).
    pub to_move: Seat,
    /// The seat holding the crown.
    pub crown: Option<Seat>,
    /// Seats that committed a vote in the current election.
    pub voted: SeatSet,
    /// Seats that committed a No in the current election.
    pub voted_no: SeatSet,
    /// By character: the seats that placed or climbed it this round.
    pub movers: [SeatSet; Character::COUNT],
    /// By character: the seats whose No eliminated it this round.
    pub no_votes: [SeatSet; Character::COUNT],
    /// Objective cards by round and seat.
    pub objectives: [[Option<CardId>; Seat::MAX]; MAX_ROUNDS],
    /// Points by round and seat.
    pub scores: [[u8; Seat::MAX]; MAX_ROUNDS],
}

impl Game {
    /// The state as plain data.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
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
    }

    /// The game in state `snapshot`, if the rules can reach it: checks every field
    /// ([`Game::validate`]), then searches for a history — deals, placements, climbs and
    /// votes the engine accepts one by one — that leads to exactly this state. Refused with
    /// [`InvalidState::Unreachable`] when there is none, and [`InvalidState::Undecided`]
    /// when the search gives up first (no history, no acceptance).
    ///
    /// The search takes microseconds for states from play; for any input it stops after
    /// [`HISTORY_BUDGET`](crate::HISTORY_BUDGET) search nodes (two million: one to two
    /// seconds of one core in a release build).
    pub fn from_snapshot(snapshot: &Snapshot) -> Result<Game, InvalidState> {
        let game = Game::unchecked(snapshot);
        reach::history(&game)?;
        Ok(game)
    }

    /// The game with `snapshot`'s fields, unchecked.
    pub(crate) fn unchecked(s: &Snapshot) -> Game {
        Game {
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
        }
    }
}

/// A history of `snapshot`'s state: steps that reach it from the start.
#[cfg(feature = "alloc")]
pub(crate) fn history(snapshot: &Snapshot) -> Result<reach::Steps, InvalidState> {
    reach::history(&Game::unchecked(snapshot))
}

#[cfg(feature = "serde")]
impl serde::Serialize for Game {
    /// The snapshot form.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.snapshot().serialize(s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Game {
    /// Reads a snapshot and accepts it only with a history ([`Game::from_snapshot`]).
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        use serde::de::Error;
        let snapshot = Snapshot::deserialize(d)?;
        Game::from_snapshot(&snapshot)
            .map_err(|e| D::Error::custom(format_args!("impossible game state: {e}")))
    }
}

/// The versioned serde form of a snapshot.
#[cfg(feature = "serde")]
mod form {
    use serde::{Deserialize, Serialize};

    use super::{MAX_ROUNDS, Snapshot};
    use crate::{CardId, Castle, Character, Config, Phase, Seat, SeatSet};

    /// The snapshot format version written and accepted.
    const VERSION: u32 = 1;

    /// The serde form: the fields spelled out, after a version.
    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub(super) struct Form {
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
        movers: [SeatSet; Character::COUNT],
        no_votes: [SeatSet; Character::COUNT],
        objectives: [[Option<CardId>; Seat::MAX]; MAX_ROUNDS],
        scores: [[u8; Seat::MAX]; MAX_ROUNDS],
    }

    /// A snapshot of another format version.
    #[derive(Debug)]
    pub(super) struct VersionError(u32);

    impl core::fmt::Display for VersionError {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            write!(
                f,
                "unsupported snapshot version {} (expected {VERSION})",
                self.0
            )
        }
    }

    impl From<Snapshot> for Form {
        fn from(s: Snapshot) -> Form {
            Form {
                version: VERSION,
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
            }
        }
    }

    impl TryFrom<Form> for Snapshot {
        type Error = VersionError;

        fn try_from(f: Form) -> Result<Snapshot, VersionError> {
            if f.version != VERSION {
                return Err(VersionError(f.version));
            }
            Ok(Snapshot {
                config: f.config,
                round: f.round,
                phase: f.phase,
                castle: f.castle,
                first_player: f.first_player,
                to_move: f.to_move,
                crown: f.crown,
                voted: f.voted,
                voted_no: f.voted_no,
                movers: f.movers,
                no_votes: f.no_votes,
                objectives: f.objectives,
                scores: f.scores,
            })
        }
    }
}
