//! Completions of a view: whole states consistent with what a seat (or a spectator)
//! knows, drawn at random (information-set sampling) or chosen canonically (to check that
//! a view read from outside is one some game shows).

use rand_core::Rng;

use super::{Game, InvalidState, reach};
use crate::bits::{bits, nth_bit};
use crate::{CardId, Phase, PlayerView, PublicView, Seat, SeatSet, Vote};
use crate::{below, unit_f64};

impl PlayerView {
    /// Draws a complete game consistent with everything the viewer knows: the other seats'
    /// objectives uniformly among the cards the viewer has not seen (distinct, never a card
    /// shown in an earlier round), and the other seats' committed votes uniformly among the
    /// votes their No cards allow. Everything public and the viewer's own secrets are kept.
    ///
    /// Fails only for a view no game could produce (e.g. a hand-edited one).
    ///
    /// ```
    /// use kingup_core::{Config, Game, Generator, Seat};
    ///
    /// let mut rng = Generator::new(9);
    /// let mut game = Game::new(Config::new(5))?;
    /// game.resolve_chance(&mut rng, &mut ());
    /// let me = Seat::new(3).unwrap();
    /// let world = game.player_view(me).sample(&mut rng)?;
    /// assert_eq!(world.player_view(me), game.player_view(me));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<Game, InvalidState> {
        self.check()?;
        complete(&self.public, Some(self), &mut Drawn(rng))
    }

    /// Checks the view once and returns a [`Sampler`] that draws completions of it as
    /// [`PlayerView::sample`] does (the same draws from the same generator give the same
    /// games) without checking the view again at every draw: a search draws thousands.
    ///
    /// ```
    /// use kingup_core::{Config, Game, Generator, Seat};
    ///
    /// let mut game = Game::new(Config::new(4))?;
    /// game.resolve_chance(&mut Generator::new(3), &mut ());
    /// let view = game.player_view(Seat::new(1).unwrap());
    /// let sampler = view.sampler()?;
    /// let (mut a, mut b) = (Generator::new(5), Generator::new(5));
    /// for _ in 0..10 {
    ///     assert_eq!(sampler.sample(&mut a), view.sample(&mut b)?);
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sampler(&self) -> Result<Sampler, InvalidState> {
        self.check()?;
        let template = complete(&self.public, Some(self), &mut Canonical)?;
        let p = &self.public;
        let round = usize::from(p.round);
        let (mut others, mut unseen) = (SeatSet::EMPTY, 0);
        if usize::from(p.rounds_scored) <= round {
            unseen = p.config.deck_mask() & !p.revealed_cards() & !self.seen_cards();
            others = p.dealt.difference(SeatSet::single(self.seat));
        }
        let own_no = self.vote == Some(Vote::No) && p.voted.contains(self.seat);
        Ok(Sampler {
            template,
            round,
            unseen,
            others,
            voters: p.voted.difference(SeatSet::single(self.seat)),
            voted_no: if own_no {
                SeatSet::single(self.seat)
            } else {
                SeatSet::EMPTY
            },
        })
    }

    /// Checks that some game the rules can reach shows exactly this view: the structural
    /// checks of [`PlayerView::check`], then a history for a completion of it (the other
    /// seats' hidden cards and votes filled in; which ones does not matter, as neither
    /// changes what can have happened). Views read with serde are checked this way.
    ///
    /// ```
    /// use kingup_core::{Config, Game, Generator, Seat};
    ///
    /// let mut game = Game::new(Config::new(4))?;
    /// game.resolve_chance(&mut Generator::new(1), &mut ());
    /// let mut view = game.player_view(Seat::new(2).unwrap());
    /// assert_eq!(view.validate(), Ok(()));
    /// view.public.round = 1; // a second round with no first round behind it
    /// assert!(view.validate().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn validate(&self) -> Result<(), InvalidState> {
        self.check()?;
        let game = complete(&self.public, Some(self), &mut Canonical)?;
        reach::history(&game)?;
        if game.player_view(self.seat) != *self {
            return Err(InvalidState::Unreachable);
        }
        Ok(())
    }
}

