//! A game at the table: bots and the person take turns, and the game is shown to the
//! viewer within an 80×24 terminal.
//!
//! A spectator (`--watch`) is told every step as it happens. A person is shown, at each
//! prompt, one screen of at most 24 rows: the board, then what the others did since the
//! person's last answer (the latest of it when it does not all fit; `log` shows the whole
//! game so far), then the question. A round's end is a screen of its own, with the scores,
//! that waits for Enter.

use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use kingup_bots::{Bot, BotKind};
use kingup_core::{
    Action, Actor, CardId, Event, Game, Phase, PlayerView, PublicView, Seat, Session, Setup, Vote,
};

use crate::audience::Audience;
use crate::journal::Journal;
use crate::moves::{self, Input};
use crate::prompt::{self, Line, MAX_LINE};
use crate::render::{self, Seating};
use crate::text::{self, HEIGHT, WIDTH, width};
use crate::{CliError, out};

/// A game in progress and everything needed to show it.
pub(crate) struct Table {
    pub(crate) session: Session,
    /// The game as shown so far: the session's first `shown_steps` steps, replayed one at a
    /// time so that each step is told with the board as it stood then.
    pub(crate) shown: Game,
    pub(crate) shown_steps: usize,
    /// By seat; `None` for the person. Built-in bots and engines alike.
    pub(crate) bots: Vec<Option<Box<dyn Bot>>>,
    /// What the bots were told of the game: engines hear every step.
    pub(crate) audience: Audience<Game>,
    pub(crate) seating: Seating,
    /// The person's moves, line by line (`None` when watching).
    pub(crate) input: Option<Box<dyn BufRead>>,
    /// Echo input lines (scripted play, where the terminal does not show them).
    pub(crate) echo: bool,
    pub(crate) delay: Duration,
    /// Where the game is saved after every move.
    pub(crate) save: Option<PathBuf>,
    /// The last round whose start was told to the spectator.
    pub(crate) round_shown: Option<u8>,
    /// The game's events for the person.
    pub(crate) journal: Journal,
    /// Rows printed since the person last answered: what is left of the screen.
    pub(crate) rows: usize,
}

/// Whether the person goes on after a screen that waits for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Go,
    Leave,
}

impl Table {
    /// Prints `text`, wrapped to the terminal's width, and counts its rows.
    fn print(&mut self, text: &str) {
        let lines = if text.is_empty() {
            vec![String::new()]
        } else {
            text::lines(text)
        };
        self.print_lines(&lines);
    }

    /// Prints lines already within the width, and counts them.
    fn print_lines(&mut self, lines: &[String]) {
        if !lines.is_empty() {
            self.rows += lines.len();
            out!("{}", lines.join("\n"));
        }
    }

    fn watching(&self) -> bool {
        self.seating.viewer.is_none()
    }

    /// What the game is, who plays it, and how to play; `bots`: the built-in bots at the
    /// table, for their search budgets.
    pub(crate) fn intro(
        &mut self,
        bots: &[BotKind],
        iterations: Option<u32>,
        loaded: Option<&Path>,
    ) {
        let config = *self.session.config();
        let setup = match config.setup {
            Setup::Placement => format!(
                "each player places {} characters on floors 1-4",
                config.placements_per_seat()
            ),
            Setup::RandomLayout => "characters start on random floors 0-3".to_owned(),
        };
        let rounds = if config.rounds == 1 {
            "1 round (quick variant)"
        } else {
            "3 rounds"
        };
        self.print(&format!(
            "King Up! (Viva il Re!): {} players, {rounds}; {setup}; 1 Yes and {} No cards \
             each per round.",
            config.players,
            config.no_cards()
        ));
        let seats: Vec<String> = self
            .seating
            .names
            .iter()
            .enumerate()
            .map(|(s, name)| format!("{s} {name}"))
            .collect();
        let mut line = format!("Seats: {}", seats.join(", "));
        let budgets = crate::bots::budgets(bots, iterations);
        if !budgets.is_empty() {
            line.push_str(&format!(" ({})", budgets.join("; ")));
        }
        self.print(&format!("{line}."));
        if let Some(path) = loaded {
            let game = self.session.game();
            let text = format!(
                "Resuming {}: round {} of {}, {} steps played.",
                path.display(),
                game.round() + 1,
                config.rounds,
                self.session.replay().steps.len()
            );
            self.print(&text);
        }
        if self.watching() {
            self.print("Watching as a spectator: objectives and votes stay hidden until revealed.");
        } else {
            self.print(
                "Get your six characters (your objective) high in the castle. Type `help` at \
                 any prompt for how to play, `quit` to leave.",
            );
        }
    }

