//! Plays a whole game of King Up! between random players and prints it for a spectator.
//!
//! ```text
//! cargo run --release -p kingup-examples --bin play -- --players 4 --seed 7
//! ```
//!
//! The log is a "god view": it shows every secret as it happens (the objectives dealt,
//! every vote), which no player at the table would see. Players pick uniformly among
//! their legal actions; the same seed always plays the same game.

use std::fmt::Write as _;
use std::process::ExitCode;

use kingup_core::{
    Action, Actor, CONSOLATION_POINTS, CardId, Castle, ChanceStep, Character, CharacterSet, Config,
    Event, FirstPlayer, Floor, Game, Generator, Objective, Position, Seat, SeatSet, Setup, Vote,
};

const USAGE: &str = "\
usage: play [--players N] [--seed S] [--rounds 1|3] [--random-layout] [--quiet]

Plays a whole game of King Up! between random players and prints it,
every secret shown (a spectator's god view).

  --players N       number of players, 3 to 6 (default 4)
  --seed S          seed of the random players and the chance steps,
                    an unsigned 64-bit integer (default 1)
  --rounds 1|3      3 for the standard game, 1 for the quick variant (default 3)
  --random-layout   the online variant: characters start on random floors 0-3,
                    no placement phase
  --quiet           print only the final result
  -h, --help        print this help";

/// Prints a line on stdout; ends the program quietly when the reader has gone away
/// (`play | head`), where `println!` would panic.
macro_rules! out {
    ($($arg:tt)*) => {
        write_line(format_args!($($arg)*))
    };
}

fn write_line(text: std::fmt::Arguments<'_>) {
    use std::io::Write as _;
    if let Err(error) = writeln!(std::io::stdout().lock(), "{text}") {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("play: cannot write to stdout: {error}");
        std::process::exit(1);
    }
}

/// What the command line asked for.
#[derive(Debug)]
struct Options {
    players: u8,
    seed: u64,
    rounds: u8,
    random_layout: bool,
    quiet: bool,
}

/// Why the command line was refused (or help was asked for).
#[derive(Debug)]
enum ArgsError {
    Help,
    Invalid(String),
}

fn parse_args(args: impl IntoIterator<Item = String>) -> Result<Options, ArgsError> {
    let mut options = Options {
        players: 4,
        seed: 1,
        rounds: 3,
        random_layout: false,
        quiet: false,
    };
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        // Accept both `--flag value` and `--flag=value`.
        let (flag, inline) = match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => {
                (flag.to_owned(), Some(value.to_owned()))
            }
            _ => (arg.clone(), None),
        };
        let mut value = |name: &str| {
            inline
                .clone()
                .or_else(|| args.next())
                .ok_or_else(|| ArgsError::Invalid(format!("{name} needs a value")))
        };
        match flag.as_str() {
            "-h" | "--help" => return Err(ArgsError::Help),
            "--players" => {
                let v = value("--players")?;
                options.players = match v.parse() {
                    Ok(n @ Config::MIN_PLAYERS..=Config::MAX_PLAYERS) => n,
                    _ => {
                        return Err(ArgsError::Invalid(format!(
                            "--players must be 3 to 6, not {v:?}"
                        )));
                    }
                };
            }
            "--seed" => {
                let v = value("--seed")?;
                options.seed = v.parse().map_err(|_| {
                    ArgsError::Invalid(format!(
                        "--seed must be an unsigned 64-bit integer, not {v:?}"
                    ))
                })?;
            }
            "--rounds" => {
                let v = value("--rounds")?;
                options.rounds = match v.as_str() {
                    "1" => 1,
                    "3" => 3,
                    _ => {
                        return Err(ArgsError::Invalid(format!(
                            "--rounds must be 1 or 3, not {v:?}"
                        )));
                    }
                };
            }
            "--random-layout" | "--quiet" if inline.is_some() => {
                return Err(ArgsError::Invalid(format!("{flag} takes no value")));
            }
            "--random-layout" => options.random_layout = true,
            "--quiet" => options.quiet = true,
            _ => return Err(ArgsError::Invalid(format!("unknown argument {arg:?}"))),
        }
    }
    Ok(options)
}

