//! A rule-of-thumb bot: push your own characters, hold back the others, veto what hurts.

use kingup_core::rand_core::Rng;
use kingup_core::{
    Action, Character, Floor, Objective, Phase, PlayerView, Seat, SeatSet, Vote, below, score,
};

use crate::Bot;

/// Plays by simple rules, with a little noise so its objective is not trivially read:
///
/// - **placement**: its own characters high, the others low;
/// - **climb**: the climb that gains its objective the most points, discounted by how much
///   the character seems to help the others (judged from who has been moving it); one of its
///   own to the throne only when the vote looks likely to pass, a rival's when crowning it
///   now would suit it;
/// - **vote**: Yes for its own characters; No on another candidate when crowning it now
///   would leave it below [`HeuristicBot::VETO_BELOW`] points and it still holds a No.
#[derive(Clone, Debug)]
pub struct HeuristicBot<R> {
    rng: R,
}

impl<R: Rng> HeuristicBot<R> {
    /// Round points under which a rival's candidate gets a No (when a No is left).
    pub const VETO_BELOW: u8 = 14;

    /// A heuristic bot drawing its noise from `rng`.
    pub const fn new(rng: R) -> HeuristicBot<R> {
        HeuristicBot { rng }
    }

    /// Noise in `[0, scale)`, in hundredths.
    fn noise(&mut self, scale: u32) -> i32 {
        below(&mut self.rng, scale.max(1)) as i32
    }

    fn place_value(&mut self, mine: bool, floor: Floor) -> i32 {
        let f = floor.index() as i32 * 100;
        (if mine { f } else { -f }) + self.noise(150)
    }

    fn climb_value(&mut self, view: &PlayerView, objective: Objective, c: Character) -> i32 {
        let castle = &view.public.castle;
        let Some(from) = castle.floor_of(c) else {
            return i32::MIN;
        };
        let to = from.up().unwrap_or(Floor::Throne);
        let gain = i32::from(to.points()) - i32::from(from.points());
        let value = match (objective.contains(c), to == Floor::Throne) {
            // Crowned it gains 5; voted down it loses the Noble's 5.
            (true, true) => (1000.0 * pass_chance(view)) as i32 - 500,
            (true, false) => gain * 100,
            // Crowning a rival's character ends the round at today's score.
            (false, true) => {
                let now = i32::from(score(castle, objective));
                (now - i32::from(Self::VETO_BELOW)) * 40
            }
            (false, false) => {
                // Others moved it: likely on their objectives.
                let rivals = view.public.movers[c.index()].difference(SeatSet::single(view.seat));
                -gain * (46 + 20 * rivals.len() as i32)
            }
        };
        value + self.noise(60)
    }

    fn vote(&self, view: &PlayerView, objective: Objective, candidate: Character) -> Vote {
        if objective.contains(candidate) || view.no_cards() == 0 {
            return Vote::Yes;
        }
        if score(&view.public.castle, objective) < Self::VETO_BELOW {
            Vote::No
        } else {
            Vote::Yes
        }
    }
}

impl<R: Rng> Bot for HeuristicBot<R> {
    fn choose(&mut self, view: &PlayerView) -> Option<Action> {
        let legal = view.legal_actions();
        let objective = view.objective()?;
        if view.public.phase == Phase::Vote {
            let candidate = view.public.candidate()?;
            let vote = Action::Vote(self.vote(view, objective, candidate));
            return legal.contains(&vote).then_some(vote);
        }
        let mut best: Option<(i32, Action)> = None;
        for &action in &legal {
            let value = match action {
                Action::Place { character, floor } => {
                    self.place_value(objective.contains(character), floor)
                }
                Action::Climb { character } => self.climb_value(view, objective, character),
                Action::Vote(_) => 0,
            };
            if best.is_none_or(|(v, _)| value > v) {
                best = Some((value, action));
            }
        }
        best.map(|(_, action)| action)
    }

    fn name(&self) -> &str {
        "heuristic"
    }
}

/// A rough chance that every other seat votes Yes: each seat still holding a No is taken
/// to vote Yes with probability 1/2.
fn pass_chance(view: &PlayerView) -> f64 {
    let p = &view.public;
    Seat::all(p.players())
        .filter(|&s| s != view.seat && p.no_cards(s) > 0)
        .fold(1.0, |chance, _| chance * 0.5)
}
