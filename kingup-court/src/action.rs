//! Player actions: the dense index space `0..238`, what each index means, and the notation.

use core::fmt;
use core::str::FromStr;
use kingup_table::ActionIndexError;

use arrayvec::ArrayString;

use crate::shift::{self, PAIR_SHIFTS, SHIFT_TABLE};
use crate::{Card, Dice, Face};

/// A player's decision, by its dense index in `0..238` (a public contract shared by every
/// binding; indices sort like actions).
///
/// | index | action | notation |
/// |---|---|---|
/// | `0` | roll: the first roll, or re-roll every active die | `roll` |
/// | `1..=6` | set aside a die showing `i` | `keep 4` |
/// | `7..=13` | before the first roll, add a die to it with Laborer, Guard, Hunter, Pawnbroker, Knight, Bishop, Queen | `pre guard` |
/// | `14..=19` | bring in a die with Laborer … Bishop (faces 1 … 6) | `guard` |
/// | `20..=25` | Queen: bring in a die showing `i − 19` | `queen 4` |
/// | `26..=31` | Jester: re-roll a die showing `i − 25` | `jester 3` |
/// | `32..=43` | Maid: `v → w`, `w − v` in 1..=3: (1,2) (1,3) (1,4) (2,3) (2,4) (2,5) (3,4) (3,5) (3,6) (4,5) (4,6) (5,6) | `maid 4>6` |
/// | `44..=69` | Philosopher: the 26 pair moves `{a,b} → {c,d}` | `philosopher 15>33` |
/// | `70..=139` | Alchemist: the same 26 pair moves, then the 44 triple moves | `alchemist 255>444` |
/// | `140..=169` | Astronomer `a → b`, `a ≠ b`, ordered by `(a, b)` | `astronomer 4>2` |
/// | `170..=199` | Magician `a → b`, `a ≠ b`, ordered by `(a, b)` | `magician 1>6` |
/// | `200..=205`, `206` | Merchant: pick a die showing `i − 199` to re-roll; confirm | `merchant 3`, `merchant done` |
/// | `207..=211`, `212` | Noblewoman: pick a die showing 1–5 to raise by 1; confirm | `noblewoman 4`, `noblewoman done` |
/// | `213..=216`, `217` | Nobleman: pick a die showing 1–4 to raise by 2; confirm | `nobleman 2`, `nobleman done` |
/// | `218..=236` | buy a card, ids 0–17 then the King (19) | `buy hunter` |
/// | `237` | buy nothing | `pass` |
///
/// The pair and triple moves are listed in `docs/court-rules.md`; both lists are ordered
/// by `(from, to)`, each side as its sorted faces. [`Action::kind`] tells an action's
/// meaning as an [`ActionKind`], and [`Action::from_kind`] finds the action of a meaning.
///
/// **Notation** ([`Display`](fmt::Display) and [`FromStr`], and the serde form): the third
/// column above. Card names are keys (`pawnbroker`); parsing ignores case and extra spaces.
/// `{:#}` prints a sentence.
///
/// ```
/// use kingup_court::{Action, ActionKind, Card, Dice, Face};
///
/// let keep = Action::set_aside(Face::Four);
/// assert_eq!(keep.index(), 4);
/// assert_eq!(keep.to_string(), "keep 4");
/// assert_eq!("KEEP  4".parse(), Ok(keep));
///
/// let frank = "philosopher 15>33".parse::<Action>()?;
/// assert_eq!(frank.kind(), ActionKind::Philosopher { from: "5-1".parse()?, to: "3-3".parse()? });
/// assert_eq!(format!("{frank:#}"), "Philosopher: turn 5-1 into 3-3");
///
/// assert_eq!(Action::buy(Card::King).map(Action::index), Some(236));
/// assert_eq!(Action::buy(Card::Queen), None); // never bought
/// assert_eq!(Action::from_index(237), Ok(Action::PASS));
/// assert!(Action::from_index(238).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Action(u8);

