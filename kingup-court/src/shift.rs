//! The Philosopher's and the Alchemist's moves: dice of the same sum given new faces.
//!
//! A move takes `from` (two or three active dice) and gives them the faces `to`, with the
//! same number of dice and the same sum, every face in 1..=6. Seen as multisets:
//!
//! - the **26 pair moves** `{a,b} → {c,d}`, `a + b = c + d`, `{c,d} ≠ {a,b}`: the
//!   Philosopher's, and the Alchemist's used like the Philosopher;
//! - the **44 triple moves** `{a,b,c} → {d,e,f}` with the same sum and no face in common
//!   (a triple move keeping a face is a pair move).
//!
//! Both lists are ordered by `(from, to)`, each as its sorted faces compared
//! lexicographically. The Philosopher's actions are the first 26, the Alchemist's all 70.

use crate::{Dice, Face};

/// Pair moves: the Philosopher's.
pub(crate) const PAIR_SHIFTS: usize = 26;
/// Pair and triple moves: the Alchemist's.
pub(crate) const SHIFTS: usize = 70;

/// Every move, pair moves first.
pub(crate) static SHIFT_TABLE: [(Dice, Dice); SHIFTS] = build();

/// `SHIFT_ALLOWED[f][n]`: the moves (bit `i` for move `i`) that take at most `n` dice
/// showing face `f + 1` (`n` up to 3, the most a move takes). The moves possible with
/// active dice `A` are the AND over faces of `SHIFT_ALLOWED[f][min(A[f], 3)]`.
pub(crate) static SHIFT_ALLOWED: [[u128; 4]; 6] = allowed();

const fn face(value: u8) -> Face {
    match Face::new(value) {
        Some(face) => face,
        None => panic!("faces are 1 to 6"),
    }
}

const fn dice(faces: &[u8]) -> Dice {
    let mut dice = Dice::EMPTY;
    let mut i = 0;
    while i < faces.len() {
        dice = dice.with(face(faces[i]));
        i += 1;
    }
    dice
}

/// Faces shown, as a mask.
const fn mask(faces: &[u8]) -> u8 {
    let mut m = 0;
    let mut i = 0;
    while i < faces.len() {
        m |= 1 << (faces[i] - 1);
        i += 1;
    }
    m
}

pub(crate) const fn build() -> [(Dice, Dice); SHIFTS] {
    let mut table = [(Dice::EMPTY, Dice::EMPTY); SHIFTS];
    let mut n = 0;
    // Pairs (a ≤ b) in lexicographic order, each to every other pair of the same sum.
    let mut a = 1;
    while a <= 6 {
        let mut b = a;
        while b <= 6 {
            let mut c = 1;
            while c <= 6 {
                let mut d = c;
                while d <= 6 {
                    if a + b == c + d && (a != c || b != d) {
                        table[n] = (dice(&[a, b]), dice(&[c, d]));
                        n += 1;
                    }
                    d += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    // Triples (a ≤ b ≤ c), each to every triple of the same sum sharing no face.
    let mut a = 1;
    while a <= 6 {
        let mut b = a;
        while b <= 6 {
            let mut c = b;
            while c <= 6 {
                let mut d = 1;
                while d <= 6 {
                    let mut e = d;
                    while e <= 6 {
                        let mut f = e;
                        while f <= 6 {
                            if a + b + c == d + e + f && mask(&[a, b, c]) & mask(&[d, e, f]) == 0 {
                                table[n] = (dice(&[a, b, c]), dice(&[d, e, f]));
                                n += 1;
                            }
                            f += 1;
                        }
                        e += 1;
                    }
                    d += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    assert!(n == SHIFTS, "70 moves");
    table
}

const fn allowed() -> [[u128; 4]; 6] {
    let table = build();
    let mut allowed = [[0u128; 4]; 6];
    let mut f = 0;
    while f < 6 {
        let mut level = 0;
        while level < 4 {
            let mut i = 0;
            while i < SHIFTS {
                if table[i].0.counts()[f] as usize <= level {
                    allowed[f][level] |= 1 << i;
                }
                i += 1;
            }
            level += 1;
        }
        f += 1;
    }
    allowed
}

/// `SHIFT_COUNTS[key]`: how many pair moves and how many moves in all are possible with
/// the dice of capped-count key `key` ([`Dice::capped_key`]): the Philosopher's and the
/// Alchemist's counts in one lookup, without the mask.
pub(crate) static SHIFT_COUNTS: [(u8, u8); 4096] = counts();

const fn counts() -> [(u8, u8); 4096] {
    let allowed = allowed();
    let mut table = [(0, 0); 4096];
    let mut key = 0;
    while key < 4096 {
        let mut moves = (1u128 << SHIFTS) - 1;
        let mut f = 0;
        while f < 6 {
            let count = (key >> f & 1) | (key >> (f + 6) & 1) << 1;
            moves &= allowed[f][count];
            f += 1;
        }
        let pairs = (moves & ((1 << PAIR_SHIFTS) - 1)).count_ones();
        table[key] = (pairs as u8, moves.count_ones() as u8);
        key += 1;
    }
    table
}

/// The moves possible with `active` dice, as a mask over the 70 moves.
#[inline]
pub(crate) fn possible(active: Dice) -> u128 {
    let counts = active.counts();
    let mut moves = (1u128 << SHIFTS) - 1;
    for (allowed, &count) in SHIFT_ALLOWED.iter().zip(&counts) {
        moves &= allowed[usize::from(count.min(3))];
    }
    moves
}

/// The move taking `from` to `to`, if it is one, and its number.
pub(crate) fn find(from: Dice, to: Dice) -> Option<usize> {
    SHIFT_TABLE.iter().position(|&move_| move_ == (from, to))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_keep_the_sum_and_the_number_of_dice() {
        for (i, &(from, to)) in SHIFT_TABLE.iter().enumerate() {
            assert_eq!(from.sum(), to.sum());
            assert_eq!(from.len(), to.len());
            assert_eq!(from.len(), if i < PAIR_SHIFTS { 2 } else { 3 });
            assert_ne!(from, to);
            if i >= PAIR_SHIFTS {
                assert_eq!(from.faces_mask() & to.faces_mask(), 0);
            }
            assert_eq!(find(from, to), Some(i));
        }
    }

    #[test]
    fn the_counts_table_counts_the_possible_moves() {
        for (key, &counts) in SHIFT_COUNTS.iter().enumerate() {
            let dice = Dice::from_counts(core::array::from_fn(|f| {
                (key >> f & 1 | (key >> (f + 6) & 1) << 1) as u8
            }));
            assert_eq!(dice.capped_key(), key);
            let moves = possible(dice);
            let pairs = (moves & ((1 << PAIR_SHIFTS) - 1)).count_ones() as u8;
            assert_eq!(counts, (pairs, moves.count_ones() as u8));
        }
        // Counts past 3 key as 3, whether or not they fit the fast path.
        for counts in [[4, 0, 7, 3, 1, 2], [200, 1, 0, 0, 130, 5]] {
            let capped = counts.map(|c| c.min(3));
            assert_eq!(
                Dice::from_counts(counts).capped_key(),
                Dice::from_counts(capped).capped_key()
            );
        }
    }

    #[test]
    fn possible_moves_need_their_dice() {
        for (i, &(from, _)) in SHIFT_TABLE.iter().enumerate() {
            assert_ne!(possible(from) & 1 << i, 0);
            for face in Face::ALL {
                if let Some(less) = from.without(face) {
                    assert_eq!(possible(less) & 1 << i, 0);
                }
            }
        }
    }
}
