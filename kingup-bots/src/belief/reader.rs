//! Reading the table over a game: each seat's card, and whether it plays by its card.

use core::cmp::Ordering;

use kingup_core::{Action, CardId, Character, Deck, Event, Floor, PlayerView, PublicView, Seat};

use super::{Belief, BeliefModel, log_sum_exp};
use crate::float::{exp, ln};

/// The rationalities weighed: at random and by the card. (A third, `k = 0.5`, read
/// `HeuristicBot`s and search bots less far apart in their chance of random play.)
const GRID: [f64; 2] = [0.0, 1.0];

/// One seat's reading of the others over a game: a belief over each seat's card under each
/// of two policies, and the evidence about each seat's policy from earlier rounds. Feed it
/// every view of the seat's decisions, in order, with [`TableReader::observe`]; a view that
/// does not continue the last one (another seat, another game) starts afresh.
///
/// The [belief](super::Belief) assumes every seat plays its card the way the model says: its
/// characters high, the others' low, No on candidates it does not hold. A `HeuristicBot`
/// does; a random player does not at all; a search bot does in part, and hides its card
/// better. The reader weighs two policies for each seat: by its card (the model, of
/// *rationality* `k = 1`) or at random (`k = 0`: the model with every weight multiplied by
/// 0, every legal move alike). Each policy keeps its own belief over the cards, and a
/// seat's moves are evidence for both. The evidence about the policy adds up over the
/// rounds of a game while the cards change each round; once a round is scored, the cards
/// are revealed and a seat's moves are weighed under the card it held, the sharpest
/// evidence of all.
///
/// A bot sees views, not events, so the reader takes the moves from the difference between
/// two views of the same seat: a character with a new mover was placed by it (if it was
/// outside before) or climbed (if it was inside); a rise that no new mover explains
/// belongs to the one other seat that moved the character before, if there is one; a newly
/// eliminated candidate reveals the votes. A seat that moves the same character twice
/// between two views shows once, and moves before the reader's first view of a round are
/// not seen.
///
/// ```
/// use kingup_bots::belief::{BeliefModel, TableReader};
/// use kingup_bots::{Bot, HeuristicBot};
/// use kingup_core::{Config, Game, Generator, Seat};
///
/// let mut game = Game::new(Config::new(4))?;
/// let mut rng = Generator::new(3);
/// let mut bots: Vec<HeuristicBot<Generator>> =
///     (0..4).map(|s| HeuristicBot::new(Generator::new(s))).collect();
/// let mut reader = TableReader::new(BeliefModel::default());
/// loop {
///     game.resolve_chance(&mut rng, &mut ());
///     let Some(seat) = game.next_seat() else { break };
///     let view = game.player_view(seat);
///     if seat == Seat::FIRST {
///         reader.observe(&view);
///     }
///     let action = bots[seat.index()].choose(&view).unwrap();
///     game.apply(seat, action)?;
/// }
/// // Heuristic players play their cards: the reader finds them unlikely to play at random.
/// let read: Vec<f64> = (1..4).filter_map(Seat::new).map(|s| reader.random_chance(s)).collect();
/// assert!(read.iter().sum::<f64>() / 3.0 < 0.5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct TableReader {
    model: BeliefModel,
    /// The last view observed.
    last: Option<PlayerView>,
    /// The viewer's action at the last view, if it said.
    played: Option<Action>,
    /// This round's belief under each policy of [`GRID`]: its log weights are the log
    /// chances of each seat's moves this round given each card.
    round: [Belief; GRID.len()],
    /// By policy: the log prior.
    prior: [f64; GRID.len()],
    /// By seat and policy: the log of the prior times the chance of the seat's moves in
    /// earlier rounds.
    earlier: [[f64; GRID.len()]; Seat::MAX],
}

impl TableReader {
    /// A reader that has seen nothing, weighing evidence with `model`.
    pub fn new(model: BeliefModel) -> TableReader {
        TableReader::with_prior(model, 0.5)
    }

    /// A reader that has seen nothing and expects each seat to play at random with chance
    /// `random` (clamped to `[0.001, 0.999]`) before it sees the seat move.
    pub fn with_prior(model: BeliefModel, random: f64) -> TableReader {
        let random = random.clamp(0.001, 0.999);
        let prior = [ln(random), ln(1.0 - random)];
        let nobody = Belief {
            viewer: Seat::FIRST,
            deck: Deck::balanced(),
            model,
            candidates: 0,
            log_weights: [[0.0; Deck::MAX]; Seat::MAX],
        };
        TableReader {
            model,
            last: None,
            played: None,
            round: core::array::from_fn(|_| nobody.clone()),
            prior,
            earlier: [prior; Seat::MAX],
        }
    }

