//! The reason-code catalogue: every code a refusal can carry, listed once.

#[cfg(feature = "alloc")]
use crate::{Refusal, Rules};

/// Writes a reason enum's `code()` and its `CODES` (every code, in the listed order) from
/// one list, so that no code is typed twice, and its [`Reason`](crate::Reason) impl (the
/// enum must be `Copy + Eq + Debug + Display`):
///
/// ```
/// #[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
/// enum Why {
///     #[error("floor {floor} is full")]
///     Full { floor: u8 },
///     #[error("too late")]
///     Late,
/// }
///
/// kingup_table::reason_codes! {
///     Why {
///         Full { .. } => "full",
///         Late => "late",
///     }
/// }
///
/// assert_eq!(Why::Full { floor: 2 }.code(), "full");
/// assert_eq!(Why::CODES, ["full", "late"]);
/// ```
#[macro_export]
macro_rules! reason_codes {
    ($ty:ident {
        $($variant:ident $({ $($named:tt)* })? $(( $($unnamed:tt)* ))? => $code:literal),+ $(,)?
    }) => {
        impl $ty {
            /// Every reason code, in a fixed order: the catalogue bindings check their own
            /// names against.
            pub const CODES: &'static [&'static str] = &[$($code),+];

            /// A stable snake_case code for the reason (bindings expose it): one of
            /// [`CODES`](Self::CODES).
            pub const fn code(&self) -> &'static str {
                match self {
                    $($ty::$variant $({ $($named)* })? $(( $($unnamed)* ))? => $code),+
                }
            }
        }

        impl $crate::Reason for $ty {
            const CODES: &'static [&'static str] = $ty::CODES;

            fn code(&self) -> &'static str {
                $ty::code(self)
            }
        }
    };
}

/// Every reason code a front end of one game can report, by where it comes from: the
/// catalogue the bindings' enums and the C documentation are checked against
/// ([`catalogue`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Catalogue {
    /// Refused actions (`Rules::IllegalAction`).
    pub action: &'static [&'static str],
    /// Refused chance outcomes (`Rules::IllegalChance`).
    pub chance: &'static [&'static str],
    /// Refused undos ([`UndoError`](crate::UndoError)).
    pub undo: &'static [&'static str],
    /// Refused documents, besides a refused step's own code
    /// ([`LoadError`](crate::LoadError)).
    pub load: &'static [&'static str],
    /// A number that is no seat of the game ([`SeatError`](crate::SeatError)).
    pub seat: &'static [&'static str],
}

/// The reason codes of game `G`.
///
/// ```
/// # // No game here: the kernel knows none. A game crate's catalogue, e.g. King Up!'s:
/// # // kingup_table::catalogue::<kingup_core::Game>().action.contains(&"floor_full").
/// let undo = ["nothing_to_undo", "not_your_step", "revealed"];
/// assert_eq!(kingup_table::UndoError::CODES, undo);
/// ```
#[cfg(feature = "alloc")]
pub fn catalogue<G: Rules>() -> Catalogue {
    Catalogue {
        action: <G::IllegalAction as Refusal>::CODES,
        chance: <G::IllegalChance as Refusal>::CODES,
        undo: crate::UndoError::CODES,
        load: crate::LoadError::<G>::CODES,
        seat: &[crate::SeatError::CODE],
    }
}
