//! The greedy court bot: the strongest card it can pay for, dice played toward one face.

use kingup_court::{Action, ActionKind, Card, Dice, Face, Game, Phase, PlayerView, Seat};

use crate::Bot;

/// A greedy policy, deterministic (it needs no random source: the same game from the same
/// chance seed plays the same way).
///
/// - **Buying**: the first card of [`GreedyBot::BUY_ORDER`] its result pays for, else it
///   passes.
/// - **Dice**: it plays for one target face, the most common among the dice set aside and
///   the active ones (the higher face on a tie). It brings in a die of that face with the
///   card that shows it, then with the Queen; sets aside every active die of it; rolls
///   again; and when it must set aside a die and none shows the target, sets aside the most
///   common face.
/// - It uses no other ability and rolls at once at the start of a turn; if something else
///   starts a selection (only a scripted or random step can), it confirms it when it may.
///
/// It reaches the King in nearly every game and beats [`RandomBot`](super::RandomBot)s by a
/// wide margin (docs/bots.md, "To Court the King"); it does not plan ahead, read the other
/// seats' results or decide when to stop rolling, so it is a baseline, not a strong player.
///
/// ```
/// use kingup_bots::Bot;
/// use kingup_bots::court::GreedyBot;
/// use kingup_court::{Action, Config, Game, Generator};
///
/// let mut game = Game::new(Config::new(3))?;
/// let seat = game.next_seat_after_chance(&mut Generator::new(1)).expect("a seat to move");
/// // At the start of a turn it rolls.
/// assert_eq!(GreedyBot::new().choose(&game.player_view(seat)), Some(Action::ROLL));
/// # Ok::<(), kingup_court::ConfigError>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct GreedyBot;

impl GreedyBot {
    /// The cards in the order the bot wants them: the King, then by row from IV down to the
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

    /// A greedy bot.
    pub const fn new() -> GreedyBot {
        GreedyBot
    }

    /// The greedy action for `seat`, or `None` when it may not act now.
    pub fn action(game: &Game, seat: Seat) -> Option<Action> {
        game.check_turn(seat).ok()?;
        let legal = |action: Action| game.is_legal(seat, action).then_some(action);
        let chosen = match game.phase() {
            Phase::PreRoll => Some(Action::ROLL),
            Phase::Buy => {
                // One pass over the costs, rather than a check per card.
                let mask = game.legal_mask(seat);
                GreedyBot::BUY_ORDER
                    .iter()
                    .find_map(|&card| Action::buy(card).filter(|&a| mask.contains(a)))
                    .or(Some(Action::PASS))
            }
            Phase::Dice => dice_action(game, &legal),
            _ => game
                .selecting()
                .and_then(|card| Action::from_kind(ActionKind::Confirm(card)))
                .and_then(legal),
        };
        chosen.or_else(|| game.nth_legal_action(seat, 0))
    }
}

impl Bot<PlayerView> for GreedyBot {
    fn choose(&mut self, view: &PlayerView) -> Option<Action> {
        GreedyBot::action(&view.game, view.seat)
    }

    fn name(&self) -> &str {
        "greedy"
    }
}

/// The face with the most dice in `dice` (the higher face on a tie), if any.
fn most_common(dice: Dice) -> Option<Face> {
    let counts = dice.counts();
    Face::ALL
        .into_iter()
        .filter(|face| counts[face.index()] > 0)
        .max_by_key(|&face| (counts[face.index()], face))
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
