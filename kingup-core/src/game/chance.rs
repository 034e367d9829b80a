//! Chance steps: first player, dealing objectives, the random layout.

use rand_core::Rng;

use super::Game;
use crate::below;
use crate::bits::{bits, nth_bit};
use crate::{
    CardId, Castle, ChanceOutcome, ChanceOutcomes, ChanceReason, ChanceStep, Character, Event,
    EventSink, Events, Floor, IllegalChance, Phase, Seat, SeatSet, Setup,
};

/// The floors the random layout uses.
const LAYOUT_FLOORS: [Floor; 4] = [
    Floor::Servants,
    Floor::Artisans,
    Floor::Merchants,
    Floor::Officials,
];

impl Game {
    /// What the pending chance step decides, if chance is to move.
    ///
    /// Setup draws round 1's first player (if random), then deals one card to each seat in
    /// seat order, then (random-layout variant) lays out the characters in id order. In the
    /// score phase between rounds, the pending step is the next round's first deal.
    pub fn chance_step(&self) -> Option<ChanceStep> {
        match self.phase {
            Phase::Setup => {
                if self.first_player.is_none() {
                    return Some(ChanceStep::FirstPlayer);
                }
                if let Some(seat) = Seat::all(self.players())
                    .find(|&s| self.objective_card(self.round, s).is_none())
                {
                    return Some(ChanceStep::Deal(seat));
                }
                match self.config.setup {
                    Setup::RandomLayout => self.castle.outside().first().map(ChanceStep::Layout),
                    Setup::Placement => None,
                }
            }
            Phase::Score => Some(ChanceStep::Deal(Seat::FIRST)),
            _ => None,
        }
    }

    /// The outcomes of the pending chance step with their probabilities; empty when chance
    /// is not to move.
    ///
    /// A first player is uniform over the seats, a deal uniform over the cards not used yet
    /// in this game, and a layout floor has probability proportional to its free places
    /// (each character takes a uniformly random free place among the 16 of floors 0–3).
    pub fn chance_outcomes(&self) -> ChanceOutcomes {
        let mut outcomes = ChanceOutcomes::new();
        match self.chance_step() {
            None => {}
            Some(ChanceStep::FirstPlayer) => {
                let p = 1.0 / self.players() as f64;
                for seat in Seat::all(self.players()) {
                    outcomes.push((ChanceOutcome::FirstPlayer(seat), p));
                }
            }
            Some(ChanceStep::Deal(_)) => {
                let available = self.available_cards();
                let p = 1.0 / f64::from(available.count_ones());
                for card in bits(available).filter_map(|c| CardId::new(c as usize)) {
                    outcomes.push((ChanceOutcome::Deal(card), p));
                }
            }
            Some(ChanceStep::Layout(_)) => {
                let free = f64::from(self.layout_room());
                for floor in LAYOUT_FLOORS {
                    let room = self.room(floor);
                    if room > 0 {
                        outcomes.push((ChanceOutcome::Layout(floor), f64::from(room) / free));
                    }
                }
            }
        }
        outcomes
    }

    /// Draws an outcome for the pending chance step from `rng`, with the probabilities of
    /// [`Game::chance_outcomes`]; `None` when chance is not to move.
    pub fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<ChanceOutcome> {
        self.sample_outcome(self.chance_step()?, rng)
    }

    fn sample_outcome<R: Rng + ?Sized>(
        &self,
        step: ChanceStep,
        rng: &mut R,
    ) -> Option<ChanceOutcome> {
        Some(match step {
            ChanceStep::FirstPlayer => {
                let seat = below(rng, self.config.players.into());
                ChanceOutcome::FirstPlayer(Seat::new(seat as usize)?)
            }
            ChanceStep::Deal(_) => {
                let available = self.available_cards();
                let k = below(rng, available.count_ones());
                ChanceOutcome::Deal(CardId::new(nth_bit(available, k)? as usize)?)
            }
            ChanceStep::Layout(_) => {
                let mut place = below(rng, self.layout_room());
                let floor = LAYOUT_FLOORS.into_iter().find(|&f| {
                    let room = self.room(f);
                    if place < room {
                        return true;
                    }
                    place -= room;
                    false
                })?;
                ChanceOutcome::Layout(floor)
            }
        })
    }

