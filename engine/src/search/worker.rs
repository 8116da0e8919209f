//! One search thread: iterative deepening with aspiration windows over a principal variation
//! search with quiescence, pruning, reductions and singular extensions, and expectation at chance
//! nodes. Each thread owns its history, killers and stack; the transposition table, the stop
//! flags and the node counters are shared through [`Shared`].

use crate::rules::RulesExt;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use arrayvec::ArrayVec;

use super::limits::{Budget, Limits};
use super::ordering::{
    ContinuationHistory, History, MovePicker, PIECE_SQUARES, QuietOrder, Stage, piece_square,
};
use super::parameters::SearchParameters;

/// The [`Worker::moved`] entry of a ply without a move (a null move, chance).
const NO_MOVE: usize = usize::MAX;
use super::transposition::{Bound, Entry, Transposition};
use super::{Report, Score};
use crate::moves::Move;
use crate::position::Position;
use crate::rules::{ChanceOutcome, HiddenDecision, Outcome, Rules, SearchFlags};
use crate::scratch::Scratch;

pub const INFINITY: i32 = 32_000;
pub const MATE: i32 = 31_000;
pub const MAX_PLY: usize = 128;
/// Scores beyond this are mates (or mated) within the search horizon.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;

/// A node counter alone on its cache line, so threads counting do not slow each other.
#[repr(align(64))]
#[derive(Default)]
pub struct Counter(pub AtomicU64);

/// What every thread of one search shares.
pub struct Shared<'a> {
    pub tt: &'a Transposition,
    /// Set by the caller (`stop`).
    pub stop: &'a AtomicBool,
    /// Set by the main thread when the search is over (limits reached, or it finished).
    pub abort: AtomicBool,
    pub nodes: Vec<Counter>,
    /// How many threads search each depth right now (helpers skip crowded depths).
    pub searching: Vec<AtomicU32>,
    pub limits: &'a Limits,
    pub start: Instant,
    /// Hashes of the game's positions before the root, for repetition.
    pub game_history: &'a [u64],
    pub threads: usize,
    /// How many best lines each iteration finds (MultiPV), at least one and at most the
    /// root's moves.
    pub lines: usize,
    /// Breadcrumbs: which thread is searching which position near the root right now.
    pub marks: Marks,
    /// The numbers the pruning, reductions and ordering use.
    pub parameters: SearchParameters,
    /// The deepest iteration any thread has finished, with its line. A thread still inside
    /// that depth (or a shallower one) gives its iteration up and goes on from there: no
    /// thread repeats a depth another has settled.
    pub finished: Mutex<Option<ThreadResult>>,
    /// The depth of `finished`, for the threads to poll without taking the lock.
    pub finished_depth: AtomicU32,
}

/// A small shared table where each thread marks the positions near the root it is searching,
/// so a second thread arriving at the same position reduces its late moves more and spends its
/// effort elsewhere: the threads of a Lazy SMP search drift apart instead of duplicating work.
pub struct Marks {
    slots: Vec<AtomicU64>,
}

/// Marks are kept for nodes this close to the root, where duplicated work costs the most.
const MARKED_PLIES: usize = 8;
const THREAD_BITS: u64 = 0xFF;

impl Marks {
    pub fn new() -> Marks {
        Marks {
            slots: (0..1024).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[(key >> 54) as usize & (self.slots.len() - 1)]
    }

    /// Marks `key` as searched by `thread`. Returns whether another thread already searches it
    /// (then nothing is marked), and whether this thread took the slot (so it must `leave`).
    fn enter(&self, key: u64, thread: usize) -> (bool, bool) {
        let mine = (key & !THREAD_BITS) | (thread as u64 + 1);
        let slot = self.slot(key);
        let current = slot.load(Ordering::Relaxed);
        if current == 0 {
            let taken = slot
                .compare_exchange(0, mine, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok();
            return (false, taken);
        }
        let other = current & !THREAD_BITS == key & !THREAD_BITS && current != mine;
        (other, false)
    }

    fn leave(&self, key: u64, thread: usize) {
        let mine = (key & !THREAD_BITS) | (thread as u64 + 1);
        let _ = self
            .slot(key)
            .compare_exchange(mine, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

impl Default for Marks {
    fn default() -> Marks {
        Marks::new()
    }
}

impl Shared<'_> {
    pub fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|c| c.0.load(Ordering::Relaxed)).sum()
    }
}

/// One of the best lines at the root (MultiPV) with its score.
#[derive(Clone, Debug)]
pub struct Line {
    pub score: i32,
    pub pv: Vec<Move>,
}

/// What one thread found.
#[derive(Clone, Debug)]
pub struct ThreadResult {
    pub best: Move,
    pub score: i32,
    pub depth: u32,
    pub seldepth: u32,
    pub pv: Vec<Move>,
    /// The next best lines after `pv` when several were asked for (MultiPV), best first;
    /// empty for one.
    pub more_lines: Vec<Line>,
    /// The search was stopped inside an iteration (by time, a node limit or `stop`), so the
    /// last report does not show the line the thread ends with.
    pub interrupted: bool,
}

impl ThreadResult {
    /// A thread's result before it has found anything: no move, no line, depth 0.
    pub(crate) fn nothing(interrupted: bool) -> ThreadResult {
        ThreadResult {
            best: Move::NULL,
            score: 0,
            depth: 0,
            seldepth: 0,
            pv: Vec::new(),
            more_lines: Vec::new(),
            interrupted,
        }
    }
}

/// Puts the best of `first` and `others` first (MultiPV): a later line may score above the
/// first when the search is unstable; the rest stay in `others`, best first.
fn best_line_first(first: Line, others: &mut Vec<Line>) -> Line {
    others.insert(0, first);
    // Stable: lines of equal score keep the order they were found in.
    others.sort_by_key(|line| std::cmp::Reverse(line.score));
    others.remove(0)
}

/// The lines after `first` of an iteration stopped while it searched them (MultiPV): those it
/// found (`found`), then the last iteration's (`earlier`) whose first move no line before has,
/// `lines` in all with `first`, so every line still starts with a move of its own.
fn stopped_lines(first: &Line, found: Vec<Line>, earlier: Vec<Line>, lines: usize) -> Vec<Line> {
    let mut taken: Vec<Move> = first.pv.first().copied().into_iter().collect();
    let mut kept = Vec::with_capacity(lines.saturating_sub(1));
    for line in found.into_iter().chain(earlier) {
        let Some(&start) = line.pv.first() else {
            continue;
        };
        if kept.len() + 1 < lines && !taken.contains(&start) {
            taken.push(start);
            kept.push(line);
        }
    }
    kept
}

/// Late-move reduction table by depth and move number.
fn reduction(parameters: &SearchParameters, depth: i32, moves: usize) -> i32 {
    let depth = depth.clamp(1, 63) as f64;
    let moves = moves.clamp(1, 63) as f64;
    let base = f64::from(parameters.lmr_base) / 100.0;
    let divisor = f64::from(parameters.lmr_divisor) / 100.0;
    (base + depth.ln() * moves.ln() / divisor) as i32
}

/// The main thread's bookkeeping of time (the helpers never look at the clock).
struct TimeKeeper {
    budget: Budget,
    /// When our clock started: the search start, or the ponderhit.
    clock_start: Option<Instant>,
    /// Nodes spent below each root move over the whole search: a best move that took most of
    /// the effort has been tested hard against the others, one that took little has not.
    root_move_nodes: Vec<(Move, u64)>,
}

impl TimeKeeper {
    fn count_root_move(&mut self, mv: Move, nodes: u64) {
        match self.root_move_nodes.iter_mut().find(|(m, _)| *m == mv) {
            Some((_, spent)) => *spent += nodes,
            None => self.root_move_nodes.push((mv, nodes)),
        }
    }

    /// The share of the root's nodes that went to `best`, from 0 to 1.
    fn share_of_effort(&self, best: Move) -> f64 {
        let total: u64 = self.root_move_nodes.iter().map(|(_, n)| n).sum();
        let spent = self
            .root_move_nodes
            .iter()
            .find(|(m, _)| *m == best)
            .map_or(0, |(_, n)| *n);
        spent as f64 / total.max(1) as f64
    }
}

/// What one search thread learns and keeps from one search to the next (the thread's own
/// context, owned by the [`Searcher`](super::Searcher) and lent to the thread for a search):
/// the quiet-move history and the killers carry what earlier searches of the same game found,
/// so they live across the moves of a game, until a new game or `Clear Hash`; so does the
/// rules' scratch, lent to every rules call that takes one.
pub struct ThreadData {
    history: History,
    /// Quiet-move scores after the moves one and two plies before.
    continuation: ContinuationHistory,
    /// Two quiet moves per ply that cut off last time at that ply.
    killers: Vec<[Move; 2]>,
    /// The quiet move that last refuted each earlier move (by its [`piece_square`] slot): a
    /// reply that answers a move answers it wherever in the tree the move is played.
    countermoves: Vec<Move>,
    /// Values of chance nodes, for the re-searches that visit them again.
    chance_cache: ChanceCache,
    /// What the rules keep between their calls in this thread (memos, node slots), lent to
    /// every `_in` hook.
    scratch: Scratch,
}

impl Default for ThreadData {
    fn default() -> ThreadData {
        ThreadData::new()
    }
}

impl ThreadData {
    pub fn new() -> ThreadData {
        ThreadData {
            history: History::new(),
            continuation: ContinuationHistory::new(),
            killers: vec![[Move::NULL; 2]; MAX_PLY + 2],
            countermoves: vec![Move::NULL; PIECE_SQUARES],
            chance_cache: ChanceCache::default(),
            scratch: Scratch::new(),
        }
    }

    /// Whether the thread has learnt nothing yet (fresh, or cleared).
    pub fn is_fresh(&self) -> bool {
        self.history.is_empty()
            && self.continuation.is_empty()
            && self.killers.iter().flatten().all(|killer| killer.is_null())
            && self.countermoves.iter().all(|counter| counter.is_null())
            && self.chance_cache.entries.is_empty()
            && self.scratch.is_empty()
    }

    /// Forgets everything learnt (a new game, `Clear Hash`).
    pub fn clear(&mut self) {
        *self = ThreadData::new();
    }
}

pub struct Worker<'a, R: Rules> {
    rules: &'a R,
    shared: &'a Shared<'a>,
    index: usize,
    /// The thread's context, lent for this search.
    data: &'a mut ThreadData,
    flags: SearchFlags,
    nodes: u64,
    seldepth: u32,
    aborted: bool,
    /// The abort came from another thread finishing this iteration's depth first.
    superseded: bool,
    evals: Vec<i32>,
    /// Side to move at each ply of the current line.
    turns: Vec<Option<shakmaty::Color>>,
    /// The [`piece_square`] of the move made at each ply of the current line
    /// ([`NO_MOVE`] for a null move or chance).
    moved: Vec<usize>,
    /// The move a singular-extension search at that ply leaves out (null: none).
    excluded: Vec<Move>,
    /// The root moves the search leaves out: the first moves of the lines found before the
    /// one being searched (MultiPV), so each line starts with a move of its own.
    root_excluded: Vec<Move>,
    pv: Vec<Vec<Move>>,
    /// Hashes from the game start to the current node, for repetition.
    path: Vec<u64>,
    reductions: Vec<[i32; 64]>,
    time: Option<TimeKeeper>,
    /// Depth of the current iteration: extensions stop at twice this many plies, so a chain
    /// of checks that never repeats a position (pieces that move by themselves after every
    /// move) cannot run the line out to the ply limit.
    root_depth: i32,
}

/// Plies of depth a chance node with `breadth` outcomes costs (see [`Worker::expectation`]):
/// about as many plies of decisions as make the same breadth once alpha-beta has pruned them
/// (some eight moves a ply), none for a handful of outcomes (a card flip).
fn chance_plies(breadth: usize) -> i32 {
    match breadth {
        0..8 => 0,
        8..64 => 1,
        _ => 2,
    }
}

/// Chance nodes' values by position hash, kept apart from the transposition table so that
/// chance and decision values never share an entry. Principal variation search visits a node
/// with a null window and then again with a full one, aspiration windows and late move
/// reductions re-search too: without this, each visit of a chance node would search every
/// outcome again. One per thread, allocated at the first chance node (a game without chance
/// never pays for it); an entry is a value with its bound, as in the table.
#[derive(Default)]
struct ChanceCache {
    entries: Vec<ChanceEntry>,
}

#[derive(Clone, Copy, Default)]
struct ChanceEntry {
    key: u64,
    depth: i32,
    value: i32,
    /// `None`: an empty slot.
    bound: Option<Bound>,
}

impl ChanceCache {
    const SIZE: usize = 1 << 14;

