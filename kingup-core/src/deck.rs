//! The deck of objective cards.

use core::fmt;

use crate::{CharacterSet, Objective};

/// The position of a card in its game's [`Deck`], `0..deck.len()`.
///
/// Card ids are what the engine deals, reveals and records; [`Deck::get`] turns one into
/// its [`Objective`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CardId(u8);

impl CardId {
    /// The id of card number `index`, if `index < Deck::MAX`.
    #[inline]
    pub const fn new(index: usize) -> Option<CardId> {
        if index < Deck::MAX {
            Some(CardId(index as u8))
        } else {
            None
        }
    }

    /// The card number, `0..Deck::MAX`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// The objective cards a game deals from: the balanced deck by default, or a custom one.
///
/// The rulebooks do not publish the 26 printed cards, so the default is the *balanced
/// deck*: for `s` in `0..13`, card `s` holds `{(q + s) mod 13 : q in {1,3,4,9,10,12}}` and
/// card `13 + s` holds `{(q + s) mod 13 : q in {2,5,6,7,8,11}}`. Every character is on
/// exactly 12 cards and every pair of characters shares exactly 5.
///
/// ```
/// use kingup_core::{Character, CardId, Deck, Objective};
///
/// let deck = Deck::balanced();
/// assert_eq!(deck.len(), 26);
/// let first = deck.get(CardId::new(0).unwrap()).unwrap();
/// assert_eq!(first.to_string(), "BDEMNP");
///
/// let custom = Deck::new(&[Objective::from_letters("ABCDEF")?; 18])?;
/// assert_eq!(custom.len(), 18);
/// assert!(Deck::new(&[]).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Deck {
    cards: [Objective; Deck::MAX],
    len: u8,
}

/// Why a list of objectives is not a deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DeckError {
    /// A deck holds `1..=Deck::MAX` cards.
    #[error("a deck holds 1 to {max} cards, found {found}", max = Deck::MAX)]
    WrongSize {
        /// How many cards were given.
        found: usize,
    },
}

impl Deck {
    /// The most cards a deck may hold (it keeps the game state small: the used cards
    /// fit a 32-bit mask).
    pub const MAX: usize = 32;

    /// Cards in the balanced deck, as in the boxed game.
    pub const BALANCED_LEN: usize = 26;

    const RESIDUES: [u8; 6] = [1, 3, 4, 9, 10, 12];
    const NON_RESIDUES: [u8; 6] = [2, 5, 6, 7, 8, 11];

    /// The default balanced deck of 26 cards (see the type's docs).
    pub const fn balanced() -> Deck {
        Deck::BALANCED
    }

    /// Built at compile time, so games do not rebuild it.
    const BALANCED: Deck = Deck::build_balanced();

    const fn build_balanced() -> Deck {
        let mut cards = [Deck::card(&Deck::RESIDUES, 0); Deck::MAX];
        let mut s = 0;
        while s < 13 {
            cards[s] = Deck::card(&Deck::RESIDUES, s as u8);
            cards[13 + s] = Deck::card(&Deck::NON_RESIDUES, s as u8);
            s += 1;
        }
        Deck {
            cards,
            len: Deck::BALANCED_LEN as u8,
        }
    }

    const fn card(base: &[u8; 6], shift: u8) -> Objective {
        let mut bits = 0u16;
        let mut i = 0;
        while i < base.len() {
            bits |= 1 << ((base[i] + shift) % 13);
            i += 1;
        }
        match CharacterSet::from_bits(bits) {
            Some(set) => match Objective::from_set(set) {
                Ok(objective) => objective,
                Err(_) => panic!("six distinct residues"),
            },
            None => panic!("residues are below 13"),
        }
    }

    /// A custom deck of the given cards, in order; `1..=Deck::MAX` of them.
    pub fn new(cards: &[Objective]) -> Result<Deck, DeckError> {
        if cards.is_empty() || cards.len() > Deck::MAX {
            return Err(DeckError::WrongSize { found: cards.len() });
        }
        let mut deck = Deck {
            cards: [cards[0]; Deck::MAX],
            len: cards.len() as u8,
        };
        deck.cards[..cards.len()].copy_from_slice(cards);
        Ok(deck)
    }

    /// Number of cards.
    #[inline]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Always false: a deck holds at least one card.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The card with id `card`, if the deck has it.
    #[inline]
    pub fn get(&self, card: CardId) -> Option<Objective> {
        self.cards().get(card.index()).copied()
    }

    /// The cards, in id order.
    #[inline]
    pub fn cards(&self) -> &[Objective] {
        &self.cards[..self.len as usize]
    }

    /// Whether this is the default balanced deck.
    pub fn is_balanced(&self) -> bool {
        *self == Deck::balanced()
    }
}

impl Default for Deck {
    fn default() -> Deck {
        Deck::balanced()
    }
}

impl fmt::Debug for Deck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.cards()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Character;
    use std::string::ToString;

    #[test]
    fn balanced_deck_is_balanced() {
        let deck = Deck::balanced();
        assert_eq!(deck.len(), 26);
        for c in Character::ALL {
            let on = deck.cards().iter().filter(|o| o.contains(c)).count();
            assert_eq!(on, 12, "{c} is on 12 cards");
        }
        for a in Character::ALL {
            for b in Character::ALL.into_iter().filter(|&b| b > a) {
                let both = deck
                    .cards()
                    .iter()
                    .filter(|o| o.contains(a) && o.contains(b))
                    .count();
                assert_eq!(both, 5, "{a} and {b} share 5 cards");
            }
        }
        assert_eq!(deck.cards()[13].to_string(), "CFGILO");
        assert!(deck.is_balanced());
    }

    #[test]
    fn custom_decks_are_bounded() {
        let o = Objective::from_letters("ABCDEF").unwrap();
        assert_eq!(Deck::new(&[o; 33]), Err(DeckError::WrongSize { found: 33 }));
        let deck = Deck::new(&[o; 32]).unwrap();
        assert_eq!(deck.get(CardId::new(31).unwrap()), Some(o));
        let small = Deck::new(&[o; 3]).unwrap();
        assert_eq!(small.get(CardId::new(3).unwrap()), None);
        assert!(!small.is_balanced());
    }
}
