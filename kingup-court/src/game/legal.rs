//! Legal actions as a mask built from a few table lookups, and the reasons an action is
//! illegal.

use arrayvec::ArrayVec;
use kingup_table::Seat;
use rand_core::Rng;

use super::Game;
use super::random::DICE_CARDS;
use crate::action::MAID_FIRST;
use crate::shift::{self, PAIR_SHIFTS};
use crate::{
    Action, ActionKind, ActionSet, Card, CardSet, Dice, IllegalAction, IllegalReason, Phase,
};

/// A seat's legal actions, sorted by index, without heap allocation.
///
/// Capacity 208 is the worst case. The phases' action blocks are disjoint: before the first
/// roll, `roll` and 7 pre-roll actions (8); in the select phase at most 6 picks and a
/// confirm (7); buying, at most 19 cards and `pass` (20); with active dice, every block
/// that can be legal then: `roll` 1, set aside 6, bring in 6, Queen 6, Jester 6, Maid 12,
/// Philosopher 26, Alchemist 70, Astronomer 30, Magician 30 and the first pick of the
/// Merchant 6, the Noblewoman 5 and the Nobleman 4: **208**. (With one Jester per player
/// the most reachable is smaller, 186 by the rulings' search, but 208 holds for every
/// variant.)
pub type Actions = ArrayVec<Action, 208>;

/// The Maid's moves by the faces present (bit `i` for face `i + 1`), as masks over the 12
/// Maid moves: one lookup a decision.
static MAID_MOVES_BY_FACES: [u16; 64] = maid_table();

const fn maid_table() -> [u16; 64] {
    let mut table = [0; 64];
    let mut present = 0;
    while present < 64 {
        let mut f = 0;
        while f < 6 {
            if present >> f & 1 != 0 {
                let (first, end) = (MAID_FIRST[f], MAID_FIRST[f + 1]);
                table[present] |= ((1u16 << (end - first)) - 1) << first;
            }
            f += 1;
        }
        present += 1;
    }
    table
}

/// The Maid's moves from the faces in `present`, as a mask over the 12 Maid moves.
#[inline]
pub(super) fn maid_moves(present: u8) -> u128 {
    u128::from(MAID_MOVES_BY_FACES[usize::from(present & 0x3f)])
}

/// The Magician's moves by the faces present: [`face_moves`] to every face, looked up.
pub(super) static MAGICIAN_MOVES_BY_FACES: [u32; 64] = magician_table();

const fn magician_table() -> [u32; 64] {
    let mut table = [0; 64];
    let mut present = 0;
    while present < 64 {
        let mut a = 0;
        while a < 6 {
            if present >> a & 1 != 0 {
                table[present] |= 0x1f << (5 * a);
            }
            a += 1;
        }
        present += 1;
    }
    table
}

/// The Magician's and (with `targets`, the faces it may copy) the Astronomer's moves from
/// the faces in `present`: for each face `a` present, five bits for `a → b`, `b ≠ a`
/// ascending, of which those with `b` in `targets`.
#[inline]
pub(super) fn face_moves(present: u8, targets: u8) -> u128 {
    let mut moves = 0u32;
    let mut left = present & 0x3f;
    while left != 0 {
        let a = left.trailing_zeros();
        left &= left - 1;
        // The targets without `a`, closed up to five bits.
        let others = (u32::from(targets) & ((1 << a) - 1)) | ((u32::from(targets) >> (a + 1)) << a);
        moves |= (others & 0x1f) << (5 * a);
    }
    u128::from(moves)
}

/// The six bring-in cards among `cards`, as six bits (Laborer … Bishop), and the Queen as
/// the seventh: the order of the pre-roll and bring-in actions.
#[inline]
pub(super) fn adders(cards: CardSet) -> u128 {
    let b = cards.bits();
    // Laborer 5, Guard 6 → 0, 1; Hunter 9, Pawnbroker 10, Knight 11 → 2, 3, 4; Bishop 15 →
    // 5; Queen 18 → 6.
    u128::from(
        (b >> 5 & 0b11) | (b >> 7 & 0b11100) | (b >> 10 & 0b10_0000) | (b >> 12 & 0b100_0000),
    )
}

