//! Replay records: a config and every step, enough to reproduce a game exactly.

use crate::{Game, InvalidState, Snapshot};

/// A game of King Up! as a record: its config, then every chance outcome and action in
/// order (the table's [`Replay`](kingup_table::Replay) for this game).
///
/// ```
/// use kingup_core::{Actor, Config, Game, Replay, Step};
/// use rand::{SeedableRng, rngs::SmallRng};
///
/// let mut rng = SmallRng::seed_from_u64(3);
/// let mut replay = Replay::new(Config::new(3));
/// let mut game = Game::new(replay.config)?;
/// while !game.is_over() {
///     let step = match game.actor() {
///         Actor::Chance => Step::Chance(game.sample_chance(&mut rng).unwrap()),
///         Actor::Seat(seat) => Step::Action { seat, action: game.legal_actions(seat)[0] },
///         Actor::Voters(seats) => {
///             let seat = seats.iter().next().unwrap();
///             Step::Action { seat, action: game.legal_actions(seat)[0] }
///         }
///         Actor::Nobody => unreachable!(),
///     };
///     game.apply_step(step, &mut ())?;
///     replay.steps.push(step);
/// }
/// assert_eq!(replay.play()?, game);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type Replay = kingup_table::Replay<Game>;

/// A replay could not be played back: its config is unplayable or a step is refused.
pub type ReplayError = kingup_table::ReplayError<Game>;

/// A hand-built position is checked by searching for a history that reaches it
/// ([`Game::from_snapshot`]); `Replay::from_snapshot` returns that history, to replay,
/// save or study:
///
/// ```
/// use kingup_core::{Config, Game, Generator, Replay};
///
/// let mut game = Game::new(Config::new(4))?;
/// game.play_random(&mut Generator::new(3));
/// let replay = Replay::from_snapshot(&game.snapshot())?;
/// assert_eq!(replay.play()?, game);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl kingup_table::Reach for Game {
    type Snapshot = Snapshot;
    type InvalidState = InvalidState;

    fn history(snapshot: &Snapshot) -> Result<Replay, InvalidState> {
        let steps = crate::game::history(snapshot)?;
        Ok(Replay {
            config: snapshot.config,
            steps: steps.into_iter().collect(),
        })
    }
}
