//! How one turn's dice go, played through the engine step by step, and where the steps
//! are written.

use arrayvec::ArrayVec;

use super::Game;
use crate::{Action, ActionKind, Card, CardSet, ChanceOutcome, Dice, Face, Phase, Position, Step};

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

/// How one turn's dice go: add-a-die cards before the first roll and after it; the dice
/// set aside `early`, over as many rolls as it takes; a last roll showing `last`; and the
/// dice of it set aside `late`. Without `early`, the first roll is the last.
#[derive(Clone, Copy)]
pub(super) struct TurnPlan {
    /// Used before the first roll.
    pub(super) pre: CardSet,
    /// Used after the first roll, bringing in their dice.
    pub(super) after: CardSet,
    /// The face the Queen brings in.
    pub(super) queen: Face,
    /// Whether the turn rolls at all (not before the first roll).
    pub(super) rolls: bool,
    pub(super) early: Dice,
    pub(super) last: Dice,
    pub(super) late: Dice,
}

/// The plans tried for one target turn.
pub(super) type Plans = ArrayVec<TurnPlan, 2>;

impl TurnPlan {
    /// One roll showing `last`, the dice brought in after it, and `late` set aside.
    pub(super) fn one_roll(
        pre: CardSet,
        after: CardSet,
        queen: Face,
        last: Dice,
        late: Dice,
    ) -> TurnPlan {
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
    pub(super) fn of(t: &Position, pre: CardSet, after: CardSet, queen: Face) -> Plans {
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
    pub(super) fn play(self, mut game: Game, log: &mut impl Log) -> Option<Game> {
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
pub(super) fn fill(dice: Dice, count: u32) -> Option<Dice> {
    let missing = count.checked_sub(dice.len())?;
    Some((0..missing).fold(dice, |d, _| d.with(Face::One)))
}

/// The dice the add-a-die cards `used` bring in after the roll, the Queen's showing `queen`.
pub(super) fn brought_in(used: CardSet, queen: Face) -> Dice {
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
