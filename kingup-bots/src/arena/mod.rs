//! The arena: duplicate, seat-rotated matches between any number of entrants, with win
//! rates and mean scores (95 % confidence intervals, overall and by seat) and Weng–Lin
//! ratings for free-for-all games, in either game (a score is the game's
//! [`Rules::score`]: King Up!'s total points, To Court the King's cards).
//!
//! **Schedule.** With `n` entrants and `p` seats, the tables are the `C(n, p)` sets of `p`
//! entrants, in lexicographic order; deal `d` seats table `d mod C(n, p)`. A deal is one seed
//! of the chance stream, played `p` times, once under each rotation of the table's seats
//! (rotation `r` puts the table's entrant `(s + r) mod p` at seat `s`), so the luck of the
//! cards and of the seat falls on every entrant of the table alike. Each entrant's bot is
//! seeded by the deal and the entrant, the same in every rotation.
//!
//! **Statistics.** Win rates (a shared win counts `1 / winners`) and mean final scores come
//! with 95 % confidence intervals computed over deals (the `p` games of a deal are not
//! independent; their mean is one sample), and by seat over the games played there.
//!
//! **Ratings.** Every game updates the Weng–Lin ratings ([`skillratings::weng_lin`], a
//! Bayesian rating for free-for-all games in the family of TrueSkill) of its `p` seats,
//! ranked winners first, then by final score. Games are rated in schedule order after all
//! are played, so the ratings, like everything else, do not depend on the thread count.

mod part;

use std::fmt;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

use kingup_core::kingup_table::{GameConfig, Rules, SeatView};
use kingup_core::{Config, ConfigError, Generator, Seat};
use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

use crate::tournament::{ConfigErrorOf, ConfigOf, GameOf, Standing, game_seed};
use crate::{Bot, Entrant, Forfeits, TournamentConfig, play};

pub use part::{ArenaPart, ArenaRecord, JoinError};

/// What to play: a game's config `C` (King Up!'s unless said otherwise) and how many deals.
/// [`ArenaConfig::validate`] checks it against the limits below, the limits of every front
/// end (`kingup arena` reads them from here).
#[derive(Clone, Copy, Debug)]
pub struct ArenaConfig<C = Config> {
    /// The game: its player count is the number of seats at a table.
    pub game: C,
    /// Deals to play, `1..=`[`ArenaConfig::MAX_DEALS`], each once per seat rotation. A
    /// multiple of [`ArenaConfig::tables`] seats every table equally often.
    pub deals: u32,
    /// Seeds every deal's chance and bots.
    pub seed: u64,
    /// Worker threads, `1..=`[`TournamentConfig::MAX_THREADS`] (results do not depend on
    /// it).
    pub threads: usize,
}

impl ArenaConfig {
    /// Most deals one arena plays: ten million (six games each at most).
    pub const MAX_DEALS: u32 = 10_000_000;
    /// Most entrants: enough for a wide ladder, few enough that the tables stay countable
    /// (`C(16, 3)` = 560 to `C(16, 6)` = 8,008).
    pub const MAX_ENTRANTS: usize = 16;
}

impl<C: GameConfig> ArenaConfig<C> {
    /// Checks every setting: a playable game, `1..=MAX_DEALS` deals,
    /// `1..=`[`TournamentConfig::MAX_THREADS`] threads, and `players..=MAX_ENTRANTS`
    /// entrants. [`arena`] calls it before playing anything.
    ///
    /// ```
    /// use kingup_bots::{ArenaConfig, ArenaError};
    /// use kingup_core::Config;
    ///
    /// let config = ArenaConfig { game: Config::new(4), deals: 100, seed: 1, threads: 2 };
    /// assert_eq!(config.validate(5), Ok(()));
    /// assert_eq!(config.validate(3), Err(ArenaError::Entrants { entrants: 3, players: 4 }));
    /// assert_eq!(config.tables(5), 5);
    /// ```
    pub fn validate(&self, entrants: usize) -> Result<(), ArenaError<C::Error>> {
        self.game.validate().map_err(ArenaError::Config)?;
        if !(1..=ArenaConfig::MAX_DEALS).contains(&self.deals) {
            return Err(ArenaError::Deals(self.deals));
        }
        if !(1..=TournamentConfig::MAX_THREADS).contains(&self.threads) {
            return Err(ArenaError::Threads(self.threads));
        }
        let players = self.game.players();
        if !(players..=ArenaConfig::MAX_ENTRANTS).contains(&entrants) {
            return Err(ArenaError::Entrants { entrants, players });
        }
        Ok(())
    }

