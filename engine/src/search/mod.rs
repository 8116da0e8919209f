//! Search: finds the best decision for the side to move, generic over the variant's [`Rules`].
//! This module owns the limits a caller sets, the reports it streams (`info` lines) and the
//! [`Searcher`] that keeps state between searches: the shared transposition table and the
//! thread pool that runs Lazy SMP (every thread searches the same root, sharing the table; a
//! vote over their results picks the move).

mod belief;
mod determinized;
mod limits;
pub mod ordering;
pub mod parameters;
pub mod see;
pub mod strength;
pub mod transposition;
mod worker;

pub use belief::{BehaviourBelief, BehaviourModel, likelihood};
pub use determinized::HiddenInformation;
pub use limits::{Budget, Clock, Limits, Ponder};
pub use parameters::{ParameterError, SearchParameters};
pub use strength::{Strength, StrengthScale};
pub use transposition::{TableError, Transposition};

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Mutex, mpsc};
use std::time::{Duration, Instant};

use crate::game::Game;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::{Rules, RulesExt};
use worker::{Counter, MATE_BOUND, MAX_PLY, Shared, ThreadData, ThreadResult, Worker};

/// Score of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Centipawns(i32),
    /// Mate in this many moves (positive: the side to move mates; negative: it is mated).
    Mate(i32),
}

impl Score {
    /// The score as one number that orders scores as a player would: mates beyond every
    /// evaluation, a faster mate above a slower one.
    pub fn ordered_value(self) -> i32 {
        match self {
            Score::Centipawns(centipawns) => centipawns,
            Score::Mate(moves) if moves > 0 => 30_000 - moves,
            Score::Mate(moves) => -30_000 - moves,
        }
    }
}

/// What a search reports while it runs (an `info` line).
#[derive(Clone, Debug)]
pub struct Report {
    /// Which of the best lines this is, from 1 (the best; UCI's `multipv`): a search for
    /// several lines reports each, best first, after every iteration.
    pub multipv: usize,
    pub depth: u32,
    pub seldepth: u32,
    pub score: Score,
    /// Nodes of all threads together.
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
    /// Nodes of all threads together.
    pub nodes: u64,
    pub depth: u32,
    /// The score of the chosen line.
    pub score: Score,
}

/// State that outlives one search: the transposition table, the thread pool and each search
/// thread's own context.
pub struct Searcher {
    hash_mb: usize,
    threads: usize,
    table: Transposition,
    pool: rayon::ThreadPool,
    /// One per pool thread, lent to it for each search. Behind a mutex only because a
    /// broadcast hands every thread the same closure: each thread locks its own, uncontended.
    thread_data: Vec<Mutex<ThreadData>>,
    /// How games that hide information are searched.
    hidden: HiddenInformation,
    /// What this seat has learnt of the opponent's hidden army from its decisions this game.
    belief: BehaviourBelief,
    /// The numbers the search prunes, reduces and orders by.
    parameters: SearchParameters,
}

impl std::fmt::Debug for Searcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Searcher")
            .field("hash_mb", &self.hash_mb)
            .field("threads", &self.threads)
            .field("table", &self.table)
            .finish()
    }
}

/// A context for each thread of `pool`.
fn thread_contexts(pool: &rayon::ThreadPool) -> Vec<Mutex<ThreadData>> {
    (0..pool.current_num_threads().max(1))
        .map(|_| Mutex::new(ThreadData::new()))
        .collect()
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new(16, 1)
    }
}

/// Deep enough for the search's recursion (a position and a move list per ply).
const STACK_BYTES: usize = 32 << 20;

fn build_pool(threads: usize) -> rayon::ThreadPool {
    let builder = |count: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(count)
            .stack_size(STACK_BYTES)
            .thread_name(|index| format!("amity-search-{index}"))
            .build()
    };
    match builder(threads) {
        Ok(pool) => pool,
        // Too many threads for the system: fall back to one rather than fail.
        Err(_) => builder(1).expect("the system cannot start even one search thread"),
    }
}

/// What a search thread sends to the caller's thread.
enum Message {
    Report(Report),
    Done(usize, ThreadResult),
}

