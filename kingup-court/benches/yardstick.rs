//! To Court the King played uniformly at random by a hand-written loop — the yardstick —
//! against the public API's random play, interleaved in one process and timed in thread CPU
//! time (`kingup-bench`).
//!
//! ```text
//! cargo bench -p kingup-court --bench yardstick
//! ```
//!
//! Every game is the standard config (a Jester per player, pre-roll abilities, a random
//! first player) bounded at 100 normal rounds (`Config::SIMULATION_ROUNDS`), for 2, 3, 4
//! and 5 players. Per player count, four loops play whole games:
//!
//! - `yardstick`: the game written for speed alone in this file, sharing no code with the
//!   engine: the dice as six byte counts in one word (every change an add), the faces
//!   present gathered from it branch-free, up to eight dice from one random word, every
//!   ability's legal moves counted and picked by hand, and a copy compiled for POPCNT and
//!   BMI2 picked at run time where the CPU has them;
//! - `api play_random`: `Game::play_random`;
//! - `api n-th legal`: `legal_action_count`, a uniform rank below it, `nth_legal_action`,
//!   `apply_unchecked` (the engine counts its legal actions block by block and lists only
//!   the block holding the rank: the list is never built, let alone twice);
//! - `api list`: `legal_actions` + `apply_unchecked`.
//!
//! Before measuring, the start-up report checks that the yardstick plays the game the
//! engine plays: over `YARDSTICK_GAMES` games each (default 20,000) per player count, the
//! means of the game length in actions, the rounds, the King bought (or the game
//! truncated), the Queen's holder winning, the winner's cards and all the cards bought must
//! agree within 4 standard errors; it panics otherwise.
//!
//! `YARDSTICK_ONLY=play_random` (or `yardstick`, `nth`, `list`) plays 50 4-player games of
//! that loop alone and exits: the run to give a profiler such as callgrind.

use std::hint::black_box;

use kingup_bench::Interleaved;
use kingup_court::{Config, Game, Generator, Outcome, Seat};

/// The hand-written game: faces are 0..6 (a 1 to a 6), cards are bits of their ids.
mod yard {
    /// xoshiro256++, seeded by SplitMix64; dice come eight to a word.
    pub(crate) struct Rng {
        s: [u64; 4],
        /// What is left of the word the dice are drawn from, and how many dice it still
        /// gives.
        dice: u64,
        left: u32,
    }

    impl Rng {
        pub(crate) fn new(seed: u64) -> Rng {
            let mut z = seed;
            let mut next = || {
                z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let mut x = z;
                x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                x ^ (x >> 31)
            };
            Rng {
                s: [next(), next(), next(), next()],
                dice: 0,
                left: 0,
            }
        }

        #[inline(always)]
        fn next(&mut self) -> u64 {
            let s = &mut self.s;
            let out = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
            let t = s[1] << 17;
            s[2] ^= s[0];
            s[3] ^= s[1];
            s[1] ^= s[2];
            s[0] ^= s[3];
            s[2] ^= t;
            s[3] = s[3].rotate_left(45);
            out
        }

        /// Uniform in `0..n` (a bias below 2^-56 for the counts here).
        #[inline(always)]
        fn below(&mut self, n: u32) -> u32 {
            ((u128::from(self.next()) * u128::from(n)) >> 64) as u32
        }

        /// One die, 0..6: the next base-6 digit of the word.
        #[inline(always)]
        fn die(&mut self) -> u32 {
            if self.left == 0 {
                self.dice = self.next();
                self.left = 8;
            }
            self.left -= 1;
            let t = u128::from(self.dice) * 6;
            self.dice = t as u64;
            (t >> 64) as u32
        }

        /// `n` dice as packed counts.
        #[inline(always)]
        fn roll(&mut self, n: u32) -> u64 {
            let mut dice = 0;
            for _ in 0..n {
                dice += 1 << (8 * self.die());
            }
            dice
        }
    }

