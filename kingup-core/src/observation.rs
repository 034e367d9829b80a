//! The observation tensor: a fixed-length `f32` encoding of a [`PlayerView`].

use core::ops::Range;

use kingup_table::Fields;

use crate::{Character, Deck, Floor, Game, PlayerView, Seat, SeatSet, Vote};

/// The fields of the observation, in order, with their lengths.
///
/// Seats are **relative to the viewer**: slot `k` is the seat `k` places to the viewer's
/// left (slot 0 is the viewer), padded to 6 slots; slots past the player count stay 0.
/// Every value is 0 or 1 except `totals`. See `docs/observation.md` for each field.
pub const OBSERVATION_FIELDS: [(&str, usize); 17] = [
    ("players", 4),                             // one-hot: 3, 4, 5, 6 players
    ("rounds", 2),                              // one-hot: 1-round game, 3-round game
    ("round", 3),                               // one-hot: round index
    ("phase", 6), // one-hot: setup, placement, climb, vote, score, game over
    ("castle", Character::COUNT * 9), // per character: floor 0..6 one-hot, eliminated, outside
    ("objective", Character::COUNT), // the viewer's objective characters
    ("no_cards", Seat::MAX * 5), // per slot: No cards left one-hot 0..4
    ("vote", 2),  // the viewer's committed vote: Yes, No
    ("to_act", Seat::MAX), // per slot: may act now
    ("voted", Seat::MAX), // per slot: committed a vote in this election
    ("crown", Seat::MAX), // per slot: holds the crown
    ("first_player", Seat::MAX), // per slot: first player of the round
    ("movers", Character::COUNT * Seat::MAX), // per character, per slot: moved it this round
    ("no_votes", Character::COUNT * Seat::MAX), // per character, per slot: voted it down
    ("seen_cards", Deck::MAX), // per card id: revealed in a scored round, or own
    ("dealt", Seat::MAX), // per slot: dealt an objective this round
    ("totals", Seat::MAX), // per slot: total points / 100
];

/// Length of the observation tensor.
pub const OBSERVATION_LEN: usize = kingup_table::observation_len(&OBSERVATION_FIELDS);

/// The index range of the observation field called `name`, if there is one.
///
/// ```
/// use kingup_core::{observation_field, OBSERVATION_LEN};
///
/// assert_eq!(observation_field("players"), Some(0..4));
/// assert_eq!(observation_field("totals").unwrap().end, OBSERVATION_LEN);
/// assert_eq!(observation_field("secrets"), None);
/// ```
pub fn observation_field(name: &str) -> Option<Range<usize>> {
    kingup_table::observation_field(&OBSERVATION_FIELDS, name)
}

impl PlayerView {
    /// Writes the observation into `out` (every element is written). Allocation-free.
    ///
    /// Never panics; for a hand-built view that [`PlayerView::check`] rejects, the
    /// encoding is unspecified.
    ///
    /// ```
    /// use kingup_core::{Config, Game, Seat, OBSERVATION_LEN};
    ///
    /// let game = Game::new(Config::new(3))?;
    /// let mut obs = [0.0f32; OBSERVATION_LEN];
    /// game.player_view(Seat::new(0).unwrap()).encode(&mut obs);
    /// assert_eq!(obs[..4], [1.0, 0.0, 0.0, 0.0]); // three players
    /// # Ok::<(), kingup_core::ConfigError>(())
    /// ```
    pub fn encode(&self, out: &mut [f32; OBSERVATION_LEN]) {
        // Written for speed (it is most of a vectorised env's step): seat sets are
        // rotated to the viewer's slots as bit masks, sets are walked by their set bits,
        // and the castle by floor. `tests::reference_encode` is the plain version.
        out.fill(0.0);
        let view = &self.public;
        let players = view.players().clamp(3, Seat::MAX);
        let viewer = self.seat.index() % players;
        let full = (1u32 << players) - 1;
        // Seat `s` goes to slot `(s - viewer) mod players`: the set's bits rotated right.
        let slots = |seats: SeatSet| {
            let bits = u32::from(seats.bits()) & full;
            ((bits >> viewer) | (bits << (players - viewer))) & full
        };
        let mut f = Fields::new(out, &OBSERVATION_FIELDS);

        f.next()[players - 3] = 1.0;
        f.next()[usize::from(view.config.rounds == 3)] = 1.0;
        f.next()[usize::from(view.round).min(2)] = 1.0;
        f.next()[view.phase.index()] = 1.0;
        let castle = f.next();
        for floor in Floor::ALL {
            set_bits(
                castle,
                u32::from(view.castle.on(floor).bits()),
                9,
                floor.index(),
            );
        }
        let eliminated = view.castle.eliminated();
        set_bits(castle, u32::from(eliminated.bits()), 9, Floor::COUNT);
        set_bits(
            castle,
            u32::from(view.castle.outside().bits()),
            9,
            Floor::COUNT + 1,
        );
        let objective = f.next();
        if let Some(o) = self.objective() {
            set_bits(objective, u32::from(o.characters().bits()), 1, 0);
        }
        let no_cards = f.next();
        for s in Seat::all(players) {
            let slot = (s.index() + players - viewer) % players;
            no_cards[slot * 5 + usize::from(view.no_cards(s).min(4))] = 1.0;
        }
        let vote = f.next();
        if let Some(v) = self.vote {
            vote[usize::from(v == Vote::No)] = 1.0;
        }
        let acting: SeatSet = match view.actor {
            crate::Actor::Seat(seat) => SeatSet::single(seat),
            crate::Actor::Voters(seats) => seats,
            crate::Actor::Chance | crate::Actor::Nobody => SeatSet::EMPTY,
        };
        set_bits(f.next(), slots(acting), 1, 0);
        set_bits(f.next(), slots(view.voted), 1, 0);
        let one = |s: Option<Seat>| s.map_or(SeatSet::EMPTY, SeatSet::single);
        set_bits(f.next(), slots(one(view.crown)), 1, 0);
        set_bits(f.next(), slots(one(view.first_player)), 1, 0);
        for table in [&view.movers, &view.no_votes] {
            let field = f.next();
            for (c, seats) in table.iter().enumerate() {
                set_bits(field, slots(*seats), 1, c * Seat::MAX);
            }
        }
        set_bits(f.next(), self.seen_cards(), 1, 0);
        set_bits(f.next(), slots(view.dealt), 1, 0);
        let totals = f.next();
        for (s, t) in Seat::all(players).zip(view.totals()) {
            totals[(s.index() + players - viewer) % players] = f32::from(t) / 100.0;
        }
    }
}

