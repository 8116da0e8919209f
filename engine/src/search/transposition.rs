//! The transposition table shared by every search thread: a lock-free array of cache-line buckets
//! of four entries, each two atomic words (the key XOR the data, and the data), so a torn read
//! from a racing writer fails the key check and reads as a miss. No lock, and no `unsafe`
//! but the cache hint of [`Transposition::prefetch`].

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

impl Bound {
    /// What the best value a search found says about the true value, the search having
    /// begun with the window `alpha..beta`: at least it when a move reached `beta`, exactly
    /// it when it raised `alpha`, at most it when every move failed low.
    #[inline]
    pub fn of_search(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
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

impl Slot {
    fn empty() -> Slot {
        Slot {
            check: AtomicU64::new(0),
            data: AtomicU64::new(0),
        }
    }
}

/// Entries per bucket: four 16-byte slots fill one 64-byte cache line, so a probe costs one
/// memory fetch and a store can choose which of four positions to forget.
const BUCKET_SLOTS: usize = 4;

/// One cache line of slots; a key may live in any slot of its bucket.
#[repr(align(64))]
struct Bucket {
    slots: [Slot; BUCKET_SLOTS],
}

/// The shared hash table. Sized in MiB; every thread reads and writes it concurrently.
pub struct Transposition {
    buckets: Vec<Bucket>,
    age: u8,
}

impl std::fmt::Debug for Transposition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Transposition")
            .field("buckets", &self.buckets.len())
            .field("age", &self.age)
            .finish()
    }
}

/// Why a table of the asked size could not be made; the caller keeps its old table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    /// More than the machine has free now (MiB asked, MiB available), so filling it would
    /// swap or wake the out-of-memory killer instead of failing cleanly.
    MoreThanAvailable { asked: usize, available: usize },
    /// The allocator refused the size (MiB asked).
    AllocationFailed { asked: usize },
}

impl std::fmt::Display for TableError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TableError::MoreThanAvailable { asked, available } => write!(
                f,
                "a hash table of {asked} MiB is more than the {available} MiB of memory available"
            ),
            TableError::AllocationFailed { asked } => {
                write!(f, "the system refused {asked} MiB for the hash table")
            }
        }
    }
}

impl std::error::Error for TableError {}

/// Memory this process may still take, in bytes, where the system says (Linux: the kernel's
/// estimate of available memory, lowered by a cgroup limit if one is set). `None` elsewhere:
/// the allocator's answer is then the only check.
pub fn available_memory() -> Option<u64> {
    fn meminfo_available() -> Option<u64> {
        let text = std::fs::read_to_string("/proc/meminfo").ok()?;
        let line = text
            .lines()
            .find(|line| line.starts_with("MemAvailable:"))?;
        let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kib * 1024)
    }
    fn cgroup_room() -> Option<u64> {
        let read =
            |path: &str| -> Option<u64> { std::fs::read_to_string(path).ok()?.trim().parse().ok() };
        let limit = read("/sys/fs/cgroup/memory.max")?;
        let used = read("/sys/fs/cgroup/memory.current").unwrap_or(0);
        Some(limit.saturating_sub(used))
    }
    match (meminfo_available(), cgroup_room()) {
        (Some(free), Some(room)) => Some(free.min(room)),
        (free, room) => free.or(room),
    }
}