    /// Resolves every pending chance step with outcomes drawn from `rng`, until a seat is
    /// to move or the game is over; writes the events into `sink` (`&mut ()` drops them).
    ///
    /// This may be many steps (a random layout deals and lays out up to 20 in a row), more
    /// than an [`Events`] list holds: collect them in a `Vec<Event>`, or resolve one step at
    /// a time with [`Game::sample_chance`] and [`Game::apply_chance`].
    pub fn resolve_chance<R: Rng + ?Sized, S: EventSink + ?Sized>(
        &mut self,
        rng: &mut R,
        sink: &mut S,
    ) {
        if matches!(self.phase, Phase::Setup | Phase::Score)
            && self.config.setup == Setup::Placement
        {
            return self.deal_round(rng, sink);
        }
        while let Some(step) = self.chance_step() {
            let Some(outcome) = self.sample_outcome(step, rng) else {
                return;
            };
            self.play_chance(step, outcome, sink);
        }
    }

    /// [`Game::resolve_chance`] for a round's setup with placement: round 1's random first
    /// player if pending, then each seat's deal still pending in seat order, with the same
    /// draws, outcomes and events as step by step, but the cards not yet dealt kept at hand
    /// instead of gathered again for every deal, and no search for the pending step.
    fn deal_round<R: Rng + ?Sized, S: EventSink + ?Sized>(&mut self, rng: &mut R, sink: &mut S) {
        if self.phase == Phase::Setup && self.first_player.is_none() {
            let Some(seat) = Seat::new(below(rng, self.config.players.into()) as usize) else {
                return;
            };
            self.play_chance(
                ChanceStep::FirstPlayer,
                ChanceOutcome::FirstPlayer(seat),
                &mut *sink,
            );
        }
        if self.phase == Phase::Score {
            self.begin_next_round();
        }
        let mut available = self.available_cards();
        // Counted once, then one less a deal (a popcount is a dozen instructions here).
        let mut count = available.count_ones();
        let round = usize::from(self.round);
        let mut dealt = false;
        for seat in Seat::all(self.players()) {
            if self.objectives[round][seat.index()].is_some() {
                continue;
            }
            let k = below(rng, count);
            count = count.saturating_sub(1);
            let Some(card) = nth_bit(available, k).and_then(|c| CardId::new(c as usize)) else {
                return;
            };
            available &= !(1 << card.index());
            self.objectives[round][seat.index()] = Some(card);
            sink.push(Event::ObjectiveDealt {
                seat,
                card: Some(card),
            });
            dealt = true;
        }
        // The last seat's deal starts the round (pending deals are always a suffix of
        // the seats, so the last one dealt is the last seat).
        if dealt {
            self.start_round(sink);
        }
    }

    /// Applies an explicit chance outcome and returns its events; on error the game is
    /// unchanged.
    pub fn apply_chance(&mut self, outcome: ChanceOutcome) -> Result<Events, IllegalChance> {
        let mut events = Events::new();
        self.apply_chance_with(outcome, &mut events)?;
        Ok(events)
    }

    /// Applies an explicit chance outcome, writing its events into `sink`; on error the
    /// game is unchanged and nothing is written.
    pub fn apply_chance_with<S: EventSink + ?Sized>(
        &mut self,
        outcome: ChanceOutcome,
        sink: &mut S,
    ) -> Result<(), IllegalChance> {
        let step = self
            .check_chance(outcome)
            .map_err(|reason| IllegalChance { outcome, reason })?;
        self.play_chance(step, outcome, sink);
        Ok(())
    }

