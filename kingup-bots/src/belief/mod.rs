//! Reading the table: what one seat believes about the others' objective cards.
//!
//! Every placement, climb and vote tells the table something about a player's secret card:
//! players put their own characters high and the others low, climb their own, and vote No
//! on candidates they do not hold. [`Belief`] turns each public move into evidence with a
//! likelihood model of that behaviour: a player holding card `o` picks each of its legal
//! actions `a` with probability proportional to `exp(β · u(a, o))`, where the utility `u`
//! is
//!
//! - a placement of character `c` on floor `f`: `+points(f)` if `c` is on `o`, else
//!   `-points(f)`, with the placement weight `β = place`;
//! - a climb of `c`: `+1` if `c` is on `o`, else `0`, with `β = climb`;
//! - a No vote on the candidate `c`: `+1` if `c` is not on `o`, else `-1`, with `β = vote`
//!   (a Yes vote has utility 0; a seat without No cards tells nothing).
//!
//! Each action updates the acting seat's weights by Bayes' rule over the cards it may hold
//! (the deck minus the cards the viewer has seen). The model is normalised over every legal
//! action of the moment, so a move says as much as it is unusual: placing a character on
//! the top floor when the other floors are full is no evidence. The default weights are set
//! by hand: a grid search over games between `HeuristicBot`s (the `belief` example's
//! `grid`) found the accuracy almost insensitive to them.

mod accuracy;
mod bluff;
mod reader;

use crate::float::{exp, ln};
use accuracy::mean_and_se;
pub use accuracy::{Accuracy, Stage, StageAccuracy, accuracy};
pub use bluff::{Estimate, SeatRead, StageRead, read_seat};
pub use reader::TableReader;

use kingup_core::{
    Action, CardId, Character, Deck, Event, Floor, Objective, PlayerView, PublicView, Seat, Vote,
};

/// The weights `β` of the likelihood model (see the [module docs](self)).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BeliefModel {
    /// Weight of a placement's utility (floor points, signed by ownership).
    pub place: f64,
    /// Weight of a climb's utility (1 for an own character).
    pub climb: f64,
    /// Weight of a vote's utility (No on a character the seat does not hold).
    pub vote: f64,
}

impl Default for BeliefModel {
    /// The weights fitted on games between heuristic bots.
    fn default() -> BeliefModel {
        BeliefModel {
            place: 1.0,
            climb: 1.0,
            vote: 2.0,
        }
    }
}

/// One seat's belief about every other seat's objective card in the current round: a
/// probability for each card it has not seen.
///
/// ```
/// use kingup_bots::Belief;
/// use kingup_core::{Config, Game, Generator, Seat};
///
/// let mut game = Game::new(Config::new(4))?;
/// let mut rng = Generator::new(7);
/// game.resolve_chance(&mut rng, &mut ());
/// let viewer = Seat::FIRST;
/// let mut belief = Belief::new(&game.player_view(viewer));
/// // Before anyone moves, every unseen card is equally likely for every other seat.
/// let other = Seat::new(1).unwrap();
/// let cards = belief.distribution(other);
/// assert_eq!(cards.len(), 25); // 26 cards, minus the viewer's own
/// assert!(cards.iter().all(|&(_, p)| (p - 1.0 / 25.0).abs() < 1e-12));
///
/// // Watch moves: each is evidence about its seat's card.
/// while let Some((seat, action)) = game.random_action(&mut rng) {
///     let before = game.public_view();
///     let events = game.apply(seat, action).unwrap();
///     for event in &events {
///         belief.observe(&before, event);
///     }
///     if game.round() > 0 || game.is_over() {
///         break;
///     }
/// }
/// let total: f64 = belief.distribution(other).iter().map(|&(_, p)| p).sum();
/// assert!((total - 1.0).abs() < 1e-9);
/// # Ok::<(), kingup_core::ConfigError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Belief {
    viewer: Seat,
    deck: Deck,
    model: BeliefModel,
    /// The cards any other seat may hold, as a mask over card ids.
    candidates: u32,
    /// By seat and card id: the log of the (unnormalised) probability.
    log_weights: [[f64; Deck::MAX]; Seat::MAX],
}

impl Belief {
    /// The uniform belief of `view`'s seat, with the default model: every card it has not
    /// seen is equally likely for every other seat.
    pub fn new(view: &PlayerView) -> Belief {
        Belief::with_model(view, BeliefModel::default())
    }

    /// The uniform belief of `view`'s seat, to be updated with `model`.
    pub fn with_model(view: &PlayerView, model: BeliefModel) -> Belief {
        let deck = view.public.config.deck;
        let all = ((1u64 << deck.len()) - 1) as u32;
        Belief {
            viewer: view.seat,
            deck,
            model,
            candidates: all & !view.seen_cards(),
            log_weights: [[0.0; Deck::MAX]; Seat::MAX],
        }
    }