    /// The number of tables `entrants` entrants make: `C(entrants, players)`.
    pub fn tables(&self, entrants: usize) -> usize {
        combinations(entrants, self.game.players()).len()
    }
}

/// Why an arena was not played (nothing was), or was stopped before its end. `E` is the
/// game's config error (King Up!'s unless said otherwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ArenaError<E = ConfigError> {
    /// The game is not playable.
    #[error(transparent)]
    Config(E),
    /// Deals must be in `1..=`[`ArenaConfig::MAX_DEALS`].
    #[error("an arena plays 1 to {max} deals, not {0}", max = ArenaConfig::MAX_DEALS)]
    Deals(u32),
    /// Threads must be in `1..=`[`TournamentConfig::MAX_THREADS`].
    #[error("an arena runs on 1 to {max} threads, not {0}", max = TournamentConfig::MAX_THREADS)]
    Threads(usize),
    /// At least one entrant a seat, at most [`ArenaConfig::MAX_ENTRANTS`].
    #[error(
        "{entrants} entrants for a {players}-player game: give {players} to {max} entrants",
        max = ArenaConfig::MAX_ENTRANTS
    )]
    Entrants {
        /// Entrants given.
        entrants: usize,
        /// Seats in the game.
        players: usize,
    },
    /// [`arena_part_until`] was asked for deals outside the arena's `0..deals`.
    #[error("deals {start}..{end} are not within the arena's 0..{deals}")]
    Part {
        /// The first deal asked for.
        start: u32,
        /// One past the last deal asked for.
        end: u32,
        /// The arena's deals.
        deals: u32,
    },
    /// [`arena_until`]'s `stop` was set: the deals under way were finished, no more were
    /// played, and no results were computed.
    #[error("the arena was stopped before its end")]
    Stopped,
}

/// One entrant's results in an arena.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaStanding {
    /// The entrant's name.
    pub name: String,
    /// Games played (the deals it sat in, times the seats).
    pub games: u32,
    /// Deals it sat in.
    pub deals: u32,
    /// Wins, a shared win counting `1 / winners`.
    pub wins: f64,
    /// Sum of final totals.
    pub score_sum: f64,
    /// Over the deals it sat in: sums of its per-deal mean win share and of its square
    /// (what [`ArenaStanding::win_rate_ci95`] is computed from).
    pub deal_win: (f64, f64),
    /// Over the deals it sat in: sums of its per-deal mean total and of its square (what
    /// [`ArenaStanding::mean_score_ci95`] is computed from).
    pub deal_score: (f64, f64),
    /// Its games by seat (`by_seat[s]` at seat `s`).
    pub by_seat: Vec<Standing>,
    /// Its Weng–Lin rating after every game (mean skill; the scale starts at 25).
    pub rating: f64,
    /// The rating's uncertainty (a standard deviation; it starts at 25/3).
    pub uncertainty: f64,
    /// The moves it forfeited, over all its games (an engine in another process: see
    /// [`Forfeits`]).
    pub forfeits: Forfeits,
}

impl ArenaStanding {
    fn new(name: &str, players: usize) -> ArenaStanding {
        let start = WengLinRating::new();
        ArenaStanding {
            name: name.to_owned(),
            games: 0,
            deals: 0,
            wins: 0.0,
            score_sum: 0.0,
            deal_win: (0.0, 0.0),
            deal_score: (0.0, 0.0),
            by_seat: (0..players).map(|_| Standing::new(name)).collect(),
            rating: start.rating,
            uncertainty: start.uncertainty,
            forfeits: Forfeits::default(),
        }
    }

    /// Share of games won.
    pub fn win_rate(&self) -> f64 {
        self.wins / f64::from(self.games.max(1))
    }

    /// Half-width of the 95 % confidence interval of the win rate, over deals.
    pub fn win_rate_ci95(&self) -> f64 {
        ci95(self.deals, self.deal_win)
    }

    /// Mean final total.
    pub fn mean_score(&self) -> f64 {
        self.score_sum / f64::from(self.games.max(1))
    }

