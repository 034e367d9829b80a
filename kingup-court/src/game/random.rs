//! A uniformly random legal action with dice active, drawn as [`Game::random_action`]
//! documents (one `below(count)`, the action of that rank in index order) but counted
//! block by block (roll, set aside, each card's moves) instead of through the 238-bit
//! mask: the hot path of random playouts.

use kingup_table::below;
use rand_core::Rng;

use super::Game;
use super::legal::{MAGICIAN_MOVES_BY_FACES, adders, face_moves, maid_moves};
use crate::action_set::select_in_word;
use crate::shift::{self, PAIR_SHIFTS};
use crate::{Action, Card, Phase};

/// Ones in each 6-bit mask of faces.
static ONES: [u8; 64] = {
    let mut table = [0; 64];
    let mut m = 0;
    while m < 64 {
        table[m] = (m as u32).count_ones() as u8;
        m += 1;
    }
    table
};

/// The cards usable with dice active, as card bits.
const DICE_CARDS: u32 = bits(&[
    Card::Jester,
    Card::Maid,
    Card::Philosopher,
    Card::Laborer,
    Card::Guard,
    Card::Astronomer,
    Card::Merchant,
    Card::Hunter,
    Card::Pawnbroker,
    Card::Knight,
    Card::Magician,
    Card::Noblewoman,
    Card::Alchemist,
    Card::Bishop,
    Card::Nobleman,
    Card::Queen,
]);

const fn bits(cards: &[Card]) -> u32 {
    let mut m = 0;
    let mut i = 0;
    while i < cards.len() {
        m |= 1 << cards[i] as u32;
        i += 1;
    }
    m
}

/// The legal actions in blocks of at most 64 consecutive indices, in index order.
struct Blocks {
    base: [u8; 16],
    mask: [u64; 16],
    count: [u32; 16],
    len: usize,
    total: u32,
}

impl Blocks {
    #[inline(always)]
    fn push(&mut self, base: u8, mask: u64, count: u32) {
        self.base[self.len] = base;
        self.mask[self.len] = mask;
        self.count[self.len] = count;
        self.total += count;
        self.len += 1;
    }

    /// The action of rank `r` (below `total`).
    #[inline(always)]
    fn nth(&self, mut r: u32) -> Action {
        let mut b = 0;
        while b + 1 < self.len && r >= self.count[b] {
            r -= self.count[b];
            b += 1;
        }
        let bit = select_in_word(self.mask[b], r);
        Action::from_index(usize::from(self.base[b]) + bit as usize).unwrap_or(Action::ROLL)
    }
}

impl Game {
    /// A uniformly random legal action of the seat to move, drawn as
    /// [`Game::random_action`] draws; `None` when no seat is to move.
    #[inline]
    pub(super) fn random_seat_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        let (base, bits) = match self.phase {
            Phase::Dice => return Some(self.random_dice_action(rng)),
            Phase::PreRoll => (0, self.pre_roll_bits()),
            Phase::Buy => (Action::BUY, self.buy_bits()),
            Phase::Select => self.select_bits()?,
            Phase::Setup | Phase::Rolling | Phase::GameOver => return None,
        };
        let bit = select_in_word(bits, below(rng, bits.count_ones()));
        Action::from_index(usize::from(base) + bit as usize).ok()
    }

    /// A uniformly random legal action in the dice phase, drawn as
    /// [`Game::random_action`] draws.
    pub(super) fn random_dice_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Action {
        let turn = &self.turn;
        let faces = turn.active.faces_mask() & 0x3f;
        let present = u64::from(faces);
        let np = u32::from(ONES[usize::from(faces)]);
        let kept = u32::from(turn.kept);
        let ready = self.ready();
        let cards = ready.bits() & DICE_CARDS;
        if cards == 0 {
            // Roll (index 0, legal once a die is set aside), or set a face aside.
            let r = below(rng, np + kept);
            if r < kept {
                return Action::ROLL;
            }
            let face = select_in_word(present, r - kept);
            return Action::from_index(usize::from(Action::KEEP) + face as usize)
                .unwrap_or(Action::ROLL);
        }
        let mut blocks = Blocks {
            base: [0; 16],
            mask: [0; 16],
            count: [0; 16],
            len: 0,
            total: 0,
        };
        blocks.push(0, u64::from(turn.kept), kept);
        blocks.push(Action::KEEP, present, np);
        let has = |card: Card| ready.contains(card);
        let bring = (adders(ready) & 0x3f) as u64;
        if bring != 0 {
            blocks.push(Action::BRING_IN, bring, u32::from(ONES[bring as usize]));
        }
        if has(Card::Queen) {
            blocks.push(Action::QUEEN, 0x3f, 6);
        }
        if has(Card::Jester) {
            blocks.push(Action::JESTER, present, np);
        }
        if has(Card::Maid) {
            let moves = maid_moves(faces) as u64;
            blocks.push(Action::MAID, moves, moves.count_ones());
        }
        if has(Card::Philosopher) || has(Card::Alchemist) {
            let shifts = shift::possible(turn.active);
            if has(Card::Philosopher) {
                let pairs = (shifts & ((1 << PAIR_SHIFTS) - 1)) as u64;
                blocks.push(Action::PHILOSOPHER, pairs, pairs.count_ones());
            }
            if has(Card::Alchemist) {
                let (low, high) = (shifts as u64, (shifts >> 64) as u64);
                blocks.push(Action::ALCHEMIST, low, low.count_ones());
                blocks.push(Action::ALCHEMIST + 64, high, high.count_ones());
            }
        }
        if has(Card::Astronomer) {
            let moves = face_moves(faces, turn.aside.faces_mask()) as u64;
            blocks.push(Action::ASTRONOMER, moves, moves.count_ones());
        }
        if has(Card::Magician) {
            let moves = u64::from(MAGICIAN_MOVES_BY_FACES[usize::from(faces)]);
            blocks.push(Action::MAGICIAN, moves, 5 * np);
        }
        if has(Card::Merchant) {
            blocks.push(Action::MERCHANT, present, np);
        }
        if has(Card::Noblewoman) {
            let m = present & 0x1f;
            blocks.push(Action::NOBLEWOMAN, m, u32::from(ONES[m as usize]));
        }
        if has(Card::Nobleman) {
            let m = present & 0xf;
            blocks.push(Action::NOBLEMAN, m, u32::from(ONES[m as usize]));
        }
        blocks.nth(below(rng, blocks.total))
    }
}

#[cfg(test)]
mod tests {
    use kingup_table::Generator;

    use super::*;
    use crate::Config;

    /// Block by block or through the mask, the same draw picks the same action.
    #[test]
    fn the_blocks_pick_what_the_mask_picks() {
        let mut checked = 0;
        for players in 2..=5 {
            let mut config = Config::new(players);
            config.max_rounds = Some(30);
            let mut game = Game::new(config).unwrap();
            let mut rng = Generator::new(u64::from(players));
            while !game.is_over() {
                game.resolve_chance(&mut rng, &mut ());
                if game.phase() == Phase::Dice {
                    let set = game.legal_set();
                    for draw in 0..4 {
                        let mut a = Generator::new(draw);
                        let mut b = a.clone();
                        let expected = set.nth(below(&mut b, set.len() as u32) as usize);
                        assert_eq!(Some(game.random_dice_action(&mut a)), expected);
                        assert_eq!(a, b, "the same draws");
                    }
                    checked += 1;
                }
                let Some((_, action)) = game.random_action(&mut rng) else {
                    break;
                };
                game.apply_unchecked(game.turn_seat(), action);
            }
        }
        assert!(checked > 1000, "{checked} decisions");
    }
}
