//! Player actions and their dense index contract.

use core::fmt;
use core::str::FromStr;
use kingup_table::ActionIndexError;

use crate::{Character, Floor, Vote};

/// A player's move.
///
/// Every action has a dense index in `0..67`, a public contract shared by every binding:
///
/// | index      | action                                                   |
/// |------------|----------------------------------------------------------|
/// | `0..=51`   | `Place { character: i / 4, floor: 1 + i % 4 }`           |
/// | `52..=64`  | `Climb { character: i - 52 }`                            |
/// | `65`       | `Vote(Yes)`                                              |
/// | `66`       | `Vote(No)`                                               |
///
/// Indices sort in the same order as actions.
///
/// **Notation** ([`Display`](fmt::Display) and [`FromStr`]): a placement is the character's
/// letter and the floor, `B4` (Beatrice on floor 4); a climb is the letter alone, `F`; votes
/// are `yes` and `no`. Parsing ignores case and surrounding spaces. The alternate form
/// (`{:#}`) is a sentence: `place Beatrice on Officials (3)`.
///
/// ```
/// use kingup_core::{Action, Character, Floor, Vote};
///
/// let a = Action::Place { character: Character::Beatrice, floor: Floor::Officials };
/// assert_eq!(a.index(), 6);
/// assert_eq!(Action::from_index(6), Ok(a));
/// assert_eq!(Action::Climb { character: Character::Piero }.index(), 64);
/// assert_eq!(Action::from_index(66), Ok(Action::Vote(Vote::No)));
/// assert!(Action::from_index(67).is_err());
///
/// assert_eq!(a.to_string(), "B3");
/// assert_eq!(format!("{a:#}"), "place Beatrice on Officials (3)");
/// assert_eq!("b3".parse(), Ok(a));
/// assert_eq!("F".parse(), Ok(Action::Climb { character: Character::Fiorello }));
/// assert_eq!("no".parse(), Ok(Action::Vote(Vote::No)));
/// assert!("B6".parse::<Action>().is_err());
/// ```
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Action {
    /// Placement phase: put an unplaced character on floor 1–4.
    Place {
        /// The character to place.
        character: Character,
        /// The floor, one of [`Floor::PLACEMENT`].
        floor: Floor,
    },
    /// Climb phase: move a character in the castle up one floor.
    Climb {
        /// The character to move.
        character: Character,
    },
    /// Vote phase: commit a vote card.
    Vote(Vote),
}

/// The text is not an action in the notation: `B4`, `F`, `yes` or `no`. The message names
/// what is wrong: the letter, else the floor, else the form.
///
/// ```
/// use kingup_core::{Action, ParseActionError};
///
/// assert_eq!("Z9".parse::<Action>(), Err(ParseActionError::Letter('Z')));
/// assert_eq!(
///     ParseActionError::Letter('Z').to_string(),
///     "not a move: 'Z' is not a character's letter (A B C D E F G I L M N O P)"
/// );
/// assert_eq!("B9".parse::<Action>(), Err(ParseActionError::Floor('9')));
/// assert_eq!("B44".parse::<Action>(), Err(ParseActionError::Form));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseActionError {
    /// The first character is not a character's letter (nor the text `yes` or `no`).
    #[error("not a move: {0:?} is not a character's letter (A B C D E F G I L M N O P)")]
    Letter(char),
    /// A placement's floor is not 1 to 4.
    #[error("not a move: a character is placed on floor 1 to 4, not {0:?}")]
    Floor(char),
    /// Empty, or more than a letter and a floor.
    #[error("not a move: expected a letter and a floor 1-4 (B4), a letter (F), yes or no")]
    Form,
}

impl Action {
    /// Size of the dense action index space.
    pub const COUNT: usize = 67;
    /// First climb index.
    pub const CLIMB_BASE: usize = 52;
    /// Index of `Vote(Yes)`.
    pub const VOTE_YES: usize = 65;
    /// Index of `Vote(No)`.
    pub const VOTE_NO: usize = 66;

    /// The dense index, `0..67`.
    #[inline]
    pub const fn index(self) -> usize {
        match self {
            Action::Place { character, floor } => character as usize * 4 + floor as usize - 1,
            Action::Climb { character } => Action::CLIMB_BASE + character as usize,
            Action::Vote(Vote::Yes) => Action::VOTE_YES,
            Action::Vote(Vote::No) => Action::VOTE_NO,
        }
    }

    /// The action with dense index `index`.
    #[inline]
    pub const fn from_index(index: usize) -> Result<Action, ActionIndexError<{ Action::COUNT }>> {
        match index {
            0..Action::CLIMB_BASE => match (
                Character::from_index(index / 4),
                Floor::from_index(1 + index % 4),
            ) {
                (Some(character), Some(floor)) => Ok(Action::Place { character, floor }),
                _ => Err(ActionIndexError(index)),
            },
            Action::CLIMB_BASE..Action::VOTE_YES => {
                match Character::from_index(index - Action::CLIMB_BASE) {
                    Some(character) => Ok(Action::Climb { character }),
                    None => Err(ActionIndexError(index)),
                }
            }
            Action::VOTE_YES => Ok(Action::Vote(Vote::Yes)),
            Action::VOTE_NO => Ok(Action::Vote(Vote::No)),
            _ => Err(ActionIndexError(index)),
        }
    }
}