/// What an action does: the meaning of an [`Action`] index, for matching on.
///
/// Not every value is an action: [`Action::from_kind`] refuses the ones outside the index
/// space (a Maid move past 6, a pre-roll with a card that adds no die, a Philosopher move
/// that changes nothing, buying the Queen, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ActionKind {
    /// Roll every die in hand (the first roll) or every active die.
    Roll,
    /// Set aside an active die showing this face.
    SetAside(Face),
    /// Before the first roll: use an add-a-die card (one of [`Card::ADD_DIE`]) to roll one
    /// more die.
    PreRoll(Card),
    /// Use the Laborer, Guard, Hunter, Pawnbroker, Knight or Bishop: bring in an active die
    /// showing its face.
    BringIn(Card),
    /// Use the Queen: bring in an active die showing this face.
    Queen(Face),
    /// Use the Jester: re-roll an active die showing this face.
    Jester(Face),
    /// Use the Maid: an active die showing `from` shows `to`, 1 to 3 higher.
    Maid {
        /// The die's face before.
        from: Face,
        /// Its face after.
        to: Face,
    },
    /// Use the Philosopher: two active dice `from` get the faces `to`, same sum.
    Philosopher {
        /// Two active dice.
        from: Dice,
        /// Their new faces.
        to: Dice,
    },
    /// Use the Alchemist: two or three active dice `from` get the faces `to`, same sum.
    Alchemist {
        /// Two or three active dice.
        from: Dice,
        /// Their new faces.
        to: Dice,
    },
    /// Use the Astronomer: an active die showing `from` takes the face `to` of a die set
    /// aside this turn.
    Astronomer {
        /// The active die's face.
        from: Face,
        /// A set-aside die's face.
        to: Face,
    },
    /// Use the Magician: an active die showing `from` shows `to`.
    Magician {
        /// The die's face before.
        from: Face,
        /// Its face after.
        to: Face,
    },
    /// Pick an active die showing `face` for the Merchant (re-roll), the Noblewoman (+1) or
    /// the Nobleman (+2). Dice are picked in non-decreasing face order.
    Pick {
        /// The Merchant, the Noblewoman or the Nobleman.
        card: Card,
        /// The face of the picked die.
        face: Face,
    },
    /// Apply the Merchant's, Noblewoman's or Nobleman's ability to the picked dice.
    Confirm(Card),
    /// Buy this card with the result.
    Buy(Card),
    /// Buy nothing.
    Pass,
}

/// The text is not an action in the notation (`roll`, `keep 4`, `guard`, `maid 4>6`, …).
/// Its message names the word at fault where one is (`"9" is not a face (1 to 6)`), else
/// the forms an action takes; [`word`](ParseActionError::word) is the text at fault.
///
/// ```
/// use kingup_court::Action;
///
/// let err = "keep 9".parse::<Action>().unwrap_err();
/// assert_eq!(err.to_string(), "not an action: \"9\" is not a face (1 to 6)");
/// assert_eq!(err.word(), "9");
/// let err = "buy kong".parse::<Action>().unwrap_err();
/// assert_eq!(err.to_string(), "not an action: \"kong\" is not a card");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseActionError {
    problem: Problem,
    /// The text at fault, cut to [`WORD_MAX`] bytes (at a character's boundary) and then
    /// marked with `…`.
    word: ArrayString<{ WORD_MAX + 3 }>,
}

/// Bytes of the text at fault a [`ParseActionError`] keeps at most.
const WORD_MAX: usize = 20;

/// What is wrong with a text that is no action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Problem {
    /// Not one of the forms an action takes (the word is the whole text).
    Form,
    /// A word where a face (1 to 6) belongs.
    Face,
    /// A word where a face or `done` belongs (the Merchant, Noblewoman and Nobleman).
    FaceOrDone,
    /// A word where a card's name belongs.
    Card,
    /// A word where one face changed into another belongs (`4>6`).
    FaceMove,
    /// A word where dice changed into dice belong (`15>33`).
    DiceMove,
    /// Well formed, but no action of the rules (`maid 2>6`, `pre farmer`).
    NoSuchMove,
}

impl ParseActionError {
    fn new(problem: Problem, text: &str) -> ParseActionError {
        let mut word = ArrayString::new();
        let mut end = text.len().min(WORD_MAX);
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        word.push_str(&text[..end]);
        if end < text.len() {
            word.push('…');
        }
        ParseActionError { problem, word }
    }

    /// The text at fault (a word, or the whole text when its form is wrong), cut to 20
    /// bytes.
    pub fn word(&self) -> &str {
        &self.word
    }
}

