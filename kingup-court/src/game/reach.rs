//! Positions: the state as plain data, and the history that accepts a hand-built one.
//!
//! A hand-built [`Position`] is accepted only with a **history**: steps the engine accepts
//! one by one and that end in exactly that position. The history is built, not searched
//! for blindly: each seat buys its cards in its earliest turns, cheapest first (a purchase
//! only ever adds dice, so that order never hurts), with dice chosen to meet each cost; the
//! Queen's holder buys the King in the King round with the best result; the final round's
//! results are rolled as given; the turn in progress is rolled and set aside as it shows.
//! Every step goes through the engine, so whatever is accepted is a state the rules reach.

use arrayvec::ArrayVec;
use kingup_table::{FirstPlayer, Seat};

use super::{Game, MAX_PLAYERS};
use crate::{
    Action, ActionKind, Card, CardSet, ChanceOutcome, Dice, Face, InvalidPosition, Phase, Position,
    Stage, Step, Value,
};

/// The most dice one turn can roll (R6).
const MAX_DICE: u32 = 18;

/// One seat's purchases still to make, the next one last. A seat buys at most a Jester and
/// a Charlatan per Charlatan, then one of each other character.
type Purchases = ArrayVec<Card, { 2 * Game::MAX_CHARLATANS as usize + Card::COUNT }>;

/// Where a history's steps go: nowhere (`()`, when only the game matters) or a list.
pub(crate) trait Log {
    fn push(&mut self, step: Step);
    fn len(&self) -> usize;
    fn truncate(&mut self, len: usize);
}

impl Log for () {
    fn push(&mut self, _: Step) {}
    fn len(&self) -> usize {
        0
    }
    fn truncate(&mut self, _: usize) {}
}

#[cfg(feature = "alloc")]
impl Log for alloc::vec::Vec<Step> {
    fn push(&mut self, step: Step) {
        alloc::vec::Vec::push(self, step);
    }
    fn len(&self) -> usize {
        alloc::vec::Vec::len(self)
    }
    fn truncate(&mut self, len: usize) {
        alloc::vec::Vec::truncate(self, len);
    }
}

/// A turn found for the history: the plan of its dice, the action that ends it (a
/// purchase or a pass; none in the final round), and the game after it.
#[derive(Clone, Copy)]
struct Found {
    plan: TurnPlan,
    then: Option<Action>,
    game: Game,
}

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

/// How one turn's dice go: add-a-die cards before the first roll and after it; the dice
/// set aside `early`, over as many rolls as it takes; a last roll showing `last`; and the
/// dice of it set aside `late`. Without `early`, the first roll is the last.
#[derive(Clone, Copy)]
struct TurnPlan {
    /// Used before the first roll.
    pre: CardSet,
    /// Used after the first roll, bringing in their dice.
    after: CardSet,
    /// The face the Queen brings in.
    queen: Face,
    /// Whether the turn rolls at all (not before the first roll).
    rolls: bool,
    early: Dice,
    last: Dice,
    late: Dice,
}

/// The plans tried for one target turn.
type Plans = ArrayVec<TurnPlan, 2>;

impl TurnPlan {
    /// One roll showing `last`, the dice brought in after it, and `late` set aside.
    fn one_roll(pre: CardSet, after: CardSet, queen: Face, last: Dice, late: Dice) -> TurnPlan {
        TurnPlan {
            pre,
            after,
            queen,
            rolls: true,
            early: Dice::EMPTY,
            last,
            late,
        }
    }

    /// The plans that show the target's dice: everything from one roll; or the dice set
    /// aside before a last roll that shows the active ones (then the dice brought in can
    /// be gone, re-rolled, and no die need have been set aside since).
    fn of(t: &Position, pre: CardSet, after: CardSet, queen: Face) -> Plans {
        let (aside, active) = (t.aside, t.active);
        let one = |last, late| TurnPlan::one_roll(pre, after, queen, last, late);
        let two = |early, last, late| TurnPlan {
            early,
            ..one(last, late)
        };
        let mut plans = Plans::new();
        match t.phase {
            Phase::PreRoll => plans.push(TurnPlan {
                rolls: false,
                ..one(Dice::EMPTY, Dice::EMPTY)
            }),
            _ if aside.is_empty() => plans.push(one(active, Dice::EMPTY)),
            Phase::Rolling => plans.push(two(aside, active, Dice::EMPTY)),
            Phase::Dice if !t.set_aside_since_roll => plans.push(two(aside, active, Dice::EMPTY)),
            Phase::Dice | Phase::Buy | Phase::GameOver => {
                plans.push(one(aside.plus(active), aside));
                // The highest die set aside after the last roll, the rest before.
                if let Some(top) = aside.highest().map(Dice::one) {
                    let early = aside.minus(top).unwrap_or(Dice::EMPTY);
                    if !early.is_empty() {
                        plans.push(two(early, active.plus(top), top));
                    }
                }
            }
            Phase::Setup | Phase::Select => {}
        }
        plans
    }

