//! Bots by name: the kinds every front end offers, their settings, checked in one place.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use kingup_core::{Action, Generator, PlayerView};

use crate::{Bot, HeuristicBot, IsmctsBot, IsmctsConfig, RandomBot};

/// The kinds of bot, by the names front ends use (`"random"`, `"heuristic"`, `"ismcts"`,
/// `"reader"`).
///
/// ```
/// use kingup_bots::BotKind;
///
/// assert_eq!("ismcts".parse::<BotKind>(), Ok(BotKind::Ismcts));
/// assert_eq!(BotKind::Heuristic.to_string(), "heuristic");
/// assert_eq!(
///     "ISMCTS".parse::<BotKind>().unwrap_err().to_string(),
///     "unknown bot \"ISMCTS\": expected random, heuristic, ismcts or reader (lower case, no spaces)"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotKind {
    /// [`RandomBot`]: uniformly among the legal actions.
    Random,
    /// [`HeuristicBot`]: rules of thumb, fast.
    Heuristic,
    /// [`IsmctsBot`] with [`IsmctsConfig::default`]: search over worlds sampled uniformly
    /// from its view.
    Ismcts,
    /// [`IsmctsBot`] with the preset [`IsmctsConfig::reader`]: the same search, reading
    /// each opponent over the game (its card, and whether it plays by its card or at
    /// random); the strongest.
    Reader,
}

impl BotKind {
    /// Every kind, weakest first.
    pub const ALL: [BotKind; 4] = [
        BotKind::Random,
        BotKind::Heuristic,
        BotKind::Ismcts,
        BotKind::Reader,
    ];

    /// The kind's name.
    pub const fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Heuristic => "heuristic",
            BotKind::Ismcts => "ismcts",
            BotKind::Reader => "reader",
        }
    }

    /// Whether the kind searches, and so takes [`BotSpec::search`] settings (an iteration
    /// count, a time limit, an exploration constant): `ismcts` and `reader`.
    ///
    /// ```
    /// use kingup_bots::BotKind;
    ///
    /// assert!(BotKind::Reader.searches());
    /// assert!(!BotKind::Heuristic.searches());
    /// ```
    pub const fn searches(self) -> bool {
        matches!(self, BotKind::Ismcts | BotKind::Reader)
    }

    /// The search settings a [`BotSpec`] of this kind starts from: the preset
    /// [`IsmctsConfig::reader`] for `reader`, [`IsmctsConfig::default`] for every other kind.
    pub fn default_search(self) -> IsmctsConfig {
        match self {
            BotKind::Reader => IsmctsConfig::reader(),
            _ => IsmctsConfig::default(),
        }
    }
}

impl fmt::Display for BotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// A name that is not a bot kind (the text is kept to at most 32 characters).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown bot {0:?}: expected random, heuristic, ismcts or reader (lower case, no spaces)")]
pub struct ParseBotKindError(String);

impl FromStr for BotKind {
    type Err = ParseBotKindError;

    /// A kind's name exactly as [`BotKind::name`] spells it: in lower case, without
    /// spaces (`ISMCTS` and ` random` are refused).
    fn from_str(text: &str) -> Result<BotKind, ParseBotKindError> {
        BotKind::ALL
            .into_iter()
            .find(|k| k.name() == text)
            .ok_or_else(|| ParseBotKindError(text.chars().take(32).collect()))
    }
}

/// A setting of a [`BotSpec`] out of its range.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum BotError {
    /// Iterations per decision must be in `1..=`[`IsmctsConfig::MAX_ITERATIONS`].
    #[error("iterations must be 1 to {max}, not {0}", max = IsmctsConfig::MAX_ITERATIONS)]
    Iterations(u64),
    /// The exploration constant must be finite and not negative.
    #[error("exploration must be a finite number >= 0, not {0}")]
    Exploration(f64),
    /// A time limit must be more than zero and at most [`IsmctsConfig::MAX_TIME_LIMIT`].
    #[error("a time limit must be more than 0 and at most {max} s, not {0:?}", max = IsmctsConfig::MAX_TIME_LIMIT.as_secs())]
    TimeLimit(Duration),
}

impl BotError {
    /// A stable snake_case code (bindings expose it): `"iterations"`, `"exploration"` or
    /// `"time_limit"`.
    pub const fn code(&self) -> &'static str {
        match self {
            BotError::Iterations(_) => "iterations",
            BotError::Exploration(_) => "exploration",
            BotError::TimeLimit(_) => "time_limit",
        }
    }
}

/// What bot to build: a kind and, for the searching kinds, its search settings. Every
/// front end builds its bots from one, so the names, defaults and limits are the same
/// everywhere.
///
/// ```
/// use kingup_bots::{Bot, BotKind, BotSpec};
/// use kingup_core::{Actor, Config, Game, Generator};
///
/// let spec = BotSpec::new(BotKind::Ismcts).with_iterations(200)?;
/// let mut bot = spec.build(7);
/// let mut game = Game::new(Config::new(4))?;
/// game.resolve_chance(&mut Generator::new(1), &mut ());
/// let seat = game.next_seat().unwrap();
/// let action = bot.choose(&game.player_view(seat)).unwrap();
/// assert!(game.is_legal(seat, action));
///
/// assert!(BotSpec::new(BotKind::Ismcts).with_iterations(0).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BotSpec {
    /// The kind of bot.
    pub kind: BotKind,
    /// The search settings (used by the kinds that [search](BotKind::searches) only).
    pub search: IsmctsConfig,
}

