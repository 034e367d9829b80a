//! The yardstick: a random game of King Up! written by hand for speed alone, sharing no
//! code with the engine. The standard game: 3 rounds, placement, a random first player, the
//! balanced deck.
//!
//! - The castle is one word of head counts, one byte a floor (floor 0 in the low byte), and
//!   the characters of each floor in up to four slots. Which floors have room is the high
//!   bit of each count plus a constant; the climbable characters per floor are the counts
//!   masked by "room above"; their prefix sums (one multiply) give the number of legal
//!   climbs and, for a random `k`, the floor of the `k`-th climber and its slot, with no
//!   list, no loop over characters and no branch on the castle.
//! - A placement takes its character (among the unplaced, kept in a swap-remove list) and
//!   its floor (among floors 1-4 with room) from the two halves of one random word.
//! - All the votes of an election come from the bits of one random word: a seat with a No
//!   card left votes No on a set bit; a seat without one votes Yes.
//! - Only the objective cards dealt in the game are shuffled (the first `3 × players` of a
//!   partial Fisher-Yates).
//!
//! Draws below `n` are `(32 random bits × n) >> 32`, without rejection: the bias (under
//! `n / 2^32`) is far below what any of the bench's distributions could show.

use kingup_core::Generator;
use rand_core::Rng;

/// One byte set in each of the words' eight bytes.
const ONES: u64 = 0x0101_0101_0101_0101;
/// The high bit of each byte.
const HIGH: u64 = 0x8080_8080_8080_8080;
/// Floors 0-5, the floors a character may climb from.
const BELOW_THRONE: u64 = 0x0000_ffff_ffff_ffff;
/// Added to the head counts, sets a byte's high bit when the floor is full (4 on floors
/// 1-5, 1 on the throne). Floor 0 is never climbed onto.
const FULL_AT: u64 = 0x007f_7c7c_7c7c_7c00;
const THRONE: usize = 6;
const POINTS: [u8; 7] = [0, 1, 2, 3, 4, 5, 10];

/// By mask of placement floors with room (bit `i` for floor `1 + i`): how many, and the
/// `j`-th of them.
const ROOM_COUNT: [u32; 16] = {
    let mut t = [0; 16];
    let mut m = 0;
    while m < 16 {
        t[m] = (m as u32).count_ones();
        m += 1;
    }
    t
};
const ROOM_NTH: [[u8; 4]; 16] = {
    let mut t = [[0; 4]; 16];
    let mut m = 0;
    while m < 16 {
        let (mut i, mut j) = (0, 0);
        while i < 4 {
            if m & 1 << i != 0 {
                t[m][j] = 1 + i as u8;
                j += 1;
            }
            i += 1;
        }
        m += 1;
    }
    t
};

/// A value below `n` from 32 random bits.
#[inline(always)]
fn pick(bits: u32, n: u32) -> u32 {
    ((u64::from(bits) * u64::from(n)) >> 32) as u32
}

/// What one game came to: the figures the faithfulness check compares.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Outcome {
    /// Player actions: placements, climbs and votes.
    pub(crate) actions: u32,
    /// Elections (each is `players` votes).
    pub(crate) elections: u32,
    /// Candidates voted down.
    pub(crate) eliminations: u32,
    /// The winners' total.
    pub(crate) winning_total: u32,
    /// Seats sharing the win.
    pub(crate) winners: u32,
}

/// The balanced deck (card `s`: the quadratic residues mod 13 shifted by `s`; card
/// `13 + s`: the non-residues), each card as its six characters.
pub(crate) fn balanced_deck() -> [[u8; 6]; 26] {
    let mut deck = [[0u8; 6]; 26];
    for s in 0..13 {
        for (i, q) in [1, 3, 4, 9, 10, 12].into_iter().enumerate() {
            deck[s][i] = ((q + s) % 13) as u8;
        }
        for (i, q) in [2, 5, 6, 7, 8, 11].into_iter().enumerate() {
            deck[13 + s][i] = ((q + s) % 13) as u8;
        }
    }
    deck
}

/// One round's castle.
struct Castle {
    /// Head count of floor `f` in byte `f`.
    counts: u64,
    /// The characters on each floor, in its first `count` slots.
    slots: [[u8; 4]; 7],
}

impl Castle {
    #[inline(always)]
    fn count(&self, floor: usize) -> usize {
        (self.counts >> (8 * floor) & 0xff) as usize
    }

    #[inline(always)]
    fn put(&mut self, character: u8, floor: usize) {
        self.slots[floor][self.count(floor) & 3] = character;
        self.counts += 1 << (8 * floor);
    }

    /// Placement: floors 1-4 with room, bit `i` for floor `1 + i`.
    #[inline(always)]
    fn placement_room(&self) -> usize {
        let full = (self.counts + FULL_AT) & HIGH;
        // The high bits of bytes 1-4 gathered into bits 0-3 by a multiply.
        let bits = (full >> 15) & 0x0101_0101;
        let gathered = (bits.wrapping_mul(0x0102_0408) >> 24) & 0xf;
        (!gathered & 0xf) as usize
    }

