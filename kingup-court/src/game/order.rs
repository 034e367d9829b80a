//! Whose turn: rounds with the start-player marker passing right, the King round, the final
//! round with its exclusions, the end of the game.

use core::cmp::Ordering;

use arrayvec::ArrayVec;
use kingup_table::Seat;

use super::{Game, MAX_PLAYERS, Turn};
use crate::{Event, EventSink, FinalTurn, Outcome, Phase, Stage, Value};

/// Seats in the order they play a round.
pub type SeatOrder = ArrayVec<Seat, MAX_PLAYERS>;

impl Game {
    /// The seat to the right (counter-clockwise) of `seat`.
    fn right_of(&self, seat: Seat) -> Seat {
        let n = self.players();
        Seat::new((seat.index() + n - 1) % n).unwrap_or(Seat::FIRST)
    }

    /// The seat playing at `position` of the current round. Normal rounds go clockwise from
    /// the start player; the final round does too but skips the Queen's holder, who plays
    /// last.
    pub(super) fn seat_at(&self, position: u8) -> Seat {
        let n = self.players();
        let clockwise = |i: usize| Seat::new((self.start.index() + i) % n).unwrap_or(Seat::FIRST);
        let position = usize::from(position);
        match (self.stage, self.queen) {
            (Stage::FinalRound, Some(queen)) => {
                if position + 1 >= n {
                    return queen;
                }
                (0..n)
                    .map(clockwise)
                    .filter(|&s| s != queen)
                    .nth(position)
                    .unwrap_or(queen)
            }
            _ => clockwise(position),
        }
    }

    /// The seats in the order they play the current round: clockwise from the start
    /// player, except that the final round skips the Queen's holder, who plays last
    /// (R32). Empty while chance draws the first player.
    ///
    /// ```
    /// use kingup_court::{Config, FirstPlayer, Game, Seat};
    ///
    /// let mut config = Config::new(3);
    /// config.first_player = FirstPlayer::Seat(Seat::new(1).unwrap());
    /// let game = Game::new(config)?;
    /// let order: Vec<usize> = game.round_order().iter().map(|s| s.index()).collect();
    /// assert_eq!(order, [1, 2, 0]);
    /// # Ok::<(), kingup_court::ConfigError>(())
    /// ```
    pub fn round_order(&self) -> SeatOrder {
        if self.phase == Phase::Setup {
            return SeatOrder::new();
        }
        (0..self.players() as u8).map(|p| self.seat_at(p)).collect()
    }

    /// `seat`'s part in the final round: waiting, playing, played (with its result's
    /// value), skipped, or (the Queen's holder) won without rolling. `None` outside the
    /// final round and for a seat that does not play.
    pub fn final_turn(&self, seat: Seat) -> Option<FinalTurn> {
        if self.stage != Stage::FinalRound || seat.index() >= self.players() {
            return None;
        }
        if let Some(value) = self.final_result(seat) {
            return Some(FinalTurn::Played(value));
        }
        let at = self.round_order().iter().position(|&s| s == seat)?;
        Some(match at.cmp(&usize::from(self.position)) {
            Ordering::Less => FinalTurn::Skipped,
            Ordering::Greater => FinalTurn::Waiting,
            Ordering::Equal if !self.is_over() => FinalTurn::Playing,
            Ordering::Equal if self.king == Some(seat) => FinalTurn::KeptTheKing,
            Ordering::Equal => FinalTurn::Skipped,
        })
    }

    /// Begins round `self.round` with `self.start` holding the marker.
    pub(super) fn start_round<S: EventSink + ?Sized>(&mut self, sink: &mut S) {
        self.position = 0;
        sink.push(Event::RoundStarted {
            round: self.round,
            start: self.start,
        });
        self.begin_turn(self.seat_at(0), sink);
    }

    /// Begins `seat`'s turn: its hand is waiting to be rolled.
    pub(super) fn begin_turn<S: EventSink + ?Sized>(&mut self, seat: Seat, sink: &mut S) {
        let dice = self.hand(seat);
        self.to_move = seat;
        self.turn = Turn {
            to_roll: dice,
            ..Turn::default()
        };
        self.phase = Phase::PreRoll;
        sink.push(Event::TurnStarted { seat, dice });
    }

    /// The turn is over: the next seat plays, or the round ends.
    pub(super) fn end_turn<S: EventSink + ?Sized>(&mut self, sink: &mut S) {
        self.turn = Turn::default();
        self.position += 1;
        if usize::from(self.position) < self.players() {
            self.next_turn(sink);
        } else {
            self.end_round(sink);
        }
    }

    fn next_turn<S: EventSink + ?Sized>(&mut self, sink: &mut S) {
        match self.stage {
            Stage::FinalRound => self.next_final_turn(sink),
            Stage::Normal | Stage::KingRound => self.begin_turn(self.seat_at(self.position), sink),
        }
    }