    /// Half-width of the 95 % confidence interval of the mean final total, over deals.
    pub fn mean_score_ci95(&self) -> f64 {
        ci95(self.deals, self.deal_score)
    }
}

/// 1.96 standard errors of the mean of `n` samples with these sums of values and squares.
fn ci95(n: u32, (sum, sq): (f64, f64)) -> f64 {
    let n = f64::from(n.max(1));
    let mean = sum / n;
    let var = (sq / n - mean * mean).max(0.0) * n / (n - 1.0).max(1.0);
    1.96 * (var / n).sqrt()
}

/// The results of an arena: one row per entrant, in entry order.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaResults {
    /// Seats at a table.
    pub players: usize,
    /// Deals played.
    pub deals: u32,
    /// Games played: `deals × players`.
    pub games: u32,
    /// One row per entrant, in entry order.
    pub standings: Vec<ArenaStanding>,
}

impl ArenaResults {
    /// The entrants' indices, highest rating first (ties in entry order).
    pub fn ladder(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.standings.len()).collect();
        order.sort_by(|&a, &b| {
            self.standings[b]
                .rating
                .total_cmp(&self.standings[a].rating)
        });
        order
    }
}

impl fmt::Display for ArenaResults {
    /// The ladder (one row per entrant, highest rating first: rating ± 2 sd, games, win
    /// rate and mean final total with their 95 % confidence intervals), then the win rate
    /// by seat in ladder order: the tables `kingup arena` and Python's `kingup.arena`
    /// print.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:>2}  {:<14} {:>14}  {:>6}  {:>15}  {:>15}",
            "#", "bot", "rating", "games", "win rate", "mean score"
        )?;
        let ladder = self.ladder();
        for (place, &i) in ladder.iter().enumerate() {
            let s = &self.standings[i];
            writeln!(
                f,
                "{:>2}  {:<14} {:>6.2} ± {:>5.2}  {:>6}  {:>6.1}% ± {:>4.1}%  {:>7.2} ± {:>5.2}",
                place + 1,
                s.name,
                s.rating,
                2.0 * s.uncertainty,
                s.games,
                100.0 * s.win_rate(),
                100.0 * s.win_rate_ci95(),
                s.mean_score(),
                s.mean_score_ci95()
            )?;
        }
        writeln!(f, "Win rate by seat (95% CI):")?;
        write!(f, "{:<14}", "bot")?;
        for seat in 0..self.players {
            write!(f, "  {:>14}", format!("seat {seat}"))?;
        }
        writeln!(f)?;
        for &i in &ladder {
            let s = &self.standings[i];
            write!(f, "{:<14}", s.name)?;
            for seat in &s.by_seat {
                write!(
                    f,
                    "  {:>6.1}% ± {:>4.1}",
                    100.0 * seat.win_rate(),
                    100.0 * seat.win_rate_ci95()
                )?;
            }
            writeln!(f)?;
        }
        let forfeited: Vec<&ArenaStanding> = ladder
            .iter()
            .map(|&i| &self.standings[i])
            .filter(|s| s.forfeits.total() > 0)
            .collect();
        if !forfeited.is_empty() {
            writeln!(f, "Forfeited moves (played at random for the engine):")?;
            for s in forfeited {
                writeln!(f, "{:<14}  {}", s.name, s.forfeits)?;
            }
        }
        Ok(())
    }
}

