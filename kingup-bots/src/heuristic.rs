//! A rule-of-thumb bot: push your own characters, hold back the others, veto what hurts.

use kingup_core::rand_core::Rng;
use kingup_core::{
    Action, Castle, Character, Floor, Game, Objective, Phase, PlayerView, Seat, SeatSet,
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

    /// Weighs the legal actions in index order (the order of the sorted legal list), one
    /// noise draw each, and keeps the first best. The actions come from the legal mask, so
    /// no list is built and no action is decoded.
    fn decide(&mut self, view: &impl Seen) -> Option<Action> {
        let legal = view.legal_mask();
        let objective = view.objective()?;
        match view.phase() {
            Phase::Vote => {
                let candidate = view.castle().throne()?;
                let vote = Action::Vote(self.vote(view, objective, candidate));
                (legal >> vote.index() & 1 == 1).then_some(vote)
            }
            Phase::Placement => self.place(legal, objective),
            _ => self.climb(view, legal, objective),
        }
    }

    /// The best placement among the placements in `legal`.
    fn place(&mut self, legal: u128, objective: Objective) -> Option<Action> {
        let own = objective.characters().bits();
        // Placements are indices `0..52`: `4 * character + floor - 1`.
        let mut placements = legal as u64 & ((1 << Action::CLIMB_BASE) - 1);
        let mut best: Option<(i32, u32)> = None;
        while placements != 0 {
            let index = placements.trailing_zeros();
            placements &= placements - 1;
            let mine = own >> (index / 4) & 1 == 1;
            let f = (index % 4 + 1) as i32 * 100;
            let value = (if mine { f } else { -f }) + self.noise(150);
            if best.is_none_or(|(v, _)| value > v) {
                best = Some((value, index));
            }
        }
        best.and_then(|(_, index)| Action::from_index(index as usize).ok())
    }

    /// The best climb among the climbs in `legal`.
    fn climb(&mut self, view: &impl Seen, legal: u128, objective: Objective) -> Option<Action> {
        let mut climbs = (legal >> Action::CLIMB_BASE) as u16 & ((1 << Character::COUNT) - 1);
        let mut best: Option<(i32, Character)> = None;
        while climbs != 0 {
            let index = climbs.trailing_zeros() as usize;
            climbs &= climbs - 1;
            let character = Character::ALL[index];
            let value = self.climb_value(view, objective, character);
            if best.is_none_or(|(v, _)| value > v) {
                best = Some((value, character));
            }
        }
        best.map(|(_, character)| Action::Climb { character })
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
    /// The legal actions as a mask over action indices.
    fn legal_mask(&self) -> u128;
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
    fn legal_mask(&self) -> u128 {
        PlayerView::legal_mask(self)
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
    fn legal_mask(&self) -> u128 {
        self.0.legal_mask(self.1)
    }
}

/// A rough chance that every other seat votes Yes: each seat still holding a No is taken
/// to vote Yes with probability 1/2.
fn pass_chance(view: &impl Seen) -> f64 {
    Seat::all(view.players())
        .filter(|&s| s != view.seat() && view.no_cards(s) > 0)
        .fold(1.0, |chance, _| chance * 0.5)
}
