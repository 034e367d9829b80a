//! An arena in parts: deals played apart (other processes, other machines) and joined
//! into the results of the whole arena, bit for bit.

use kingup_core::Seat;

use crate::Forfeits;

use super::{ArenaResults, combinations, rotation, standings_of};

/// One game's outcome: who sat where, their scores, and the winners' shares. Only the
/// first `players` entries of each array are the game's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ArenaRecord {
    /// The entrant (its index in the arena's entry order) at each seat.
    pub entrants: [u8; Seat::MAX],
    /// Each seat's final score ([`Rules::score`](kingup_core::kingup_table::Rules::score)).
    pub totals: [u32; Seat::MAX],
    /// Each seat's win share: `1 / winners` for a winner, else 0 (all 0 in a game a bot
    /// abandoned).
    pub wins: [f64; Seat::MAX],
    /// The moves each seat's bot forfeited ([`Bot::forfeits`](crate::Bot::forfeits)):
    /// none but an engine's in another process.
    pub forfeits: [Forfeits; Seat::MAX],
}

/// Some of an arena's deals, played by [`arena_part_until`](super::arena_part_until) and
/// not yet rated: [`ArenaPart::join`] rates the parts of one arena together, in schedule
/// order, into the [`ArenaResults`] of the whole.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaPart {
    /// Seats at a table.
    pub players: usize,
    /// The whole arena's deals.
    pub deals: u32,
    /// The whole arena's seed.
    pub seed: u64,
    /// The entrants' names, in entry order.
    pub names: Vec<String>,
    /// The first deal of this part.
    pub first: u32,
    /// Its deals' games, deal by deal, each deal's `players` rotations in order.
    pub games: Vec<ArenaRecord>,
}

/// Why parts did not join (nothing was rated).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JoinError {
    /// There were no parts.
    #[error("no parts to join")]
    Empty,
    /// The parts are of different arenas.
    #[error("the parts are of different arenas (their players, deals, seed or entrants differ)")]
    Mismatch,
    /// A part's players, entrants or number of games is out of range.
    #[error(
        "the part from deal {first} is malformed (players, entrants or number of games out of range)"
    )]
    Malformed {
        /// The part's first deal.
        first: u32,
    },
    /// A deal is in no part or in more than one.
    #[error("deal {deal} is in no part or in more than one")]
    Coverage {
        /// The first such deal.
        deal: u32,
    },
    /// A deal's games are not the arena's: its seats are not the schedule's, or its win
    /// shares are not a game's.
    #[error("deal {deal}'s games are not the arena's (seating or win shares)")]
    Record {
        /// The deal.
        deal: u32,
    },
}

impl ArenaPart {
    /// Joins the parts of one arena, given in any order, into its results: the same as
    /// [`arena`](super::arena) with the arena's config gives, whatever the parts. The
    /// parts must cover every deal once; each is checked against the arena's schedule
    /// (who sits where in every game), so parts of another arena, or edited ones, are
    /// refused rather than rated.
    pub fn join(parts: impl IntoIterator<Item = ArenaPart>) -> Result<ArenaResults, JoinError> {
        let mut parts: Vec<ArenaPart> = parts.into_iter().collect();
        // An empty part (no deals) sorts before the one that starts where it stands.
        parts.sort_by_key(|p| (p.first, p.games.len()));
        let first = parts.first().ok_or(JoinError::Empty)?;
        let same = |p: &ArenaPart| {
            (p.players, p.deals, p.seed, &p.names)
                == (first.players, first.deals, first.seed, &first.names)
        };
        if !parts.iter().all(same) {
            return Err(JoinError::Mismatch);
        }
        let mut next = 0;
        for part in &parts {
            if part.first != next {
                return Err(JoinError::Coverage {
                    deal: next.min(part.first),
                });
            }
            next += part.check()?;
        }
        if next != first.deals {
            return Err(JoinError::Coverage { deal: next });
        }
        let games: Vec<ArenaRecord> = parts.iter().flat_map(|p| p.games.iter().copied()).collect();
        Ok(standings_of(
            first.players,
            first.deals,
            &first.names,
            &games,
        ))
    }

    /// The results of a part that is the whole arena (the arena's own path: no checks).
    pub(super) fn results(&self) -> ArenaResults {
        standings_of(self.players, self.deals, &self.names, &self.games)
    }

    /// Checks the part's shape and every game against the schedule; its number of deals.
    fn check(&self) -> Result<u32, JoinError> {
        let malformed = JoinError::Malformed { first: self.first };
        let players = self.players;
        let entrants = self.names.len();
        if !(1..=Seat::MAX).contains(&players)
            || !(players..=super::ArenaConfig::MAX_ENTRANTS).contains(&entrants)
            || self.games.len() % players != 0
        {
            return Err(malformed);
        }
        let count = u32::try_from(self.games.len() / players).map_err(|_| malformed)?;
        let end = self
            .first
            .checked_add(count)
            .filter(|&end| end <= self.deals);
        if end.is_none() {
            return Err(JoinError::Coverage { deal: self.deals });
        }
        let tables = combinations(entrants, players);
        for (i, deal) in self.games.chunks(players).enumerate() {
            let d = self.first + i as u32;
            let table = &tables[d as usize % tables.len()];
            let fits = deal.iter().enumerate().all(|(r, game)| {
                let seated = rotation(table, r)
                    .zip(&game.entrants)
                    .all(|(e, &g)| e == usize::from(g));
                seated && shares(&game.wins[..players])
            });
            if !fits {
                return Err(JoinError::Record { deal: d });
            }
        }
        Ok(count)
    }
}