    fn slot(key: u64) -> usize {
        (key % Self::SIZE as u64) as usize
    }

    /// The remembered value if it was searched at least as deep and its bound decides the
    /// window.
    #[inline]
    fn probe(&self, key: u64, depth: i32, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
        if self.entries.is_empty() {
            return None;
        }
        let entry = self.entries[Self::slot(key)];
        let bound = entry.bound?;
        if entry.key != key || entry.depth < depth {
            return None;
        }
        cutoff_score(
            &Entry {
                best: Move::NULL,
                score: entry.value,
                eval: 0,
                depth: entry.depth,
                bound,
            },
            ply,
            alpha,
            beta,
        )
    }

    /// Remembers a chance node's value found with the window `alpha..beta` (Star1 returns a
    /// window edge when it cuts, so a value on an edge is a bound).
    fn store(&mut self, key: u64, depth: i32, value: i32, alpha: i32, beta: i32, ply: usize) {
        if self.entries.is_empty() {
            self.entries = vec![ChanceEntry::default(); Self::SIZE];
        }
        let bound = if value <= alpha {
            Bound::Upper
        } else if value >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.entries[Self::slot(key)] = ChanceEntry {
            key,
            depth,
            value: to_table(value, ply),
            bound: Some(bound),
        };
    }
}

/// The stored score if the entry's bound decides the window (a transposition cutoff).
fn cutoff_score(entry: &Entry, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let score = from_table(entry.score, ply);
    let usable = match entry.bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    };
    usable.then_some(score)
}

/// Converts a mate score between "from the root" and "from this node" for the table.
fn to_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// A decision the mover of a view makes only if it holds an unknown resource
/// ([`HiddenDecision::Chance`]), with the value the search found for it.
#[derive(Clone, Copy, Debug)]
struct PerhapsHeld {
    resource: u16,
    probability: f64,
    value: i32,
    decision: Move,
}

/// Centipawns per factor of ten in the odds of winning. Values are mixed as expected results
/// (by chance in a view's search, by weight over the worlds), so that a mate is a sure result
/// and a small chance of one a small chance of winning, not thousands of centipawns.
const ODDS_SCALE: f64 = 400.0;

/// The expected result (0 to 1) a value stands for; a mate is a sure result.
pub(super) fn expected_result(value: i32) -> f64 {
    if value >= MATE_BOUND {
        1.0
    } else if value <= -MATE_BOUND {
        0.0
    } else {
        1.0 / (1.0 + 10f64.powf(-f64::from(value) / ODDS_SCALE))
    }
}

/// The centipawns an expected result stands for, unrounded (the inverse of
/// [`expected_result`] away from the sure results).
pub(super) fn centipawns_of(result: f64) -> f64 {
    let result = result.clamp(1e-9, 1.0 - 1e-9);
    -ODDS_SCALE * (1.0 / result - 1.0).log10()
}

/// The value a decision held with `probability` must reach for the mean to reach `beta` by
/// itself, with the best certain decision's value `certain` when it is not held.
fn value_lifting_mean_to(beta: i32, certain: i32, probability: f64) -> i32 {
    let fallback = if certain > -INFINITY {
        expected_result(certain)
    } else {
        0.0
    };
    let probability = probability.clamp(1e-6, 1.0);
    let needed = (expected_result(beta) - (1.0 - probability) * fallback) / probability;
    if needed >= 1.0 - 1e-9 {
        return INFINITY;
    }
    if needed <= 1e-9 {
        return beta.min(certain.max(-INFINITY + 1));
    }
    let value = centipawns_of(needed).ceil() as i32;
    value.clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
}

