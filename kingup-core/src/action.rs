//! Player actions and their dense index contract.

use core::fmt;

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
/// ```
/// use kingup_core::{Action, Character, Floor, Vote};
///
/// let a = Action::Place { character: Character::Beatrice, floor: Floor::Officials };
/// assert_eq!(a.index(), 6);
/// assert_eq!(Action::from_index(6), Ok(a));
/// assert_eq!(Action::Climb { character: Character::Piero }.index(), 64);
/// assert_eq!(Action::from_index(66), Ok(Action::Vote(Vote::No)));
/// assert!(Action::from_index(67).is_err());
/// assert_eq!(a.to_string(), "place Beatrice on Officials (3)");
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

/// The index names no action: it is not below [`Action::COUNT`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("action index {0} is out of range 0..67")]
pub struct ActionIndexError(pub usize);

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
    pub const fn from_index(index: usize) -> Result<Action, ActionIndexError> {
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
    type Error = ActionIndexError;

    fn try_from(index: usize) -> Result<Action, ActionIndexError> {
        Action::from_index(index)
    }
}

impl From<Action> for usize {
    fn from(action: Action) -> usize {
        action.index()
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Place { character, floor } => {
                write!(f, "place {character} on {floor} ({})", floor.index())
            }
            Action::Climb { character } => write!(f, "climb {character}"),
            Action::Vote(vote) => write!(f, "vote {vote}"),
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
