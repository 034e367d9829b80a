//! Whole turns of a history: a pass, a purchase, a final-round result, each with dice
//! that meet what it needs.

use arrayvec::ArrayVec;

use super::plan::{TurnPlan, fill};
use super::{Game, MAX_DICE};
use crate::{Action, Card, CardSet, Dice, Face, Value};

/// A turn found for the history: the plan of its dice, the action that ends it (a
/// purchase or a pass; none in the final round), and the game after it.
#[derive(Clone, Copy)]
pub(super) struct Found {
    pub(super) plan: TurnPlan,
    pub(super) then: Option<Action>,
    pub(super) game: Game,
}

/// A whole turn that rolls 1s and buys nothing (in the final round: just rolls).
pub(super) fn pass_turn(game: Game) -> Option<Found> {
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
pub(super) fn final_turn(game: Game, value: Value) -> Option<Found> {
    let seat = game.to_move;
    let found = with_result(game, |dice| dice.value() == Some(value))?;
    (found.game.final_result(seat) == Some(value)).then_some(found)
}

/// A normal turn that buys `card`, with a result of exactly `value` if given.
pub(super) fn buy_turn(game: Game, card: Card, value: Option<Value>) -> Option<Found> {
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
pub(super) fn fewest_dice(card: Card) -> u32 {
    (1..=MAX_DICE)
        .find(|&n| shapes(n).any(|d| card.cost_met(d)))
        .unwrap_or(MAX_DICE + 1)
}
