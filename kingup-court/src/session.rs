//! The session of a To Court the King game: the table's generic
//! [`Session`](kingup_table::Session) for [`Game`].

#[cfg(feature = "json")]
use kingup_table::Rules;

use crate::Game;

/// A game of To Court the King as a front end runs it: the [`Game`], the
/// [`Replay`](crate::Replay) of every step since the start, the event log, and the
/// [`Generator`](crate::Generator) the dice are drawn from (the table's
/// [`Session`](kingup_table::Session) for this game).
///
/// - **Seeds**: `Session::new` seeds the generator; the same config, seed and actions give
///   the same game everywhere.
/// - **Saves are replays**: a save holds the config, the chance mode, the generator's
///   state and the steps; loading replays the steps through the rules, so only a state the
///   rules can reach loads. The generator state predicts every die to come: a save is the
///   host's.
/// - **Undo** takes back a seat's own last actions while no chance step came since (a die
///   rolled cannot be unseen). The game has no hidden information, so events need no
///   redaction.
///
/// ```
/// use kingup_court::{Config, Phase, Session};
///
/// let mut session = Session::new(Config::new(2), 2026)?;
/// // Chance is automatic: the first player is drawn, a seat is to move.
/// let seat = session.game().next_seat().unwrap();
/// session.apply(seat, "roll".parse()?)?; // the dice are rolled at once
/// assert_eq!(session.game().phase(), Phase::Dice);
/// assert_eq!(session.game().active().len(), 3);
///
/// let face = session.game().active().highest().unwrap();
/// session.apply(seat, kingup_court::Action::set_aside(face))?;
/// session.undo(seat)?; // nothing rolled since: it can be taken back
/// assert_eq!(session.game().aside().len(), 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type Session = kingup_table::Session<Game>;

/// A save document or replay that does not load; nothing was created.
pub type LoadError = kingup_table::LoadError<Game>;

/// Longest save document `Session::from_json` reads: 16 MiB. A random 5-player game of
/// 100 rounds takes about 0.3 MiB; the rules set no bound on rounds, so the limit is wide.
#[cfg(feature = "json")]
pub const MAX_SAVE_LEN: usize = <Game as Rules>::MAX_SAVE_LEN;