    const JESTER: u32 = 1 << 0;
    const CHARLATAN: u32 = 1 << 1;
    const FARMER: u32 = 1 << 2;
    const MAID: u32 = 1 << 3;
    const PHILOSOPHER: u32 = 1 << 4;
    const ASTRONOMER: u32 = 1 << 7;
    const MERCHANT: u32 = 1 << 8;
    const MAGICIAN: u32 = 1 << 12;
    const NOBLEWOMAN: u32 = 1 << 13;
    const ALCHEMIST: u32 = 1 << 14;
    const NOBLEMAN: u32 = 1 << 16;
    const GENERAL: u32 = 1 << 17;
    const QUEEN: u32 = 1 << 18;
    const KING: u32 = 1 << 19;
    /// Laborer, Guard, Hunter, Pawnbroker, Knight, Bishop: they bring in faces 0..6.
    const BRING: u32 = 1 << 5 | 1 << 6 | 1 << 9 | 1 << 10 | 1 << 11 | 1 << 15;
    const ADDERS: u32 = BRING | QUEEN;
    /// Cards usable once dice are active.
    const DICE_CARDS: u32 = ADDERS
        | JESTER
        | MAID
        | PHILOSOPHER
        | ASTRONOMER
        | MERCHANT
        | MAGICIAN
        | NOBLEWOMAN
        | ALCHEMIST
        | NOBLEMAN;
    /// The face each card brings in, by id.
    const FACE: [u8; 20] = [0, 0, 0, 0, 0, 0, 1, 0, 0, 2, 3, 4, 0, 0, 0, 5, 0, 0, 0, 0];

    const LOW: u64 = 0x0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080;
    /// Gathers bit `8i` into bit `56 + i`.
    const GATHER: u64 = 1 << 56 | 1 << 49 | 1 << 42 | 1 << 35 | 1 << 28 | 1 << 21;

    /// The faces with a nonzero count (counts stay below 128).
    #[inline(always)]
    fn faces(d: u64) -> u32 {
        let nonzero = ((d + 0x7f * LOW) & HIGH) >> 7;
        (nonzero.wrapping_mul(GATHER) >> 56) as u32
    }

    #[inline(always)]
    fn len(d: u64) -> u32 {
        (d.wrapping_mul(LOW) >> 40) as u32 & 0xff
    }

    #[inline(always)]
    fn pips(d: u64) -> u32 {
        (d.wrapping_mul(0x0102_0304_0506) >> 40) as u32 & 0xff
    }

    /// The counts capped at 3, two bits a face: the key of the shift table.
    #[inline(always)]
    fn key(d: u64) -> usize {
        let ge3 = ((d + 0x7d * LOW) & HIGH) >> 7;
        let capped = (d & !(ge3 * 0xff)) | (ge3 * 3);
        let lo = ((capped & LOW).wrapping_mul(GATHER) >> 56) as usize;
        let hi = ((capped >> 1 & LOW).wrapping_mul(GATHER) >> 56) as usize;
        lo | hi << 6
    }

    #[inline(always)]
    fn one(face: u32) -> u64 {
        1 << (8 * face)
    }

    /// The position of the `r`-th set bit of `m`.
    #[inline(always)]
    fn select<const B: bool>(m: u64, r: u32) -> u32 {
        #[cfg(target_arch = "x86_64")]
        if B {
            // SAFETY: `B` is true only in the copy compiled for BMI2, run where the CPU
            // has it.
            return unsafe { core::arch::x86_64::_pdep_u64(1 << r, m) }.trailing_zeros();
        }
        let mut m = m;
        for _ in 0..r {
            m &= m - 1;
        }
        m.trailing_zeros()
    }

    #[inline(always)]
    fn select128<const B: bool>(m: u128, r: u32) -> u32 {
        let low = (m as u64).count_ones();
        if r < low {
            select::<B>(m as u64, r)
        } else {
            64 + select::<B>((m >> 64) as u64, r - low)
        }
    }

    /// The largest group and its highest face, as `count * 8 + face`.
    #[inline(always)]
    fn value(d: u64) -> u32 {
        let mut best = 0;
        for f in 0..6 {
            let c = (d >> (8 * f)) as u32 & 0xff;
            if c >= best >> 3 && c > 0 {
                best = c << 3 | f;
            }
        }
        best
    }

