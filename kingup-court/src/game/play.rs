//! Applying actions: the transitions of a turn, and buying.

use super::Game;
use crate::action::CHANGES;
use crate::{
    Action, ActionKind, Card, Dice, Event, EventSink, Events, Face, IllegalAction, Phase, Stage,
};
use kingup_table::Seat;

impl Game {
    /// Plays `action` for `seat` and returns the events it caused; on error the game is
    /// unchanged.
    ///
    /// ```
    /// use kingup_court::{Action, ChanceOutcome, Config, Event, Face, Game, IllegalReason};
    /// use kingup_court::{FirstPlayer, Seat};
    ///
    /// let mut config = Config::new(2);
    /// config.first_player = FirstPlayer::Seat(Seat::FIRST);
    /// let mut game = Game::new(config)?;
    /// let seat = Seat::FIRST;
    /// game.apply(seat, Action::ROLL)?;
    /// for face in [Face::Five, Face::Five, Face::Two] {
    ///     game.apply_chance(ChanceOutcome::Die(face))?;
    /// }
    /// let events = game.apply(seat, "keep 5".parse()?)?;
    /// assert_eq!(events[0], Event::SetAside { seat, face: Face::Five });
    ///
    /// let before = game;
    /// let err = game.apply(seat, "keep 6".parse()?).unwrap_err();
    /// assert_eq!(err.reason, IllegalReason::NoActiveDie { face: Face::Six });
    /// assert_eq!(game, before);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Events, IllegalAction> {
        let mut events = Events::new();
        self.apply_with(seat, action, &mut events)?;
        Ok(events)
    }

    /// Plays `action` for `seat`, writing its events into `sink`; on error the game is
    /// unchanged and nothing is written.
    pub fn apply_with<S: EventSink + ?Sized>(
        &mut self,
        seat: Seat,
        action: Action,
        sink: &mut S,
    ) -> Result<(), IllegalAction> {
        self.check(seat, action)?;
        self.play(action, sink);
        Ok(())
    }

    /// Plays `action` for the seat to move without checking it and without events: the
    /// fast path for playouts over actions taken from the legal ones.
    ///
    /// Memory-safe whatever it is given, and panic-free in release builds; an illegal
    /// action leaves the game in an unspecified state. Debug builds assert legality.
    #[inline]
    pub fn apply_unchecked(&mut self, seat: Seat, action: Action) {
        debug_assert!(
            self.is_legal(seat, action),
            "{:?}",
            self.check(seat, action)
        );
        self.play(action, &mut ());
    }

    /// Applies a legal action of the seat to move.
    pub(super) fn play<S: EventSink + ?Sized>(&mut self, action: Action, sink: &mut S) {
        // Every action but a purchase by its index, without decoding it.
        let i = action.index();
        let face = |base: u8| Face::ALL[(i - usize::from(base)) % 6];
        match i as u8 {
            0 => return self.roll(sink),
            Action::KEEP..Action::PRE_ROLL => return self.set_aside(face(Action::KEEP), sink),
            Action::PRE_ROLL..Action::BRING_IN => {
                let card = Card::ADD_DIE[(i - usize::from(Action::PRE_ROLL)) % 7];
                return self.pre_roll(card, sink);
            }
            Action::BRING_IN..Action::JESTER | Action::MAID..Action::MERCHANT => {
                let change = CHANGES[i];
                return self.change(change.card, change.from, change.to, sink);
            }
            Action::JESTER..Action::MAID => {
                return self.reroll(Card::Jester, Dice::one(face(Action::JESTER)), sink);
            }
            Action::MERCHANT..Action::NOBLEWOMAN if i < 206 => {
                return self.pick(Card::Merchant, face(Action::MERCHANT), sink);
            }
            Action::NOBLEWOMAN..Action::NOBLEMAN if i < 212 => {
                return self.pick(Card::Noblewoman, face(Action::NOBLEWOMAN), sink);
            }
            Action::NOBLEMAN..Action::BUY if i < 217 => {
                return self.pick(Card::Nobleman, face(Action::NOBLEMAN), sink);
            }
            206 => return self.confirm(Card::Merchant, sink),
            212 => return self.confirm(Card::Noblewoman, sink),
            217 => return self.confirm(Card::Nobleman, sink),
            _ => {}
        }
        let seat = self.to_move;
        match action.kind() {
            ActionKind::Roll => self.roll(sink),
            ActionKind::SetAside(face) => self.set_aside(face, sink),
            ActionKind::PreRoll(card) => self.pre_roll(card, sink),
            ActionKind::BringIn(card) => {
                let face = card.brings_in().unwrap_or(Face::One);
                self.change(card, Dice::EMPTY, Dice::one(face), sink);
            }
            ActionKind::Queen(face) => self.change(Card::Queen, Dice::EMPTY, Dice::one(face), sink),
            ActionKind::Jester(face) => self.reroll(Card::Jester, Dice::one(face), sink),
            ActionKind::Maid { from, to } => {
                self.change(Card::Maid, Dice::one(from), Dice::one(to), sink);
            }
            ActionKind::Astronomer { from, to } => {
                self.change(Card::Astronomer, Dice::one(from), Dice::one(to), sink);
            }
            ActionKind::Magician { from, to } => {
                self.change(Card::Magician, Dice::one(from), Dice::one(to), sink);
            }
            ActionKind::Philosopher { from, to } => self.change(Card::Philosopher, from, to, sink),
            ActionKind::Alchemist { from, to } => self.change(Card::Alchemist, from, to, sink),
            ActionKind::Pick { card, face } => self.pick(card, face, sink),
            ActionKind::Confirm(card) => self.confirm(card, sink),
            ActionKind::Buy(card) => {
                self.buy(card);
                sink.push(Event::Bought { seat, card });
                self.end_turn(sink);
            }
            ActionKind::Pass => {
                sink.push(Event::Passed { seat });
                self.end_turn(sink);
            }
        }
    }

    /// Before the first roll, `card` adds a die to it.
    fn pre_roll<S: EventSink + ?Sized>(&mut self, card: Card, sink: &mut S) {
        self.turn.used.insert(card);
        self.turn.to_roll = self.turn.to_roll.saturating_add(1);
        sink.push(Event::PreRolled {
            seat: self.to_move,
            card,
        });
    }

    /// `card` picks a die showing `face` (the first pick uses the card).
    fn pick<S: EventSink + ?Sized>(&mut self, card: Card, face: Face, sink: &mut S) {
        if self.phase == Phase::Dice {
            self.turn.used.insert(card);
            self.turn.selecting = Some(card);
            self.phase = Phase::Select;
        }
        self.turn.picks = self.turn.picks.with(face);
        sink.push(Event::Picked {
            seat: self.to_move,
            card,
            face,
        });
    }

    /// The first roll (the hand and pre-roll dice), or every active die again.
    fn roll<S: EventSink + ?Sized>(&mut self, sink: &mut S) {
        if self.phase == Phase::Dice {
            self.turn.to_roll = self.turn.active.len() as u8;
            self.turn.active = Dice::EMPTY;
        }
        self.turn.kept = false;
        self.phase = Phase::Rolling;
        sink.push(Event::Rolling {
            seat: self.to_move,
            dice: self.turn.to_roll,
        });
    }

    pub(super) fn set_aside<S: EventSink + ?Sized>(&mut self, face: Face, sink: &mut S) {
        let seat = self.to_move;
        if let Some(active) = self.turn.active.without(face) {
            self.turn.active = active;
        }
        self.turn.aside = self.turn.aside.with(face);
        self.turn.kept = true;
        sink.push(Event::SetAside { seat, face });
        if !self.turn.active.is_empty() {
            return;
        }
        // No die is active: the dice are done (R13), and the result is final.
        sink.push(Event::ResultSet {
            seat,
            result: self.turn.aside,
        });
        match self.stage {
            Stage::FinalRound => self.final_result_set(sink),
            Stage::Normal | Stage::KingRound => self.phase = Phase::Buy,
        }
    }

    /// `card` turns the active dice `from` into `to`.
    fn change<S: EventSink + ?Sized>(&mut self, card: Card, from: Dice, to: Dice, sink: &mut S) {
        self.turn.used.insert(card);
        if let Some(rest) = self.turn.active.minus(from) {
            self.turn.active = rest.plus(to);
        }
        sink.push(Event::CardUsed {
            seat: self.to_move,
            card,
            from,
            to,
        });
    }

    /// `card` re-rolls the active dice `dice`: they wait for chance and stay active after.
    /// Not a roll: it neither needs nor makes a set-aside (R11).
    fn reroll<S: EventSink + ?Sized>(&mut self, card: Card, dice: Dice, sink: &mut S) {
        self.change(card, dice, Dice::EMPTY, sink);
        self.turn.to_roll = dice.len() as u8;
        self.phase = Phase::Rolling;
    }

    fn confirm<S: EventSink + ?Sized>(&mut self, card: Card, sink: &mut S) {
        let picks = self.turn.picks;
        self.turn.picks = Dice::EMPTY;
        self.turn.selecting = None;
        self.phase = Phase::Dice;
        match card {
            Card::Merchant => self.reroll(card, picks, sink),
            _ => {
                let pips = if card == Card::Nobleman { 2 } else { 1 };
                let raised = picks.raised(pips).unwrap_or(picks);
                // The card was marked used at the first pick; `change` marks it again.
                self.change(card, picks, raised, sink);
            }
        }
    }

    pub(super) fn buy(&mut self, card: Card) {
        let seat = self.to_move;
        let unlimited = self.config.unlimited_jesters;
        let Some(player) = self.players.get_mut(seat.index()) else {
            return;
        };
        match card {
            Card::Charlatan => {
                player.cards.remove(Card::Jester);
                player.cards.insert(Card::Charlatan);
                player.charlatans = player.charlatans.saturating_add(1);
            }
            Card::King => {
                player.cards.insert(Card::King);
                player.cards.insert(Card::Queen);
                self.supply[Card::King.index()] = 0;
                self.supply[Card::Queen.index()] = 0;
                self.king = Some(seat);
                self.queen = Some(seat);
                self.best = self.turn.aside.value();
                self.stage = Stage::KingRound;
            }
            _ => {
                player.cards.insert(card);
                if !(card == Card::Jester && unlimited) {
                    let left = &mut self.supply[card.index()];
                    *left = left.saturating_sub(1);
                }
            }
        }
    }
}
