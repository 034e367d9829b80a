//! The fast random playout: [`Game::play_random`], phase by phase.

use rand_core::Rng;

use super::Game;
use super::moves::{NTH_ROOM, placement_room};
use crate::below;
use crate::{Character, Phase, SeatSet};

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

impl Game {
    /// Plays to the end, chance and [`Game::random_action`] alike drawn from `rng`, without
    /// events or checks (the actions are legal by construction): the fast random playout.
    /// Returns the number of actions played.
    ///
    /// It draws exactly as repeated [`Game::random_action`] and
    /// [`Game::resolve_chance`] do (one [`below`](crate::below) an action, voters in seat
    /// order), so a seed gives the same game as a [`Session`](crate::Session)'s
    /// `play_random`; it is faster because it stays in a phase's loop instead of asking
    /// who acts and what they may do from scratch at every step.
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
        let mut actions = 0;
        loop {
            match self.phase {
                Phase::Setup | Phase::Score => self.resolve_chance(rng, &mut ()),
                Phase::Placement => actions += self.place_randomly(rng),
                Phase::Climb | Phase::Vote => actions += self.climb_randomly(rng),
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
            actions += self.place_randomly(rng);
        }
        if matches!(self.phase, Phase::Climb | Phase::Vote) {
            actions += self.climb_randomly(rng);
        }
        actions
    }

    /// Random placements until the climb starts; returns how many.
    ///
    /// This and the two phase loops below are kept out of line: each then gets the
    /// registers to itself (inlined together into `play_random` they measured slower).
    #[inline(never)]
    fn place_randomly<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u32 {
        let mut actions = 0;
        while self.phase == Phase::Placement {
            let (room, floors) = placement_room(&self.castle);
            // Nobody is eliminated before the climb; placement floors always have room
            // (16 places, at most 12 placed), so `floors` is 1 to 4.
            let unplaced = Character::COUNT as u32 - self.castle.inside_count();
            let n = below(rng, unplaced * floors);
            let (nth_character, nth_floor) = divide(n, floors);
            let Some(character) = self.castle.outside().nth(nth_character as usize) else {
                return actions;
            };
            let floor = NTH_ROOM[room as usize & 15][nth_floor as usize & 3];
            self.place(self.to_move, character, floor, &mut ());
            actions += 1;
        }
        actions
    }

    /// Random climbs and votes until the round's King is crowned; returns how many.
    #[inline(never)]
    fn climb_randomly<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u32 {
        let mut actions = 0;
        loop {
            if self.phase == Phase::Vote {
                actions += self.vote_randomly(rng);
                if self.phase != Phase::Climb {
                    return actions;
                }
            }
            let (lanes, climbable, count) = self.castle.climb_lanes();
            let Some(character) = climbable.nth(below(rng, count) as usize) else {
                return actions;
            };
            let to = self.castle.raise_climbable(lanes, character);
            self.climbed(self.to_move, character, to, &mut ());
            actions += 1;
        }
    }

    /// The votes still to come in this election, at random in seat order, then the
    /// reveal; returns how many.
    #[inline(never)]
    fn vote_randomly<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u32 {
        let holders = self.no_card_holders();
        let waiting = self.seats().difference(self.voted);
        // The No votes gathered without a branch on each (as random as a coin).
        let mut no = self.voted_no.bits();
        for seat in waiting.iter() {
            let has_no = u32::from(holders.contains(seat));
            no |= ((below(rng, 1 + has_no) & 1) as u8) << seat.index();
        }
        self.voted_no = SeatSet::from_bits(no & self.seats().bits()).unwrap_or(self.voted_no);
        self.voted = self.seats();
        self.reveal(&mut ());
        waiting.len() as u32
    }

    /// The seats with a No card left: every seat's No votes this round counted at once, a
    /// byte a seat.
    fn no_card_holders(&self) -> SeatSet {
        let played = self
            .no_votes
            .iter()
            .fold(0u64, |sum, set| sum + SPREAD[usize::from(set.bits() & 63)]);
        let allowance = u64::from(self.config.no_cards()) * 0x0101_0101_0101_0101;
        // Byte `s` of `allowance - played` is seat `s`'s cards left (never below 0): its
        // high bit is set, after adding 0x7f, only when some are left.
        let left = (allowance - played + 0x7f7f_7f7f_7f7f_7f7f) & 0x8080_8080_8080_8080;
        let bits = (left >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        SeatSet::from_bits(bits as u8 & self.seats().bits()).unwrap_or(SeatSet::EMPTY)
    }
}
