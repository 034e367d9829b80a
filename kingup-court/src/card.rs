//! The twenty character cards: ids, names, rows, copies in the display, costs, abilities.

use core::fmt;
use core::str::FromStr;

use crate::{Dice, Face};

/// A character card. The ids `0..20` are stable and follow the rulings' table. The Jester
/// and the Charlatan are the two sides of one card: buying the Charlatan turns a Jester
/// over.
///
/// ```
/// use kingup_court::{Card, Dice, Row};
///
/// assert_eq!(Card::Hunter.index(), 9);
/// assert_eq!(Card::Hunter.row(), Row::II);
/// assert_eq!(Card::Hunter.italian(), "Cacciatore");
/// assert!(Card::Hunter.cost_met("4-2-2-2-2".parse()?));
/// assert!(!Card::Hunter.cost_met("5-5-5".parse()?));
/// assert_eq!(Card::Hunter.copies(3), 2);
/// assert_eq!("cacciatore".parse(), Ok(Card::Hunter));
/// # Ok::<(), kingup_court::ParseDiceError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Card {
    /// Re-roll one active die. Costs nothing.
    Jester = 0,
    /// One more die every turn. Costs nothing, and turns a face-up Jester over.
    Charlatan,
    /// One more die every turn. Two equal dice.
    Farmer,
    /// +1, +2 or +3 to one active die (at most 6). Every die odd.
    Maid,
    /// Move pips from one active die to another. Every die even.
    Philosopher,
    /// Bring in a die showing 1. Sum 15 or more.
    Laborer,
    /// Bring in a die showing 2. Three equal dice.
    Guard,
    /// One active die takes the face of a die set aside this turn. Two pairs.
    Astronomer,
    /// Re-roll any number of active dice. Sum 20 or more.
    Merchant,
    /// Bring in a die showing 3. Four equal dice.
    Hunter,
    /// Bring in a die showing 4. Sum 30 or more.
    Pawnbroker,
    /// Bring in a die showing 5. Five equal dice.
    Knight,
    /// One active die to any face. 1-2-3-4-5 or 2-3-4-5-6.
    Magician,
    /// +1 to any number of active dice. A triple and a pair.
    Noblewoman,
    /// Share the pips of three (or two) active dice anew. 1-2-3-4-5-6.
    Alchemist,
    /// Bring in a die showing 6. Three pairs.
    Bishop,
    /// +2 to any number of active dice (1s to 4s). Two triples.
    Nobleman,
    /// Two more dice every turn. Six equal dice.
    General,
    /// Bring in a die showing any face. Never bought: it comes with the first King.
    Queen,
    /// No ability; buying it starts the end of the game. Seven equal dice.
    King,
}

/// The back of a card: the row it lies in within the display.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Row {
    /// The Jester/Charlatan cards.
    Jester,
    /// Farmer, Maid, Philosopher, Laborer, Guard.
    I,
    /// Astronomer, Merchant, Hunter.
    II,
    /// Pawnbroker, Knight, Magician, Noblewoman.
    III,
    /// Alchemist, Bishop, Nobleman, General.
    IV,
    /// Queen and King.
    V,
}

impl fmt::Display for Row {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(match self {
            Row::Jester => "Jester",
            Row::I => "I",
            Row::II => "II",
            Row::III => "III",
            Row::IV => "IV",
            Row::V => "V",
        })
    }
}

/// The text names no card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a card: expected a card name such as guard, hunter or king")]
pub struct ParseCardError;