    /// The cards whose printed cost `d` meets (the Jester and the Charlatan always; the
    /// Queen never).
    fn costs(d: u64) -> u32 {
        let present = faces(d);
        let sum = pips(d);
        let (mut most, mut pairs, mut triples, mut twos, mut threes) = (0, 0, 0, 0, 0);
        for f in 0..6 {
            let c = (d >> (8 * f)) as u32 & 0xff;
            most = most.max(c);
            pairs += c / 2;
            triples += c / 3;
            twos += u32::from(c >= 2);
            threes += u32::from(c >= 3);
        }
        let mut m = JESTER | CHARLATAN;
        let mut set = |id: u32, yes: bool| m |= u32::from(yes) << id;
        set(2, most >= 2);
        set(3, present & 0b10_1010 == 0);
        set(4, present & 0b01_0101 == 0);
        set(5, sum >= 15);
        set(6, most >= 3);
        set(7, pairs >= 2);
        set(8, sum >= 20);
        set(9, most >= 4);
        set(10, sum >= 30);
        set(11, most >= 5);
        set(
            12,
            present & 0b01_1110 == 0b01_1110 && present & 0b10_0001 != 0,
        );
        set(13, (threes >= 1 && twos >= 2) || most >= 5);
        set(14, present == 0b11_1111);
        set(15, pairs >= 3);
        set(16, triples >= 2);
        set(17, most >= 6);
        set(19, most >= 7);
        m
    }

    /// Tables built once: the Maid's moves by faces present, the 70 Philosopher and
    /// Alchemist moves, and which are possible by capped counts.
    pub(crate) struct Tables {
        maid_count: [u8; 64],
        maid: [[(u8, u8); 12]; 64],
        shift_from: [u64; 70],
        shift_to: [u64; 70],
        shifts: Vec<u128>,
    }

    /// Bits of the 26 pair moves among the 70.
    const PAIRS: u128 = (1 << 26) - 1;

    impl Tables {
        pub(crate) fn new() -> Tables {
            let mut maid_count = [0; 64];
            let mut maid = [[(0, 0); 12]; 64];
            for present in 0..64 {
                let mut n = 0;
                for from in 0..6u8 {
                    for to in from + 1..6.min(from + 4) {
                        if present >> from & 1 == 1 {
                            maid[present][n] = (from, to);
                            n += 1;
                        }
                    }
                }
                maid_count[present] = n as u8;
            }
            let pack = |faces: &[u32]| faces.iter().map(|&f| one(f)).sum::<u64>();
            let mut moves: Vec<(u64, u64)> = Vec::new();
            for a in 0..6 {
                for b in a..6 {
                    for c in 0..6 {
                        for d in c..6 {
                            if a + b == c + d && (a, b) != (c, d) {
                                moves.push((pack(&[a, b]), pack(&[c, d])));
                            }
                        }
                    }
                }
            }
            assert_eq!(moves.len(), 26, "pair moves");
            for a in 0..6 {
                for b in a..6 {
                    for c in b..6 {
                        for d in 0..6 {
                            for e in d..6 {
                                for f in e..6 {
                                    let disjoint = [a, b, c].iter().all(|x| ![d, e, f].contains(x));
                                    if a + b + c == d + e + f && disjoint {
                                        moves.push((pack(&[a, b, c]), pack(&[d, e, f])));
                                    }
                                }
                            }
                        }
                    }
                }
            }
            assert_eq!(moves.len(), 70, "pair and triple moves");
            let shifts = (0..4096)
                .map(|key: usize| {
                    let counts: Vec<u64> = (0..6)
                        .map(|f| (key >> f & 1 | (key >> (f + 6) & 1) << 1) as u64)
                        .collect();
                    let mut mask = 0u128;
                    for (i, &(from, _)) in moves.iter().enumerate() {
                        if (0..6).all(|f| from >> (8 * f) & 0xff <= counts[f]) {
                            mask |= 1 << i;
                        }
                    }
                    mask
                })
                .collect();
            Tables {
                maid_count,
                maid,
                shift_from: core::array::from_fn(|i| moves[i].0),
                shift_to: core::array::from_fn(|i| moves[i].1),
                shifts,
            }
        }
    }

