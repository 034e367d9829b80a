//! Steps: a chance outcome or a seat's action, the unit a game is recorded in.

use crate::{EventSink, Game};

/// One step of a game of To Court the King: a chance outcome or a seat's action (the
/// table's [`Step`](kingup_table::Step) for this game).
///
/// **Notation** (`Display`, `FromStr`, and the serde form): `2: keep 4`
/// (seat 2 sets aside a 4), `0: buy hunter`, `chance: die 5`. A save document lists its
/// steps this way.
///
/// ```
/// use kingup_court::{Action, Seat, Step};
///
/// let step: Step = "2: keep 4".parse()?;
/// assert_eq!(step, Step::Action { seat: Seat::new(2).unwrap(), action: "keep 4".parse()? });
/// assert_eq!(step.to_string(), "2: keep 4");
/// assert_eq!("chance: die 5".parse::<Step>()?.to_string(), "chance: die 5");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type Step = kingup_table::Step<Game>;

/// A step was refused: the illegal action's or chance outcome's error.
pub type StepError = kingup_table::StepError<Game>;

/// The text is not a step in the notation.
pub type ParseStepError = kingup_table::ParseStepError<Game>;

impl Game {
    /// Applies a [`Step`], writing its events into `sink`; on error the game is unchanged.
    pub fn apply_step<S: EventSink + ?Sized>(
        &mut self,
        step: Step,
        sink: &mut S,
    ) -> Result<(), StepError> {
        step.apply(self, sink)
    }
}
