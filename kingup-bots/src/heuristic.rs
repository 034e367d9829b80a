//! A rule-of-thumb bot: push your own characters, hold back the others, veto what hurts.

use kingup_core::rand_core::Rng;
use kingup_core::{
    Action, Actions, Castle, Character, Floor, Game, Objective, Phase, PlayerView, Seat, SeatSet,
    Vote, below, score,
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

    /// The generator it draws from.
    pub const fn rng(&self) -> &R {
        &self.rng
    }

    /// The generator it draws from, to replace (a front end restoring a saved bot puts
    /// back the generator state it saved).
    pub const fn rng_mut(&mut self) -> &mut R {
        &mut self.rng
    }

    /// Noise in `[0, scale)`, in hundredths.
    fn noise(&mut self, scale: u32) -> i32 {
        below(&mut self.rng, scale.max(1)) as i32
    }

    fn place_value(&mut self, mine: bool, floor: Floor) -> i32 {
        let f = floor.index() as i32 * 100;
        (if mine { f } else { -f }) + self.noise(150)
    }

    fn climb_value(&mut self, view: &impl Seen, objective: Objective, c: Character) -> i32 {
        let castle = view.castle();
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
                let rivals = view.movers(c).difference(SeatSet::single(view.seat()));
                -gain * (46 + 20 * rivals.len() as i32)
            }
        };
        value + self.noise(60)
    }

    fn vote(&self, view: &impl Seen, objective: Objective, candidate: Character) -> Vote {
        if objective.contains(candidate) || view.no_cards(view.seat()) == 0 {
            return Vote::Yes;
        }
        if score(view.castle(), objective) < Self::VETO_BELOW {
            Vote::No
        } else {
            Vote::Yes
        }
    }
}

impl<R: Rng> HeuristicBot<R> {
    /// The bot's choice for `seat` in `game`, as [`Bot::choose`] on its player view would
    /// make it (the same draws from the same generator), without building the view: the
    /// playouts of [`IsmctsBot`](crate::IsmctsBot) call it at every step.
    pub(crate) fn choose_in(&mut self, game: &Game, seat: Seat) -> Option<Action> {
        self.decide(&(game, seat))
    }

    fn decide(&mut self, view: &impl Seen) -> Option<Action> {
        let legal = view.legal_actions();
        let objective = view.objective()?;
        if view.phase() == Phase::Vote {
            let candidate = view.castle().throne()?;
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
}

impl<R: Rng> Bot for HeuristicBot<R> {
    fn choose(&mut self, view: &PlayerView) -> Option<Action> {
        self.decide(view)
    }

    fn name(&self) -> &str {
        "heuristic"
    }
}

/// What the heuristic reads of a seat's situation: a [`PlayerView`], or a whole game and a
/// seat (which knows no more than the view about everything the heuristic reads, apart from
/// being faster to reach).
trait Seen {
    fn seat(&self) -> Seat;
    fn phase(&self) -> Phase;
    fn castle(&self) -> &Castle;
    fn movers(&self, character: Character) -> SeatSet;
    fn objective(&self) -> Option<Objective>;
    fn no_cards(&self, seat: Seat) -> u8;
    fn players(&self) -> usize;
    fn legal_actions(&self) -> Actions;
}

impl Seen for PlayerView {
    fn seat(&self) -> Seat {
        self.seat
    }
    fn phase(&self) -> Phase {
        self.public.phase
    }
    fn castle(&self) -> &Castle {
        &self.public.castle
    }
    fn movers(&self, character: Character) -> SeatSet {
        self.public.movers[character.index()]
    }
    fn objective(&self) -> Option<Objective> {
        PlayerView::objective(self)
    }
    fn no_cards(&self, seat: Seat) -> u8 {
        self.public.no_cards(seat)
    }
    fn players(&self) -> usize {
        self.public.players()
    }
    fn legal_actions(&self) -> Actions {
        PlayerView::legal_actions(self)
    }
}

impl Seen for (&Game, Seat) {
    fn seat(&self) -> Seat {
        self.1
    }
    fn phase(&self) -> Phase {
        self.0.phase()
    }
    fn castle(&self) -> &Castle {
        self.0.castle()
    }
    fn movers(&self, character: Character) -> SeatSet {
        self.0.movers(character)
    }
    fn objective(&self) -> Option<Objective> {
        self.0.objective(self.1)
    }
    fn no_cards(&self, seat: Seat) -> u8 {
        self.0.no_cards(seat)
    }
    fn players(&self) -> usize {
        self.0.players()
    }
    fn legal_actions(&self) -> Actions {
        self.0.legal_actions(self.1)
    }
}

/// A rough chance that every other seat votes Yes: each seat still holding a No is taken
/// to vote Yes with probability 1/2.
fn pass_chance(view: &impl Seen) -> f64 {
    Seat::all(view.players())
        .filter(|&s| s != view.seat() && view.no_cards(s) > 0)
        .fold(1.0, |chance, _| chance * 0.5)
}