impl fmt::Display for ParseActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let word = self.word.as_str();
        f.write_str("not an action: ")?;
        match self.problem {
            Problem::Form => f.write_str(
                "expected roll, keep FACE, pre CARD, CARD, CARD FACE, CARD A>B, CARD done, \
                 buy CARD or pass",
            ),
            Problem::Face => write!(f, "{word:?} is not a face (1 to 6)"),
            Problem::FaceOrDone => write!(f, "{word:?} is not a face (1 to 6) or done"),
            Problem::Card => write!(f, "{word:?} is not a card"),
            Problem::FaceMove => write!(
                f,
                "{word:?} is not one face turned into another (such as 4>6, faces 1 to 6)"
            ),
            Problem::DiceMove => write!(
                f,
                "{word:?} is not dice turned into dice (such as 15>33, faces 1 to 6)"
            ),
            Problem::NoSuchMove => f.write_str("the card has no such move"),
        }
    }
}

impl core::error::Error for ParseActionError {}

/// The Maid's moves, in index order.
const MAID_MOVES: [(u8, u8); 12] = [
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (2, 5),
    (3, 4),
    (3, 5),
    (3, 6),
    (4, 5),
    (4, 6),
    (5, 6),
];

/// The first Maid move from each face (face 6 has none: it points past the table).
pub(crate) const MAID_FIRST: [u8; 7] = [0, 3, 6, 9, 11, 12, 12];

/// The cards that pick dice, and how many faces each may pick (from 1 up).
const PICKERS: [(Card, usize, u8); 3] = [
    (Card::Merchant, 6, Action::MERCHANT),
    (Card::Noblewoman, 5, Action::NOBLEWOMAN),
    (Card::Nobleman, 4, Action::NOBLEMAN),
];

impl Action {
    /// Size of the action index space.
    pub const COUNT: usize = 238;

    /// Roll.
    pub const ROLL: Action = Action(0);
    /// Buy nothing.
    pub const PASS: Action = Action(237);

    pub(crate) const KEEP: u8 = 1;
    pub(crate) const PRE_ROLL: u8 = 7;
    pub(crate) const BRING_IN: u8 = 14;
    pub(crate) const QUEEN: u8 = 20;
    pub(crate) const JESTER: u8 = 26;
    pub(crate) const MAID: u8 = 32;
    pub(crate) const PHILOSOPHER: u8 = 44;
    pub(crate) const ALCHEMIST: u8 = 70;
    pub(crate) const ASTRONOMER: u8 = 140;
    pub(crate) const MAGICIAN: u8 = 170;
    pub(crate) const MERCHANT: u8 = 200;
    pub(crate) const NOBLEWOMAN: u8 = 207;
    pub(crate) const NOBLEMAN: u8 = 213;
    pub(crate) const BUY: u8 = 218;

    /// The dense index, `0..238`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The action with dense index `index`.
    #[inline]
    pub const fn from_index(index: usize) -> Result<Action, ActionIndexError<{ Action::COUNT }>> {
        if index < Action::COUNT {
            Ok(Action(index as u8))
        } else {
            Err(ActionIndexError(index))
        }
    }

    /// Set aside a die showing `face`.
    #[inline]
    pub const fn set_aside(face: Face) -> Action {
        Action(Action::KEEP + face.index() as u8)
    }

    /// Buy `card`; `None` for the Queen, which is never bought.
    #[inline]
    pub const fn buy(card: Card) -> Option<Action> {
        match card {
            Card::Queen => None,
            Card::King => Some(Action(Action::BUY + 18)),
            _ => Some(Action(Action::BUY + card as u8)),
        }
    }

    /// The action of `kind`, if it has one (see [`ActionKind`]).
    pub fn from_kind(kind: ActionKind) -> Option<Action> {
        let offset = |base: u8, i: usize| Some(Action(base + i as u8));
        match kind {
            ActionKind::Roll => Some(Action::ROLL),
            ActionKind::Pass => Some(Action::PASS),
            ActionKind::SetAside(face) => Some(Action::set_aside(face)),
            ActionKind::PreRoll(card) => {
                let i = Card::ADD_DIE.iter().position(|&c| c == card)?;
                offset(Action::PRE_ROLL, i)
            }
            ActionKind::BringIn(card) => offset(Action::BRING_IN, card.brings_in()?.index()),
            ActionKind::Queen(face) => offset(Action::QUEEN, face.index()),
            ActionKind::Jester(face) => offset(Action::JESTER, face.index()),
            ActionKind::Maid { from, to } => {
                let i = MAID_MOVES
                    .iter()
                    .position(|&m| m == (from.value(), to.value()))?;
                offset(Action::MAID, i)
            }
            ActionKind::Philosopher { from, to } => {
                let i = shift::find(from, to).filter(|&i| i < PAIR_SHIFTS)?;
                offset(Action::PHILOSOPHER, i)
            }
            ActionKind::Alchemist { from, to } => offset(Action::ALCHEMIST, shift::find(from, to)?),
            ActionKind::Astronomer { from, to } => offset(Action::ASTRONOMER, face_pair(from, to)?),
            ActionKind::Magician { from, to } => offset(Action::MAGICIAN, face_pair(from, to)?),
            ActionKind::Pick { card, face } => {
                let &(_, faces, base) = PICKERS.iter().find(|p| p.0 == card)?;
                (face.index() < faces).then(|| Action(base + face.index() as u8))
            }
            ActionKind::Confirm(card) => {
                let &(_, faces, base) = PICKERS.iter().find(|p| p.0 == card)?;
                offset(base, faces)
            }
            ActionKind::Buy(card) => Action::buy(card),
        }
    }

