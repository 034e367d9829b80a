//! `kingup play`: one person against bots, or bots among themselves with a spectator.
//!
//! The game is a [`kingup_core::Session`]: chance from its generator, seeded from the
//! operating system unless `--seed` is given (the seed predicts every deal, so it is shown
//! only once the game is over), saved with `--save` after every move and resumed with
//! `--load`, in the save format every front end shares.

use std::ffi::OsString;
use std::io::{BufRead, IsTerminal as _, Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use kingup_bots::{AnyBot, Bot, BotKind, IsmctsConfig};
use kingup_core::{
    Action, Actor, Config, Event, Game, IllegalReason, MAX_SAVE_LEN, Phase, PlayerView, Seat,
    Session, Setup, Vote, score,
};

use crate::args::{self, Flag};
use crate::bots;
use crate::moves::{self, Input};
use crate::render::{self, Seating};
use crate::{CliError, MAX_DELAY_MS, out, usage};

/// Longest line the prompt reads (bytes); the rest of a longer one is skipped unread, so a
/// runaway script cannot fill the memory.
pub(crate) const MAX_LINE: usize = 1024;

/// What the command line asked for.
#[derive(Debug)]
struct Options {
    players: u8,
    seat: usize,
    bots: Option<Vec<BotKind>>,
    seed: Option<u64>,
    rounds: u8,
    random_layout: bool,
    iterations: u32,
    watch: bool,
    script: bool,
    delay: Duration,
    save: Option<PathBuf>,
    load: Option<PathBuf>,
}

fn parse(args: &[OsString]) -> Result<Option<Options>, CliError> {
    let flags = args::flags(
        args,
        &[
            "--players",
            "--seat",
            "--bots",
            "--seed",
            "--rounds",
            "--iterations",
            "--delay",
            "--save",
            "--load",
        ],
        &["--random-layout", "--watch", "--script"],
    )?;
    let mut o = Options {
        players: 4,
        seat: 0,
        bots: None,
        seed: None,
        rounds: 3,
        random_layout: false,
        iterations: IsmctsConfig::default().iterations,
        watch: false,
        script: false,
        delay: Duration::ZERO,
        save: None,
        load: None,
    };
    let mut seat: Option<&Flag> = None;
    let mut game_settings = Vec::new();
    for flag in &flags {
        match flag.name.as_str() {
            "--help" => return Ok(None),
            "--players" => {
                o.players = args::number(flag, Config::MIN_PLAYERS..=Config::MAX_PLAYERS)?;
            }
            "--seat" => seat = Some(flag),
            "--bots" => o.bots = Some(bots::parse_list(args::text(flag)?)?),
            "--seed" => o.seed = Some(args::number(flag, 0..=u64::MAX)?),
            "--rounds" => {
                o.rounds = args::number(flag, 1..=3)?;
                if o.rounds == 2 {
                    return Err(CliError::Usage(
                        "--rounds must be 3 (the standard game) or 1 (the quick variant), not 2"
                            .to_owned(),
                    ));
                }
            }
            "--iterations" => o.iterations = bots::iterations(flag)?,
            "--delay" => o.delay = Duration::from_millis(args::number(flag, 0..=MAX_DELAY_MS)?),
            "--random-layout" => o.random_layout = true,
            "--watch" => o.watch = true,
            "--script" => o.script = true,
            "--save" => o.save = Some(args::path(flag)),
            "--load" => o.load = Some(args::path(flag)),
            _ => unreachable!("args::flags accepts only the listed flags"),
        }
        if ["--players", "--seed", "--rounds", "--random-layout"].contains(&flag.name.as_str()) {
            game_settings.push(flag.name.clone());
        }
    }
    if o.load.is_some() && !game_settings.is_empty() {
        return Err(CliError::Usage(format!(
            "--load resumes a saved game with its own settings; drop {}",
            game_settings.join(", ")
        )));
    }
    if let Some(flag) = seat {
        o.seat = args::number(flag, 0..=usize::from(o.players) - 1)?;
    }
    if o.watch && o.script {
        return Err(CliError::Usage(
            "--watch (bots play every seat) and --script (you play a seat) exclude each other"
                .to_owned(),
        ));
    }
    Ok(Some(o))
}

/// Which bot plays each seat (`None`: the person).
fn seat_bots(
    o: &Options,
    players: usize,
    human: Option<usize>,
) -> Result<Vec<Option<BotKind>>, CliError> {
    // Watching: search and rules of thumb side by side.
    let default = if human.is_some() {
        vec![BotKind::Ismcts]
    } else {
        vec![BotKind::Ismcts, BotKind::Heuristic]
    };
    let list = o.bots.clone().unwrap_or(default);
    let bot_seats: Vec<usize> = (0..players).filter(|&s| Some(s) != human).collect();
    let mut kinds = vec![None; players];
    if list.len() == players {
        for &s in &bot_seats {
            kinds[s] = Some(list[s]);
        }
    } else if list.len() <= bot_seats.len() {
        for (i, &s) in bot_seats.iter().enumerate() {
            kinds[s] = Some(list[i % list.len()]);
        }
    } else {
        return Err(CliError::Usage(format!(
            "--bots lists {} bots, but a {players}-player game has {} bot seats (give at most \
             that many, repeated in order, or exactly one per seat)",
            list.len(),
            bot_seats.len()
        )));
    }
    Ok(kinds)
}

/// The session to play: loaded from `--load`, or new from the options and `seed`.
fn open(o: &Options, seed: u64) -> Result<Session, CliError> {
    if let Some(path) = &o.load {
        return load(path);
    }
    let mut config = Config::new(o.players);
    config.rounds = o.rounds;
    if o.random_layout {
        config.setup = Setup::RandomLayout;
    }
    Session::new(config, seed).map_err(|e| CliError::Usage(e.to_string()))
}

/// Reads the save document in `path`: never more of the file than a save can be (with the
/// line end `--save` writes after it), so a huge file is refused unread.
fn load(path: &Path) -> Result<Session, CliError> {
    let room = MAX_SAVE_LEN + 2;
    let cannot = |why: String| CliError::Failed(format!("cannot load {}: {why}", path.display()));
    let file = std::fs::File::open(path)
        .map_err(|e| CliError::Failed(format!("cannot read {}: {e}", path.display())))?;
    let mut bytes = Vec::new();
    file.take(room as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| CliError::Failed(format!("cannot read {}: {e}", path.display())))?;
    if bytes.len() > room {
        return Err(cannot(format!(
            "the file is longer than {room} bytes, more than a save document holds"
        )));
    }
    let text = String::from_utf8(bytes).map_err(|e| cannot(format!("not UTF-8: {e}")))?;
    Session::from_json(text.trim_end()).map_err(|e| cannot(e.to_string()))
}

pub(crate) fn run(args: &[OsString]) -> Result<ExitCode, CliError> {
    let Some(o) = parse(args)? else {
        out!("{}", usage());
        return Ok(ExitCode::SUCCESS);
    };
    let watch = o.watch || (!o.script && !std::io::stdin().is_terminal());
    let seed = o.seed.unwrap_or_else(secret_seed);
    let session = open(&o, seed)?;
    let players = session.game().players();
    if o.seat >= players {
        return Err(CliError::Usage(format!(
            "--seat must be 0 to {}: the game has {players} players",
            players - 1
        )));
    }
    let human = (!watch).then_some(o.seat);
    let kinds = seat_bots(&o, players, human)?;
    // A loaded game has no seed to replay from; its bots draw from a fresh one.
    let bot_seed = if o.load.is_some() {
        secret_seed()
    } else {
        seed
    };
    let bots: Vec<Option<AnyBot>> = kinds
        .iter()
        .enumerate()
        .map(|(s, k)| k.map(|k| bots::make(k, o.iterations, bot_seed, s)))
        .collect();
    let names = kinds
        .iter()
        .map(|k| k.map_or("you", BotKind::name).to_owned())
        .collect();
    let seating = Seating {
        viewer: human.and_then(Seat::new),
        names,
    };
    // A loaded game is shown from where it stands; a new one from its first deal.
    let (shown, shown_steps) = if o.load.is_some() {
        (*session.game(), session.replay().steps.len())
    } else {
        (
            Game::new(*session.config()).map_err(|e| CliError::Usage(e.to_string()))?,
            0,
        )
    };
    let mut table = Table {
        session,
        shown,
        shown_steps,
        bots,
        seating,
        input: (!watch).then(|| Box::new(std::io::stdin().lock()) as Box<dyn BufRead>),
        echo: !std::io::stdin().is_terminal(),
        delay: o.delay,
        round_shown: None,
        save: o.save.clone(),
    };
    table.intro(&o, &kinds, watch);
    let code = table.play()?;
    if table.session.game().is_over() && o.load.is_none() {
        out!(
            "Same game again: {}",
            replay_command(&o, &kinds, seed, watch)
        );
    }
    Ok(code)
}

/// A seed nobody at the table can guess: from the operating system's randomness (std seeds
/// `RandomState` from it), never from the clock.
fn secret_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish()
}