/// Per card: key, English name, Italian name, row, ability, cost.
const INFO: [(&str, &str, &str, Row, &str, &str); Card::COUNT] = [
    (
        "jester",
        "Jester",
        "Giullare",
        Row::Jester,
        "re-roll one active die",
        "any result",
    ),
    (
        "charlatan",
        "Charlatan",
        "Ciarlatano",
        Row::Jester,
        "one more die at the start of every turn",
        "any result, and turn over your face-up Jester",
    ),
    (
        "farmer",
        "Farmer",
        "Contadino",
        Row::I,
        "one more die at the start of every turn",
        "two equal dice",
    ),
    (
        "maid",
        "Maid",
        "Domestica",
        Row::I,
        "+1, +2 or +3 to one active die (at most 6)",
        "every die odd",
    ),
    (
        "philosopher",
        "Philosopher",
        "Filosofo",
        Row::I,
        "move pips from one active die to another",
        "every die even",
    ),
    (
        "laborer",
        "Laborer",
        "Artigiano",
        Row::I,
        "bring in an active die showing 1",
        "sum 15 or more",
    ),
    (
        "guard",
        "Guard",
        "Guardiano",
        Row::I,
        "bring in an active die showing 2",
        "three equal dice",
    ),
    (
        "astronomer",
        "Astronomer",
        "Astronomo",
        Row::II,
        "one active die takes the face of a die set aside this turn",
        "two pairs (four equal dice count)",
    ),
    (
        "merchant",
        "Merchant",
        "Mercante",
        Row::II,
        "re-roll any number of active dice",
        "sum 20 or more",
    ),
    (
        "hunter",
        "Hunter",
        "Cacciatore",
        Row::II,
        "bring in an active die showing 3",
        "four equal dice",
    ),
    (
        "pawnbroker",
        "Pawnbroker",
        "Banchiere",
        Row::III,
        "bring in an active die showing 4",
        "sum 30 or more",
    ),
    (
        "knight",
        "Knight",
        "Cavaliere",
        Row::III,
        "bring in an active die showing 5",
        "five equal dice",
    ),
    (
        "magician",
        "Magician",
        "Stregone",
        Row::III,
        "turn one active die to any face",
        "1-2-3-4-5 or 2-3-4-5-6",
    ),
    (
        "noblewoman",
        "Noblewoman",
        "Dama di Corte",
        Row::III,
        "+1 to any number of active dice (at most 6)",
        "three equal dice and a pair (five equal dice count)",
    ),
    (
        "alchemist",
        "Alchemist",
        "Alchimista",
        Row::IV,
        "share the pips of three (or two) active dice anew, same sum",
        "1-2-3-4-5-6",
    ),
    (
        "bishop",
        "Bishop",
        "Vescovo",
        Row::IV,
        "bring in an active die showing 6",
        "three pairs (four and two, or six equal dice, count)",
    ),
    (
        "nobleman",
        "Nobleman",
        "Nobiluomo",
        Row::IV,
        "+2 to any number of active dice showing 1 to 4",
        "two triples (six equal dice count)",
    ),
    (
        "general",
        "General",
        "Comandante",
        Row::IV,
        "two more dice at the start of every turn",
        "six equal dice",
    ),
    (
        "queen",
        "Queen",
        "Regina",
        Row::V,
        "bring in an active die showing any face",
        "never bought: comes with the first King",
    ),
    (
        "king",
        "King",
        "Re",
        Row::V,
        "none; buying it starts the end of the game",
        "seven equal dice",
    ),
];

impl Card {
    /// Number of card kinds.
    pub const COUNT: usize = 20;

    /// Every card, in id order.
    pub const ALL: [Card; Card::COUNT] = [
        Card::Jester,
        Card::Charlatan,
        Card::Farmer,
        Card::Maid,
        Card::Philosopher,
        Card::Laborer,
        Card::Guard,
        Card::Astronomer,
        Card::Merchant,
        Card::Hunter,
        Card::Pawnbroker,
        Card::Knight,
        Card::Magician,
        Card::Noblewoman,
        Card::Alchemist,
        Card::Bishop,
        Card::Nobleman,
        Card::General,
        Card::Queen,
        Card::King,
    ];

    /// The seven cards that bring a die into play, in the order of their pre-roll actions:
    /// Laborer, Guard, Hunter, Pawnbroker, Knight, Bishop (faces 1 to 6) and the Queen
    /// (any face).
    pub const ADD_DIE: [Card; 7] = [
        Card::Laborer,
        Card::Guard,
        Card::Hunter,
        Card::Pawnbroker,
        Card::Knight,
        Card::Bishop,
        Card::Queen,
    ];