    /// How one game ended.
    #[derive(Clone, Copy, Debug, Default)]
    pub(crate) struct Ending {
        pub(crate) actions: u64,
        /// The round index at the end (the final round's, or the last normal round's).
        pub(crate) round: u32,
        /// The winner, unless truncated.
        pub(crate) winner: Option<usize>,
        pub(crate) queen_won: bool,
        /// Cards in front of the winner (the Charlatan once, the King if it holds it).
        pub(crate) winner_cards: u32,
        /// Cards in front of every seat together.
        pub(crate) all_cards: u32,
    }

    struct Play<'t> {
        t: &'t Tables,
        n: usize,
        cards: [u32; 5],
        charlatans: [u32; 5],
        supply: [u8; 20],
        /// Cards with copies left (never the Charlatan or the Queen).
        avail: u32,
        actions: u64,
    }

    impl Play<'_> {
        #[inline(always)]
        fn hand(&self, p: usize) -> u32 {
            let c = self.cards[p];
            3 + (c & FARMER).count_ones() + 2 * (c & GENERAL).count_ones() + self.charlatans[p]
        }

        #[inline(always)]
        fn max_dice(&self, p: usize) -> u32 {
            self.hand(p) + (self.cards[p] & ADDERS).count_ones()
        }

        /// One dice turn of seat `p`; the result.
        #[inline(always)]
        fn turn<const B: bool>(&mut self, rng: &mut Rng, p: usize) -> u64 {
            let mut ready = self.cards[p] & DICE_CARDS;
            let mut to_roll = self.hand(p);
            // Before the first roll: roll, or add a die with a card.
            loop {
                let adders = ready & ADDERS;
                self.actions += 1;
                if adders == 0 {
                    break;
                }
                let k = adders.count_ones();
                let r = rng.below(k + 1);
                if r == k {
                    break;
                }
                ready &= !(1 << select::<B>(u64::from(adders), r));
                to_roll += 1;
            }
            let mut active = rng.roll(to_roll);
            let mut aside = 0u64;
            let mut kept = 0u32;
            loop {
                let present = faces(active);
                let np = present.count_ones();
                self.actions += 1;
                let cards = ready & DICE_CARDS;
                let mut r;
                if cards == 0 {
                    r = rng.below(np + kept);
                } else {
                    r = self.ability::<B>(rng, &mut ready, &mut active, aside, present, np, kept);
                    if r == u32::MAX {
                        continue;
                    }
                }
                if r < np {
                    let f = select::<B>(u64::from(present), r);
                    active -= one(f);
                    aside += one(f);
                    kept = 1;
                    if active == 0 {
                        return aside;
                    }
                } else {
                    r -= np;
                    debug_assert!(r == 0 && kept == 1);
                    active = rng.roll(len(active));
                    kept = 0;
                }
            }
        }

        /// A decision with cards to use: draws among every legal action; plays a card's
        /// (returning `u32::MAX`) or returns the rank among keeping and rolling.
        #[allow(clippy::too_many_arguments)]
        #[inline(always)]
        fn ability<const B: bool>(
            &mut self,
            rng: &mut Rng,
            ready: &mut u32,
            active: &mut u64,
            aside: u64,
            present: u32,
            np: u32,
            kept: u32,
        ) -> u32 {
            let c = *ready;
            let has = |card: u32| c & card != 0;
            let bring = (c & BRING).count_ones();
            let queen = if has(QUEEN) { 6 } else { 0 };
            let jester = if has(JESTER) { np } else { 0 };
            let maid = if has(MAID) {
                u32::from(self.t.maid_count[present as usize])
            } else {
                0
            };
            let shifts = if has(PHILOSOPHER | ALCHEMIST) {
                self.t.shifts[key(*active)]
            } else {
                0
            };
            let philosopher = if has(PHILOSOPHER) {
                (shifts & PAIRS).count_ones()
            } else {
                0
            };
            let alchemist = if has(ALCHEMIST) {
                shifts.count_ones()
            } else {
                0
            };
            let aside_faces = faces(aside);
            let astronomer = if has(ASTRONOMER) {
                np * aside_faces.count_ones() - (present & aside_faces).count_ones()
            } else {
                0
            };
            let magician = if has(MAGICIAN) { 5 * np } else { 0 };
            let merchant = if has(MERCHANT) { np } else { 0 };
            let noblewoman = if has(NOBLEWOMAN) {
                (present & 0x1f).count_ones()
            } else {
                0
            };
            let nobleman = if has(NOBLEMAN) {
                (present & 0xf).count_ones()
            } else {
                0
            };
            let total = np
                + kept
                + bring
                + queen
                + jester
                + maid
                + philosopher
                + alchemist
                + astronomer
                + magician
                + merchant
                + noblewoman
                + nobleman;
            let mut r = rng.below(total);
            if r < np + kept {
                return r;
            }
            r -= np + kept;
            let (card, from, to) = 'pick: {
                if r < bring {
                    let card = select::<B>(u64::from(c & BRING), r);
                    *active += one(u32::from(FACE[card as usize]));
                    *ready &= !(1 << card);
                    return u32::MAX;
                }
                r -= bring;
                if r < queen {
                    break 'pick (QUEEN, 0, one(r));
                }
                r -= queen;
                if r < jester {
                    let f = select::<B>(u64::from(present), r);
                    break 'pick (JESTER, one(f), one(rng.die()));
                }
                r -= jester;
                if r < maid {
                    let (a, b) = self.t.maid[present as usize][r as usize];
                    break 'pick (MAID, one(a.into()), one(b.into()));
                }
                r -= maid;
                if r < philosopher {
                    let m = select128::<B>(shifts & PAIRS, r) as usize;
                    break 'pick (PHILOSOPHER, self.t.shift_from[m], self.t.shift_to[m]);
                }
                r -= philosopher;
                if r < alchemist {
                    let m = select128::<B>(shifts, r) as usize;
                    break 'pick (ALCHEMIST, self.t.shift_from[m], self.t.shift_to[m]);
                }
                r -= alchemist;
                if r < astronomer {
                    let mut faces_left = present;
                    loop {
                        let a = faces_left.trailing_zeros();
                        faces_left &= faces_left - 1;
                        let targets = aside_faces & !(1 << a);
                        let k = targets.count_ones();
                        if r < k {
                            let b = select::<B>(u64::from(targets), r);
                            break 'pick (ASTRONOMER, one(a), one(b));
                        }
                        r -= k;
                    }
                }
                r -= astronomer;
                if r < magician {
                    let a = select::<B>(u64::from(present), r / 5);
                    let j = r % 5;
                    let b = j + u32::from(j >= a);
                    break 'pick (MAGICIAN, one(a), one(b));
                }
                r -= magician;
                let (card, allowed) = if r < merchant {
                    (MERCHANT, 0x3f)
                } else if r < merchant + noblewoman {
                    r -= merchant;
                    (NOBLEWOMAN, 0x1f)
                } else {
                    r -= merchant + noblewoman;
                    (NOBLEMAN, 0xf)
                };
                let first = select::<B>(u64::from(present & allowed), r);
                let picks = self.pick::<B>(rng, *active, first, allowed);
                let to = match card {
                    MERCHANT => rng.roll(len(picks)),
                    NOBLEWOMAN => picks << 8,
                    _ => picks << 16,
                };
                break 'pick (card, picks, to);
            };
            *active = *active - from + to;
            *ready &= !card;
            u32::MAX
        }

        /// The Merchant's, Noblewoman's or Nobleman's picks after the first, in
        /// non-decreasing face order among `allowed`, until confirmed; all the picks.
        #[inline(always)]
        fn pick<const B: bool>(
            &mut self,
            rng: &mut Rng,
            active: u64,
            first: u32,
            allowed: u32,
        ) -> u64 {
            let mut picks = one(first);
            let mut from = first;
            loop {
                let can = faces(active - picks) & allowed & (0x3f << from);
                let k = can.count_ones();
                self.actions += 1;
                if k == 0 {
                    return picks;
                }
                let r = rng.below(k + 1);
                if r == k {
                    return picks;
                }
                from = select::<B>(u64::from(can), r);
                picks += one(from);
            }
        }

        /// Seat `p` buys with `result`, or passes; whether it bought the King.
        #[inline(always)]
        fn buy<const B: bool>(&mut self, rng: &mut Rng, p: usize, result: u64) -> bool {
            let owned = self.cards[p];
            let buyable = (costs(result) & self.avail & !owned) | (owned & JESTER) << 1;
            let k = buyable.count_ones();
            self.actions += 1;
            if k == 0 {
                return false;
            }
            let r = rng.below(k + 1);
            if r == k {
                return false;
            }
            let id = select::<B>(u64::from(buyable), r);
            match 1 << id {
                CHARLATAN => {
                    self.cards[p] = (owned & !JESTER) | CHARLATAN;
                    self.charlatans[p] += 1;
                }
                KING => {
                    self.cards[p] |= QUEEN;
                    self.avail &= !KING;
                    return true;
                }
                bit => {
                    self.cards[p] |= bit;
                    self.supply[id as usize] -= 1;
                    if self.supply[id as usize] == 0 {
                        self.avail &= !bit;
                    }
                }
            }
            false
        }
    }

    /// Copies in the display by card id for `n` players.
    fn supply(n: usize) -> [u8; 20] {
        let col = n - 2;
        let mut s = [0u8; 20];
        s[0] = n as u8;
        s[2..=6].fill([2, 2, 3, 4][col]);
        s[7..=9].fill([1, 2, 3, 3][col]);
        s[10..=17].fill([1, 2, 2, 3][col]);
        s[18] = 1;
        s[19] = 1;
        s
    }

    /// One uniformly random game of `n` players, bounded at `max_rounds` normal rounds.
    #[inline(always)]
    pub(crate) fn game<const B: bool>(
        t: &Tables,
        rng: &mut Rng,
        n: usize,
        max_rounds: u32,
    ) -> Ending {
        let supply = supply(n);
        let avail = (0..20)
            .filter(|&id| supply[id] > 0 && id != 18)
            .fold(0, |m, id| m | 1 << id);
        let mut g = Play {
            t,
            n,
            cards: [0; 5],
            charlatans: [0; 5],
            supply,
            avail,
            actions: 0,
        };
        let mut start = rng.below(n as u32) as usize;
        let mut round = 0;
        let queen = 'normal: loop {
            let mut queen = None;
            for i in 0..n {
                let p = (start + i) % n;
                let result = g.turn::<B>(rng, p);
                if g.buy::<B>(rng, p, result) {
                    queen = Some((p, value(result)));
                }
            }
            start = (start + n - 1) % n;
            if let Some(q) = queen {
                break 'normal q;
            }
            if round + 1 >= max_rounds {
                return g.ending(round, None, None);
            }
            round += 1;
        };
        // The final round: clockwise from `start`, the Queen's holder last.
        let (q, mut best) = queen;
        let mut king = q;
        for i in 0..g.n {
            let p = (start + i) % g.n;
            let most = g.max_dice(p);
            if p == q || most < best >> 3 || (most == best >> 3 && best & 7 == 5) {
                continue;
            }
            let v = value(g.turn::<B>(rng, p));
            if v > best {
                (king, best) = (p, v);
            }
        }
        let winner = if king == q || g.max_dice(q) < best >> 3 {
            king
        } else if value(g.turn::<B>(rng, q)) >= best {
            q
        } else {
            king
        };
        g.ending(round + 1, Some(winner), Some((q, king)))
    }

    impl Play<'_> {
        fn ending(
            &self,
            round: u32,
            winner: Option<usize>,
            crowns: Option<(usize, usize)>,
        ) -> Ending {
            let cards = |p: usize| {
                let king = crowns.is_some_and(|(_, k)| k == p);
                self.cards[p].count_ones() + u32::from(king)
            };
            Ending {
                actions: self.actions,
                round,
                winner,
                queen_won: crowns.is_some_and(|(q, _)| winner == Some(q)),
                winner_cards: winner.map_or(0, cards),
                all_cards: (0..self.n).map(cards).sum(),
            }
        }
    }
}