    /// Whether `view` continues the last view observed (the same seat and game, later on):
    /// [`TableReader::observe`] reads on from it if so, and starts afresh if not.
    pub fn continues(&self, view: &PlayerView) -> bool {
        self.last.is_some_and(|last| continues(&last, view))
    }

    /// Reads the moves made since the last view, or starts afresh if `view` does not
    /// continue it.
    pub fn observe(&mut self, view: &PlayerView) {
        match self.last {
            Some(last) if continues(&last, view) => {
                if view.public.round == last.public.round {
                    self.read_moves(&last.public, &view.public);
                } else {
                    self.close_round(&view.public.revealed[usize::from(last.public.round)]);
                    self.start_round(view);
                }
            }
            _ => {
                self.earlier = [self.prior; Seat::MAX];
                self.start_round(view);
            }
        }
        self.last = Some(*view);
        self.played = None;
    }

    /// Tells the reader the viewer's own action at the last view observed. Optional: it
    /// tells the viewer's climbs apart from those of another seat that moved the same
    /// character, which the next view could not.
    pub fn played(&mut self, action: Action) {
        self.played = Some(action);
    }

    /// The posterior chance that `seat` plays at random rather than by its card: the
    /// prior's before the reader has seen it move, and 0 for the viewer.
    pub fn random_chance(&self, seat: Seat) -> f64 {
        self.posterior(seat).map_or(0.0, |p| p[0])
    }

    /// `seat`'s index, if it is another seat than the viewer's.
    fn opponent(&self, seat: Seat) -> Option<usize> {
        (Some(seat) != self.last.map(|v| v.seat) && seat.index() < Seat::MAX)
            .then_some(seat.index())
    }

    /// The posterior over [`GRID`] of `seat`'s policy, `None` for the viewer.
    fn posterior(&self, seat: Seat) -> Option<[f64; GRID.len()]> {
        let seat = self.opponent(seat)?;
        let log_evidence: [f64; GRID.len()] = core::array::from_fn(|k| {
            let weights = &self.round[k].log_weights[seat];
            self.earlier[seat][k] + log_sum_exp(self.round[k].cards().map(|c| weights[c.index()]))
        });
        let norm = log_sum_exp(log_evidence.into_iter());
        Some(log_evidence.map(|log_p| exp(log_p - norm)))
    }

    /// How likely `seat` holds each card relative to its likeliest one, by card id (1 for
    /// that one, 0 for a card it cannot hold), weighing both policies by their posterior:
    /// a seat read as random gets nearly uniform weights.
    pub fn weights(&self, seat: Seat) -> [f64; Deck::MAX] {
        let mut weights = [0.0; Deck::MAX];
        let Some(seat) = self.opponent(seat) else {
            return weights;
        };
        // The log weight of each card, summed over both policies, then scaled to the largest.
        let mut logs = [f64::NEG_INFINITY; Deck::MAX];
        for card in self.round[0].cards() {
            logs[card.index()] =
                log_sum_exp((0..GRID.len()).map(|k| {
                    self.earlier[seat][k] + self.round[k].log_weights[seat][card.index()]
                }));
        }
        let max = logs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        for card in self.round[0].cards() {
            weights[card.index()] = exp(logs[card.index()] - max);
        }
        weights
    }

    /// Adds each policy's evidence from the round that ended to the seats' totals:
    /// the chance of a seat's moves given the card it revealed at the end, or, if it did not
    /// reveal one (the reader missed the end), averaged over the cards it might have held.
    /// (The chance of the card itself, 1 / candidates, is the same for every policy and
    /// left out.)
    fn close_round(&mut self, revealed: &[Option<CardId>; Seat::MAX]) {
        for (seat, earlier) in self.earlier.iter_mut().enumerate() {
            for (k, belief) in self.round.iter().enumerate() {
                let weights = &belief.log_weights[seat];
                earlier[k] += match revealed[seat] {
                    Some(card) if belief.candidates & 1 << card.index() != 0 => {
                        weights[card.index()]
                    }
                    _ => log_sum_exp(belief.cards().map(|c| weights[c.index()])),
                };
            }
        }
    }