/// The command that plays this game again (printed once it is over: the seed predicts every
/// deal).
fn replay_command(o: &Options, kinds: &[Option<BotKind>], seed: u64, watch: bool) -> String {
    // The bot seats in order: read back, the list fills the same seats.
    let list: Vec<&str> = kinds.iter().flatten().map(|k| k.name()).collect();
    let mut command = format!(
        "kingup play --players {} --bots {} --seed {seed}",
        o.players,
        list.join(",")
    );
    if o.rounds == 1 {
        command.push_str(" --rounds 1");
    }
    if o.random_layout {
        command.push_str(" --random-layout");
    }
    if kinds.contains(&Some(BotKind::Ismcts)) && o.iterations != IsmctsConfig::default().iterations
    {
        command.push_str(&format!(" --iterations {}", o.iterations));
    }
    if watch {
        command.push_str(" --watch");
    } else {
        command.push_str(&format!(" --seat {}", o.seat));
    }
    command
}

/// A game in progress and everything needed to show it.
struct Table {
    session: Session,
    /// The game as shown so far: the session's first `shown_steps` steps, replayed one at a
    /// time so that each step is told with the board as it stood then.
    shown: Game,
    shown_steps: usize,
    /// By seat; `None` for the person.
    bots: Vec<Option<AnyBot>>,
    seating: Seating,
    /// The person's moves, line by line (`None` when watching).
    input: Option<Box<dyn BufRead>>,
    /// Echo input lines (scripted play, where the terminal does not show them).
    echo: bool,
    delay: Duration,
    /// The last round whose header was printed.
    round_shown: Option<u8>,
    /// Where the game is saved after every move.
    save: Option<PathBuf>,
}