impl TryFrom<usize> for Action {
    type Error = ActionIndexError<{ Action::COUNT }>;

    fn try_from(index: usize) -> Result<Action, ActionIndexError<{ Action::COUNT }>> {
        Action::from_index(index)
    }
}

impl From<Action> for usize {
    fn from(action: Action) -> usize {
        action.index()
    }
}

impl fmt::Display for Action {
    /// The notation (`B4`, `F`, `yes`, `no`); `{:#}` gives a sentence.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (*self, f.alternate()) {
            (Action::Place { character, floor }, false) => {
                write!(f, "{}{}", character.letter(), floor.index())
            }
            (Action::Place { character, floor }, true) => {
                write!(f, "place {character} on {floor} ({})", floor.index())
            }
            (Action::Climb { character }, false) => write!(f, "{}", character.letter()),
            (Action::Climb { character }, true) => write!(f, "climb {character}"),
            (Action::Vote(Vote::Yes), false) => f.write_str("yes"),
            (Action::Vote(Vote::No), false) => f.write_str("no"),
            (Action::Vote(vote), true) => write!(f, "vote {vote}"),
        }
    }
}

impl FromStr for Action {
    type Err = ParseActionError;

    /// Reads the notation: `B4`, `F`, `yes`, `no` (any case, spaces around ignored).
    fn from_str(text: &str) -> Result<Action, ParseActionError> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("yes") {
            return Ok(Action::Vote(Vote::Yes));
        }
        if text.eq_ignore_ascii_case("no") {
            return Ok(Action::Vote(Vote::No));
        }
        let mut chars = text.chars();
        let first = chars.next().ok_or(ParseActionError::Form)?;
        let character = Character::from_letter(first).ok_or(ParseActionError::Letter(first))?;
        match (chars.next(), chars.next()) {
            (None, _) => Ok(Action::Climb { character }),
            (Some(digit), None) => digit
                .to_digit(10)
                .and_then(|d| Floor::from_index(d as usize))
                .filter(|floor| Floor::PLACEMENT.contains(floor))
                .map(|floor| Action::Place { character, floor })
                .ok_or(ParseActionError::Floor(digit)),
            _ => Err(ParseActionError::Form),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_index_round_trips_and_sorts_like_its_action() {
        let mut previous = None;
        for i in 0..Action::COUNT {
            let a = Action::from_index(i).unwrap();
            assert_eq!(a.index(), i);
            if let Some(p) = previous {
                assert!(p < a, "{p:?} sorts before {a:?}");
            }
            previous = Some(a);
        }
        assert_eq!(Action::from_index(67), Err(ActionIndexError(67)));
        assert_eq!(
            Action::from_index(usize::MAX),
            Err(ActionIndexError(usize::MAX))
        );
    }

    #[test]
    fn notation_round_trips_for_every_action() {
        let mut seen = std::collections::BTreeSet::new();
        for i in 0..Action::COUNT {
            let a = Action::from_index(i).unwrap();
            let text = std::format!("{a}");
            assert!(seen.insert(text.clone()), "{text} names two actions");
            assert_eq!(text.parse(), Ok(a));
            assert_eq!(text.to_lowercase().parse(), Ok(a));
            assert_eq!(std::format!(" {text} ").parse(), Ok(a));
        }
        for (bad, error) in [
            ("", ParseActionError::Form),
            ("H", ParseActionError::Letter('H')),
            ("Z9", ParseActionError::Letter('Z')),
            ("B0", ParseActionError::Floor('0')),
            ("B5", ParseActionError::Floor('5')),
            ("bx", ParseActionError::Floor('x')),
            ("B44", ParseActionError::Form),
            ("yess", ParseActionError::Letter('y')),
            ("Y", ParseActionError::Letter('Y')),
            ("climb F", ParseActionError::Form),
            ("4B", ParseActionError::Letter('4')),
            ("é", ParseActionError::Letter('é')),
        ] {
            assert_eq!(bad.parse::<Action>(), Err(error), "{bad:?}");
        }
    }

    #[test]
    fn index_table_matches_the_contract() {
        for i in 0..52 {
            let Ok(Action::Place { character, floor }) = Action::from_index(i) else {
                panic!("{i} is a placement");
            };
            assert_eq!((character.index(), floor.index()), (i / 4, 1 + i % 4));
        }
        for i in 52..65 {
            assert_eq!(
                Action::from_index(i),
                Ok(Action::Climb {
                    character: Character::ALL[i - 52]
                })
            );
        }
    }
}
