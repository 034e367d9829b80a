//! What every game's refusals look like: a seat's action or a chance outcome, and why the
//! rules refused it. Each game names its own reasons (an enum with
//! [`reason_codes!`](crate::reason_codes)).

use core::fmt::{self, Debug, Display};

use crate::{Refusal, Seat};

/// A reason enum with stable codes: what [`reason_codes!`](crate::reason_codes) writes.
pub trait Reason: Copy + Eq + Debug + Display + 'static {
    /// Every code [`Reason::code`] can return, in a fixed order.
    const CODES: &'static [&'static str];

    /// The reason's code.
    fn code(&self) -> &'static str;
}

/// A seat's action was refused; the game is unchanged. Names the seat, the action and the
/// reason (each game's `IllegalAction` is this with its own action and reason types).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IllegalAction<A, R> {
    /// The seat that tried to act.
    pub seat: Seat,
    /// The refused action.
    pub action: A,
    /// Why it was refused.
    pub reason: R,
}

impl<A: Display, R: Display> Display for IllegalAction<A, R> {
    /// `seat 0 cannot climb Dario: a chance step is pending` (the action's alternate form,
    /// its sentence).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "seat {} cannot {:#}: {}",
            self.seat, self.action, self.reason
        )
    }
}

impl<A: Debug + Display, R: Debug + Display> core::error::Error for IllegalAction<A, R> {}

impl<A: Copy + Eq + Debug + Display + 'static, R: Reason> Refusal for IllegalAction<A, R> {
    const CODES: &'static [&'static str] = R::CODES;

    fn code(&self) -> &'static str {
        self.reason.code()
    }
}

/// A chance outcome was refused; the game is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IllegalChance<O, R> {
    /// The refused outcome.
    pub outcome: O,
    /// Why it was refused.
    pub reason: R,
}

impl<O: Display, R: Display> Display for IllegalChance<O, R> {
    /// `chance outcome "deal 3" is illegal: no chance step is pending`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "chance outcome \"{}\" is illegal: {}",
            self.outcome, self.reason
        )
    }
}

impl<O: Debug + Display, R: Debug + Display> core::error::Error for IllegalChance<O, R> {}

impl<O: Copy + Eq + Debug + Display + 'static, R: Reason> Refusal for IllegalChance<O, R> {
    const CODES: &'static [&'static str] = R::CODES;

    fn code(&self) -> &'static str {
        self.reason.code()
    }
}
