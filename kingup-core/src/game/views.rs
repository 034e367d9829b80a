//! Building views: what each viewer may know of the game.

use super::Game;
use crate::sparse_observation::Seen;
use crate::{Phase, PlayerView, PublicView, Seat, SeatSet};

impl Game {
    /// Everything public: what a spectator sees.
    pub fn public_view(&self) -> PublicView {
        let rounds_scored = self.scores().len() as u8;
        let mut revealed = self.objectives;
        for round in &mut revealed[usize::from(rounds_scored)..] {
            *round = [None; Seat::MAX];
        }
        let dealt: SeatSet = Seat::all(self.players())
            .filter(|&s| self.objective_card(self.round, s).is_some())
            .collect();
        PublicView {
            config: self.config,
            round: self.round,
            phase: self.phase,
            actor: self.actor(),
            chance_step: self.chance_step(),
            castle: self.castle,
            first_player: self.first_player,
            crown: self.crown,
            voted: self.voted,
            dealt,
            movers: self.movers,
            no_votes: self.no_votes,
            revealed,
            scores: self.scores,
            rounds_scored,
        }
    }

    /// What `seat` knows: the public view, its objective and its committed vote.
    pub fn player_view(&self, seat: Seat) -> PlayerView {
        PlayerView {
            seat,
            public: self.public_view(),
            objective_card: self.objective_card(self.round, seat),
            vote: self.committed_vote(seat),
        }
    }

    /// What `seat`'s sparse observation reads, straight from the game: the parts of
    /// [`Game::player_view`] it needs, without copying the rest, each without a branch on
    /// what the game holds.
    pub(crate) fn seen_by(&self, seat: Seat) -> Seen<'_> {
        let scored = self.scores().len();
        let mut seen_cards = 0u32;
        let mut totals = [0u16; Seat::MAX];
        for (round, (cards, points)) in self.objectives.iter().zip(&self.scores).enumerate() {
            let shown = if round < scored { u32::MAX } else { 0 };
            for card in cards {
                seen_cards |= card.map_or(0, |c| 1 << (c.index() & 31)) & shown;
            }
            for (p, total) in points.iter().zip(&mut totals) {
                *total += u16::from(*p) & shown as u16;
            }
        }
        let own = self.objective_card(self.round, seat);
        seen_cards |= own.map_or(0, |c| 1 << (c.index() & 31));
        let dealt_now = self.objectives.get(usize::from(self.round));
        let mut dealt = 0u8;
        for (s, card) in dealt_now.into_iter().flatten().enumerate() {
            dealt |= u8::from(card.is_some()) << s;
        }
        let acting = match self.phase {
            Phase::Placement | Phase::Climb => SeatSet::single(self.to_move),
            Phase::Vote => self.seats().difference(self.voted),
            Phase::Setup | Phase::Score | Phase::GameOver => SeatSet::EMPTY,
        };
        Seen {
            seat,
            config: &self.config,
            round: self.round,
            phase: self.phase,
            acting,
            castle: &self.castle,
            objective: self
                .objective(seat)
                .map(|o| o.characters())
                .unwrap_or_default(),
            vote: self.committed_vote(seat),
            voted: self.voted,
            crown: self.crown,
            first_player: self.first_player,
            movers: &self.movers,
            no_votes: &self.no_votes,
            seen_cards,
            dealt: SeatSet::from_bits(dealt & self.seats().bits()).unwrap_or_default(),
            totals,
        }
    }
}
