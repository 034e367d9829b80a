//! A uniformly random legal action with dice active, drawn as [`Game::random_action`]
//! documents (one `below(count)`, the action of that rank in index order) but counted
//! block by block (roll, set aside, each card's moves) instead of through the 238-bit
//! mask: the hot path of random playouts.

use kingup_table::below;
use rand_core::Rng;

use super::Game;
use super::legal::{MAGICIAN_MOVES_BY_FACES, adders, face_moves, maid_moves};
use crate::action_set::select_in_word;
use crate::shift::{self, PAIR_SHIFTS, SHIFT_COUNTS};
use crate::{Action, Card, Dice, Phase};
use kingup_table::byte_ones;

/// The cards usable with dice active, as card bits.
pub(super) const DICE_CARDS: u32 = bits(&[
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

/// The ones in a mask of at most 24 bits (the pre-roll, select and buy masks), by table:
/// without POPCNT, `count_ones` is a dozen instructions and a multiply on the way to the
/// draw.
#[inline(always)]
pub(super) fn ones24(bits: u64) -> u32 {
    debug_assert!(bits < 1 << 24);
    let b = |k: u32| byte_ones((bits >> (8 * k)) as u8);
    b(0) + b(1) + b(2)
}

/// How many Maid moves each set of faces present allows.
static MAID_COUNTS: [u8; 64] = {
    let mut table = [0; 64];
    let mut m = 0;
    while m < 64 {
        // From faces 1, 2, 3: three moves; from 4: two; from 5: one; from 6: none.
        let f = m as u32;
        table[m] = (3 * (f & 0b111).count_ones() + 2 * (f >> 3 & 1) + (f >> 4 & 1)) as u8;
        m += 1;
    }
    table
};

/// The action `base + ` the `r`-th set bit of `mask`.
#[inline(always)]
pub(super) fn nth_of(base: u8, mask: u64, r: u32) -> Action {
    let bit = select_in_word(mask, r);
    Action::from_index(usize::from(base) + bit as usize).unwrap_or(Action::ROLL)
}

/// The legal actions with dice active, counted block by block in index order: a block's
/// moves are listed only once a rank falls in it.
#[derive(Clone, Copy)]
pub(super) struct DiceBlocks {
    pub(super) faces: u8,
    aside: u8,
    pub(super) kept: u32,
    pub(super) np: u32,
    bring: u64,
    n_bring: u32,
    n_queen: u32,
    n_jester: u32,
    n_maid: u32,
    /// The active dice, whose shift moves the Philosopher's and the Alchemist's blocks
    /// list when a rank falls there.
    active: Dice,
    n_philosopher: u32,
    n_alchemist: u32,
    n_astronomer: u32,
    n_magician: u32,
    n_merchant: u32,
    n_noblewoman: u32,
    n_nobleman: u32,
    pub(super) total: u32,
}

impl DiceBlocks {
    /// The action of rank `r` (below `total`) in index order.
    #[inline(always)]
    pub(super) fn nth(&self, mut r: u32) -> Action {
        let present = u64::from(self.faces);
        if r < self.kept {
            return Action::ROLL;
        }
        r -= self.kept;
        if r < self.np {
            return nth_of(Action::KEEP, present, r);
        }
        r -= self.np;
        if r < self.n_bring {
            return nth_of(Action::BRING_IN, self.bring, r);
        }
        r -= self.n_bring;
        if r < self.n_queen {
            return nth_of(Action::QUEEN, 0x3f, r);
        }
        r -= self.n_queen;
        if r < self.n_jester {
            return nth_of(Action::JESTER, present, r);
        }
        r -= self.n_jester;
        if r < self.n_maid {
            return nth_of(Action::MAID, maid_moves(self.faces) as u64, r);
        }
        r -= self.n_maid;
        if r < self.n_philosopher {
            let pairs = shift::possible(self.active) as u64 & ((1 << PAIR_SHIFTS) - 1);
            return nth_of(Action::PHILOSOPHER, pairs, r);
        }
        r -= self.n_philosopher;
        if r < self.n_alchemist {
            let shifts = shift::possible(self.active);
            let low = shifts as u64;
            let n_low = low.count_ones();
            if r < n_low {
                return nth_of(Action::ALCHEMIST, low, r);
            }
            return nth_of(Action::ALCHEMIST + 64, (shifts >> 64) as u64, r - n_low);
        }
        r -= self.n_alchemist;
        if r < self.n_astronomer {
            let moves = face_moves(self.faces, self.aside) as u64;
            return nth_of(Action::ASTRONOMER, moves, r);
        }
        r -= self.n_astronomer;
        if r < self.n_magician {
            let moves = u64::from(MAGICIAN_MOVES_BY_FACES[usize::from(self.faces)]);
            return nth_of(Action::MAGICIAN, moves, r);
        }
        r -= self.n_magician;
        if r < self.n_merchant {
            return nth_of(Action::MERCHANT, present, r);
        }
        r -= self.n_merchant;
        if r < self.n_noblewoman {
            return nth_of(Action::NOBLEWOMAN, present & 0x1f, r);
        }
        r -= self.n_noblewoman;
        nth_of(Action::NOBLEMAN, present & 0xf, r)
    }
}

impl Game {
    /// A uniformly random legal action of the seat to move, drawn as
    /// [`Game::random_action`] draws; `None` when no seat is to move.
    #[inline]
    pub(super) fn random_seat_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        if self.phase == Phase::Dice {
            return Some(self.random_dice_action(rng));
        }
        let (base, bits) = self.seat_bits()?;
        Some(nth_of(base, bits, below(rng, ones24(bits))))
    }

    /// Outside the dice phase, the legal actions of the seat to move as the first index of
    /// their block and the bits from there; `None` when no seat is to move (or in the dice
    /// phase, whose actions span several words).
    #[inline(always)]
    pub(super) fn seat_bits(&self) -> Option<(u8, u64)> {
        // Tests by frequency rather than a jump on the phase.
        let phase = self.phase;
        if phase == Phase::Select {
            self.select_bits()
        } else if phase == Phase::PreRoll {
            Some((0, self.pre_roll_bits()))
        } else if phase == Phase::Buy {
            Some((Action::BUY, self.buy_bits()))
        } else {
            None
        }
    }

    /// How many legal actions the seat to move has (0 when none is to move).
    #[inline]
    pub(super) fn seat_action_count(&self) -> u32 {
        match self.phase {
            Phase::Dice => self.dice_blocks().total,
            Phase::PreRoll => ones24(self.pre_roll_bits()),
            Phase::Buy => ones24(self.buy_bits()),
            Phase::Select => self.select_bits().map_or(0, |(_, bits)| ones24(bits)),
            Phase::Setup | Phase::Rolling | Phase::GameOver => 0,
        }
    }

    /// The legal action of rank `n` in index order of the seat to move, if it has more
    /// than `n`.
    #[inline]
    pub(super) fn nth_seat_action(&self, n: u32) -> Option<Action> {
        let (base, bits) = match self.phase {
            Phase::Dice => {
                // Rolling and setting aside come first in index order: most ranks fall
                // there, found without counting the cards' blocks.
                let kept = u32::from(self.turn.kept);
                if n < kept {
                    return Some(Action::ROLL);
                }
                let faces = self.turn.active.faces_mask() & 0x3f;
                if n - kept < byte_ones(faces) {
                    return Some(nth_of(Action::KEEP, u64::from(faces), n - kept));
                }
                let blocks = self.dice_blocks();
                return (n < blocks.total).then(|| blocks.nth(n));
            }
            Phase::PreRoll => (0, self.pre_roll_bits()),
            Phase::Buy => (Action::BUY, self.buy_bits()),
            Phase::Select => self.select_bits()?,
            Phase::Setup | Phase::Rolling | Phase::GameOver => return None,
        };
        (n < ones24(bits)).then(|| nth_of(base, bits, n))
    }

    /// The dice phase's legal actions, counted block by block.
    #[inline(always)]
    pub(super) fn dice_blocks(&self) -> DiceBlocks {
        let turn = &self.turn;
        let faces = turn.active.faces_mask() & 0x3f;
        let np = byte_ones(faces);
        let kept = u32::from(turn.kept);
        let ready = self.ready();
        let mut blocks = DiceBlocks {
            faces,
            aside: 0,
            kept,
            np,
            bring: 0,
            n_bring: 0,
            n_queen: 0,
            n_jester: 0,
            n_maid: 0,
            active: turn.active,
            n_philosopher: 0,
            n_alchemist: 0,
            n_astronomer: 0,
            n_magician: 0,
            n_merchant: 0,
            n_noblewoman: 0,
            n_nobleman: 0,
            total: kept + np,
        };
        if ready.bits() & DICE_CARDS == 0 {
            // Roll (once a die is set aside), or set a face aside.
            return blocks;
        }
        let has = |card: Card| ready.contains(card);
        let b = &mut blocks;
        b.bring = (adders(ready) & 0x3f) as u64;
        b.n_bring = byte_ones(b.bring as u8);
        b.n_queen = if has(Card::Queen) { 6 } else { 0 };
        b.n_jester = if has(Card::Jester) { np } else { 0 };
        if has(Card::Maid) {
            b.n_maid = u32::from(MAID_COUNTS[usize::from(faces)]);
        }
        if has(Card::Philosopher) || has(Card::Alchemist) {
            let (pairs, all) = SHIFT_COUNTS[turn.active.capped_key() % 4096];
            if has(Card::Philosopher) {
                b.n_philosopher = u32::from(pairs);
            }
            if has(Card::Alchemist) {
                b.n_alchemist = u32::from(all);
            }
        }
        if has(Card::Astronomer) {
            // Each face present to each set-aside face but itself.
            b.aside = turn.aside.faces_mask() & 0x3f;
            b.n_astronomer = np * byte_ones(b.aside) - byte_ones(faces & b.aside);
        }
        b.n_magician = if has(Card::Magician) { 5 * np } else { 0 };
        b.n_merchant = if has(Card::Merchant) { np } else { 0 };
        if has(Card::Noblewoman) {
            b.n_noblewoman = byte_ones(faces & 0x1f);
        }
        if has(Card::Nobleman) {
            b.n_nobleman = byte_ones(faces & 0xf);
        }
        b.total = kept
            + np
            + b.n_bring
            + b.n_queen
            + b.n_jester
            + b.n_maid
            + b.n_philosopher
            + b.n_alchemist
            + b.n_astronomer
            + b.n_magician
            + b.n_merchant
            + b.n_noblewoman
            + b.n_nobleman;
        blocks
    }

    /// A uniformly random legal action in the dice phase, drawn as
    /// [`Game::random_action`] draws.
    #[inline(always)]
    pub(super) fn random_dice_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Action {
        let blocks = self.dice_blocks();
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
                // Every phase: the count and each rank, block by block, as in the mask.
                let set = game.legal_set();
                assert_eq!(game.seat_action_count() as usize, set.len());
                for (n, action) in set.iter().enumerate() {
                    assert_eq!(game.nth_seat_action(n as u32), Some(action));
                }
                assert_eq!(game.nth_seat_action(set.len() as u32), None);
                let Some((_, action)) = game.random_action(&mut rng) else {
                    break;
                };
                game.apply_unchecked(game.turn_seat(), action);
            }
        }
        assert!(checked > 1000, "{checked} decisions");
    }
}