#[cfg(feature = "alloc")]
impl PlayerView {
    /// The history of a game the rules can reach that shows exactly this view (the one
    /// [`PlayerView::validate`] finds): to replay, save or resume a game from a view. The
    /// other seats' hidden cards and pending votes are the lowest unseen cards and Yes.
    pub fn replay(&self) -> Result<crate::Replay, InvalidState> {
        self.check()?;
        let game = complete(&self.public, Some(self), &mut Canonical)?;
        let replay = crate::Replay::from_snapshot(&game.snapshot())?;
        if game.player_view(self.seat) != *self {
            return Err(InvalidState::Unreachable);
        }
        Ok(replay)
    }
}

impl PublicView {
    /// Checks that some game the rules can reach shows exactly this view to a spectator,
    /// as [`PlayerView::validate`] does for a seat. Views read with serde are checked this
    /// way.
    pub fn validate(&self) -> Result<(), InvalidState> {
        self.check()?;
        let game = complete(self, None, &mut Canonical)?;
        reach::history(&game)?;
        if game.public_view() != *self {
            return Err(InvalidState::Unreachable);
        }
        Ok(())
    }
}

/// Completions of one checked [`PlayerView`], drawn without checking it again: made by
/// [`PlayerView::sampler`].
#[derive(Clone, Copy, Debug)]
pub struct Sampler {
    /// The canonical completion, checked; draws replace the hidden parts.
    template: Game,
    /// The current round's index.
    round: usize,
    /// The cards the viewer has not seen, to deal the others from.
    unseen: u32,
    /// The other seats dealt a card this round (none once the round is scored).
    others: SeatSet,
    /// The other seats that committed a vote.
    voters: SeatSet,
    /// The viewer itself, if it committed a No.
    voted_no: SeatSet,
}

impl Sampler {
    /// A complete game consistent with the view, drawn as [`PlayerView::sample`] draws it.
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Game {
        self.draw(rng, |fill, _, unseen| fill.card(unseen))
    }

    /// A complete game consistent with the view in which each other seat's card is drawn,
    /// in seat order and without replacement, with probability proportional to
    /// `weight(seat, card)` among the cards left (uniformly when a seat's weights left are
    /// all zero or not finite); votes are drawn as [`Sampler::sample`] draws them. A search
    /// that believes some cards likelier than others samples its worlds this way.
    ///
    /// ```
    /// use kingup_core::{CardId, Config, Game, Generator, Seat};
    ///
    /// let mut game = Game::new(Config::new(3))?;
    /// game.resolve_chance(&mut Generator::new(2), &mut ());
    /// let sampler = game.player_view(Seat::FIRST).sampler()?;
    /// // All the weight on card 25 for seat 1 (unless seat 0 holds it).
    /// let favourite = CardId::new(25).unwrap();
    /// let weight = |seat: Seat, card: CardId| f64::from(seat.index() != 1 || card == favourite);
    /// let world = sampler.sample_weighted(&mut Generator::new(3), weight);
    /// if game.objective_card(0, Seat::FIRST) != Some(favourite) {
    ///     assert_eq!(world.objective_card(0, Seat::new(1).unwrap()), Some(favourite));
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sample_weighted<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        weight: impl Fn(Seat, CardId) -> f64,
    ) -> Game {
        self.draw(rng, |fill, seat, unseen| {
            let weights = bits(*unseen).filter_map(|c| {
                let card = CardId::new(c as usize)?;
                Some((card, c, weight(seat, card).max(0.0)))
            });
            let total: f64 = weights.clone().map(|(_, _, w)| w).sum();
            if !(total.is_finite() && total > 0.0) {
                return fill.card(unseen);
            }
            // A uniform point in [0, total) from 53 random bits, and the card under it.
            let mut target = unit_f64(&mut *fill.0) * total;
            let mut chosen = None;
            for (card, bit, w) in weights.filter(|&(_, _, w)| w > 0.0) {
                chosen = Some((card, bit));
                target -= w;
                if target < 0.0 {
                    break;
                }
            }
            let (card, bit) = chosen?;
            *unseen &= !(1 << bit);
            Some(card)
        })
    }

    /// The template with the other seats' cards drawn by `card` and their votes drawn
    /// uniformly.
    fn draw<'r, R: Rng + ?Sized>(
        &self,
        rng: &'r mut R,
        mut card: impl FnMut(&mut Drawn<'r, R>, Seat, &mut u32) -> Option<CardId>,
    ) -> Game {
        let mut game = self.template;
        let mut fill = Drawn(rng);
        let mut unseen = self.unseen;
        for other in self.others.iter() {
            // The view was checked with a completion from the same cards, so there are
            // enough; `card` fails only on an empty set.
            game.objectives[self.round][other.index()] = card(&mut fill, other, &mut unseen);
        }
        game.voted_no = self.voted_no;
        for voter in self.voters.iter() {
            if fill.vote(game.no_cards(voter) > 0) == Vote::No {
                game.voted_no.insert(voter);
            }
        }
        debug_assert_eq!(game.validate(), Ok(()));
        game
    }
}