/// The `k`-subsets of `0..n`, each ascending, in lexicographic order.
fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    if k == 0 || k > n {
        return all;
    }
    let mut pick: Vec<usize> = (0..k).collect();
    loop {
        all.push(pick.clone());
        // The rightmost index that can still move right, then reset those after it.
        let Some(i) = (0..k).rev().find(|&i| pick[i] < n - k + i) else {
            return all;
        };
        pick[i] += 1;
        for j in i + 1..k {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

/// The entrants seated at each seat in rotation `r` of `table`.
fn rotation(table: &[usize], r: usize) -> impl Iterator<Item = usize> + '_ {
    let p = table.len();
    (0..p).map(move |s| table[(s + r) % p])
}

/// Plays an arena (see the [module documentation](self)): every deal under every seat
/// rotation, then the statistics and ratings. `progress` is called with the number of
/// finished deals after each one (from worker threads).
///
/// Results are the same for any thread count. The config and the number of entrants are
/// checked first ([`ArenaConfig::validate`]): on an error nothing is played.
///
/// ```
/// use kingup_bots::{ArenaConfig, Bot, Entrant, HeuristicBot, RandomBot, arena};
/// use kingup_core::{Config, Generator};
///
/// let entrant = |name: &str, heuristic: bool| Entrant {
///     name: name.into(),
///     make: Box::new(move |seed| -> Box<dyn Bot> {
///         if heuristic {
///             Box::new(HeuristicBot::new(Generator::new(seed)))
///         } else {
///             Box::new(RandomBot::new(Generator::new(seed)))
///         }
///     }),
/// };
/// let entrants = [entrant("heuristic", true), entrant("random", false), entrant("random#2", false)];
/// let config = ArenaConfig { game: Config::new(3), deals: 20, seed: 1, threads: 2 };
/// let results = arena(&config, &entrants, |_| {})?;
/// assert_eq!(results.games, 60);
/// assert!(results.standings.iter().all(|s| s.games == 60 && s.by_seat[2].games == 20));
/// # Ok::<(), kingup_bots::ArenaError>(())
/// ```
pub fn arena<V: SeatView>(
    config: &ArenaConfig<ConfigOf<V>>,
    entrants: &[Entrant<'_, V>],
    progress: impl Fn(u32) + Sync,
) -> Result<ArenaResults, ArenaError<ConfigErrorOf<V>>> {
    arena_until(config, entrants, progress, &AtomicBool::new(false))
}

/// [`arena`], stopped early when `stop` is set (by another thread, a signal handler, a
/// bot): each worker finishes the deal it is playing, plays no more, and the arena returns
/// [`ArenaError::Stopped`] at once, without rating the games played.
///
/// ```
/// use std::sync::atomic::AtomicBool;
///
/// use kingup_bots::{ArenaConfig, ArenaError, Bot, BotKind, BotSpec, Entrant, arena_until};
/// use kingup_core::Config;
///
/// let entrants: Vec<Entrant<'_>> = ["a", "b", "c"]
///     .into_iter()
///     .map(|name| Entrant {
///         name: name.into(),
///         make: Box::new(|seed| -> Box<dyn Bot> {
///             Box::new(BotSpec::new(BotKind::Random).build(seed))
///         }),
///     })
///     .collect();
/// let config = ArenaConfig { game: Config::new(3), deals: 1_000_000, seed: 1, threads: 1 };
/// let stop = AtomicBool::new(true);
/// assert_eq!(arena_until(&config, &entrants, |_| {}, &stop).unwrap_err(), ArenaError::Stopped);
/// ```
pub fn arena_until<V: SeatView>(
    config: &ArenaConfig<ConfigOf<V>>,
    entrants: &[Entrant<'_, V>],
    progress: impl Fn(u32) + Sync,
    stop: &AtomicBool,
) -> Result<ArenaResults, ArenaError<ConfigErrorOf<V>>> {
    let part = arena_part_until(config, entrants, 0..config.deals, progress, stop)?;
    Ok(part.results())
}

/// Plays the deals `deals` of an arena (a part of [`arena_until`]'s work, on this machine's
/// threads) and returns their games, unrated: parts played anywhere (other processes,
/// other machines) and joined by [`ArenaPart::join`] give the results of [`arena`] with
/// the same config, whatever the parts and wherever they ran. Deal `d` is played as in
/// the whole arena (its table, its seed, its bots' seeds), so a part depends only on the
/// config, the entrants and its deals.
///
/// ```
/// use kingup_bots::{ArenaConfig, ArenaPart, Bot, BotKind, BotSpec, Entrant, arena, arena_part_until};
/// use std::sync::atomic::AtomicBool;
/// use kingup_core::Config;
///
/// let entrants: Vec<Entrant<'_>> = ["random", "heuristic", "random#2"]
///     .into_iter()
///     .map(|name| Entrant {
///         name: name.into(),
///         make: Box::new(move |seed| -> Box<dyn Bot> {
///             let kind = if name == "heuristic" { BotKind::Heuristic } else { BotKind::Random };
///             Box::new(BotSpec::new(kind).build(seed))
///         }),
///     })
///     .collect();
/// let config = ArenaConfig { game: Config::new(3), deals: 10, seed: 1, threads: 1 };
/// let go = AtomicBool::new(false);
/// let parts = [0..4, 4..7, 7..10].map(|deals| {
///     arena_part_until(&config, &entrants, deals, |_| {}, &go).unwrap()
/// });
/// assert_eq!(ArenaPart::join(parts)?, arena(&config, &entrants, |_| {}).unwrap());
/// # Ok::<(), kingup_bots::JoinError>(())
/// ```
pub fn arena_part_until<V: SeatView>(
    config: &ArenaConfig<ConfigOf<V>>,
    entrants: &[Entrant<'_, V>],
    deals: Range<u32>,
    progress: impl Fn(u32) + Sync,
    stop: &AtomicBool,
) -> Result<ArenaPart, ArenaError<ConfigErrorOf<V>>> {
    config.validate(entrants.len())?;
    if deals.start > deals.end || deals.end > config.deals {
        let (start, end) = (deals.start, deals.end);
        return Err(ArenaError::Part {
            start,
            end,
            deals: config.deals,
        });
    }
    let players = config.game.players();
    let tables = combinations(entrants.len(), players);
    let first = deals.start;
    let games = play_all(config, &tables, entrants, deals, progress, stop);
    if stop.load(Ordering::Relaxed) {
        return Err(ArenaError::Stopped);
    }
    Ok(ArenaPart {
        players,
        deals: config.deals,
        seed: config.seed,
        names: entrants.iter().map(|e| e.name.clone()).collect(),
        first,
        games,
    })
}

/// The standings and ratings of an arena's games, in schedule order (`games`: every deal's
/// `players` games, deal by deal).
fn standings_of(
    players: usize,
    deals: u32,
    names: &[String],
    games: &[ArenaRecord],
) -> ArenaResults {
    let mut standings: Vec<ArenaStanding> = names
        .iter()
        .map(|name| ArenaStanding::new(name, players))
        .collect();
    let mut ratings = vec![WengLinRating::new(); names.len()];
    let weng_lin = WengLinConfig::new();
    for deal in games.chunks(players) {
        count_deal(deal, players, &mut standings);
        for game in deal {
            rate(game, players, &mut ratings, &weng_lin);
        }
    }
    for (standing, rating) in standings.iter_mut().zip(&ratings) {
        standing.rating = rating.rating;
        standing.uncertainty = rating.uncertainty;
    }
    ArenaResults {
        players,
        deals,
        games: deals * players as u32,
        standings,
    }
}

/// Plays the deals `deals` on `config.threads` threads; returns their games in schedule
/// order (deal by deal, rotation by rotation).
fn play_all<V: SeatView>(
    config: &ArenaConfig<ConfigOf<V>>,
    tables: &[Vec<usize>],
    entrants: &[Entrant<'_, V>],
    deals: Range<u32>,
    progress: impl Fn(u32) + Sync,
    stop: &AtomicBool,
) -> Vec<ArenaRecord> {
    let threads = config.threads;
    let finished = AtomicU32::new(0);
    let (start, end) = (deals.start, deals.end);
    let mut per_deal: Vec<Option<Vec<ArenaRecord>>> = vec![None; deals.len()];
    let parts: Vec<Vec<(u32, Vec<ArenaRecord>)>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let (progress, finished) = (&progress, &finished);
                scope.spawn(move || {
                    let mut done = Vec::new();
                    for d in (start + t as u32..end).step_by(threads) {
                        if stop.load(Ordering::Relaxed) {
                            break;
                        }
                        let table = &tables[d as usize % tables.len()];
                        done.push((d, play_deal(config, table, entrants, d)));
                        progress(finished.fetch_add(1, Ordering::Relaxed) + 1);
                    }
                    done
                })
            })
            .collect();
        // A panicking bot panics the caller, as on one thread.
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    });
    for (d, games) in parts.into_iter().flatten() {
        per_deal[(d - start) as usize] = Some(games);
    }
    per_deal.into_iter().flatten().flatten().collect()
}

/// Plays deal `d` at `table` under every rotation.
fn play_deal<V: SeatView>(
    config: &ArenaConfig<ConfigOf<V>>,
    table: &[usize],
    entrants: &[Entrant<'_, V>],
    d: u32,
) -> Vec<ArenaRecord> {
    let seed = game_seed(config.seed, d);
    (0..table.len())
        .map(|r| {
            let seated: Vec<usize> = rotation(table, r).collect();
            play_game(config.game, &seated, entrants, seed)
        })
        .collect()
}

/// One game: `seated[s]` plays seat `s`; chance from the deal's seed, each entrant's bot
/// from the deal's seed and its index. A game a bot abandons (no action, an illegal one)
/// is recorded as it stands, with nobody winning.
fn play_game<V: SeatView>(
    config: ConfigOf<V>,
    seated: &[usize],
    entrants: &[Entrant<'_, V>],
    seed: u64,
) -> ArenaRecord {
    let mut bots: Vec<Box<dyn Bot<V>>> = seated
        .iter()
        .map(|&e| (entrants[e].make)(seed.wrapping_add(e as u64 + 1)))
        .collect();
    let mut refs: Vec<&mut dyn Bot<V>> = bots.iter_mut().map(|b| &mut **b as _).collect();
    let mut record = ArenaRecord {
        entrants: [0; Seat::MAX],
        totals: [0; Seat::MAX],
        wins: [0.0; Seat::MAX],
        forfeits: [Forfeits::default(); Seat::MAX],
    };
    for (slot, &e) in record.entrants.iter_mut().zip(seated) {
        *slot = e as u8;
    }
    let Ok(mut game) = GameOf::<V>::new_with(config, &mut ()) else {
        return record;
    };
    play(&mut game, &mut refs, &mut Generator::new(seed), &mut ());
    for seat in Seat::all(game.players()) {
        record.totals[seat.index()] = game.score(seat);
        record.wins[seat.index()] = game.win_share(seat);
        record.forfeits[seat.index()] = refs[seat.index()].forfeits();
    }
    record
}

/// Adds one deal's games to the standings: per game and seat, and per deal for the
/// confidence intervals.
fn count_deal(deal: &[ArenaRecord], players: usize, standings: &mut [ArenaStanding]) {
    let mut sums: Vec<(usize, f64, f64)> = Vec::new();
    for game in deal {
        for s in 0..players {
            let e = usize::from(game.entrants[s]);
            let (score, win) = (f64::from(game.totals[s]), game.wins[s]);
            let row = &mut standings[e];
            row.games += 1;
            row.wins += win;
            row.score_sum += score;
            row.forfeits += game.forfeits[s];
            row.by_seat[s].record(score, win);
            row.by_seat[s].forfeits += game.forfeits[s];
            match sums.iter_mut().find(|(x, _, _)| *x == e) {
                Some(sum) => (sum.1, sum.2) = (sum.1 + win, sum.2 + score),
                None => sums.push((e, win, score)),
            }
        }
    }
    let n = deal.len() as f64;
    for (e, win, score) in sums {
        let row = &mut standings[e];
        let (win, score) = (win / n, score / n);
        row.deals += 1;
        row.deal_win = (row.deal_win.0 + win, row.deal_win.1 + win * win);
        row.deal_score = (row.deal_score.0 + score, row.deal_score.1 + score * score);
    }
}

/// Updates the ratings of one game's seats: ranked winners first, then by final total
/// (equal places share a rank).
fn rate(game: &ArenaRecord, players: usize, ratings: &mut [WengLinRating], config: &WengLinConfig) {
    let key = |s: usize| (game.wins[s] > 0.0, game.totals[s]);
    let teams: Vec<[WengLinRating; 1]> = (0..players)
        .map(|s| [ratings[usize::from(game.entrants[s])]])
        .collect();
    let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = (0..players)
        .map(|s| {
            let better = (0..players).filter(|&o| key(o) > key(s)).count();
            (&teams[s][..], MultiTeamOutcome::new(better + 1))
        })
        .collect();
    let updated = weng_lin_multi_team(&ranked, config);
    for (s, team) in updated.iter().enumerate() {
        ratings[usize::from(game.entrants[s])] = team[0];
    }
}

#[cfg(test)]
mod tests {
    use kingup_core::{CardId, Game, Phase};

    use super::*;
    use crate::{HeuristicBot, RandomBot};

    fn entrant<'a>(name: &str, heuristic: bool) -> Entrant<'a> {
        Entrant {
            name: name.into(),
            make: Box::new(move |seed| -> Box<dyn Bot> {
                if heuristic {
                    Box::new(HeuristicBot::new(Generator::new(seed)))
                } else {
                    Box::new(RandomBot::new(Generator::new(seed)))
                }
            }),
        }
    }

    fn config(players: u8, deals: u32, threads: usize) -> ArenaConfig {
        ArenaConfig {
            game: Config::new(players),
            deals,
            seed: 7,
            threads,
        }
    }

    #[test]
    fn display_is_the_ladder_then_the_seats() {
        let entrants = [
            entrant("random", false),
            entrant("heuristic", true),
            entrant("random#2", false),
        ];
        let results = arena(&config(3, 30, 1), &entrants, |_| {}).unwrap();
        let text = results.to_string();
        let lines: Vec<&str> = text.lines().collect();
        // Header, three ladder rows, the seat title, its header, three seat rows.
        assert_eq!(lines.len(), 9, "{text}");
        let first = results.ladder()[0];
        assert!(lines[1].starts_with(&format!(" 1  {}", results.standings[first].name)));
        assert_eq!(lines[4], "Win rate by seat (95% CI):");
        assert!(lines[5].ends_with("seat 2"));
        assert!(lines[6].starts_with(&results.standings[first].name));
    }

    #[test]
    fn tables_are_every_subset_once() {
        assert_eq!(
            combinations(4, 3),
            [vec![0, 1, 2], vec![0, 1, 3], vec![0, 2, 3], vec![1, 2, 3]]
        );
        assert_eq!(combinations(5, 4).len(), 5);
        assert_eq!(combinations(16, 6).len(), 8008);
        assert_eq!(combinations(3, 3), [vec![0, 1, 2]]);
    }

    #[test]
    fn rotations_seat_every_entrant_at_every_seat() {
        // 5 entrants at 3 seats: 10 tables; 20 deals seat each table twice.
        let entrants: Vec<_> = (0..5)
            .map(|i| entrant(&format!("e{i}"), i % 2 == 0))
            .collect();
        let results = arena(&config(3, 20, 2), &entrants, |_| {}).unwrap();
        assert_eq!(results.games, 60);
        for row in &results.standings {
            // Each entrant sits at 6 of the 10 tables, twice each: 12 deals, 36 games.
            assert_eq!((row.deals, row.games), (12, 36), "{}", row.name);
            for seat in &row.by_seat {
                assert_eq!(seat.games, 12, "{}: one game a seat a deal", row.name);
            }
        }
        let tables = combinations(5, 3);
        for (d, table) in tables.iter().enumerate() {
            for r in 0..3 {
                let seated: Vec<usize> = rotation(table, r).collect();
                let mut sorted = seated.clone();
                sorted.sort_unstable();
                assert_eq!(&sorted, table, "deal {d}: a rotation seats the table");
            }
            for s in 0..3 {
                let at_s: Vec<usize> = (0..3).map(|r| rotation(table, r).nth(s).unwrap()).collect();
                let mut sorted = at_s.clone();
                sorted.sort_unstable();
                assert_eq!(&sorted, table, "seat {s} holds every entrant once");
            }
        }
    }

    /// The cards dealt to each seat in every round of a game played by `seated`.
    fn deals_of(
        players: u8,
        seated: &[usize],
        entrants: &[Entrant<'_>],
        seed: u64,
    ) -> Vec<Option<CardId>> {
        let mut bots: Vec<Box<dyn Bot>> = seated
            .iter()
            .map(|&e| (entrants[e].make)(seed + e as u64 + 1))
            .collect();
        let mut refs: Vec<&mut dyn Bot> =
            bots.iter_mut().map(|b| &mut **b as &mut dyn Bot).collect();
        let mut game = Game::new(Config::new(players)).unwrap();
        assert!(play(
            &mut game,
            &mut refs,
            &mut Generator::new(seed),
            &mut ()
        ));
        assert_eq!(game.phase(), Phase::GameOver);
        (0..3)
            .flat_map(|round| Seat::all(usize::from(players)).map(move |s| (round, s)))
            .map(|(round, s)| game.objective_card(round, s))
            .collect()
    }

    #[test]
    fn every_rotation_of_a_deal_gets_the_same_cards() {
        let entrants = [
            entrant("h", true),
            entrant("r", false),
            entrant("r2", false),
            entrant("h2", true),
        ];
        for seed in 0..20 {
            let table = [0, 1, 2, 3];
            let first = deals_of(4, &rotation(&table, 0).collect::<Vec<_>>(), &entrants, seed);
            assert!(first.iter().all(Option::is_some));
            for r in 1..4 {
                let seated: Vec<usize> = rotation(&table, r).collect();
                assert_eq!(
                    deals_of(4, &seated, &entrants, seed),
                    first,
                    "seed {seed} rotation {r}"
                );
            }
        }
    }

    #[test]
    fn results_do_not_depend_on_the_thread_count() {
        let entrants = [
            entrant("h", true),
            entrant("r", false),
            entrant("r2", false),
            entrant("h2", true),
        ];
        let one = arena(&config(3, 16, 1), &entrants, |_| {}).unwrap();
        for threads in [2, 3, 7] {
            assert_eq!(
                arena(&config(3, 16, threads), &entrants, |_| {}).unwrap(),
                one
            );
        }
        let other_seed = ArenaConfig {
            seed: 8,
            ..config(3, 16, 1)
        };
        assert_ne!(arena(&other_seed, &entrants, |_| {}).unwrap(), one);
    }

    #[test]
    fn statistics_and_ratings_are_sane() {
        let entrants = [
            entrant("h", true),
            entrant("r", false),
            entrant("r2", false),
        ];
        let results = arena(&config(3, 60, 2), &entrants, |_| {}).unwrap();
        let wins: f64 = results.standings.iter().map(|s| s.wins).sum();
        assert!(
            (wins - f64::from(results.games)).abs() < 1e-9,
            "one win a game"
        );
        for s in &results.standings {
            assert!((0.0..=1.0).contains(&s.win_rate()));
            assert!(
                s.win_rate_ci95() > 0.0 && s.win_rate_ci95() < 0.5,
                "{}",
                s.name
            );
            assert!(s.mean_score_ci95() > 0.0 && s.mean_score_ci95() < 20.0);
            assert!(s.uncertainty > 0.0 && s.uncertainty < 25.0 / 3.0);
            let by_seat: u32 = s.by_seat.iter().map(|x| x.games).sum();
            assert_eq!(by_seat, s.games);
        }
        let ladder = results.ladder();
        assert_eq!(ladder[0], 0, "the heuristic bot tops the ladder");
        // Equal entrants: the two random bots' ratings overlap.
        let (a, b) = (&results.standings[1], &results.standings[2]);
        assert!((a.rating - b.rating).abs() < 2.0 * (a.uncertainty + b.uncertainty));
    }

    #[test]
    fn bad_settings_play_nothing() {
        let entrants = [
            entrant("h", true),
            entrant("r", false),
            entrant("r2", false),
        ];
        let played = AtomicU32::new(0);
        let count = |_| {
            played.fetch_add(1, Ordering::Relaxed);
        };
        let cases = [
            (config(3, 0, 1), ArenaError::Deals(0)),
            (
                config(3, ArenaConfig::MAX_DEALS + 1, 1),
                ArenaError::Deals(ArenaConfig::MAX_DEALS + 1),
            ),
            (config(3, 3, 0), ArenaError::Threads(0)),
            (config(3, 3, 65), ArenaError::Threads(65)),
            (
                config(4, 3, 1),
                ArenaError::Entrants {
                    entrants: 3,
                    players: 4,
                },
            ),
            (config(7, 3, 1), ArenaError::Config(ConfigError::Players(7))),
        ];
        for (config, error) in cases {
            assert_eq!(arena(&config, &entrants, count), Err(error));
        }
        assert_eq!(played.load(Ordering::Relaxed), 0);
        let many: Vec<_> = (0..17).map(|i| entrant(&i.to_string(), false)).collect();
        assert_eq!(
            config(3, 3, 1).validate(many.len()),
            Err(ArenaError::Entrants {
                entrants: 17,
                players: 3
            })
        );
        assert_eq!(
            ArenaError::<ConfigError>::Entrants {
                entrants: 2,
                players: 3
            }
            .to_string(),
            "2 entrants for a 3-player game: give 3 to 16 entrants"
        );
    }
}