/// Sets `field[offset + i * stride]` to 1 for each bit `i` of `bits` (out of range: none).
#[inline]
fn set_bits(field: &mut [f32], mut bits: u32, stride: usize, offset: usize) {
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        if let Some(x) = field.get_mut(offset + i * stride) {
            *x = 1.0;
        }
        bits &= bits - 1;
    }
}

impl Game {
    /// Writes `seat`'s observation into `out`: the encoding of
    /// [`Game::player_view`]. Allocation-free.
    pub fn observation(&self, seat: Seat, out: &mut [f32; OBSERVATION_LEN]) {
        self.player_view(seat).encode(out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set_seats(field: &mut [f32], seats: SeatSet, slot: impl Fn(Seat) -> usize) {
        for seat in seats.iter() {
            field[slot(seat)] = 1.0;
        }
    }

    /// The plain encoding, written field by field as `docs/observation.md` describes it.
    fn reference_encode(v: &PlayerView, out: &mut [f32; OBSERVATION_LEN]) {
        out.fill(0.0);
        let view = &v.public;
        let players = view.players().clamp(3, Seat::MAX);
        let viewer = v.seat.index() % players;
        let slot = |s: Seat| (s.index() + players - viewer) % players;
        let one = |s: Option<Seat>| s.map_or(SeatSet::EMPTY, SeatSet::single);
        let mut f = Fields::new(out, &OBSERVATION_FIELDS);

        f.next()[players - 3] = 1.0;
        f.next()[usize::from(view.config.rounds == 3)] = 1.0;
        f.next()[usize::from(view.round).min(2)] = 1.0;
        f.next()[view.phase.index()] = 1.0;
        let castle = f.next();
        for c in Character::ALL {
            let at = match view.castle.position(c) {
                crate::Position::Floor(floor) => floor.index(),
                crate::Position::Eliminated => Floor::COUNT,
                crate::Position::Outside => Floor::COUNT + 1,
            };
            castle[c.index() * 9 + at] = 1.0;
        }
        let objective = f.next();
        for c in v.objective().map(|o| o.characters()).unwrap_or_default() {
            objective[c.index()] = 1.0;
        }
        let no_cards = f.next();
        for s in Seat::all(players) {
            no_cards[slot(s) * 5 + usize::from(view.no_cards(s).min(4))] = 1.0;
        }
        let vote = f.next();
        if let Some(v) = v.vote {
            vote[usize::from(v == Vote::No)] = 1.0;
        }
        let acting = SeatSet::first(players);
        let acting: SeatSet = acting.iter().filter(|&s| view.actor.includes(s)).collect();
        set_seats(f.next(), acting, slot);
        set_seats(f.next(), view.voted, slot);
        set_seats(f.next(), one(view.crown), slot);
        set_seats(f.next(), one(view.first_player), slot);
        for table in [&view.movers, &view.no_votes] {
            let field = f.next();
            for (c, seats) in table.iter().enumerate() {
                set_seats(&mut field[c * Seat::MAX..], *seats, slot);
            }
        }
        let seen = f.next();
        let cards = v.seen_cards();
        for (i, x) in seen.iter_mut().enumerate() {
            *x = f32::from(u8::from(cards & 1 << i != 0));
        }
        set_seats(f.next(), view.dealt, slot);
        let totals = f.next();
        for (s, t) in Seat::all(players).zip(view.totals()) {
            totals[slot(s)] = f32::from(t) / 100.0;
        }
    }

    #[test]
    fn the_encoding_is_the_plain_one() {
        use crate::{Config, Generator};
        let (mut fast, mut plain) = ([0.0; OBSERVATION_LEN], [0.0; OBSERVATION_LEN]);
        let mut steps = 0;
        for seed in 0..60u64 {
            let players = 3 + (seed % 4) as u8;
            let mut game = Game::new(Config::new(players)).unwrap();
            let mut rng = Generator::new(seed);
            loop {
                for seat in Seat::all(game.players()) {
                    let view = game.player_view(seat);
                    view.encode(&mut fast);
                    reference_encode(&view, &mut plain);
                    assert_eq!(fast, plain, "seed {seed}, seat {seat}, step {steps}");
                }
                steps += 1;
                game.resolve_chance(&mut rng, &mut ());
                let Some((seat, action)) = game.random_action(&mut rng) else {
                    break;
                };
                game.apply_unchecked(seat, action);
            }
        }
        assert!(steps > 5000);
    }

    #[test]
    fn layout_adds_up() {
        assert_eq!(OBSERVATION_LEN, 401);
        assert_eq!(observation_field("castle"), Some(15..132));
        let mut end = 0;
        for (name, len) in OBSERVATION_FIELDS {
            let range = observation_field(name).unwrap();
            assert_eq!((range.start, range.len()), (end, len), "{name}");
            end = range.end;
        }
    }
}