    /// What the action does.
    pub fn kind(self) -> ActionKind {
        let i = self.0;
        let face = |base: u8| Face::ALL[usize::from(i - base) % 6];
        match i {
            0 => ActionKind::Roll,
            1..Action::PRE_ROLL => ActionKind::SetAside(face(Action::KEEP)),
            Action::PRE_ROLL..Action::BRING_IN => {
                ActionKind::PreRoll(Card::ADD_DIE[usize::from(i - Action::PRE_ROLL)])
            }
            Action::BRING_IN..Action::QUEEN => {
                ActionKind::BringIn(Card::ADD_DIE[usize::from(i - Action::BRING_IN)])
            }
            Action::QUEEN..Action::JESTER => ActionKind::Queen(face(Action::QUEEN)),
            Action::JESTER..Action::MAID => ActionKind::Jester(face(Action::JESTER)),
            Action::MAID..Action::PHILOSOPHER => {
                let (from, to) = MAID_MOVES[usize::from(i - Action::MAID)];
                ActionKind::Maid {
                    from: Face::ALL[usize::from(from - 1)],
                    to: Face::ALL[usize::from(to - 1)],
                }
            }
            Action::PHILOSOPHER..Action::ALCHEMIST => {
                let (from, to) = SHIFT_TABLE[usize::from(i - Action::PHILOSOPHER)];
                ActionKind::Philosopher { from, to }
            }
            Action::ALCHEMIST..Action::ASTRONOMER => {
                let (from, to) = SHIFT_TABLE[usize::from(i - Action::ALCHEMIST)];
                ActionKind::Alchemist { from, to }
            }
            Action::ASTRONOMER..Action::MAGICIAN => {
                let (from, to) = split_face_pair(i - Action::ASTRONOMER);
                ActionKind::Astronomer { from, to }
            }
            Action::MAGICIAN..Action::MERCHANT => {
                let (from, to) = split_face_pair(i - Action::MAGICIAN);
                ActionKind::Magician { from, to }
            }
            Action::MERCHANT..Action::BUY => {
                let &(card, faces, base) = PICKERS
                    .iter()
                    .rev()
                    .find(|p| i >= p.2)
                    .unwrap_or(&PICKERS[0]);
                match Face::from_index(usize::from(i - base)) {
                    Some(face) if face.index() < faces => ActionKind::Pick { card, face },
                    _ => ActionKind::Confirm(card),
                }
            }
            Action::BUY..237 => match i - Action::BUY {
                18 => ActionKind::Buy(Card::King),
                n => ActionKind::Buy(Card::ALL[usize::from(n)]),
            },
            _ => ActionKind::Pass,
        }
    }

    /// The card the action uses or buys, if any.
    pub fn card(self) -> Option<Card> {
        match self.kind() {
            ActionKind::Roll | ActionKind::SetAside(_) | ActionKind::Pass => None,
            ActionKind::PreRoll(card)
            | ActionKind::BringIn(card)
            | ActionKind::Pick { card, .. }
            | ActionKind::Confirm(card)
            | ActionKind::Buy(card) => Some(card),
            ActionKind::Queen(_) => Some(Card::Queen),
            ActionKind::Jester(_) => Some(Card::Jester),
            ActionKind::Maid { .. } => Some(Card::Maid),
            ActionKind::Philosopher { .. } => Some(Card::Philosopher),
            ActionKind::Alchemist { .. } => Some(Card::Alchemist),
            ActionKind::Astronomer { .. } => Some(Card::Astronomer),
            ActionKind::Magician { .. } => Some(Card::Magician),
        }
    }
}

