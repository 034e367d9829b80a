//! The greedy policy the tests and the playout benchmark share: buy the dearest card the
//! result pays for (the King, then by row, a card that adds dice first within a row), and
//! play the dice for one target face, the most common face among the dice set aside and
//! the active ones.

#![allow(unreachable_pub, dead_code)]

use kingup_court::kingup_core::Seat;
use kingup_court::{Action, ActionKind, Card, Dice, Face, Game, Phase, Row};

/// The face with the most dice in `dice` (the higher face on a tie), if any.
pub fn most_common(dice: Dice) -> Option<Face> {
    dice.faces().max_by_key(|&face| (dice.count(face), face))
}

/// The greedy policy's action for `seat`, which must be to move.
pub fn greedy_action(game: &Game, seat: Seat) -> Action {
    let legal = game.legal_actions(seat);
    let find = |wanted: &dyn Fn(ActionKind) -> bool| {
        legal.iter().copied().find(|&action| wanted(action.kind()))
    };
    let fallback = legal[0];
    match game.phase() {
        Phase::Buy => legal
            .iter()
            .copied()
            .filter_map(|a| match a.kind() {
                ActionKind::Buy(card) => Some((worth(card), a)),
                _ => None,
            })
            .max()
            .map_or(fallback, |(_, a)| a),
        Phase::Select => find(&|k| matches!(k, ActionKind::Confirm(_))).unwrap_or(fallback),
        Phase::Dice => dice_action(game, &find).unwrap_or(fallback),
        // Before the first roll: roll (the add-a-die cards are kept for the target face).
        _ => Action::ROLL,
    }
}

/// How much the greedy policy wants `card`: by row, then dice first, then by id.
fn worth(card: Card) -> (Row, bool, usize) {
    let dice = card.adds_die() || card.extra_dice() > 0;
    (card.row(), dice, card.index())
}

fn dice_action(
    game: &Game,
    find: &dyn Fn(&dyn Fn(ActionKind) -> bool) -> Option<Action>,
) -> Option<Action> {
    let active = game.active();
    let target = most_common(game.aside().plus(active))?;
    // More dice of the target: bring one in, or turn an active die into one.
    let more = find(&|k| match k {
        ActionKind::BringIn(card) => card.brings_in() == Some(target),
        ActionKind::Queen(face) => face == target,
        ActionKind::Magician { to, .. }
        | ActionKind::Astronomer { to, .. }
        | ActionKind::Maid { to, .. } => to == target,
        _ => false,
    });
    if more.is_some() {
        return more;
    }
    if active.count(target) > 0 {
        return Some(Action::set_aside(target));
    }
    find(&|k| k == ActionKind::Roll)
        // Something must be set aside before rolling again: re-roll a die first if the
        // Jester can, else set aside the most common other face.
        .or_else(|| find(&|k| matches!(k, ActionKind::Jester(_))))
        .or_else(|| most_common(active).map(Action::set_aside))
}
