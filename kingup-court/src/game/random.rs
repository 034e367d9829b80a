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
fn nth_of(base: u8, mask: u64, r: u32) -> Action {
    let bit = select_in_word(mask, r);
    Action::from_index(usize::from(base) + bit as usize).unwrap_or(Action::ROLL)
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
        Some(nth_of(base, bits, below(rng, bits.count_ones())))
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
            return nth_of(Action::KEEP, present, r - kept);
        }
        // Each block's count first (a block's moves only once it is drawn), then the
        // walk to the drawn rank in index order.
        let has = |card: Card| ready.contains(card);
        let bring = (adders(ready) & 0x3f) as u64;
        let n_bring = u32::from(ONES[bring as usize]);
        let n_queen = if has(Card::Queen) { 6 } else { 0 };
        let n_jester = if has(Card::Jester) { np } else { 0 };
        let n_maid = if has(Card::Maid) {
            u32::from(MAID_COUNTS[usize::from(faces)])
        } else {
            0
        };
        let shifts = if has(Card::Philosopher) || has(Card::Alchemist) {
            shift::possible(turn.active)
        } else {
            0
        };
        let pairs = (shifts & ((1 << PAIR_SHIFTS) - 1)) as u64;
        let n_philosopher = if has(Card::Philosopher) {
            pairs.count_ones()
        } else {
            0
        };
        let n_alchemist = if has(Card::Alchemist) {
            shifts.count_ones()
        } else {
            0
        };
        let aside = turn.aside.faces_mask() & 0x3f;
        let n_astronomer = if has(Card::Astronomer) {
            // Each face present to each set-aside face but itself.
            np * u32::from(ONES[usize::from(aside)]) - u32::from(ONES[usize::from(faces & aside)])
        } else {
            0
        };
        let n_magician = if has(Card::Magician) { 5 * np } else { 0 };
        let n_merchant = if has(Card::Merchant) { np } else { 0 };
        let n_noblewoman = if has(Card::Noblewoman) {
            u32::from(ONES[usize::from(faces & 0x1f)])
        } else {
            0
        };
        let n_nobleman = if has(Card::Nobleman) {
            u32::from(ONES[usize::from(faces & 0xf)])
        } else {
            0
        };
        let total = kept
            + np
            + n_bring
            + n_queen
            + n_jester
            + n_maid
            + n_philosopher
            + n_alchemist
            + n_astronomer
            + n_magician
            + n_merchant
            + n_noblewoman
            + n_nobleman;
        let mut r = below(rng, total);
        if r < kept {
            return Action::ROLL;
        }
        r -= kept;
        if r < np {
            return nth_of(Action::KEEP, present, r);
        }
        r -= np;
        if r < n_bring {
            return nth_of(Action::BRING_IN, bring, r);
        }
        r -= n_bring;
        if r < n_queen {
            return nth_of(Action::QUEEN, 0x3f, r);
        }
        r -= n_queen;
        if r < n_jester {
            return nth_of(Action::JESTER, present, r);
        }
        r -= n_jester;
        if r < n_maid {
            return nth_of(Action::MAID, maid_moves(faces) as u64, r);
        }
        r -= n_maid;
        if r < n_philosopher {
            return nth_of(Action::PHILOSOPHER, pairs, r);
        }
        r -= n_philosopher;
        if r < n_alchemist {
            let low = shifts as u64;
            let n_low = low.count_ones();
            if r < n_low {
                return nth_of(Action::ALCHEMIST, low, r);
            }
            return nth_of(Action::ALCHEMIST + 64, (shifts >> 64) as u64, r - n_low);
        }
        r -= n_alchemist;
        if r < n_astronomer {
            return nth_of(Action::ASTRONOMER, face_moves(faces, aside) as u64, r);
        }
        r -= n_astronomer;
        if r < n_magician {
            let moves = u64::from(MAGICIAN_MOVES_BY_FACES[usize::from(faces)]);
            return nth_of(Action::MAGICIAN, moves, r);
        }
        r -= n_magician;
        if r < n_merchant {
            return nth_of(Action::MERCHANT, present, r);
        }
        r -= n_merchant;
        if r < n_noblewoman {
            return nth_of(Action::NOBLEWOMAN, present & 0x1f, r);
        }
        r -= n_noblewoman;
        nth_of(Action::NOBLEMAN, present & 0xf, r)
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