    pub(crate) fn play(&mut self) -> Result<ExitCode, CliError> {
        loop {
            // A save with explicit chance (Python, C and C# write them) stops at each deal:
            // it is drawn from the save's own generator, as an automatic game's is.
            self.session.resolve_chance();
            // The bots hear what happened before anyone moves (and how the game ended).
            self.audience.catch_up(&self.session, &mut self.bots);
            self.save()?;
            if self.catch_up()? == Flow::Leave {
                return Ok(self.goodbye());
            }
            let seat = match self.session.game().actor() {
                // The person votes first (the others cannot see the vote anyway).
                Actor::Voters(voters) => match self.seating.viewer {
                    Some(me) if voters.contains(me) => me,
                    _ => self.session.game().next_seat().ok_or_else(|| {
                        CliError::Failed("a vote is open but nobody is left to vote".to_owned())
                    })?,
                },
                Actor::Seat(seat) => seat,
                Actor::Chance | Actor::Nobody => return Ok(ExitCode::SUCCESS),
            };
            let (action, who) = match self.bots.get_mut(seat.index()) {
                Some(Some(bot)) => {
                    let action = bot.choose(&self.session.player_view(seat)).ok_or_else(|| {
                        CliError::Failed(format!("the bot at seat {seat} found no move"))
                    })?;
                    (action, "the bot")
                }
                _ => match self.ask(seat)? {
                    Some(action) => (action, "you"),
                    None => return Ok(self.goodbye()),
                },
            };
            // The person's move was checked at the prompt and a bot's comes from the legal
            // ones: a refusal here is a bug, reported with who made the move.
            self.session
                .apply(seat, action)
                .map_err(|e| CliError::Failed(format!("{who} made an illegal move: {e}")))?;
            if self.watching() && !self.delay.is_zero() {
                std::thread::sleep(self.delay);
            }
        }
    }

    fn goodbye(&mut self) -> ExitCode {
        self.print("You leave the game. Goodbye!");
        ExitCode::SUCCESS
    }

    /// Tells the steps recorded since the last call, one at a time.
    fn catch_up(&mut self) -> Result<Flow, CliError> {
        while let Some(&step) = self.session.replay().steps.get(self.shown_steps) {
            let mut events = Vec::new();
            // The session accepted the step on this very state.
            if self.shown.apply_step(step, &mut events).is_err() {
                break;
            }
            self.shown_steps += 1;
            let flow = if self.watching() {
                self.narrate(&events);
                Flow::Go
            } else {
                self.record(&events)?
            };
            if flow == Flow::Leave {
                return Ok(flow);
            }
        }
        Ok(Flow::Go)
    }

    /// Writes the save document (`--save`): see [`crate::save::write`].
    fn save(&self) -> Result<(), CliError> {
        match &self.save {
            Some(path) => crate::save::write(path, &self.session),
            None => Ok(()),
        }
    }

    /// Whether `event` opens a round not shown yet: a round opens with its first chance
    /// step (round 1's first player, or the deal to seat 0).
    fn opens_round(&mut self, event: Event, round: u8) -> bool {
        let opens = matches!(
            event,
            Event::FirstPlayerChosen { .. } | Event::ObjectiveDealt { .. }
        ) && self.round_shown != Some(round);
        if opens {
            self.round_shown = Some(round);
        }
        opens
    }

