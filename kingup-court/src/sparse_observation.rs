//! The observation as flags and values ([`SparseObservation`]): the same floats as
//! [`Game::observation`], in the form a vector of envs writes as changes.

use kingup_table::{Seat, SparseObservation, field_starts};

use crate::observation::OBSERVATION_FIELDS;
use crate::{Card, Config, Dice, Game, OBSERVATION_LEN, Value};

/// Seat slots: the most players a game has.
const SLOTS: usize = Config::MAX_PLAYERS as usize;

/// Where each field of [`OBSERVATION_FIELDS`] starts.
const AT: [usize; 23] = field_starts(&OBSERVATION_FIELDS);
const PLAYERS: usize = AT[0];
const VARIANTS: usize = AT[1];
const PHASE: usize = AT[2];
const STAGE: usize = AT[3];
const ROUND: usize = AT[4];
const TO_MOVE: usize = AT[5];
const START: usize = AT[6];
const ACTIVE: usize = AT[7];
const ASIDE: usize = AT[8];
const PICKED: usize = AT[9];
const UNROLLED: usize = AT[10];
const SET_ASIDE_SINCE_ROLL: usize = AT[11];
const USED: usize = AT[12];
const SELECTING: usize = AT[13];
const SUPPLY: usize = AT[14];
const CARDS: usize = AT[15];
const CHARLATANS: usize = AT[16];
const HAND: usize = AT[17];
const MAX_DICE: usize = AT[18];
const KING: usize = AT[19];
const QUEEN: usize = AT[20];
const BEST: usize = AT[21];
const FINAL_RESULTS: usize = AT[22];

/// The cards that bring a die into play ([`Card::ADD_DIE`]), as card-set bits.
const ADD_DIE: u32 = {
    let mut bits = 0;
    let mut i = 0;
    while i < Card::ADD_DIE.len() {
        bits |= 1 << Card::ADD_DIE[i] as u32;
        i += 1;
    }
    bits
};

// The dice counts' run holds active, aside and picked, six faces each, then unrolled.
const _: () = assert!(ASIDE == ACTIVE + 6 && PICKED == ASIDE + 6 && UNROLLED == PICKED + 6);
// The results' run: the best result's seven floats, then each slot's.
const _: () = assert!(FINAL_RESULTS == BEST + 7 && OBSERVATION_LEN == FINAL_RESULTS + 7 * SLOTS);

impl Game {
    /// Fills `out` (cleared first) with the observation [`Game::observation`] writes, as
    /// flags and values: the round with the to-move and start slots and the dice counts,
    /// the supply, the per-seat counts, and the best and final results (counts and
    /// faces) are the values (written whole at every step, 0 included), everything else
    /// is flags. Allocation-free.
    ///
    /// ```
    /// use kingup_court::{Config, Game, Seat, OBSERVATION_LEN};
    /// use kingup_court::kingup_table::SparseObservation;
    ///
    /// let game = Game::new(Config::new(3))?;
    /// let seat = Seat::new(2).unwrap();
    /// let (mut whole, mut sparse) = ([0.0f32; OBSERVATION_LEN], [0.0f32; OBSERVATION_LEN]);
    /// game.observation(seat, &mut whole);
    /// let mut s = SparseObservation::new();
    /// game.sparse_observation(seat, &mut s);
    /// s.write(&mut sparse);
    /// assert_eq!(whole, sparse);
    /// # Ok::<(), kingup_court::ConfigError>(())
    /// ```
    pub fn sparse_observation(&self, viewer: Seat, out: &mut SparseObservation) {
        out.clear();
        let players = self.players();
        let viewer = if viewer.index() < players {
            viewer.index()
        } else {
            0
        };
        // (s - viewer) mod players, without a division.
        let slot = |s: Seat| {
            let k = s.index() + players - viewer;
            if k >= players { k - players } else { k }
        };
        // The seat of each slot (slots past the players: seat 0, not written).
        let seat_of = |k: usize| {
            let s = k + viewer;
            Seat::new(if s >= players { s - players } else { s }).unwrap_or(Seat::FIRST)
        };
        let config = self.config();

        out.set(PLAYERS + players - 2);
        let variants =
            u64::from(config.unlimited_jesters) | u64::from(config.preroll_abilities) << 1;
        out.set_bits(variants, VARIANTS);
        out.set(PHASE + self.phase().index());
        out.set(STAGE + self.stage().index());
        // The round, the to-move and start slots and the dice counts are one run of
        // values (the slots' one-hots written as values: one run is cheaper than three).
        let mut head = [0.0f32; UNROLLED + 1 - ROUND];
        head[0] = self.round() as f32 / 100.0;
        if !self.is_over() && self.phase() != crate::Phase::Setup {
            head[TO_MOVE - ROUND + slot(self.turn_seat())] = 1.0;
        }
        head[START - ROUND + slot(self.start_player())] = 1.0;
        let dice = [self.active(), self.aside(), self.picked()].map(Dice::counts);
        for (x, count) in head[ACTIVE - ROUND..].iter_mut().zip(dice.as_flattened()) {
            *x = f32::from(*count);
        }
        head[UNROLLED - ROUND] = f32::from(self.dice_in_hand() + self.dice_to_roll());
        out.set_values(ROUND, head);
        out.set_bits(u64::from(self.set_aside_since_roll()), SET_ASIDE_SINCE_ROLL);
        out.set_bits(u64::from(self.used().bits()), USED);
        match self.selecting() {
            Some(Card::Merchant) => out.set(SELECTING),
            Some(Card::Noblewoman) => out.set(SELECTING + 1),
            Some(Card::Nobleman) => out.set(SELECTING + 2),
            _ => {}
        }
        let supply = Card::ALL.map(|card| f32::from(self.supply(card).unwrap_or(config.players)));
        out.set_values(SUPPLY, supply);
        // Charlatans, hand and max dice are one run of values (0 at the slots past the
        // players).
        let mut counts = [0.0f32; MAX_DICE + SLOTS - CHARLATANS];
        for k in 0..players.min(SLOTS) {
            let seat = seat_of(k);
            let cards = self.cards(seat);
            out.set_bits(u64::from(cards.bits()), CARDS + k * Card::COUNT);
            // `Game::max_dice`: the hand and one die per add-a-die card owned.
            let hand = self.hand(seat);
            let adders = (cards.bits() & ADD_DIE).count_ones() as u8;
            counts[k] = f32::from(self.charlatans(seat));
            counts[HAND - CHARLATANS + k] = f32::from(hand);
            counts[MAX_DICE - CHARLATANS + k] = f32::from(hand + adders);
        }
        out.set_values(CHARLATANS, counts);
        for (at, holder) in [(KING, self.king()), (QUEEN, self.queen())] {
            if let Some(seat) = holder {
                out.set(at + slot(seat));
            }
        }
        // The best and final results are one run of values, each a count and its face's
        // one-hot.
        let mut results = [0.0f32; OBSERVATION_LEN - BEST];
        let mut put = |at: usize, value: Option<Value>| {
            if let Some(v) = value {
                results[at] = f32::from(v.count);
                results[at + v.face.value() as usize] = 1.0;
            }
        };
        put(0, self.best());
        for k in 0..players.min(SLOTS) {
            put(FINAL_RESULTS - BEST + k * 7, self.final_result(seat_of(k)));
        }
        out.set_values(BEST, results);
    }
}
