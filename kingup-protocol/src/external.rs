//! The referee's side of one game with an engine: a [`Bot`] whose choices come from
//! another process, over the protocol, built from its seat's view alone.

use std::sync::Arc;
use std::time::{Duration, Instant};

use kingup_bots::{Bot, Forfeits, GameEnd, Seen};
use kingup_core::Generator;
use kingup_core::kingup_table::{GameConfig, Rules, SeatView};

use crate::engine::{Engine, engine_seed};
use crate::game::{ProtocolGame, json, legal_actions, view_text};
use crate::message::{self, GameOver, NewGame, Request, SeenEvent, ToEngine};
use crate::process::{Answer, Process};

/// Why a move was forfeited (`docs/protocol.md`, "Forfeits").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reason {
    Timeout,
    Crash,
    Malformed,
    Illegal,
}

impl Reason {
    fn name(self) -> &'static str {
        match self {
            Reason::Timeout => "timeout",
            Reason::Crash => "crash",
            Reason::Malformed => "malformed",
            Reason::Illegal => "illegal",
        }
    }

    fn count(self, forfeits: &mut Forfeits) {
        let counter = match self {
            Reason::Timeout => &mut forfeits.timeout,
            Reason::Crash => &mut forfeits.crash,
            Reason::Malformed => &mut forfeits.malformed,
            Reason::Illegal => &mut forfeits.illegal,
        };
        *counter += 1;
    }
}

/// One game of an engine, as a [`Bot`]: each decision is a `request` built from the
/// seat's view, answered by the engine under the clock; an answer that does not come in
/// time or cannot be played is forfeited (a random legal move, counted in
/// [`Bot::forfeits`]). Made by [`Engine::bot`] (or an [`Engine::entrant`]'s factory) for
/// a game, it may play more ([`Bot::begin`] starts each afresh); dropped, it gives its
/// process back to the engine for the next bot.
pub struct ExternalBot<G: ProtocolGame> {
    engine: Arc<Engine<G>>,
    /// `None` before the game begins, and once the engine is gone.
    process: Option<Process>,
    /// The `bot_seed` sent: [`engine_seed`] of the bot's seed in this process.
    seed: u64,
    /// Draws the forfeited moves.
    rng: Generator,
    begun: bool,
    /// The engine did not start, or died: every move of this game is forfeited.
    gone: bool,
    /// Thinking time used in this game.
    used: Duration,
    forfeits: Forfeits,
    /// What the seat saw since the last message, not yet sent.
    events: Vec<SeenEvent>,
    steps: Vec<String>,
}

impl<G: ProtocolGame> std::fmt::Debug for ExternalBot<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ExternalBot")
            .field("engine", &self.engine.command().name)
            .field("seed", &self.seed)
            .field("forfeits", &self.forfeits)
            .finish_non_exhaustive()
    }
}

impl<G: ProtocolGame> ExternalBot<G> {
    pub(crate) fn new(engine: Arc<Engine<G>>, seed: u64) -> ExternalBot<G> {
        ExternalBot {
            engine,
            process: None,
            seed: engine_seed(seed),
            rng: Generator::new(engine_seed(seed)),
            begun: false,
            gone: false,
            used: Duration::ZERO,
            forfeits: Forfeits::default(),
            events: Vec::new(),
            steps: Vec::new(),
        }
    }

    /// What the engine answered, or why the move is forfeited.
    fn ask(&mut self, view: &G::View, legal: &[G::Action]) -> (u64, Result<G::Action, Reason>) {
        let clock = self.engine.command().clock;
        let left = clock.per_game.saturating_sub(self.used);
        let Some(process) = self.process.as_mut().filter(|_| !self.gone) else {
            return (0, Err(Reason::Crash));
        };
        let id = process.next_id();
        if left.is_zero() {
            return (id, Err(Reason::Timeout));
        }
        let wait = clock.per_move.min(left);
        let notation: Vec<String> = legal.iter().map(ToString::to_string).collect();
        let request = ToEngine::Request(Request {
            id,
            seat: view.seat().index(),
            view: json(view),
            text: view_text::<G>(view, &notation),
            legal: notation,
            events: std::mem::take(&mut self.events),
            steps: G::PUBLIC_STEPS.then(|| std::mem::take(&mut self.steps)),
            clock: message::Clock {
                move_ms: millis(wait),
                game_ms: millis(left),
            },
        });
        let asked = Instant::now();
        let answer = process.ask(&request, id, asked + wait);
        self.used += asked.elapsed().min(wait);
        let chosen = match answer {
            Answer::Move { action, index } => chosen::<G>(legal, action, index),
            Answer::Timeout => Err(Reason::Timeout),
            Answer::Malformed => Err(Reason::Malformed),
            Answer::Crash => Err(Reason::Crash),
        };
        (id, chosen)
    }
}

