//! Forfeited moves: what a referee counts against a player that failed to answer.

use std::fmt;
use std::ops::AddAssign;

/// Moves a player forfeited, by reason: each was played for it by the referee, a uniformly
/// random legal move, because its answer did not come in time or could not be played.
/// Only a player in another process forfeits (`kingup-protocol`'s engines); the reasons
/// are the protocol's (`docs/protocol.md`, "Forfeits").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Forfeits {
    /// No answer within the move's time, or the game's time was used up.
    pub timeout: u32,
    /// The player's process was gone, or never started or shook hands.
    pub crash: u32,
    /// The answer was not a well-formed move.
    pub malformed: u32,
    /// The answer was a move the seat may not play.
    pub illegal: u32,
}

impl Forfeits {
    /// Every forfeited move.
    pub const fn total(&self) -> u32 {
        self.timeout + self.crash + self.malformed + self.illegal
    }
}

impl AddAssign for Forfeits {
    fn add_assign(&mut self, other: Forfeits) {
        self.timeout += other.timeout;
        self.crash += other.crash;
        self.malformed += other.malformed;
        self.illegal += other.illegal;
    }
}

impl fmt::Display for Forfeits {
    /// `12 (timeout 10, crash 2)`: the total, then each reason that occurred.
    ///
    /// ```
    /// use kingup_bots::Forfeits;
    ///
    /// let forfeits = Forfeits { timeout: 10, crash: 2, ..Forfeits::default() };
    /// assert_eq!(forfeits.to_string(), "12 (timeout 10, crash 2)");
    /// assert_eq!(Forfeits::default().to_string(), "0");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.total())?;
        let reasons = [
            ("timeout", self.timeout),
            ("crash", self.crash),
            ("malformed", self.malformed),
            ("illegal", self.illegal),
        ];
        let mut sep = " (";
        for (reason, n) in reasons.into_iter().filter(|&(_, n)| n > 0) {
            write!(f, "{sep}{reason} {n}")?;
            sep = ", ";
        }
        if sep == ", " {
            write!(f, ")")?;
        }
        Ok(())
    }
}
