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

/// One in each byte of a word.
const BYTE_ONES: u64 = u64::from_le_bytes([1; 8]);

/// A table by character of seat sets (movers, No votes), one byte a character: characters
/// 0-7 in the first word, 8-12 in the second, read straight from the array.
fn table_bytes(table: &[SeatSet; Character::COUNT]) -> [u64; 2] {
    let byte = |i: usize| table.get(i).map_or(0, |set| set.bits());
    [
        u64::from_le_bytes(core::array::from_fn(byte)),
        u64::from_le_bytes(core::array::from_fn(|i| byte(8 + i))),
    ]
}

/// The seat bits of each byte of `word` rotated to the viewer's slots (seat `s` to slot
/// `(s - viewer) mod players`), all bytes at once; seats past the players dropped. A
/// byte's bits shifted out land outside the masks of its neighbours (`players <= 6`).
fn rotate_bytes(word: u64, viewer: usize, players: usize) -> u64 {
    let full = (1u64 << players) - 1;
    let low = BYTE_ONES * (full >> viewer);
    let high = BYTE_ONES * (full ^ (full >> viewer));
    ((word >> viewer) & low) | ((word << (players - viewer)) & high)
}

/// Eight 6-bit values in the low bits of a word's bytes, packed into its low 48 bits.
fn bytes_to_sixes(x: u64) -> u64 {
    let x = (x & 0x00ff_00ff_00ff_00ff) | ((x & 0xff00_ff00_ff00_ff00) >> 2);
    let x = (x & 0x0000_ffff_0000_ffff) | ((x & 0xffff_0000_ffff_0000) >> 4);
    (x & 0xffff_ffff) | ((x >> 32) << 24)
}

/// A rotated table's flags at `start`: character `c`'s slots in bits `6c..6c + 6`.
fn set_table(out: &mut SparseObservation, [low, high]: [u64; 2], start: usize) {
    out.set_bits(bytes_to_sixes(low), start);
    out.set_bits(bytes_to_sixes(high), start + 8 * Seat::MAX);
}

/// What the sparse encoder reads: the parts of a [`PlayerView`] it needs, gathered from
/// the view or straight from the game (building the whole view, its revealed cards and
/// totals, cost a third of the encoding).
pub(crate) struct Seen<'a> {
    /// The viewer, as given.
    pub(crate) seat: Seat,
    pub(crate) config: &'a crate::Config,
    pub(crate) round: u8,
    pub(crate) phase: crate::Phase,
    /// The seats that may act now.
    pub(crate) acting: SeatSet,
    pub(crate) castle: &'a crate::Castle,
    /// The viewer's objective's characters (none without one).
    pub(crate) objective: crate::CharacterSet,
    pub(crate) vote: Option<Vote>,
    pub(crate) voted: SeatSet,
    pub(crate) crown: Option<Seat>,
    pub(crate) first_player: Option<Seat>,
    pub(crate) movers: &'a [SeatSet; Character::COUNT],
    pub(crate) no_votes: &'a [SeatSet; Character::COUNT],
    /// The cards the viewer has seen ([`PlayerView::seen_cards`]).
    pub(crate) seen_cards: u32,
    pub(crate) dealt: SeatSet,
    /// Total points by seat (0 past the players).
    pub(crate) totals: [u16; Seat::MAX],
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
        let view = &self.public;
        let acting: SeatSet = match view.actor {
            crate::Actor::Seat(seat) => SeatSet::single(seat),
            crate::Actor::Voters(seats) => seats,
            crate::Actor::Chance | crate::Actor::Nobody => SeatSet::EMPTY,
        };
        let mut totals = [0; Seat::MAX];
        for (t, total) in totals.iter_mut().zip(view.totals()) {
            *t = total;
        }
        let seen = Seen {
            seat: self.seat,
            config: &view.config,
            round: view.round,
            phase: view.phase,
            acting,
            castle: &view.castle,
            objective: self.objective().map(|o| o.characters()).unwrap_or_default(),
            vote: self.vote,
            voted: view.voted,
            crown: view.crown,
            first_player: view.first_player,
            movers: &view.movers,
            no_votes: &view.no_votes,
            seen_cards: self.seen_cards(),
            dealt: view.dealt,
            totals,
        };
        seen.encode(out);
    }
}

