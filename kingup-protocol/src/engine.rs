//! An engine as an entrant: its command, its options and clock, and the processes it runs
//! (started when a game needs one, kept between games, started anew after a crash).

use std::fmt;
use std::marker::PhantomData;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use kingup_bots::{Bot, Entrant};
use serde_json::{Map, Value};

use crate::ProtocolGame;
use crate::external::ExternalBot;
use crate::message::{PROTOCOL_VERSION, ToEngine};
use crate::process::{Process, StartError, quoted};

pub use crate::process::StartError as EngineError;

/// An engine entered under a name: `NAME=command args`, the command split into words as
/// a shell would (quotes group; no variables, no pipes).
///
/// ```
/// use kingup_protocol::EngineCommand;
///
/// let engine: EngineCommand = "py=python3 'my engine.py' --first".parse()?;
/// assert_eq!(engine.name, "py");
/// assert_eq!(engine.program, "python3");
/// assert_eq!(engine.args, ["my engine.py", "--first"]);
/// assert!("python3 engine.py".parse::<EngineCommand>().is_err());
/// # Ok::<(), kingup_protocol::EngineCommandError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct EngineCommand {
    /// The entrant's name in the standings.
    pub name: String,
    /// The program to run.
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// The `hello`'s options.
    pub options: Map<String, Value>,
    /// The time controls.
    pub clock: Clock,
}

/// The time controls of an engine's games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// The most one answer may take.
    pub per_move: Duration,
    /// The most all of a game's answers may take together.
    pub per_game: Duration,
    /// The most the handshake may take.
    pub handshake: Duration,
}

impl Default for Clock {
    /// 2 s a move, 60 s a game, 10 s to shake hands.
    fn default() -> Clock {
        Clock {
            per_move: Duration::from_secs(2),
            per_game: Duration::from_secs(60),
            handshake: Duration::from_secs(10),
        }
    }
}

/// Why `NAME=command args` was not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EngineCommandError {
    /// No `NAME=` before the command.
    #[error("an engine is entered as \"NAME=command args\", not {0:?}")]
    Form(String),
    /// The name is empty, too long or has spaces or control characters.
    #[error("an engine's name is 1 to 32 visible characters without spaces, not {0:?}")]
    Name(String),
    /// The command is empty or its quotes do not close.
    #[error("the command of engine {0:?} is empty or its quotes do not close")]
    Command(String),
}

impl EngineCommand {
    /// Most characters in an engine's name.
    pub const MAX_NAME_CHARS: usize = 32;

    /// Checks an engine's name: 1 to [`EngineCommand::MAX_NAME_CHARS`] characters, none of
    /// them a space or a control character (so that a table's columns and a command line
    /// read it back).
    ///
    /// ```
    /// use kingup_protocol::EngineCommand;
    ///
    /// assert!(EngineCommand::check_name("my-bot").is_ok());
    /// assert!(EngineCommand::check_name("my bot").is_err());
    /// assert!(EngineCommand::check_name("").is_err());
    /// ```
    pub fn check_name(name: &str) -> Result<(), EngineCommandError> {
        let visible = |c: char| !c.is_whitespace() && !c.is_control();
        let chars = name.chars().count();
        if chars == 0 || chars > EngineCommand::MAX_NAME_CHARS || !name.chars().all(visible) {
            return Err(EngineCommandError::Name(name.to_owned()));
        }
        Ok(())
    }
}

impl std::str::FromStr for EngineCommand {
    type Err = EngineCommandError;

    fn from_str(text: &str) -> Result<EngineCommand, EngineCommandError> {
        let (name, command) = text
            .split_once('=')
            .ok_or_else(|| EngineCommandError::Form(text.to_owned()))?;
        let name = name.trim();
        EngineCommand::check_name(name)?;
        let mut words = shlex::split(command)
            .filter(|words| !words.is_empty())
            .ok_or_else(|| EngineCommandError::Command(name.to_owned()))?;
        let program = words.remove(0);
        Ok(EngineCommand {
            name: name.to_owned(),
            program,
            args: words,
            options: Map::new(),
            clock: Clock::default(),
        })
    }
}

impl fmt::Display for EngineCommand {
    /// `NAME=command args`, quoted so that it reads back the same.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.name, quoted(&self.program, &self.args))
    }
}

