//! The session of a King Up! game: the table's generic [`Session`](kingup_table::Session)
//! for [`Game`], with the game's hidden information (views, information-set sampling).

use alloc::vec::Vec;

use kingup_table::HiddenInformation;
#[cfg(feature = "json")]
use kingup_table::Rules;

use crate::{Action, ChanceOutcome, Game, Generator, InvalidState, Phase, Seat, Step, Vote};

/// A game of King Up! as a front end runs it: the [`Game`], the [`Replay`](crate::Replay)
/// of every step since the start, the event log, and the [`Generator`] chance is drawn from
/// (the table's [`Session`](kingup_table::Session) for this game).
///
/// Every front end (Python, C, C#, the terminal game) wraps a `Session`, so a seed, a save
/// document and a move mean the same game in each.
///
/// - **Seeds**: [`Session::new`](kingup_table::Session::new) seeds the [`Generator`]; the
///   same config, seed and actions give the same game everywhere.
/// - **Saves are replays**: a save holds the config, the chance mode, the generator's state
///   and the steps; loading replays the steps through the rules, so only a state the rules
///   can reach loads. A save holds every secret (the deals are among its steps, and the
///   generator predicts the next ones): it is the host's, never a player's.
/// - **Events** are logged unredacted; `events_for` redacts them for a viewer
///   ([`Event::redacted`](crate::Event::redacted)).
/// - **Undo** takes back a seat's own last actions while nothing was revealed since (no
///   deal, no vote reveal).
///
/// ```
/// use kingup_core::{Config, Session};
///
/// let mut session = Session::new(Config::new(4), 2026)?;
/// // Chance is automatic: round 1 is dealt and the first player drawn.
/// let seat = session.game().next_seat().unwrap();
/// let action = session.game().legal_actions(seat)[0];
/// let events = session.apply(seat, action)?;
/// assert_eq!(events.len(), 1);
/// assert!(session.events_for(Some(seat), 0).count() > 4);
///
/// // Take it back: nobody else has moved and nothing was revealed.
/// session.undo(seat)?;
/// assert_eq!(session.game().next_seat(), Some(seat));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type Session = kingup_table::Session<Game>;

/// A save document or replay that does not load; nothing was created.
pub type LoadError = kingup_table::LoadError<Game>;

/// Longest save document `Session::from_json` reads: 1 MiB, a hundred times a whole game.
#[cfg(feature = "json")]
pub const MAX_SAVE_LEN: usize = <Game as Rules>::MAX_SAVE_LEN;

impl HiddenInformation for Game {
    type SampleError = InvalidState;

    /// Draws the world from `seat`'s view
    /// ([`PlayerView::sample`](crate::PlayerView::sample)) and replays the session's steps
    /// with the other seats' hidden deals and pending votes replaced by the sampled ones. Fails only if `seat` does not play ([`InvalidState::Seat`]).
    fn sample_session(session: &Session, seat: Seat, seed: u64) -> Result<Session, InvalidState> {
        let game = session.game();
        let mut generator = Generator::new(seed);
        let world = game.player_view(seat).sample(&mut generator)?;
        let mut replay = session.replay().clone();
        substitute_secrets(game, &world, &mut replay.steps);
        // The sampled secrets are legal where the real ones were, so the replay succeeds
        // and reaches `world` (tested); the replay, not the sample, is what is returned.
        Session::from_replay(replay, generator, session.chance_mode())
            .map_err(|_| InvalidState::Objectives(game.round()))
    }
}

/// Replaces the current round's hidden deals and the pending election's votes in `steps`
/// (those that reached `game`) by `world`'s.
fn substitute_secrets(game: &Game, world: &Game, steps: &mut [Step]) {
    let round = game.round();
    if !matches!(game.phase(), Phase::Score | Phase::GameOver) {
        // This round's deals are the last ones, in seat order.
        let dealt: Vec<Seat> = Seat::all(game.players())
            .filter(|&s| game.objective_card(round, s).is_some())
            .collect();
        let deals = steps
            .iter_mut()
            .rev()
            .filter(|s| matches!(s, Step::Chance(ChanceOutcome::Deal(_))))
            .take(dealt.len());
        for (step, &seat) in deals.zip(dealt.iter().rev()) {
            if let Some(card) = world.objective_card(round, seat) {
                *step = Step::Chance(ChanceOutcome::Deal(card));
            }
        }
    }
    if game.phase() == Phase::Vote {
        let votes = steps
            .iter_mut()
            .rev()
            .filter(|s| {
                matches!(
                    s,
                    Step::Action {
                        action: Action::Vote(_),
                        ..
                    }
                )
            })
            .take(game.voted().len());
        for step in votes {
            if let Step::Action { seat, action } = step {
                let vote = world.committed_vote(*seat).unwrap_or(Vote::Yes);
                *action = Action::Vote(vote);
            }
        }
    }
}