impl Table {
    fn intro(&self, o: &Options, kinds: &[Option<BotKind>], watch: bool) {
        let config = self.session.config();
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
        out!(
            "King Up! (Viva il Re!): {} players, {rounds}; {setup}; 1 Yes and {} No cards \
             each per round.",
            config.players,
            config.no_cards()
        );
        for (s, kind) in kinds.iter().enumerate() {
            let what = match kind {
                None => "you".to_owned(),
                Some(BotKind::Ismcts) => format!("ismcts bot ({} iterations a move)", o.iterations),
                Some(k) => format!("{k} bot"),
            };
            out!("    seat {s}: {what}");
        }
        if let Some(path) = &o.load {
            let game = self.session.game();
            out!(
                "Resuming {}: round {} of {}, {} steps played.",
                path.display(),
                game.round() + 1,
                config.rounds,
                self.session.replay().steps.len()
            );
        }
        if watch {
            out!("Watching as a spectator: objectives and votes stay hidden until revealed.");
        } else {
            out!(
                "Get your six characters (your objective) high in the castle. Type `help` at \
                 any prompt for how to play, `quit` to leave."
            );
        }
    }

    fn play(&mut self) -> Result<ExitCode, CliError> {
        loop {
            self.catch_up();
            self.save()?;
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
                    None => {
                        out!("You leave the game. Goodbye!");
                        return Ok(ExitCode::SUCCESS);
                    }
                },
            };
            // The person's move was checked at the prompt and a bot's comes from the legal
            // ones: a refusal here is a bug, reported with who made the move.
            self.session
                .apply(seat, action)
                .map_err(|e| CliError::Failed(format!("{who} made an illegal move: {e}")))?;
            if self.seating.viewer.is_none() && !self.delay.is_zero() {
                std::thread::sleep(self.delay);
            }
        }
    }

    /// Tells the steps recorded since the last call, one at a time.
    fn catch_up(&mut self) {
        while let Some(&step) = self.session.replay().steps.get(self.shown_steps) {
            let mut events = Vec::new();
            // The session accepted the step on this very state.
            if self.shown.apply_step(step, &mut events).is_err() {
                break;
            }
            self.shown_steps += 1;
            self.narrate(&events);
        }
    }

    /// Writes the save document (`--save`), through a temporary file so that an interrupted
    /// write never leaves half a save.
    fn save(&self) -> Result<(), CliError> {
        let Some(path) = &self.save else {
            return Ok(());
        };
        let tmp = temporary(path);
        std::fs::write(&tmp, self.session.to_json() + "\n")
            .and_then(|()| std::fs::rename(&tmp, path))
            .map_err(|e| CliError::Failed(format!("cannot save to {}: {e}", path.display())))
    }

    /// Prints a step's events as the viewer may see them.
    fn narrate(&mut self, events: &[Event]) {
        let public = self.shown.public_view();
        let mine = self
            .seating
            .viewer
            .and_then(|s| self.shown.player_view(s).objective());
        let watching = self.seating.viewer.is_none();
        for &event in events {
            let event = event.redacted(self.seating.viewer);
            // A round opens with its first chance step (round 1's first player, or the deal
            // to seat 0).
            if matches!(
                event,
                Event::FirstPlayerChosen { .. } | Event::ObjectiveDealt { .. }
            ) && self.round_shown != Some(public.round)
            {
                self.round_shown = Some(public.round);
                out!(
                    "\n════════ Round {} of {} ════════",
                    public.round + 1,
                    public.config.rounds
                );
            }
            if let Event::RoundStarted { first_player, .. } = event {
                let phase = match public.config.setup {
                    Setup::Placement => "placement",
                    Setup::RandomLayout => "climb",
                };
                out!(
                    "  The round begins: {} moves first ({phase} phase).",
                    self.seating.seat(first_player)
                );
            }
            if let Some(text) = render::sentence(event, &public, &self.seating) {
                out!("  {text}");
            }
            match event {
                Event::RoundStarted { .. }
                    if watching && public.config.setup == Setup::RandomLayout =>
                {
                    out!("{}", render::castle(&public, None).trim_end());
                }
                Event::LeftoversPlaced { .. } | Event::Eliminated { .. } if watching => {
                    out!("{}", render::castle(&public, None).trim_end());
                }
                Event::Crowned { .. } => out!("{}", render::castle(&public, mine).trim_end()),
                Event::RoundScored {
                    round,
                    objectives,
                    points,
                } => out!(
                    "{}",
                    render::round_table(&public, round, &objectives, &points, &self.seating)
                ),
                Event::GameOver { totals, winners } => out!(
                    "{}",
                    render::final_result(&public, &totals, winners, &self.seating)
                ),
                _ => {}
            }
        }
    }

    /// Everything the person sees before deciding.
    fn status(&self, view: &PlayerView) {
        let public = &view.public;
        let phase = match public.phase {
            Phase::Placement => "placement",
            Phase::Climb => "climb",
            Phase::Vote => "vote",
            _ => "between rounds",
        };
        out!(
            "\n──── Round {} of {} · {phase} phase · your move (seat {}) ────",
            public.round + 1,
            public.config.rounds,
            view.seat
        );
        out!("{}", render::castle(public, view.objective()).trim_end());
        if let Some(o) = view.objective() {
            out!(
                "    * your objective {}: {} points as the castle stands",
                render::objective(o),
                score(&public.castle, o)
            );
        }
        out!("{}", render::seats(public, &self.seating).trim_end());
    }

    /// What to do now, in words.
    fn prompt_text(view: &PlayerView) -> String {
        let public = &view.public;
        match public.phase {
            Phase::Placement => {
                let placed = public
                    .movers
                    .iter()
                    .filter(|m| m.contains(view.seat))
                    .count();
                format!(
                    "Place a character on floor 1-4 (your placement {} of {}), e.g. `B4`:",
                    placed + 1,
                    public.config.placements_per_seat()
                )
            }
            Phase::Climb => {
                "Move a character up one floor, e.g. `F` (`legal` lists your moves):".to_owned()
            }
            Phase::Vote => {
                let Some(candidate) = public.candidate() else {
                    return "Vote `yes` or `no`:".to_owned();
                };
                let mut text = format!("{candidate} is the candidate. ");
                if let Some(o) = view.objective() {
                    let crowned = score(&public.castle, o);
                    let mut without = public.castle;
                    without.eliminate(candidate);
                    let eliminated = score(&without, o);
                    if o.contains(candidate) {
                        text.push_str(&format!("{candidate} is on your objective. "));
                    }
                    text.push_str(&format!(
                        "Crowned, your objective scores {crowned}; eliminated, play goes on \
                         ({eliminated} as it stands). "
                    ));
                }
                text.push_str(&format!(
                    "You have {} No card{} left. Vote `yes` or `no`:",
                    view.no_cards(),
                    if view.no_cards() == 1 { "" } else { "s" }
                ));
                text
            }
            _ => "Your move:".to_owned(),
        }
    }

    /// Asks the person for a move until a legal one comes; `None` to quit.
    fn ask(&mut self, seat: Seat) -> Result<Option<Action>, CliError> {
        let view = self.session.player_view(seat);
        if view.public.phase == Phase::Vote && view.no_cards() == 0 {
            out!("  You have no No card left, so you vote Yes.");
            return Ok(Some(Action::Vote(Vote::Yes)));
        }
        self.status(&view);
        out!("{}", Self::prompt_text(&view));
        let voting = view.public.phase == Phase::Vote;
        loop {
            crate::write_out(format_args!("> "));
            let input = self
                .input
                .as_mut()
                .ok_or_else(|| CliError::Failed("no input to read moves from".to_owned()))?;
            let bytes = match read_line(input) {
                // Ctrl-D at a terminal leaves the game; a script that runs out is an error.
                Ok(None) if !self.echo => return Ok(None),
                Ok(None) => {
                    out!();
                    return Err(CliError::Failed(
                        "standard input ended before the game did".to_owned(),
                    ));
                }
                Ok(Some(Line::Read(bytes))) => bytes,
                Ok(Some(Line::TooLong)) => {
                    out!(
                        "  ✗ That line is longer than {MAX_LINE} bytes: type a move such as `B4`."
                    );
                    continue;
                }
                Err(e) => return Err(CliError::Failed(format!("cannot read a move: {e}"))),
            };
            // Bytes that are not UTF-8 are shown as such and refused like any unknown word.
            let line = String::from_utf8_lossy(&bytes).into_owned();
            if self.echo {
                out!("{}", line.trim_end());
            }
            match moves::parse(&line, voting) {
                Ok(Input::Move(action)) => match self.session.game().check(seat, action) {
                    Ok(()) => return Ok(Some(action)),
                    Err(e) => out!(
                        "  ✗ You cannot {action:#}: {}. Try again (`legal` lists your moves).",
                        refusal(e.reason)
                    ),
                },
                Ok(Input::Help) => out!("{}", help(&view)),
                Ok(Input::Legal) => out!("{}", legal(&view)),
                Ok(Input::Board) => {
                    self.status(&view);
                    out!("{}", Self::prompt_text(&view));
                }
                Ok(Input::Quit) => return Ok(None),
                Ok(Input::Nothing) => {}
                Err(message) => out!("  ✗ {message}"),
            }
            let _ = std::io::stdout().flush();
        }
    }
}

