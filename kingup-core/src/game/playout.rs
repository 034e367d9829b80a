//! The fast random playout: [`Game::play_random`], phase by phase.

use rand_core::Rng;

use super::Game;
use super::moves::{NTH_ROOM, placement_room};
use crate::below;
use crate::{Action, Character, Floor, Phase, Seat, SeatSet, Vote};

/// By number of placement floors with room (1 to 4): `2^16 / floors`, rounded up, so that
/// `n * RECIPROCAL[floors] >> 16` is `n / floors` for every `n` below 52 (a multiply where
/// a division costs tens of cycles).
const RECIPROCAL: [u32; 5] = [0, 1 << 16, 1 << 15, (1 << 16) / 3 + 1, 1 << 14];

/// By set of seats (6 bits): a word with byte `s` set to 1 for each seat `s` in it, so that
/// the No votes of a round are counted per seat by adding words.
const SPREAD: [u64; 64] = {
    let mut words = [0; 64];
    let mut set = 0;
    while set < 64 {
        let mut s = 0;
        while s < 6 {
            if set & 1 << s != 0 {
                words[set] |= 1 << (8 * s);
            }
            s += 1;
        }
        set += 1;
    }
    words
};

/// `n / floors` and `n % floors` for `n` below 52 and `floors` 1 to 4 (the placements'
/// index), by [`RECIPROCAL`].
#[inline]
pub(super) fn divide(n: u32, floors: u32) -> (u32, u32) {
    let quotient = (n * RECIPROCAL[floors as usize % 5]) >> 16;
    (quotient, n - quotient * floors)
}

/// A value below `n` (1 or more) from 32 random bits, by Lemire's multiply: exact, as
/// [`below`] is, since the rare `bits` it must reject (under `n` in `2^32`) are replaced by
/// a fresh draw from `rng`.
#[inline(always)]
fn pick<R: Rng + ?Sized>(rng: &mut R, bits: u32, n: u32) -> u32 {
    let product = u64::from(bits) * u64::from(n);
    if (product as u32) < n && (product as u32) < n.wrapping_neg() % n {
        return below(rng, n);
    }
    (product >> 32) as u32
}

/// What a random playout tells about its steps as it plays them: nothing for
/// [`Game::play_random`], each step for [`Rules::play_random_steps`] (a session's).
///
/// [`Rules::play_random_steps`]: kingup_table::Rules::play_random_steps
pub(super) trait Record {
    /// Whether the steps are wanted at all (the votes are only listed when they are).
    const STEPS: bool;
    /// Resolves the pending chance steps.
    fn resolve_chance<R: Rng + ?Sized>(&mut self, game: &mut Game, rng: &mut R);
    /// `seat` is about to play `action`.
    fn action(&mut self, seat: Seat, action: Action);
}

impl Record for () {
    const STEPS: bool = false;

    #[inline(always)]
    fn resolve_chance<R: Rng + ?Sized>(&mut self, game: &mut Game, rng: &mut R) {
        game.resolve_chance(rng, &mut ());
    }

    #[inline(always)]
    fn action(&mut self, _: Seat, _: Action) {}
}

/// Hands each step to a callback.
pub(super) struct Steps<'a>(pub(super) &'a mut dyn FnMut(kingup_table::Step<Game>));

impl Record for Steps<'_> {
    const STEPS: bool = true;

    fn resolve_chance<R: Rng + ?Sized>(&mut self, game: &mut Game, rng: &mut R) {
        // One step at a time (the same draws as `resolve_chance`'s deal of a round).
        while let Some(outcome) = game.sample_chance(rng) {
            (self.0)(kingup_table::Step::Chance(outcome));
            if game.apply_chance_with(outcome, &mut ()).is_err() {
                return;
            }
        }
    }

    fn action(&mut self, seat: Seat, action: Action) {
        (self.0)(kingup_table::Step::Action { seat, action });
    }
}