/// `games` yardstick games of `n` players; the actions played (and the last ending).
fn yardstick(
    t: &yard::Tables,
    rng: &mut yard::Rng,
    n: usize,
    games: u64,
    out: &mut Vec<yard::Ending>,
) -> u64 {
    #[inline(always)]
    fn run<const B: bool>(
        t: &yard::Tables,
        rng: &mut yard::Rng,
        n: usize,
        games: u64,
        out: &mut Vec<yard::Ending>,
    ) -> u64 {
        let mut actions = 0;
        for _ in 0..games {
            let e = yard::game::<B>(t, rng, n, Config::SIMULATION_ROUNDS);
            actions += e.actions;
            if out.capacity() > out.len() {
                out.push(e);
            }
        }
        actions
    }
    #[cfg(target_arch = "x86_64")]
    {
        #[target_feature(enable = "popcnt,bmi1,bmi2")]
        unsafe fn fast(
            t: &yard::Tables,
            rng: &mut yard::Rng,
            n: usize,
            games: u64,
            out: &mut Vec<yard::Ending>,
        ) -> u64 {
            run::<true>(t, rng, n, games, out)
        }
        if std::is_x86_feature_detected!("popcnt") && std::is_x86_feature_detected!("bmi2") {
            // SAFETY: the CPU has the features `fast` is compiled for.
            return unsafe { fast(t, rng, n, games, out) };
        }
    }
    run::<false>(t, rng, n, games, out)
}