fn main() -> ExitCode {
    let options = match parse_args(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(ArgsError::Help) => {
            out!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(ArgsError::Invalid(message)) => {
            eprintln!("play: {message}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut config = Config::new(options.players);
    config.rounds = options.rounds;
    if options.random_layout {
        config.setup = Setup::RandomLayout;
    }
    let game = match Game::new(config) {
        Ok(game) => game,
        Err(error) => {
            eprintln!("play: {error}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match play(game, &options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("play: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Plays the game to its end, printing it unless `--quiet`.
fn play(mut game: Game, options: &Options) -> Result<(), Box<dyn std::error::Error>> {
    // The project's portable generator: this seed plays the same game in every language.
    let mut rng = Generator::new(options.seed);
    let mut log = Log {
        quiet: options.quiet,
        round_shown: None,
    };
    log.line(format_args!("{}", describe(game.config(), options.seed)));
    log.line(format_args!(
        "Spectator's view: every objective and every vote is shown as it happens."
    ));
    loop {
        match game.actor() {
            Actor::Chance => {
                let step = game
                    .chance_step()
                    .ok_or("chance is to move but has no step")?;
                let outcome = game
                    .sample_chance(&mut rng)
                    .ok_or("chance is to move but drew nothing")?;
                let events = game.apply_chance(outcome)?;
                log.round_header(&game);
                log.chance(&game, step, &events);
            }
            Actor::Seat(seat) => {
                let action = random_action(&game, seat, &mut rng)?;
                let events = game.apply(seat, action)?;
                log.events(&game, &events);
            }
            Actor::Voters(waiting) => {
                // The vote is simultaneous: the order in which seats commit changes nothing.
                let seat = waiting.iter().next().ok_or("a vote with no voter")?;
                let action = random_action(&game, seat, &mut rng)?;
                let events = game.apply(seat, action)?;
                log.events(&game, &events);
            }
            Actor::Nobody => break,
        }
    }
    if options.quiet {
        out!("{}", summary(&game, options.seed));
    }
    Ok(())
}

fn random_action(game: &Game, seat: Seat, rng: &mut Generator) -> Result<Action, String> {
    let legal = game.legal_actions(seat);
    if legal.is_empty() {
        return Err(format!("seat {seat} is to move but has no legal action"));
    }
    Ok(legal[rng.below(legal.len() as u32) as usize])
}

/// The configuration in one sentence.
fn describe(config: &Config, seed: u64) -> String {
    let rounds = match config.rounds {
        1 => "1 round (quick variant)".to_owned(),
        n => format!("{n} rounds"),
    };
    let setup = match config.setup {
        Setup::Placement => format!(
            "players place {} characters each on floors 1-4, the rest start on the Servants",
            config.placements_per_seat()
        ),
        Setup::RandomLayout => "characters start on random floors 0-3 (random layout)".to_owned(),
    };
    let first = match config.first_player {
        FirstPlayer::Random => "first player drawn at random".to_owned(),
        FirstPlayer::Seat(seat) => format!("seat {seat} starts"),
    };
    let deck = if config.deck.is_balanced() {
        "balanced deck"
    } else {
        "custom deck"
    };
    format!(
        "King Up! {} players, {rounds}; {setup}; each player has 1 Yes and {} No cards a round; \
         {first}; {deck} of {} objectives; seed {seed}",
        config.players,
        config.no_cards(),
        config.deck.len(),
    )
}

/// The printer: knows whether to print and which round header was shown last.
struct Log {
    quiet: bool,
    round_shown: Option<u8>,
}

impl Log {
    fn line(&self, text: std::fmt::Arguments<'_>) {
        if !self.quiet {
            out!("{text}");
        }
    }

    fn round_header(&mut self, game: &Game) {
        if self.round_shown != Some(game.round()) {
            self.round_shown = Some(game.round());
            self.line(format_args!(
                "\n════════ Round {} of {} ════════",
                game.round() + 1,
                game.config().rounds
            ));
        }
    }

    /// One chance step: what it decided, then what followed.
    fn chance(&self, game: &Game, step: ChanceStep, events: &[Event]) {
        for event in events {
            match (step, *event) {
                (ChanceStep::FirstPlayer, Event::FirstPlayerChosen { seat }) => {
                    self.line(format_args!("chance: seat {seat} is drawn to go first"));
                }
                (ChanceStep::Deal(_), Event::ObjectiveDealt { seat, .. }) => {
                    // The god view reads the card from the game, which knows every secret.
                    let card = game.objective_card(game.round(), seat);
                    self.line(format_args!(
                        "chance: seat {seat} is dealt objective {} (secret)",
                        card.map_or_else(|| "?".to_owned(), |card| card_text(game, card))
                    ));
                }
                (ChanceStep::Layout(_), Event::LaidOut { character, floor }) => {
                    self.line(format_args!(
                        "chance: {character} starts on the {floor} ({})",
                        floor.index()
                    ));
                }
                _ => self.events(game, core::slice::from_ref(event)),
            }
        }
    }

    /// The events of a seat's move, as sentences; the castle after each election.
    fn events(&self, game: &Game, events: &[Event]) {
        for event in events {
            match *event {
                Event::RoundStarted {
                    round,
                    first_player,
                } => {
                    self.line(format_args!(
                        "\nRound {} begins; seat {first_player} moves first.",
                        round + 1
                    ));
                    match game.config().setup {
                        Setup::Placement => self.line(format_args!("── Placement ──")),
                        Setup::RandomLayout => {
                            self.castle(game.castle(), "The castle as laid out");
                            self.line(format_args!("── Climb ──"));
                        }
                    }
                }
                Event::LeftoversPlaced { characters } => {
                    let verb = if characters.len() == 1 {
                        "starts"
                    } else {
                        "start"
                    };
                    self.line(format_args!(
                        "Left unplaced, {} {verb} on the Servants (0).",
                        names_and(characters)
                    ));
                    self.castle(game.castle(), "The castle after placement");
                    self.line(format_args!("── Climb ──"));
                }
                // Committed votes are shown all together at the reveal.
                Event::VoteCommitted { .. } => {}
                Event::VotesRevealed { candidate, no } => {
                    let votes: Vec<String> = game
                        .seats()
                        .iter()
                        .map(|seat| {
                            let vote = if no.contains(seat) {
                                Vote::No
                            } else {
                                Vote::Yes
                            };
                            format!("seat {seat} {vote}")
                        })
                        .collect();
                    self.line(format_args!(
                        "  Votes on {candidate} revealed: {}.",
                        votes.join(", ")
                    ));
                }
                Event::Eliminated { character } => {
                    let left: Vec<String> = game
                        .seats()
                        .iter()
                        .map(|seat| format!("seat {seat} {}", game.no_cards(seat)))
                        .collect();
                    self.line(format_args!(
                        "  {character} is eliminated for the rest of the round. \
                         No cards left: {}.",
                        left.join(", ")
                    ));
                    self.castle(game.castle(), "The castle after the election");
                    if let Actor::Seat(next) = game.actor() {
                        self.line(format_args!(
                            "Play goes on with seat {next}, left of the crown."
                        ));
                    }
                }
                Event::Crowned { character } => {
                    self.line(format_args!("  Long live King {character}!"));
                    self.castle(game.castle(), "The castle at the end of the round");
                }
                Event::ElectionCalled { .. } => self.line(format_args!("  {event}.")),
                Event::RoundScored {
                    round,
                    objectives,
                    points,
                } => self.round_table(game, round, &objectives, &points),
                Event::GameOver { totals, winners } => self.final_result(game, &totals, winners),
                _ => self.line(format_args!("{event}.")),
            }
        }
    }

    fn castle(&self, castle: &Castle, title: &str) {
        if !self.quiet {
            out!("{title}:\n{}", draw_castle(castle).trim_end());
        }
    }

    fn round_table(
        &self,
        game: &Game,
        round: u8,
        objectives: &[Option<CardId>; Seat::MAX],
        points: &[u8; Seat::MAX],
    ) {
        if self.quiet {
            return;
        }
        let totals = game.totals();
        let last_of_three = game.config().rounds == 3 && round == 2;
        out!(
            "\nRound {} scores (King {}, 10 points; eliminated characters score nothing):",
            round + 1,
            game.castle().king().map_or("none", Character::name),
        );
        out!(" seat  objective: points per character  round  total");
        for seat in game.seats().iter() {
            let i = seat.index();
            let detail = objectives[i]
                .and_then(|card| game.config().deck.get(card))
                .map_or_else(|| "?".to_owned(), |o| objective_points(game.castle(), o));
            let note = if last_of_three && points[i] == CONSOLATION_POINTS {
                " (0 in round 3 scores 33)"
            } else {
                ""
            };
            out!(
                " {seat:>4}  {detail:<32}  {:>5}  {:>5}{note}",
                points[i],
                totals[i]
            );
        }
    }

    fn final_result(&self, game: &Game, totals: &[u16; Seat::MAX], winners: SeatSet) {
        if self.quiet {
            return;
        }
        out!("\n════════ Game over ════════");
        let best = game.seats().iter().map(|s| totals[s.index()]).max();
        let tied: SeatSet = game
            .seats()
            .iter()
            .filter(|s| Some(totals[s.index()]) == best)
            .collect();
        for seat in game.seats().iter() {
            let mark = if winners.contains(seat) {
                "  ← winner"
            } else {
                ""
            };
            out!(" seat {seat}: {:>3} points{mark}", totals[seat.index()]);
        }
        if tied.len() > 1 {
            let counts: Vec<String> = tied
                .iter()
                .map(|s| format!("seat {s} has {}", game.characters_in_castle(s)))
                .collect();
            out!(
                "Tie on {} points, broken by characters of the final objective still in \
                 the castle: {}.",
                best.unwrap_or(0),
                counts.join(", ")
            );
        }
        let text = winners_text(winners);
        out!("{}{}.", text[..1].to_uppercase(), &text[1..]);
    }
}

/// `winner: seat 3` or `winners (shared): seats 0, 2`.
fn winners_text(winners: SeatSet) -> String {
    let seats = winners.to_string().replace(['{', '}'], "");
    match winners.len() {
        1 => format!("winner: seat {seats}"),
        _ => format!("winners (shared): seats {seats}"),
    }
}

/// The one-line result printed by `--quiet`.
fn summary(game: &Game, seed: u64) -> String {
    let totals = game.totals();
    let mut text = format!(
        "{} players, {} round{}, seed {seed}: totals",
        game.players(),
        game.config().rounds,
        if game.config().rounds == 1 { "" } else { "s" },
    );
    for seat in game.seats().iter() {
        let _ = write!(text, " {seat}:{}", totals[seat.index()]);
    }
    let winners = game.winners().unwrap_or_default();
    let _ = write!(text, "; {}", winners_text(winners));
    text
}

/// A card in the god view: its id, its letters and the characters' names.
fn card_text(game: &Game, card: CardId) -> String {
    match game.config().deck.get(card) {
        Some(objective) => format!("{card} {objective} ({})", names(objective.characters())),
        None => format!("{card} (not in the deck)"),
    }
}

/// Character names joined with commas.
fn names(characters: CharacterSet) -> String {
    let names: Vec<&str> = characters.iter().map(Character::name).collect();
    names.join(", ")
}

/// Character names for a sentence: commas, the last two joined with "and".
fn names_and(characters: CharacterSet) -> String {
    let names: Vec<&str> = characters.iter().map(Character::name).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.concat(),
    }
}

/// An objective with what each of its characters scores, e.g. `B5 D0 E4 M- N2 P10`.
fn objective_points(castle: &Castle, objective: Objective) -> String {
    let mut text = format!("{objective}:");
    for c in objective.characters() {
        match castle.position(c) {
            Position::Floor(floor) => {
                let _ = write!(text, " {}{}", c.letter(), floor.points());
            }
            Position::Eliminated | Position::Outside => {
                let _ = write!(text, " {}-", c.letter());
            }
        }
    }
    text
}

/// The castle drawn top floor first: number, name, points, how full, and the characters.
fn draw_castle(castle: &Castle) -> String {
    let mut text = String::new();
    for floor in Floor::ALL.into_iter().rev() {
        let on = castle.on(floor);
        let line = format!(
            "  {} {:<11} {:>2} pts  {}/{} │ {}",
            floor.index(),
            floor.name(),
            floor.points(),
            on.len(),
            floor.capacity(),
            names(on)
        );
        text.push_str(line.trim_end());
        text.push('\n');
    }
    if !castle.eliminated().is_empty() {
        let _ = writeln!(
            text,
            "    {:<23} │ {}",
            "eliminated",
            names(castle.eliminated())
        );
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Result<Options, ArgsError> {
        parse_args(text.split_whitespace().map(str::to_owned))
    }

    #[test]
    fn parses_every_option() {
        let o = args("--players 5 --seed=9 --rounds 1 --random-layout --quiet").unwrap();
        assert_eq!((o.players, o.seed, o.rounds), (5, 9, 1));
        assert!(o.random_layout && o.quiet);
        let d = args("").unwrap();
        assert_eq!((d.players, d.seed, d.rounds), (4, 1, 3));
    }

    #[test]
    fn refuses_bad_arguments() {
        for bad in [
            "--players 7",
            "--players",
            "--seed -1",
            "--rounds 2",
            "--quiet=yes",
            "--frobnicate",
        ] {
            assert!(matches!(args(bad), Err(ArgsError::Invalid(_))), "{bad}");
        }
        assert!(matches!(args("--help"), Err(ArgsError::Help)));
    }

    #[test]
    fn every_variant_plays_to_the_end() {
        for (players, rounds, random_layout) in [(3, 3, false), (6, 1, true), (4, 3, true)] {
            let options = Options {
                players,
                seed: 3,
                rounds,
                random_layout,
                quiet: true,
            };
            let mut config = Config::new(players);
            config.rounds = rounds;
            if random_layout {
                config.setup = Setup::RandomLayout;
            }
            play(Game::new(config).unwrap(), &options).unwrap();
        }
    }
}
