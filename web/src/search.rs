//! Amity's searches for the page: a bounded pool of workers, each job searched with a
//! searcher of its own, so a deep search in one room never holds up a shallow one in another.
//! Every job carries a stop flag (a person's `cancel`) and the time cap of
//! [`crate::room::SEARCH_TIME_CAP`].

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use amity_engine::search::Searcher;
use tokio::sync::Semaphore;
use tokio::task::JoinHandle;

use crate::room::{AmityAnswer, AmityJob};

/// Searches that run at once; more wait for a worker. Each search is one thread, so a few
/// more than the cores keep shallow answers coming while deep ones run.
pub const SEARCH_WORKERS: usize = 4;

/// The table of a shallow search (MB). A worker forgets its table whenever it searches
/// another room than the last, which with many rooms is nearly every job: clearing 16 MB
/// took longer than the depth-1 search itself (about 2 ms against 0.25 ms under the load
/// test), and a shallow search fills only a few of its entries.
const SHALLOW_HASH_MB: usize = 1;

/// The table of a search deeper than [`SHALLOW_DEPTH`] (MB). It is made for the job and
/// shrunk back to [`SHALLOW_HASH_MB`] after, so idle workers hold no deep tables: the
/// server's memory returns to what it was when the deep games are over.
const DEEP_HASH_MB: usize = 16;

/// The deepest search that is given the shallow table.
const SHALLOW_DEPTH: u32 = 4;

/// The table size for a search to `depth`.
fn hash_for(depth: u32) -> usize {
    if depth <= SHALLOW_DEPTH {
        SHALLOW_HASH_MB
    } else {
        DEEP_HASH_MB
    }
}

/// A searcher and the room it last searched for: what it learnt of one game (its table) is
/// forgotten before it searches another, which may be another variant.
struct GameSearcher {
    searcher: Searcher,
    room: Option<u64>,
}

impl GameSearcher {
    fn new() -> GameSearcher {
        GameSearcher {
            searcher: Searcher::new(SHALLOW_HASH_MB, 1),
            room: None,
        }
    }

    fn think(&mut self, job: AmityJob) -> AmityAnswer {
        let hash = hash_for(job.depth());
        if self.searcher.hash_mb() != hash {
            // A fresh table, which the room check below then clears with the rest: when it
            // cannot be had, the search goes on with the table it has.
            let _ = self.searcher.set_hash(hash);
            self.room = None;
        }
        if self.room != Some(job.room) {
            self.searcher.clear();
            self.room = Some(job.room);
        }
        let answer = job.think(&mut self.searcher);
        if self.searcher.hash_mb() != SHALLOW_HASH_MB {
            let _ = self.searcher.set_hash(SHALLOW_HASH_MB);
            self.room = None;
        }
        answer
    }
}

/// At most [`SEARCH_WORKERS`] searches at once, each on a blocking thread with a searcher no
/// other search holds meanwhile. Idle searchers are kept for the next jobs.
#[derive(Clone)]
pub struct SearchPool {
    workers: Arc<Semaphore>,
    idle: Arc<Mutex<Vec<GameSearcher>>>,
}

impl Default for SearchPool {
    fn default() -> SearchPool {
        SearchPool::new(SEARCH_WORKERS)
    }
}

/// A search handed to the pool.
pub struct Running {
    stop: Arc<AtomicBool>,
    searching: Arc<AtomicBool>,
    handle: JoinHandle<Option<AmityAnswer>>,
}

impl Running {
    /// Whether a worker has taken the job and searches it.
    pub fn is_searching(&self) -> bool {
        self.searching.load(Ordering::Acquire)
    }

    /// Whether the search has ended (answered or failed).
    pub fn is_finished(&self) -> bool {
        self.handle.is_finished()
    }

    /// Stops the search: it answers with the best it has found.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The answer, or `None` if the search failed (panicked).
    pub async fn answer(self) -> Option<AmityAnswer> {
        self.handle.await.ok().flatten()
    }
}

impl SearchPool {
    /// A pool of `workers` searches at once (at least one).
    pub fn new(workers: usize) -> SearchPool {
        SearchPool {
            workers: Arc::new(Semaphore::new(workers.max(1))),
            idle: Arc::default(),
        }
    }

    /// Drops the searchers no search holds now, and their tables; searches under way keep
    /// theirs.
    pub fn forget_idle(&self) {
        self.idle
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clear();
    }

    /// Starts `job` as soon as a worker is free. Must be called inside a Tokio runtime.
    pub fn start(&self, job: AmityJob) -> Running {
        let stop = job.stop_flag();
        let searching = Arc::new(AtomicBool::new(false));
        let workers = Arc::clone(&self.workers);
        let idle = Arc::clone(&self.idle);
        let started = Arc::clone(&searching);
        let handle = tokio::spawn(async move {
            // The semaphore is never closed: the permit comes once a worker is free.
            let _worker = workers.acquire_owned().await.ok()?;
            tokio::task::spawn_blocking(move || {
                let searcher = idle
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner())
                    .pop();
                let mut searcher = searcher.unwrap_or_else(GameSearcher::new);
                started.store(true, Ordering::Release);
                let answer = searcher.think(job);
                // A searcher whose search panicked is dropped with it; a new one replaces it.
                idle.lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner())
                    .push(searcher);
                answer
            })
            .await
            .ok()
        });
        Running {
            stop,
            searching,
            handle,
        }
    }
}