/// A line of the person's input.
enum Line {
    /// The line, at most `MAX_LINE` bytes (its end of line included).
    Read(Vec<u8>),
    /// A longer line, skipped to its end without being kept.
    TooLong,
}

/// Reads one line of at most `MAX_LINE` bytes; `None` at the end of the input.
fn read_line(input: &mut dyn BufRead) -> std::io::Result<Option<Line>> {
    let mut bytes = Vec::new();
    if input
        .take(MAX_LINE as u64 + 1)
        .read_until(b'\n', &mut bytes)?
        == 0
    {
        return Ok(None);
    }
    if bytes.len() <= MAX_LINE || bytes.ends_with(b"\n") {
        return Ok(Some(Line::Read(bytes)));
    }
    // Skip the rest of the line a buffer at a time.
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            break;
        }
        match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => {
                input.consume(end + 1);
                break;
            }
            None => {
                let all = buffer.len();
                input.consume(all);
            }
        }
    }
    Ok(Some(Line::TooLong))
}

/// Why the engine refuses the person's move, said to them. The engine speaks of seats in
/// the third person (`it has already voted`, `it is seat 3's turn`); at the prompt the
/// person is "you".
fn refusal(reason: IllegalReason) -> String {
    match reason {
        IllegalReason::GameOver => "the game is over".to_owned(),
        IllegalReason::ChancePending => "the cards are not all dealt yet".to_owned(),
        IllegalReason::NoSuchSeat { players } => {
            format!("you do not play in this {players}-player game")
        }
        IllegalReason::NotYourTurn { to_move } => format!("it is seat {to_move}'s turn, not yours"),
        IllegalReason::AlreadyVoted => "you have already voted in this election".to_owned(),
        IllegalReason::NoNoCardLeft => "you have no No card left, so you vote Yes".to_owned(),
        // About the move itself (a phase, a character, a floor): no seat in the sentence.
        IllegalReason::WrongPhase { .. }
        | IllegalReason::AlreadyPlaced { .. }
        | IllegalReason::FloorNotAllowed { .. }
        | IllegalReason::FloorFull { .. }
        | IllegalReason::NotInCastle { .. } => reason.to_string(),
    }
}