    /// Tells a spectator a step's events as they happen.
    fn narrate(&mut self, events: &[Event]) {
        let public = self.shown.public_view();
        for &event in events {
            let event = event.redacted(None);
            if self.opens_round(event, public.round) {
                self.print(&format!(
                    "\n════════ Round {} of {} ════════",
                    public.round + 1,
                    public.config.rounds
                ));
            }
            if let Some(text) = render::sentence(event, &public, &self.seating) {
                self.print(&format!("  {text}"));
            }
            match event {
                Event::RoundStarted { .. } if public.config.setup == Setup::RandomLayout => {
                    self.print(&render::castle(&public, None));
                }
                Event::LeftoversPlaced { .. } | Event::Crowned { .. } => {
                    self.print(&render::castle(&public, None));
                }
                Event::Eliminated { .. } => {
                    self.print(&format!(
                        "  {}",
                        render::no_cards_left(&public, &self.seating)
                    ));
                    self.print(&render::castle(&public, None));
                }
                Event::RoundScored {
                    round,
                    objectives,
                    points,
                } => self.print(&render::round_table(
                    &public,
                    round,
                    &objectives,
                    &points,
                    &self.seating,
                )),
                Event::GameOver { totals, winners } => self.print(&render::final_result(
                    &public,
                    &totals,
                    winners,
                    &self.seating,
                )),
                _ => {}
            }
        }
    }

    /// Keeps a step's events for the person's next screen; at a round's end, shows the
    /// scores and waits for the person.
    fn record(&mut self, events: &[Event]) -> Result<Flow, CliError> {
        let public = self.shown.public_view();
        let me = self.seating.viewer;
        for &event in events {
            let event = event.redacted(me);
            // The board shows the layout and who started; a vote's outcome tells the votes.
            let told = !matches!(
                event,
                Event::LaidOut { .. }
                    | Event::RoundStarted { .. }
                    | Event::VoteCommitted { vote: None, .. }
            );
            if let Some(text) = render::sentence(event, &public, &self.seating).filter(|_| told) {
                let yours = match event {
                    Event::Placed { seat, .. }
                    | Event::Climbed { seat, .. }
                    | Event::VoteCommitted { seat, .. } => Some(seat) == me,
                    _ => false,
                };
                self.journal.push(public.round, text, yours);
            }
            match event {
                Event::RoundScored {
                    round,
                    objectives,
                    points,
                } => {
                    // The screen waits for the person, who may leave there.
                    let flow = self.round_over(&public, round, &objectives, &points)?;
                    if flow == Flow::Leave {
                        return Ok(flow);
                    }
                }
                Event::GameOver { totals, winners } => {
                    let text = render::final_result(&public, &totals, winners, &self.seating);
                    self.print(&text);
                }
                _ => {}
            }
        }
        Ok(Flow::Go)
    }

    /// The screen at a round's end: the castle with its King, what happened since the
    /// person's last answer, the scores; then waits for Enter.
    fn round_over(
        &mut self,
        public: &PublicView,
        round: u8,
        objectives: &[Option<CardId>; Seat::MAX],
        points: &[u8; Seat::MAX],
    ) -> Result<Flow, CliError> {
        let mine = self
            .seating
            .viewer
            .and_then(|me| public.revealed_objective(round, me));
        let rounds = public.config.rounds;
        let mut top = vec![text::rule(&format!(
            "Round {} of {rounds} is over",
            round + 1
        ))];
        top.extend(text::lines(&render::castle(public, mine)));
        let table = text::lines(&render::round_table(
            public,
            round,
            objectives,
            points,
            &self.seating,
        ));
        let next = if round + 1 < rounds {
            format!("round {}", round + 2)
        } else {
            "the final results".to_owned()
        };
        let ask = text::lines(&format!("Press Enter for {next} (`quit` leaves):"));
        self.screen(&top, &[table, ask].concat());
        let flow = match self.read()? {
            Some(line) if moves::parse(&line, false) != Ok(Input::Quit) => Flow::Go,
            _ => Flow::Leave,
        };
        self.journal.answered();
        Ok(flow)
    }

    /// Prints a screen that ends with a prompt: `top`, then as much of what happened since
    /// the person's last answer as fits in the rows left, then `bottom`; the prompt's own
    /// row comes last.
    fn screen(&mut self, top: &[String], bottom: &[String]) {
        let room = HEIGHT.saturating_sub(self.rows + top.len() + bottom.len() + 1);
        let recent = self.journal.recent(room);
        self.print_lines(top);
        self.print_lines(&recent);
        self.print_lines(bottom);
    }

