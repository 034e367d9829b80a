//! Building views: what each viewer may know of the game.

use super::Game;
use crate::{PlayerView, PublicView, Seat, SeatSet};

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
}