/// The `legal` command: every legal move, as typed.
fn legal(view: &PlayerView) -> String {
    let actions = view.legal_actions();
    let mut text = String::from("  Your legal moves:\n");
    match view.public.phase {
        Phase::Placement => {
            // Grouped by character: `Beatrice: B1 B2 B3 B4`.
            let mut current = None;
            let mut line = String::new();
            for &a in &actions {
                if let Action::Place { character, .. } = a {
                    if current != Some(character) {
                        if !line.is_empty() {
                            text.push_str(&line);
                            text.push('\n');
                        }
                        line = format!("    {:<10}", character.name());
                        current = Some(character);
                    }
                    line.push_str(&format!(" {}", moves::typed(a)));
                }
            }
            text.push_str(&line);
        }
        _ => {
            let lines: Vec<String> = actions
                .iter()
                .map(|&a| {
                    let what = match a {
                        Action::Climb { character } => {
                            let from = view.public.castle.floor_of(character);
                            let to = from.and_then(|f| f.up());
                            match (from, to) {
                                (Some(f), Some(t)) => format!(
                                    "{character} from {f} ({}) to {t} ({})",
                                    f.index(),
                                    t.index()
                                ),
                                _ => format!("{a:#}"),
                            }
                        }
                        a => format!("{a:#}"),
                    };
                    format!("    {:<4} {what}", moves::typed(a))
                })
                .collect();
            text.push_str(&lines.join("\n"));
        }
    }
    text
}