/// Asks Linux to back the table's (still untouched) memory with 2 MiB pages. Every probe
/// lands on a random bucket, so with 4 KiB pages nearly each one also misses the processor's
/// address-translation cache; with 2 MiB pages a 16 MiB table needs about eight
/// translations rather than four thousand. Only advice: where the kernel declines, the table
/// works as before.
fn advise_huge_pages(buckets: &Vec<Bucket>) {
    #[cfg(target_os = "linux")]
    {
        const HUGE_PAGE: usize = 2 << 20;
        let start = buckets.as_ptr() as usize;
        let end = start + buckets.capacity() * std::mem::size_of::<Bucket>();
        // madvise needs a page-aligned start; the 2 MiB-aligned inside of the block is all
        // a huge page can cover anyway.
        let aligned_start = start.next_multiple_of(HUGE_PAGE);
        let aligned_end = end / HUGE_PAGE * HUGE_PAGE;
        if aligned_end > aligned_start {
            // SAFETY: the range lies inside the vector's own allocation, and MADV_HUGEPAGE
            // changes only how the kernel backs those pages, never their contents.
            unsafe {
                libc::madvise(
                    aligned_start as *mut libc::c_void,
                    aligned_end - aligned_start,
                    libc::MADV_HUGEPAGE,
                );
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = buckets;
}

impl Transposition {
    /// A table of about `megabytes` MiB. Panics only if even that cannot be allocated; sizes
    /// that come from outside go through [`Transposition::try_new`].
    pub fn new(megabytes: usize) -> Transposition {
        match Transposition::try_new(megabytes) {
            Ok(table) => table,
            Err(error) => panic!("{error}"),
        }
    }

    /// A table of about `megabytes` MiB, or an error when the machine cannot give that much:
    /// the size is checked against the memory available, then allocated fallibly, so a GUI's
    /// `Hash` option can never abort the process.
    pub fn try_new(megabytes: usize) -> Result<Transposition, TableError> {
        let megabytes = megabytes.max(1);
        let bytes = megabytes.checked_mul(1 << 20);
        if let (Some(bytes), Some(available)) = (bytes, available_memory())
            && bytes as u64 > available
        {
            return Err(TableError::MoreThanAvailable {
                asked: megabytes,
                available: (available >> 20) as usize,
            });
        }
        let bytes = bytes.ok_or(TableError::AllocationFailed { asked: megabytes })?;
        let count = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let mut buckets = Vec::new();
        buckets
            .try_reserve_exact(count)
            .map_err(|_| TableError::AllocationFailed { asked: megabytes })?;
        advise_huge_pages(&buckets);
        buckets.resize_with(count, || Bucket {
            slots: std::array::from_fn(|_| Slot::empty()),
        });
        Ok(Transposition { buckets, age: 0 })
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        for slot in self.buckets.iter_mut().flat_map(|bucket| &mut bucket.slots) {
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
    fn bucket(&self, key: u64) -> &Bucket {
        let index = ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index]
    }

    /// Starts loading `key`'s bucket into the cache without waiting for it: the bucket is
    /// almost never cached already, so a probe right after a move stalls on memory, while
    /// one issued after the child's other early work finds the line there.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let bucket: *const Bucket = self.bucket(key);
            // SAFETY: a prefetch is only a hint: it reads nothing the program sees and cannot
            // fault, and SSE, which it needs, is part of every x86-64 processor.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry stored for `key`, if any (and not torn by a concurrent write).
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.bucket(key).slots.iter().find_map(|slot| {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            (check ^ data == key).then(|| Entry::unpack(data)).flatten()
        })
    }

    /// How many searches ago an entry was written (0 for this one).
    fn staleness(&self, data: u64) -> i32 {
        i32::from(self.age.wrapping_sub(age_of(data)) & AGE_MASK as u8)
    }

    /// Stores an entry for `key`. The key's own slot is overwritten unless it holds a much
    /// deeper result of this search (an exact score always wins); otherwise the bucket's
    /// least valuable slot goes: empty first, then the shallowest, older searches counting as
    /// shallower. A move-less store keeps the move already known for the key.
    #[inline]
    pub fn store(&self, key: u64, mut entry: Entry) {
        let bucket = self.bucket(key);
        let mut victim = &bucket.slots[0];
        let mut victim_worth = i32::MAX;
        for slot in &bucket.slots {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            if check ^ data == key {
                if entry.best.is_null() {
                    entry.best = unpack_move(data & ((1 << MOVE_BITS) - 1));
                }
                let replace = entry.bound == Bound::Exact
                    || age_of(data) != self.age
                    || entry.depth + 3 >= depth_of(data);
                if replace {
                    Self::write(slot, key, entry.pack(self.age));
                }
                return;
            }
            let worth = if data == 0 {
                i32::MIN
            } else {
                depth_of(data) - 8 * self.staleness(data)
            };
            if worth < victim_worth {
                victim = slot;
                victim_worth = worth;
            }
        }
        Self::write(victim, key, entry.pack(self.age));
    }

    #[inline]
    fn write(slot: &Slot, key: u64, data: u64) {
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(key ^ data, Ordering::Relaxed);
    }

    /// Per mille of a sample of entries written during the current search.
    pub fn hashfull(&self) -> u32 {
        let sample = self.buckets.len().min(250);
        let used = self.buckets[..sample]
            .iter()
            .flat_map(|bucket| &bucket.slots)
            .filter(|slot| {
                let data = slot.data.load(Ordering::Relaxed);
                data != 0 && age_of(data) == self.age
            })
            .count();
        (used * 1000 / (sample * BUCKET_SLOTS).max(1)) as u32
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
        let slot = table
            .bucket(key)
            .slots
            .iter()
            .find(|slot| slot.data.load(Ordering::Relaxed) != 0)
            .expect("stored");
        slot.data.fetch_xor(1 << 30, Ordering::Relaxed);
        assert_eq!(table.probe(key), None);
    }

    #[test]
    fn a_deep_entry_survives_shallow_neighbours_in_its_bucket() {
        let table = Transposition::new(1);
        // Small keys all map to the first bucket.
        let entry = |depth| Entry {
            best: Move::NULL,
            score: 0,
            eval: 0,
            depth,
            bound: Bound::Lower,
        };
        table.store(1, entry(20));
        for key in 2..=9 {
            table.store(key, entry(1));
        }
        assert_eq!(table.probe(1).map(|found| found.depth), Some(20));
        assert_eq!(table.probe(9).map(|found| found.depth), Some(1));
    }
}
