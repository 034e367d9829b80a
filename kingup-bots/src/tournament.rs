//! Tournaments: many games between bots, seats rotated, results with confidence intervals,
//! for either game.

use std::fmt;
use std::sync::atomic::{AtomicU32, Ordering};

use kingup_core::kingup_table::{GameConfig, Rules, SeatView};
use kingup_core::rand_core::Rng;
use kingup_core::{Config, ConfigError, PlayerView, Seat};

use crate::{Bot, Forfeits, play};

/// Makes a fresh bot for one game from a seed: a bot that decides from views `V` (King
/// Up!'s [`PlayerView`] unless said otherwise, `kingup_court::PlayerView` for To Court the
/// King).
pub type BotFactory<'a, V = PlayerView> = Box<dyn Fn(u64) -> Box<dyn Bot<V>> + Sync + 'a>;

/// The game a view `V` is a view of.
pub(crate) type GameOf<V> = <V as SeatView>::Game;

/// The config of the game a view `V` is a view of.
pub(crate) type ConfigOf<V> = <GameOf<V> as Rules>::Config;

/// The config error of the game a view `V` is a view of.
pub(crate) type ConfigErrorOf<V> = <GameOf<V> as Rules>::ConfigError;

/// One competitor: a name and a way to make its bot, of the game whose views are `V`.
pub struct Entrant<'a, V = PlayerView> {
    /// Shown in the standings.
    pub name: String,
    /// Makes the bot for a game, from a per-game seed.
    pub make: BotFactory<'a, V>,
}

impl<V> fmt::Debug for Entrant<'_, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Entrant").field("name", &self.name).finish()
    }
}

/// What to play: a game's config `C` (King Up!'s unless said otherwise) and how many games.
/// [`TournamentConfig::validate`] checks it against the limits below, the limits of every
/// front end (the `kingup tournament` command line reads them from here).
#[derive(Clone, Copy, Debug)]
pub struct TournamentConfig<C = Config> {
    /// The game; its player count is the number of entrants.
    pub game: C,
    /// Games to play, `1..=`[`TournamentConfig::MAX_GAMES`]. Seats rotate every game, so a
    /// multiple of the player count is fair.
    pub games: u32,
    /// Seeds every game's chance and bots.
    pub seed: u64,
    /// Worker threads, `1..=`[`TournamentConfig::MAX_THREADS`] (results do not depend on
    /// it).
    pub threads: usize,
}

impl TournamentConfig {
    /// Most games one tournament plays: a hundred million, days of play for the fastest
    /// bots; more is more batches.
    pub const MAX_GAMES: u32 = 100_000_000;
    /// Most worker threads: more than any machine the tournament would gain from, few
    /// enough that a typo cannot spawn thousands.
    pub const MAX_THREADS: usize = 64;
}

impl<C: GameConfig> TournamentConfig<C> {
    /// Checks every setting: a playable game, `1..=MAX_GAMES` games, `1..=MAX_THREADS`
    /// threads. [`tournament`] calls it before playing anything.
    ///
    /// ```
    /// use kingup_bots::{TournamentConfig, TournamentError};
    /// use kingup_core::Config;
    ///
    /// let mut config = TournamentConfig { game: Config::new(4), games: 100, seed: 1, threads: 2 };
    /// assert_eq!(config.validate(), Ok(()));
    /// config.threads = TournamentConfig::MAX_THREADS + 1;
    /// assert_eq!(config.validate(), Err(TournamentError::Threads(65)));
    /// ```
    pub fn validate(&self) -> Result<(), TournamentError<C::Error>> {
        self.game.validate().map_err(TournamentError::Config)?;
        check_limits(self.games, self.threads)
    }
}

/// Checks the game and thread counts against [`TournamentConfig::MAX_GAMES`] and
/// [`TournamentConfig::MAX_THREADS`] (every tournament, of either game, has these limits).
pub(crate) fn check_limits<E>(games: u32, threads: usize) -> Result<(), TournamentError<E>> {
    if !(1..=TournamentConfig::MAX_GAMES).contains(&games) {
        return Err(TournamentError::Games(games));
    }
    if !(1..=TournamentConfig::MAX_THREADS).contains(&threads) {
        return Err(TournamentError::Threads(threads));
    }
    Ok(())
}

/// Checks that there is one entrant a seat.
pub(crate) fn check_entrants<E>(entrants: usize, players: usize) -> Result<(), TournamentError<E>> {
    if entrants == players {
        Ok(())
    } else {
        Err(TournamentError::Entrants { entrants, players })
    }
}

