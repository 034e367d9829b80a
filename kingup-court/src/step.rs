//! Steps: a chance outcome or a seat's action, the unit a game is recorded in.

use core::fmt;
use core::str::FromStr;

use kingup_core::Seat;

use crate::{
    Action, ChanceOutcome, EventSink, Game, IllegalAction, IllegalChance, ParseActionError,
    ParseChanceError,
};

/// One step of a game: a chance outcome or a seat's action.
///
/// **Notation** ([`Display`](fmt::Display), [`FromStr`], and the serde form): `2: keep 4`
/// (seat 2 sets aside a 4), `0: buy hunter`, `chance: die 5`. A save document lists its
/// steps this way.
///
/// ```
/// use kingup_court::{Action, Step};
/// use kingup_court::kingup_core::Seat;
///
/// let step: Step = "2: keep 4".parse()?;
/// assert_eq!(step, Step::Action { seat: Seat::new(2).unwrap(), action: "keep 4".parse()? });
/// assert_eq!(step.to_string(), "2: keep 4");
/// assert_eq!("chance: die 5".parse::<Step>()?.to_string(), "chance: die 5");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// A chance outcome.
    Chance(ChanceOutcome),
    /// An action by a seat.
    Action {
        /// The acting seat.
        seat: Seat,
        /// The action.
        action: Action,
    },
}

/// A step was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StepError {
    /// The chance outcome was illegal.
    #[error(transparent)]
    Chance(#[from] IllegalChance),
    /// The action was illegal.
    #[error(transparent)]
    Action(#[from] IllegalAction),
}

impl StepError {
    /// The reason code: the refused action's or chance outcome's.
    pub const fn code(&self) -> &'static str {
        match self {
            StepError::Chance(e) => e.reason.code(),
            StepError::Action(e) => e.reason.code(),
        }
    }
}

/// The text is not a step in the notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseStepError {
    /// Neither `SEAT: ACTION` nor `chance: OUTCOME`.
    #[error("not a step: expected \"SEAT: ACTION\" (\"2: keep 4\") or \"chance: OUTCOME\"")]
    Form,
    /// The action is not in the notation.
    #[error(transparent)]
    Action(#[from] ParseActionError),
    /// The chance outcome is not in the notation.
    #[error(transparent)]
    Chance(#[from] ParseChanceError),
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Chance(outcome) => write!(f, "chance: {outcome}"),
            Step::Action { seat, action } => write!(f, "{seat}: {action}"),
        }
    }
}

impl FromStr for Step {
    type Err = ParseStepError;

    fn from_str(text: &str) -> Result<Step, ParseStepError> {
        let (who, what) = text.split_once(':').ok_or(ParseStepError::Form)?;
        let who = who.trim();
        if who == "chance" {
            return Ok(Step::Chance(what.parse()?));
        }
        let seat = who
            .parse::<usize>()
            .ok()
            .filter(|_| who.bytes().all(|b| b.is_ascii_digit()))
            .and_then(Seat::new)
            .ok_or(ParseStepError::Form)?;
        Ok(Step::Action {
            seat,
            action: what.parse()?,
        })
    }
}

impl Game {
    /// Applies a [`Step`], writing its events into `sink`; on error the game is unchanged.
    pub fn apply_step<S: EventSink + ?Sized>(
        &mut self,
        step: Step,
        sink: &mut S,
    ) -> Result<(), StepError> {
        match step {
            Step::Chance(outcome) => self.apply_chance_with(outcome, sink)?,
            Step::Action { seat, action } => self.apply_with(seat, action, sink)?,
        }
        Ok(())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Step {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Step {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Step, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = Step;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a step such as \"2: keep 4\" or \"chance: die 5\"")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Step, E> {
                v.parse().map_err(E::custom)
            }
        }
        d.deserialize_str(V)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_for_every_step() {
        for seat in Seat::all(Seat::MAX) {
            for i in 0..Action::COUNT {
                let action = Action::from_index(i).unwrap();
                let step = Step::Action { seat, action };
                assert_eq!(std::format!("{step}").parse(), Ok(step));
            }
        }
        for i in 0..ChanceOutcome::COUNT {
            let step = Step::Chance(ChanceOutcome::from_index(i).unwrap());
            assert_eq!(std::format!("{step}").parse(), Ok(step));
        }
        for bad in [
            "",
            "roll",
            "6: roll",
            "-1: roll",
            "+1: roll",
            "x: pass",
            "chance: roll",
            "0: die 1",
        ] {
            assert!(bad.parse::<Step>().is_err(), "{bad:?}");
        }
    }
}
