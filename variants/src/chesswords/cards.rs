//! The 24 piece cards of Secret Chesswords (per colour K, Q, 2 R, 2 N, 6 P) and the ordered
//! card lists that hands and the draw stack are, with `?` for a card a view does not see.

use std::fmt;

use amity_engine::orthodox::{KING, KNIGHT, PAWN, QUEEN, ROOK};
use amity_engine::{Color, Kind};

use crate::pile::Pile;

/// The kinds in card-index order (the orthodox kind numbers; the bishop slot is never dealt).
const SYMBOLS: [char; 6] = ['P', 'N', 'B', 'R', 'Q', 'K'];

/// A card: White's kinds are 0-5, Black's 6-11 (by orthodox kind number), 12 is a card the
/// viewer does not see.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Card(u8);

/// The unknown card of a view.
pub const HIDDEN: Card = Card(12);

impl Card {
    pub fn new(color: Color, kind: Kind) -> Card {
        let base = if color == Color::White { 0 } else { 6 };
        Card(base + kind.index() as u8)
    }

    /// The known card numbered `index` (0-11).
    pub fn from_index(index: usize) -> Option<Card> {
        (index < 12).then_some(Card(index as u8))
    }

    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The index of a known card; `None` for `?`.
    pub fn known_index(self) -> Option<usize> {
        (self.0 < 12).then_some(self.index())
    }

    pub fn is_hidden(self) -> bool {
        self == HIDDEN
    }

    /// The card's colour; `None` for `?`.
    pub fn color(self) -> Option<Color> {
        match self.0 {
            0..6 => Some(Color::White),
            6..12 => Some(Color::Black),
            _ => None,
        }
    }

    /// The piece kind the card names; `None` for `?`.
    pub fn kind(self) -> Option<Kind> {
        (self.0 < 12).then(|| Kind::new(self.0 % 6))
    }

    /// Reads a card letter (`P`, `n`, `K`...) or `?`.
    pub fn from_char(c: char) -> Option<Card> {
        if c == '?' {
            return Some(HIDDEN);
        }
        let kind = SYMBOLS.iter().position(|s| *s == c.to_ascii_uppercase())?;
        if kind == 2 {
            return None;
        }
        let base = if c.is_ascii_uppercase() { 0 } else { 6 };
        Some(Card(base + kind as u8))
    }

    /// How many of this card the deck holds.
    pub fn deck_count(self) -> u8 {
        match self.kind() {
            Some(kind) if kind == PAWN => 6,
            Some(kind) if kind == KNIGHT || kind == ROOK => 2,
            Some(kind) if kind == QUEEN || kind == KING => 1,
            _ => 0,
        }
    }

    /// Every known card once, White's first.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..12).map(Card).filter(|c| c.deck_count() > 0)
    }

    /// The 24 cards of the deck in a fixed order.
    pub fn deck() -> Vec<Card> {
        Card::all()
            .flat_map(|card| std::iter::repeat_n(card, usize::from(card.deck_count())))
            .collect()
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_hidden() {
            return f.write_str("?");
        }
        let symbol = SYMBOLS[self.index() % 6];
        let letter = if self.0 < 6 {
            symbol
        } else {
            symbol.to_ascii_lowercase()
        };
        write!(f, "{letter}")
    }
}

/// Most cards a list can hold: the whole deck.
pub const MAX_CARDS: usize = 24;

/// An ordered list of cards: a hand in the order written, the stack top first.
pub type CardList = Pile<Card, MAX_CARDS>;

impl fmt::Display for CardList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for card in self.iter() {
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

impl CardList {
    /// Reads card letters (`PnRp`, `??`); `None` if one is no card or there are too many.
    pub fn parse(text: &str) -> Option<CardList> {
        let mut list = CardList::default();
        for c in text.chars() {
            if list.len() == MAX_CARDS {
                return None;
            }
            list.push(Card::from_char(c)?);
        }
        Some(list)
    }

    pub fn has_hidden(&self) -> bool {
        self.contains(HIDDEN)
    }

    /// Turns every card into `?` (what a view shows of a hand it does not hold).
    pub fn hide(&mut self) {
        self.cards_mut().fill(HIDDEN);
    }

    /// Replaces each `?` with the next card of `pool` (a sampled world); a `?` left when the
    /// pool runs dry stays.
    pub fn fill_hidden(&mut self, pool: &mut Vec<Card>) {
        for card in self.cards_mut() {
            if card.is_hidden()
                && let Some(drawn) = pool.pop()
            {
                *card = drawn;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_read_and_write_their_letters() {
        let list = CardList::parse("PnRpKq?").unwrap();
        assert_eq!(list.to_string(), "PnRpKq?");
        assert!(list.has_hidden());
        assert!(CardList::parse("PB").is_none(), "no bishop cards");
        assert!(CardList::parse("Px").is_none());
        assert_eq!(Card::deck().len(), 24);
    }

    #[test]
    fn removing_takes_the_first_copy_and_keeps_order() {
        let mut list = CardList::parse("PnPp").unwrap();
        assert!(list.take(Card::from_char('P').unwrap()));
        assert_eq!(list.to_string(), "nPp");
        assert!(!list.take(Card::from_char('K').unwrap()));
        assert_eq!(list.take_first(), Card::from_char('n'));
        assert_eq!(list.to_string(), "Pp");
    }
}