    /// Every seat has played: the marker passes right, and the next round (or the final
    /// round, after the King round) begins, unless the round bound is reached.
    fn end_round<S: EventSink + ?Sized>(&mut self, sink: &mut S) {
        match self.stage {
            Stage::Normal => {
                if self
                    .config
                    .max_rounds
                    .is_some_and(|max| self.round.saturating_add(1) >= max)
                {
                    self.game_over(Outcome::Truncated, sink);
                    return;
                }
                self.round = self.round.saturating_add(1);
                self.start = self.right_of(self.start);
                self.start_round(sink);
            }
            Stage::KingRound => {
                self.round = self.round.saturating_add(1);
                self.start = self.right_of(self.start);
                self.stage = Stage::FinalRound;
                self.position = 0;
                let queen = self.queen.unwrap_or(self.start);
                sink.push(Event::FinalRoundStarted {
                    first: self.seat_at(0),
                    queen,
                });
                self.next_final_turn(sink);
            }
            // The Queen's holder plays the final round's last turn, which ends the game.
            Stage::FinalRound => {}
        }
    }

    /// Whether `seat` could beat the result value `best` with every die it can have
    /// ([`Game::max_dice`]); the Queen's holder need only tie it. The final round skips a
    /// seat that cannot. A group of `max_dice` dice beats `k` equal dice when it is
    /// larger, or as large and of a higher face, which needs `f < 6`.
    ///
    /// ```
    /// use kingup_court::{Face, Game, Config, Value};
    /// use kingup_court::Seat;
    ///
    /// let game = Game::new(Config::new(2))?;
    /// let three = |face| Value { count: 3, face };
    /// assert!(game.can_beat(Seat::FIRST, three(Face::Five)));
    /// assert!(!game.can_beat(Seat::FIRST, three(Face::Six)));
    /// # Ok::<(), kingup_court::ConfigError>(())
    /// ```
    pub fn can_beat(&self, seat: Seat, best: Value) -> bool {
        let dice = self.max_dice(seat);
        if Some(seat) == self.queen {
            dice >= best.count
        } else {
            dice > best.count || (dice == best.count && best.face.value() < 6)
        }
    }

    /// From the current position of the final round, skips the seats that cannot beat the
    /// best and begins the next turn, or ends the game at the Queen's holder's turn if she
    /// still holds the King or cannot tie.
    fn next_final_turn<S: EventSink + ?Sized>(&mut self, sink: &mut S) {
        let (Some(queen), Some(best)) = (self.queen, self.best) else {
            return;
        };
        loop {
            let seat = self.seat_at(self.position);
            if seat == queen && self.king == Some(queen) {
                self.game_over(Outcome::Won(queen), sink);
                return;
            }
            if self.can_beat(seat, best) {
                self.begin_turn(seat, sink);
                return;
            }
            sink.push(Event::Skipped {
                seat,
                max_dice: self.max_dice(seat),
            });
            if seat == queen {
                let king = self.king.unwrap_or(queen);
                self.game_over(Outcome::Won(king), sink);
                return;
            }
            self.position += 1;
        }
    }

    /// The dice of a final-round turn are done: the result may take the King, and the
    /// Queen's holder's ends the game.
    pub(super) fn final_result_set<S: EventSink + ?Sized>(&mut self, sink: &mut S) {
        let seat = self.to_move;
        let (Some(value), Some(best), Some(queen)) =
            (self.turn.aside.value(), self.best, self.queen)
        else {
            return;
        };
        if let Some(slot) = self.results.get_mut(seat.index()) {
            *slot = Some(value);
        }
        if seat == queen {
            let winner = if value >= best {
                self.take_king(seat, value, sink);
                seat
            } else {
                self.king.unwrap_or(queen)
            };
            self.game_over(Outcome::Won(winner), sink);
            return;
        }
        if value > best {
            self.take_king(seat, value, sink);
        }
        self.end_turn(sink);
    }

    /// The King card moves to `seat`, whose result is the new best.
    fn take_king<S: EventSink + ?Sized>(&mut self, seat: Seat, value: Value, sink: &mut S) {
        if let Some(old) = self.king {
            self.players[old.index()].cards.remove(crate::Card::King);
        }
        self.players[seat.index()].cards.insert(crate::Card::King);
        self.king = Some(seat);
        self.best = Some(value.max(self.best.unwrap_or(value)));
        sink.push(Event::KingTaken { seat, value });
    }

    pub(super) fn game_over<S: EventSink + ?Sized>(&mut self, outcome: Outcome, sink: &mut S) {
        self.phase = Phase::GameOver;
        self.outcome = Some(outcome);
        sink.push(Event::GameOver { outcome });
    }
}