/// The move an answer names: exactly one of `action` (notation) and `index`, legal.
fn chosen<G: Rules>(
    legal: &[G::Action],
    action: Option<String>,
    index: Option<u64>,
) -> Result<G::Action, Reason> {
    match (action, index) {
        (Some(text), None) => text
            .parse::<G::Action>()
            .ok()
            .filter(|action| legal.contains(action))
            .ok_or(Reason::Illegal),
        (None, Some(index)) => usize::try_from(index)
            .ok()
            .and_then(|i| legal.get(i).copied())
            .ok_or(Reason::Illegal),
        _ => Err(Reason::Malformed),
    }
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

impl<G: ProtocolGame> Bot<G::View> for ExternalBot<G> {
    /// The engine's move, or a forfeit: a uniformly random legal move.
    fn choose(&mut self, view: &G::View) -> Option<G::Action> {
        if !self.begun {
            self.begin(view);
        }
        let legal = legal_actions::<G>(view);
        if legal.is_empty() {
            return None;
        }
        let (id, chosen) = self.ask(view, &legal);
        match chosen {
            Ok(action) => Some(action),
            Err(reason) => {
                reason.count(&mut self.forfeits);
                if reason == Reason::Crash {
                    self.gone = true;
                    self.process = None;
                }
                let action = view.random_action(&mut self.rng)?;
                if let Some(process) = &mut self.process {
                    process.send(&ToEngine::Forfeit {
                        id,
                        reason: reason.name().to_owned(),
                        action: action.to_string(),
                    });
                }
                Some(action)
            }
        }
    }

    fn name(&self) -> &str {
        &self.engine.command().name
    }

    /// Starts (or reuses) the engine's process and sends `new_game`; an engine that does
    /// not start forfeits the game's moves.
    fn begin(&mut self, view: &G::View) {
        // A bot played again starts its game afresh: its clock, its forfeits, and a process
        // (a dead engine is started anew).
        self.begun = true;
        self.gone = false;
        self.used = Duration::ZERO;
        self.forfeits = Forfeits::default();
        self.events.clear();
        self.steps.clear();
        if self.process.is_none() {
            match self.engine.take() {
                Ok(process) => self.process = Some(process),
                Err(_) => self.gone = true,
            }
        }
        let clock = self.engine.command().clock;
        let config = G::config(view);
        if let Some(process) = &mut self.process {
            process.send(&ToEngine::NewGame(NewGame {
                game: G::NAME.to_owned(),
                seat: view.seat().index(),
                players: config.players(),
                config: json(&config),
                bot_seed: self.seed,
                clock: message::Clock {
                    move_ms: millis(clock.per_move),
                    game_ms: millis(clock.per_game),
                },
            }));
        }
    }

    fn observes(&self) -> bool {
        true
    }

    fn observe(&mut self, seen: Seen<'_, G>) {
        if self.gone {
            return;
        }
        self.events
            .extend(seen.events.iter().map(|event| SeenEvent {
                event: json(event),
                text: event.to_string(),
            }));
        self.steps.extend(seen.step.map(|step| step.to_string()));
    }

    fn end(&mut self, view: &G::View, end: &GameEnd<'_>) {
        let Some(process) = &mut self.process else {
            return;
        };
        let winners = (0..end.win_shares.len())
            .filter(|&s| end.win_shares[s] > 0.0)
            .collect();
        process.send(&ToEngine::GameOver(GameOver {
            seat: view.seat().index(),
            view: json(view),
            text: view_text::<G>(view, &[]),
            events: std::mem::take(&mut self.events),
            steps: G::PUBLIC_STEPS.then(|| std::mem::take(&mut self.steps)),
            scores: end.scores.to_vec(),
            winners,
            forfeits: self.forfeits.total(),
        }));
    }

    fn forfeits(&self) -> Forfeits {
        self.forfeits
    }
}

impl<G: ProtocolGame> Drop for ExternalBot<G> {
    fn drop(&mut self) {
        if let Some(process) = self.process.take() {
            self.engine.give_back(process);
        }
    }
}