    fn start_round(&mut self, view: &PlayerView) {
        let model = self.model;
        self.round = GRID.map(|k| Belief::with_model(view, model.scaled(k)));
    }

    /// Turns the difference between two views of one round into events, and reads them.
    fn read_moves(&mut self, before: &PublicView, now: &PublicView) {
        let own = self.played.take();
        let viewer = self.round[0].viewer();
        let mut events: Vec<Event> = Character::ALL
            .into_iter()
            .flat_map(|c| moves_of(c, before, now, viewer, own))
            .collect();
        let eliminated = now
            .castle
            .eliminated()
            .difference(before.castle.eliminated());
        events.extend(eliminated.iter().map(|candidate| Event::VotesRevealed {
            candidate,
            no: now.no_votes[candidate.index()],
        }));
        for event in &events {
            self.round.iter_mut().for_each(|b| b.observe(before, event));
        }
    }
}

/// The placements and climbs of `character` between two views of a round, as events: one
/// per new mover, and, for a rise no new mover (nor the `viewer`'s own move, `own`, if it
/// said) explains, one per floor by the one other seat that moved the character before.
/// The viewer's own moves are among them: beliefs ignore those.
fn moves_of(
    character: Character,
    before: &PublicView,
    now: &PublicView,
    viewer: Seat,
    own: Option<Action>,
) -> Vec<Event> {
    let new = now.movers[character.index()].difference(before.movers[character.index()]);
    let Some(from) = before.castle.floor_of(character) else {
        let floor = now.castle.floor_of(character);
        return floor.map_or_else(Vec::new, |floor| {
            new.iter()
                .map(|seat| Event::Placed {
                    seat,
                    character,
                    floor,
                })
                .collect()
        });
    };
    let to = from.up().unwrap_or(from);
    let climb = |seat| Event::Climbed {
        seat,
        character,
        to,
    };
    let mut events: Vec<Event> = new.iter().map(climb).collect();
    let own_climb = own == Some(Action::Climb { character });
    let unexplained =
        rise(before, now, character).saturating_sub(new.len() + usize::from(own_climb));
    let movers = now.movers[character.index()];
    let mut others = movers.iter().filter(|&s| s != viewer);
    let sole = others.next().filter(|_| others.next().is_none());
    // The viewer's own climb is told apart only when it said what it played.
    if let Some(seat) = sole.filter(|_| own.is_some() || !movers.contains(viewer)) {
        events.extend((0..unexplained).map(|_| climb(seat)));
    }
    events
}

/// How many floors `character` rose between two views of a round (to the throne, if it was
/// eliminated in between).
fn rise(before: &PublicView, now: &PublicView, character: Character) -> usize {
    let Some(from) = before.castle.floor_of(character) else {
        return 0;
    };
    let to = match now.castle.floor_of(character) {
        Some(to) => to,
        None if now.castle.eliminated().contains(character) => Floor::Throne,
        None => from,
    };
    to.index().saturating_sub(from.index())
}

impl BeliefModel {
    /// Every weight times `k`.
    fn scaled(self, k: f64) -> BeliefModel {
        BeliefModel {
            place: self.place * k,
            climb: self.climb * k,
            vote: self.vote * k,
        }
    }
}

/// Whether `now` is a later view of the same seat in the same game as `last`: the same
/// seat and rules, and either a later round with the same earlier scores, or the same round
/// with every mover, No vote and elimination of `last` still there.
fn continues(last: &PlayerView, now: &PlayerView) -> bool {
    let (a, b) = (&last.public, &now.public);
    if last.seat != now.seat || a.config != b.config {
        return false;
    }
    let scored = usize::from(a.rounds_scored);
    let same_scores = a.scores[..scored] == b.scores[..scored];
    match b.round.cmp(&a.round) {
        Ordering::Greater => same_scores,
        Ordering::Equal => {
            same_scores
                && a.castle
                    .eliminated()
                    .difference(b.castle.eliminated())
                    .is_empty()
                && Character::ALL.iter().all(|c| {
                    let i = c.index();
                    a.movers[i].difference(b.movers[i]).is_empty()
                        && a.no_votes[i].difference(b.no_votes[i]).is_empty()
                })
        }
        Ordering::Less => false,
    }
}