fn config(players: u8) -> Config {
    let mut config = Config::new(players);
    config.max_rounds = Some(Config::SIMULATION_ROUNDS);
    config
}

/// One engine game by `Game::play_random`, read as the yardstick reports its games.
fn engine_game(players: u8, rng: &mut Generator) -> yard::Ending {
    let mut game = Game::new(config(players)).expect("valid");
    let actions = game.play_random(rng);
    let winner = match game.outcome() {
        Some(Outcome::Won(seat)) => Some(seat.index()),
        _ => None,
    };
    let cards = |p: usize| game.cards(Seat::new(p).expect("seat")).len() as u32;
    yard::Ending {
        actions,
        round: game.round(),
        winner,
        queen_won: winner.is_some() && winner == game.queen().map(Seat::index),
        winner_cards: winner.map_or(0, cards),
        all_cards: (0..usize::from(players)).map(cards).sum(),
    }
}

/// Mean and standard error of `xs`.
fn mean_se(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}

/// Compares the yardstick's games with the engine's, statistic by statistic; panics on a
/// difference beyond 4 standard errors. Returns the report lines.
fn faithfulness(t: &yard::Tables, players: u8, games: usize) -> Vec<String> {
    let mut mine = Vec::with_capacity(games);
    yardstick(
        t,
        &mut yard::Rng::new(0x5eed + u64::from(players)),
        usize::from(players),
        games as u64,
        &mut mine,
    );
    let mut rng = Generator::new(0xface + u64::from(players));
    let theirs: Vec<yard::Ending> = (0..games).map(|_| engine_game(players, &mut rng)).collect();
    type Stat = fn(&yard::Ending) -> Option<f64>;
    let stats: [(&str, Stat); 6] = [
        ("actions", |e| Some(e.actions as f64)),
        ("rounds", |e| Some(f64::from(e.round))),
        ("King bought", |e| {
            Some(f64::from(u8::from(e.winner.is_some())))
        }),
        ("Queen wins", |e| {
            e.winner.map(|_| f64::from(u8::from(e.queen_won)))
        }),
        ("winner's cards", |e| {
            e.winner.map(|_| f64::from(e.winner_cards))
        }),
        ("all cards", |e| Some(f64::from(e.all_cards))),
    ];
    let mut lines = Vec::new();
    let mut worst = 0f64;
    for (name, stat) in stats {
        let a: Vec<f64> = mine.iter().filter_map(stat).collect();
        let b: Vec<f64> = theirs.iter().filter_map(stat).collect();
        let ((ma, sa), (mb, sb)) = (mean_se(&a), mean_se(&b));
        let se = (sa * sa + sb * sb).sqrt();
        let z = if se > 0.0 {
            (ma - mb) / se
        } else if ma == mb {
            0.0
        } else {
            f64::INFINITY
        };
        lines.push(format!(
            "{players} players, {name:>14}: yardstick {ma:10.4} ± {sa:.4}, engine {mb:10.4} ± {sb:.4}, z = {z:+.2}"
        ));
        println!("{}", lines.last().expect("a line"));
        worst = worst.max(z.abs());
    }
    assert!(
        worst < 4.0,
        "the yardstick is not the engine's game ({players} players)"
    );
    lines
}