impl BotSpec {
    /// A bot of `kind` with the kind's default settings ([`BotKind::default_search`]).
    ///
    /// ```
    /// use kingup_bots::{BotKind, BotSpec, IsmctsConfig};
    ///
    /// assert_eq!(BotSpec::new(BotKind::Reader).search, IsmctsConfig::reader());
    /// assert_eq!(BotSpec::new(BotKind::Ismcts).search, IsmctsConfig::default());
    /// ```
    pub fn new(kind: BotKind) -> BotSpec {
        BotSpec {
            kind,
            search: kind.default_search(),
        }
    }

    /// The name a table shows for this bot: the kind's name, with the search budget for
    /// the searching kinds (`ismcts-300`, `reader-300`).
    ///
    /// ```
    /// use kingup_bots::{BotKind, BotSpec};
    ///
    /// assert_eq!(BotSpec::new(BotKind::Heuristic).label(), "heuristic");
    /// assert_eq!(BotSpec::new(BotKind::Ismcts).with_iterations(300)?.label(), "ismcts-300");
    /// assert_eq!(BotSpec::new(BotKind::Reader).with_iterations(300)?.label(), "reader-300");
    /// # Ok::<(), kingup_bots::BotError>(())
    /// ```
    pub fn label(&self) -> String {
        if self.kind.searches() {
            format!("{}-{}", self.kind.name(), self.search.iterations)
        } else {
            self.kind.name().to_owned()
        }
    }

    /// The same bot searching `iterations` times per decision.
    pub fn with_iterations(mut self, iterations: u32) -> Result<BotSpec, BotError> {
        self.search.iterations = iterations;
        self.validate().map(|()| self)
    }

    /// Checks every setting against its range.
    pub fn validate(&self) -> Result<(), BotError> {
        let s = &self.search;
        if !(1..=IsmctsConfig::MAX_ITERATIONS).contains(&s.iterations) {
            return Err(BotError::Iterations(u64::from(s.iterations)));
        }
        if !(s.exploration.is_finite() && s.exploration >= 0.0) {
            return Err(BotError::Exploration(s.exploration));
        }
        match s.time_limit {
            Some(t) if t.is_zero() || t > IsmctsConfig::MAX_TIME_LIMIT => {
                Err(BotError::TimeLimit(t))
            }
            _ => Ok(()),
        }
    }

    /// A fresh bot drawing from the [`Generator`] of `seed`: the same spec, seed and calls
    /// give the same actions in every language. Build from a validated spec: out-of-range
    /// settings are clamped.
    pub fn build(&self, seed: u64) -> AnyBot {
        let rng = Generator::new(seed);
        match self.kind {
            BotKind::Random => AnyBot::Random(RandomBot::new(rng)),
            BotKind::Heuristic => AnyBot::Heuristic(HeuristicBot::new(rng)),
            BotKind::Ismcts => AnyBot::Ismcts(IsmctsBot::new(rng, self.clamped_search())),
            BotKind::Reader => AnyBot::Reader(IsmctsBot::new(rng, self.clamped_search())),
        }
    }

    /// The search settings with the iteration count clamped to its range.
    fn clamped_search(&self) -> IsmctsConfig {
        let mut search = self.search;
        search.iterations = search.iterations.clamp(1, IsmctsConfig::MAX_ITERATIONS);
        search
    }
}

/// Text that is no bot spec (the text is kept to at most 32 characters).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseBotSpecError {
    /// The name before any `:` is no bot kind.
    #[error(transparent)]
    Kind(#[from] ParseBotKindError),
    /// The count after `ismcts:` or `reader:` is not a whole number in range, written in
    /// decimal digits only (no sign, spaces or leading zeros).
    #[error(
        "ismcts:N and reader:N take 1 to {max} iterations in decimal digits (no sign, spaces or leading zeros), not {0:?}",
        max = IsmctsConfig::MAX_ITERATIONS
    )]
    Iterations(String),
    /// A count after a kind that does not search.
    #[error("only ismcts and reader take an iteration count, not {0:?}")]
    NoCount(String),
}

/// At most 32 characters of `text`, for error messages.
fn excerpt(text: &str) -> String {
    text.chars().take(32).collect()
}

impl fmt::Display for BotSpec {
    /// The spelling [`BotSpec::from_str`] reads back: the kind's name, with the iteration
    /// count of the searching kinds (`ismcts:300`). Other search settings are not written
    /// (no spelling holds them).
    ///
    /// ```
    /// use kingup_bots::{BotKind, BotSpec};
    ///
    /// for text in ["random", "heuristic", "ismcts:300", "reader:40"] {
    ///     assert_eq!(text.parse::<BotSpec>().unwrap().to_string(), text);
    /// }
    /// assert_eq!(BotSpec::new(BotKind::Ismcts).to_string(), "ismcts:1000");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.kind.searches() {
            write!(f, "{}:{}", self.kind.name(), self.search.iterations)
        } else {
            f.write_str(self.kind.name())
        }
    }
}

