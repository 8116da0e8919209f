//! The transposition table shared by every search thread: a lock-free array of entries, each two
//! atomic words (the key XOR the data, and the data), so a torn read from a racing writer fails
//! the key check and reads as a miss. No lock, no `unsafe`.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::moves::Move;

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value is at most the score (all moves failed low).
    Upper = 1,
    /// The true value is at least the score (a move failed high).
    Lower = 2,
    /// The score is exact (a principal variation node).
    Exact = 3,
}

/// One entry as read from the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub best: Move,
    pub score: i32,
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
}

/// Data layout: move 20 bits | score 16 | eval 16 | depth 7 | bound 2 | age 3.
const MOVE_BITS: u32 = 20;
const AGE_MASK: u64 = 7;

/// Moves are packed into 20 bits: from 6, to 6, flag 4, kind 4 (at most 12 kinds).
fn pack_move(mv: Move) -> u64 {
    let bits = mv.to_bits();
    if bits >> 20 != 0 {
        // A kind that does not fit (never one of the board's 12): store no move.
        return 0;
    }
    u64::from((bits & 0xFFFF) | (((bits >> 16) & 0xF) << 16))
}

fn unpack_move(bits: u64) -> Move {
    let bits = bits as u32;
    Move::from_bits((bits & 0xFFFF) | (((bits >> 16) & 0xF) << 16)).unwrap_or(Move::NULL)
}

impl Entry {
    fn pack(&self, age: u8) -> u64 {
        let score = self.score.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16 as u64;
        let eval = self.eval.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16 as u64;
        let depth = self.depth.clamp(0, 127) as u64;
        pack_move(self.best)
            | (score << MOVE_BITS)
            | (eval << (MOVE_BITS + 16))
            | (depth << (MOVE_BITS + 32))
            | ((self.bound as u64) << (MOVE_BITS + 39))
            | ((u64::from(age) & AGE_MASK) << (MOVE_BITS + 41))
    }

    fn unpack(data: u64) -> Option<Entry> {
        let bound = match (data >> (MOVE_BITS + 39)) & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => return None,
        };
        Some(Entry {
            best: unpack_move(data & ((1 << MOVE_BITS) - 1)),
            score: ((data >> MOVE_BITS) & 0xFFFF) as u16 as i16 as i32,
            eval: ((data >> (MOVE_BITS + 16)) & 0xFFFF) as u16 as i16 as i32,
            depth: ((data >> (MOVE_BITS + 32)) & 127) as i32,
            bound,
        })
    }
}

fn age_of(data: u64) -> u8 {
    ((data >> (MOVE_BITS + 41)) & AGE_MASK) as u8
}

fn depth_of(data: u64) -> i32 {
    ((data >> (MOVE_BITS + 32)) & 127) as i32
}

struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// The shared hash table. Sized in MiB; every thread reads and writes it concurrently.
pub struct Transposition {
    slots: Vec<Slot>,
    age: u8,
}

impl std::fmt::Debug for Transposition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Transposition")
            .field("slots", &self.slots.len())
            .field("age", &self.age)
            .finish()
    }
}

impl Transposition {
    /// A table of about `megabytes` MiB.
    pub fn new(megabytes: usize) -> Transposition {
        let count = (megabytes.max(1) << 20) / std::mem::size_of::<Slot>();
        let mut slots = Vec::with_capacity(count);
        slots.resize_with(count, || Slot {
            check: AtomicU64::new(0),
            data: AtomicU64::new(0),
        });
        Transposition { slots, age: 0 }
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        for slot in &mut self.slots {
            *slot.check.get_mut() = 0;
            *slot.data.get_mut() = 0;
        }
        self.age = 0;
    }

    /// Marks the start of a new search: older entries become cheaper to replace.
    pub fn new_search(&mut self) {
        self.age = (self.age + 1) & AGE_MASK as u8;
    }

    #[inline]
    fn slot(&self, key: u64) -> &Slot {
        let index = ((u128::from(key) * self.slots.len() as u128) >> 64) as usize;
        &self.slots[index]
    }

    /// The entry stored for `key`, if any (and not torn by a concurrent write).
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = self.slot(key);
        let data = slot.data.load(Ordering::Relaxed);
        let check = slot.check.load(Ordering::Relaxed);
        if check ^ data != key {
            return None;
        }
        Entry::unpack(data)
    }

    /// Stores an entry for `key`, replacing what is there when that is older, shallower or
    /// about another position. A move-less store keeps the move already known for the key.
    #[inline]
    pub fn store(&self, key: u64, mut entry: Entry) {
        let slot = self.slot(key);
        let old_data = slot.data.load(Ordering::Relaxed);
        let old_check = slot.check.load(Ordering::Relaxed);
        let same = old_check ^ old_data == key;
        if same && entry.best.is_null() {
            entry.best = unpack_move(old_data & ((1 << MOVE_BITS) - 1));
        }
        let replace = !same
            || entry.bound == Bound::Exact
            || age_of(old_data) != self.age
            || entry.depth + 3 >= depth_of(old_data);
        if !replace && old_data != 0 {
            return;
        }
        let data = entry.pack(self.age);
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(key ^ data, Ordering::Relaxed);
    }

    /// Per mille of a sample of entries written during the current search.
    pub fn hashfull(&self) -> u32 {
        let sample = self.slots.len().min(1000);
        let used = self.slots[..sample]
            .iter()
            .filter(|slot| {
                let data = slot.data.load(Ordering::Relaxed);
                data != 0 && age_of(data) == self.age
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Square;

    #[test]
    fn entries_round_trip() {
        let table = Transposition::new(1);
        let entry = Entry {
            best: Move::normal(Square::E2, Square::E4),
            score: -31_000,
            eval: 123,
            depth: 17,
            bound: Bound::Lower,
        };
        table.store(0xDEAD_BEEF_1234_5678, entry);
        assert_eq!(table.probe(0xDEAD_BEEF_1234_5678), Some(entry));
        assert_eq!(table.probe(0xDEAD_BEEF_1234_5679), None);
    }

    #[test]
    fn a_torn_entry_reads_as_a_miss() {
        let table = Transposition::new(1);
        let key = 42;
        let entry = Entry {
            best: Move::NULL,
            score: 5,
            eval: 5,
            depth: 3,
            bound: Bound::Exact,
        };
        table.store(key, entry);
        let slot = table.slot(key);
        slot.data.fetch_xor(1 << 30, Ordering::Relaxed);
        assert_eq!(table.probe(key), None);
    }
}