/// An engine ready to play games of `G`: its command, and its processes not in a game.
/// Shared ([`Arc`]): the processes stop when the last clone is dropped.
///
/// ```no_run
/// use kingup_bots::{ArenaConfig, BotKind, BotSpec, Bot, Entrant, arena};
/// use kingup_core::{Config, Game};
/// use kingup_protocol::Engine;
///
/// let engine = Engine::<Game>::new("py=python3 examples/python/engine.py".parse()?);
/// engine.start()?; // fails early, with the reason, if the engine cannot start
/// let builtin = |kind: BotKind| Entrant {
///     name: kind.name().into(),
///     make: Box::new(move |seed| -> Box<dyn Bot> { Box::new(BotSpec::new(kind).build(seed)) }),
/// };
/// let entrants = [engine.entrant(), builtin(BotKind::Heuristic), builtin(BotKind::Random)];
/// let config = ArenaConfig { game: Config::new(3), deals: 10, seed: 1, threads: 2 };
/// println!("{}", arena(&config, &entrants, |_| {})?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Engine<G> {
    command: EngineCommand,
    idle: Mutex<Vec<Process>>,
    game: PhantomData<fn() -> G>,
}

impl<G> fmt::Debug for Engine<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Engine")
            .field("command", &self.command)
            .finish_non_exhaustive()
    }
}

impl<G: ProtocolGame> Engine<G> {
    /// An engine that plays `G`; no process starts before a game (or [`Engine::start`])
    /// needs one.
    pub fn new(command: EngineCommand) -> Arc<Engine<G>> {
        Arc::new(Engine {
            command,
            idle: Mutex::new(Vec::new()),
            game: PhantomData,
        })
    }

    /// The command it was entered with.
    pub fn command(&self) -> &EngineCommand {
        &self.command
    }

    /// Starts a process and shakes hands, keeping it for the first game: what a front end
    /// calls before play, to refuse an engine that cannot start with the reason why
    /// (during play, a start that fails forfeits the game's moves instead).
    pub fn start(&self) -> Result<(), EngineError> {
        let process = self.take()?;
        self.give_back(process);
        Ok(())
    }

    /// A bot for one game that the engine plays, seeded by `seed`: the engine is sent
    /// [`engine_seed`]`(seed)` as its `bot_seed`, which also draws the forfeited moves.
    pub fn bot(self: &Arc<Self>, seed: u64) -> ExternalBot<G> {
        ExternalBot::new(Arc::clone(self), seed)
    }

    /// The engine as an arena or tournament entrant under its name.
    pub fn entrant(self: &Arc<Self>) -> Entrant<'static, G::View> {
        let engine = Arc::clone(self);
        Entrant {
            name: self.command.name.clone(),
            make: Box::new(move |seed| -> Box<dyn Bot<G::View>> { Box::new(engine.bot(seed)) }),
        }
    }

    /// A process for a game: an idle one, else a new one.
    pub(crate) fn take(&self) -> Result<Process, StartError> {
        if let Some(process) = self.idle.lock().unwrap_or_else(|e| e.into_inner()).pop() {
            return Ok(process);
        }
        let hello = ToEngine::Hello {
            protocol: PROTOCOL_VERSION,
            game: G::NAME.to_owned(),
            options: self.command.options.clone(),
        };
        let command = &self.command;
        Process::start(
            &command.program,
            &command.args,
            &hello,
            command.clock.handshake,
        )
    }

    /// A process back from its game: kept for the next if it still runs.
    pub(crate) fn give_back(&self, process: Process) {
        if process.alive() {
            self.idle
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(process);
        }
    }
}

impl<G> Drop for Engine<G> {
    /// Tells every idle process to quit, then waits for them together (each is killed if
    /// it has not exited within the grace time), not one grace time after the other.
    fn drop(&mut self) {
        let idle = self.idle.get_mut().unwrap_or_else(|e| e.into_inner());
        for process in idle.iter_mut() {
            process.quit();
        }
        for process in idle.iter_mut() {
            process.stop();
        }
    }
}

/// The `bot_seed` an engine is sent for a bot seeded `seed` in this process: the first 8
/// bytes (little-endian) of the SHA-256 of `"kingup bot seed "` and `seed`'s 8 little-endian
/// bytes. The arenas and tables derive their bots' seeds from the seed of the cards and the
/// dice (`seed + k` and the like), and a bot in this process is trusted with that; another
/// process is not, so it gets a number that reveals nothing of it. A built-in bot seeded
/// `engine_seed(seed)` in process plays as `kingup engine` plays it over the protocol.
///
/// ```
/// use kingup_protocol::engine_seed;
///
/// assert_eq!(engine_seed(1), engine_seed(1));
/// assert_ne!(engine_seed(1), engine_seed(2));
/// assert_ne!(engine_seed(1), 1);
/// ```
pub fn engine_seed(seed: u64) -> u64 {
    use sha2::{Digest, Sha256};
    let digest = Sha256::new()
        .chain_update(b"kingup bot seed ")
        .chain_update(seed.to_le_bytes())
        .finalize();
    let mut first = [0; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_le_bytes(first)
}
