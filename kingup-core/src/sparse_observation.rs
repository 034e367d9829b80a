//! The observation as flags and values ([`SparseObservation`]): the same floats as
//! [`PlayerView::encode`], in the form a vector of envs writes as changes.

use kingup_table::{SparseObservation, field_starts};

use crate::observation::OBSERVATION_FIELDS;
use crate::{Character, Deck, Floor, Game, PlayerView, Seat, SeatSet, Vote};

/// Where each field of [`OBSERVATION_FIELDS`] starts.
const AT: [usize; 17] = field_starts(&OBSERVATION_FIELDS);
const PLAYERS: usize = AT[0];
const ROUNDS: usize = AT[1];
const ROUND: usize = AT[2];
const PHASE: usize = AT[3];
const CASTLE: usize = AT[4];
const OBJECTIVE: usize = AT[5];
const NO_CARDS: usize = AT[6];
const VOTE: usize = AT[7];
const TO_ACT: usize = AT[8];
const VOTED: usize = AT[9];
const CROWN: usize = AT[10];
const FIRST_PLAYER: usize = AT[11];
const MOVERS: usize = AT[12];
const NO_VOTES: usize = AT[13];
const SEEN_CARDS: usize = AT[14];
const DEALT: usize = AT[15];
const TOTALS: usize = AT[16];

/// Bit `c` of a 7-bit index moved to bit `9c`: seven characters' bits spread to their
/// 9-float castle slots.
const STRIDE_9: [u64; 128] = {
    let mut table = [0; 128];
    let mut b = 0;
    while b < 128 {
        let mut c = 0;
        while c < 7 {
            table[b] |= ((b as u64 >> c) & 1) << (9 * c);
            c += 1;
        }
        b += 1;
    }
    table
};

/// The castle field's flags: character `c` on floor `f` (or eliminated: 7, outside: 8)
/// is bit `9c + f`. Each set of characters is spread to stride 9 by two table look-ups,
/// with no branch on where the characters stand.
fn castle_flags(castle: &crate::Castle) -> u128 {
    let spread = |set: crate::CharacterSet| {
        let bits = usize::from(set.bits());
        u128::from(STRIDE_9[bits & 127]) | u128::from(STRIDE_9[(bits >> 7) & 127]) << 63
    };
    let mut flags = 0;
    for floor in Floor::ALL {
        flags |= spread(castle.on(floor)) << floor.index();
    }
    flags |= spread(castle.eliminated()) << Floor::COUNT;
    flags | spread(castle.outside()) << (Floor::COUNT + 1)
}

/// A 1 in the lowest bit of each character's 6-bit lane.
const LANES: u128 = {
    let mut lanes = 0;
    let mut c = 0;
    while c < Character::COUNT {
        lanes |= 1 << (c * Seat::MAX);
        c += 1;
    }
    lanes
};

/// A table by character of seat sets (movers, No votes) as its field's flags: character
/// `c`'s seats rotated to the viewer's slots in bits `6c..6c + 6`. All lanes are rotated
/// at once, with the lanes' spill-over masked off.
fn table_slots(table: &[SeatSet; Character::COUNT], viewer: usize, players: usize) -> u128 {
    let mut packed = 0u128;
    for (c, seats) in table.iter().enumerate() {
        packed |= u128::from(seats.bits()) << (c * Seat::MAX);
    }
    let full = (1u128 << players) - 1;
    packed &= LANES * full;
    // Bits `viewer..players` of a lane move to `0..players - viewer`, bits `0..viewer`
    // to `players - viewer..players`.
    let low = LANES * (full >> viewer);
    let high = LANES * (full ^ (full >> viewer));
    ((packed >> viewer) & low) | ((packed << (players - viewer)) & high)
}

