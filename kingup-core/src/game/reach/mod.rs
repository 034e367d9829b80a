//! Reachability of hand-built states: a history for a state, found by search.
//!
//! A state that does not come from play (a hand-built snapshot, a view read from outside)
//! is accepted only with a **history**: a sequence of steps that the rules accept, one by
//! one, and that leads to exactly that state. The search plays its candidate steps through
//! the engine itself, so the rules are not written a second time here: this module only
//! decides which steps to try. Whatever it accepts is therefore a state the rules can
//! reach; a state it cannot explain within its budget is refused.
//!
//! The search works round by round. Rounds before the current one left only their
//! objectives and points behind, so any end of round with those points will do
//! (`past.rs`); the current round's castle, movers, No votes, turn and crown must be
//! matched exactly (`current.rs`). Rounds are tied together by the crown: a round's first
//! player sits left of whoever crowned the previous round's King.

mod current;
mod past;

use arrayvec::ArrayVec;

use super::Game;
use crate::{CardId, ChanceOutcome, Config, FirstPlayer, InvalidState, Seat, Setup, Step};

/// Steps of one attempt: a whole game has well under a thousand (three rounds of at most
/// 12 placements, 13 × 6 climbs and 6 votes per election).
pub(crate) type Steps = ArrayVec<Step, 1024>;

/// Search nodes a history search may visit before it gives up and refuses the state as
/// [`InvalidState::Undecided`](crate::InvalidState::Undecided): the bound on the work of
/// loading one hand-built state ([`Game::from_snapshot`], [`Replay::from_snapshot`],
/// reading a [`PlayerView`] or [`PublicView`] with serde, [`PlayerView::validate`]). Running
/// it out takes one to two seconds of one core in a release build (`docs/performance.md`,
/// "Loading states"); states from play take microseconds to milliseconds.
///
/// [`Replay::from_snapshot`]: crate::Replay::from_snapshot
/// [`PlayerView`]: crate::PlayerView
/// [`PublicView`]: crate::PublicView
/// [`PlayerView::validate`]: crate::PlayerView::validate
pub const HISTORY_BUDGET: u32 = 2_000_000;
const BUDGET: u32 = HISTORY_BUDGET;

/// Slots of the table of climb states already found to lead nowhere.
const FAILED_SLOTS: usize = 2048;

/// The search's shared state: what it must reach, how much work is left, and climb states
/// already known to lead nowhere (keys of a direct-mapped table).
struct Search<'a> {
    target: &'a Game,
    budget: u32,
    /// Whether some part of the search ran out of budget: then a failure proves nothing.
    truncated: bool,
    /// Whether the current round has been searched (from some chain of past rounds).
    current_searched: bool,
    failed: [u64; FAILED_SLOTS],
}

impl Search<'_> {
    /// Spends one node of the budget; `false` once it is spent.
    fn tick(&mut self) -> bool {
        self.budget = self.budget.saturating_sub(1);
        self.truncated |= self.budget == 0;
        self.budget > 0
    }

    fn players(&self) -> usize {
        self.target.players()
    }
}

/// Finds a history of `target` and returns its steps: replayed from
/// `Game::new(target.config)`, they reach exactly `target`.
pub(crate) fn history(target: &Game) -> Result<Steps, InvalidState> {
    target.validate()?;
    let mut search = Search {
        target,
        budget: BUDGET,
        truncated: false,
        current_searched: false,
        failed: [0; FAILED_SLOTS],
    };
    let found = first_players(target)
        .into_iter()
        .find_map(|first| try_chain(&mut search, first));
    match found {
        Some(steps) => Ok(steps),
        None if search.truncated => Err(InvalidState::Undecided),
        None => Err(InvalidState::Unreachable),
    }
}

/// The candidate first players of round 1 (`None`: not drawn yet): the configured seat,
/// the one recorded in round 1, or any seat once round 1 is over.
fn first_players(target: &Game) -> ArrayVec<Option<Seat>, { Seat::MAX }> {
    match (target.config.first_player, target.round) {
        (FirstPlayer::Seat(seat), _) => ArrayVec::from_iter([Some(seat)]),
        (FirstPlayer::Random, 0) => ArrayVec::from_iter([target.first_player]),
        (FirstPlayer::Random, _) => Seat::all(target.players()).map(Some).collect(),
    }
}

/// Tries every chain of crowns through the past rounds, from round 1's first player.
fn try_chain(search: &mut Search<'_>, first: Option<Seat>) -> Option<Steps> {
    let target = search.target;
    let mut game = Game::new(target.config).ok()?;
    let mut steps = Steps::new();
    if target.config.first_player == FirstPlayer::Random {
        if let Some(seat) = first {
            apply(
                &mut game,
                &mut steps,
                Step::Chance(ChanceOutcome::FirstPlayer(seat)),
            )?;
        }
    }
    chain_from(search, game, steps, 0)
}

/// Plays rounds `round..` of the target from `game` (at the start of that round's
/// deals), trying each seat that may crown round `round`'s King.
fn chain_from(search: &mut Search<'_>, game: Game, steps: Steps, round: u8) -> Option<Steps> {
    let target = search.target;
    if round == target.round {
        // Every chain of past rounds reaches the same state at the current round's start
        // (same first player, crown, hands and past rows), so the current round is
        // searched once: its failure holds for every chain.
        if search.current_searched {
            return None;
        }
        search.current_searched = true;
        return current::round(search, game, steps);
    }
    let n = search.players();
    // The next round's first player sits left of this round's crowner: the current
    // round's first player fixes the last crowner; earlier ones are free.
    let crowners: ArrayVec<Seat, { Seat::MAX }> = if round + 1 == target.round {
        let next_first = target.first_player?;
        ArrayVec::from_iter([Seat::new((next_first.index() + n - 1) % n)?])
    } else {
        Seat::all(n).collect()
    };
    for crowner in crowners {
        let mut game = game;
        let mut steps = steps.clone();
        deal(&mut game, &mut steps, target, round, n)?;
        if past::round(search, &mut game, &mut steps, round, crowner).is_some() {
            if let Some(found) = chain_from(search, game, steps, round + 1) {
                return Some(found);
            }
        }
        if search.budget == 0 {
            return None;
        }
    }
    None
}

/// Deals round `round`'s objectives to the first `seats` seats, as the target has them.
fn deal(game: &mut Game, steps: &mut Steps, target: &Game, round: u8, seats: usize) -> Option<()> {
    for seat in Seat::all(seats) {
        let card: CardId = target.objective_card(round, seat)?;
        apply(game, steps, Step::Chance(ChanceOutcome::Deal(card)))?;
    }
    Some(())
}

/// Plays `step` through the rules and records it; `None` if the rules refuse it.
fn apply(game: &mut Game, steps: &mut Steps, step: Step) -> Option<()> {
    game.apply_step(step, &mut ()).ok()?;
    steps.try_push(step).ok()
}

/// The floor index of each character at the end of a round, [`OUTSIDE`] or
/// [`ELIMINATED`].
type Ends = [u8; crate::Character::COUNT];
/// Not in the castle (before placement).
const OUTSIDE: u8 = 8;
/// Voted down this round.
const ELIMINATED: u8 = 7;
/// The throne's floor index.
const THRONE: u8 = 6;

/// Floors 0..=3 of the random layout.
const LAYOUT_TOP: u8 = 3;

/// Whether the game places the characters (floors 1–4, leftovers on 0) rather than lays
/// them out at random (floors 0–3).
fn placement(config: &Config) -> bool {
    config.setup == Setup::Placement
}
