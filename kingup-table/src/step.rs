//! Steps: a chance outcome or a seat's action, the unit a game is recorded in.

use core::fmt;
use core::str::FromStr;

use crate::{EventSink, Refusal, Rules, Seat};

/// One step of a game of `G`: a chance outcome or a seat's action.
///
/// **Notation** ([`Display`](fmt::Display), [`FromStr`], and the serde form): `SEAT: ACTION`
/// or `chance: OUTCOME`, each in the game's own notation (King Up!: `2: B4`,
/// `chance: deal 12`; To Court the King: `0: keep 4`, `chance: die 5`). A save document
/// lists its steps this way.
// `Rules` asks its games for `Copy + Eq + Hash + Debug`, which these derives need of `G`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step<G: Rules> {
    /// A chance outcome.
    Chance(G::ChanceOutcome),
    /// An action by a seat.
    Action {
        /// The acting seat.
        seat: Seat,
        /// The action.
        action: G::Action,
    },
}

impl<G: Rules> Step<G> {
    /// Applies the step to `game`, writing its events into `sink`; on error the game is
    /// unchanged.
    pub fn apply<S: EventSink<G::Event> + ?Sized>(
        self,
        game: &mut G,
        sink: &mut S,
    ) -> Result<(), StepError<G>> {
        match self {
            Step::Chance(outcome) => game
                .apply_chance_with(outcome, sink)
                .map_err(StepError::Chance),
            Step::Action { seat, action } => game
                .apply_with(seat, action, sink)
                .map_err(StepError::Action),
        }
    }
}

/// A step was refused: the rules' refusal of its action or chance outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepError<G: Rules> {
    /// The chance outcome was illegal.
    Chance(G::IllegalChance),
    /// The action was illegal.
    Action(G::IllegalAction),
}

impl<G: Rules> StepError<G> {
    /// The reason code: the refused action's or chance outcome's.
    pub fn code(&self) -> &'static str {
        match self {
            StepError::Chance(e) => e.code(),
            StepError::Action(e) => e.code(),
        }
    }
}

impl<G: Rules> fmt::Display for StepError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StepError::Chance(e) => fmt::Display::fmt(e, f),
            StepError::Action(e) => fmt::Display::fmt(e, f),
        }
    }
}

impl<G: Rules> core::error::Error for StepError<G> {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        // Transparent, as thiserror's `#[error(transparent)]`: the refusal's own source.
        match self {
            StepError::Chance(e) => e.source(),
            StepError::Action(e) => e.source(),
        }
    }
}

/// The text is not a step in the notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseStepError<G: Rules> {
    /// Neither `SEAT: ACTION` nor `chance: OUTCOME`.
    Form,
    /// The action is not in the notation.
    Action(G::ParseActionError),
    /// The chance outcome is not in the notation.
    Chance(G::ParseChanceError),
}

impl<G: Rules> fmt::Display for ParseStepError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseStepError::Form => write!(
                f,
                "not a step: expected \"SEAT: ACTION\" (\"2: {}\") or \"chance: OUTCOME\"",
                G::NOTATION_EXAMPLES.0
            ),
            ParseStepError::Action(e) => fmt::Display::fmt(e, f),
            ParseStepError::Chance(e) => fmt::Display::fmt(e, f),
        }
    }
}

impl<G: Rules> core::error::Error for ParseStepError<G> {}

impl<G: Rules> fmt::Display for Step<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Chance(outcome) => write!(f, "chance: {outcome}"),
            Step::Action { seat, action } => write!(f, "{seat}: {action}"),
        }
    }
}

impl<G: Rules> FromStr for Step<G> {
    type Err = ParseStepError<G>;

    fn from_str(text: &str) -> Result<Step<G>, ParseStepError<G>> {
        let (who, what) = text.split_once(':').ok_or(ParseStepError::Form)?;
        let who = who.trim();
        if who == "chance" {
            return what
                .parse()
                .map(Step::Chance)
                .map_err(ParseStepError::Chance);
        }
        let seat = who
            .parse::<usize>()
            .ok()
            .filter(|_| who.bytes().all(|b| b.is_ascii_digit()))
            .and_then(Seat::new)
            .ok_or(ParseStepError::Form)?;
        let action = what.parse().map_err(ParseStepError::Action)?;
        Ok(Step::Action { seat, action })
    }
}

#[cfg(feature = "serde")]
impl<G: Rules> serde::Serialize for Step<G> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de, G: Rules> serde::Deserialize<'de> for Step<G> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Step<G>, D::Error> {
        struct V<G>(core::marker::PhantomData<G>);
        impl<G: Rules> serde::de::Visitor<'_> for V<G> {
            type Value = Step<G>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let (action, chance) = G::NOTATION_EXAMPLES;
                write!(f, "a step such as \"2: {action}\" or \"chance: {chance}\"")
            }
            /// Strict: a step in a document is in its canonical notation, exactly as
            /// [`Display`](fmt::Display) writes it (typed input may be lenient, a save is
            /// not: it is the record, and one step has one spelling).
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Step<G>, E> {
                let step: Step<G> = v.parse().map_err(E::custom)?;
                if !displays_as(&step, v) {
                    return Err(E::custom(format_args!(
                        "a step must be written as \"{step}\""
                    )));
                }
                Ok(step)
            }
        }
        d.deserialize_str(V(core::marker::PhantomData))
    }
}

/// Whether `value` displays as exactly `text`, compared as it is written (no allocation).
#[cfg(feature = "serde")]
fn displays_as(value: &impl fmt::Display, text: &str) -> bool {
    struct Compare<'a> {
        rest: &'a str,
    }
    impl fmt::Write for Compare<'_> {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            self.rest = self.rest.strip_prefix(s).ok_or(fmt::Error)?;
            Ok(())
        }
    }
    let mut compare = Compare { rest: text };
    fmt::write(&mut compare, format_args!("{value}")).is_ok() && compare.rest.is_empty()
}