/// How a completion fills in what the view hides.
trait Fill {
    /// A card for another seat, taken out of `unseen`.
    fn card(&mut self, unseen: &mut u32) -> Option<CardId>;
    /// Another seat's committed vote, No allowed only if it has a No card.
    fn vote(&mut self, no_allowed: bool) -> Vote;
}

/// Uniformly at random.
struct Drawn<'r, R: ?Sized>(&'r mut R);

impl<R: Rng + ?Sized> Fill for Drawn<'_, R> {
    fn card(&mut self, unseen: &mut u32) -> Option<CardId> {
        let count = unseen.count_ones();
        if count == 0 {
            return None;
        }
        let index = nth_bit(*unseen, below(self.0, count))?;
        *unseen &= !(1 << index);
        CardId::new(index as usize)
    }

    fn vote(&mut self, no_allowed: bool) -> Vote {
        if no_allowed && below(self.0, 2) == 1 {
            Vote::No
        } else {
            Vote::Yes
        }
    }
}

/// The lowest unseen card, and Yes (always allowed).
struct Canonical;

impl Fill for Canonical {
    fn card(&mut self, unseen: &mut u32) -> Option<CardId> {
        let index = nth_bit(*unseen, 0)?;
        *unseen &= !(1 << index);
        CardId::new(index as usize)
    }

    fn vote(&mut self, _: bool) -> Vote {
        Vote::Yes
    }
}

/// The game showing `public` (and `viewer`'s secrets, if any) with the rest filled in by
/// `fill`; checked with [`Game::validate`].
fn complete(
    public: &PublicView,
    viewer: Option<&PlayerView>,
    fill: &mut dyn Fill,
) -> Result<Game, InvalidState> {
    let p = public;
    let seat = viewer.map(|v| v.seat);
    let mut objectives = p.revealed;
    let round = usize::from(p.round);
    if usize::from(p.rounds_scored) <= round {
        let mut unseen = p.config.deck_mask() & !p.revealed_cards();
        if let Some(v) = viewer {
            objectives[round][v.seat.index()] = v.objective_card;
            unseen &= !v.seen_cards();
        }
        for other in p.dealt.iter().filter(|&s| Some(s) != seat) {
            let card = fill
                .card(&mut unseen)
                .ok_or(InvalidState::Objectives(p.round))?;
            objectives[round][other.index()] = Some(card);
        }
    }
    let mut voted_no = SeatSet::EMPTY;
    for voter in p.voted.iter() {
        let vote = match viewer {
            Some(v) if v.seat == voter => v.vote,
            _ => Some(fill.vote(p.no_cards(voter) > 0)),
        };
        if vote == Some(Vote::No) {
            voted_no.insert(voter);
        }
    }
    let to_move = match (p.phase, p.actor) {
        (_, crate::Actor::Seat(seat)) => seat,
        (Phase::Setup, _) => p.first_player.unwrap_or(Seat::FIRST),
        _ => p.crown.unwrap_or(Seat::FIRST),
    };
    let game = Game {
        config: p.config,
        round: p.round,
        phase: p.phase,
        castle: p.castle,
        first_player: p.first_player,
        to_move,
        crown: p.crown,
        voted: p.voted,
        voted_no,
        movers: p.movers,
        no_votes: p.no_votes,
        objectives,
        scores: p.scores,
    };
    game.validate()?;
    Ok(game)
}