/// The `help` command.
fn help(view: &PlayerView) -> String {
    let phase = match view.public.phase {
        Phase::Placement => {
            "Now: placement. Put a character not yet in the castle on floor 1, 2, 3 or 4 \
             (at most four a floor): `B4`, `beatrice 4` or `place B 4`."
        }
        Phase::Climb => {
            "Now: the climb. Move any character in the castle up exactly one floor (never onto \
             a full floor): `F`, `fiorello` or `climb F`. Reaching the throne (6) calls a vote."
        }
        Phase::Vote => {
            "Now: the vote. `yes` or `no` (`y`/`n`). All Yes crowns the candidate and ends the \
             round; a single No eliminates it, and each No card played is gone for the round."
        }
        _ => "",
    };
    format!(
        "  How to play: you score your secret objective's six characters by floor at the end \
         of each round (King 10, Nobles 5, Dignitaries 4, Officials 3, Merchants 2, Artisans 1, \
         Servants and eliminated 0). Characters are typed by letter or name: A Alighiero, \
         B Beatrice, C Clemente, D Dario, E Ernesto, F Fiorello, G Giuseppe, I Irina, \
         L Leonardo, M Martino, N Natale, O Odessa, P Piero.\n  {phase}\n  Commands: `legal` \
         lists your legal moves, `board` draws the castle again, `quit` leaves the game."
    )
}