/// Bit `i` set when `bytes[i]` is not 0 (the cards with copies left), eight bytes a word.
#[inline]
fn nonzero_bytes(bytes: &[u8; Card::COUNT]) -> u32 {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // Gathers bit `8i` into bit `56 + i` (no two products meet).
    const GATHER: u64 = 0x0102_0408_1020_4080;
    // The 20 bytes as three little-endian words (the last padded with zeros): fixed
    // indices, which compile to plain loads.
    let word = |at: usize| {
        u64::from_le_bytes(core::array::from_fn(|i| {
            bytes.get(at + i).copied().unwrap_or(0)
        }))
    };
    let mut mask = 0;
    for (i, word) in [word(0), word(8), word(16)].into_iter().enumerate() {
        let nonzero = (word | ((word & !HIGH) + 0x7f * LOW)) & HIGH;
        mask |= (((nonzero >> 7).wrapping_mul(GATHER) >> 56) as u32) << (8 * i);
    }
    mask
}

/// How many faces each picking card may pick (from 1 up), and its first action.
const fn picker(card: Card) -> (u8, u8) {
    match card {
        Card::Noblewoman => (5, Action::NOBLEWOMAN),
        Card::Nobleman => (4, Action::NOBLEMAN),
        _ => (6, Action::MERCHANT),
    }
}

impl Game {
    /// The legal actions of `seat` as a mask over the 238 action indices; empty when `seat`
    /// may not act. This is the legal-action mask a policy needs
    /// ([`ActionSet::to_bools`], [`ActionSet::words`]).
    ///
    /// ```
    /// use kingup_court::{Action, Config, Game};
    /// use kingup_court::{FirstPlayer, Seat};
    ///
    /// let mut config = Config::new(2);
    /// config.first_player = FirstPlayer::Seat(Seat::FIRST);
    /// let game = Game::new(config)?;
    /// let mask = game.legal_mask(Seat::FIRST);
    /// assert_eq!(mask.to_string(), "roll"); // nothing to use before the first roll yet
    /// assert!(mask.to_bools()[Action::ROLL.index()]);
    /// assert!(game.legal_mask(Seat::new(1).unwrap()).is_empty());
    /// # Ok::<(), kingup_court::ConfigError>(())
    /// ```
    pub fn legal_mask(&self, seat: Seat) -> ActionSet {
        if self.next_seat() != Some(seat) {
            return ActionSet::EMPTY;
        }
        self.legal_set()
    }

    /// The legal actions of the seat to move (empty when none is).
    pub(super) fn legal_set(&self) -> ActionSet {
        match self.phase {
            Phase::PreRoll => self.pre_roll_set(),
            Phase::Dice => self.dice_set(),
            Phase::Select => self.select_set(),
            Phase::Buy => self.buy_set(),
            Phase::Setup | Phase::Rolling | Phase::GameOver => ActionSet::EMPTY,
        }
    }

    /// The cards the seat to move may still use this turn.
    #[inline]
    pub(super) fn ready(&self) -> CardSet {
        self.cards(self.to_move).difference(self.turn.used)
    }

    fn pre_roll_set(&self) -> ActionSet {
        let mut set = ActionSet::EMPTY;
        set.insert_bits(0, u128::from(self.pre_roll_bits()));
        set
    }

    /// The legal actions before the first roll, from index 0: roll, and the pre-roll uses.
    pub(super) fn pre_roll_bits(&self) -> u64 {
        let mut bits = 1;
        if self.config.preroll_abilities {
            bits |= (adders(self.ready()) as u64) << Action::PRE_ROLL;
        }
        bits
    }