impl PlayerView {
    /// Fills `out` (cleared first) with the observation [`PlayerView::encode`] writes, as
    /// flags and values: the totals are the values, everything else is flags.
    /// Allocation-free.
    ///
    /// ```
    /// use kingup_core::{Config, Game, Seat, OBSERVATION_LEN};
    /// use kingup_core::kingup_table::SparseObservation;
    ///
    /// let view = Game::new(Config::new(3))?.player_view(Seat::new(1).unwrap());
    /// let (mut whole, mut sparse) = ([0.0f32; OBSERVATION_LEN], [0.0f32; OBSERVATION_LEN]);
    /// view.encode(&mut whole);
    /// let mut s = SparseObservation::new();
    /// view.encode_sparse(&mut s);
    /// s.write(&mut sparse);
    /// assert_eq!(whole, sparse);
    /// # Ok::<(), kingup_core::ConfigError>(())
    /// ```
    pub fn encode_sparse(&self, out: &mut SparseObservation) {
        out.clear();
        let view = &self.public;
        let players = view.players().clamp(3, Seat::MAX);
        let viewer = self.seat.index();
        let viewer = if viewer < players {
            viewer
        } else {
            viewer % players
        };
        let full = (1u32 << players) - 1;
        // Seat `s` goes to slot `(s - viewer) mod players`: the set's bits rotated right.
        let slots = |seats: SeatSet| {
            let bits = u32::from(seats.bits()) & full;
            u64::from(((bits >> viewer) | (bits << (players - viewer))) & full)
        };
        out.set(PLAYERS + players - 3);
        out.set(ROUNDS + usize::from(view.config.rounds == 3));
        out.set(ROUND + usize::from(view.round).min(2));
        out.set(PHASE + view.phase.index());
        let castle = castle_flags(&view.castle);
        out.set_bits(castle as u64, CASTLE);
        out.set_bits((castle >> 64) as u64, CASTLE + 64);
        let characters = (1u64 << Character::COUNT) - 1;
        if let Some(o) = self.objective() {
            out.set_bits(u64::from(o.characters().bits()) & characters, OBJECTIVE);
        }
        // (s - viewer) mod players, without a division.
        let slot = |s: Seat| {
            let k = s.index() + players - viewer;
            if k >= players { k - players } else { k }
        };
        for s in Seat::all(players) {
            out.set(NO_CARDS + slot(s) * 5 + usize::from(view.no_cards(s).min(4)));
        }
        if let Some(v) = self.vote {
            out.set(VOTE + usize::from(v == Vote::No));
        }
        let acting: SeatSet = match view.actor {
            crate::Actor::Seat(seat) => SeatSet::single(seat),
            crate::Actor::Voters(seats) => seats,
            crate::Actor::Chance | crate::Actor::Nobody => SeatSet::EMPTY,
        };
        out.set_bits(slots(acting), TO_ACT);
        out.set_bits(slots(view.voted), VOTED);
        let one = |s: Option<Seat>| s.map_or(SeatSet::EMPTY, SeatSet::single);
        out.set_bits(slots(one(view.crown)), CROWN);
        out.set_bits(slots(one(view.first_player)), FIRST_PLAYER);
        for (start, table) in [(MOVERS, &view.movers), (NO_VOTES, &view.no_votes)] {
            let bits = table_slots(table, viewer, players);
            out.set_bits(bits as u64, start);
            out.set_bits((bits >> 64) as u64, start + 64);
        }
        let cards = (1u64 << Deck::MAX) - 1;
        out.set_bits(u64::from(self.seen_cards()) & cards, SEEN_CARDS);
        out.set_bits(slots(view.dealt), DEALT);
        let totals = out.values(TOTALS, Seat::MAX);
        for (s, t) in Seat::all(players).zip(view.totals()) {
            if let Some(x) = totals.get_mut(slot(s)) {
                *x = f32::from(t) / 100.0;
            }
        }
    }
}

impl Game {
    /// Fills `out` with `seat`'s observation as flags and values: the encoding of
    /// [`Game::player_view`] by [`PlayerView::encode_sparse`]. Allocation-free.
    pub fn sparse_observation(&self, seat: Seat, out: &mut SparseObservation) {
        self.player_view(seat).encode_sparse(out);
    }
}