/// `path` with `.tmp` appended to its file name.
fn temporary(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".tmp");
    path.with_file_name(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(text: &str) -> Vec<OsString> {
        text.split_whitespace().map(OsString::from).collect()
    }

    #[test]
    fn options_and_seats() {
        let o = parse(&strings(
            "--players 5 --seat 4 --bots random,heuristic --seed 3",
        ))
        .unwrap()
        .unwrap();
        assert_eq!((o.players, o.seat, o.seed), (5, 4, Some(3)));
        let kinds = seat_bots(&o, 5, Some(4)).unwrap();
        assert_eq!(
            kinds,
            [
                Some(BotKind::Random),
                Some(BotKind::Heuristic),
                Some(BotKind::Random),
                Some(BotKind::Heuristic),
                None
            ]
        );
        // One per seat: the person's entry is skipped.
        let o = parse(&strings("--players 3 --bots random,heuristic,ismcts"))
            .unwrap()
            .unwrap();
        assert_eq!(
            seat_bots(&o, 3, Some(1)).unwrap(),
            [Some(BotKind::Random), None, Some(BotKind::Ismcts)]
        );
        assert_eq!(seat_bots(&o, 3, None).unwrap().iter().flatten().count(), 3);
        for bad in [
            "--players 3 --seat 3",
            "--rounds 2",
            "--players 3 --bots random,random,random,random",
            "--watch --script",
            "--iterations 0",
            "--seed -1",
            "--iterations 1000001",
            "--load x.json --players 3",
        ] {
            let result = parse(&strings(bad)).and_then(|o| match o {
                Some(o) => seat_bots(&o, usize::from(o.players), Some(o.seat)).map(|_| ()),
                None => Ok(()),
            });
            assert!(matches!(result, Err(CliError::Usage(_))), "{bad}");
        }
    }

    #[test]
    fn refusals_speak_to_you() {
        use kingup_core::{Character, Floor};
        let me = Seat::new(0).unwrap();
        let other = Seat::new(3).unwrap();
        let reasons = [
            IllegalReason::GameOver,
            IllegalReason::ChancePending,
            IllegalReason::NoSuchSeat { players: 4 },
            IllegalReason::WrongPhase {
                phase: Phase::Climb,
            },
            IllegalReason::NotYourTurn { to_move: other },
            IllegalReason::AlreadyVoted,
            IllegalReason::AlreadyPlaced {
                character: Character::Beatrice,
            },
            IllegalReason::FloorNotAllowed {
                floor: Floor::Servants,
            },
            IllegalReason::FloorFull {
                floor: Floor::Artisans,
            },
            IllegalReason::NotInCastle {
                character: Character::Dario,
            },
            IllegalReason::NoNoCardLeft,
        ];
        for reason in reasons {
            let text = refusal(reason);
            // The engine's third person ("it has", "it is seat 0") never reaches the person,
            // nor does their own seat number.
            assert!(!text.contains("it has"), "{text}");
            assert!(!text.contains(&format!("seat {me}")), "{text}");
            assert!(!text.contains("chance step"), "{text}");
        }
        assert_eq!(
            refusal(IllegalReason::AlreadyVoted),
            "you have already voted in this election"
        );
        assert_eq!(
            refusal(IllegalReason::NotYourTurn { to_move: other }),
            "it is seat 3's turn, not yours"
        );
    }

    #[test]
    fn long_lines_are_skipped_unkept() {
        let mut text = b"B4\n".to_vec();
        text.extend(std::iter::repeat_n(b'x', 10 * MAX_LINE));
        text.extend(b"\nyes\n");
        text.extend(std::iter::repeat_n(b'y', MAX_LINE - 1));
        text.push(b'\n');
        let mut input: &[u8] = &text;
        let mut lines = Vec::new();
        while let Some(line) = read_line(&mut input).unwrap() {
            lines.push(match line {
                Line::Read(bytes) => bytes.len(),
                Line::TooLong => 0,
            });
        }
        assert_eq!(lines, [3, 0, 4, MAX_LINE]);
    }
}