    /// The id, `0..20`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The card with id `index`, if `index < 20`.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Card> {
        if index < Card::COUNT {
            Some(Card::ALL[index])
        } else {
            None
        }
    }

    /// The lowercase key the notation uses: `"jester"`, `"pawnbroker"`.
    pub const fn key(self) -> &'static str {
        INFO[self as usize].0
    }

    /// The English name: `"Pawnbroker"`.
    pub const fn name(self) -> &'static str {
        INFO[self as usize].1
    }

    /// The Italian name (Amigo's rulebook in Italian): `"Banchiere"`.
    pub const fn italian(self) -> &'static str {
        INFO[self as usize].2
    }

    /// The row (the card's back).
    pub const fn row(self) -> Row {
        INFO[self as usize].3
    }

    /// The ability, in words.
    pub const fn ability(self) -> &'static str {
        INFO[self as usize].4
    }

    /// The cost, in words.
    pub const fn cost(self) -> &'static str {
        INFO[self as usize].5
    }

    /// Copies in the display at the start of a game of `players` (2–5; other counts give
    /// the 5-player display). The Jester has one per player (the Charlatan, its other side,
    /// none of its own); the `unlimited_jesters` variant is the game's business.
    pub const fn copies(self, players: u8) -> u8 {
        let column = match players {
            2 => 0,
            3 => 1,
            4 => 2,
            _ => 3,
        };
        match self.row() {
            Row::Jester => match self {
                Card::Jester => column as u8 + 2,
                _ => 0,
            },
            Row::I => [2, 2, 3, 4][column],
            Row::II => [1, 2, 3, 3][column],
            Row::III | Row::IV => [1, 2, 2, 3][column],
            Row::V => 1,
        }
    }

    /// The face of the die the card brings in: 1 for the Laborer up to 6 for the Bishop.
    /// `None` for every other card, the Queen included (she brings in any face).
    pub const fn brings_in(self) -> Option<Face> {
        match self {
            Card::Laborer => Some(Face::One),
            Card::Guard => Some(Face::Two),
            Card::Hunter => Some(Face::Three),
            Card::Pawnbroker => Some(Face::Four),
            Card::Knight => Some(Face::Five),
            Card::Bishop => Some(Face::Six),
            _ => None,
        }
    }

    /// Whether the card brings a die into play (the seven of [`Card::ADD_DIE`]).
    pub const fn adds_die(self) -> bool {
        matches!(
            self,
            Card::Laborer
                | Card::Guard
                | Card::Hunter
                | Card::Pawnbroker
                | Card::Knight
                | Card::Bishop
                | Card::Queen
        )
    }

    /// Dice the card adds to its owner's hand at the start of every turn: 1 for the Farmer
    /// and each Charlatan, 2 for the General.
    pub const fn extra_dice(self) -> u8 {
        match self {
            Card::Farmer | Card::Charlatan => 1,
            Card::General => 2,
            _ => 0,
        }
    }

    /// Whether `result` pays the printed cost. The Charlatan's cost also needs a face-up
    /// Jester, and the Queen is never bought: the game checks those, here they are `true`
    /// and `false`.
    pub const fn cost_met(self, result: Dice) -> bool {
        let c = result.counts();
        let most = result.largest_group();
        match self {
            Card::Jester | Card::Charlatan => true,
            Card::Farmer => most >= 2,
            Card::Maid => c[1] == 0 && c[3] == 0 && c[5] == 0,
            Card::Philosopher => c[0] == 0 && c[2] == 0 && c[4] == 0,
            Card::Laborer => result.sum() >= 15,
            Card::Guard => most >= 3,
            Card::Astronomer => result.groups(2) >= 2,
            Card::Merchant => result.sum() >= 20,
            Card::Hunter => most >= 4,
            Card::Pawnbroker => result.sum() >= 30,
            Card::Knight => most >= 5,
            Card::Magician => {
                c[1] > 0 && c[2] > 0 && c[3] > 0 && c[4] > 0 && (c[0] > 0 || c[5] > 0)
            }
            Card::Noblewoman => {
                // A triple and a pair of another face, or five of a kind.
                let mut triples = 0;
                let mut pairs = 0;
                let mut i = 0;
                while i < 6 {
                    triples += (c[i] >= 3) as u8;
                    pairs += (c[i] >= 2) as u8;
                    i += 1;
                }
                (triples >= 1 && pairs >= 2) || most >= 5
            }
            Card::Alchemist => c[0] > 0 && c[1] > 0 && c[2] > 0 && c[3] > 0 && c[4] > 0 && c[5] > 0,
            Card::Bishop => result.groups(2) >= 3,
            Card::Nobleman => result.groups(3) >= 2,
            Card::General => most >= 6,
            Card::Queen => false,
            Card::King => most >= 7,
        }
    }
}