/// The value of a node whose mover holds some decisions only perhaps, and the decision that
/// lifted it: the mover takes the best decision it holds, so each resource counts, best
/// first, with the chance that it is held and no better one is (resources held
/// independently); with none of them, the best certain decision (`certain`). Mixed as
/// expected results; the mean is never a mate unless the certain decision is one.
fn value_with_perhaps_held(
    certain: i32,
    perhaps: &ArrayVec<PerhapsHeld, 64>,
) -> (i32, Option<Move>) {
    let mut best_of_resource: ArrayVec<PerhapsHeld, 64> = ArrayVec::new();
    for option in perhaps {
        match best_of_resource
            .iter_mut()
            .find(|known| known.resource == option.resource)
        {
            Some(known) if option.value > known.value => *known = *option,
            Some(_) => {}
            // As long as `perhaps`, which the search keeps to the same capacity.
            None => best_of_resource.push(*option),
        }
    }
    best_of_resource.sort_by_key(|option| std::cmp::Reverse(option.value));
    // Without a certain decision the mover holds at least one of the others: the worst
    // stands in for the certain one.
    let fallback = if certain > -INFINITY {
        certain
    } else {
        best_of_resource
            .last()
            .map_or(certain, |option| option.value)
    };
    if fallback >= MATE_BOUND {
        return (fallback, None);
    }
    let mut unheld = 1.0;
    let mut mean = 0.0;
    for option in best_of_resource.iter().take_while(|o| o.value > fallback) {
        let probability = option.probability.clamp(0.0, 1.0);
        mean += unheld * probability * expected_result(option.value);
        unheld *= 1.0 - probability;
    }
    mean += unheld * expected_result(fallback);
    let top = best_of_resource
        .first()
        .filter(|option| option.value > fallback)
        .map(|option| option.decision);
    if top.is_none() {
        return (fallback, None);
    }
    let value = centipawns_of(mean).round() as i32;
    (
        value.clamp(-MATE_BOUND + 1, MATE_BOUND - 1).max(fallback),
        top,
    )
}

/// A score in the protocol's terms: centipawns, or mate in moves.
pub fn to_score(value: i32) -> Score {
    if value >= MATE_BOUND {
        Score::Mate((MATE - value + 1) / 2)
    } else if value <= -MATE_BOUND {
        Score::Mate(-(MATE + value) / 2)
    } else {
        Score::Centipawns(value)
    }
}

