//! Positions: the state as plain data, and the history that accepts a hand-built one.
//!
//! A hand-built [`Position`] is accepted only with a **history**: steps the engine accepts
//! one by one and that end in exactly that position. The history is built, not searched
//! for blindly: each seat buys its cards in its earliest turns, cheapest first (a purchase
//! only ever adds dice, so that order never hurts), with dice chosen to meet each cost
//! (`turns.rs`); the Queen's holder buys the King in the King round with a result that
//! gives the best; the final round's results are rolled as given; the turn in progress is
//! rolled and set aside as it shows (`plan.rs`). Every step goes through the engine, so
//! whatever is accepted is a state the rules reach.

use arrayvec::ArrayVec;
use kingup_table::{FirstPlayer, Seat};

use super::{Game, MAX_PLAYERS};
use crate::{
    Card, CardSet, ChanceOutcome, Face, InvalidPosition, Phase, Position, Stage, Step, Value,
};

mod plan;
mod turns;

use plan::{Log, TurnPlan};
use turns::{Found, buy_turn, fewest_dice, final_turn, pass_turn};

/// The most dice one turn can roll (R6).
const MAX_DICE: u32 = 18;

/// One seat's purchases still to make, the next one last. A seat buys at most a Jester and
/// a Charlatan per Charlatan, then one of each other character.
type Purchases = ArrayVec<Card, { 2 * Game::MAX_CHARLATANS as usize + Card::COUNT }>;

impl Game {
    /// The state as plain data.
    pub fn position(&self) -> Position {
        let mut cards = [CardSet::EMPTY; MAX_PLAYERS];
        let mut charlatans = [0; MAX_PLAYERS];
        for (i, player) in self.players.iter().enumerate() {
            cards[i] = player.cards;
            charlatans[i] = player.charlatans;
        }
        Position {
            config: self.config,
            phase: self.phase,
            stage: self.stage,
            round: self.round,
            start_player: self.start,
            turn_seat: self.to_move,
            cards,
            charlatans,
            king: self.king,
            queen: self.queen,
            best: self.best,
            final_results: self.results,
            used: self.turn.used,
            active: self.turn.active,
            aside: self.turn.aside,
            picked: self.turn.picks,
            selecting: self.turn.selecting,
            dice_to_roll: self.dice_to_roll(),
            set_aside_since_roll: self.turn.kept,
        }
    }

    /// The game in `position`, if the rules can reach it: checks the fields that can be
    /// checked alone, then plays a history through the engine (see [`Position`]) and
    /// accepts the position only if it ends there. Round trips: every
    /// [`Game::position`] of a game whose turn in progress used no card but add-a-die cards
    /// is accepted and gives that game back.
    ///
    /// The work grows with the rounds played, which [`Position::MAX_ROUNDS`] bounds.
    pub fn from_position(position: &Position) -> Result<Game, InvalidPosition> {
        check(position)?;
        History::new(position, &mut ()).play()
    }
}

/// The steps of a history that reaches `position` from a new game of its config, if the
/// rules can reach it (the game is [`Game::from_position`]'s).
#[cfg(feature = "alloc")]
pub(crate) fn history(position: &Position) -> Result<alloc::vec::Vec<Step>, InvalidPosition> {
    check(position)?;
    let mut steps = alloc::vec::Vec::new();
    History::new(position, &mut steps).play()?;
    Ok(steps)
}

/// The checks of single fields, for errors that say what is wrong.
fn check(p: &Position) -> Result<(), InvalidPosition> {
    p.config.validate()?;
    let n = p.config.player_count();
    let named = [Some(p.start_player), Some(p.turn_seat), p.king, p.queen];
    if let Some(seat) = named.into_iter().flatten().find(|s| s.index() >= n) {
        return Err(InvalidPosition::Seat { seat });
    }
    for seat in Seat::all(MAX_PLAYERS).skip(n) {
        let i = seat.index();
        if !p.cards[i].is_empty() || p.charlatans[i] > 0 || p.final_results[i].is_some() {
            return Err(InvalidPosition::Seat { seat });
        }
    }
    if p.used.iter().any(|c| !c.adds_die()) {
        return Err(InvalidPosition::CardUses);
    }
    let last_round = match (p.config.max_rounds, p.stage) {
        (Some(max), Stage::FinalRound) => max,
        (Some(max), _) => max - 1,
        (None, _) => Position::MAX_ROUNDS,
    };
    if p.round > last_round.min(Position::MAX_ROUNDS) {
        return Err(InvalidPosition::Round { round: p.round });
    }
    if let (FirstPlayer::Seat(first), false) = (p.config.first_player, p.phase == Phase::Setup) {
        let expected = seat_at(first.index() + n - (p.round as usize % n), n);
        if expected != p.start_player {
            return Err(InvalidPosition::StartPlayer { expected });
        }
    }
    Ok(())
}