    /// A belief read from `view` alone, for a bot that sees views rather than events.
    ///
    /// A view keeps who moved each character this round and who voted No on each
    /// eliminated one, but not when, from where or to where. So each move of a character
    /// counts as a placement on the floor it stands on now, at half weight (a climbed
    /// character stands high: evidence the mover holds it; one placed low and left there,
    /// evidence it does not); each revealed No counts as in [`Belief::observe`], and each
    /// seat that did not vote No on an eliminated character as having voted Yes. The
    /// likelihoods are not normalised over the alternatives the seat had, which the view no
    /// longer shows.
    pub fn from_view(view: &PlayerView, model: BeliefModel) -> Belief {
        let mut belief = Belief::with_model(view, model);
        let public = &view.public;
        for character in Character::ALL {
            let no = public.no_votes[character.index()];
            let eliminated = public.castle.eliminated().contains(character);
            for seat in Seat::all(public.players()).filter(|&s| s != view.seat) {
                let moved = public.movers[character.index()].contains(seat);
                let vote = match (eliminated, no.contains(seat)) {
                    (true, true) => Some(Vote::No),
                    (true, false) => Some(Vote::Yes),
                    (false, _) => None,
                };
                belief.add_evidence(seat, |objective| {
                    let mut log_p = 0.0;
                    if let (true, Some(floor)) = (moved, public.castle.floor_of(character)) {
                        log_p +=
                            VIEW_MOVE * model.place * place_utility(objective, character, floor);
                    }
                    if let Some(vote) = vote {
                        let u = |v| model.vote * vote_utility(objective, character, v);
                        log_p += u(vote) - log_sum_exp([u(Vote::Yes), u(Vote::No)].into_iter());
                    }
                    log_p
                });
            }
        }
        belief
    }

    /// Adds `log_likelihood(card)` to each candidate card's log weight for `seat`.
    fn add_evidence(&mut self, seat: Seat, log_likelihood: impl Fn(Objective) -> f64) {
        for card in self.cards() {
            if let Some(objective) = self.deck.get(card) {
                self.log_weights[seat.index()][card.index()] += log_likelihood(objective);
            }
        }
    }

    /// How likely `seat` holds `card` relative to its likeliest card (1 for that one, 0
    /// for a card it cannot hold): what [`Sampler::sample_weighted`] draws worlds by.
    ///
    /// [`Sampler::sample_weighted`]: kingup_core::Sampler::sample_weighted
    pub fn weight(&self, seat: Seat, card: CardId) -> f64 {
        if seat == self.viewer || self.candidates & 1 << card.index() == 0 {
            return 0.0;
        }
        let weights = &self.log_weights[seat.index()];
        let max = self
            .cards()
            .map(|c| weights[c.index()])
            .fold(f64::NEG_INFINITY, f64::max);
        exp(weights[card.index()] - max)
    }

    /// The seat whose belief this is.
    pub const fn viewer(&self) -> Seat {
        self.viewer
    }

    /// Updates the belief with `event`, a public event of the current round, given the
    /// public state just before it. Events that carry no evidence (deals, chance, scoring)
    /// and the viewer's own moves change nothing.
    pub fn observe(&mut self, before: &PublicView, event: &Event) {
        match *event {
            Event::Placed {
                seat,
                character,
                floor,
            } => self.update(
                seat,
                Kind::Place,
                |o| place_utility(o, character, floor),
                |o| placements(before).map(move |(c, f)| place_utility(o, c, f)),
            ),
            Event::Climbed {
                seat, character, ..
            } => self.update(
                seat,
                Kind::Climb,
                |o| climb_utility(o, character),
                |o| {
                    before
                        .castle
                        .climbable()
                        .iter()
                        .map(move |c| climb_utility(o, c))
                },
            ),
            Event::VotesRevealed { candidate, no } => {
                for seat in Seat::all(before.players()) {
                    if before.no_cards(seat) == 0 {
                        continue;
                    }
                    let vote = if no.contains(seat) {
                        Vote::No
                    } else {
                        Vote::Yes
                    };
                    self.update(
                        seat,
                        Kind::Vote,
                        |o| vote_utility(o, candidate, vote),
                        |o| {
                            [Vote::Yes, Vote::No]
                                .into_iter()
                                .map(move |v| vote_utility(o, candidate, v))
                        },
                    );
                }
            }
            _ => {}
        }
    }

    /// The same update for an action taken by `seat` in the state `before`, for callers
    /// that see actions rather than events. Votes are evidence only once revealed: pass
    /// the [`Event::VotesRevealed`] event to [`Belief::observe`] instead.
    pub fn observe_action(&mut self, before: &PublicView, seat: Seat, action: Action) {
        match action {
            Action::Place { character, floor } => self.observe(
                before,
                &Event::Placed {
                    seat,
                    character,
                    floor,
                },
            ),
            Action::Climb { character } => {
                if let Some(to) = before.castle.floor_of(character).and_then(Floor::up) {
                    self.observe(
                        before,
                        &Event::Climbed {
                            seat,
                            character,
                            to,
                        },
                    );
                }
            }
            Action::Vote(_) => {}
        }
    }