impl<'a, R: Rules> Worker<'a, R> {
    pub fn new(
        rules: &'a R,
        shared: &'a Shared<'a>,
        index: usize,
        data: &'a mut ThreadData,
    ) -> Worker<'a, R> {
        let time = (index == 0).then(|| {
            let pondering = shared
                .limits
                .ponder
                .as_ref()
                .is_some_and(|p| p.is_pondering());
            TimeKeeper {
                budget: shared.limits.budget(),
                clock_start: (!pondering).then_some(shared.start),
                root_move_nodes: Vec::new(),
            }
        });
        let reductions = (0..64)
            .map(|depth| {
                let mut row = [0; 64];
                for (moves, slot) in row.iter_mut().enumerate() {
                    *slot = reduction(&shared.parameters, depth, moves);
                }
                row
            })
            .collect();
        let mut path = shared.game_history.to_vec();
        path.reserve(MAX_PLY + 8);
        Worker {
            rules,
            shared,
            index,
            flags: rules.search_flags(),
            nodes: 0,
            seldepth: 0,
            aborted: false,
            superseded: false,
            data,
            evals: vec![0; MAX_PLY + 2],
            turns: vec![None; MAX_PLY + 2],
            moved: vec![NO_MOVE; MAX_PLY + 2],
            excluded: vec![Move::NULL; MAX_PLY + 2],
            root_excluded: Vec::new(),
            pv: (0..MAX_PLY + 2)
                .map(|_| Vec::with_capacity(MAX_PLY))
                .collect(),
            path,
            reductions,
            time,
            root_depth: 1,
        }
    }

    // ----- limits -----

    fn publish_nodes(&self) {
        self.shared.nodes[self.index]
            .0
            .store(self.nodes, Ordering::Relaxed);
    }

    /// Counts a node and, every so often, looks at the stop flags (and, in the main thread,
    /// the clock and the node limit). Returns whether the search must stop.
    #[inline]
    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            self.publish_nodes();
            self.poll();
        }
        self.aborted
    }

    fn poll(&mut self) {
        if self.shared.stop.load(Ordering::Relaxed) || self.shared.abort.load(Ordering::Relaxed) {
            self.aborted = true;
            return;
        }
        if self.shared.finished_depth.load(Ordering::Relaxed) >= self.root_depth as u32 {
            self.aborted = true;
            self.superseded = true;
        }
        if self.index != 0 {
            return;
        }
        let over_nodes = self
            .shared
            .limits
            .nodes
            .is_some_and(|limit| self.shared.total_nodes() >= limit);
        let over_time = self.clock_elapsed().is_some_and(|elapsed| {
            self.time
                .as_ref()
                .and_then(|time| time.budget.hard)
                .is_some_and(|hard| elapsed >= hard)
        });
        if over_nodes || over_time {
            self.aborted = true;
            self.shared.abort.store(true, Ordering::Relaxed);
        }
    }

    /// Time on our clock so far; `None` while pondering.
    fn clock_elapsed(&mut self) -> Option<Duration> {
        let time = self.time.as_mut()?;
        if time.clock_start.is_none() {
            time.clock_start = match &self.shared.limits.ponder {
                Some(ponder) => Some(ponder.clock_start()?),
                None => Some(Instant::now()),
            };
        }
        time.clock_start.map(|start| start.elapsed())
    }

    // ----- game rules inside the tree -----

    fn outcome_score(&self, pos: &Position<R>, outcome: Outcome, ply: usize) -> i32 {
        match outcome {
            Outcome::Win { winner, .. } if winner == pos.turn() => MATE - ply as i32,
            Outcome::Win { .. } => -(MATE - ply as i32),
            Outcome::Draw(_) => 0,
        }
    }

    /// The score of a game the draw rules end here: the move limit, the game's own count or
    /// dead material (a draw), or a repetition of a position since the last irreversible move (one repetition
    /// inside the tree is enough to call it, with the result the game's repetition rule
    /// gives).
    fn rule_end(&self, pos: &Position<R>, ply: usize) -> Option<i32> {
        let draw_rules = self.rules.draw_rules();
        if draw_rules.move_limit_reached(pos.halfmove_clock())
            || self.rules.position_draw(pos).is_some()
        {
            return Some(0);
        }
        draw_rules.repetitions?;
        let window = if draw_rules.resets_are_irreversible {
            pos.halfmove_clock() as usize
        } else {
            self.path.len()
        };
        self.path
            .iter()
            .rev()
            .take(window)
            .any(|hash| *hash == pos.hash())
            .then(|| self.outcome_score(pos, draw_rules.repetition_outcome(pos.turn()), ply))
    }

    /// Whether the side to move has a piece worth a minor or more: without one, zugzwang is
    /// likely and null-move pruning unsafe.
    fn has_pieces(&self, pos: &Position<R>) -> bool {
        let pieces = self.rules.pieces();
        pos.ours().into_iter().any(|square| {
            pos.piece_at(square)
                .and_then(|piece| pieces.get(piece.kind.index()))
                .is_some_and(|info| info.value >= 280)
        })
    }

    // ----- the tree -----

    /// Value of `child` for the side to move in `parent`: negated when the turn passed, as is
    /// when the same side decides again.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn child_value(
        &mut self,
        parent: &Position<R>,
        child: &Position<R>,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        if child.turn() == parent.turn() {
            self.negamax(child, depth, alpha, beta, ply + 1, cut_node)
        } else {
            -self.negamax(child, depth, -beta, -alpha, ply + 1, cut_node)
        }
    }

    /// `below_horizon`: the plies quiescence has searched before reaching `child`.
    fn quiescence_child(
        &mut self,
        parent: &Position<R>,
        child: &Position<R>,
        alpha: i32,
        beta: i32,
        ply: usize,
        below_horizon: u32,
    ) -> i32 {
        if child.turn() == parent.turn() {
            self.quiescence(child, alpha, beta, ply + 1, below_horizon)
        } else {
            -self.quiescence(child, -beta, -alpha, ply + 1, below_horizon)
        }
    }

    /// Chance node: the weighted mean of the outcomes' values.
    ///
    /// Depth: a wide node costs plies by its breadth ([`chance_plies`]), and then the outcomes
    /// after the most probable half of the probability one more. A chance node can have a
    /// hundred outcomes or more, the breadth of two plies of decisions in an alpha-beta tree;
    /// searched at the node's full depth, every such node on a line multiplied the tree by
    /// that breadth and fixed-depth searches through a few of them never ended. An outcome's
    /// error moves the mean only by its probability, so the unlikely half can afford the
    /// shallower search. A handful of outcomes costs nothing, as before.
    ///
    /// With less depth left than a wide node costs, the outcomes are not searched: the static
    /// evaluation of a position waiting for chance is the variant's estimate of their mean
    /// (ideally exactly the mean of their evaluations), as in quiescence. Searching each
    /// there, even by quiescence, would make every capture that brings chance cost the node's
    /// whole breadth at the tree's widest level.
    ///
    /// The outcomes go most probable first, and Star1 bounds give each one the window outside
    /// which the mean must fall outside `alpha..beta` whatever the others bring, so an early,
    /// likely outcome can decide the node. The value is never stored in the transposition
    /// table (see [`ChanceCache`]).
    fn expectation(
        &mut self,
        pos: &Position<R>,
        outcomes: &mut [ChanceOutcome],
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let total: i64 = outcomes.iter().map(|o| i64::from(o.weight)).sum();
        if total == 0 {
            return self.rules.evaluate_in(pos, &mut self.data.scratch);
        }
        outcomes.sort_by_key(|o| std::cmp::Reverse(o.weight));
        let plies = chance_plies(outcomes.len());
        if plies > 0 && depth < plies {
            return self.rules.evaluate_in(pos, &mut self.data.scratch);
        }
        let mut weight_before = 0i64;
        let (lowest, highest) = (-i64::from(MATE), i64::from(MATE));
        let mut sum = 0i64;
        let mut remaining = total;
        for outcome in outcomes.iter() {
            let weight = i64::from(outcome.weight);
            if weight == 0 {
                continue;
            }
            remaining -= weight;
            // The less probable half of the outcomes moves the mean less: a ply less for them.
            let unlikely = plies > 0 && 2 * weight_before >= total;
            let child_depth = depth - plies - i32::from(unlikely);
            weight_before += weight;
            // Star1: the child value below which the mean stays at or under alpha even if all
            // remaining outcomes score the most, and above which it reaches beta even if they
            // score the least.
            let low = (i64::from(alpha) * total - sum - remaining * highest).div_euclid(weight);
            let high =
                -((-(i64::from(beta) * total - sum - remaining * lowest)).div_euclid(weight));
            let child_alpha = low.clamp(-i64::from(INFINITY), i64::from(INFINITY)) as i32;
            let child_beta = high.clamp(-i64::from(INFINITY), i64::from(INFINITY)) as i32;
            let child_beta = child_beta.max(child_alpha + 1);
            let mut child = pos.clone();
            self.rules
                .play_in(&mut child, outcome.outcome, &mut self.data.scratch);
            let value = if child_depth <= 0 {
                self.quiescence_child(pos, &child, child_alpha, child_beta, ply, 0)
            } else {
                self.child_value(
                    pos,
                    &child,
                    child_depth,
                    child_alpha,
                    child_beta,
                    ply,
                    false,
                )
            };
            if self.aborted {
                return 0;
            }
            if value <= child_alpha && child_alpha > -INFINITY {
                return alpha;
            }
            if value >= child_beta && child_beta < INFINITY {
                return beta;
            }
            sum += weight * i64::from(value);
        }
        (sum / total) as i32
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    fn negamax(
        &mut self,
        pos: &Position<R>,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        let root = ply == 0;
        self.pv[ply].clear();
        self.turns[ply] = Some(pos.turn());
        // In the middle of a turn of several decisions, passing is not a move the rules know.
        let mid_turn = ply > 0 && self.turns[ply - 1] == Some(pos.turn());
        if self.count_node() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply as u32);
        if !root {
            if let Some(outcome) = self.rules.terminal(pos) {
                return self.outcome_score(pos, outcome, ply);
            }
            if let Some(score) = self.rule_end(pos, ply) {
                return score;
            }
            // Mate-distance pruning: no line from here beats a mate already found nearer the
            // root.
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        if let Some(value) = self
            .data
            .chance_cache
            .probe(pos.hash(), depth, alpha, beta, ply)
        {
            return value;
        }
        let mut outcomes = Vec::new();
        if self.rules.chance(pos, &mut outcomes) {
            // Chance decides nothing for either side: the next decision starts a turn.
            self.turns[ply] = None;
            self.moved[ply] = NO_MOVE;
            let value = self.expectation(pos, &mut outcomes, depth, alpha, beta, ply);
            if !self.aborted {
                self.data
                    .chance_cache
                    .store(pos.hash(), depth, value, alpha, beta, ply);
            }
            return value;
        }
        if ply >= MAX_PLY - 1 {
            return self.rules.evaluate_in(pos, &mut self.data.scratch);
        }
        if depth <= 0 {
            return self.quiescence(pos, alpha, beta, ply, 0);
        }

        // Transposition table: a deep enough entry decides non-PV nodes outright (but not in
        // a search that leaves a move out, whose value is not the position's).
        let key = pos.hash();
        let excluded = self.excluded[ply];
        let entry = self.shared.tt.probe(key);
        let hash_move = entry.map_or(Move::NULL, |e| e.best);
        if let Some(entry) = entry
            && !pv_node
            && excluded.is_null()
            && entry.depth >= depth
            && let Some(score) = cutoff_score(&entry, ply, alpha, beta)
        {
            return score;
        }

        let in_check = self.rules.in_check(pos);
        let static_eval = if in_check {
            0
        } else if let Some(entry) = entry {
            entry.eval
        } else {
            self.rules.evaluate_in(pos, &mut self.data.scratch)
        };
        // The table's score is a better guess than the static one when its bound allows.
        let eval = match entry {
            _ if in_check => -INFINITY,
            Some(e)
                if e.score.abs() < MATE_BOUND
                    && match e.bound {
                        Bound::Exact => true,
                        Bound::Lower => e.score > static_eval,
                        Bound::Upper => e.score < static_eval,
                    } =>
            {
                e.score
            }
            _ => static_eval,
        };
        self.evals[ply] = if in_check { -INFINITY } else { static_eval };
        let improving = !in_check && ply >= 2 && static_eval > self.evals[ply - 2];

        if !pv_node && !in_check && !root && excluded.is_null() {
            // Reverse futility pruning: far enough above beta that a quiet move will not drop
            // below it at this depth.
            let shared = self.shared;
            let p = &shared.parameters;
            if self.flags.quiescence
                && depth <= p.rfp_depth
                && eval.abs() < MATE_BOUND
                && eval - p.rfp_margin * (depth - i32::from(improving)) >= beta
            {
                return eval;
            }
            // Null-move pruning: if passing still beats beta, a real move will too.
            if self.flags.null_move
                && !mid_turn
                && depth >= 3
                && eval >= beta
                && beta.abs() < MATE_BOUND
                && self.path.last().is_none_or(|last| *last != 0)
                && self.has_pieces(pos)
            {
                let r = p.null_base
                    + depth / p.null_depth_divisor
                    + ((eval - beta) / p.null_eval_divisor).min(3);
                let mut child = pos.clone();
                self.rules.play_null(&mut child);
                self.moved[ply] = NO_MOVE;
                // A zero on the path marks the null move, so no second one follows it.
                self.path.push(0);
                let value =
                    self.child_value(pos, &child, depth - r, beta - 1, beta, ply, !cut_node);
                self.path.pop();
                if self.aborted {
                    return 0;
                }
                if value >= beta {
                    return if value >= MATE_BOUND { beta } else { value };
                }
            }
        }

        // Internal iterative reduction: without a hash move, ordering is poor; search less.
        if hash_move.is_null() && depth >= 5 && (pv_node || cut_node) {
            depth -= 1;
        }

        // Singular extension: when every other move falls well short of the table's score
        // for the hash move, that move alone holds the position and is searched a ply deeper.
        // If even the others reach beta, more than one move cuts and the node is cut now.
        let mut singular_extension = 0;
        let shared = self.shared;
        let p = &shared.parameters;
        if let Some(entry) = entry
            && !root
            && self.flags.singular_extensions
            && excluded.is_null()
            && !hash_move.is_null()
            && depth >= p.singular_depth
            && entry.depth >= depth - 3
            && entry.bound != Bound::Upper
            && entry.score.abs() < MATE_BOUND
        {
            let singular_beta = from_table(entry.score, ply) - p.singular_margin * depth / 8;
            self.excluded[ply] = hash_move;
            let value = self.negamax(
                pos,
                (depth - 1) / 2,
                singular_beta - 1,
                singular_beta,
                ply,
                cut_node,
            );
            self.excluded[ply] = Move::NULL;
            if self.aborted {
                return 0;
            }
            if value < singular_beta {
                singular_extension = 1;
            } else if singular_beta >= beta {
                return singular_beta;
            }
        }

        let original_alpha = alpha;
        let [first_killer, second_killer] = self.data.killers[ply];
        let countermove = self
            .countermove_slot(ply)
            .map_or(Move::NULL, |slot| self.data.countermoves[slot]);
        let order = QuietOrder {
            history: &self.data.history,
            continuations: [1, 2].map(|back| {
                let earlier = ply.checked_sub(back).map_or(NO_MOVE, |at| self.moved[at]);
                (earlier != NO_MOVE).then(|| self.data.continuation.after(earlier))
            }),
        };
        let mut picker = MovePicker::empty();
        picker.fill(
            self.rules,
            pos,
            hash_move,
            [first_killer, second_killer, countermove],
            order,
            &mut self.data.scratch,
        );
        if picker.is_empty() {
            let outcome = self.rules.no_move_outcome(pos);
            return self.outcome_score(pos, outcome, ply);
        }
        let (marked_by_other, marked_by_me) =
            if self.shared.threads > 1 && ply < MARKED_PLIES && depth >= 4 {
                self.shared.marks.enter(key, self.index)
            } else {
                (false, false)
            };
        let mut best = -INFINITY;
        let mut best_move = Move::NULL;
        let mut searched = 0usize;
        let mut seen = 0usize;
        // On the stack: a heap vector here cost an allocation in most interior nodes.
        let mut quiets_tried: ArrayVec<Move, 64> = ArrayVec::new();
        // In a view the search plays through, some decisions are the mover's only perhaps
        // (a card it may hold): each joins the node's value by its chance, after the loop.
        let weighs_hidden = self.flags.view_search && self.rules.is_view(pos);
        let mut perhaps_held: ArrayVec<PerhapsHeld, 64> = ArrayVec::new();
        self.path.push(key);
        while let Some((mv, stage)) = picker.next_move() {
            if mv == excluded
                || root
                    && (!self.shared.limits.search_moves.is_empty()
                        && !self.shared.limits.search_moves.contains(&mv)
                        || self.root_excluded.contains(&mv))
            {
                continue;
            }
            let hidden = if weighs_hidden {
                self.rules.hidden_decision(pos, mv)
            } else {
                HiddenDecision::Certain
            };
            // The root plays only what the mover surely can.
            match hidden {
                HiddenDecision::Duplicate => continue,
                HiddenDecision::Chance { .. } if root || perhaps_held.is_full() => continue,
                _ => {}
            }
            let quiet = picker.last_is_quiet();
            seen += 1;
            self.moved[ply] = if self.flags.continuation_history {
                piece_square(pos, mv)
            } else {
                NO_MOVE
            };
            // Shallow pruning of moves that do not give check, decided before the move is
            // played when the rules can tell a check without playing it.
            let flags = self.flags;
            let exchange = picker.last_exchange();
            // A decision held only perhaps never lifts `best`, so it may be pruned before
            // any certain decision is searched (the certain ones still are).
            let chance = matches!(hidden, HiddenDecision::Chance { .. });
            let prunable =
                !root && !in_check && (best > -MATE_BOUND || chance) && depth <= p.prune_depth;
            let pruned = || {
                // Late move pruning: at shallow depth, the late quiet moves rarely matter.
                let late = quiet
                    && flags.late_move_reductions
                    && seen > (p.lmp_base + depth * depth) as usize / (2 - usize::from(improving));
                // Futility pruning: a quiet move cannot lift a hopeless static eval to alpha.
                let futile = quiet
                    && flags.quiescence
                    && eval + p.futility_base + p.futility_per_depth * depth <= alpha;
                // Captures that lose material by static exchange, at shallow depth.
                let losing = stage == Stage::BadTactical
                    && flags.quiescence
                    && exchange < -p.see_margin * depth;
                late || futile || losing
            };
            let known_check = self.rules.gives_check(pos, mv);
            if prunable && known_check == Some(false) && pruned() {
                continue;
            }
            let mut child = pos.clone();
            self.rules.play_in(&mut child, mv, &mut self.data.scratch);
            self.shared.tt.prefetch(child.hash());
            let gives_check = known_check
                .unwrap_or_else(|| child.turn() != pos.turn() && self.rules.in_check(&child));
            if prunable && known_check.is_none() && !gives_check && pruned() {
                continue;
            }
            // Check extension: forcing lines are searched a ply deeper; so is a singular move.
            // A check that gives its piece away by static exchange forces nothing: the reply
            // takes the checker.
            let forcing_check = self.flags.check_extension
                && gives_check
                && (!self.flags.exchange_reductions
                    || !quiet && exchange >= 0
                    || quiet
                        && self
                            .rules
                            .static_exchange_in(pos, mv, &mut self.data.scratch)
                            >= 0);
            let wanted = forcing_check || (mv == hash_move && singular_extension > 0);
            let extension = i32::from(wanted && (ply as i32) < 2 * self.root_depth);
            let new_depth = depth - 1 + extension;
            searched += 1;
            let nodes_before = self.nodes;
            // A decision held only perhaps matters where it beats what its resource's other
            // decisions already reach: its window starts there.
            let move_alpha = match hidden {
                HiddenDecision::Chance { resource, .. } => perhaps_held
                    .iter()
                    .filter(|option| option.resource == resource)
                    .map(|option| option.value)
                    .fold(alpha, i32::max)
                    .min(beta - 1),
                _ => alpha,
            };
            let value = if searched == 1 {
                self.child_value(
                    pos,
                    &child,
                    new_depth,
                    move_alpha,
                    beta,
                    ply,
                    !pv_node && !cut_node,
                )
            } else {
                // Late move reductions: late quiet moves get a shallower null-window search
                // first, re-searched at full depth only if they surprise.
                let mut reduction = 0;
                // Captures that lose material by static exchange are late moves too.
                let losing_capture =
                    self.flags.exchange_reductions && stage == Stage::BadTactical && !gives_check;
                if self.flags.late_move_reductions
                    && depth >= 3
                    && !in_check
                    && (quiet || losing_capture)
                {
                    reduction = self.reductions[depth.min(63) as usize][searched.min(63)];
                    reduction -= i32::from(pv_node);
                    if losing_capture {
                        reduction -= 1;
                    } else {
                        reduction += i32::from(!improving);
                        reduction += i32::from(cut_node);
                        reduction += i32::from(marked_by_other);
                        reduction -= i32::from(gives_check);
                        if stage == Stage::Killer {
                            reduction -= 1;
                        }
                        let learnt = self.data.history.get(pos.turn(), mv)
                            + self.continuation_score(ply, self.moved[ply]);
                        reduction -= learnt / self.shared.parameters.lmr_history;
                    }
                    reduction = reduction.clamp(0, new_depth - 1);
                }
                // Principal variation search: a null window proves the move no better.
                let mut value = self.child_value(
                    pos,
                    &child,
                    new_depth - reduction,
                    move_alpha,
                    move_alpha + 1,
                    ply,
                    true,
                );
                if value > move_alpha && reduction > 0 {
                    value = self.child_value(
                        pos,
                        &child,
                        new_depth,
                        move_alpha,
                        move_alpha + 1,
                        ply,
                        !cut_node,
                    );
                }
                if value > move_alpha && value < beta && pv_node {
                    value = self.child_value(pos, &child, new_depth, move_alpha, beta, ply, false);
                }
                value
            };
            // A decision held only perhaps needs its value, not a bound, up to where it would
            // lift the node's mean to beta by itself: a window's bound mixed into the mean as a
            // value would make the node look worse for its mover than it is.
            let value = match hidden {
                HiddenDecision::Chance { probability, .. } if !self.aborted => {
                    let lifting = value_lifting_mean_to(beta, best, probability);
                    if value > move_alpha && value < lifting {
                        self.child_value(pos, &child, new_depth, move_alpha, lifting, ply, false)
                    } else {
                        value
                    }
                }
                _ => value,
            };
            if root && let Some(time) = self.time.as_mut() {
                time.count_root_move(mv, self.nodes - nodes_before);
            }
            if self.aborted {
                self.path.pop();
                if marked_by_me {
                    self.shared.marks.leave(key, self.index);
                }
                return 0;
            }
            if let HiddenDecision::Chance {
                resource,
                probability,
            } = hidden
            {
                perhaps_held.push(PerhapsHeld {
                    resource,
                    probability,
                    value,
                    decision: mv,
                });
                // The mean over the decisions searched so far is a lower bound of the mean
                // over all of them (more options only help the mover): it may cut already.
                if value >= beta && value_with_perhaps_held(best, &perhaps_held).0 >= beta {
                    break;
                }
            } else if value > best {
                best = value;
                if value > alpha {
                    best_move = mv;
                    alpha = value;
                    if pv_node {
                        self.update_pv(ply, mv);
                    }
                    if alpha >= beta {
                        if quiet {
                            self.reward_quiet(pos, mv, &quiets_tried, depth, ply);
                        }
                        break;
                    }
                }
            }
            if quiet && !quiets_tried.is_full() {
                quiets_tried.push(mv);
            }
        }
        self.path.pop();
        if marked_by_me {
            self.shared.marks.leave(key, self.index);
        }
        if searched == 0 {
            // Only possible at the root when `searchmoves` excludes every move.
            return alpha;
        }
        if !perhaps_held.is_empty() {
            let (value, lifted_by) = value_with_perhaps_held(best, &perhaps_held);
            if value > best {
                best = value;
                if value > original_alpha {
                    best_move = lifted_by.unwrap_or(best_move);
                }
            }
        }
        let bound = Bound::of_search(best, original_alpha, beta);
        // A root searched without some of its moves has not found the position's value.
        let whole_root =
            self.shared.limits.search_moves.is_empty() && self.root_excluded.is_empty();
        if excluded.is_null() && (!root || whole_root) {
            self.shared.tt.store(
                key,
                Entry {
                    best: best_move,
                    score: to_table(best, ply),
                    eval: static_eval,
                    depth,
                    bound,
                },
            );
        }
        best
    }

    /// A quiet move caused a cutoff: it becomes a killer and gains history, the quiet moves
    /// tried before it lose some.
    fn reward_quiet(
        &mut self,
        pos: &Position<R>,
        mv: Move,
        tried: &[Move],
        depth: i32,
        ply: usize,
    ) {
        let killers = &mut self.data.killers[ply];
        if killers[0] != mv {
            killers[1] = killers[0];
            killers[0] = mv;
        }
        if let Some(slot) = self.countermove_slot(ply) {
            self.data.countermoves[slot] = mv;
        }
        let shared = self.shared;
        let p = &shared.parameters;
        let bonus = (depth * depth * p.history_bonus).min(p.history_cap);
        let turn = pos.turn();
        self.data.history.update(turn, mv, bonus);
        for &other in tried {
            self.data.history.update(turn, other, -bonus);
        }
        for back in [1, 2] {
            let Some(at) = ply.checked_sub(back) else {
                break;
            };
            let earlier = self.moved[at];
            if earlier == NO_MOVE {
                continue;
            }
            let table = &mut self.data.continuation;
            table.update(earlier, piece_square(pos, mv), bonus);
            for &other in tried {
                table.update(earlier, piece_square(pos, other), -bonus);
            }
        }
    }

    /// The [`piece_square`] slot of the move that led to `ply`, if it was a move whose
    /// replies are learnt (not a null move, a chance outcome or the root).
    fn countermove_slot(&self, ply: usize) -> Option<usize> {
        if !self.flags.countermoves {
            return None;
        }
        let earlier = self.moved[ply.checked_sub(1)?];
        (earlier != NO_MOVE).then_some(earlier)
    }

    /// The continuation scores of the move with [`piece_square`] `slot` at `ply`.
    fn continuation_score(&self, ply: usize, slot: usize) -> i32 {
        [1, 2]
            .iter()
            .filter_map(|back| ply.checked_sub(*back))
            .map(|at| self.moved[at])
            .filter(|earlier| *earlier != NO_MOVE)
            .map(|earlier| i32::from(self.data.continuation.after(earlier)[slot]))
            .sum()
    }

    /// Quiescence search: only tactical moves (all moves when in check), standing pat on the
    /// static evaluation, so the horizon never falls in the middle of an exchange.
    /// `below_horizon` counts the plies of quiescence above this node, which
    /// [`SearchFlags::quiescence_plies`] may bound.
    fn quiescence(
        &mut self,
        pos: &Position<R>,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        below_horizon: u32,
    ) -> i32 {
        self.pv[ply].clear();
        if self.count_node() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply as u32);
        if let Some(outcome) = self.rules.terminal(pos) {
            return self.outcome_score(pos, outcome, ply);
        }
        // A chance node is a quiet leaf here: Star1 windows are wide, and without a depth
        // bound an expectation over every capture sequence would explode.
        let mut outcomes = Vec::new();
        let bounded = self
            .flags
            .quiescence_plies
            .is_some_and(|limit| below_horizon >= limit);
        if ply >= MAX_PLY - 1
            || !self.flags.quiescence
            || bounded
            || self.rules.chance(pos, &mut outcomes)
        {
            return self.rules.evaluate_in(pos, &mut self.data.scratch);
        }
        let key = pos.hash();
        let entry = self.shared.tt.probe(key);
        if let Some(entry) = entry
            && let Some(score) = cutoff_score(&entry, ply, alpha, beta)
        {
            return score;
        }
        // Evasions are searched only within a few plies of the horizon: where pieces move by
        // themselves after every move, checks can follow evasions without ever repeating a
        // position, and the line would otherwise run to the ply limit.
        let in_check = self.rules.in_check(pos) && (ply as i32) < 2 * self.root_depth + 8;
        let static_eval = if in_check {
            0
        } else {
            entry.map_or_else(
                || self.rules.evaluate_in(pos, &mut self.data.scratch),
                |e| e.eval,
            )
        };
        let mut best = -INFINITY;
        if !in_check {
            // Stand pat: the side to move may decline every capture.
            if static_eval >= beta {
                return static_eval;
            }
            alpha = alpha.max(static_eval);
            best = static_eval;
        }
        let original_alpha = alpha;
        let mut picker = MovePicker::empty();
        if in_check {
            picker.fill(
                self.rules,
                pos,
                Move::NULL,
                [Move::NULL; 3],
                QuietOrder::history(&self.data.history),
                &mut self.data.scratch,
            );
        } else {
            picker.fill_tactical(self.rules, pos, &self.data.history, &mut self.data.scratch);
        }
        if in_check && picker.is_empty() {
            let outcome = self.rules.no_move_outcome(pos);
            return self.outcome_score(pos, outcome, ply);
        }
        let mut best_move = Move::NULL;
        while let Some((mv, stage)) = picker.next_move() {
            if !in_check {
                // Losing captures are left out; the rest only if they could reach alpha
                // (delta pruning).
                if stage == Stage::BadTactical {
                    break;
                }
                if mv.flag() != crate::moves::MoveFlag::Promotion
                    && static_eval
                        + picker.last_exchange().max(self.rules.gain_in(
                            pos,
                            mv,
                            &mut self.data.scratch,
                        ))
                        + self.shared.parameters.delta_margin
                        < alpha
                {
                    continue;
                }
            }
            let mut child = pos.clone();
            self.rules.play_in(&mut child, mv, &mut self.data.scratch);
            self.shared.tt.prefetch(child.hash());
            let value = self.quiescence_child(pos, &child, alpha, beta, ply, below_horizon + 1);
            if self.aborted {
                return 0;
            }
            if value > best {
                best = value;
                if value > alpha {
                    alpha = value;
                    best_move = mv;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let bound = Bound::of_search(best, original_alpha, beta);
        self.shared.tt.store(
            key,
            Entry {
                best: best_move,
                score: to_table(best, ply),
                eval: static_eval,
                depth: 0,
                bound,
            },
        );
        best
    }

    // ----- iterative deepening -----

    fn report(&self, multipv: usize, depth: u32, score: i32, pv: &[Move]) -> Report {
        self.publish_nodes();
        Report {
            multipv,
            depth,
            seldepth: self.seldepth,
            score: to_score(score),
            nodes: self.shared.total_nodes(),
            time: self.shared.start.elapsed(),
            hashfull: self.shared.tt.hashfull(),
            pv: pv.to_vec(),
        }
    }

    /// Iterative deepening with aspiration windows. The main thread reports each finished
    /// iteration through `report` and decides when the search ends; helpers search until it
    /// does, skipping depths that enough threads already cover.
    pub fn iterate(&mut self, root: &Position<R>, mut report: impl FnMut(Report)) -> ThreadResult {
        let limits = self.shared.limits;
        let mut result = ThreadResult::nothing(false);
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 2)
            .clamp(1, MAX_PLY as u32 - 2);
        let mut stable = 0u32;
        let mut depth = 1;
        while depth <= max_depth {
            if self.index != 0 && depth > 1 {
                let crowd = self.shared.searching[depth as usize].load(Ordering::Relaxed);
                if crowd as usize >= self.shared.threads.div_ceil(2) && depth < max_depth {
                    depth += 1;
                    continue;
                }
            }
            self.shared.searching[depth as usize].fetch_add(1, Ordering::Relaxed);
            self.root_depth = depth as i32;
            let value = self.aspiration(root, depth as i32, result.score);
            // MultiPV: the first line is the search for one line; the others follow it.
            let mut first_line = None;
            let mut more_lines = Vec::new();
            if self.shared.lines > 1 && !self.aborted {
                let first = Line {
                    score: value,
                    pv: self.pv[0].clone(),
                };
                more_lines = self.search_more_lines(root, depth as i32, &first, &result);
                first_line = Some(first);
            }
            self.shared.searching[depth as usize].fetch_sub(1, Ordering::Relaxed);
            if self.superseded && !self.search_is_over() {
                // Another thread finished this depth first: take its line and go deeper.
                self.aborted = false;
                self.superseded = false;
                let Some(line) = self.shared.finished.lock().ok().and_then(|l| l.clone()) else {
                    continue;
                };
                stable = if line.best == result.best {
                    stable + 1
                } else {
                    0
                };
                depth = line.depth + 1;
                result = line;
                if self.index == 0 {
                    self.report_lines(&result, &mut report);
                    if self.iteration_ends_search(&result, stable) {
                        break;
                    }
                }
                continue;
            }
            if self.aborted {
                result.interrupted = true;
                match first_line {
                    // The first line finished this depth before a further line was stopped:
                    // it stands, then the lines this depth found, then those of the last
                    // depth (its first line too) that start with other moves.
                    Some(first) if !first.pv.is_empty() => {
                        let mut earlier = vec![Line {
                            score: result.score,
                            pv: std::mem::take(&mut result.pv),
                        }];
                        earlier.append(&mut result.more_lines);
                        result.more_lines =
                            stopped_lines(&first, more_lines, earlier, self.shared.lines);
                        result.best = first.pv[0];
                        result.score = first.score;
                        result.depth = depth;
                        result.seldepth = self.seldepth;
                        result.pv = first.pv;
                    }
                    // A move that beat the first (previous best) move in the unfinished
                    // iteration is still better information than the previous iteration's
                    // choice.
                    _ => {
                        if let Some(&best) = self.pv[0].first() {
                            if self.shared.lines > 1 && best != result.best {
                                // The last depth's first line becomes one of the others.
                                let first = Line {
                                    score: result.score,
                                    pv: self.pv[0].clone(),
                                };
                                let mut earlier = vec![Line {
                                    score: result.score,
                                    pv: std::mem::take(&mut result.pv),
                                }];
                                earlier.append(&mut result.more_lines);
                                result.more_lines =
                                    stopped_lines(&first, Vec::new(), earlier, self.shared.lines);
                            }
                            result.best = best;
                            result.pv = self.pv[0].clone();
                            if result.depth == 0 {
                                result.score = value;
                            }
                        }
                    }
                }
                break;
            }
            let top = match first_line {
                Some(first) => best_line_first(first, &mut more_lines),
                None => Line {
                    score: value,
                    pv: self.pv[0].clone(),
                },
            };
            let best = top.pv.first().copied().unwrap_or(result.best);
            stable = if best == result.best { stable + 1 } else { 0 };
            result = ThreadResult {
                best,
                score: top.score,
                depth,
                seldepth: self.seldepth,
                pv: top.pv,
                more_lines,
                interrupted: false,
            };
            if result.pv.is_empty() && !best.is_null() {
                result.pv.push(best);
            }
            self.publish_finished(&result);
            if self.index == 0 {
                self.report_lines(&result, &mut report);
                if self.iteration_ends_search(&result, stable) {
                    break;
                }
            } else if limits.depth == Some(depth) {
                // A helper finished the requested depth first: the search is done.
                self.shared.abort.store(true, Ordering::Relaxed);
                break;
            }
            depth += 1;
        }
        self.publish_nodes();
        result
    }

    /// Reports every line of a finished iteration, best first (one line unless MultiPV).
    fn report_lines(&self, result: &ThreadResult, report: &mut impl FnMut(Report)) {
        report(self.report(1, result.depth, result.score, &result.pv));
        for (index, line) in result.more_lines.iter().enumerate() {
            report(self.report(index + 2, result.depth, line.score, &line.pv));
        }
    }

    /// MultiPV: the lines after `first` at this depth. Each is the best line among the root
    /// moves no earlier line starts with, searched in an aspiration window around its score
    /// at the last depth (`previous`). An abort ends them early: the lines found so far.
    fn search_more_lines(
        &mut self,
        root: &Position<R>,
        depth: i32,
        first: &Line,
        previous: &ThreadResult,
    ) -> Vec<Line> {
        let mut lines = Vec::with_capacity(self.shared.lines - 1);
        self.root_excluded.clear();
        self.root_excluded.extend(first.pv.first().copied());
        for index in 1..self.shared.lines {
            let guess = previous
                .more_lines
                .get(index - 1)
                .map_or(first.score, |line| line.score);
            let value = self.aspiration(root, depth, guess);
            if self.aborted {
                break;
            }
            let Some(&start) = self.pv[0].first() else {
                break;
            };
            self.root_excluded.push(start);
            lines.push(Line {
                score: value,
                pv: self.pv[0].clone(),
            });
        }
        self.root_excluded.clear();
        lines
    }

    /// Whether the search as a whole is over (stopped, or a limit reached), not only this
    /// thread's iteration.
    fn search_is_over(&self) -> bool {
        self.shared.stop.load(Ordering::Relaxed) || self.shared.abort.load(Ordering::Relaxed)
    }

    /// Offers a finished iteration to the other threads, if no thread went as deep before.
    fn publish_finished(&self, result: &ThreadResult) {
        if let Ok(mut finished) = self.shared.finished.lock()
            && finished
                .as_ref()
                .is_none_or(|line| line.depth < result.depth)
        {
            *finished = Some(result.clone());
            self.shared
                .finished_depth
                .store(result.depth, Ordering::Relaxed);
        }
    }

    fn aspiration(&mut self, root: &Position<R>, depth: i32, previous: i32) -> i32 {
        let mut delta = self.shared.parameters.aspiration;
        let (mut alpha, mut beta) = if depth >= 4 && previous.abs() < MATE_BOUND {
            (
                (previous - delta).max(-INFINITY),
                (previous + delta).min(INFINITY),
            )
        } else {
            (-INFINITY, INFINITY)
        };
        loop {
            let value = self.negamax(root, depth, alpha, beta, 0, false);
            if self.aborted {
                return value;
            }
            if value <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (value - delta).max(-INFINITY);
            } else if value >= beta {
                beta = (value + delta).min(INFINITY);
            } else {
                return value;
            }
            delta += delta / 2 + 5;
            if delta > 1000 {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    /// The main thread's decision after an iteration: stop for time, because a mate is
    /// settled, or because the mate `go mate` asked for is found.
    fn iteration_ends_search(&mut self, result: &ThreadResult, stable: u32) -> bool {
        let limits = self.shared.limits;
        // `go mate`: the mate asked for is found (a held answer still waits for its release).
        if limits.mate_found(to_score(result.score)) {
            return true;
        }
        let Some(elapsed) = self.clock_elapsed() else {
            return false; // pondering: only ponderhit or stop ends the search
        };
        if !limits.is_timed() {
            return false;
        }
        // A forced mate found with depth to spare will not change.
        if result.score.abs() >= MATE_BOUND {
            let plies = (MATE - result.score.abs()) as u32;
            if result.depth >= plies + 4 {
                return true;
            }
        }
        let Some(time) = self.time.as_ref() else {
            return false;
        };
        let Some(soft) = time.budget.soft else {
            return false;
        };
        if limits.movetime.is_some() {
            return elapsed >= soft;
        }
        // A best move that keeps winning the iterations needs less time; one that changes
        // needs more. The next iteration takes longer than all before it, so stop early.
        let factor = match stable {
            0 => 1.3,
            1 => 1.0,
            2 | 3 => 0.8,
            _ => 0.6,
        };
        // So does a best move that took most of the root's nodes, against one the search
        // barely looked at while refuting the others.
        let effort_factor = (1.5 - time.share_of_effort(result.best)) * 1.35;
        elapsed.as_secs_f64() >= soft.as_secs_f64() * factor * effort_factor * 0.6
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn perhaps(resource: u16, probability: f64, value: i32) -> PerhapsHeld {
        PerhapsHeld {
            resource,
            probability,
            value,
            decision: Move::normal(shakmaty::Square::A2, shakmaty::Square::A3),
        }
    }

    fn options(list: &[PerhapsHeld]) -> ArrayVec<PerhapsHeld, 64> {
        list.iter().copied().collect()
    }

    #[test]
    fn a_decision_held_surely_counts_whole_and_one_never_held_not_at_all() {
        assert_eq!(
            value_with_perhaps_held(0, &options(&[perhaps(1, 1.0, 250)])).0,
            250
        );
        assert_eq!(
            value_with_perhaps_held(0, &options(&[perhaps(1, 0.0, 250)])).0,
            0
        );
        // Worse than the certain decision: the mover plays that one, held or not.
        assert_eq!(
            value_with_perhaps_held(80, &options(&[perhaps(1, 0.9, 50)])),
            (80, None)
        );
    }

    #[test]
    fn the_mean_mixes_expected_results_best_resource_first() {
        // Half a chance of +400 (an expected result of 10/11) over a certain 0 (one half):
        // 0.7045, which is +151.
        let (value, lifted_by) = value_with_perhaps_held(0, &options(&[perhaps(1, 0.5, 400)]));
        assert_eq!(value, 151);
        assert!(lifted_by.is_some());
        // A second resource counts only where the first is not held; one resource's best
        // decision stands for it.
        let both = options(&[
            perhaps(2, 0.5, 200),
            perhaps(1, 0.5, 400),
            perhaps(1, 0.5, 300),
        ]);
        let expected =
            0.5 * expected_result(400) + 0.25 * expected_result(200) + 0.25 * expected_result(0);
        let expected = centipawns_of(expected).round() as i32;
        assert_eq!(value_with_perhaps_held(0, &both).0, expected);
    }

    #[test]
    fn a_mate_held_only_perhaps_is_a_good_chance_not_a_mate() {
        let (value, _) = value_with_perhaps_held(0, &options(&[perhaps(1, 0.5, MATE - 3)]));
        assert!(value > 0 && value < MATE_BOUND, "{value}");
        // A certain mate stays one.
        let (value, _) = value_with_perhaps_held(MATE - 5, &options(&[perhaps(1, 0.5, 10)]));
        assert_eq!(value, MATE - 5);
    }

    #[test]
    fn without_a_certain_decision_the_worst_held_one_stands_in() {
        let (value, _) = value_with_perhaps_held(-INFINITY, &options(&[perhaps(1, 0.3, -40)]));
        assert_eq!(value, -40);
    }

    #[test]
    fn the_value_lifting_the_mean_to_beta_does_so_and_no_less_does() {
        for (beta, certain, probability) in [(50, 0, 0.5), (10, -30, 0.2), (300, 100, 0.9)] {
            let lifting = value_lifting_mean_to(beta, certain, probability);
            let at = |value| {
                value_with_perhaps_held(certain, &options(&[perhaps(1, probability, value)])).0
            };
            assert!(
                at(lifting) >= beta,
                "{beta} {certain} {probability}: {lifting}"
            );
            // Less by what moves the mean two centipawns is short of it.
            let short = lifting - (2.0 / probability) as i32 - 1;
            assert!(
                at(short) < beta,
                "{beta} {certain} {probability}: {lifting}"
            );
        }
        // A small chance cannot lift a mean far enough: no value does.
        assert_eq!(value_lifting_mean_to(600, 0, 0.1), INFINITY);
    }

    #[test]
    fn the_effort_share_sums_each_root_move_over_iterations() {
        let mut time = TimeKeeper {
            budget: Budget::default(),
            clock_start: None,
            root_move_nodes: Vec::new(),
        };
        let (first, second) = (
            Move::normal(shakmaty::Square::E2, shakmaty::Square::E4),
            Move::normal(shakmaty::Square::D2, shakmaty::Square::D4),
        );
        assert_eq!(time.share_of_effort(first), 0.0, "nothing searched yet");
        time.count_root_move(first, 300);
        time.count_root_move(second, 100);
        time.count_root_move(first, 400);
        assert_eq!(time.share_of_effort(first), 0.875);
        assert_eq!(time.share_of_effort(second), 0.125);
    }

    #[test]
    fn a_stopped_iteration_keeps_lines_with_moves_of_their_own() {
        let line = |from: shakmaty::Square, score: i32| Line {
            score,
            pv: vec![Move::normal(from, shakmaty::Square::A8)],
        };
        use shakmaty::Square::{B1, C1, D1, E1};
        let first = line(B1, 50);
        // This depth found C1's line; the last depth had B1 (now first), D1 and C1, E1.
        let found = vec![line(C1, 40)];
        let earlier = vec![line(B1, 45), line(D1, 30), line(C1, 20), line(E1, 10)];
        let kept = stopped_lines(&first, found, earlier, 4);
        let starts: Vec<(i32, Move)> = kept.iter().map(|l| (l.score, l.pv[0])).collect();
        assert_eq!(
            starts,
            vec![
                (40, Move::normal(C1, shakmaty::Square::A8)),
                (30, Move::normal(D1, shakmaty::Square::A8)),
                (10, Move::normal(E1, shakmaty::Square::A8)),
            ]
        );
        assert_eq!(stopped_lines(&first, Vec::new(), Vec::new(), 4).len(), 0);
        // As many lines as asked whenever the last depth had them: its lines start with
        // distinct moves, so each move this depth took from it frees one of its lines.
        let earlier = vec![line(E1, 60), line(B1, 45), line(C1, 20)];
        let kept = stopped_lines(&first, vec![line(C1, 40)], earlier, 3);
        assert_eq!(kept.len(), 2, "{kept:?}");
        assert_eq!(kept[1].pv[0], Move::normal(E1, shakmaty::Square::A8));
    }

    #[test]
    fn clearing_a_thread_forgets_the_rules_scratch() {
        let mut data = ThreadData::new();
        assert!(data.is_fresh());
        // What a variant keeps there (any type of its own).
        *data.scratch.get::<u32>() = 1;
        assert!(!data.is_fresh(), "a kept scratch is something learnt");
        data.clear();
        assert!(data.is_fresh());
    }
}
