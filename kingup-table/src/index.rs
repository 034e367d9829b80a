//! Dense indices out of range. Every game numbers its actions `0..COUNT` and its chance
//! outcomes likewise; an index past the end is the same refusal in every game.

/// The index names no action: it is not below the game's action count, `COUNT`.
///
/// ```
/// use kingup_table::ActionIndexError;
///
/// let error = ActionIndexError::<67>(70);
/// assert_eq!(error.to_string(), "action index 70 is out of range 0..67");
/// assert_eq!(error.code(), "no_such_action");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("action index {0} is out of range 0..{count}", count = COUNT)]
pub struct ActionIndexError<const COUNT: usize>(pub usize);

impl<const COUNT: usize> ActionIndexError<COUNT> {
    /// The reason code bindings report for it: `"no_such_action"`.
    pub const fn code(&self) -> &'static str {
        "no_such_action"
    }
}

/// The index names no chance outcome: it is not below the game's outcome count, `COUNT`.
///
/// ```
/// use kingup_table::OutcomeIndexError;
///
/// let error = OutcomeIndexError::<12>(12);
/// assert_eq!(error.to_string(), "chance outcome index 12 is out of range 0..12");
/// assert_eq!(error.code(), "no_such_outcome");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("chance outcome index {0} is out of range 0..{count}", count = COUNT)]
pub struct OutcomeIndexError<const COUNT: usize>(pub usize);

impl<const COUNT: usize> OutcomeIndexError<COUNT> {
    /// The reason code bindings report for it: `"no_such_outcome"`.
    pub const fn code(&self) -> &'static str {
        "no_such_outcome"
    }
}
