//! The observation as flags and values ([`SparseObservation`]): the same floats as
//! [`Game::observation`], in the form a vector of envs writes as changes.

use kingup_table::{Seat, SparseObservation, field_starts};

use crate::observation::OBSERVATION_FIELDS;
use crate::{Card, Config, Dice, Game, Value};

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

/// Six dice counts as floats.
fn dice(out: &mut [f32], dice: Dice) {
    for (x, count) in out.iter_mut().zip(dice.counts()) {
        *x = f32::from(count);
    }
}

/// A result: its count a value at `at` (0 without one), its face a flag after it.
fn value(out: &mut SparseObservation, at: usize, value: Option<Value>) {
    out.value(at, value.map_or(0.0, |v| f32::from(v.count)));
    if let Some(v) = value {
        out.set(at + v.face.value() as usize);
    }
}

impl Game {
    /// Fills `out` (cleared first) with the observation [`Game::observation`] writes, as
    /// flags and values: the round, dice counts, supply, per-seat counts and results'
    /// counts are the values (written at every seat that plays, 0 included), everything
    /// else is flags. Allocation-free.
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
        let seats = || Seat::all(players);
        let config = self.config();

        out.set(PLAYERS + players - 2);
        if config.unlimited_jesters {
            out.set(VARIANTS);
        }
        if config.preroll_abilities {
            out.set(VARIANTS + 1);
        }
        out.set(PHASE + self.phase().index());
        out.set(STAGE + self.stage().index());
        out.value(ROUND, self.round() as f32 / 100.0);
        if !self.is_over() && self.phase() != crate::Phase::Setup {
            out.set(TO_MOVE + slot(self.turn_seat()));
        }
        out.set(START + slot(self.start_player()));
        // Active, aside, picked and unrolled are one run of values.
        let counts = out.values(ACTIVE, UNROLLED + 1 - ACTIVE);
        dice(counts, self.active());
        dice(
            counts.get_mut(ASIDE - ACTIVE..).unwrap_or_default(),
            self.aside(),
        );
        dice(
            counts.get_mut(PICKED - ACTIVE..).unwrap_or_default(),
            self.picked(),
        );
        if let Some(x) = counts.get_mut(UNROLLED - ACTIVE) {
            *x = f32::from(self.dice_in_hand() + self.dice_to_roll());
        }
        if self.set_aside_since_roll() {
            out.set(SET_ASIDE_SINCE_ROLL);
        }
        out.set_bits(u64::from(self.used().bits()), USED);
        match self.selecting() {
            Some(Card::Merchant) => out.set(SELECTING),
            Some(Card::Noblewoman) => out.set(SELECTING + 1),
            Some(Card::Nobleman) => out.set(SELECTING + 2),
            _ => {}
        }
        let supply = out.values(SUPPLY, Card::COUNT);
        for (x, card) in supply.iter_mut().zip(Card::ALL) {
            let left = self.supply(card).unwrap_or(config.players);
            *x = f32::from(left);
        }
        for seat in seats() {
            let bits = u64::from(self.cards(seat).bits());
            out.set_bits(bits, CARDS + slot(seat) * Card::COUNT);
        }
        // Charlatans, hand and max dice are one run of values (0 at the slots past the
        // players).
        let counts = out.values(CHARLATANS, MAX_DICE + SLOTS - CHARLATANS);
        for seat in seats() {
            let at = slot(seat);
            // `Game::max_dice`: the hand and one die per add-a-die card owned.
            let hand = self.hand(seat);
            let adders = (self.cards(seat).bits() & ADD_DIE).count_ones() as u8;
            let each = [
                (CHARLATANS, self.charlatans(seat)),
                (HAND, hand),
                (MAX_DICE, hand + adders),
            ];
            for (field, count) in each {
                if let Some(x) = counts.get_mut(field - CHARLATANS + at) {
                    *x = f32::from(count);
                }
            }
        }
        for (at, holder) in [(KING, self.king()), (QUEEN, self.queen())] {
            if let Some(seat) = holder {
                out.set(at + slot(seat));
            }
        }
        value(out, BEST, self.best());
        for seat in seats() {
            value(out, FINAL_RESULTS + slot(seat) * 7, self.final_result(seat));
        }
    }
}