/// For a count `n` of one face: `n / 2`, `n / 3`, `n >= 2` and `n >= 3` in 16-bit fields.
static GROUPS_BY_COUNT: [u64; 256] = {
    let mut table = [0; 256];
    let mut n = 0;
    while n < 256 {
        table[n] = (n as u64 / 2)
            | (n as u64 / 3) << 16
            | ((n >= 2) as u64) << 32
            | ((n >= 3) as u64) << 48;
        n += 1;
    }
    table
};

/// The cards whose printed cost `result` pays, as a mask by id: [`Card::cost_met`] for
/// every card at once, the counts read once.
pub(crate) fn costs_met(result: Dice) -> u32 {
    let c = result.counts();
    let present = result.faces_mask();
    let sum = result.sum();
    let most = result.largest_group();
    // Pairs, triples, faces twice and faces thrice: one lookup a face, the four summed
    // at once in 16-bit fields (at most 6 × 127, no carry).
    let groups = c
        .iter()
        .fold(0u64, |g, &n| g + GROUPS_BY_COUNT[usize::from(n)]);
    let pairs = groups as u32 & 0xffff;
    let triples = (groups >> 16) as u32 & 0xffff;
    let twos = (groups >> 32) as u32 & 0xffff;
    let threes = (groups >> 48) as u32 & 0xffff;
    let bit = |card: Card, met: bool| u32::from(met) << card as u32;
    bit(Card::Jester, true)
        | bit(Card::Charlatan, true)
        | bit(Card::Farmer, most >= 2)
        | bit(Card::Maid, present & 0b10_1010 == 0)
        | bit(Card::Philosopher, present & 0b01_0101 == 0)
        | bit(Card::Laborer, sum >= 15)
        | bit(Card::Guard, most >= 3)
        | bit(Card::Astronomer, pairs >= 2)
        | bit(Card::Merchant, sum >= 20)
        | bit(Card::Hunter, most >= 4)
        | bit(Card::Pawnbroker, sum >= 30)
        | bit(Card::Knight, most >= 5)
        | bit(
            Card::Magician,
            present & 0b01_1110 == 0b01_1110 && present & 0b10_0001 != 0,
        )
        | bit(Card::Noblewoman, (threes >= 1 && twos >= 2) || most >= 5)
        | bit(Card::Alchemist, present == 0b11_1111)
        | bit(Card::Bishop, pairs >= 3)
        | bit(Card::Nobleman, triples >= 2)
        | bit(Card::General, most >= 6)
        | bit(Card::King, most >= 7)
}

impl fmt::Display for Card {
    /// The English name; `{:#}` gives the key.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            f.pad(self.key())
        } else {
            f.pad(self.name())
        }
    }
}

impl FromStr for Card {
    type Err = ParseCardError;

    /// Reads a key, an English or an Italian name, in any case.
    fn from_str(text: &str) -> Result<Card, ParseCardError> {
        let text = text.trim();
        Card::ALL
            .into_iter()
            .find(|card| {
                [card.key(), card.name(), card.italian()]
                    .iter()
                    .any(|name| name.eq_ignore_ascii_case(text))
            })
            .ok_or(ParseCardError)
    }
}