/// Sends a thread's result even if it unwinds, so the caller never waits forever.
struct DoneGuard<'a> {
    index: usize,
    sender: &'a mpsc::Sender<Message>,
    result: Option<ThreadResult>,
}

impl Drop for DoneGuard<'_> {
    fn drop(&mut self) {
        // A thread that ended without a result (it panicked) was interrupted.
        let result = self
            .result
            .take()
            .unwrap_or_else(|| ThreadResult::nothing(true));
        let _ = self.sender.send(Message::Done(self.index, result));
    }
}

impl Searcher {
    pub fn new(hash_mb: usize, threads: usize) -> Searcher {
        let threads = threads.max(1);
        let pool = build_pool(threads);
        Searcher {
            hash_mb: hash_mb.max(1),
            threads,
            table: Transposition::new(hash_mb.max(1)),
            thread_data: thread_contexts(&pool),
            pool,
            hidden: HiddenInformation::default(),
            belief: BehaviourBelief::new(),
            parameters: SearchParameters::default(),
        }
    }

    /// How games that hide information are searched from now on.
    pub fn set_hidden_information(&mut self, hidden: HiddenInformation) {
        self.hidden = hidden;
    }

    pub fn hidden_information(&self) -> HiddenInformation {
        self.hidden
    }

    /// Sets the numbers the search prunes, reduces and orders by (for tuning them).
    pub fn set_parameters(&mut self, parameters: SearchParameters) {
        self.parameters = parameters;
    }

    pub fn parameters(&self) -> SearchParameters {
        self.parameters
    }

    /// Resizes the transposition table (MiB); its contents are lost. When the machine cannot
    /// give that much, the old table is kept, contents and all.
    pub fn set_hash(&mut self, hash_mb: usize) -> Result<(), TableError> {
        let hash_mb = hash_mb.max(1);
        // The old table stays until the new one exists: the availability check counts it as
        // in use, so both fit, and a refusal leaves the engine exactly as it was.
        self.table = Transposition::try_new(hash_mb)?;
        self.hash_mb = hash_mb;
        Ok(())
    }

    /// Rebuilds the thread pool with `threads` search threads.
    pub fn set_threads(&mut self, threads: usize) {
        let threads = threads.max(1);
        if threads != self.threads {
            self.threads = threads;
            self.pool = build_pool(threads);
            self.thread_data = thread_contexts(&self.pool);
        }
    }

    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Forgets everything learnt in earlier searches (new game, `Clear Hash`): the table and
    /// every thread's history and killers.
    pub fn clear(&mut self) {
        self.table.clear();
        self.belief.clear();
        for data in &mut self.thread_data {
            data.get_mut()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .clear();
        }
    }

    /// Whether every search thread has learnt nothing yet (fresh, or cleared).
    pub fn threads_are_fresh(&self) -> bool {
        self.thread_data.iter().all(|data| {
            data.lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .is_fresh()
        })
    }

