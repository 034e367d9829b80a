//! The greedy court bot: the strongest card it can pay for, dice played toward one face.

use kingup_court::{
    Action, ActionKind, ActionSet, Card, Dice, Face, Game, Phase, PlayerView, Seat,
};

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
        GreedyBot::for_mover(game, seat)
    }

    /// The greedy action of `seat`, which is to move (`game.next_seat()`): a rollout knows
    /// it already. Before a roll and with active dice it reads the few facts the policy
    /// needs instead of building the legal mask.
    pub(crate) fn for_mover(game: &Game, seat: Seat) -> Option<Action> {
        let chosen = match game.phase() {
            Phase::PreRoll => Some(Action::ROLL),
            Phase::Dice => dice_action(game, seat),
            _ => return GreedyBot::from_mask(game, game.legal_mask(seat)),
        };
        chosen.or_else(|| game.nth_legal_action(seat, 0))
    }

    /// The greedy action of the seat to move, whose legal actions are `legal`
    /// (`game.legal_mask` of that seat): the search has the mask already.
    pub(crate) fn from_mask(game: &Game, legal: ActionSet) -> Option<Action> {
        let chosen = match game.phase() {
            Phase::PreRoll => Some(Action::ROLL),
            Phase::Buy => GreedyBot::BUY_ORDER
                .iter()
                .find_map(|&card| Action::buy(card).filter(|&a| legal.contains(a)))
                .or(Some(Action::PASS)),
            Phase::Dice => game.next_seat().and_then(|seat| dice_action(game, seat)),
            _ => game
                .selecting()
                .and_then(|card| Action::from_kind(ActionKind::Confirm(card)))
                .filter(|&a| legal.contains(a)),
        };
        chosen.or_else(|| legal.nth(0))
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
    // One key a face, count above face, 0 for an absent face: the largest key is the most
    // common face, the higher on a tie, without a branch per face.
    let counts = dice.counts();
    let mut best = 0u32;
    for (i, &count) in counts.iter().enumerate() {
        let key = (u32::from(count) << 3 | i as u32) * u32::from(count > 0);
        best = best.max(key);
    }
    (best > 0).then(|| Face::ALL[(best & 7) as usize])
}

/// With active dice, `seat` (to move) may use a card it owns and has not used this turn,
/// and may roll again once it has set a die aside since the last roll (the engine's rules
/// for these actions; the tests check the policy against `Game::is_legal`).
fn dice_action(game: &Game, seat: Seat) -> Option<Action> {
    let active = game.active();
    let target = most_common(game.aside().plus(active))?;
    let ready = game.cards(seat).difference(game.used());
    if ready.contains(Card::ADD_DIE[target.index()]) {
        return Some(BRING_IN[target.index()]);
    }
    if ready.contains(Card::Queen) {
        return Some(QUEEN[target.index()]);
    }
    if active.count(target) > 0 {
        return Some(Action::set_aside(target));
    }
    if game.set_aside_since_roll() {
        return Some(Action::ROLL);
    }
    most_common(active).map(Action::set_aside)
}

/// The action at `index` (a constant of the action index space).
const fn action_at(index: usize) -> Action {
    match Action::from_index(index) {
        Ok(action) => action,
        Err(_) => panic!("an index of the action space"),
    }
}

/// Bring in a die of each face with the card that adds it ([`Card::ADD_DIE`]), by face:
/// actions 14 to 19 (the tests check them against [`Action::from_kind`]).
const BRING_IN: [Action; 6] = [
    action_at(14),
    action_at(15),
    action_at(16),
    action_at(17),
    action_at(18),
    action_at(19),
];

/// The Queen bringing in a die of each face, by face: actions 20 to 25.
const QUEEN: [Action; 6] = [
    action_at(20),
    action_at(21),
    action_at(22),
    action_at(23),
    action_at(24),
    action_at(25),
];

#[cfg(test)]
mod tests {
    use kingup_court::{Config, Generator};

    use super::*;

    /// The policy as first written, asking [`Game::is_legal`] for every action it weighs:
    /// the reference the fast paths must agree with.
    fn reference(game: &Game, seat: Seat) -> Option<Action> {
        game.check_turn(seat).ok()?;
        let legal = |action: Action| game.is_legal(seat, action).then_some(action);
        let chosen = match game.phase() {
            Phase::PreRoll => Some(Action::ROLL),
            Phase::Buy => GreedyBot::BUY_ORDER
                .iter()
                .find_map(|&card| Action::buy(card).and_then(legal))
                .or(Some(Action::PASS)),
            Phase::Dice => {
                let active = game.active();
                most_common(game.aside().plus(active)).and_then(|target| {
                    let bring_in = ActionKind::BringIn(Card::ADD_DIE[target.index()]);
                    Action::from_kind(bring_in)
                        .and_then(legal)
                        .or_else(|| Action::from_kind(ActionKind::Queen(target)).and_then(legal))
                        .or_else(|| (active.count(target) > 0).then(|| Action::set_aside(target)))
                        .or_else(|| legal(Action::ROLL))
                        .or_else(|| most_common(active).map(Action::set_aside))
                })
            }
            _ => game
                .selecting()
                .and_then(|card| Action::from_kind(ActionKind::Confirm(card)))
                .and_then(legal),
        };
        chosen.or_else(|| game.nth_legal_action(seat, 0))
    }

    #[test]
    fn the_action_tables_are_the_bring_in_and_queen_actions() {
        for face in Face::ALL {
            let card = Card::ADD_DIE[face.index()];
            assert_eq!(card.brings_in(), Some(face));
            let bring_in = Action::from_kind(ActionKind::BringIn(card));
            assert_eq!(Some(BRING_IN[face.index()]), bring_in);
            let queen = Action::from_kind(ActionKind::Queen(face));
            assert_eq!(Some(QUEEN[face.index()]), queen);
        }
    }

    #[test]
    fn the_fast_paths_choose_as_the_reference_policy() {
        let mut decisions = [0u32; 7];
        for seed in 0..120u64 {
            let players = 2 + (seed % 4) as u8;
            let mut rules = Config::new(players);
            rules.max_rounds = Some(Config::SIMULATION_ROUNDS);
            let mut game = Game::new(rules).unwrap();
            let mut rng = Generator::new(seed);
            while let Some(seat) = game.next_seat_after_chance(&mut rng) {
                let expected = reference(&game, seat);
                assert_eq!(GreedyBot::action(&game, seat), expected, "seed {seed}");
                assert_eq!(GreedyBot::for_mover(&game, seat), expected);
                assert_eq!(GreedyBot::from_mask(&game, game.legal_mask(seat)), expected);
                for other in Seat::all(game.players()).filter(|&s| s != seat) {
                    assert_eq!(GreedyBot::action(&game, other), None);
                }
                decisions[game.phase() as usize] += 1;
                // Half greedy, half random moves: the random ones reach the cards and
                // selections a greedy table never uses.
                let action = if rng.below(2) == 0 {
                    expected.unwrap()
                } else {
                    game.random_action(&mut rng).unwrap().1
                };
                game.apply(seat, action).unwrap();
            }
        }
        for phase in [Phase::PreRoll, Phase::Dice, Phase::Select, Phase::Buy] {
            assert!(decisions[phase as usize] > 100, "{phase:?}: {decisions:?}");
        }
    }
}