/// Why a tournament was not played; nothing was. `E` is the game's config error (King
/// Up!'s unless said otherwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError<E = ConfigError> {
    /// The game is not playable.
    #[error(transparent)]
    Config(E),
    /// Games must be in `1..=`[`TournamentConfig::MAX_GAMES`].
    #[error("a tournament plays 1 to {max} games, not {0}", max = TournamentConfig::MAX_GAMES)]
    Games(u32),
    /// Threads must be in `1..=`[`TournamentConfig::MAX_THREADS`].
    #[error("a tournament runs on 1 to {max} threads, not {0}", max = TournamentConfig::MAX_THREADS)]
    Threads(usize),
    /// One entrant a seat.
    #[error("{entrants} entrants for a {players}-player game: give one entrant a seat")]
    Entrants {
        /// Entrants given.
        entrants: usize,
        /// Seats in the game.
        players: usize,
    },
}

impl<E> TournamentError<E> {
    /// A stable snake_case code (bindings expose it): `"invalid_config"`, `"games"`,
    /// `"threads"` or `"entrants"`.
    pub const fn code(&self) -> &'static str {
        match self {
            TournamentError::Config(_) => "invalid_config",
            TournamentError::Games(_) => "games",
            TournamentError::Threads(_) => "threads",
            TournamentError::Entrants { .. } => "entrants",
        }
    }
}

/// One entrant's results.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The entrant's name.
    pub name: String,
    /// Games played.
    pub games: u32,
    /// Wins, a shared win counting `1 / winners`.
    pub wins: f64,
    /// Sum of final totals.
    pub score_sum: f64,
    /// Sum of squared final totals.
    pub score_sq_sum: f64,
    /// Moves its bot forfeited (an engine in another process: see [`Forfeits`]).
    pub forfeits: Forfeits,
}

impl Standing {
    /// An entrant with no games yet.
    pub(crate) fn new(name: &str) -> Standing {
        Standing {
            name: name.to_owned(),
            games: 0,
            wins: 0.0,
            score_sum: 0.0,
            score_sq_sum: 0.0,
            forfeits: Forfeits::default(),
        }
    }

    /// Counts one game: the entrant's final `score` and its share of the win (0 to 1).
    pub(crate) fn record(&mut self, score: f64, win: f64) {
        self.games += 1;
        self.score_sum += score;
        self.score_sq_sum += score * score;
        self.wins += win;
    }

    /// Adds another part's counts (the same entrant's games on another thread).
    fn add(&mut self, other: &Standing) {
        self.games += other.games;
        self.wins += other.wins;
        self.score_sum += other.score_sum;
        self.score_sq_sum += other.score_sq_sum;
        self.forfeits += other.forfeits;
    }

    /// Share of games won.
    pub fn win_rate(&self) -> f64 {
        self.wins / f64::from(self.games.max(1))
    }

    /// Half-width of the 95 % confidence interval of the win rate (normal approximation).
    pub fn win_rate_ci95(&self) -> f64 {
        let p = self.win_rate();
        1.96 * (p * (1.0 - p) / f64::from(self.games.max(1))).sqrt()
    }

    /// Mean final total.
    pub fn mean_score(&self) -> f64 {
        self.score_sum / f64::from(self.games.max(1))
    }

    /// Half-width of the 95 % confidence interval of the mean final total.
    pub fn mean_score_ci95(&self) -> f64 {
        let n = f64::from(self.games.max(1));
        let mean = self.mean_score();
        let var = (self.score_sq_sum / n - mean * mean).max(0.0) * n / (n - 1.0).max(1.0);
        1.96 * (var / n).sqrt()
    }
}

/// The results of a tournament, one row per entrant in entry order.
#[derive(Clone, Debug, PartialEq)]
pub struct Standings(pub Vec<Standing>);

impl fmt::Display for Standings {
    /// A table: entrant, games, win rate ± 95 % CI, mean score ± 95 % CI.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<12} {:>6}  {:>15}  {:>15}",
            "bot", "games", "win rate", "mean score"
        )?;
        for s in &self.0 {
            writeln!(
                f,
                "{:<12} {:>6}  {:>6.1}% ± {:>4.1}%  {:>7.2} ± {:>5.2}",
                s.name,
                s.games,
                100.0 * s.win_rate(),
                100.0 * s.win_rate_ci95(),
                s.mean_score(),
                s.mean_score_ci95()
            )?;
        }
        if self.0.iter().any(|s| s.forfeits.total() > 0) {
            writeln!(f, "Forfeited moves (played at random for the engine):")?;
            for s in self.0.iter().filter(|s| s.forfeits.total() > 0) {
                writeln!(f, "{:<12} {}", s.name, s.forfeits)?;
            }
        }
        Ok(())
    }
}