/// What an action that changes active dice does: the card used, the active dice it takes
/// and the dice it gives (a die brought in takes none). The bring-in, Queen, Maid,
/// Philosopher, Alchemist, Astronomer and Magician actions, looked up by index in
/// [`CHANGES`] rather than decoded.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Change {
    pub(crate) card: Card,
    pub(crate) from: Dice,
    pub(crate) to: Dice,
}

/// [`Change`] by action index (other actions hold no change: the Jester, taking nothing).
pub(crate) static CHANGES: [Change; Action::COUNT] = changes();

const fn change(card: Card, from: Dice, to: Dice) -> Change {
    Change { card, from, to }
}

const fn changes() -> [Change; Action::COUNT] {
    let none = Change {
        card: Card::Jester,
        from: Dice::EMPTY,
        to: Dice::EMPTY,
    };
    let mut table = [none; Action::COUNT];
    let shifts = shift::build();
    let mut i = 0;
    while i < Action::COUNT {
        let a = i as u8;
        table[i] = match a {
            Action::BRING_IN..Action::QUEEN => {
                let j = (a - Action::BRING_IN) as usize;
                change(Card::ADD_DIE[j], Dice::EMPTY, Dice::one(Face::ALL[j]))
            }
            Action::QUEEN..Action::JESTER => {
                let face = Face::ALL[(a - Action::QUEEN) as usize];
                change(Card::Queen, Dice::EMPTY, Dice::one(face))
            }
            Action::MAID..Action::PHILOSOPHER => {
                let (from, to) = MAID_MOVES[(a - Action::MAID) as usize];
                let one = Dice::one(Face::ALL[(from - 1) as usize]);
                change(Card::Maid, one, Dice::one(Face::ALL[(to - 1) as usize]))
            }
            Action::PHILOSOPHER..Action::ALCHEMIST => {
                let (from, to) = shifts[(a - Action::PHILOSOPHER) as usize];
                change(Card::Philosopher, from, to)
            }
            Action::ALCHEMIST..Action::ASTRONOMER => {
                let (from, to) = shifts[(a - Action::ALCHEMIST) as usize];
                change(Card::Alchemist, from, to)
            }
            Action::ASTRONOMER..Action::MAGICIAN => {
                let (from, to) = split_face_pair(a - Action::ASTRONOMER);
                change(Card::Astronomer, Dice::one(from), Dice::one(to))
            }
            Action::MAGICIAN..Action::MERCHANT => {
                let (from, to) = split_face_pair(a - Action::MAGICIAN);
                change(Card::Magician, Dice::one(from), Dice::one(to))
            }
            _ => none,
        };
        i += 1;
    }
    table
}

/// The position of `from → to` among the 30 moves between different faces.
fn face_pair(from: Face, to: Face) -> Option<usize> {
    let (a, b) = (from.index(), to.index());
    (a != b).then(|| a * 5 + if b < a { b } else { b - 1 })
}

const fn split_face_pair(i: u8) -> (Face, Face) {
    let (a, b) = ((i / 5) as usize, (i % 5) as usize);
    (Face::ALL[a], Face::ALL[if b < a { b } else { b + 1 }])
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

impl fmt::Debug for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Action({}: {self})", self.0)
    }
}

/// Faces in ascending order, as digits: `15`.
struct Digits(Dice);

impl fmt::Display for Digits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.faces().try_for_each(|face| write!(f, "{face}"))
    }
}