    /// Plays the plan from the start of the turn, writing its steps to `log`; `None` if
    /// the engine refuses a step.
    fn play(self, mut game: Game, log: &mut impl Log) -> Option<Game> {
        let seat = game.to_move;
        let act = |game: &mut Game, log: &mut dyn Log, action: Option<Action>| -> Option<()> {
            let action = action?;
            game.apply_with(seat, action, &mut ()).ok()?;
            log.push(Step::Action { seat, action });
            Some(())
        };
        for card in self.pre.iter() {
            act(&mut game, log, Action::from_kind(ActionKind::PreRoll(card)))?;
        }
        if !self.rolls {
            return Some(game);
        }
        let brought = brought_in(self.after, self.queen);
        act(&mut game, log, Some(Action::ROLL))?;
        let first = if self.early.is_empty() {
            self.last.minus(brought)?
        } else {
            take(remove_any(self.early, brought), game.dice_to_roll())
        };
        roll(&mut game, first, log)?;
        if game.phase == Phase::Rolling {
            return Some(game);
        }
        for card in self.after.iter() {
            let kind = match card {
                Card::Queen => ActionKind::Queen(self.queen),
                _ => ActionKind::BringIn(card),
            };
            act(&mut game, log, Action::from_kind(kind))?;
        }
        let mut early = self.early;
        while !early.is_empty() {
            // Set aside what is there of `early`, then roll the rest for more of it (the
            // last roll shows `last`).
            let there = common(early, game.active());
            if there.is_empty() {
                return None;
            }
            for face in there.faces() {
                act(&mut game, log, Some(Action::set_aside(face)))?;
            }
            early = early.minus(there)?;
            act(&mut game, log, Some(Action::ROLL))?;
            let count = game.dice_to_roll();
            let faces = if early.is_empty() {
                self.last
            } else {
                take(early, count)
            };
            roll(&mut game, faces, log)?;
            if game.phase == Phase::Rolling {
                return Some(game);
            }
        }
        for face in self.late.faces() {
            act(&mut game, log, Some(Action::set_aside(face)))?;
        }
        Some(game)
    }
}

/// `dice` without the dice of `other` it has (a face it lacks is skipped).
fn remove_any(dice: Dice, other: Dice) -> Dice {
    other.faces().fold(dice, |d, f| d.without(f).unwrap_or(d))
}

/// The dice both `a` and `b` have.
fn common(a: Dice, b: Dice) -> Dice {
    let (a, b) = (a.counts(), b.counts());
    Dice::from_counts(core::array::from_fn(|i| a[i].min(b[i])))
}

/// `count` dice: as many of `dice` as fit, then 1s.
fn take(dice: Dice, count: u8) -> Dice {
    let kept = dice
        .faces()
        .take(usize::from(count))
        .fold(Dice::EMPTY, Dice::with);
    fill(kept, u32::from(count)).unwrap_or(kept)
}

/// Rolls `faces` one chance step each.
fn roll(game: &mut Game, faces: Dice, log: &mut dyn Log) -> Option<()> {
    for face in faces.faces() {
        let outcome = ChanceOutcome::Die(face);
        game.apply_chance_with(outcome, &mut ()).ok()?;
        log.push(Step::Chance(outcome));
    }
    Some(())
}

/// `dice` and as many 1s as make `count` dice; `None` if `dice` are more already.
fn fill(dice: Dice, count: u32) -> Option<Dice> {
    let missing = count.checked_sub(dice.len())?;
    Some((0..missing).fold(dice, |d, _| d.with(Face::One)))
}

/// The dice the add-a-die cards `used` bring in after the roll, the Queen's showing `queen`.
fn brought_in(used: CardSet, queen: Face) -> Dice {
    used.iter()
        .filter_map(|c| {
            if c == Card::Queen {
                Some(queen)
            } else {
                c.brings_in()
            }
        })
        .fold(Dice::EMPTY, Dice::with)
}

/// A whole turn that rolls 1s and buys nothing (in the final round: just rolls).
fn pass_turn(game: Game) -> Option<Found> {
    let hand = u32::from(game.hand(game.to_move));
    let ones = fill(Dice::EMPTY, hand)?;
    let plan = TurnPlan::one_roll(CardSet::EMPTY, CardSet::EMPTY, Face::One, ones, ones);
    let mut next = plan.play(game, &mut ())?;
    next.apply_with(game.to_move, Action::PASS, &mut ()).ok()?;
    Some(Found {
        plan,
        then: Some(Action::PASS),
        game: next,
    })
}

/// A turn whose result is exactly `value`, in the final round.
fn final_turn(game: Game, value: Value) -> Option<Found> {
    let seat = game.to_move;
    let found = with_result(game, |dice| dice.value() == Some(value))?;
    (found.game.final_result(seat) == Some(value)).then_some(found)
}

