//! Information-set sampling: complete states consistent with what one seat knows.

use rand_core::Rng;

use super::{Game, InvalidState};
use crate::chance::nth_bit;
use crate::random::below;
use crate::{CardId, Phase, PlayerView, Seat, SeatSet, Vote};

impl PlayerView {
    /// Draws a complete game consistent with everything the viewer knows: the other seats'
    /// objectives uniformly among the cards the viewer has not seen (distinct, never a card
    /// shown in an earlier round), and the other seats' committed votes uniformly among the
    /// votes their No cards allow. Everything public and the viewer's own secrets are kept.
    ///
    /// Fails only for a view no game could produce (e.g. a hand-edited one).
    ///
    /// ```
    /// use kingup_core::{Config, Game, Seat};
    /// use rand::{SeedableRng, rngs::SmallRng};
    ///
    /// let mut rng = SmallRng::seed_from_u64(9);
    /// let mut game = Game::new(Config::new(5))?;
    /// game.resolve_chance(&mut rng, &mut ());
    /// let me = Seat::new(3).unwrap();
    /// let world = game.player_view(me).sample(&mut rng)?;
    /// assert_eq!(world.player_view(me), game.player_view(me));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<Game, InvalidState> {
        self.check()?;
        let p = &self.public;
        let mut objectives = p.revealed;
        let round = usize::from(p.round);
        if usize::from(p.rounds_scored) <= round {
            objectives[round][self.seat.index()] = self.objective_card;
            let mut unseen = p.config.deck_mask() & !self.seen_cards();
            for seat in p.dealt.iter().filter(|&s| s != self.seat) {
                let card = draw_card(rng, &mut unseen).ok_or(InvalidState::Objectives(p.round))?;
                objectives[round][seat.index()] = Some(card);
            }
        }
        let mut voted_no = SeatSet::EMPTY;
        for seat in p.voted.iter() {
            let vote = if seat == self.seat {
                self.vote
            } else if p.no_cards(seat) > 0 && below(rng, 2) == 1 {
                Some(Vote::No)
            } else {
                Some(Vote::Yes)
            };
            if vote == Some(Vote::No) {
                voted_no.insert(seat);
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
}

/// Takes a uniformly random card out of the mask `cards`.
fn draw_card<R: Rng + ?Sized>(rng: &mut R, cards: &mut u32) -> Option<CardId> {
    let count = cards.count_ones();
    if count == 0 {
        return None;
    }
    let index = nth_bit(*cards, below(rng, count))?;
    *cards &= !(1 << index);
    CardId::new(index as usize)
}
