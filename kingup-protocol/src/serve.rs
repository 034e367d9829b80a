//! The engine's side of the protocol, for bots in this process: what `kingup engine` runs,
//! so that the built-in bots play in other programs' tournaments.

use std::io::{self, BufRead, Write};

use kingup_bots::Bot;
use kingup_core::kingup_table::Rules as _;
use serde_json::{Map, Value};

use crate::ProtocolGame;
use crate::line::{Line, read_line};
use crate::message::{FromEngine, NewGame, PROTOCOL_VERSION, Request, ToEngine};

/// The longest line the engine side reads: a request holds a view and its text, a few KB;
/// a court game's steps since the previous request, a few hundred bytes each.
const MAX_REQUEST: usize = 16 << 20;

/// Makes the bot for one game from the `hello`'s options and the game's `bot_seed`, or
/// says why it cannot (an option it does not take, a game it does not play).
pub type MakeBot<'a, V> =
    dyn FnMut(&Map<String, Value>, u64) -> Result<Box<dyn Bot<V>>, String> + 'a;

/// The bots an engine plays, one maker a game.
pub struct Bots<'a> {
    /// The engine's name in `ready`.
    pub name: String,
    /// King Up!'s bots.
    pub king_up: Box<MakeBot<'a, kingup_core::PlayerView>>,
    /// To Court the King's bots.
    pub court: Box<MakeBot<'a, kingup_court::PlayerView>>,
}

impl std::fmt::Debug for Bots<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bots")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// Why a session ended early.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// Reading or writing failed.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// The first message was not a `hello` of a game the engine plays.
    #[error("{0}")]
    Hello(String),
}

/// Plays the engine's side of a session: answers `hello`, then every request of every
/// game with the bot `bots` makes for it, until `quit` or the end of `input`. A request
/// whose view cannot be read (a referee that breaks the protocol) is answered with its
/// first legal move and a `log` line saying why.
///
/// ```
/// use kingup_bots::{Bot, BotKind, BotSpec};
/// use kingup_bots::court;
/// use kingup_protocol::{Bots, serve};
///
/// let bots = Bots {
///     name: "random".into(),
///     king_up: Box::new(|_, seed| Ok(Box::new(BotSpec::new(BotKind::Random).build(seed)) as Box<dyn Bot<_>>)),
///     court: Box::new(|_, seed| Ok(Box::new(court::BotKind::Random.build(seed)) as Box<dyn Bot<_>>)),
/// };
/// let input = r#"{"type":"hello","protocol":1,"game":"kingup","options":{}}
/// {"type":"quit"}
/// "#;
/// let mut output = Vec::new();
/// serve(input.as_bytes(), &mut output, bots)?;
/// assert_eq!(String::from_utf8(output)?, "{\"type\":\"ready\",\"protocol\":1,\"name\":\"random\"}\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn serve(
    mut input: impl BufRead,
    mut output: impl Write,
    bots: Bots<'_>,
) -> Result<(), ServeError> {
    let mut buf = Vec::new();
    let hello = match read_line(&mut input, MAX_REQUEST, &mut buf)? {
        Line::Text(line) => serde_json::from_str::<ToEngine>(&line).ok(),
        Line::Unreadable | Line::End => None,
    };
    let Some(ToEngine::Hello { game, options, .. }) = hello else {
        return Err(ServeError::Hello(
            "the session did not open with hello".into(),
        ));
    };
    send(
        &mut output,
        &FromEngine::Ready {
            protocol: PROTOCOL_VERSION,
            name: bots.name,
        },
    )?;
    let Bots {
        mut king_up,
        mut court,
        ..
    } = bots;
    if game == kingup_core::Game::NAME {
        play::<kingup_core::Game>(input, output, &options, &mut *king_up)
    } else if game == kingup_court::Game::NAME {
        play::<kingup_court::Game>(input, output, &options, &mut *court)
    } else {
        Err(ServeError::Hello(format!("no bots for the game {game:?}")))
    }
}

/// One game after the other, until `quit`.
fn play<G: ProtocolGame>(
    mut input: impl BufRead,
    mut output: impl Write,
    options: &Map<String, Value>,
    make: &mut MakeBot<'_, G::View>,
) -> Result<(), ServeError> {
    let mut buf = Vec::new();
    let mut game: Option<Game<G>> = None;
    loop {
        let line = match read_line(&mut input, MAX_REQUEST, &mut buf)? {
            Line::Text(line) => line,
            Line::Unreadable => continue,
            Line::End => return Ok(()),
        };
        // Messages of later versions, or broken ones, are not this engine's business.
        let Ok(message) = serde_json::from_str::<ToEngine>(&line) else {
            continue;
        };
        match message {
            ToEngine::NewGame(new_game) => {
                let bot = make(options, new_game.bot_seed);
                game = Some(Game {
                    new_game,
                    bot,
                    tracker: G::Tracker::default(),
                });
            }
            ToEngine::Request(request) => {
                let answer = match &mut game {
                    Some(game) => game.answer(&request),
                    None => Err("a request before new_game".to_owned()),
                };
                let (action, index) = match answer {
                    Ok(action) => (Some(action), None),
                    Err(why) => {
                        send(&mut output, &FromEngine::Log { text: why })?;
                        (None, Some(0))
                    }
                };
                send(
                    &mut output,
                    &FromEngine::Move {
                        id: request.id,
                        action,
                        index,
                    },
                )?;
            }
            ToEngine::Quit => return Ok(()),
            ToEngine::Hello { .. } | ToEngine::Forfeit { .. } | ToEngine::GameOver(_) => {}
        }
    }
}

/// The game under way: how it began, its bot (or why there is none), and what the game
/// needs to read its views.
struct Game<G: ProtocolGame> {
    new_game: NewGame,
    bot: Result<Box<dyn Bot<G::View>>, String>,
    tracker: G::Tracker,
}

impl<G: ProtocolGame> Game<G> {
    /// The bot's move for `request`, in notation.
    fn answer(&mut self, request: &Request) -> Result<String, String> {
        // The tracker follows every step, whether or not the bot could be made.
        let steps = request.steps.as_deref();
        let view = G::read_view(&mut self.tracker, &self.new_game, &request.view, steps)?;
        let bot = self.bot.as_mut().map_err(|why| why.clone())?;
        let action = bot.choose(&view).ok_or("the bot found no move")?;
        Ok(action.to_string())
    }
}

fn send(output: &mut impl Write, message: &FromEngine) -> io::Result<()> {
    output.write_all(message.line().as_bytes())?;
    output.flush()
}
