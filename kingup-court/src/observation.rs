//! The observation tensor: a fixed-length `f32` encoding of a game from one seat's chair.
//!
//! The game has no hidden information, so the observation encodes the whole state; the
//! viewer only decides the order of the seat slots.

use core::ops::Range;

use kingup_table::Fields;

use kingup_table::Seat;

use crate::{Card, Config, Dice, Game, Value};

/// Seat slots: the most players a game has.
const SLOTS: usize = Config::MAX_PLAYERS as usize;

/// The fields of the observation, in order, with their lengths.
///
/// Seats are **relative to the viewer**: slot `k` is the seat `k` places to the viewer's
/// left (slot 0 is the viewer), padded to 5 slots; slots past the player count stay 0.
/// Flags and one-hots are 0 or 1; counts of dice, cards and copies are the plain numbers;
/// `round` is the round index divided by 100. A value is written `(count, face one-hot)`.
/// The table with every field is in `docs/python.md` ("To Court the King", "Observation").
pub const OBSERVATION_FIELDS: [(&str, usize); 23] = [
    ("players", 4),                 // one-hot: 2, 3, 4, 5 players
    ("variants", 2),                // unlimited_jesters, preroll_abilities
    ("phase", 7), // one-hot: setup, pre-roll, rolling, dice, select, buy, game over
    ("stage", 3), // one-hot: normal, King round, final round
    ("round", 1), // round index / 100
    ("to_move", SLOTS), // per slot: its turn (a seat or chance acting for it)
    ("start", SLOTS), // per slot: holds the start-player marker
    ("active", 6), // per face: active dice
    ("aside", 6), // per face: dice set aside this turn
    ("picked", 6), // per face: dice picked for the card selecting
    ("unrolled", 1), // dice not rolled yet: in hand before the first roll, or due in a roll
    ("set_aside_since_roll", 1), // a die set aside since the last roll
    ("used", Card::COUNT), // per card: used this turn
    ("selecting", 3), // one-hot: Merchant, Noblewoman, Nobleman picking
    ("supply", Card::COUNT), // per card: copies in the display (unlimited: the player count)
    ("cards", SLOTS * Card::COUNT), // per slot, per card: owns it
    ("charlatans", SLOTS), // per slot: Charlatans
    ("hand", SLOTS), // per slot: dice at the start of its turn
    ("max_dice", SLOTS), // per slot: the most dice it can have in a turn
    ("king", SLOTS), // per slot: holds the King
    ("queen", SLOTS), // per slot: holds the Queen
    ("best", 7),  // the best result: count, face one-hot
    ("final_results", SLOTS * 7), // per slot: its final-round result: count, face one-hot
];

/// Length of the observation tensor.
pub const OBSERVATION_LEN: usize = kingup_table::observation_len(&OBSERVATION_FIELDS);

/// The index range of the observation field called `name`, if there is one.
///
/// ```
/// use kingup_court::{observation_field, OBSERVATION_LEN};
///
/// assert_eq!(observation_field("players"), Some(0..4));
/// assert_eq!(observation_field("final_results").unwrap().end, OBSERVATION_LEN);
/// assert_eq!(observation_field("secrets"), None);
/// ```
pub fn observation_field(name: &str) -> Option<Range<usize>> {
    kingup_table::observation_field(&OBSERVATION_FIELDS, name)
}

fn dice(field: &mut [f32], dice: Dice) {
    for (x, count) in field.iter_mut().zip(dice.counts()) {
        *x = f32::from(count);
    }
}

fn value(field: &mut [f32], value: Option<Value>) {
    if let Some(v) = value {
        field[0] = f32::from(v.count);
        field[v.face.value() as usize] = 1.0;
    }
}

fn card_set(field: &mut [f32], cards: crate::CardSet) {
    for card in cards.iter() {
        field[card.index()] = 1.0;
    }
}

impl Game {
    /// Writes the observation of the game from `viewer`'s chair into `out` (the layout is
    /// [`OBSERVATION_FIELDS`]). A `viewer` that does not play is treated as seat 0.
    ///
    /// ```
    /// use kingup_court::{Config, Game, OBSERVATION_LEN, observation_field};
    /// use kingup_court::{FirstPlayer, Seat};
    ///
    /// let mut config = Config::new(3);
    /// config.first_player = FirstPlayer::Seat(Seat::new(1).unwrap());
    /// let game = Game::new(config)?;
    /// let mut out = [0.0; OBSERVATION_LEN];
    /// game.observation(Seat::new(1).unwrap(), &mut out);
    /// assert_eq!(out[observation_field("to_move").unwrap()], [1.0, 0.0, 0.0, 0.0, 0.0]);
    /// assert_eq!(out[observation_field("hand").unwrap()], [3.0, 3.0, 3.0, 0.0, 0.0]);
    /// # Ok::<(), kingup_court::ConfigError>(())
    /// ```
    pub fn observation(&self, viewer: Seat, out: &mut [f32; OBSERVATION_LEN]) {
        out.fill(0.0);
        let players = self.players();
        let viewer = if viewer.index() < players {
            viewer.index()
        } else {
            0
        };
        let slot = |s: Seat| (s.index() + players - viewer) % players;
        let seats = || Seat::all(players);
        let turn_seat = (!self.is_over()).then_some(self.turn_seat());
        let mut f = Fields::new(out, &OBSERVATION_FIELDS);

        f.next()[players - 2] = 1.0;
        let variants = f.next();
        variants[0] = f32::from(u8::from(self.config().unlimited_jesters));
        variants[1] = f32::from(u8::from(self.config().preroll_abilities));
        f.next()[self.phase().index()] = 1.0;
        f.next()[self.stage().index()] = 1.0;
        f.next()[0] = self.round() as f32 / 100.0;
        if let Some(seat) = turn_seat.filter(|_| self.phase() != crate::Phase::Setup) {
            f.next()[slot(seat)] = 1.0;
        } else {
            f.next();
        }
        f.next()[slot(self.start_player())] = 1.0;
        dice(f.next(), self.active());
        dice(f.next(), self.aside());
        dice(f.next(), self.picked());
        f.next()[0] = f32::from(self.dice_in_hand() + self.dice_to_roll());
        f.next()[0] = f32::from(u8::from(self.set_aside_since_roll()));
        card_set(f.next(), self.used());
        let selecting = f.next();
        match self.selecting() {
            Some(Card::Merchant) => selecting[0] = 1.0,
            Some(Card::Noblewoman) => selecting[1] = 1.0,
            Some(Card::Nobleman) => selecting[2] = 1.0,
            _ => {}
        }
        let supply = f.next();
        for card in Card::ALL {
            let left = self.supply(card).unwrap_or(self.config().players);
            supply[card.index()] = f32::from(left);
        }
        let cards = f.next();
        for seat in seats() {
            card_set(&mut cards[slot(seat) * Card::COUNT..], self.cards(seat));
        }
        let per_seat: [fn(&Game, Seat) -> u8; 3] = [Game::charlatans, Game::hand, Game::max_dice];
        for count in per_seat {
            let field = f.next();
            for seat in seats() {
                field[slot(seat)] = f32::from(count(self, seat));
            }
        }
        for holder in [self.king(), self.queen()] {
            let field = f.next();
            if let Some(seat) = holder {
                field[slot(seat)] = 1.0;
            }
        }
        value(f.next(), self.best());
        let results = f.next();
        for seat in seats() {
            value(&mut results[slot(seat) * 7..], self.final_result(seat));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_adds_up() {
        assert_eq!(OBSERVATION_LEN, 257);
        assert_eq!(observation_field("cards"), Some(90..190));
    }
}
