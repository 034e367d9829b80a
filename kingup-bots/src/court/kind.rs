//! Court bots by name, for every front end: `greedy`, `random`, `mcts`.

use core::fmt;
use core::str::FromStr;

use kingup_court::{Action, Generator, PlayerView};

use super::{GreedyBot, MctsBot};
use crate::env::OpponentSpec;
use crate::{Bot, RandomBot};

/// A court bot by name: what the command line's `--bots`, an environment's opponents and a
/// front end's bot menu name.
///
/// ```
/// use kingup_bots::Bot;
/// use kingup_bots::court::BotKind;
/// use kingup_court::{Config, Game, Generator};
///
/// let kind: BotKind = "greedy".parse()?;
/// let mut bot = kind.build(7);
/// let mut game = Game::new(Config::new(2))?;
/// let seat = game.next_seat_after_chance(&mut Generator::new(1)).expect("a seat to move");
/// assert!(bot.choose(&game.player_view(seat)).is_some());
/// assert_eq!(BotKind::ALL.map(BotKind::name), ["greedy", "random", "mcts"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotKind {
    /// [`GreedyBot`]: the best card it can buy, the dice played toward one face.
    Greedy,
    /// [`RandomBot`]: uniformly random legal actions.
    Random,
    /// [`MctsBot`]: Monte Carlo tree search with its default settings.
    Mcts,
}

impl BotKind {
    /// Every kind, in the order of their names.
    pub const ALL: [BotKind; 3] = [BotKind::Greedy, BotKind::Random, BotKind::Mcts];

    /// The name a front end reads and shows.
    pub const fn name(self) -> &'static str {
        match self {
            BotKind::Greedy => "greedy",
            BotKind::Random => "random",
            BotKind::Mcts => "mcts",
        }
    }

    /// A fresh bot; `seed` seeds the random and search bots' choices.
    pub fn build(self, seed: u64) -> AnyBot {
        match self {
            BotKind::Greedy => AnyBot::Greedy(GreedyBot::new()),
            BotKind::Random => AnyBot::Random(RandomBot::new(Generator::new(seed))),
            BotKind::Mcts => AnyBot::Mcts(MctsBot::new(Generator::new(seed))),
        }
    }
}

impl fmt::Display for BotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// Not the name of a court bot.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown court bot {0:?}: expected greedy, random or mcts (lower case, no spaces)")]
pub struct ParseBotKindError(pub String);

impl FromStr for BotKind {
    type Err = ParseBotKindError;

    /// A name exactly as [`BotKind::name`] spells it: in lower case, without spaces
    /// (`Greedy` and ` mcts` are refused).
    fn from_str(text: &str) -> Result<BotKind, ParseBotKindError> {
        BotKind::ALL
            .into_iter()
            .find(|k| k.name() == text)
            .ok_or_else(|| ParseBotKindError(text.chars().take(32).collect()))
    }
}

impl OpponentSpec<PlayerView> for BotKind {
    type Bot = AnyBot;

    fn build_bot(&self, seed: u64) -> AnyBot {
        self.build(seed)
    }
}

/// Any court bot, by value: `Clone` and `Send`, so a front end can keep it in an
/// environment and copy it.
#[derive(Clone, Debug)]
pub enum AnyBot {
    /// A greedy bot.
    Greedy(GreedyBot),
    /// A random bot.
    Random(RandomBot<Generator>),
    /// A tree-search bot.
    Mcts(MctsBot<Generator>),
}

impl AnyBot {
    /// The generator the bot draws from (`None` for the greedy bot, which draws nothing).
    pub const fn generator(&self) -> Option<&Generator> {
        match self {
            AnyBot::Greedy(_) => None,
            AnyBot::Random(bot) => Some(bot.rng()),
            AnyBot::Mcts(bot) => Some(bot.rng()),
        }
    }

    /// The generator the bot draws from, to replace (`None` for the greedy bot).
    pub const fn generator_mut(&mut self) -> Option<&mut Generator> {
        match self {
            AnyBot::Greedy(_) => None,
            AnyBot::Random(bot) => Some(bot.rng_mut()),
            AnyBot::Mcts(bot) => Some(bot.rng_mut()),
        }
    }
}

impl Bot<PlayerView> for AnyBot {
    fn choose(&mut self, view: &PlayerView) -> Option<Action> {
        match self {
            AnyBot::Greedy(bot) => bot.choose(view),
            AnyBot::Random(bot) => bot.choose(view),
            AnyBot::Mcts(bot) => bot.choose(view),
        }
    }

    fn name(&self) -> &str {
        match self {
            AnyBot::Greedy(bot) => Bot::<PlayerView>::name(bot),
            AnyBot::Random(bot) => Bot::<PlayerView>::name(bot),
            AnyBot::Mcts(bot) => Bot::<PlayerView>::name(bot),
        }
    }
}