impl fmt::Display for Action {
    /// The notation; `{:#}` gives a sentence.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sentence = f.alternate();
        match (self.kind(), sentence) {
            (ActionKind::Roll, false) => f.write_str("roll"),
            (ActionKind::Roll, true) => f.write_str("roll the dice"),
            (ActionKind::SetAside(face), false) => write!(f, "keep {face}"),
            (ActionKind::SetAside(face), true) => write!(f, "set aside a {face}"),
            (ActionKind::PreRoll(card), false) => write!(f, "pre {card:#}"),
            (ActionKind::PreRoll(card), true) => write!(f, "{card}: one more die to roll"),
            (ActionKind::BringIn(card), false) => write!(f, "{card:#}"),
            (ActionKind::BringIn(card), true) => match card.brings_in() {
                Some(face) => write!(f, "{card}: bring in a {face}"),
                None => write!(f, "{card}"),
            },
            (ActionKind::Queen(face), false) => write!(f, "queen {face}"),
            (ActionKind::Queen(face), true) => write!(f, "Queen: bring in a {face}"),
            (ActionKind::Jester(face), false) => write!(f, "jester {face}"),
            (ActionKind::Jester(face), true) => write!(f, "Jester: re-roll a {face}"),
            (
                ActionKind::Maid { from, to }
                | ActionKind::Astronomer { from, to }
                | ActionKind::Magician { from, to },
                false,
            ) => write!(f, "{:#} {from}>{to}", self.card().unwrap_or(Card::Maid)),
            (
                ActionKind::Maid { from, to }
                | ActionKind::Astronomer { from, to }
                | ActionKind::Magician { from, to },
                true,
            ) => write!(
                f,
                "{}: turn a {from} into a {to}",
                self.card().unwrap_or(Card::Maid)
            ),
            (ActionKind::Philosopher { from, to } | ActionKind::Alchemist { from, to }, false) => {
                write!(
                    f,
                    "{:#} {}>{}",
                    self.card().unwrap_or(Card::Alchemist),
                    Digits(from),
                    Digits(to)
                )
            }
            (ActionKind::Philosopher { from, to } | ActionKind::Alchemist { from, to }, true) => {
                write!(
                    f,
                    "{}: turn {from} into {to}",
                    self.card().unwrap_or(Card::Alchemist)
                )
            }
            (ActionKind::Pick { card, face }, false) => write!(f, "{card:#} {face}"),
            (ActionKind::Pick { card, face }, true) => write!(f, "{card}: pick a {face}"),
            (ActionKind::Confirm(card), false) => write!(f, "{card:#} done"),
            (ActionKind::Confirm(card), true) => write!(f, "{card}: use on the picked dice"),
            (ActionKind::Buy(card), false) => write!(f, "buy {card:#}"),
            (ActionKind::Buy(card), true) => write!(f, "buy the {card}"),
            (ActionKind::Pass, false) => f.write_str("pass"),
            (ActionKind::Pass, true) => f.write_str("buy nothing"),
        }
    }
}

/// `a>b`, both single faces.
fn parse_face_move(text: &str) -> Option<(Face, Face)> {
    let (from, to) = text.split_once('>')?;
    Some((from.parse().ok()?, to.parse().ok()?))
}

/// `ab>cd` or `abc>def`: digits in any order.
fn parse_dice_move(text: &str) -> Option<(Dice, Dice)> {
    let (from, to) = text.split_once('>')?;
    let digits = |t: &str| {
        t.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| t.parse::<Dice>().ok())
            .flatten()
    };
    Some((digits(from)?, digits(to)?))
}

/// `word` as a face, or the error naming it.
fn face_arg(word: &str) -> Result<Face, ParseActionError> {
    word.parse()
        .map_err(|_| ParseActionError::new(Problem::Face, word))
}

/// `word` as a card, or the error naming it.
fn card_arg(word: &str) -> Result<Card, ParseActionError> {
    word.parse()
        .map_err(|_| ParseActionError::new(Problem::Card, word))
}

impl FromStr for Action {
    type Err = ParseActionError;

    /// Reads the notation (any case, spaces between words of any length). An error names
    /// the word at fault: `keep 9` is refused for `"9"`, which is not a face.
    fn from_str(text: &str) -> Result<Action, ParseActionError> {
        let form = || ParseActionError::new(Problem::Form, text.trim());
        let mut words = text.split_whitespace();
        let (first, second) = (words.next(), words.next());
        if words.next().is_some() {
            return Err(form());
        }
        let is = |word: &str, name: &str| word.eq_ignore_ascii_case(name);
        let verb = |word: &str| ["keep", "pre", "buy"].iter().any(|v| is(word, v));
        let kind = match (first, second) {
            (Some(w), None) if is(w, "roll") => ActionKind::Roll,
            (Some(w), None) if is(w, "pass") => ActionKind::Pass,
            (Some(w), None) if verb(w) => return Err(form()),
            (Some(w), Some(_)) if is(w, "roll") || is(w, "pass") => return Err(form()),
            (Some(w), Some(face)) if is(w, "keep") => ActionKind::SetAside(face_arg(face)?),
            (Some(w), Some(card)) if is(w, "pre") => ActionKind::PreRoll(card_arg(card)?),
            (Some(w), Some(card)) if is(w, "buy") => ActionKind::Buy(card_arg(card)?),
            // An unknown first word may be a misspelt verb as well as a card: the forms.
            (Some(card), None) => ActionKind::BringIn(card.parse().map_err(|_| form())?),
            (Some(card), Some(arg)) => {
                let card = card.parse().map_err(|_| form())?;
                card_action(card, arg).ok_or_else(form)??
            }
            (None, _) => return Err(form()),
        };
        Action::from_kind(kind)
            .ok_or_else(|| ParseActionError::new(Problem::NoSuchMove, text.trim()))
    }
}

