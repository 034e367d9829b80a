//! Replay records: a config and every step, enough to reproduce a game exactly.

use crate::Game;

/// A game of To Court the King as a record: its config, then every chance outcome and
/// action in order (the table's [`Replay`](kingup_table::Replay) for this game).
///
/// ```
/// use kingup_court::{Actor, Config, Game, Generator, Replay, Step};
///
/// let mut rng = Generator::new(3);
/// let mut config = Config::new(2);
/// config.max_rounds = Some(3);
/// let mut replay = Replay::new(config);
/// let mut game = Game::new(config)?;
/// while !game.is_over() {
///     let step = match game.actor() {
///         Actor::Chance => Step::Chance(game.sample_chance(&mut rng).unwrap()),
///         Actor::Seat(seat) => Step::Action { seat, action: game.legal_actions(seat)[0] },
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