impl Game {
    /// Plays to the end, chance and the players' actions alike drawn from `rng`, without
    /// events or checks (the actions are legal by construction): the fast random playout.
    /// Returns the number of actions played.
    ///
    /// Every legal action is equally likely at every decision, as with
    /// [`Game::random_action`], but the randomness is drawn in bulk, so a seed does not give
    /// the game that repeated `random_action` calls give: a placement takes its character
    /// and its floor from the two halves of one random word; a climb's `k`-th climbable
    /// character is counted floor by floor; all the votes of an election come from the bits
    /// of one random word (a seat with a No card left votes No on a set bit); and nothing is
    /// drawn where only one action is legal. Chance is drawn as [`Game::resolve_chance`]
    /// draws it. A [`Session`](crate::Session)'s `play_random` plays the same game for the
    /// same generator (it records the steps of this playout).
    ///
    /// ```
    /// use kingup_core::{Config, Game, Generator};
    ///
    /// let mut game = Game::new(Config::new(4))?;
    /// let actions = game.play_random(&mut Generator::new(1));
    /// assert!(game.is_over() && actions > 100);
    /// # Ok::<(), kingup_core::ConfigError>(())
    /// ```
    pub fn play_random<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u32 {
        self.play_random_recorded(rng, &mut ())
    }

    /// [`Game::play_random`], handing each step (chance outcome or action, in the order
    /// played) to `record` before it is played: [`Rules::play_random_steps`], which a
    /// session records.
    ///
    /// [`Rules::play_random_steps`]: kingup_table::Rules::play_random_steps
    pub(super) fn play_random_recorded<R: Rng + ?Sized, P: Record>(
        &mut self,
        rng: &mut R,
        record: &mut P,
    ) -> u32 {
        let mut actions = 0;
        loop {
            match self.phase {
                Phase::Setup | Phase::Score => record.resolve_chance(self, rng),
                Phase::Placement => actions += self.place_randomly(rng, record),
                Phase::Climb | Phase::Vote => actions += self.climb_randomly(rng, record),
                Phase::GameOver => return actions,
            }
        }
    }

    /// Plays the current round out at random, without events or checks, and stops once
    /// it is scored (the phase is then [`Phase::Score`] or [`Phase::GameOver`]); returns
    /// the number of actions played. Nothing happens when chance is to move or the game
    /// is over. It draws as [`Game::play_random`] does over the same round (playing the
    /// round out and then the rest with `play_random` is `play_random`, draw for draw), so
    /// a search that plays its rounds out at random can take this loop.
    ///
    /// ```
    /// use kingup_core::{Config, Game, Generator, Phase};
    ///
    /// let mut rng = Generator::new(3);
    /// let mut game = Game::new(Config::new(4))?;
    /// game.resolve_chance(&mut rng, &mut ());
    /// let actions = game.play_random_round(&mut rng);
    /// assert!(actions > 12);
    /// assert_eq!((game.round(), game.phase()), (0, Phase::Score));
    /// assert_eq!(game.play_random_round(&mut rng), 0); // chance is to move
    /// # Ok::<(), kingup_core::ConfigError>(())
    /// ```
    pub fn play_random_round<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u32 {
        let mut actions = 0;
        if self.phase == Phase::Placement {
            actions += self.place_randomly(rng, &mut ());
        }
        if matches!(self.phase, Phase::Climb | Phase::Vote) {
            actions += self.climb_randomly(rng, &mut ());
        }
        actions
    }

    /// Random placements until the climb starts; returns how many.
    ///
    /// This and the two phase loops below are kept out of line: each then gets the
    /// registers to itself (inlined together into `play_random` they measured slower).
    #[inline(never)]
    fn place_randomly<R: Rng + ?Sized, P: Record>(&mut self, rng: &mut R, record: &mut P) -> u32 {
        // The characters still outside, in a list that loses each one placed (its last
        // entry moved into the gap): the `k`-th is one load.
        // Sixteen entries, so that an index masked to four bits is always in range.
        let mut outside = [Character::Alighiero; 16];
        let mut left = 0;
        for character in self.castle.outside().iter() {
            outside[left & 15] = character;
            left += 1;
        }
        let mut actions = 0;
        while self.phase == Phase::Placement && left > 0 {
            // Placement floors always have room (16 places, at most 12 placed), so
            // `floors` is 1 to 4.
            let (room, floors) = placement_room(&self.castle);
            // The character from the high half of one word, the floor from the low half.
            let word = rng.next_u64();
            let k = pick(rng, (word >> 32) as u32, left as u32) as usize & 15;
            let nth_floor = pick(rng, word as u32, floors);
            let character = outside[k];
            left -= 1;
            outside[k] = outside[left & 15];
            let floor = NTH_ROOM[room as usize & 15][nth_floor as usize & 3];
            record.action(self.to_move, Action::Place { character, floor });
            self.place(self.to_move, character, floor, &mut ());
            actions += 1;
        }
        actions
    }

