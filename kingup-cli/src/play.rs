//! `kingup play`: one person against bots, or bots among themselves with a spectator.

use std::io::{BufRead, IsTerminal as _, Write as _};
use std::process::ExitCode;
use std::time::Duration;

use kingup_core::{
    Action, Actor, Bot, Config, Event, Game, Phase, PlayerView, Seat, Setup, Vote, score,
};
use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::args::{self, Flag};
use crate::bots::{self, BotKind};
use crate::moves::{self, Input};
use crate::render::{self, Seating};
use crate::{CliError, USAGE, out};

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
}

fn parse(args: &[String]) -> Result<Option<Options>, CliError> {
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
        iterations: 1000,
        watch: false,
        script: false,
        delay: Duration::ZERO,
    };
    let mut seat: Option<&Flag> = None;
    for flag in &flags {
        match flag.name.as_str() {
            "--help" => return Ok(None),
            "--players" => {
                o.players = args::number(flag, Config::MIN_PLAYERS..=Config::MAX_PLAYERS)?;
            }
            "--seat" => seat = Some(flag),
            "--bots" => o.bots = Some(bots::parse_list(args::text(flag)).map_err(CliError::Usage)?),
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
            "--iterations" => o.iterations = args::number(flag, 1..=10_000_000)?,
            "--delay" => o.delay = Duration::from_millis(args::number(flag, 0..=60_000)?),
            "--random-layout" => o.random_layout = true,
            "--watch" => o.watch = true,
            "--script" => o.script = true,
            _ => unreachable!("args::flags accepts only the listed flags"),
        }
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
fn seat_bots(o: &Options, human: Option<usize>) -> Result<Vec<Option<BotKind>>, CliError> {
    let players = usize::from(o.players);
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

pub(crate) fn run(args: &[String]) -> Result<ExitCode, CliError> {
    let Some(o) = parse(args)? else {
        out!("{USAGE}");
        return Ok(ExitCode::SUCCESS);
    };
    let watch = o.watch || (!o.script && !std::io::stdin().is_terminal());
    let human = (!watch).then_some(o.seat);
    let kinds = seat_bots(&o, human)?;
    let seed = o.seed.unwrap_or_else(clock_seed);

    let mut config = Config::new(o.players);
    config.rounds = o.rounds;
    if o.random_layout {
        config.setup = Setup::RandomLayout;
    }
    let game = Game::new(config).map_err(|e| CliError::Usage(e.to_string()))?;

    let bots: Vec<Option<Box<dyn Bot + Send>>> = kinds
        .iter()
        .enumerate()
        .map(|(s, k)| k.map(|k| k.make(bots::bot_seed(seed, s), o.iterations)))
        .collect();
    let names = kinds
        .iter()
        .map(|k| k.map_or("you", BotKind::name).to_owned())
        .collect();
    let seating = Seating {
        viewer: human.and_then(Seat::new),
        names,
    };
    let stdin_is_terminal = std::io::stdin().is_terminal();
    let mut session = Session {
        game,
        rng: SmallRng::seed_from_u64(seed),
        bots,
        seating,
        input: (!watch).then(|| Box::new(std::io::stdin().lock()) as Box<dyn BufRead>),
        echo: !stdin_is_terminal,
        delay: o.delay,
        round_shown: None,
    };
    session.intro(&o, &kinds, seed, watch);
    session.play()
}

/// A seed from the clock, for games started without `--seed`.
fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    // Keep it short enough to type back in.
    (nanos % 1_000_000_000) as u64
}

/// A game in progress and everything needed to show it.
struct Session {
    game: Game,
    /// Chance (deals, first player, layout).
    rng: SmallRng,
    /// By seat; `None` for the person.
    bots: Vec<Option<Box<dyn Bot + Send>>>,
    seating: Seating,
    /// The person's moves, line by line (`None` when watching).
    input: Option<Box<dyn BufRead>>,
    /// Echo input lines (scripted play, where the terminal does not show them).
    echo: bool,
    delay: Duration,
    /// The last round whose header was printed.
    round_shown: Option<u8>,
}

impl Session {
    fn intro(&self, o: &Options, kinds: &[Option<BotKind>], seed: u64, watch: bool) {
        let config = self.game.config();
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
             each per round; seed {seed}.",
            config.players,
            config.no_cards()
        );
        for (s, kind) in kinds.iter().enumerate() {
            let what = match kind {
                None => "you".to_owned(),
                Some(BotKind::Ismcts) => format!("ismcts bot ({} iterations a move)", o.iterations),
                Some(k) => format!("{} bot", k.name()),
            };
            out!("    seat {s}: {what}");
        }
        // The bot seats in order: read back, the list fills the same seats.
        let list: Vec<&str> = kinds.iter().flatten().map(|k| k.name()).collect();
        let mut replay = format!(
            "kingup play --players {} --bots {} --seed {seed}",
            config.players,
            list.join(",")
        );
        if config.rounds == 1 {
            replay.push_str(" --rounds 1");
        }
        if config.setup == Setup::RandomLayout {
            replay.push_str(" --random-layout");
        }
        if kinds.contains(&Some(BotKind::Ismcts)) && o.iterations != 1000 {
            replay.push_str(&format!(" --iterations {}", o.iterations));
        }
        if watch {
            out!("Watching as a spectator: objectives and votes stay hidden until revealed.");
            out!("Same game again: {replay} --watch");
        } else {
            out!("Same game again: {replay} --seat {}", o.seat);
            out!(
                "Get your six characters (your objective) high in the castle. Type `help` at \
                 any prompt for how to play, `quit` to leave."
            );
        }
    }

    fn play(&mut self) -> Result<ExitCode, CliError> {
        loop {
            let seat = match self.game.actor() {
                Actor::Chance => {
                    // One step at a time: a whole setup can emit more events than `Events`
                    // holds (deals, 13 layout steps, the round start).
                    let events = self
                        .game
                        .sample_chance(&mut self.rng)
                        .and_then(|outcome| self.game.apply_chance(outcome).ok())
                        .ok_or_else(|| CliError::Failed("a chance step failed".to_owned()))?;
                    self.narrate(&events);
                    continue;
                }
                Actor::Seat(seat) => seat,
                // The person votes first (the others cannot see the vote anyway).
                Actor::Voters(voters) => match self.seating.viewer {
                    Some(me) if voters.contains(me) => me,
                    _ => voters.iter().next().ok_or_else(|| {
                        CliError::Failed("a vote is open but nobody is left to vote".to_owned())
                    })?,
                },
                Actor::Nobody => return Ok(ExitCode::SUCCESS),
            };
            let action = match self.bots.get_mut(seat.index()) {
                Some(Some(bot)) => bot.choose(&self.game.player_view(seat)).ok_or_else(|| {
                    CliError::Failed(format!("the bot at seat {seat} found no move"))
                })?,
                _ => match self.ask(seat)? {
                    Some(action) => action,
                    None => {
                        out!("You leave the game. Goodbye!");
                        return Ok(ExitCode::SUCCESS);
                    }
                },
            };
            let events = self
                .game
                .apply(seat, action)
                .map_err(|e| CliError::Failed(format!("the bot made an illegal move: {e}")))?;
            self.narrate(&events);
            if self.seating.viewer.is_none() && !self.delay.is_zero() {
                std::thread::sleep(self.delay);
            }
        }
    }

    /// Prints a step's events as the viewer may see them.
    fn narrate(&mut self, events: &[Event]) {
        let public = self.game.public_view();
        let mine = self
            .seating
            .viewer
            .and_then(|s| self.game.player_view(s).objective());
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
        let view = self.game.player_view(seat);
        if view.public.phase == Phase::Vote && view.no_cards() == 0 {
            out!("  You have no No card left, so you vote Yes.");
            return Ok(Some(Action::Vote(Vote::Yes)));
        }
        self.status(&view);
        out!("{}", Self::prompt_text(&view));
        let voting = view.public.phase == Phase::Vote;
        loop {
            crate::write_out(format_args!("> "));
            let mut bytes = Vec::new();
            let input = self
                .input
                .as_mut()
                .ok_or_else(|| CliError::Failed("no input to read moves from".to_owned()))?;
            match input.read_until(b'\n', &mut bytes) {
                // Ctrl-D at a terminal leaves the game; a script that runs out is an error.
                Ok(0) if !self.echo => return Ok(None),
                Ok(0) => {
                    out!();
                    return Err(CliError::Failed(
                        "standard input ended before the game did".to_owned(),
                    ));
                }
                Ok(_) => {}
                Err(e) => return Err(CliError::Failed(format!("cannot read a move: {e}"))),
            }
            // Bytes that are not UTF-8 are shown as such and refused like any unknown word.
            let line = String::from_utf8_lossy(&bytes).into_owned();
            if self.echo {
                out!("{}", line.trim_end());
            }
            match moves::parse(&line, voting) {
                Ok(Input::Move(action)) => match self.game.check(seat, action) {
                    Ok(()) => return Ok(Some(action)),
                    Err(e) => out!("  ✗ {e}. Try again (`legal` lists your moves)."),
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
                                _ => a.to_string(),
                            }
                        }
                        a => a.to_string(),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn options_and_seats() {
        let o = parse(&strings(
            "--players 5 --seat 4 --bots random,heuristic --seed 3",
        ))
        .unwrap()
        .unwrap();
        assert_eq!((o.players, o.seat, o.seed), (5, 4, Some(3)));
        let kinds = seat_bots(&o, Some(4)).unwrap();
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
            seat_bots(&o, Some(1)).unwrap(),
            [Some(BotKind::Random), None, Some(BotKind::Ismcts)]
        );
        assert_eq!(seat_bots(&o, None).unwrap().iter().flatten().count(), 3);
        for bad in [
            "--players 3 --seat 3",
            "--rounds 2",
            "--players 3 --bots random,random,random,random",
            "--watch --script",
            "--iterations 0",
            "--seed -1",
        ] {
            let result = parse(&strings(bad)).and_then(|o| match o {
                Some(o) => seat_bots(&o, Some(o.seat)).map(|_| ()),
                None => Ok(()),
            });
            assert!(matches!(result, Err(CliError::Usage(_))), "{bad}");
        }
    }
}
