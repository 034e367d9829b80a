//! Court tournaments: many games between bots, seats rotated, with King Up!'s standings.

use std::fmt;

use kingup_court::{Config, ConfigError, Game};
use kingup_court::{Generator, Seat};

use super::{Bot, play};
use crate::tournament::{check_entrants, check_limits, entrant_at, game_seed, run};
use crate::{Standing, Standings};

/// Makes a fresh court bot for one game from a seed.
pub type BotFactory<'a> = Box<dyn Fn(u64) -> Box<dyn Bot> + Sync + 'a>;

/// One competitor: a name and a way to make its bot.
pub struct Entrant<'a> {
    /// Shown in the standings.
    pub name: String,
    /// Makes the bot for a game, from a per-game seed.
    pub make: BotFactory<'a>,
}

impl fmt::Debug for Entrant<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Entrant").field("name", &self.name).finish()
    }
}

/// What to play; the limits on games and threads are King Up!'s
/// ([`crate::TournamentConfig::MAX_GAMES`], [`crate::TournamentConfig::MAX_THREADS`]).
#[derive(Clone, Copy, Debug)]
pub struct TournamentConfig {
    /// The game; its player count is the number of entrants. Bound it with `max_rounds`
    /// ([`Config::SIMULATION_ROUNDS`]) unless every entrant is sure to buy the King.
    pub game: Config,
    /// Games to play. Seats rotate every game, so a multiple of the player count is fair.
    pub games: u32,
    /// Seeds every game's chance and bots.
    pub seed: u64,
    /// Worker threads (results do not depend on it).
    pub threads: usize,
}

impl TournamentConfig {
    /// Checks every setting: a playable game, and games and threads within the limits.
    ///
    /// ```
    /// use kingup_bots::court::{TournamentConfig, TournamentError};
    /// use kingup_court::{Config, ConfigError};
    ///
    /// let mut config = TournamentConfig { game: Config::new(4), games: 100, seed: 1, threads: 2 };
    /// assert_eq!(config.validate(), Ok(()));
    /// config.game = Config::new(6);
    /// assert_eq!(config.validate(), Err(TournamentError::Config(ConfigError::Players(6))));
    /// ```
    pub fn validate(&self) -> Result<(), TournamentError> {
        self.game.validate()?;
        Ok(check_limits(self.games, self.threads)?)
    }
}

/// Why a court tournament was not played; nothing was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    /// The court game is not playable.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// Games, threads or entrants out of bounds (never
    /// [`crate::TournamentError::Config`]: that is King Up!'s config).
    #[error(transparent)]
    Setup(#[from] crate::TournamentError),
}

impl TournamentError {
    /// A stable snake_case code: `"invalid_config"`, or the code of
    /// [`crate::TournamentError`] (`"games"`, `"threads"`, `"entrants"`).
    pub const fn code(&self) -> &'static str {
        match self {
            TournamentError::Config(_) => "invalid_config",
            TournamentError::Setup(error) => error.code(),
        }
    }
}

/// Plays a court tournament: game `g` seats entrant `(s + g) mod n` at seat `s`, with
/// chance drawn from a [`Generator`] seeded per game and bots made from per-game seeds (the
/// same seeds as King Up!'s [`crate::tournament`]). `progress` is called with the number of
/// finished games after each one (from worker threads).
///
/// In the standings a win counts 1 (a court game has one winner), a game truncated at
/// `max_rounds` counts as played and won by nobody, and the score is the number of cards a
/// seat owns at the end (the Charlatan counted once). A game a bot breaks off (no action,
/// or an illegal one) is left out, as in [`crate::tournament`]. Results are the same for any
/// thread count; on an error nothing is played.
///
/// ```
/// use kingup_bots::court::{Bot, Entrant, GreedyBot, RandomBot, TournamentConfig, tournament};
/// use kingup_court::Generator;
/// use kingup_court::Config;
///
/// let greedy = Entrant { name: "greedy".into(), make: Box::new(|_| Box::new(GreedyBot::new()) as Box<dyn Bot>) };
/// let random = Entrant {
///     name: "random".into(),
///     make: Box::new(|seed| Box::new(RandomBot::new(Generator::new(seed))) as Box<dyn Bot>),
/// };
/// let mut game = Config::new(2);
/// game.max_rounds = Some(Config::SIMULATION_ROUNDS);
/// let config = TournamentConfig { game, games: 20, seed: 1, threads: 2 };
/// let standings = tournament(&config, &[greedy, random], |_| {})?;
/// assert!(standings.0[0].win_rate() > standings.0[1].win_rate());
/// println!("{standings}");
/// # Ok::<(), kingup_bots::court::TournamentError>(())
/// ```
pub fn tournament(
    config: &TournamentConfig,
    entrants: &[Entrant<'_>],
    progress: impl Fn(u32) + Sync,
) -> Result<Standings, TournamentError> {
    config.validate()?;
    check_entrants(entrants.len(), config.game.player_count())?;
    let names: Vec<&str> = entrants.iter().map(|e| e.name.as_str()).collect();
    let play_one = |g, rows: &mut [Standing]| play_game(config, entrants, g, rows);
    Ok(run(
        &names,
        config.games,
        config.threads,
        play_one,
        progress,
    ))
}

/// Plays game number `g` and adds its result to `rows`.
fn play_game(config: &TournamentConfig, entrants: &[Entrant<'_>], g: u32, rows: &mut [Standing]) {
    let n = entrants.len();
    let seed = game_seed(config.seed, g);
    let mut bots: Vec<Box<dyn Bot>> = (0..n)
        .map(|seat| (entrants[entrant_at(seat, g, n)].make)(seed.wrapping_add(seat as u64 + 1)))
        .collect();
    let mut refs: Vec<&mut dyn Bot> = bots.iter_mut().map(|b| &mut **b as &mut dyn Bot).collect();
    let Ok(mut game) = Game::new(config.game) else {
        return;
    };
    if !play(&mut game, &mut refs, &mut Generator::new(seed), &mut ()) {
        return;
    }
    for seat in Seat::all(n) {
        let cards = game.cards(seat).len() as f64;
        let win = f64::from(u8::from(game.winner() == Some(seat)));
        rows[entrant_at(seat.index(), g, n)].record(cards, win);
    }
}