    /// Bayes' rule for one action of `seat`: each candidate card's weight times the
    /// probability the model gives the action (`chosen` its utility, `options` every legal
    /// action's utility) under that card.
    fn update<I: Iterator<Item = f64> + Clone>(
        &mut self,
        seat: Seat,
        kind: Kind,
        chosen: impl Fn(Objective) -> f64,
        options: impl Fn(Objective) -> I,
    ) {
        if seat == self.viewer || seat.index() >= Seat::MAX {
            return;
        }
        let beta = self.model.weight(kind);
        // log softmax: β·u(chosen) − log Σ exp(β·u(a)).
        self.add_evidence(seat, |objective| {
            beta * chosen(objective) - log_sum_exp(options(objective).map(|u| beta * u))
        });
    }

    /// The candidate cards, in id order.
    fn cards(&self) -> impl Iterator<Item = CardId> + Clone + use<> {
        let mask = self.candidates;
        (0..Deck::MAX)
            .filter(move |&i| mask & 1 << i != 0)
            .filter_map(CardId::new)
    }

    /// `seat`'s cards with their probabilities, in card order (empty for the viewer).
    pub fn distribution(&self, seat: Seat) -> Vec<(CardId, f64)> {
        if seat == self.viewer || seat.index() >= Seat::MAX {
            return Vec::new();
        }
        let weights = &self.log_weights[seat.index()];
        let max = self
            .cards()
            .map(|c| weights[c.index()])
            .fold(f64::NEG_INFINITY, f64::max);
        let raw: Vec<(CardId, f64)> = self
            .cards()
            .map(|c| (c, exp(weights[c.index()] - max)))
            .collect();
        let total: f64 = raw.iter().map(|&(_, w)| w).sum();
        raw.into_iter().map(|(c, w)| (c, w / total)).collect()
    }

    /// The rank of `card` in `seat`'s belief: 1 when it is the most likely card, counting
    /// ties as half ahead; `None` if the card is not a candidate.
    pub fn rank(&self, seat: Seat, card: CardId) -> Option<f64> {
        let cards = self.distribution(seat);
        let p = cards.iter().find(|&&(c, _)| c == card)?.1;
        let above = cards.iter().filter(|&&(_, q)| q > p).count() as f64;
        let tied = cards.iter().filter(|&&(c, q)| q == p && c != card).count() as f64;
        Some(1.0 + above + tied / 2.0)
    }

    /// How many cards a seat may hold.
    pub fn candidates(&self) -> usize {
        self.candidates.count_ones() as usize
    }
}

impl BeliefModel {
    fn weight(self, kind: Kind) -> f64 {
        match kind {
            Kind::Place => self.place,
            Kind::Climb => self.climb,
            Kind::Vote => self.vote,
        }
    }
}

/// How much a move read from a view weighs against one seen as an event: a view shows only
/// where the character stands now, not where the seat put it. 0.5 won most often of 0.25,
/// 0.5 and 1 (the `game_search` example's `belief` hero, four players, heuristic opponents).
const VIEW_MOVE: f64 = 0.5;

/// The kinds of evidence, each with its weight.
#[derive(Clone, Copy)]
enum Kind {
    Place,
    Climb,
    Vote,
}

/// Every legal placement of the moment (all characters outside, all placement floors with
/// room).
fn placements(before: &PublicView) -> impl Iterator<Item = (Character, Floor)> + Clone + '_ {
    let outside = before.castle.outside();
    outside.iter().flat_map(move |c| {
        Floor::PLACEMENT
            .into_iter()
            .filter(move |&f| before.castle.has_room(f))
            .map(move |f| (c, f))
    })
}

fn place_utility(objective: Objective, character: Character, floor: Floor) -> f64 {
    let sign = if objective.contains(character) {
        1.0
    } else {
        -1.0
    };
    sign * f64::from(floor.points())
}

fn climb_utility(objective: Objective, character: Character) -> f64 {
    f64::from(u8::from(objective.contains(character)))
}

fn vote_utility(objective: Objective, candidate: Character, vote: Vote) -> f64 {
    match (vote, objective.contains(candidate)) {
        (Vote::Yes, _) => 0.0,
        (Vote::No, false) => 1.0,
        (Vote::No, true) => -1.0,
    }
}

/// `log Σ exp(x)`, stable for large `x`.
fn log_sum_exp(xs: impl Iterator<Item = f64> + Clone) -> f64 {
    let max = xs.clone().fold(f64::NEG_INFINITY, f64::max);
    if max == f64::NEG_INFINITY {
        return 0.0;
    }
    max + ln(xs.map(|x| exp(x - max)).sum::<f64>())
}