/// A card's action with one argument: `queen 4`, `maid 4>6`, `merchant done`, …; `None`
/// for a card that takes no argument, an error naming an argument that does not fit.
fn card_action(card: Card, arg: &str) -> Option<Result<ActionKind, ParseActionError>> {
    let wrong = |problem| ParseActionError::new(problem, arg);
    Some(Ok(match card {
        Card::Queen => ActionKind::Queen(match face_arg(arg) {
            Ok(face) => face,
            Err(e) => return Some(Err(e)),
        }),
        Card::Jester => ActionKind::Jester(match face_arg(arg) {
            Ok(face) => face,
            Err(e) => return Some(Err(e)),
        }),
        Card::Maid | Card::Astronomer | Card::Magician => {
            let Some((from, to)) = parse_face_move(arg) else {
                return Some(Err(wrong(Problem::FaceMove)));
            };
            match card {
                Card::Maid => ActionKind::Maid { from, to },
                Card::Astronomer => ActionKind::Astronomer { from, to },
                _ => ActionKind::Magician { from, to },
            }
        }
        Card::Philosopher | Card::Alchemist => {
            let Some((from, to)) = parse_dice_move(arg) else {
                return Some(Err(wrong(Problem::DiceMove)));
            };
            match card {
                Card::Philosopher => ActionKind::Philosopher { from, to },
                _ => ActionKind::Alchemist { from, to },
            }
        }
        Card::Merchant | Card::Noblewoman | Card::Nobleman if arg.eq_ignore_ascii_case("done") => {
            ActionKind::Confirm(card)
        }
        Card::Merchant | Card::Noblewoman | Card::Nobleman => ActionKind::Pick {
            card,
            face: match arg.parse() {
                Ok(face) => face,
                Err(_) => return Some(Err(wrong(Problem::FaceOrDone))),
            },
        },
        _ => return None,
    }))
}

#[cfg(feature = "serde")]
impl serde::Serialize for Action {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Action {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Action, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = Action;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an action such as \"keep 4\" or \"buy hunter\"")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Action, E> {
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
    fn every_index_round_trips_through_its_kind_and_notation() {
        let mut seen = std::collections::BTreeSet::new();
        for i in 0..Action::COUNT {
            let action = Action::from_index(i).unwrap();
            assert_eq!(action.index(), i);
            assert_eq!(Action::from_kind(action.kind()), Some(action), "{i}");
            let text = std::format!("{action}");
            assert!(seen.insert(text.clone()), "{text} names two actions");
            assert_eq!(text.parse(), Ok(action), "{text}");
            assert_eq!(text.to_uppercase().parse(), Ok(action), "{text}");
            assert_eq!(std::format!("  {text} ").parse(), Ok(action), "{text}");
        }
        assert_eq!(Action::from_index(238), Err(ActionIndexError(238)));
    }

    #[test]
    fn the_blocks_are_where_the_contract_says() {
        let count = |pred: fn(ActionKind) -> bool| {
            (0..Action::COUNT)
                .filter(|&i| pred(Action::from_index(i).unwrap().kind()))
                .count()
        };
        assert_eq!(count(|k| matches!(k, ActionKind::Maid { .. })), 12);
        assert_eq!(count(|k| matches!(k, ActionKind::Philosopher { .. })), 26);
        assert_eq!(count(|k| matches!(k, ActionKind::Alchemist { .. })), 70);
        assert_eq!(count(|k| matches!(k, ActionKind::Buy(_))), 19);
        assert_eq!(
            Action::from_index(206).unwrap().kind(),
            ActionKind::Confirm(Card::Merchant)
        );
        assert_eq!(
            Action::from_index(211).unwrap().kind(),
            ActionKind::Pick {
                card: Card::Noblewoman,
                face: Face::Five
            }
        );
        assert_eq!(
            Action::from_index(217).unwrap().kind(),
            ActionKind::Confirm(Card::Nobleman)
        );
        assert_eq!(
            Action::from_index(140).unwrap().kind(),
            ActionKind::Astronomer {
                from: Face::One,
                to: Face::Two
            }
        );
        assert_eq!(
            Action::from_index(199).unwrap().kind(),
            ActionKind::Magician {
                from: Face::Six,
                to: Face::Five
            }
        );
        assert_eq!(MAID_FIRST.len(), 7);
    }