impl FromStr for BotSpec {
    type Err = ParseBotSpecError;

    /// A kind and, for the searching kinds only, an iteration count after a colon:
    /// `random`, `heuristic`, `ismcts`, `ismcts:300`, `reader`, `reader:300` (the spellings
    /// of `kingup arena --entrants` and of Python's `kingup.arena`). Strict: names in lower
    /// case, counts in decimal digits, no spaces, signs or leading zeros.
    ///
    /// ```
    /// use kingup_bots::{BotKind, BotSpec, IsmctsConfig};
    ///
    /// assert_eq!("heuristic".parse(), Ok(BotSpec::new(BotKind::Heuristic)));
    /// assert_eq!("ismcts:300".parse::<BotSpec>().unwrap().search.iterations, 300);
    /// let default = "ismcts".parse::<BotSpec>().unwrap();
    /// assert_eq!(default.search.iterations, IsmctsConfig::default().iterations);
    /// let reader = "reader:40".parse::<BotSpec>().unwrap();
    /// assert_eq!(reader.search, IsmctsConfig { iterations: 40, ..IsmctsConfig::reader() });
    /// for bad in ["random:3", "ismcts:0", "ismcts:x", "alphazero", "ismcts:2000000", "reader:0"] {
    ///     assert!(bad.parse::<BotSpec>().is_err(), "{bad}");
    /// }
    /// // Only the one spelling: no other case, spaces, signs, suffixes or leading zeros.
    /// for bad in ["ISMCTS:300", "ismcts: 5", "ismcts:+5", "ismcts:200x", " random", "ismcts:05"] {
    ///     assert!(bad.parse::<BotSpec>().is_err(), "{bad}");
    /// }
    /// ```
    fn from_str(text: &str) -> Result<BotSpec, ParseBotSpecError> {
        let (name, count) = match text.split_once(':') {
            Some((name, count)) => (name, Some(count)),
            None => (text, None),
        };
        let spec = BotSpec::new(name.parse::<BotKind>()?);
        match (spec.kind, count) {
            (_, None) => Ok(spec),
            (kind, Some(count)) if kind.searches() => Some(count)
                .filter(|c| c.bytes().all(|b| b.is_ascii_digit()) && !c.starts_with('0'))
                .and_then(|c| c.parse::<u32>().ok())
                .and_then(|n| spec.with_iterations(n).ok())
                .ok_or_else(|| ParseBotSpecError::Iterations(excerpt(count))),
            (_, Some(_)) => Err(ParseBotSpecError::NoCount(excerpt(text))),
        }
    }
}

/// A bot of any [`BotKind`], as [`BotSpec::build`] makes it: one concrete type that is
/// `Clone` and `Send`, so a front end can try a decision on a copy and keep it only if it
/// succeeds.
#[derive(Clone, Debug)]
pub enum AnyBot {
    /// A random bot.
    Random(RandomBot<Generator>),
    /// A heuristic bot.
    Heuristic(HeuristicBot<Generator>),
    /// An ISMCTS bot with the `ismcts` kind's settings.
    Ismcts(IsmctsBot<Generator>),
    /// An ISMCTS bot with the `reader` kind's settings.
    Reader(IsmctsBot<Generator>),
}

impl AnyBot {
    /// The bot's kind.
    pub const fn kind(&self) -> BotKind {
        match self {
            AnyBot::Random(_) => BotKind::Random,
            AnyBot::Heuristic(_) => BotKind::Heuristic,
            AnyBot::Ismcts(_) => BotKind::Ismcts,
            AnyBot::Reader(_) => BotKind::Reader,
        }
    }
}

impl AnyBot {
    /// The generator the bot draws from.
    pub const fn generator(&self) -> &Generator {
        match self {
            AnyBot::Random(bot) => bot.rng(),
            AnyBot::Heuristic(bot) => bot.rng(),
            AnyBot::Ismcts(bot) | AnyBot::Reader(bot) => bot.rng(),
        }
    }

    /// The generator the bot draws from, to replace.
    pub const fn generator_mut(&mut self) -> &mut Generator {
        match self {
            AnyBot::Random(bot) => bot.rng_mut(),
            AnyBot::Heuristic(bot) => bot.rng_mut(),
            AnyBot::Ismcts(bot) | AnyBot::Reader(bot) => bot.rng_mut(),
        }
    }
}

impl Bot for AnyBot {
    fn choose(&mut self, view: &PlayerView) -> Option<Action> {
        match self {
            AnyBot::Random(bot) => bot.choose(view),
            AnyBot::Heuristic(bot) => bot.choose(view),
            AnyBot::Ismcts(bot) | AnyBot::Reader(bot) => bot.choose(view),
        }
    }

    fn name(&self) -> &str {
        self.kind().name()
    }
}
