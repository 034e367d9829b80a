//! To Court the King's scenarios (see the crate's documentation for the format) and their
//! Rust reference driver.

use std::fmt::Write as _;

use kingup_court::{Action, ChanceMode, ChanceOutcome, Config, FirstPlayer, Seat, Session};

/// One line of a court scenario's script.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CourtLine {
    /// The seat plays the action.
    Play(Seat, Action),
    /// The seat takes its last action back.
    Undo(Seat),
    /// Chance decides this outcome (explicit chance only).
    Chance(ChanceOutcome),
}

/// A parsed court scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CourtScenario {
    /// The game's configuration.
    pub config: Config,
    /// How chance is decided.
    pub chance: ChanceMode,
    /// The generator's seed.
    pub seed: u64,
    /// What happens, in order.
    pub script: Vec<CourtLine>,
}

/// Whether a scenario file is a court scenario: its first setting is `game court`.
pub fn is_court(text: &str) -> bool {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or_default().trim())
        .any(|l| l == "game court")
}

impl CourtScenario {
    /// Reads the court scenario format.
    pub fn parse(text: &str) -> Result<CourtScenario, String> {
        let mut config = Config::new(2);
        let (mut seed, mut chance) = (None, ChanceMode::Auto);
        let mut script = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or_default().trim();
            let bad = |what: &str| format!("line {}: {what}: {line:?}", n + 1);
            if line.is_empty() || line == "game court" {
                continue;
            }
            if let Some((who, what)) = line.split_once(':') {
                let what = what.trim();
                script.push(match (who.trim(), what) {
                    ("chance", outcome) => {
                        CourtLine::Chance(outcome.parse().map_err(|_| bad("not an outcome"))?)
                    }
                    (seat, what) => {
                        let seat = seat.parse().ok().and_then(Seat::new);
                        let seat = seat.ok_or_else(|| bad("not a seat"))?;
                        match what {
                            "undo" => CourtLine::Undo(seat),
                            a => CourtLine::Play(seat, a.parse().map_err(|_| bad("not a move"))?),
                        }
                    }
                });
                continue;
            }
            let (key, value) = line.split_once(' ').ok_or_else(|| bad("not a setting"))?;
            match (key, value.trim()) {
                ("players", v) => config.players = v.parse().map_err(|_| bad("players"))?,
                ("max_rounds", v) => {
                    config.max_rounds = Some(v.parse().map_err(|_| bad("max_rounds"))?);
                }
                ("first_player", v) => {
                    let seat = v.parse().ok().and_then(Seat::new);
                    config.first_player = FirstPlayer::Seat(seat.ok_or_else(|| bad("seat"))?);
                }
                ("chance", "explicit") => chance = ChanceMode::Explicit,
                ("chance", "auto") => chance = ChanceMode::Auto,
                ("seed", v) => seed = Some(v.parse().map_err(|_| bad("seed"))?),
                _ => return Err(bad("unknown setting")),
            }
        }
        Ok(CourtScenario {
            config,
            chance,
            seed: seed.ok_or("no seed")?,
            script,
        })
    }

    /// The scenario format of this scenario, with `comment` on top.
    pub fn to_text(&self, comment: &str) -> String {
        let mut text = format!(
            "# {comment}\ngame court\nplayers {}\nseed {}\n",
            self.config.players, self.seed
        );
        if let Some(rounds) = self.config.max_rounds {
            let _ = writeln!(text, "max_rounds {rounds}");
        }
        if let FirstPlayer::Seat(seat) = self.config.first_player {
            let _ = writeln!(text, "first_player {seat}");
        }
        if self.chance == ChanceMode::Explicit {
            text.push_str("chance explicit\n");
        }
        for line in &self.script {
            let _ = match line {
                CourtLine::Play(seat, action) => writeln!(text, "{seat}: {action}"),
                CourtLine::Undo(seat) => writeln!(text, "{seat}: undo"),
                CourtLine::Chance(outcome) => writeln!(text, "chance: {outcome}"),
            };
        }
        text
    }

    /// A new session of this scenario's config, chance mode and seed.
    pub fn session(&self) -> Result<Session, String> {
        let generator = kingup_court::Generator::new(self.seed);
        Session::with_generator(self.config, generator, self.chance).map_err(|e| e.to_string())
    }

    /// Plays the scenario with the court's session.
    pub fn play(&self) -> Result<Session, String> {
        let mut session = self.session()?;
        for (i, line) in self.script.iter().enumerate() {
            let result = match *line {
                CourtLine::Play(seat, action) => session
                    .apply(seat, action)
                    .map(drop)
                    .map_err(|e| e.to_string()),
                CourtLine::Undo(seat) => session.undo(seat).map_err(|e| e.to_string()),
                CourtLine::Chance(outcome) => session
                    .apply_chance(outcome)
                    .map(drop)
                    .map_err(|e| e.to_string()),
            };
            result.map_err(|e| format!("script line {}: {e}", i + 1))?;
        }
        Ok(session)
    }
}
