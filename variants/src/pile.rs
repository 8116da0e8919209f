//! A pile of cards in order, held in a fixed array so positions copy without allocating: what
//! Booster's piles, Secret Chesswords' hands and stack, and Neighbour's piles are made of.
//! Equality and hash look at the cards held only (the array beyond the length is scratch).

use std::fmt;
use std::hash::{Hash, Hasher};

/// Up to `N` cards of kind `T`, in order (which end is the top is the game's to say).
#[derive(Clone, Copy)]
pub struct Pile<T: Copy + Default, const N: usize> {
    cards: [T; N],
    len: u8,
}

impl<T: Copy + Default, const N: usize> Default for Pile<T, N> {
    fn default() -> Self {
        Pile {
            cards: [T::default(); N],
            len: 0,
        }
    }
}

impl<T: Copy + Default + PartialEq, const N: usize> PartialEq for Pile<T, N> {
    fn eq(&self, other: &Self) -> bool {
        self.cards() == other.cards()
    }
}

impl<T: Copy + Default + Eq, const N: usize> Eq for Pile<T, N> {}

impl<T: Copy + Default + Hash, const N: usize> Hash for Pile<T, N> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.cards().hash(state);
    }
}

impl<T: Copy + Default + fmt::Debug, const N: usize> fmt::Debug for Pile<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.cards()).finish()
    }
}

impl<T: Copy + Default, const N: usize> Pile<T, N> {
    /// The cards held, first to last.
    pub fn cards(&self) -> &[T] {
        &self.cards[..usize::from(self.len)]
    }

    /// The cards held, to change in place (turn face down, shuffle, fill in).
    pub fn cards_mut(&mut self) -> &mut [T] {
        &mut self.cards[..usize::from(self.len)]
    }

    pub fn iter(&self) -> impl Iterator<Item = T> + '_ {
        self.cards().iter().copied()
    }

    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Puts a card at the end; a full pile stays as it is.
    pub fn push(&mut self, card: T) {
        if self.len() < N {
            self.cards[self.len()] = card;
            self.len += 1;
        }
    }

    /// Puts a card first, before the others; a full pile loses its last card.
    pub fn put_first(&mut self, card: T) {
        let kept = self.len().min(N - 1);
        self.cards.copy_within(..kept, 1);
        self.cards[0] = card;
        self.len = kept as u8 + 1;
    }

    /// Takes the first card.
    pub fn take_first(&mut self) -> Option<T> {
        let first = *self.cards().first()?;
        self.remove_at(0);
        Some(first)
    }

    /// Takes the last card away (a view's spend, where which card goes is unknown and never
    /// matters).
    pub fn drop_last(&mut self) {
        self.len = self.len.saturating_sub(1);
    }

    fn remove_at(&mut self, index: usize) {
        let len = self.len();
        self.cards.copy_within(index + 1..len, index);
        self.len -= 1;
    }
}

impl<T: Copy + Default + PartialEq, const N: usize> Pile<T, N> {
    pub fn contains(&self, card: T) -> bool {
        self.cards().contains(&card)
    }

    /// Takes the first copy of `card` out, wherever it is; false if there is none.
    pub fn take(&mut self, card: T) -> bool {
        match self.cards().iter().position(|c| *c == card) {
            Some(index) => {
                self.remove_at(index);
                true
            }
            None => false,
        }
    }
}