    /// Searches the current position of `game`, with the game's own repetition history.
    pub fn search_game<R: Rules>(
        &mut self,
        game: &Game<R>,
        limits: &Limits,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&Report),
    ) -> SearchResult {
        // The opponent's decisions since the last request say something of its secrets.
        let spent = if game.rules().hides_information() {
            self.observe_game(game, stop)
        } else {
            0
        };
        let history = game.repetition_history();
        self.search_after(
            game.rules(),
            game.position(),
            &history,
            limits,
            stop,
            report,
            spent,
        )
    }

    /// Searches `root` within `limits` until done or `stop` is set. `history` holds the hashes
    /// of earlier positions since the last irreversible move (for repetition), the root's last.
    ///
    /// In a game that hides information the answer depends only on what the side to move may
    /// know: its view of `root` (see [`HiddenInformation`]), unless told to use the full state.
    ///
    /// At a limited strength the search keeps to its level's node budget; a game that hides
    /// information is weakened by the budget alone.
    pub fn search<R: Rules>(
        &mut self,
        rules: &R,
        root: &Position<R>,
        history: &[u64],
        limits: &Limits,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&Report),
    ) -> SearchResult {
        self.search_after(rules, root, history, limits, stop, report, 0)
    }

    /// [`Searcher::search`] after `spent` nodes already used for this decision (weighing the
    /// opponent's decisions), which count against a node limit.
    #[allow(clippy::too_many_arguments)]
    fn search_after<R: Rules>(
        &mut self,
        rules: &R,
        root: &Position<R>,
        history: &[u64],
        limits: &Limits,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&Report),
        spent: u64,
    ) -> SearchResult {
        let within_budget;
        let limits = if let Some(level) = limits.strength {
            // The level on this game's scale, so its budget and temperature are the game's.
            let scaled = Limits {
                strength: Some(level.on_scale(rules.search_flags().strength)),
                ..limits.clone()
            };
            within_budget = Limits {
                nodes: scaled.node_limit(),
                ..scaled
            };
            &within_budget
        } else {
            limits
        };
        if rules.hides_information() && (!self.hidden.full_state || rules.is_view(root)) {
            return self.search_determinized(rules, root, limits, stop, report, spent);
        }
        self.search_world(rules, root, history, limits, stop, report)
    }

    /// Searches one full state as it is: every part of it known. At a limited strength it
    /// plays one of the best lines by the level's seeded choice ([`Strength::choose`]),
    /// reporting only the lines asked for and, last, the line it plays.
    pub fn search_world<R: Rules>(
        &mut self,
        rules: &R,
        root: &Position<R>,
        history: &[u64],
        limits: &Limits,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&Report),
    ) -> SearchResult {
        // The clock runs from the `go`, as the GUI's does (see `Limits::received`).
        let start = limits.received.unwrap_or_else(Instant::now);
        let mut moves = MoveList::new();
        if rules.terminal(root).is_none() {
            rules.generate(root, &mut moves);
        }
        if !limits.search_moves.is_empty() {
            moves.retain(|mv| limits.search_moves.contains(&mv));
        }
        // MultiPV: never more lines than moves to start them.
        let lines = limits.lines_searched().min(moves.len());
        // The lines a limited strength looks for beyond those asked are its own business.
        let shown = limits.lines();
        let report = &mut |line: &Report| {
            if line.multipv <= shown {
                report(line)
            }
        };
        let Some(&first) = moves.as_slice().first() else {
            return SearchResult {
                best: Move::NULL,
                ponder: None,
                nodes: 0,
                depth: 0,
                score: Score::Centipawns(0),
            };
        };
        self.table.new_search();
        let threads = self.pool.current_num_threads().max(1);
        let thread_data = &self.thread_data;
        let shared = Shared {
            tt: &self.table,
            stop,
            abort: AtomicBool::new(false),
            nodes: (0..threads).map(|_| Counter::default()).collect(),
            searching: (0..MAX_PLY + 2).map(|_| AtomicU32::new(0)).collect(),
            marks: worker::Marks::new(),
            finished: std::sync::Mutex::new(None),
            finished_depth: AtomicU32::new(0),
            parameters: self.parameters,
            limits,
            start,
            game_history: &history[..history.len().saturating_sub(1)],
            threads,
            lines,
        };
        let (sender, receiver) = mpsc::channel::<Message>();
        let mut results: Vec<Option<ThreadResult>> = vec![None; threads];
        self.pool.in_place_scope(|scope| {
            let shared = &shared;
            let sender = &sender;
            // Lazy SMP: every pool thread searches the same root at once.
            scope.spawn_broadcast(move |_, context| {
                let index = context.index();
                let mut guard = DoneGuard {
                    index,
                    sender,
                    result: None,
                };
                let mut data = thread_data[index]
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                let mut worker = Worker::new(rules, shared, index, &mut data);
                let result = worker.iterate(root, |report| {
                    let _ = sender.send(Message::Report(report));
                });
                if index == 0 {
                    // The main thread is done: the helpers stop too.
                    shared.abort.store(true, Ordering::Relaxed);
                }
                guard.result = Some(result);
            });
            let mut finished = 0;
            while finished < threads {
                match receiver.recv() {
                    Ok(Message::Report(line)) => report(&line),
                    Ok(Message::Done(index, result)) => {
                        results[index] = Some(result);
                        finished += 1;
                    }
                    Err(_) => break,
                }
            }
        });
        let results: Vec<ThreadResult> = results.into_iter().flatten().collect();
        // A search asked for a depth answers from a line of that depth when a thread reached
        // it (an interrupted thread's shallower line does not outvote it).
        let floor = limits
            .depth
            .filter(|&depth| results.iter().any(|r| r.depth >= depth))
            .unwrap_or(1);
        let chosen = vote(&results, floor);
        let nodes = shared.total_nodes();
        let mut result = SearchResult {
            best: first,
            ponder: None,
            nodes,
            depth: 0,
            score: Score::Centipawns(0),
        };
        if let Some(thread) = chosen.and_then(|index| results.get(index))
            && moves.contains(thread.best)
        {
            result.best = thread.best;
            result.ponder = thread.pv.get(1).copied();
            result.depth = thread.depth;
            result.score = worker::to_score(thread.score);
            if let Some(level) = limits.strength {
                let lines: Vec<(i32, &Vec<Move>)> = std::iter::once((thread.score, &thread.pv))
                    .chain(thread.more_lines.iter().map(|line| (line.score, &line.pv)))
                    .filter(|(_, pv)| pv.first().is_some_and(|&mv| moves.contains(mv)))
                    .collect();
                let scores: Vec<i32> = lines.iter().map(|&(score, _)| score).collect();
                let chosen = level.choose(&scores, root.hash());
                if let Some(&(score, pv)) = lines.get(chosen).filter(|_| chosen > 0) {
                    result.best = pv[0];
                    result.ponder = pv.get(1).copied();
                    result.score = worker::to_score(score);
                    // The last line the GUI sees is the one played.
                    report(&Report {
                        multipv: 1,
                        depth: thread.depth,
                        seldepth: thread.seldepth,
                        score: result.score,
                        nodes,
                        time: start.elapsed(),
                        hashfull: self.table.hashfull(),
                        pv: pv.clone(),
                    });
                    return result;
                }
            }
            // When a helper's line wins the vote, or the main thread was stopped inside an
            // iteration, say so in a last report: the GUI's last line shows what is played.
            if chosen != Some(0)
                || results
                    .first()
                    .is_some_and(|main| main.interrupted || main.pv != thread.pv)
            {
                // Every line of that thread (MultiPV), so the lines shown last belong together.
                let more = thread.more_lines.iter().map(|line| (line.score, &line.pv));
                for (index, (score, pv)) in std::iter::once((thread.score, &thread.pv))
                    .chain(more)
                    .enumerate()
                {
                    report(&Report {
                        multipv: index + 1,
                        depth: thread.depth,
                        seldepth: thread.seldepth,
                        score: worker::to_score(score),
                        nodes,
                        time: start.elapsed(),
                        hashfull: self.table.hashfull(),
                        pv: pv.clone(),
                    });
                }
            }
        }
        result
    }
}