impl Seen<'_> {
    /// Fills `out` (cleared first) with the flags and values of this observation.
    fn encode(&self, out: &mut SparseObservation) {
        out.clear();
        let players = self.config.player_count().clamp(3, Seat::MAX);
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
        out.set(ROUNDS + usize::from(self.config.rounds == 3));
        out.set(ROUND + usize::from(self.round).min(2));
        out.set(PHASE + self.phase.index());
        let castle = castle_flags(self.castle);
        out.set_bits(castle as u64, CASTLE);
        out.set_bits((castle >> 64) as u64, CASTLE + 64);
        let characters = (1u64 << Character::COUNT) - 1;
        out.set_bits(u64::from(self.objective.bits()) & characters, OBJECTIVE);
        let no_votes = self.no_votes_by_slot(viewer, players);
        let allowance = self.config.no_cards();
        for (slot, played) in no_votes.iter().enumerate().take(players) {
            let left = allowance.saturating_sub(*played).min(4);
            out.set(NO_CARDS + slot * 5 + usize::from(left));
        }
        if let Some(v) = self.vote {
            out.set(VOTE + usize::from(v == Vote::No));
        }
        out.set_bits(slots(self.acting), TO_ACT);
        out.set_bits(slots(self.voted), VOTED);
        let one = |s: Option<Seat>| s.map_or(SeatSet::EMPTY, SeatSet::single);
        out.set_bits(slots(one(self.crown)), CROWN);
        out.set_bits(slots(one(self.first_player)), FIRST_PLAYER);
        let rotate = |[low, high]: [u64; 2]| {
            [
                rotate_bytes(low, viewer, players),
                rotate_bytes(high, viewer, players),
            ]
        };
        set_table(out, rotate(table_bytes(self.movers)), MOVERS);
        set_table(out, rotate(table_bytes(self.no_votes)), NO_VOTES);
        let cards = (1u64 << Deck::MAX) - 1;
        out.set_bits(u64::from(self.seen_cards) & cards, SEEN_CARDS);
        out.set_bits(slots(self.dealt), DEALT);
        // Slot `k` shows seat `(k + viewer) mod players`; the slots past them stay 0.
        let totals = core::array::from_fn::<f32, { Seat::MAX }, _>(|k| {
            let s = k + viewer;
            let s = if s >= players { s - players } else { s };
            let total = self.totals.get(s).map_or(0.0, |&t| f32::from(t) / 100.0);
            if k < players { total } else { 0.0 }
        });
        out.set_values(TOTALS, totals);
    }

    /// No votes played by the seat of each slot this round: the rotated table's bit `k`
    /// counted over its bytes (a multiply adds a word's bytes).
    fn no_votes_by_slot(&self, viewer: usize, players: usize) -> [u8; Seat::MAX] {
        let [low, high] = table_bytes(self.no_votes);
        let (low, high) = (
            rotate_bytes(low, viewer, players),
            rotate_bytes(high, viewer, players),
        );
        core::array::from_fn(|k| {
            let per_byte = (low >> k & BYTE_ONES) + (high >> k & BYTE_ONES);
            (per_byte.wrapping_mul(BYTE_ONES) >> 56) as u8
        })
    }
}

impl Game {
    /// Fills `out` with `seat`'s observation as flags and values: the encoding of
    /// [`Game::player_view`] by [`PlayerView::encode_sparse`], read from the game
    /// without building the view. Allocation-free.
    pub fn sparse_observation(&self, seat: Seat, out: &mut SparseObservation) {
        self.seen_by(seat).encode(out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Config;
    use kingup_table::Generator;

    /// The game's own reading and the view's agree, flag for flag and value for value,
    /// for every seat (and a seat past the players) of every state of random games.
    #[test]
    fn the_game_and_its_views_encode_alike() {
        let (mut from_game, mut from_view) = (SparseObservation::new(), SparseObservation::new());
        let mut states = 0;
        for seed in 0..60u64 {
            let players = 3 + (seed % 4) as u8;
            let mut config = Config::new(players);
            config.rounds = if seed % 5 == 0 { 1 } else { 3 };
            let mut game = Game::new(config).unwrap();
            let mut rng = Generator::new(seed);
            loop {
                game.resolve_chance(&mut rng, &mut ());
                for seat in Seat::all(Seat::MAX) {
                    game.sparse_observation(seat, &mut from_game);
                    game.player_view(seat).encode_sparse(&mut from_view);
                    let mut a = [0.0f32; crate::OBSERVATION_LEN];
                    let mut b = [0.0f32; crate::OBSERVATION_LEN];
                    from_game.write(&mut a);
                    from_view.write(&mut b);
                    assert_eq!(from_game.flags(), from_view.flags(), "seed {seed}, {seat}");
                    assert_eq!(a.map(f32::to_bits), b.map(f32::to_bits), "seed {seed}");
                }
                states += 1;
                let Some((seat, action)) = game.random_action(&mut rng) else {
                    break;
                };
                game.apply_unchecked(seat, action);
            }
        }
        assert!(states > 3000, "{states}");
    }
}