fn seat_at(index: usize, players: usize) -> Seat {
    Seat::new(index % players).unwrap_or(Seat::FIRST)
}

/// The history being played towards a target position, its steps written to a log.
struct History<'a, L: Log> {
    target: &'a Position,
    /// By seat: the purchases still to make before the King, the next one last.
    purchases: [Purchases; MAX_PLAYERS],
    log: &'a mut L,
}

impl<'a, L: Log> History<'a, L> {
    fn new(target: &'a Position, log: &'a mut L) -> History<'a, L> {
        let mut purchases: [Purchases; MAX_PLAYERS] = Default::default();
        for (i, list) in purchases.iter_mut().enumerate() {
            let cards = target.cards[i];
            let mut characters: ArrayVec<Card, { Card::COUNT }> = cards
                .iter()
                .filter(|c| !matches!(c, Card::Jester | Card::Charlatan | Card::King))
                .filter(|&c| c != Card::Queen)
                .collect();
            // The cheapest last, as it is bought first; among equals, a card adding a die.
            characters
                .sort_unstable_by_key(|&c| core::cmp::Reverse((fewest_dice(c), !c.adds_die())));
            list.extend(characters);
            if cards.contains(Card::Jester) {
                list.push(Card::Jester);
            }
            for _ in 0..target.charlatans[i].min(Game::MAX_CHARLATANS) {
                list.push(Card::Charlatan);
                list.push(Card::Jester);
            }
        }
        History {
            target,
            purchases,
            log,
        }
    }

    fn play(mut self) -> Result<Game, InvalidPosition> {
        let t = self.target;
        let mut game = Game::new(t.config)?;
        if t.phase != Phase::Setup && t.config.first_player == FirstPlayer::Random {
            let n = t.config.player_count();
            let first = seat_at(t.start_player.index() + t.round as usize, n);
            let first = ChanceOutcome::FirstPlayer(first);
            game.apply_chance_with(first, &mut ())
                .map_err(|_| InvalidPosition::Unreachable)?;
            self.log.push(Step::Chance(first));
        }
        self.run(game)
    }

    /// Plays whole turns until the target's turn, and that turn.
    fn run(&mut self, mut game: Game) -> Result<Game, InvalidPosition> {
        let t = self.target;
        loop {
            if game.position() == *t {
                return Ok(game);
            }
            if game.is_over() || game.round > t.round {
                return Err(InvalidPosition::Unreachable);
            }
            let seat = game.to_move;
            if self.is_target_turn(&game) {
                self.all_bought()?;
                return self.target_turn(game);
            }
            let found = match game.stage {
                Stage::FinalRound => {
                    let value = t.final_results[seat.index()];
                    final_turn(game, value.ok_or(InvalidPosition::Unreachable)?)
                        .ok_or(InvalidPosition::Unreachable)?
                }
                _ if t.queen == Some(seat) && game.round == self.king_round() => {
                    return self.king_turn(game);
                }
                _ => self.normal_turn(game)?,
            };
            game = self.record(game, found);
        }
    }

    /// Logs the steps of `found`, played from `game`; the game after them.
    fn record(&mut self, game: Game, found: Found) -> Game {
        // The plan played once already, so it plays again: only the log is new.
        let _ = found.plan.play(game, self.log);
        if let Some(action) = found.then {
            self.log.push(Step::Action {
                seat: game.to_move,
                action,
            });
        }
        found.game
    }

    /// Every seat has made its purchases, or the first that has not is named.
    fn all_bought(&self) -> Result<(), InvalidPosition> {
        match self.purchases.iter().position(|list| !list.is_empty()) {
            Some(i) => Err(InvalidPosition::Purchases {
                seat: seat_at(i, MAX_PLAYERS),
            }),
            None => Ok(()),
        }
    }

    /// The round the King is bought in, if the target has one.
    fn king_round(&self) -> u32 {
        match self.target.stage {
            Stage::Normal => u32::MAX,
            Stage::KingRound => self.target.round,
            Stage::FinalRound => self.target.round.wrapping_sub(1),
        }
    }

    /// Whether `game` is at the start of the target's turn in progress: its round, stage
    /// and seat, or the Queen's game-ending turn of a finished game.
    fn is_target_turn(&self, game: &Game) -> bool {
        let t = self.target;
        let same = game.round == t.round && game.stage == t.stage && game.to_move == t.turn_seat;
        match t.phase {
            Phase::GameOver => same && t.queen == Some(t.turn_seat) && t.stage == Stage::FinalRound,
            _ => same,
        }
    }

    /// A normal turn: the seat's next purchase it can make now, or nothing.
    fn normal_turn(&mut self, game: Game) -> Result<Found, InvalidPosition> {
        let seat = game.to_move;
        let list = &mut self.purchases[seat.index()];
        let Some(&card) = list.last() else {
            return pass_turn(game).ok_or(InvalidPosition::Unreachable);
        };
        match buy_turn(game, card, None) {
            Some(found) => {
                list.pop();
                Ok(found)
            }
            // A purchase only adds dice: if the cheapest is out of reach, all stay so.
            None => Err(InvalidPosition::Purchases { seat }),
        }
    }

    /// The Queen's holder buys the King, with a result that gives the target's best: the
    /// best itself, or (when the final round has begun) any lower value.
    fn king_turn(&mut self, game: Game) -> Result<Game, InvalidPosition> {
        let t = self.target;
        let seat = game.to_move;
        if !self.purchases[seat.index()].is_empty() {
            return Err(InvalidPosition::Purchases { seat });
        }
        let best = t.best.ok_or(InvalidPosition::Unreachable)?;
        // In the King round the best is the King buyer's; in the final round it may be a
        // later result (the Queen's holder's own among them), over a lower King value.
        let final_round = t.stage == Stage::FinalRound;
        let lower = (7..=MAX_DICE as u8)
            .flat_map(|count| Face::ALL.map(|face| Value { count, face }))
            .filter(|&v| v < best && final_round);
        let (mark, purchases) = (self.log.len(), self.purchases.clone());
        for value in core::iter::once(best).chain(lower) {
            let Some(found) = buy_turn(game, Card::King, Some(value)) else {
                continue;
            };
            let next = self.record(game, found);
            if let Ok(done) = self.run(next) {
                return Ok(done);
            }
            self.log.truncate(mark);
            self.purchases.clone_from(&purchases);
        }
        Err(InvalidPosition::Unreachable)
    }

    /// The target's turn in progress, from its start: the dice it shows, rolled and set
    /// aside, each of its add-a-die cards used before the first roll or after it.
    fn target_turn(&mut self, game: Game) -> Result<Game, InvalidPosition> {
        let t = self.target;
        let cards: ArrayVec<Card, 7> = t.used.iter().collect();
        let prerolls = if t.config.preroll_abilities {
            1u32 << cards.len()
        } else {
            1
        };
        for mask in 0..prerolls {
            let pre = subset(&cards, mask);
            let after = t.used.difference(pre);
            let queens: &[Face] = if after.contains(Card::Queen) {
                &Face::ALL
            } else {
                &[Face::One]
            };
            for &queen in queens {
                for plan in TurnPlan::of(t, pre, after, queen) {
                    match plan.play(game, &mut ()) {
                        Some(next) if next.position() == *t => {
                            let _ = plan.play(game, self.log);
                            return Ok(next);
                        }
                        _ => {}
                    }
                }
            }
        }
        Err(InvalidPosition::Unreachable)
    }
}

/// The cards of `cards` whose bits are set in `mask`.
fn subset(cards: &[Card], mask: u32) -> CardSet {
    cards
        .iter()
        .enumerate()
        .filter(|(i, _)| mask & (1 << i) != 0)
        .map(|(_, &c)| c)
        .collect()
}