    /// The pending step, if `outcome` is a legal result of it.
    fn check_chance(&self, outcome: ChanceOutcome) -> Result<ChanceStep, ChanceReason> {
        let step = self.chance_step().ok_or(ChanceReason::NotChance)?;
        let legal = match (step, outcome) {
            (ChanceStep::FirstPlayer, ChanceOutcome::FirstPlayer(seat)) => {
                if seat.index() < self.players() {
                    Ok(())
                } else {
                    Err(ChanceReason::NoSuchSeat {
                        players: self.config.players,
                    })
                }
            }
            (ChanceStep::Deal(_), ChanceOutcome::Deal(card)) => {
                if card.index() < self.config.deck.len()
                    && self.available_cards() & 1 << card.index() != 0
                {
                    Ok(())
                } else {
                    Err(ChanceReason::CardUnavailable(card))
                }
            }
            (ChanceStep::Layout(_), ChanceOutcome::Layout(floor)) => {
                if LAYOUT_FLOORS.contains(&floor) && self.room(floor) > 0 {
                    Ok(())
                } else {
                    Err(ChanceReason::FloorUnavailable(floor))
                }
            }
            (step, _) => Err(ChanceReason::WrongStep(step)),
        };
        legal.map(|()| step)
    }

    /// Applies `outcome`, a checked result of the pending `step`.
    fn play_chance<S: EventSink + ?Sized>(
        &mut self,
        step: ChanceStep,
        outcome: ChanceOutcome,
        sink: &mut S,
    ) {
        let setup_done = match (step, outcome) {
            (_, ChanceOutcome::FirstPlayer(seat)) => {
                self.first_player = Some(seat);
                self.to_move = seat;
                sink.push(Event::FirstPlayerChosen { seat });
                false
            }
            (ChanceStep::Deal(seat), ChanceOutcome::Deal(card)) => {
                if self.phase == Phase::Score {
                    self.begin_next_round();
                }
                self.objectives[usize::from(self.round)][seat.index()] = Some(card);
                sink.push(Event::ObjectiveDealt {
                    seat,
                    card: Some(card),
                });
                seat.index() + 1 == self.players() && self.config.setup == Setup::Placement
            }
            (ChanceStep::Layout(character), ChanceOutcome::Layout(floor)) => {
                self.castle.enter(character, floor);
                sink.push(Event::LaidOut { character, floor });
                self.castle.outside().is_empty()
            }
            _ => false,
        };
        if setup_done {
            self.start_round(sink);
        }
    }

    /// Clears the board for the next round; its first player sits left of the crown.
    fn begin_next_round(&mut self) {
        self.round += 1;
        self.phase = Phase::Setup;
        self.castle = Castle::new();
        self.movers = [SeatSet::EMPTY; Character::COUNT];
        self.no_votes = [SeatSet::EMPTY; Character::COUNT];
        let first = self.crown.unwrap_or(Seat::FIRST).next(self.players());
        self.first_player = Some(first);
        self.to_move = first;
    }

    fn start_round<S: EventSink + ?Sized>(&mut self, sink: &mut S) {
        self.phase = match self.config.setup {
            Setup::Placement => Phase::Placement,
            Setup::RandomLayout => Phase::Climb,
        };
        let first_player = self.first_player.unwrap_or(Seat::FIRST);
        self.to_move = first_player;
        sink.push(Event::RoundStarted {
            round: self.round,
            first_player,
        });
    }

    /// Cards in the deck not dealt yet in this game, as a mask over card ids. In the score
    /// phase the current round's cards count as used: they are discarded.
    fn available_cards(&self) -> u32 {
        self.config.deck_mask() & !self.used_cards()
    }

    fn room(&self, floor: Floor) -> u32 {
        u32::from(floor.capacity()) - self.castle.count(floor) as u32
    }

    fn layout_room(&self) -> u32 {
        LAYOUT_FLOORS.into_iter().map(|f| self.room(f)).sum()
    }
}
