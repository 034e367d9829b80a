//! The cross-language golden test's scenarios and its Rust reference driver.
//!
//! A scenario (`interop/scenarios/<name>.txt`) is a text file every language reads with a
//! few lines of code, no JSON parser needed:
//!
//! ```text
//! # a comment
//! players 4
//! rounds 3
//! setup placement        (or: random)
//! seed 2026
//! 1: B4                  (seat 1 plays B4, in the core's move notation)
//! 1: undo                (seat 1 takes its last action back)
//! ```
//!
//! Each driver (Rust here, Python, C, C++, C# and JavaScript under `interop/`) starts a game with
//! automatic chance from the seed, plays the lines in order, then writes:
//!
//! - `<name>.save.json`: the save document and a newline;
//! - `<name>.events.txt`: one line per viewer, `spectator <events>` then `seat 0 <events>`
//!   and so on, where `<events>` is the JSON array of the whole event log as that viewer
//!   may see it.
//!
//! Both must equal `interop/expected/` byte for byte. Each driver also loads every expected
//! save document and writes it back unchanged.
//!
//! A To Court the King scenario (`court-*.txt`, see [`court`]) starts with the line
//! `game court`, and may name the round bound and explicit chance; its script's moves are
//! in the court's notation, and `chance: die 5` lines apply chance outcomes:
//!
//! ```text
//! game court
//! players 3
//! seed 7
//! max_rounds 20          (optional: no bound when absent)
//! chance explicit        (optional: auto when absent)
//! chance: first 1        (chance decides: an explicit outcome)
//! 1: roll
//! 1: undo
//! ```
//!
//! `KINGUP_BLESS=1 cargo test -p kingup-interop -- --test-threads 1` writes the scenarios
//! and the expected outputs anew (after a deliberate change of a form, with a note in the
//! docs).

use std::fmt::Write as _;

use kingup_core::kingup_table::Rules;
use kingup_core::{Config, Seat, Session, Setup};

pub mod court;

/// One line of a scenario's script.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// The seat plays the action.
    Play(Seat, kingup_core::Action),
    /// The seat takes its last action back.
    Undo(Seat),
}

/// A parsed scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scenario {
    /// The game's configuration.
    pub config: Config,
    /// The generator's seed.
    pub seed: u64,
    /// What happens, in order.
    pub script: Vec<Line>,
}

impl Scenario {
    /// Reads the scenario format.
    pub fn parse(text: &str) -> Result<Scenario, String> {
        let mut config = Config::new(4);
        let mut seed = None;
        let mut script = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or_default().trim();
            let bad = |what: &str| format!("line {}: {what}: {line:?}", n + 1);
            if line.is_empty() {
                continue;
            }
            if let Some((who, what)) = line.split_once(':') {
                let seat = who
                    .trim()
                    .parse()
                    .ok()
                    .and_then(Seat::new)
                    .ok_or_else(|| bad("not a seat"))?;
                script.push(match what.trim() {
                    "undo" => Line::Undo(seat),
                    action => Line::Play(seat, action.parse().map_err(|_| bad("not a move"))?),
                });
                continue;
            }
            let (key, value) = line.split_once(' ').ok_or_else(|| bad("not a setting"))?;
            match (key, value.trim()) {
                ("players", v) => config.players = v.parse().map_err(|_| bad("players"))?,
                ("rounds", v) => config.rounds = v.parse().map_err(|_| bad("rounds"))?,
                ("setup", "placement") => config.setup = Setup::Placement,
                ("setup", "random") => config.setup = Setup::RandomLayout,
                ("seed", v) => seed = Some(v.parse().map_err(|_| bad("seed"))?),
                _ => return Err(bad("unknown setting")),
            }
        }
        Ok(Scenario {
            config,
            seed: seed.ok_or("no seed")?,
            script,
        })
    }

    /// The scenario format of this scenario, with `comment` on top.
    pub fn to_text(&self, comment: &str) -> String {
        let setup = match self.config.setup {
            Setup::Placement => "placement",
            Setup::RandomLayout => "random",
        };
        let mut text = format!(
            "# {comment}\nplayers {}\nrounds {}\nsetup {setup}\nseed {}\n",
            self.config.players, self.config.rounds, self.seed
        );
        for line in &self.script {
            let _ = match line {
                Line::Play(seat, action) => writeln!(text, "{seat}: {action}"),
                Line::Undo(seat) => writeln!(text, "{seat}: undo"),
            };
        }
        text
    }

    /// Plays the scenario with the core's session.
    pub fn play(&self) -> Result<Session, String> {
        let mut session = Session::new(self.config, self.seed).map_err(|e| e.to_string())?;
        for (i, line) in self.script.iter().enumerate() {
            let result = match *line {
                Line::Play(seat, action) => session
                    .apply(seat, action)
                    .map(drop)
                    .map_err(|e| e.to_string()),
                Line::Undo(seat) => session.undo(seat).map_err(|e| e.to_string()),
            };
            result.map_err(|e| format!("script line {}: {e}", i + 1))?;
        }
        Ok(session)
    }
}

/// The `<name>.save.json` output: the save document and a newline (either game).
pub fn save_text<G: Rules>(session: &kingup_core::kingup_table::Session<G>) -> String
where
    G::Config: serde::Serialize + serde::de::DeserializeOwned,
{
    session.to_json() + "\n"
}

/// The `<name>.events.txt` output: each viewer's whole event log (either game).
pub fn events_text<G: Rules>(session: &kingup_core::kingup_table::Session<G>) -> String
where
    G::Event: serde::Serialize,
{
    let mut text = String::new();
    let viewers = std::iter::once(None).chain(Seat::all(session.game().players()).map(Some));
    for viewer in viewers {
        let events: Vec<_> = session.events_for(viewer, 0).collect();
        let json = serde_json::to_string(&events).unwrap_or_default();
        let _ = match viewer {
            None => writeln!(text, "spectator {json}"),
            Some(seat) => writeln!(text, "seat {seat} {json}"),
        };
    }
    text
}

/// The repository README's Rust examples, run as doctests.
#[doc = include_str!("../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// docs/bots.md's Rust examples, run as doctests.
#[doc = include_str!("../../docs/bots.md")]
#[cfg(doctest)]
pub struct BotsDocDoctests;