/// A normal turn that buys `card`, with a result of exactly `value` if given.
fn buy_turn(game: Game, card: Card, value: Option<Value>) -> Option<Found> {
    let buy = Action::buy(card)?;
    let fits = |dice: Dice| card.cost_met(dice) && value.is_none_or(|v| dice.value() == Some(v));
    let mut found = with_result(game, fits)?;
    found.game.apply_with(game.to_move, buy, &mut ()).ok()?;
    found.then = Some(buy);
    Some(found)
}

/// Plays a turn's dice to a result that `fits`, with the fewest of the seat's add-a-die
/// cards that give it, and a few shapes of dice. Every die of the result shows a free
/// face: the add-a-die dice join the first roll (the rules' default), or (the variant
/// where they come after it, showing their card's face) one die is set aside and the rest,
/// those brought in included, rolled again. The game after the result is set, if one fits
/// and the engine accepts every step.
fn with_result(game: Game, fits: impl Fn(Dice) -> bool) -> Option<Found> {
    let seat = game.to_move;
    let hand = u32::from(game.hand(seat));
    let adders: ArrayVec<Card, 7> = Card::ADD_DIE
        .into_iter()
        .filter(|&c| game.owns(seat, c))
        .collect();
    for count in 0..=adders.len() {
        let used: CardSet = adders[..count].iter().copied().collect();
        for result in shapes(hand + count as u32).filter(|&d| fits(d)) {
            let plan = if game.config.preroll_abilities {
                TurnPlan::one_roll(used, CardSet::EMPTY, Face::One, result, result)
            } else {
                rerolled(used, result)?
            };
            if let Some(next) = plan.play(game, &mut ()) {
                return Some(Found {
                    plan,
                    then: None,
                    game: next,
                });
            }
        }
    }
    None
}

/// A turn whose cards in `after` bring their dice in after the first roll and whose
/// result is `result`, every die of it a free face: the highest die is set aside after the
/// first roll, and the rest (the dice brought in among them) are rolled again.
fn rerolled(after: CardSet, result: Dice) -> Option<TurnPlan> {
    if after.is_empty() {
        return Some(TurnPlan::one_roll(
            CardSet::EMPTY,
            after,
            Face::One,
            result,
            result,
        ));
    }
    let early = Dice::one(result.highest()?);
    let rest = result.minus(early)?;
    Some(TurnPlan {
        early,
        ..TurnPlan::one_roll(CardSet::EMPTY, after, Face::One, rest, rest)
    })
}

/// Shapes of `count` dice that between them meet every cost and make every value: all
/// equal, a straight with 6s, and as few of each face as a value needs.
fn shapes(count: u32) -> impl Iterator<Item = Dice> {
    let equal = Face::ALL
        .into_iter()
        .rev()
        .map(move |f| fill_with(Dice::EMPTY, f, count));
    let low = Dice::of(&[Face::One, Face::Two, Face::Three, Face::Four, Face::Five]);
    let high = Dice::of(&[Face::Two, Face::Three, Face::Four, Face::Five, Face::Six]);
    let straights = [low, high, low.with(Face::Six)]
        .into_iter()
        .filter(move |s| s.len() <= count)
        .map(move |s| fill_with(s, Face::Six, count));
    let values = (1..=count.min(MAX_DICE))
        .flat_map(move |k| {
            Face::ALL.map(move |f| {
                valued(
                    count,
                    Value {
                        count: k as u8,
                        face: f,
                    },
                )
            })
        })
        .flatten();
    equal.chain(straights).chain(values)
}

fn fill_with(dice: Dice, face: Face, count: u32) -> Dice {
    (dice.len()..count).fold(dice, |d, _| d.with(face))
}

/// `count` dice whose value is exactly `value`: its dice, then the rest spread over the
/// other faces in groups too small (or too low) to compete.
fn valued(count: u32, value: Value) -> Option<Dice> {
    let mut counts = [0u8; 6];
    counts[value.face.index()] = value.count;
    let mut rest = count.checked_sub(u32::from(value.count))?;
    for face in Face::ALL.into_iter().rev().filter(|&f| f != value.face) {
        let cap = if face < value.face {
            value.count
        } else {
            value.count - 1
        };
        let take = rest.min(u32::from(cap));
        counts[face.index()] = take as u8;
        rest -= take;
    }
    let dice = Dice::from_counts(counts);
    (rest == 0 && dice.value() == Some(value)).then_some(dice)
}

/// The fewest dice whose result can meet `card`'s cost.
fn fewest_dice(card: Card) -> u32 {
    (1..=MAX_DICE)
        .find(|&n| shapes(n).any(|d| card.cost_met(d)))
        .unwrap_or(MAX_DICE + 1)
}