    /// Random climbs and votes until the round's King is crowned; returns how many.
    #[inline(never)]
    fn climb_randomly<R: Rng + ?Sized, P: Record>(&mut self, rng: &mut R, record: &mut P) -> u32 {
        // Every seat's No cards left, a byte a seat, counted once and kept up to date.
        let mut no_cards = self.no_cards_left();
        let mut actions = 0;
        if self.phase == Phase::Vote {
            actions += self.vote_randomly(rng, record, &mut no_cards);
        }
        while self.phase == Phase::Climb {
            let prefix = self.castle.climb_prefix();
            let count = (prefix >> 40) as u32 & 0xff;
            if count == 0 {
                break;
            }
            // No draw for a forced climb.
            let k = if count > 1 { below(rng, count) } else { 0 };
            let seat = self.to_move;
            let (character, to) = self.castle.raise_nth_climbable(prefix, k);
            record.action(seat, Action::Climb { character });
            self.climbed(seat, character, to, &mut ());
            actions += 1;
            // Only a climb onto the throne calls an election.
            if to == Floor::Throne {
                actions += self.vote_randomly(rng, record, &mut no_cards);
            }
        }
        actions
    }

    /// The votes still to come in this election, all from the bits of one random word (none
    /// drawn when no voter has a choice), then the reveal; returns how many. `no_cards` is
    /// [`Game::no_cards_left`], brought up to date when the candidate is voted down.
    #[inline(never)]
    fn vote_randomly<R: Rng + ?Sized, P: Record>(
        &mut self,
        rng: &mut R,
        record: &mut P,
        no_cards: &mut u64,
    ) -> u32 {
        let waiting = self.seats().difference(self.voted);
        // Only a waiting seat with a No card left may vote No: on a set bit.
        let choosers = holders(*no_cards) & waiting.bits();
        let bits = if choosers != 0 {
            rng.next_u32() as u8
        } else {
            0
        };
        let no =
            SeatSet::from_bits(self.voted_no.bits() | bits & choosers).unwrap_or(self.voted_no);
        if P::STEPS {
            for seat in waiting.iter() {
                let vote = if no.contains(seat) {
                    Vote::No
                } else {
                    Vote::Yes
                };
                record.action(seat, Action::Vote(vote));
            }
        }
        self.voted_no = no;
        self.voted = self.seats();
        self.reveal(&mut ());
        // Voted down: every No was a card spent (a crowning ends the round's votes).
        *no_cards = no_cards.wrapping_sub(SPREAD[usize::from(no.bits() & 63)]);
        waiting.len() as u32
    }

    /// Every seat's No cards left, byte `s` for seat `s` (seats that do not play hold their
    /// allowance): the No votes of every elimination this round counted at once.
    fn no_cards_left(&self) -> u64 {
        let played = self
            .no_votes
            .iter()
            .fold(0u64, |sum, set| sum + SPREAD[usize::from(set.bits() & 63)]);
        (u64::from(self.config.no_cards()) * 0x0101_0101_0101_0101).wrapping_sub(played)
    }
}

/// The seats with a No card left, as seat bits, from [`Game::no_cards_left`]'s bytes.
#[inline]
fn holders(no_cards: u64) -> u8 {
    // A byte's high bit is set, after adding 0x7f, only when it is not 0.
    let left = no_cards.wrapping_add(0x7f7f_7f7f_7f7f_7f7f) & 0x8080_8080_8080_8080;
    ((left >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8 & 0x3f
}