    /// The screen the person decides on: the board, their objective and the seats, what
    /// the others did since, and what to do now.
    fn decision_screen(&mut self, view: &PlayerView) {
        let public = &view.public;
        let mut top = vec![render::heading(public, &self.seating)];
        top.extend(text::lines(&render::castle(public, view.objective())));
        if let Some(o) = view.objective() {
            top.push(render::objective_line(public, o));
        }
        top.extend(text::lines(&render::seats(public, &self.seating)));
        let ask = text::lines(&prompt::ask(view));
        self.screen(&top, &ask);
    }

    /// Prompts with `> ` and reads the person's next line, echoed when the terminal does
    /// not show it. `None` when the person ends the input at a terminal (Ctrl-D); a script
    /// that runs out is an error.
    fn read(&mut self) -> Result<Option<String>, CliError> {
        loop {
            crate::write_out(format_args!("> "));
            let input = self
                .input
                .as_mut()
                .ok_or_else(|| CliError::Failed("no input to read moves from".to_owned()))?;
            let line = prompt::read_line(input);
            // A new screen begins below the answer's row.
            self.rows = 0;
            match line {
                Ok(None) if !self.echo => return Ok(None),
                Ok(None) => {
                    out!();
                    return Err(CliError::Failed(
                        "standard input ended before the game did".to_owned(),
                    ));
                }
                Ok(Some(Line::Read(bytes))) => {
                    // Bytes that are not UTF-8 are shown as such and refused like any unknown
                    // word.
                    let line = String::from_utf8_lossy(&bytes).into_owned();
                    if self.echo {
                        out!("{}", echoed(line.trim_end()));
                    }
                    return Ok(Some(line));
                }
                Ok(Some(Line::TooLong)) => {
                    if self.echo {
                        out!();
                    }
                    self.print(&format!(
                        "  ✗ That line is longer than {MAX_LINE} bytes: type a move such as `B4`."
                    ));
                }
                Err(e) => return Err(CliError::Failed(format!("cannot read a move: {e}"))),
            }
        }
    }

    /// Asks the person for a move until a legal one comes; `None` to quit.
    fn ask(&mut self, seat: Seat) -> Result<Option<Action>, CliError> {
        let view = self.session.player_view(seat);
        if view.public.phase == Phase::Vote && view.no_cards() == 0 {
            self.journal.push(
                view.public.round,
                "You have no No card left, so you vote Yes.".to_owned(),
                false,
            );
            return Ok(Some(Action::Vote(Vote::Yes)));
        }
        self.decision_screen(&view);
        let voting = view.public.phase == Phase::Vote;
        loop {
            let Some(line) = self.read()? else {
                return Ok(None);
            };
            match moves::parse(&line, voting) {
                Ok(Input::Move(action)) => match self.session.game().check(seat, action) {
                    Ok(()) => {
                        self.journal.answered();
                        return Ok(Some(action));
                    }
                    Err(e) => self.print(&format!(
                        "  ✗ You cannot {action:#}: {}. Try again (`legal` lists your moves).",
                        prompt::refusal(e.reason)
                    )),
                },
                Ok(Input::Help) => self.print(&prompt::help(&view)),
                Ok(Input::Legal) => self.print(&prompt::legal(&view)),
                Ok(Input::Board) => self.decision_screen(&view),
                Ok(Input::Log) => {
                    let lines = self.journal.all(view.public.config.rounds);
                    self.print_lines(&lines);
                }
                Ok(Input::Quit) => return Ok(None),
                Ok(Input::Nothing) => {}
                Err(message) => self.print(&format!("  ✗ {message}")),
            }
        }
    }
}

/// A typed line as echoed after the prompt `> `: cut with `…` to the line's width.
fn echoed(line: &str) -> String {
    let room = WIDTH - 2;
    if width(line) <= room {
        return line.to_owned();
    }
    let cut: String = line.chars().take(room - 1).collect();
    format!("{cut}…")
}

/// `path` with `.tmp` appended to its file name.
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn echoes_are_cut_to_the_width() {
        assert_eq!(echoed("B4"), "B4");
        let long = "é".repeat(500);
        let echo = echoed(&long);
        assert_eq!(width(&echo), WIDTH - 2);
        assert!(echo.ends_with('…'));
    }
}