    fn dice_set(&self) -> ActionSet {
        let turn = &self.turn;
        let ready = self.ready();
        let faces = turn.active.faces_mask() & 0x3f;
        let present = u64::from(faces);
        if ready.bits() & DICE_CARDS == 0 {
            // No card to use (most decisions): roll, or set a face aside.
            return ActionSet::from_words([
                u64::from(turn.kept) | present << Action::KEEP,
                0,
                0,
                0,
            ])
            .unwrap_or(ActionSet::EMPTY);
        }
        // All ones when `card` is ready, else none: each block masked without a branch.
        let when = |card: Card| 0u64.wrapping_sub(u64::from(ready.contains(card)));
        let shifts = if ready.contains(Card::Philosopher) || ready.contains(Card::Alchemist) {
            shift::possible(turn.active)
        } else {
            0
        };
        let pairs = shifts as u64 & ((1 << PAIR_SHIFTS) - 1) & when(Card::Philosopher);
        let (alchemy_low, alchemy_high) = if ready.contains(Card::Alchemist) {
            (shifts as u64, (shifts >> 64) as u64)
        } else {
            (0, 0)
        };
        let astronomer = if ready.contains(Card::Astronomer) {
            face_moves(faces, turn.aside.faces_mask()) as u64
        } else {
            0
        };
        let magician =
            u64::from(MAGICIAN_MOVES_BY_FACES[usize::from(faces)]) & when(Card::Magician);
        // The four words of the mask, block by block at their indices (see `Action`).
        let words = [
            u64::from(turn.kept)
                | present << Action::KEEP
                | (adders(ready) as u64 & 0x3f) << Action::BRING_IN
                | (0x3f & when(Card::Queen)) << Action::QUEEN
                | (present & when(Card::Jester)) << Action::JESTER
                | (maid_moves(faces) as u64 & when(Card::Maid)) << Action::MAID
                | pairs << Action::PHILOSOPHER,
            pairs >> (64 - Action::PHILOSOPHER) | alchemy_low << (Action::ALCHEMIST - 64),
            alchemy_low >> (128 - Action::ALCHEMIST)
                | alchemy_high << (Action::ALCHEMIST - 64)
                | astronomer << (Action::ASTRONOMER - 128)
                | magician << (Action::MAGICIAN - 128),
            magician >> (192 - Action::MAGICIAN)
                | (present & when(Card::Merchant)) << (Action::MERCHANT - 192)
                | (present & 0x1f & when(Card::Noblewoman)) << (Action::NOBLEWOMAN - 192)
                | (present & 0xf & when(Card::Nobleman)) << (Action::NOBLEMAN - 192),
        ];
        ActionSet::from_words(words).unwrap_or(ActionSet::EMPTY)
    }

    fn select_set(&self) -> ActionSet {
        let mut set = ActionSet::EMPTY;
        if let Some((base, bits)) = self.select_bits() {
            set.insert_bits(base, u128::from(bits));
        }
        set
    }

    /// The legal picks and the confirmation of the card picking dice: the first index of
    /// its block and the bits from there.
    pub(super) fn select_bits(&self) -> Option<(u8, u64)> {
        let turn = &self.turn;
        let card = turn.selecting?;
        let (faces, base) = picker(card);
        let remaining = turn.active.minus(turn.picks).unwrap_or(Dice::EMPTY);
        let from = turn.picks.highest().map_or(0, |f| f.index());
        let allowed = (0x3fu8 << from) & ((1 << faces) - 1);
        let picks = u64::from(remaining.faces_mask() & allowed);
        Some((base, picks | 1 << faces))
    }

    fn buy_set(&self) -> ActionSet {
        let mut set = ActionSet::EMPTY;
        set.insert_bits(Action::BUY, u128::from(self.buy_bits()));
        set
    }

    /// The legal purchases and `pass`, from the first purchase's index.
    pub(super) fn buy_bits(&self) -> u64 {
        // The mask `buy_reason` allows, card by card, computed for all cards at once.
        let player = self.player(self.to_move);
        let owned = player.cards.bits();
        let mut in_supply = nonzero_bytes(&self.supply);
        if self.config.unlimited_jesters {
            in_supply |= 1 << Card::Jester.index();
        }
        let mut cards = crate::card::costs_met(self.turn.aside) & in_supply & !owned;
        let charlatan = 1 << Card::Charlatan.index();
        let queen = 1 << Card::Queen.index();
        cards &= !(charlatan | queen);
        if owned & 1 << Card::Jester.index() != 0 && player.charlatans < Game::MAX_CHARLATANS {
            cards |= charlatan;
        }
        let bits = (cards & 0x3_ffff) | (cards >> Card::King.index() & 1) << 18;
        u64::from(bits) | 1 << 19
    }

    /// The legal actions of `seat`, sorted by index; empty when `seat` may not act.
    #[inline]
    pub fn legal_actions(&self, seat: Seat) -> Actions {
        // At most 208 by the capacity proof above; `try_push` never drops one.
        let mut actions = Actions::new();
        for (w, mut word) in self.legal_mask(seat).words().into_iter().enumerate() {
            while word != 0 {
                let index = w * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                if let Ok(action) = Action::from_index(index) {
                    let _ = actions.try_push(action);
                }
            }
        }
        actions
    }

    /// How many legal actions `seat` has, without building the list.
    #[inline]
    pub fn legal_action_count(&self, seat: Seat) -> usize {
        if self.next_seat() != Some(seat) {
            return 0;
        }
        // Counted block by block, without the mask.
        self.seat_action_count() as usize
    }

    /// The `n`-th legal action of `seat` in index order: `legal_actions(seat).get(n)`,
    /// without building the list.
    #[inline]
    pub fn nth_legal_action(&self, seat: Seat, n: usize) -> Option<Action> {
        if self.next_seat() != Some(seat) {
            return None;
        }
        // Only the block holding rank `n` is listed.
        self.nth_seat_action(u32::try_from(n).ok()?)
    }

