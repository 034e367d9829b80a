//! Scoring, the third-round 33 rule, totals and winners.

use arrayvec::ArrayVec;

use super::{Game, MAX_ROUNDS};
use crate::{Castle, Event, EventSink, Objective, Phase, Seat, SeatSet};

/// Points a third-round score of zero turns into: the most one round can give
/// (King 10 + three Nobles 15 + two Dignitaries 8).
pub const CONSOLATION_POINTS: u8 = 33;

/// Points `objective` scores in `castle`: each of its characters by floor (King 10,
/// Nobles 5 … Servants 0); eliminated or absent characters score nothing.
///
/// ```
/// use kingup_core::{score, Castle, Character, Floor, Objective};
///
/// let mut castle = Castle::new();
/// castle.put(Character::Fiorello, Floor::Throne);
/// castle.put(Character::Beatrice, Floor::Nobles);
/// let objective = Objective::from_letters("ABCDEF")?;
/// assert_eq!(score(&castle, objective), 15);
/// # Ok::<(), kingup_core::ObjectiveError>(())
/// ```
pub fn score(castle: &Castle, objective: Objective) -> u8 {
    castle.points(objective.characters())
}

/// Total points of each seat in play, seat 0 first.
pub type Totals = ArrayVec<u16, { Seat::MAX }>;

/// Total points of seats `0..players` over the given rounds.
pub(crate) fn sum_rounds(players: usize, rounds: &[[u8; Seat::MAX]]) -> Totals {
    Seat::all(players)
        .map(|s| rounds.iter().map(|r| u16::from(r[s.index()])).sum())
        .collect()
}

/// The seats with the highest total, ties broken by `kept` (characters of the final
/// objective in the castle); seats still tied all lead.
pub(crate) fn leaders(players: usize, totals: &[u16], kept: impl Fn(Seat) -> usize) -> SeatSet {
    // Each seat's key, its total then its characters kept (at most 13), worked out once
    // as one number; the seats at the best key gathered bit by bit, without a branch.
    let mut keys = [0u32; Seat::MAX];
    for seat in Seat::all(players) {
        keys[seat.index()] = u32::from(totals[seat.index()]) << 8 | (kept(seat) as u32 & 0xff);
    }
    let best = keys.iter().copied().max().unwrap_or(0);
    let at_best = keys
        .iter()
        .enumerate()
        .take(players)
        .fold(0u8, |bits, (s, &key)| bits | u8::from(key == best) << s);
    SeatSet::from_bits(at_best).unwrap_or(SeatSet::EMPTY)
}

impl Game {
    /// Points of the rounds scored so far: one row per scored round, one column per seat
    /// (columns past the player count are 0).
    pub fn scores(&self) -> &[[u8; Seat::MAX]] {
        let scored = usize::from(self.round) + usize::from(self.round_is_scored());
        &self.scores[..scored.min(MAX_ROUNDS)]
    }

    /// Total points so far of each seat in play (`players()` entries).
    pub fn totals(&self) -> Totals {
        sum_rounds(self.players(), self.scores())
    }

    /// The winners once the game is over: the highest total; among tied seats, those with
    /// the most characters of their final objective still in the castle (King included);
    /// seats still tied share the win.
    pub fn winners(&self) -> Option<SeatSet> {
        self.is_over().then(|| self.leaders())
    }

    /// Characters of `seat`'s current objective standing in the castle (the tie-break).
    pub fn characters_in_castle(&self, seat: Seat) -> usize {
        self.objective(seat).map_or(0, |o| {
            o.characters().intersection(self.castle.inside()).len()
        })
    }

    fn leaders(&self) -> SeatSet {
        leaders(self.players(), &self.totals(), |s| {
            self.characters_in_castle(s)
        })
    }

    fn round_is_scored(&self) -> bool {
        matches!(self.phase, Phase::Score | Phase::GameOver)
    }

    /// The candidate was crowned: score the round, then end it or the game.
    pub(super) fn score_round<S: EventSink + ?Sized>(&mut self, sink: &mut S) {
        let last_of_three = self.config.rounds == 3 && self.round == 2;
        let mut points = [0u8; Seat::MAX];
        for seat in Seat::all(self.players()) {
            let p = self.objective(seat).map_or(0, |o| score(&self.castle, o));
            points[seat.index()] = if p == 0 && last_of_three {
                CONSOLATION_POINTS
            } else {
                p
            };
        }
        self.scores[usize::from(self.round)] = points;
        let objectives = self.objectives[usize::from(self.round)];
        sink.push(Event::RoundScored {
            round: self.round,
            objectives,
            points,
        });
        if self.round + 1 < self.config.rounds {
            self.phase = Phase::Score;
        } else {
            self.phase = Phase::GameOver;
            // The winners take a search over every seat's total and objective: not worked
            // out for a sink that drops them (a playout's).
            if sink.discards() {
                return;
            }
            let mut totals = [0; Seat::MAX];
            totals[..self.players()].copy_from_slice(&self.totals());
            sink.push(Event::GameOver {
                totals,
                winners: self.leaders(),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The leaders as first written: the highest (total, kept) pair, every seat tied at it.
    fn reference(players: usize, totals: &[u16], kept: &[usize]) -> SeatSet {
        let key = |s: Seat| (totals[s.index()], kept[s.index()]);
        let best = Seat::all(players).map(key).max();
        Seat::all(players)
            .filter(|&s| Some(key(s)) == best)
            .collect()
    }

    #[test]
    fn leaders_are_the_seats_with_the_best_total_then_characters_kept() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        for _ in 0..20_000 {
            let players = next(7) as usize;
            // Small ranges, so that ties are common.
            let totals: [u16; Seat::MAX] = core::array::from_fn(|_| next(4) as u16 * 60);
            let kept: [usize; Seat::MAX] = core::array::from_fn(|_| next(3) as usize * 6);
            assert_eq!(
                leaders(players, &totals, |s| kept[s.index()]),
                reference(players, &totals, &kept),
                "{players} {totals:?} {kept:?}"
            );
        }
    }
}