/// `names` made distinct for a table: a name that appears more than once is numbered by
/// its order of appearance (`random#1`, `random#2`); the others are kept.
///
/// ```
/// use kingup_bots::numbered;
///
/// let names = ["random", "heuristic", "random"].map(String::from);
/// assert_eq!(numbered(&names), ["random#1", "heuristic", "random#2"]);
/// ```
pub fn numbered(names: &[String]) -> Vec<String> {
    names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            if names.iter().filter(|&n| n == name).count() == 1 {
                name.clone()
            } else {
                let nth = names[..=i].iter().filter(|&n| n == name).count();
                format!("{name}#{nth}")
            }
        })
        .collect()
}

/// Plays a tournament: game `g` seats entrant `(s + g) mod n` at seat `s`, with chance drawn
/// from `rng(seed of g)` and bots made from per-game seeds. `progress` is called with the
/// number of finished games after each one (from worker threads).
///
/// Results are the same for any thread count. The config is checked first
/// ([`TournamentConfig::validate`]), and so is the number of entrants (one a seat): on an
/// error nothing is played.
pub fn tournament<V: SeatView, R: Rng>(
    config: &TournamentConfig<ConfigOf<V>>,
    entrants: &[Entrant<'_, V>],
    rng: impl Fn(u64) -> R + Sync,
    progress: impl Fn(u32) + Sync,
) -> Result<Standings, TournamentError<ConfigErrorOf<V>>> {
    config.validate()?;
    check_entrants(entrants.len(), config.game.players())?;
    let names: Vec<&str> = entrants.iter().map(|e| e.name.as_str()).collect();
    Ok(run(
        &names,
        config.games,
        config.threads,
        |g, rows| play_one(config, entrants, g, &rng, rows),
        progress,
    ))
}

/// The seed of game number `g` of a tournament seeded `seed`: its chance, and its bots'
/// seeds (`+ seat + 1`).
pub(crate) fn game_seed(seed: u64, g: u32) -> u64 {
    seed ^ (u64::from(g) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The entrant at `seat` in game `g` of `n` entrants: seats rotate every game.
pub(crate) fn entrant_at(seat: usize, g: u32, n: usize) -> usize {
    (seat + g as usize) % n
}

/// Plays games `0..games` on `threads` threads, `play_one(g, rows)` adding game `g`'s
/// results to per-thread rows (one per name), and sums the rows. `progress` is called with
/// the number of finished games after each one. The sums do not depend on `threads`.
pub(crate) fn run(
    names: &[&str],
    games: u32,
    threads: usize,
    play_one: impl Fn(u32, &mut [Standing]) + Sync,
    progress: impl Fn(u32) + Sync,
) -> Standings {
    let empty = || -> Vec<Standing> { names.iter().map(|name| Standing::new(name)).collect() };
    let finished = AtomicU32::new(0);
    let per_thread: Vec<Vec<Standing>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let (play_one, progress, finished, empty) =
                    (&play_one, &progress, &finished, &empty);
                scope.spawn(move || {
                    let mut rows = empty();
                    for g in (t as u32..games).step_by(threads) {
                        play_one(g, &mut rows);
                        progress(finished.fetch_add(1, Ordering::Relaxed) + 1);
                    }
                    rows
                })
            })
            .collect();
        // A panicking bot (an entrant's own code) panics the caller as it would on one
        // thread, rather than leaving its games out of the standings.
        workers
            .into_iter()
            .map(|w| {
                w.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    });
    let mut rows = empty();
    for part in per_thread {
        for (row, p) in rows.iter_mut().zip(&part) {
            row.add(p);
        }
    }
    Standings(rows)
}

/// Plays game number `g` and adds its result to `rows`.
fn play_one<V: SeatView, R: Rng>(
    config: &TournamentConfig<ConfigOf<V>>,
    entrants: &[Entrant<'_, V>],
    g: u32,
    rng: &impl Fn(u64) -> R,
    rows: &mut [Standing],
) {
    let n = entrants.len();
    let game_seed = game_seed(config.seed, g);
    let mut bots: Vec<Box<dyn Bot<V>>> = (0..n)
        .map(|seat| {
            (entrants[entrant_at(seat, g, n)].make)(game_seed.wrapping_add(seat as u64 + 1))
        })
        .collect();
    let mut refs: Vec<&mut dyn Bot<V>> = bots.iter_mut().map(|b| &mut **b as _).collect();
    let Ok(mut game) = GameOf::<V>::new_with(config.game, &mut ()) else {
        return;
    };
    let finished = play(&mut game, &mut refs, &mut rng(game_seed), &mut ());
    for seat in Seat::all(n) {
        let row = &mut rows[entrant_at(seat.index(), g, n)];
        row.forfeits += refs[seat.index()].forfeits();
        if finished {
            row.record(f64::from(game.score(seat)), game.win_share(seat));
        }
    }
}

#[cfg(test)]
mod tests {
    use kingup_core::Generator;

    use super::*;
    use crate::RandomBot;

    fn random<'a>() -> Entrant<'a> {
        Entrant {
            name: "random".into(),
            make: Box::new(|seed| Box::new(RandomBot::new(Generator::new(seed))) as Box<dyn Bot>),
        }
    }

    fn config(games: u32, threads: usize) -> TournamentConfig {
        TournamentConfig {
            game: Config::new(3),
            games,
            seed: 1,
            threads,
        }
    }

    #[test]
    fn every_setting_has_one_limit_checked_before_anything_is_played() {
        let entrants = [random(), random(), random()];
        let cases = [
            (config(0, 1), TournamentError::Games(0)),
            (
                config(TournamentConfig::MAX_GAMES + 1, 1),
                TournamentError::Games(TournamentConfig::MAX_GAMES + 1),
            ),
            (config(3, 0), TournamentError::Threads(0)),
            (
                config(3, TournamentConfig::MAX_THREADS + 1),
                TournamentError::Threads(TournamentConfig::MAX_THREADS + 1),
            ),
            (
                TournamentConfig {
                    game: Config::new(7),
                    ..config(3, 1)
                },
                TournamentError::Config(ConfigError::Players(7)),
            ),
        ];
        for (config, error) in cases {
            assert_eq!(config.validate(), Err(error));
            let played = AtomicU32::new(0);
            let result = tournament(&config, &entrants, Generator::new, |_| {
                played.fetch_add(1, Ordering::Relaxed);
            });
            assert_eq!(result, Err(error));
            assert_eq!(played.load(Ordering::Relaxed), 0, "{error}");
        }
        let two = [random(), random()];
        let result = tournament(&config(3, 1), &two, Generator::new, |_| {});
        let error = TournamentError::Entrants {
            entrants: 2,
            players: 3,
        };
        assert_eq!(result, Err(error));
        assert_eq!(
            error.to_string(),
            "2 entrants for a 3-player game: give one entrant a seat"
        );
        assert_eq!(
            TournamentError::<ConfigError>::Threads(65).to_string(),
            "a tournament runs on 1 to 64 threads, not 65"
        );
    }

    /// Fails on its first move.
    struct Broken;

    impl Bot for Broken {
        fn choose(&mut self, _: &kingup_core::PlayerView) -> Option<kingup_core::Action> {
            panic!("broken bot")
        }

        fn name(&self) -> &str {
            "broken"
        }
    }

    #[test]
    fn a_panicking_bot_panics_the_caller_instead_of_losing_games() {
        let broken = Entrant {
            name: "broken".into(),
            make: Box::new(|_| Box::new(Broken) as Box<dyn Bot>),
        };
        let entrants = [random(), random(), broken];
        for threads in [1, 2] {
            let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                tournament(&config(4, threads), &entrants, Generator::new, |_| {})
            }));
            let panic = run.expect_err("the broken bot's panic reaches the caller");
            assert_eq!(
                panic.downcast_ref::<&str>(),
                Some(&"broken bot"),
                "{threads} threads"
            );
        }
    }

    #[test]
    fn the_limits_themselves_are_accepted() {
        let at_limits = TournamentConfig {
            games: TournamentConfig::MAX_GAMES,
            threads: TournamentConfig::MAX_THREADS,
            ..config(1, 1)
        };
        assert_eq!(at_limits.validate(), Ok(()));
        // Many threads for few games: the idle ones finish at once.
        let standings = tournament(
            &config(3, TournamentConfig::MAX_THREADS),
            &[random(), random(), random()],
            Generator::new,
            |_| {},
        )
        .unwrap();
        assert!(standings.0.iter().all(|s| s.games == 3));
    }
}