/// A set of cards, as a 20-bit mask (bit `i` is the card with id `i`).
///
/// ```
/// use kingup_court::{Card, CardSet};
///
/// let mut cards = CardSet::EMPTY;
/// cards.insert(Card::Guard);
/// cards.insert(Card::Laborer);
/// assert!(cards.contains(Card::Guard));
/// assert_eq!(cards.len(), 2);
/// assert_eq!(cards.to_string(), "{laborer, guard}");
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardSet(u32);

impl CardSet {
    /// No card.
    pub const EMPTY: CardSet = CardSet(0);
    /// Every card.
    pub const ALL: CardSet = CardSet((1 << Card::COUNT) - 1);

    /// The set with mask `bits`, if it names no bit above 19.
    #[inline]
    pub const fn from_bits(bits: u32) -> Option<CardSet> {
        if bits >> Card::COUNT == 0 {
            Some(CardSet(bits))
        } else {
            None
        }
    }

    /// The mask: bit `i` is set when the card with id `i` is in the set.
    #[inline]
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// The set holding only `card`.
    #[inline]
    pub const fn single(card: Card) -> CardSet {
        CardSet(1 << card as u32)
    }

    /// Whether `card` is in the set.
    #[inline]
    pub const fn contains(self, card: Card) -> bool {
        self.0 & 1 << card as u32 != 0
    }

    /// Adds `card`.
    #[inline]
    pub fn insert(&mut self, card: Card) {
        self.0 |= 1 << card as u32;
    }

    /// Removes `card`.
    #[inline]
    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1 << card as u32);
    }

    /// Number of cards in the set.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Cards in both sets.
    #[inline]
    pub const fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    /// Cards in `self` but not in `other`.
    #[inline]
    pub const fn difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// The cards, in id order.
    pub fn iter(self) -> impl Iterator<Item = Card> + Clone {
        let mut mask = self.0;
        core::iter::from_fn(move || {
            let card = Card::from_index(mask.trailing_zeros() as usize)?;
            mask &= mask - 1;
            Some(card)
        })
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(cards: I) -> CardSet {
        cards.into_iter().fold(CardSet::EMPTY, |mut set, card| {
            set.insert(card);
            set
        })
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardSet({self})")
    }
}

impl fmt::Display for CardSet {
    /// The keys in id order: `{laborer, guard}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, card) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(card.key())?;
        }
        f.write_str("}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn displays_hold_the_rulebook_counts() {
        // R2: 25, 37, 46 and 60 cards for 2 to 5 players.
        for (players, total) in [(2, 25), (3, 37), (4, 46), (5, 60)] {
            let sum: u32 = Card::ALL.iter().map(|c| u32::from(c.copies(players))).sum();
            assert_eq!(sum, total, "{players} players");
        }
    }

    #[test]
    fn costs_met_is_cost_met_for_every_card() {
        for code in 0..4096u32 {
            // Up to three dice of each face: every pattern a cost tells apart, and more.
            let dice = Dice::from_counts(core::array::from_fn(|f| (code >> (2 * f) & 3) as u8));
            for extra in [0u8, 4] {
                let dice = dice.plus(Dice::from_counts([extra, 0, 0, 0, 0, 0]));
                let mask = costs_met(dice);
                for card in Card::ALL {
                    assert_eq!(
                        mask >> card.index() & 1 == 1,
                        card.cost_met(dice),
                        "{card} {dice}"
                    );
                }
            }
        }
    }

    #[test]
    fn names_parse_back() {
        for card in Card::ALL {
            assert_eq!(Card::from_index(card.index()), Some(card));
            for name in [card.key(), card.name(), card.italian()] {
                assert_eq!(name.parse(), Ok(card));
                assert_eq!(name.to_uppercase().parse(), Ok(card));
            }
        }
        assert_eq!("fool".parse::<Card>(), Err(ParseCardError));
        assert_eq!(Card::from_index(20), None);
        assert_eq!(CardSet::from_bits(1 << 20), None);
    }
}
