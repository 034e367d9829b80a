//! Chance steps: the first player, and every die rolled.

use kingup_table::{Seat, below};
use rand_core::Rng;

use super::Game;
use crate::{
    ChanceOutcome, ChanceOutcomes, ChanceReason, ChanceStep, Dice, Event, EventSink, Events, Face,
    IllegalChance, Phase,
};

impl Game {
    /// What the pending chance step decides, if chance is to move.
    #[inline]
    pub const fn chance_step(&self) -> Option<ChanceStep> {
        match self.phase {
            Phase::Setup => Some(ChanceStep::FirstPlayer),
            Phase::Rolling => Some(ChanceStep::Die),
            _ => None,
        }
    }

    /// The outcomes of the pending chance step with their probabilities; empty when chance
    /// is not to move. A die shows each face with probability 1/6; the first player is
    /// uniform over the seats.
    ///
    /// ```
    /// use kingup_court::{ChanceOutcome, Config, Face, Game};
    ///
    /// let game = Game::new(Config::new(4))?;
    /// assert_eq!(game.chance_outcomes().len(), 4); // who starts: 1/4 each
    /// assert!(game.chance_outcomes().iter().all(|&(_, p)| p == 0.25));
    /// # Ok::<(), kingup_court::ConfigError>(())
    /// ```
    pub fn chance_outcomes(&self) -> ChanceOutcomes {
        let mut outcomes = ChanceOutcomes::new();
        match self.chance_step() {
            None => {}
            Some(ChanceStep::Die) => {
                for face in Face::ALL {
                    outcomes.push((ChanceOutcome::Die(face), 1.0 / 6.0));
                }
            }
            Some(ChanceStep::FirstPlayer) => {
                let p = 1.0 / self.players() as f64;
                for seat in Seat::all(self.players()) {
                    outcomes.push((ChanceOutcome::FirstPlayer(seat), p));
                }
            }
        }
        outcomes
    }

    /// Draws an outcome for the pending chance step from `rng`; `None` when chance is not
    /// to move. One draw: a die is `below(6)` (face `1 + draw`), the first player
    /// `below(players)`, with [`kingup_table::below`], so a seed gives the same game in
    /// every front end.
    #[inline]
    pub fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<ChanceOutcome> {
        match self.chance_step()? {
            ChanceStep::Die => Face::from_index(below(rng, 6) as usize).map(ChanceOutcome::Die),
            ChanceStep::FirstPlayer => {
                Seat::new(below(rng, u32::from(self.config.players)) as usize)
                    .map(ChanceOutcome::FirstPlayer)
            }
        }
    }

    /// Resolves every pending chance step with outcomes drawn from `rng`, until a seat is
    /// to move or the game is over; writes the events into `sink` (`&mut ()` drops them).
    /// A roll of many dice is as many steps: collect them in a `Vec<Event>`, or resolve one
    /// step at a time with [`Game::sample_chance`] and [`Game::apply_chance`].
    #[inline]
    pub fn resolve_chance<R: Rng + ?Sized, S: EventSink + ?Sized>(
        &mut self,
        rng: &mut R,
        sink: &mut S,
    ) {
        // Most calls find a seat to move: no call then.
        if self.chance_step().is_some() {
            self.resolve_pending(rng, sink);
        }
    }

    fn resolve_pending<R: Rng + ?Sized, S: EventSink + ?Sized>(
        &mut self,
        rng: &mut R,
        sink: &mut S,
    ) {
        // The dice of a roll: `sample_chance`'s draws and `play_chance`'s changes and
        // events, one die at a time, without the outcome's round trip.
        while self.phase == Phase::Rolling {
            let index = below(rng, 6);
            let face = Face::ALL[index as usize % 6];
            self.land_die(self.turn.active.with_rolled(index), face, sink);
        }
        while let Some(outcome) = self.sample_chance(rng) {
            self.play_chance(outcome, sink);
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
        self.check_chance(outcome)
            .map_err(|reason| IllegalChance { outcome, reason })?;
        self.play_chance(outcome, sink);
        Ok(())
    }

    /// Checks that `outcome` can be the pending chance step's result.
    pub fn check_chance(&self, outcome: ChanceOutcome) -> Result<(), ChanceReason> {
        match (self.chance_step(), outcome) {
            (None, _) => Err(ChanceReason::NotChance),
            (Some(ChanceStep::Die), ChanceOutcome::Die(_)) => Ok(()),
            (Some(ChanceStep::FirstPlayer), ChanceOutcome::FirstPlayer(seat)) => {
                if seat.index() < self.players() {
                    Ok(())
                } else {
                    Err(ChanceReason::NoSuchSeat {
                        players: self.config.players,
                    })
                }
            }
            (Some(step), _) => Err(ChanceReason::WrongStep(step)),
        }
    }

    /// One die rolled: `active` (the dice with it), its event, and the dice phase once the
    /// last die of the roll is in.
    #[inline]
    fn land_die<S: EventSink + ?Sized>(&mut self, active: Dice, face: Face, sink: &mut S) {
        self.turn.active = active;
        self.turn.to_roll = self.turn.to_roll.saturating_sub(1);
        sink.push(Event::DieRolled {
            seat: self.to_move,
            face,
        });
        if self.turn.to_roll == 0 {
            self.phase = Phase::Dice;
        }
    }

    /// Applies a checked outcome.
    pub(super) fn play_chance<S: EventSink + ?Sized>(
        &mut self,
        outcome: ChanceOutcome,
        sink: &mut S,
    ) {
        match outcome {
            ChanceOutcome::Die(face) => self.land_die(self.turn.active.with(face), face, sink),
            ChanceOutcome::FirstPlayer(seat) => {
                sink.push(Event::FirstPlayerChosen { seat });
                self.start = seat;
                self.start_round(sink);
            }
        }
    }
}
