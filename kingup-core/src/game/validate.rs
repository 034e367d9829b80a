//! The invariants of a reachable state, checked on every snapshot load.

use super::{Game, MAX_ROUNDS};
use crate::{CardId, CastleError, Character, ConfigError, FirstPlayer, Floor, Phase, Seat, Setup};

/// Why a state could not arise in a game (a corrupted or hand-edited snapshot).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InvalidState {
    /// The configuration is not playable.
    #[error("invalid config: {0}")]
    Config(#[from] ConfigError),
    /// The round index is not below the number of rounds.
    #[error("round index {round} is out of range for a {rounds}-round game")]
    Round {
        /// The round index.
        round: u8,
        /// Rounds in the game.
        rounds: u8,
    },
    /// The castle is impossible.
    #[error(transparent)]
    Castle(#[from] CastleError),
    /// A seat holds more No cards than it starts with, or a seat that does not play
    /// holds cards, a vote, points or an objective.
    #[error("seat {0} has cards, votes, points or an objective it cannot have")]
    Seat(Seat),
    /// A card is not in the deck, or was dealt twice in the game.
    #[error("card {0} is not in the deck or was dealt twice")]
    Card(CardId),
    /// Objectives are missing for a round that was dealt, or present for one that was not.
    #[error("the objectives of round {0} do not match the phase")]
    Objectives(u8),
    /// The record of who moved or voted down a character does not fit where it is: an
    /// eliminated character needs No votes, others have none, an unplaced one no movers.
    #[error("the movers or No votes recorded for {0} are impossible")]
    History(Character),
    /// A round's points are impossible or disagree with the castle.
    #[error("the points of round {0} are impossible")]
    Scores(u8),
    /// The castle, turn, crown or votes do not fit the phase.
    #[error("the state does not fit the {0} phase")]
    Phase(Phase),
    /// No sequence of moves reaches the state: it passes every check of a single field but
    /// no history explains it.
    #[error("no sequence of moves reaches this state")]
    Unreachable,
    /// The search for a history gave up before finding one (the state is refused, as no
    /// history could be shown).
    #[error("no history was found for this state within the search's budget")]
    Undecided,
}

impl Game {
    /// Checks every invariant a reachable state satisfies. Snapshots are validated on
    /// load; the engine's own transitions always keep a valid state valid.
    pub fn validate(&self) -> Result<(), InvalidState> {
        self.config.validate()?;
        if self.round >= self.config.rounds {
            return Err(InvalidState::Round {
                round: self.round,
                rounds: self.config.rounds,
            });
        }
        self.validate_castle()?;
        self.validate_seats()?;
        self.validate_cards()?;
        self.validate_scores()?;
        self.validate_phase()
    }

    fn validate_castle(&self) -> Result<(), InvalidState> {
        self.castle.check()?;
        let seats = self.seats();
        for c in Character::ALL {
            let no = self.no_votes(c);
            let movers = self.movers(c);
            let bad = no.is_empty() == self.castle.eliminated().contains(c)
                || !no.difference(seats).is_empty()
                || !movers.difference(seats).is_empty()
                || (self.castle.outside().contains(c) && !movers.is_empty());
            if bad {
                return Err(InvalidState::History(c));
            }
        }
        Ok(())
    }

    fn validate_seats(&self) -> Result<(), InvalidState> {
        for seat in Seat::all(Seat::MAX) {
            let plays = seat.index() < self.players();
            let no_played = self.no_votes.iter().filter(|s| s.contains(seat)).count();
            let bad = if plays {
                no_played > usize::from(self.config.no_cards())
                    || (self.voted_no.contains(seat)
                        && (!self.voted.contains(seat) || self.no_cards(seat) == 0))
            } else {
                self.voted.contains(seat)
                    || self.voted_no.contains(seat)
                    || self.scores.iter().any(|r| r[seat.index()] != 0)
                    || self.objectives.iter().any(|r| r[seat.index()].is_some())
            };
            if bad {
                return Err(InvalidState::Seat(seat));
            }
        }
        Ok(())
    }

    fn validate_cards(&self) -> Result<(), InvalidState> {
        let mut seen = 0u32;
        for card in self.objectives.iter().flatten().flatten() {
            let bit = 1u32 << card.index();
            if card.index() >= self.config.deck.len() || seen & bit != 0 {
                return Err(InvalidState::Card(*card));
            }
            seen |= bit;
        }
        for round in 0..MAX_ROUNDS as u8 {
            let dealt = Seat::all(self.players())
                .take_while(|&s| self.objective_card(round, s).is_some())
                .count();
            let total = Seat::all(self.players())
                .filter(|&s| self.objective_card(round, s).is_some())
                .count();
            let complete =
                round < self.round || (round == self.round && self.phase != Phase::Setup);
            let expected_ok = if complete {
                dealt == self.players()
            } else if round == self.round {
                dealt == total
            } else {
                total == 0
            };
            if !expected_ok {
                return Err(InvalidState::Objectives(round));
            }
        }
        Ok(())
    }

    fn validate_scores(&self) -> Result<(), InvalidState> {
        let scored = self.scores().len();
        for (round, points) in self.scores.iter().enumerate() {
            let bad = if round < scored {
                points.iter().any(|&p| p > super::score::CONSOLATION_POINTS)
            } else {
                points.iter().any(|&p| p != 0)
            };
            if bad {
                return Err(InvalidState::Scores(round as u8));
            }
        }
        if scored > usize::from(self.round) {
            let mut rescored = *self;
            rescored.score_round(&mut ());
            if rescored.scores != self.scores {
                return Err(InvalidState::Scores(self.round));
            }
        }
        Ok(())
    }

    fn validate_phase(&self) -> Result<(), InvalidState> {
        if self.phase_fits() {
            Ok(())
        } else {
            Err(InvalidState::Phase(self.phase))
        }
    }

    fn phase_fits(&self) -> bool {
        let castle = &self.castle;
        let players = self.players();
        let full_hands = Seat::all(players).all(|s| self.no_cards(s) == self.config.no_cards());
        let first_known = self.first_player.is_some_and(|s| s.index() < players);
        let first_ok = first_known
            || (self.round == 0
                && self.phase == Phase::Setup
                && self.config.first_player == FirstPlayer::Random);
        let turn_ok = self.to_move.index() < players;
        let crown_ok = self.crown.is_some_and(|s| s.index() < players);
        let no_votes = self.voted.is_empty() && self.voted_no.is_empty();
        let round_over = castle.throne().is_some() && castle.outside().is_empty() && no_votes;
        let base = first_ok && turn_ok && (self.round == 0 || crown_ok);
        base && match self.phase {
            Phase::Setup => {
                let laid_out = castle.inside().len();
                let layout_ok = match self.config.setup {
                    Setup::Placement => laid_out == 0,
                    Setup::RandomLayout => {
                        let on_low_floors: usize =
                            Floor::ALL[..4].iter().map(|&f| castle.count(f)).sum();
                        let all_dealt = Seat::all(players)
                            .all(|s| self.objective_card(self.round, s).is_some());
                        on_low_floors == laid_out && (laid_out == 0 || all_dealt)
                    }
                };
                layout_ok && castle.eliminated().is_empty() && full_hands && no_votes
            }
            Phase::Placement => {
                let placed = castle.inside().len();
                let on_placement_floors: usize =
                    Floor::PLACEMENT.iter().map(|&f| castle.count(f)).sum();
                let expected_turn = self.first_player.map(|s| (s.index() + placed) % players);
                placed < usize::from(self.config.placements())
                    && placed == on_placement_floors
                    && castle.eliminated().is_empty()
                    && full_hands
                    && no_votes
                    && expected_turn == Some(self.to_move.index())
            }
            Phase::Climb => castle.outside().is_empty() && castle.throne().is_none() && no_votes,
            Phase::Vote => {
                castle.outside().is_empty()
                    && castle.throne().is_some()
                    && crown_ok
                    && self.voted.len() < players
            }
            Phase::Score => round_over && crown_ok && self.round + 1 < self.config.rounds,
            Phase::GameOver => round_over && crown_ok && self.round + 1 == self.config.rounds,
        }
    }
}
