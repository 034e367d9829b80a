//! `KingUpBot` and `CourtBot`: the bots of `kingup-bots` by the names every front end uses,
//! choosing for a seat from that seat's view only. One generic body (`choose`), a macro
//! for each game's class.

use std::fmt::Debug;

use kingup_bots::Bot;
use kingup_table::Reason;
use wasm_bindgen::prelude::*;

use crate::args::{self, given};
use crate::error::{Failure, Kind, Result, code};
use crate::game::{CourtGame, KingUpGame};
use crate::shell::Shell;
use crate::table::Table;

/// A game's bots as the package offers them.
pub(crate) trait Bots: Table {
    /// Any bot of the game.
    type Bot: Bot<Self::View> + Clone + Debug;
    /// The kinds' names, weakest first.
    fn kinds() -> Vec<String>;
    /// The spec of a bot made without one.
    const DEFAULT: &'static str;
    /// The bot a spec names, and its name (the spec's canonical spelling).
    fn build(spec: &str, seed: u64) -> Result<(Self::Bot, String)>;
}

/// No such bot kind (the C ABI's code too).
const NO_SUCH_BOT_KIND: &str = "no_such_bot_kind";

impl Bots for kingup_core::Game {
    type Bot = kingup_bots::AnyBot;
    const DEFAULT: &'static str = "heuristic";

    fn kinds() -> Vec<String> {
        kingup_bots::BotKind::ALL
            .iter()
            .map(|k| k.name().to_owned())
            .collect()
    }

    fn build(spec: &str, seed: u64) -> Result<(Self::Bot, String)> {
        use kingup_bots::{BotSpec, ParseBotSpecError};
        let spec: BotSpec = spec.parse().map_err(|e: ParseBotSpecError| match e {
            ParseBotSpecError::Kind(_) => Failure::new(Kind::Parse, NO_SUCH_BOT_KIND, &e),
            _ => Failure::new(Kind::InvalidConfig, "iterations", &e),
        })?;
        // No spelling holds a time limit; a search stopped by the clock could not run
        // here anyway (WebAssembly in a browser has no clock the search may read).
        if spec.search.time_limit.is_some() {
            return Err(Failure::new(
                Kind::InvalidConfig,
                code::TIME_LIMIT,
                "a search time limit needs a clock, which WebAssembly has not: give iterations",
            ));
        }
        Ok((spec.build(seed), spec.to_string()))
    }
}

impl Bots for kingup_court::Game {
    type Bot = kingup_bots::court::AnyBot;
    const DEFAULT: &'static str = "greedy";

    fn kinds() -> Vec<String> {
        kingup_bots::court::BotKind::ALL
            .iter()
            .map(|k| k.name().to_owned())
            .collect()
    }

    fn build(spec: &str, seed: u64) -> Result<(Self::Bot, String)> {
        let kind: kingup_bots::court::BotKind = spec
            .parse()
            .map_err(|e| Failure::new(Kind::Parse, NO_SUCH_BOT_KIND, e))?;
        Ok((kind.build(seed), kind.name().to_owned()))
    }
}

/// A bot of `G` from a spec argument (omitted: the default) and a seed argument (omitted:
/// from `crypto`).
fn make<G: Bots>(spec: Option<JsValue>, seed: Option<JsValue>) -> Result<(G::Bot, String)> {
    let spec = match given(spec) {
        Some(value) => args::name(&value, "a bot spec")?,
        None => G::DEFAULT.to_owned(),
    };
    let seed = match given(seed) {
        Some(value) => args::seed(&value)?,
        None => args::random_seed(),
    };
    G::build(&spec, seed)
}

/// An action index for `seat` of `shell`'s game, decided by `bot` from `seat`'s view
/// alone. The seat is checked first (`SeatError`, or `IllegalActionError` with the rules'
/// reason when it may not act now); a copy of the bot decides and is kept only if its
/// action is legal, so a failed call leaves the bot as it was.
fn choose<G: Bots>(bot: &mut G::Bot, shell: &Shell<G>, seat: &JsValue) -> Result<usize> {
    let seat = shell.seat(seat)?;
    let game = shell.session().game();
    game.check_turn(seat).map_err(|why| {
        Failure::new(
            Kind::IllegalAction,
            why.code(),
            format_args!("seat {seat} may not act now: {why}"),
        )
    })?;
    let mut next = bot.clone();
    let action = next
        .choose(&game.player_view(seat))
        .filter(|&a| game.check(seat, a).is_ok())
        .ok_or_else(|| {
            Failure::new(
                Kind::Internal,
                "internal_error",
                format_args!("the bot found no legal action for seat {seat} (a kingup bug)"),
            )
        })?;
    *bot = next;
    Ok(G::action_index(action))
}

/// Writes a game's bot class over [`Bots`].
macro_rules! bot_class {
    ($(#[$meta:meta])* $class:ident($game:ty, $game_class:ident), kinds = $kinds:literal) => {
        $(#[$meta])*
        #[wasm_bindgen]
        #[derive(Debug)]
        pub struct $class {
            bot: <$game as Bots>::Bot,
            name: String,
        }

        #[wasm_bindgen]
        impl $class {
            /// A bot by its spec (the CLI's `--bots` names; omitted: the default kind)
            /// drawing from the generator of `seed` (omitted: from `crypto`).
            #[wasm_bindgen(constructor)]
            pub fn new(
                #[wasm_bindgen(unchecked_optional_param_type = $kinds)] spec: Option<JsValue>,
                #[wasm_bindgen(unchecked_optional_param_type = "number | bigint")] seed: Option<JsValue>,
            ) -> Result<$class, JsValue> {
                let (bot, name) = make::<$game>(spec, seed)?;
                Ok($class { bot, name })
            }

            /// The bot's spec, spelled as the constructor reads it (`"ismcts:1000"`).
            #[wasm_bindgen(getter)]
            pub fn name(&self) -> String {
                self.name.clone()
            }

            /// The kinds' names, weakest first.
            pub fn kinds() -> Vec<String> {
                <$game as Bots>::kinds()
            }

            /// An action index for `seat`, decided from `seat`'s view of `game` only; play
            /// it with `game.apply(seat, action)`. The game is not changed.
            pub fn choose(
                &mut self,
                game: &$game_class,
                #[wasm_bindgen(unchecked_param_type = "number")] seat: JsValue,
            ) -> Result<usize, JsValue> {
                Ok(choose::<$game>(&mut self.bot, game.shell(), &seat)?)
            }
        }
    };
}

bot_class! {
    /// A King Up! bot: `"random"`, `"heuristic"` (the default), `"ismcts"`, `"reader"`,
    /// the searching kinds with an iteration count (`"ismcts:300"`).
    KingUpBot(kingup_core::Game, KingUpGame),
    kinds = "KingUpBotSpec"
}

bot_class! {
    /// A To Court the King bot: `"greedy"` (the default), `"random"`, `"mcts"`.
    CourtBot(kingup_court::Game, CourtGame),
    kinds = "CourtBotSpec"
}