    /// Climbs the `k`-th of the climbable characters, counted floor by floor from floor
    /// 0; returns the floor it reached. `k` is drawn below [`Castle::climbable`]'s count.
    #[inline(always)]
    fn climb(&mut self, prefix: u64, k: u32) -> usize {
        // Floors whose running count is at most k come before the climber's floor.
        let k_bytes = u64::from(k + 1) * ONES;
        let before = !((prefix | HIGH) - k_bytes) & HIGH & BELOW_THRONE;
        let floor = ((before >> 7).wrapping_mul(ONES) >> 56) as usize;
        let below = ((prefix << 8) >> (8 * floor)) as u32 & 0xff;
        let slot = (k - below) as usize & 3;
        let last = (self.count(floor) - 1) & 3;
        let character = self.slots[floor][slot];
        self.slots[floor][slot] = self.slots[floor][last];
        self.counts -= 1 << (8 * floor);
        self.put(character, floor + 1);
        floor + 1
    }

    /// The climbable characters' running counts, floor by floor (byte `f`: floors 0 to `f`);
    /// byte 5 holds the number of legal climbs.
    #[inline(always)]
    fn climbable(&self) -> u64 {
        let full = (self.counts + FULL_AT) & HIGH;
        let room_above = (!full >> 8) & HIGH & BELOW_THRONE;
        let per_floor = self.counts & ((room_above >> 7) * 0xff);
        per_floor.wrapping_mul(ONES)
    }
}

/// One random game of `players` (3 to 6); `deck` is [`balanced_deck`].
pub(crate) fn game(rng: &mut Generator, players: usize, deck: &[[u8; 6]; 26]) -> Outcome {
    let no_cards: u8 = match players {
        3 => 4,
        4 => 3,
        _ => 2,
    };
    let placements = match players {
        3 | 4 => 12,
        5 => 10,
        _ => 12,
    };
    let seats = (1u32 << players) - 1;
    // The cards dealt in the game: a partial shuffle of the deck's ids.
    let mut cards: [u8; 26] = core::array::from_fn(|i| i as u8);
    for i in 0..3 * players {
        let j = i + pick(rng.next_u32(), (26 - i) as u32) as usize;
        cards.swap(i, j);
    }
    let mut out = Outcome::default();
    let mut totals = [0u32; 6];
    let mut first = pick(rng.next_u32(), players as u32) as usize;
    let mut kept = [0u32; 6];
    for round in 0..3 {
        let mut castle = Castle {
            counts: 0,
            slots: [[0; 4]; 7],
        };
        let mut unplaced: [u8; 13] = core::array::from_fn(|i| i as u8);
        let mut left = 13usize;
        for _ in 0..placements {
            let word = rng.next_u64();
            let k = pick((word >> 32) as u32, left as u32) as usize;
            let character = unplaced[k];
            left -= 1;
            unplaced[k] = unplaced[left];
            let room = castle.placement_room();
            let floor = ROOM_NTH[room][pick(word as u32, ROOM_COUNT[room]) as usize & 3];
            castle.put(character, usize::from(floor));
        }
        for &character in &unplaced[..left] {
            castle.put(character, 0);
        }
        out.actions += placements;
        // Seats with a No card left, and how many each holds.
        let mut holders = seats;
        let mut held = [no_cards; 6];
        let mut mover = first;
        let crown = loop {
            let prefix = castle.climbable();
            let count = (prefix >> 40) as u32 & 0xff;
            let reached = castle.climb(prefix, pick(rng.next_u32(), count));
            out.actions += 1;
            if reached < THRONE {
                mover = if mover + 1 == players { 0 } else { mover + 1 };
                continue;
            }
            out.elections += 1;
            out.actions += players as u32;
            let no = rng.next_u32() & holders;
            if no == 0 {
                break mover;
            }
            out.eliminations += 1;
            castle.counts -= 1 << (8 * THRONE);
            let mut voters = no;
            while voters != 0 {
                let seat = voters.trailing_zeros() as usize;
                voters &= voters - 1;
                held[seat] -= 1;
                if held[seat] == 0 {
                    holders &= !(1 << seat);
                }
            }
            mover = if mover + 1 == players { 0 } else { mover + 1 };
        };
        // Points by character; eliminated characters score nothing and are not inside.
        let mut points = [0u8; 13];
        let mut inside = [0u8; 13];
        for (floor, slots) in castle.slots.iter().enumerate() {
            for &character in &slots[..castle.count(floor)] {
                points[usize::from(character)] = POINTS[floor];
                inside[usize::from(character)] = 1;
            }
        }
        for seat in 0..players {
            let card = &deck[usize::from(cards[round * players + seat])];
            let mut score: u32 = card
                .iter()
                .map(|&c| u32::from(points[usize::from(c)]))
                .sum();
            if round == 2 && score == 0 {
                score = 33;
            }
            totals[seat] += score;
            kept[seat] = card
                .iter()
                .map(|&c| u32::from(inside[usize::from(c)]))
                .sum();
        }
        first = if crown + 1 == players { 0 } else { crown + 1 };
    }
    let best = (0..players)
        .map(|s| (totals[s], kept[s]))
        .max()
        .unwrap_or_default();
    out.winning_total = best.0;
    out.winners = (0..players)
        .filter(|&s| (totals[s], kept[s]) == best)
        .count() as u32;
    out
}
