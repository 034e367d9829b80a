//! `kingup court play`: one seat typed at the prompt against bots, or bots only.

use std::ffi::OsString;
use std::io::{BufRead, IsTerminal as _};
use std::process::ExitCode;

use kingup_court::Seat;
use kingup_court::{Action, Config, Event, Game, Session};

use super::options::{self, PlayOptions};
use super::render;
use crate::audience::Audience;
use crate::engines::{self, Player};
use crate::prompt::{self, Line};
use crate::{CliError, args, out, text, write_out};

/// What the person typed at the prompt.
enum Typed {
    /// A legal move.
    Move(Action),
    /// `quit`, or the end of the input.
    Quit,
}

pub(crate) fn run(args: &[OsString]) -> Result<ExitCode, CliError> {
    let Some(o) = options::parse_play(args)? else {
        out!("{}", super::usage());
        return Ok(ExitCode::SUCCESS);
    };
    let stdin_terminal = std::io::stdin().is_terminal();
    // Without a terminal to type at, bots play every seat (unless moves are scripted).
    let watch = o.watch || (!stdin_terminal && !o.script);
    let human = (!watch).then_some(o.seat);
    // A new game's seed replays it; a loaded game has none, and its bots draw from a fresh one.
    let (mut session, seed) = match &o.load {
        Some(path) => (crate::save::load::<Game>(path)?, None),
        None => {
            let seed = o.seed.unwrap_or_else(crate::play::secret_seed);
            let session =
                Session::new(o.config, seed).map_err(|e| CliError::Usage(e.to_string()))?;
            (session, Some(seed))
        }
    };
    let config = *session.config();
    options::check_seats(&o, config.player_count())?;
    let kinds = options::seat_bots(&o, config.player_count(), human)?;
    let bot_seed = seed.unwrap_or_else(crate::play::secret_seed);
    let engines::Table { mut bots, names } =
        o.engines.seat::<Game, _>(&kinds, bot_seed, |kind, seed| {
            (super::bots::make(kind, seed), kind.name())
        })?;
    // A new game is told to the bots from its start, a loaded one from where it stands.
    let (start, told) = match &o.load {
        Some(_) => (*session.game(), session.replay().steps.len()),
        None => (
            Game::new(config).map_err(|e| CliError::Usage(e.to_string()))?,
            0,
        ),
    };
    let mut audience = Audience::begin(start, told, &mut bots);
    intro(&config, &names, watch);
    match &o.load {
        Some(path) => out!(
            "{}",
            text::wrap(&format!(
                "Resuming {}: round {}, {} steps played.",
                path.display(),
                session.game().round() + 1,
                session.replay().steps.len()
            ))
        ),
        None => session.events().iter().for_each(|e| print_event(e, &names)),
    }
    // A resumed game goes on being saved where it came from, unless `--save` says otherwise.
    let save = o.save.as_ref().or(o.load.as_ref());
    let mut input = (!watch).then(|| std::io::stdin().lock());
    loop {
        // A save with explicit chance (other front ends write them) stops at each die: the
        // dice are drawn from the save's own generator, as an automatic game's are.
        for event in session.resolve_chance().to_vec() {
            print_event(&event, &names);
        }
        // The bots hear what happened before anyone moves (and how the game ended).
        audience.catch_up(&session, &mut bots);
        if let Some(path) = save {
            crate::save::write(path, &session)?;
        }
        let Some(seat) = session.game().next_seat() else {
            break;
        };
        let action = match (&mut bots[seat.index()], input.as_mut()) {
            (Some(bot), _) => bot
                .choose(&session.player_view(seat))
                .ok_or_else(|| CliError::Failed(format!("the bot at seat {seat} found no move")))?,
            (None, Some(input)) => match ask(session.game(), seat, &names, input, !stdin_terminal)?
            {
                Typed::Move(action) => action,
                Typed::Quit => {
                    out!("You leave the game. Goodbye!");
                    return Ok(ExitCode::SUCCESS);
                }
            },
            (None, None) => unreachable!("a seat without a bot has the person's input"),
        };
        let events = session
            .apply(seat, action)
            .map_err(|e| CliError::Failed(e.to_string()))?
            .to_vec();
        out!("{}", render::step(session.game(), &names, seat, action));
        for event in &events {
            print_event(event, &names);
        }
        if watch && o.delay > 0 {
            std::thread::sleep(std::time::Duration::from_millis(o.delay));
        }
    }
    out!("{}", render::result(session.game(), &names));
    for line in engines::forfeits(&names, &bots) {
        out!("{}", text::wrap(&line));
    }
    if let Some(seed) = seed {
        let command = replay_command(&o, &kinds, seed, watch);
        out!("{}", text::command("Same game again:", &command));
    }
    Ok(ExitCode::SUCCESS)
}