    #[test]
    fn meanings_outside_the_space_have_no_action() {
        let d = |t: &str| t.parse::<Dice>().unwrap();
        for kind in [
            ActionKind::PreRoll(Card::Farmer),
            ActionKind::BringIn(Card::Queen),
            ActionKind::Maid {
                from: Face::Five,
                to: Face::Five,
            },
            ActionKind::Maid {
                from: Face::Two,
                to: Face::Six,
            },
            ActionKind::Philosopher {
                from: d("15"),
                to: d("15"),
            },
            ActionKind::Philosopher {
                from: d("255"),
                to: d("444"),
            },
            ActionKind::Alchemist {
                from: d("125"),
                to: d("224"),
            },
            ActionKind::Astronomer {
                from: Face::Two,
                to: Face::Two,
            },
            ActionKind::Pick {
                card: Card::Nobleman,
                face: Face::Five,
            },
            ActionKind::Pick {
                card: Card::Maid,
                face: Face::One,
            },
            ActionKind::Confirm(Card::Guard),
            ActionKind::Buy(Card::Queen),
        ] {
            assert_eq!(Action::from_kind(kind), None, "{kind:?}");
        }
        for bad in [
            "",
            "keep 7",
            "keep",
            "pre farmer",
            "farmer",
            "queen",
            "maid 5>7",
            "philosopher 1 5>33",
            "buy queen",
            "merchant 7",
            "nobleman 5",
            "roll roll",
            "magician 1-6",
            "alchemist 2-5-5>444",
        ] {
            assert!(bad.parse::<Action>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_parse_error_names_the_word_at_fault() {
        let message = |text: &str| std::format!("{}", text.parse::<Action>().unwrap_err());
        let prefix = "not an action: ";
        for (text, says) in [
            ("keep 9", "\"9\" is not a face (1 to 6)"),
            ("KEEP x", "\"x\" is not a face (1 to 6)"),
            ("queen 0", "\"0\" is not a face (1 to 6)"),
            ("jester 7", "\"7\" is not a face (1 to 6)"),
            ("merchant 7", "\"7\" is not a face (1 to 6) or done"),
            ("buy kong", "\"kong\" is not a card"),
            ("pre kong", "\"kong\" is not a card"),
            (
                "kong",
                "expected roll, keep FACE, pre CARD, CARD, CARD FACE, CARD A>B, CARD done, buy CARD or pass",
            ),
            (
                "kep 4",
                "expected roll, keep FACE, pre CARD, CARD, CARD FACE, CARD A>B, CARD done, buy CARD or pass",
            ),
            (
                "maid 5>7",
                "\"5>7\" is not one face turned into another (such as 4>6, faces 1 to 6)",
            ),
            (
                "magician 1-6",
                "\"1-6\" is not one face turned into another (such as 4>6, faces 1 to 6)",
            ),
            (
                "alchemist 2-5-5>444",
                "\"2-5-5>444\" is not dice turned into dice (such as 15>33, faces 1 to 6)",
            ),
            ("maid 2>6", "the card has no such move"),
            ("pre farmer", "the card has no such move"),
            (
                "keep",
                "expected roll, keep FACE, pre CARD, CARD, CARD FACE, CARD A>B, CARD done, buy CARD or pass",
            ),
            (
                "roll roll",
                "expected roll, keep FACE, pre CARD, CARD, CARD FACE, CARD A>B, CARD done, buy CARD or pass",
            ),
            (
                "",
                "expected roll, keep FACE, pre CARD, CARD, CARD FACE, CARD A>B, CARD done, buy CARD or pass",
            ),
        ] {
            assert_eq!(message(text), std::format!("{prefix}{says}"), "{text:?}");
        }
        // A long word is cut, at a character's boundary.
        let long = std::format!("keep {}", "é".repeat(30));
        let err = long.parse::<Action>().unwrap_err();
        assert_eq!(err.word(), std::format!("{}…", "é".repeat(10)));
    }
}