fn main() {
    let t = yard::Tables::new();
    if let Ok(only) = std::env::var("YARDSTICK_ONLY") {
        profile(&t, &only);
        return;
    }
    let games: usize = std::env::var("YARDSTICK_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20_000);
    println!("Faithfulness: {games} uniformly random games each, means ± standard errors");
    for players in 2..=5u8 {
        faithfulness(&t, players, games);
    }
    for players in 2..=5u8 {
        let n = usize::from(players);
        let mut rng = yard::Rng::new(1);
        let mut none = Vec::new();
        let mut g1 = Generator::new(1);
        let mut g2 = Generator::new(2);
        let mut g3 = Generator::new(3);
        let report = Interleaved::new()
            .repeats(3)
            .slices(6)
            .slice_millis(100)
            .contender("yardstick", |games| {
                yardstick(&t, &mut rng, n, games, &mut none)
            })
            .contender("api play_random", |games| {
                (0..games)
                    .map(|_| {
                        let mut game = Game::new(config(players)).expect("valid");
                        game.play_random(&mut g1)
                    })
                    .sum()
            })
            .contender("api n-th legal", |games| {
                (0..games).map(|_| nth_game(players, &mut g2)).sum()
            })
            .contender("api list", |games| {
                (0..games).map(|_| list_game(players, &mut g3)).sum()
            })
            .run();
        println!("\n{players} players, games per CPU-second:\n{report}");
    }
}

/// Plays 50 4-player games of one loop alone (`yardstick`, `play_random`, `nth` or
/// `list`), for a profiler such as callgrind: `YARDSTICK_ONLY=play_random`.
fn profile(t: &yard::Tables, only: &str) {
    const GAMES: u64 = 50;
    let mut rng = Generator::new(1);
    let actions: u64 = match only {
        "yardstick" => yardstick(t, &mut yard::Rng::new(1), 4, GAMES, &mut Vec::new()),
        "play_random" => (0..GAMES)
            .map(|_| Game::new(config(4)).expect("valid").play_random(&mut rng))
            .sum(),
        "nth" => (0..GAMES).map(|_| nth_game(4, &mut rng)).sum(),
        "list" => (0..GAMES).map(|_| list_game(4, &mut rng)).sum(),
        _ => panic!("YARDSTICK_ONLY is yardstick, play_random, nth or list"),
    };
    println!("{only}: {actions} actions in {GAMES} games");
}

/// One random game by the n-th legal action: `legal_action_count`, a uniform rank below
/// it, `nth_legal_action`.
fn nth_game(players: u8, rng: &mut Generator) -> u64 {
    let mut game = Game::new(config(players)).expect("valid");
    let mut actions = 0;
    while let Some(seat) = game.next_seat_after_chance(rng) {
        let count = game.legal_action_count(seat);
        let n = rng.below(count as u32) as usize;
        let action = game.nth_legal_action(seat, n).expect("a legal action");
        game.apply_unchecked(seat, action);
        actions += 1;
    }
    black_box(game.outcome());
    actions
}

/// One random game by the list of legal actions.
fn list_game(players: u8, rng: &mut Generator) -> u64 {
    let mut game = Game::new(config(players)).expect("valid");
    let mut actions = 0;
    while let Some(seat) = game.next_seat_after_chance(rng) {
        let legal = game.legal_actions(seat);
        game.apply_unchecked(seat, legal[rng.below(legal.len() as u32) as usize]);
        actions += 1;
    }
    black_box(game.outcome());
    actions
}