    /// A uniformly random legal action for the seat to move: one draw `below(count)` from
    /// `rng` ([`kingup_table::below`]), then the action of that rank in index order. `None`
    /// when chance is to move or the game is over. Every front end's random play draws this
    /// way, so a seed gives the same game everywhere.
    #[inline]
    pub fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<(Seat, Action)> {
        let seat = self.next_seat()?;
        // The same draw and rank as through the mask, counted without it.
        Some((seat, self.random_seat_action(rng)?))
    }

    /// Whether `seat` may play `action` now.
    #[inline]
    pub fn is_legal(&self, seat: Seat, action: Action) -> bool {
        self.check(seat, action).is_ok()
    }

    /// Checks that `seat` may play `action` now, or says why not.
    ///
    /// The reasons are checked in this order: the seat plays, the game is not over, chance
    /// is not to move, it is the seat's turn; then by phase and action (the card is owned
    /// and unused, the dice it needs are active, …).
    pub fn check(&self, seat: Seat, action: Action) -> Result<(), IllegalAction> {
        self.check_turn(seat)
            .err()
            .or_else(|| self.reason(action))
            .map_or(Ok(()), |reason| {
                Err(IllegalAction {
                    seat,
                    action,
                    reason,
                })
            })
    }

    /// Why the seat to move may not play `action` now, if it may not.
    fn reason(&self, action: Action) -> Option<IllegalReason> {
        let kind = action.kind();
        let phase = self.phase;
        let wrong_phase = Some(IllegalReason::WrongPhase { phase });
        match phase {
            Phase::PreRoll => match kind {
                ActionKind::Roll => None,
                ActionKind::PreRoll(_) if !self.config.preroll_abilities => {
                    Some(IllegalReason::PreRollOff)
                }
                ActionKind::PreRoll(card) => self.card_reason(card),
                _ => wrong_phase,
            },
            Phase::Dice => match kind {
                ActionKind::PreRoll(_)
                | ActionKind::Confirm(_)
                | ActionKind::Buy(_)
                | ActionKind::Pass => wrong_phase,
                _ => self.dice_reason(kind),
            },
            Phase::Select => self.select_reason(kind),
            Phase::Buy => match kind {
                ActionKind::Pass => None,
                ActionKind::Buy(card) => self.buy_reason(card),
                _ => wrong_phase,
            },
            // `check_turn` refused these already.
            Phase::Setup | Phase::Rolling | Phase::GameOver => wrong_phase,
        }
    }

    /// Why the seat to move may not use `card` now: it lacks it, or used it this turn.
    fn card_reason(&self, card: Card) -> Option<IllegalReason> {
        if !self.owns(self.to_move, card) {
            Some(IllegalReason::NotOwned { card })
        } else if self.turn.used.contains(card) {
            Some(IllegalReason::AlreadyUsed { card })
        } else {
            None
        }
    }

    /// The first face of `dice` that the active dice lack.
    fn missing(&self, dice: Dice) -> Option<IllegalReason> {
        let active = self.turn.active;
        crate::Face::ALL
            .into_iter()
            .find(|&face| dice.count(face) > active.count(face))
            .map(|face| IllegalReason::NoActiveDie { face })
    }

    fn dice_reason(&self, kind: ActionKind) -> Option<IllegalReason> {
        let card = |card: Card, dice: Dice| self.card_reason(card).or_else(|| self.missing(dice));
        match kind {
            ActionKind::Roll => (!self.turn.kept).then_some(IllegalReason::MustSetAside),
            ActionKind::SetAside(face) => self.missing(Dice::one(face)),
            ActionKind::BringIn(c) => self.card_reason(c),
            ActionKind::Queen(_) => self.card_reason(Card::Queen),
            ActionKind::Jester(face) => card(Card::Jester, Dice::one(face)),
            ActionKind::Maid { from, .. } => card(Card::Maid, Dice::one(from)),
            ActionKind::Magician { from, .. } => card(Card::Magician, Dice::one(from)),
            ActionKind::Philosopher { from, .. } => card(Card::Philosopher, from),
            ActionKind::Alchemist { from, .. } => card(Card::Alchemist, from),
            ActionKind::Astronomer { from, to } => {
                card(Card::Astronomer, Dice::one(from)).or_else(|| {
                    (self.turn.aside.count(to) == 0)
                        .then_some(IllegalReason::NotSetAside { face: to })
                })
            }
            ActionKind::Pick { card: c, face } => card(c, Dice::one(face)),
            ActionKind::PreRoll(_)
            | ActionKind::Confirm(_)
            | ActionKind::Buy(_)
            | ActionKind::Pass => Some(IllegalReason::WrongPhase { phase: self.phase }),
        }
    }

