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

#[cfg(test)]
mod tests {
    use crate::{Config, FirstPlayer, Game, Generator, OBSERVATION_LEN};
    use kingup_table::{Seat, SparseObservation};

    /// Every seat of every state of many random games, 2 to 5 players and both variants:
    /// the sparse form written whole, and written as changes over the previous state's
    /// observation of another seat (row `r` shows seat `r + step`, so its viewer changes
    /// every step), is the encoder's output byte for byte.
    #[test]
    fn the_sparse_form_is_the_encoding() {
        let bits = |x: &[f32; OBSERVATION_LEN]| x.map(f32::to_bits);
        let (mut whole, mut sparse) = ([0.0f32; OBSERVATION_LEN], [0.0f32; OBSERVATION_LEN]);
        let mut rows = [[f32::NAN; OBSERVATION_LEN]; Seat::MAX];
        let mut before: [SparseObservation; Seat::MAX] =
            core::array::from_fn(|_| SparseObservation::new());
        let mut s = SparseObservation::new();
        let mut steps = 0;
        for seed in 0..120u64 {
            let players = 2 + (seed % 4) as usize;
            let mut config = Config::new(players as u8);
            config.unlimited_jesters = seed % 3 == 0;
            config.preroll_abilities = seed % 5 == 0;
            config.max_rounds = Some(30);
            if seed % 2 == 0 {
                let first = Seat::new((seed / 2) as usize % players).unwrap();
                config.first_player = FirstPlayer::Seat(first);
            }
            let mut game = Game::new(config).unwrap();
            let mut rng = Generator::new(seed);
            let mut first = true;
            loop {
                for r in 0..players {
                    let seat = Seat::new((r + steps) % players).unwrap();
                    game.observation(seat, &mut whole);
                    game.sparse_observation(seat, &mut s);
                    sparse.fill(f32::NAN);
                    s.write(&mut sparse);
                    assert_eq!(bits(&whole), bits(&sparse), "seed {seed}, {seat}");
                    if first {
                        s.write(&mut rows[r]);
                    } else {
                        s.write_changes(before[r].flags(), &mut rows[r]);
                    }
                    let step = steps;
                    assert_eq!(bits(&rows[r]), bits(&whole), "seed {seed}, {seat}, {step}");
                    before[r].clone_from(&s);
                }
                first = false;
                steps += 1;
                game.resolve_chance(&mut rng, &mut ());
                let Some((seat, action)) = game.random_action(&mut rng) else {
                    break;
                };
                game.apply_unchecked(seat, action);
            }
        }
        assert!(steps > 5000, "{steps}");
    }
}