/// Whether `wins` are a game's win shares: each in `0..=1`, summing to 1 (or all 0: a
/// game a bot abandoned).
fn shares(wins: &[f64]) -> bool {
    let sum: f64 = wins.iter().sum();
    wins.iter().all(|w| (0.0..=1.0).contains(w)) && (sum == 0.0 || (sum - 1.0).abs() < 1e-9)
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use kingup_core::Config;

    use super::*;
    use crate::arena::{ArenaConfig, ArenaError, arena, arena_part_until};
    use crate::{Bot, BotKind, BotSpec, Entrant};

    fn entrants() -> Vec<Entrant<'static>> {
        let kinds = [
            BotKind::Heuristic,
            BotKind::Random,
            BotKind::Random,
            BotKind::Heuristic,
        ];
        kinds
            .into_iter()
            .enumerate()
            .map(|(i, kind)| Entrant {
                name: format!("{}{i}", kind.name()),
                make: Box::new(move |seed| -> Box<dyn Bot> {
                    Box::new(BotSpec::new(kind).build(seed))
                }),
            })
            .collect()
    }

    fn config(deals: u32, threads: usize) -> ArenaConfig {
        ArenaConfig {
            game: Config::new(3),
            deals,
            seed: 11,
            threads,
        }
    }

    fn part(config: &ArenaConfig, deals: std::ops::Range<u32>) -> ArenaPart {
        arena_part_until(config, &entrants(), deals, |_| {}, &AtomicBool::new(false)).unwrap()
    }

    #[test]
    fn parts_joined_in_any_order_are_the_whole_arena() {
        let whole = arena(&config(13, 1), &entrants(), |_| {}).unwrap();
        for cuts in [
            vec![0, 13],
            vec![0, 1, 13],
            vec![0, 5, 6, 12, 13],
            vec![0, 4, 4, 9, 13],
        ] {
            let mut parts: Vec<ArenaPart> = cuts
                .windows(2)
                .map(|w| part(&config(13, 2), w[0]..w[1]))
                .collect();
            parts.reverse();
            assert_eq!(ArenaPart::join(parts), Ok(whole.clone()), "cut at {cuts:?}");
        }
    }

    #[test]
    fn parts_of_other_arenas_or_edited_ones_are_refused() {
        let c = config(6, 1);
        let (a, b) = (part(&c, 0..3), part(&c, 3..6));
        assert_eq!(ArenaPart::join([]), Err(JoinError::Empty));
        assert_eq!(
            ArenaPart::join([a.clone()]),
            Err(JoinError::Coverage { deal: 3 })
        );
        assert_eq!(
            ArenaPart::join([b.clone()]),
            Err(JoinError::Coverage { deal: 0 })
        );
        assert_eq!(
            ArenaPart::join([a.clone(), a.clone(), b.clone()]),
            Err(JoinError::Coverage { deal: 0 })
        );
        let other = part(&ArenaConfig { seed: 12, ..c }, 3..6);
        assert_eq!(
            ArenaPart::join([a.clone(), other]),
            Err(JoinError::Mismatch)
        );
        let renamed = ArenaPart {
            names: vec!["x".into(); 4],
            ..b.clone()
        };
        assert_eq!(
            ArenaPart::join([a.clone(), renamed]),
            Err(JoinError::Mismatch)
        );
        let mut short = b.clone();
        short.games.pop();
        assert_eq!(
            ArenaPart::join([a.clone(), short]),
            Err(JoinError::Malformed { first: 3 })
        );
        let mut long = b.clone();
        long.games.extend_from_slice(&b.games[..3]);
        assert_eq!(
            ArenaPart::join([a.clone(), long]),
            Err(JoinError::Coverage { deal: 6 })
        );
        let mut reseated = b.clone();
        reseated.games[4].entrants.swap(0, 1);
        assert_eq!(
            ArenaPart::join([a.clone(), reseated]),
            Err(JoinError::Record { deal: 4 })
        );
        let mut rewon = b.clone();
        rewon.games[7].wins[0] += 0.5;
        assert_eq!(
            ArenaPart::join([a.clone(), rewon]),
            Err(JoinError::Record { deal: 5 })
        );
        let mut nan = b.clone();
        nan.games[0].wins[1] = f64::NAN;
        assert_eq!(
            ArenaPart::join([a.clone(), nan]),
            Err(JoinError::Record { deal: 3 })
        );
        assert!(ArenaPart::join([a, b]).is_ok());
    }

    #[test]
    fn a_part_outside_the_arena_plays_nothing() {
        let stop = AtomicBool::new(false);
        let played = |deals| arena_part_until(&config(6, 1), &entrants(), deals, |_| {}, &stop);
        assert_eq!(
            played(4..7),
            Err(ArenaError::Part {
                start: 4,
                end: 7,
                deals: 6
            })
        );
        #[allow(clippy::reversed_empty_ranges)] // the refusal under test
        let backwards = played(5..4);
        assert_eq!(
            backwards,
            Err(ArenaError::Part {
                start: 5,
                end: 4,
                deals: 6
            })
        );
        assert_eq!(played(2..2).map(|p| p.games.len()), Ok(0));
        assert_eq!(
            ArenaError::<kingup_core::ConfigError>::Part {
                start: 4,
                end: 7,
                deals: 6
            }
            .to_string(),
            "deals 4..7 are not within the arena's 0..6"
        );
    }
}
