//! Search: finds the best decision for the side to move, generic over the variant's [`Rules`].
//! This module owns the limits a caller sets, the reports it streams (`info` lines) and the
//! [`Searcher`] that keeps state (hash table, threads) between searches.

mod alphabeta;
mod limits;

pub use limits::{Clock, Limits};

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::moves::Move;
use crate::position::Position;
use crate::rules::Rules;

/// Score of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Centipawns(i32),
    /// Mate in this many moves (positive: the side to move mates; negative: it is mated).
    Mate(i32),
}

/// What a search reports while it runs (an `info` line).
#[derive(Clone, Debug)]
pub struct Report {
    pub depth: u32,
    pub seldepth: u32,
    pub score: Score,
    pub nodes: u64,
    pub time: Duration,
    pub hashfull: u32,
    pub pv: Vec<Move>,
}

impl Report {
    pub fn nps(&self) -> u64 {
        let micros = self.time.as_micros().max(1) as u64;
        self.nodes.saturating_mul(1_000_000) / micros
    }
}

/// The answer of a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play (`Move::NULL` if there is no legal move).
    pub best: Move,
    /// The expected reply, for pondering.
    pub ponder: Option<Move>,
    pub nodes: u64,
    pub depth: u32,
}

/// State that outlives one search: hash table size, thread count.
#[derive(Debug)]
pub struct Searcher {
    hash_mb: usize,
    threads: usize,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new(16, 1)
    }
}

impl Searcher {
    pub fn new(hash_mb: usize, threads: usize) -> Searcher {
        Searcher {
            hash_mb: hash_mb.max(1),
            threads: threads.max(1),
        }
    }

    /// Resizes the transposition table (MiB).
    pub fn set_hash(&mut self, hash_mb: usize) {
        self.hash_mb = hash_mb.max(1);
    }

    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Forgets everything learnt in earlier searches (new game, `Clear Hash`).
    pub fn clear(&mut self) {}

    /// Searches `root` within `limits` until done or `stop` is set. `history` holds the hashes
    /// of earlier positions since the last irreversible move (for repetition), the root's last.
    pub fn search<R: Rules>(
        &mut self,
        rules: &R,
        root: &Position<R>,
        history: &[u64],
        limits: &Limits,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&Report),
    ) -> SearchResult {
        alphabeta::search(rules, root, history, limits, stop, report)
    }
}