    fn select_reason(&self, kind: ActionKind) -> Option<IllegalReason> {
        let turn = &self.turn;
        let Some(selecting) = turn.selecting else {
            return Some(IllegalReason::WrongPhase { phase: self.phase });
        };
        match kind {
            ActionKind::Confirm(card) if card == selecting => None,
            ActionKind::Pick { card, face } if card == selecting => match turn.picks.highest() {
                Some(last) if face < last => Some(IllegalReason::PickOrder { last }),
                _ => {
                    let remaining = turn.active.minus(turn.picks).unwrap_or(Dice::EMPTY);
                    (remaining.count(face) == 0).then_some(IllegalReason::NoActiveDie { face })
                }
            },
            _ => Some(IllegalReason::Selecting { card: selecting }),
        }
    }

    /// Why the seat to move may not buy `card` with its result.
    fn buy_reason(&self, card: Card) -> Option<IllegalReason> {
        let seat = self.to_move;
        let cards = self.cards(seat);
        match card {
            Card::Charlatan => {
                if !cards.contains(Card::Jester) {
                    Some(IllegalReason::NoFaceUpJester)
                } else if self.charlatans(seat) >= Game::MAX_CHARLATANS {
                    Some(IllegalReason::CharlatanLimit)
                } else {
                    None
                }
            }
            Card::Jester if cards.contains(Card::Jester) => Some(IllegalReason::FaceUpJester),
            _ if card != Card::Jester && cards.contains(card) => {
                Some(IllegalReason::AlreadyOwned { card })
            }
            _ if self.supply(card) == Some(0) => Some(IllegalReason::SoldOut { card }),
            _ if !card.cost_met(self.turn.aside) => Some(IllegalReason::CostNotMet { card }),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use kingup_table::FirstPlayer;

    use super::*;
    use crate::Config;

    /// The most legal actions at one decision with active dice, by exhaustive search over
    /// the active dice (counts past 3 change nothing), the set-aside faces and the add-a-die
    /// cards used, for a seat owning every card, given at most `dice` dice in hand.
    fn most_legal(dice: Option<u32>) -> usize {
        let mut config = Config::new(5);
        config.first_player = FirstPlayer::Seat(Seat::FIRST);
        let mut game = Game::new(config).unwrap();
        game.players[0].cards = CardSet::ALL;
        game.phase = Phase::Dice;
        let six: [Card; 6] = core::array::from_fn(|i| Card::ADD_DIE[i]);
        let mut most = 0;
        for counts in 1..4096u32 {
            let active = Dice::from_counts(core::array::from_fn(|f| (counts >> (2 * f) & 3) as u8));
            for aside in 0..64u8 {
                // Each used card brings in a die and loses its action; the Queen loses 6 and
                // is never worth using here.
                for used in 0..=6 {
                    let total = active.len() + aside.count_ones();
                    if dice.is_some_and(|d| total > d + used as u32) {
                        continue;
                    }
                    game.turn.active = active;
                    game.turn.aside = Dice::from_counts(core::array::from_fn(|f| aside >> f & 1));
                    game.turn.kept = aside != 0;
                    game.turn.used = six[..used].iter().copied().collect();
                    most = most.max(game.legal_set().len());
                }
            }
        }
        most
    }

    #[test]
    fn nonzero_bytes_marks_the_cards_with_copies_left() {
        for seed in 0..200u32 {
            let bytes: [u8; Card::COUNT] =
                core::array::from_fn(|i| (seed.wrapping_mul(2_654_435_761) >> i) as u8 % 3 * 127);
            let expected = (0..Card::COUNT).fold(0, |m, i| m | u32::from(bytes[i] != 0) << i);
            assert_eq!(nonzero_bytes(&bytes), expected, "{bytes:?}");
        }
    }

    /// R40: with one Jester per player a seat has at most 10 dice in hand (3, the Farmer,
    /// the General, 4 Charlatans and a face-up Jester), and then at most 186 legal actions;
    /// with unlimited dice, all 208 of the active-phase blocks.
    #[test]
    fn r40_the_most_legal_actions_at_one_decision() {
        assert_eq!(most_legal(Some(10)), 186);
        assert_eq!(most_legal(None), 208);
        assert_eq!(Actions::new().capacity(), 208);
    }
}