fn intro(config: &Config, names: &[String], watch: bool) {
    let seats: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(s, name)| format!("{s} {name}"))
        .collect();
    let mut rules = vec![match config.max_rounds {
        Some(r) => format!("at most {r} rounds without a King"),
        None => "no round bound".to_owned(),
    }];
    if config.unlimited_jesters {
        rules.push("unlimited Jesters".to_owned());
    }
    if !config.preroll_abilities {
        rules.push("add-a-die cards only after the first roll".to_owned());
    }
    out!(
        "{}",
        text::wrap(&format!(
            "To Court the King: {} players ({}).\nSeats: {}.",
            names.len(),
            rules.join(", "),
            seats.join(", ")
        ))
    );
    if !watch {
        out!(
            "{}",
            text::wrap(
                "Buy cards with your dice; buy the King (seven equal dice) and hold it through \
                 the final round to win. Type `help` at any prompt for your legal moves, `quit` \
                 to leave."
            )
        );
    }
}

/// Prints the events worth a line (the dice are shown with each step).
fn print_event(event: &Event, names: &[String]) {
    let line = match *event {
        Event::RoundStarted { .. } | Event::FinalRoundStarted { .. } => {
            out!("{}", render::rule(&event.to_string()));
            return;
        }
        Event::TurnStarted { seat, dice } => {
            format!(
                "{} starts a turn with {dice} dice",
                render::seat_label(names, seat)
            )
        }
        Event::FirstPlayerChosen { .. }
        | Event::ResultSet { .. }
        | Event::Bought { .. }
        | Event::Passed { .. }
        | Event::Skipped { .. }
        | Event::KingTaken { .. } => event.to_string(),
        _ => return,
    };
    out!("{}", text::wrap(&format!("* {line}")));
}

/// Shows the table and reads the person's move until it is legal, `quit` or the end of
/// the input. A refused line changes nothing and asks again.
fn ask(
    game: &Game,
    seat: Seat,
    names: &[String],
    input: &mut dyn BufRead,
    echo: bool,
) -> Result<Typed, CliError> {
    for line in render::table(game, names) {
        out!("{line}");
    }
    out!("Your move (`help` lists your legal moves):");
    loop {
        write_out(format_args!("> "));
        let line = match prompt::read_line(input) {
            Ok(Some(Line::Read(bytes))) => bytes,
            Ok(Some(Line::TooLong)) => {
                if echo {
                    out!();
                }
                out!("  ✗ that line is longer than {} bytes", prompt::MAX_LINE);
                continue;
            }
            Ok(None) => {
                if echo {
                    out!();
                }
                out!("End of input.");
                return Ok(Typed::Quit);
            }
            Err(e) => return Err(CliError::Failed(format!("cannot read standard input: {e}"))),
        };
        let Ok(line) = String::from_utf8(line) else {
            if echo {
                out!();
            }
            out!("  ✗ that line is not valid UTF-8");
            continue;
        };
        let typed = line.trim();
        if echo {
            out!("{}", args::excerpt(typed).trim_matches('"'));
        }
        match typed.to_ascii_lowercase().as_str() {
            "" => continue,
            "quit" | "exit" => return Ok(Typed::Quit),
            "help" | "?" | "legal" => render::legal(game, seat).iter().for_each(|l| out!("{l}")),
            "cards" => render::cards().iter().for_each(|l| out!("{l}")),
            "board" => render::table(game, names).iter().for_each(|l| out!("{l}")),
            _ => match typed.parse::<Action>() {
                Err(e) => out!(
                    "{}",
                    text::wrap(&format!(
                        "  ✗ {}: {e} (`help` lists your moves)",
                        args::excerpt(typed)
                    ))
                ),
                Ok(action) => match game.check(seat, action) {
                    Ok(()) => return Ok(Typed::Move(action)),
                    Err(e) => out!(
                        "{}",
                        text::wrap(&format!(
                            "  ✗ `{action}` is not legal now: {}",
                            super::refusal::refusal(e.reason)
                        ))
                    ),
                },
            },
        }
    }
}

/// The command that plays this game again (printed once it is over: the seed predicts
/// every die).
fn replay_command(
    o: &PlayOptions,
    kinds: &[Player<super::bots::CourtBot>],
    seed: u64,
    watch: bool,
) -> Vec<String> {
    let list: Vec<&str> = engines::built_in(kinds).iter().map(|k| k.name()).collect();
    let mut command = vec![
        "kingup court play".to_owned(),
        format!("--players {}", o.config.players),
    ];
    // Engines may take every bot seat.
    if !list.is_empty() {
        command.push(format!("--bots {}", list.join(",")));
    }
    command.extend(o.engines.args());
    command.push(format!("--seed {seed}"));
    command.extend(options::config_args(&o.config));
    if watch {
        command.push("--watch".to_owned());
    } else {
        command.push(format!("--seat {}", o.seat));
    }
    command
}