/// The best-move vote over the threads that finished at least `min_depth` (index into
/// `results`): each thread's move gains votes for its score above the worst and its depth; a
/// proven mate wins outright, the shortest first. Ties go to the main thread.
fn vote(results: &[ThreadResult], min_depth: u32) -> Option<usize> {
    let candidates: Vec<usize> = (0..results.len())
        .filter(|&i| !results[i].best.is_null() && results[i].depth >= min_depth.max(1))
        .collect();
    let &first = candidates.first()?;
    if let Some(&mate) = candidates
        .iter()
        .filter(|&&i| results[i].score >= MATE_BOUND)
        .max_by_key(|&&i| (results[i].score, std::cmp::Reverse(i)))
    {
        return Some(mate);
    }
    let worst = candidates.iter().map(|&i| results[i].score).min()?;
    let mut votes: HashMap<Move, i64> = HashMap::new();
    for &i in &candidates {
        let weight = i64::from(results[i].score - worst + 14) * i64::from(results[i].depth);
        *votes.entry(results[i].best).or_default() += weight;
    }
    let mut chosen = first;
    for &i in &candidates {
        let (mine, theirs) = (votes[&results[i].best], votes[&results[chosen].best]);
        let deeper = results[i].depth > results[chosen].depth;
        if mine > theirs || (mine == theirs && deeper) {
            chosen = i;
        }
    }
    Some(chosen)
}
