//! The greedy policy the tests and the playout benchmark share (the benchmark's hand-written
//! baseline plays the same policy). It buys the dearest card its result pays for
//! ([`BUY_ORDER`]), and plays the dice for one target face, the most common among the dice
//! set aside and the active ones (the higher face on a tie): it brings in a die of that face
//! with the card that shows it, then the Queen; sets aside every die of it; rolls again;
//! and when it must set aside a die and none shows the target, sets aside the most common.
//! It uses no other ability, and rolls at once at the start of a turn.

#![allow(unreachable_pub, dead_code)]

use kingup_court::kingup_core::Seat;
use kingup_court::{Action, ActionKind, Card, Dice, Face, Game, Phase};

/// The cards in the order the policy wants them: the King, then by row from IV down to the
/// Jester's, within a row the cards that add dice first, then by id, higher first.
pub const BUY_ORDER: [Card; 19] = [
    Card::King,
    Card::General,
    Card::Bishop,
    Card::Nobleman,
    Card::Alchemist,
    Card::Knight,
    Card::Pawnbroker,
    Card::Noblewoman,
    Card::Magician,
    Card::Hunter,
    Card::Merchant,
    Card::Astronomer,
    Card::Guard,
    Card::Laborer,
    Card::Farmer,
    Card::Philosopher,
    Card::Maid,
    Card::Charlatan,
    Card::Jester,
];

/// The face with the most dice in `dice` (the higher face on a tie), if any.
pub fn most_common(dice: Dice) -> Option<Face> {
    let counts = dice.counts();
    Face::ALL
        .into_iter()
        .filter(|face| counts[face.index()] > 0)
        .max_by_key(|&face| (counts[face.index()], face))
}

/// The greedy policy's action for `seat`, which must be to move.
pub fn greedy_action(game: &Game, seat: Seat) -> Action {
    let legal = |action: Action| game.is_legal(seat, action).then_some(action);
    let chosen = match game.phase() {
        Phase::PreRoll => Some(Action::ROLL),
        Phase::Buy => {
            // One pass over the costs, rather than a check per card.
            let mask = game.legal_mask(seat);
            BUY_ORDER
                .iter()
                .find_map(|&card| Action::buy(card).filter(|&a| mask.contains(a)))
                .or(Some(Action::PASS))
        }
        Phase::Dice => dice_action(game, &legal),
        // Only a random step mixed in starts a selection: confirm it when possible.
        _ => game
            .selecting()
            .and_then(|card| Action::from_kind(ActionKind::Confirm(card)))
            .and_then(legal),
    };
    chosen.unwrap_or_else(|| game.legal_actions(seat)[0])
}

fn dice_action(game: &Game, legal: &dyn Fn(Action) -> Option<Action>) -> Option<Action> {
    let active = game.active();
    let target = most_common(game.aside().plus(active))?;
    let bring_in = |card| Action::from_kind(ActionKind::BringIn(card)).and_then(legal);
    bring_in(Card::ADD_DIE[target.index()])
        .or_else(|| Action::from_kind(ActionKind::Queen(target)).and_then(legal))
        .or_else(|| (active.count(target) > 0).then(|| Action::set_aside(target)))
        .or_else(|| legal(Action::ROLL))
        .or_else(|| most_common(active).map(Action::set_aside))
}
