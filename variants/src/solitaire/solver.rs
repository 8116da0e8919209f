//! The solitaires' solvers, generic over the [`Solitaire`] hooks both games implement.
//!
//! With everything known (an open pile, or a phase where nothing hidden matters any more),
//! [`solve_open`] finds the fewest cards that win by iterative-deepening A*: depth-first
//! passes under a growing threshold on cards spent plus an admissible bound on the cards
//! still needed, with a transposition table of proven bounds shared by the passes (and by
//! the rayon threads that split the root). Every solution IDA* finds is optimal: a pass finds
//! nothing cheaper than its threshold, and the threshold only grows to the next bound seen.
//!
//! From a view ([`expectimax`]), the best policy maximises the expected score over the cards
//! not yet seen: decisions are maximised, the turned cards averaged by how many copies may be
//! there. Both kinds of node are cut by upper bounds from the same admissible bound (Ballard's
//! Star1 at chance nodes), and whatever is certain from a node on is solved by IDA*.
//!
//! What the solvers keep between decisions of one game (the plan under way, each thread's
//! scratch for the rules' bounds) is the game's [`Memory`], in the [`SolverMemory`] its
//! holder lends through [`SolveLimits::memory`].

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use rayon::prelude::*;

use amity_engine::position::MAX_KINDS;
use amity_engine::rules::Refereed;
use amity_engine::{
    ChanceOutcome, Color, Kind, Move, MoveList, Position, PuzzleScore, Rules, RulesExt, Scratch,
    Solution, SolveLimits, SolverMemory,
};

use super::Touch;

/// What the solvers need of a solitaire beyond its [`Rules`]. Scores are the game's own:
/// larger is better, and a win that spends `c` more cards from `pos` scores
/// `score_after(pos, c)`.
pub trait Solitaire: Rules {
    /// How pieces must touch to stand connected.
    const TOUCH: Touch;

    /// Cards a decision spends.
    fn cost(&self, pos: &Position<Self>, mv: Move) -> u32;

    /// The most cards that may still be spent: a win must come within them.
    fn budget(&self, pos: &Position<Self>) -> u32;

    /// The score of a win after spending `spent` more cards.
    fn score_after(&self, pos: &Position<Self>, spent: u32) -> i32;

    /// The score of a game that never connects.
    fn lost_score(&self) -> i32;

    /// Whether the pieces stand connected (the game is won).
    fn won(&self, pos: &Position<Self>) -> bool;

    /// An admissible bound: no win from `pos` spends fewer cards. `scratch` is the calling
    /// thread's, lent by the solver: the game keeps there what its bounds worked out.
    fn lower_bound_in(&self, pos: &Position<Self>, scratch: &mut Scratch) -> u32 {
        self.lower_bound_within(pos, u32::MAX, scratch)
    }

    /// [`Self::lower_bound_in`] where only whether it exceeds `allowance` matters: a bound
    /// above `allowance` may be answered with any smaller one that is still above it, so a
    /// costly refinement can be skipped when a cheap bound already cuts the line. A game whose
    /// bound has nothing to skip ignores `allowance`.
    fn lower_bound_within(
        &self,
        pos: &Position<Self>,
        allowance: u32,
        scratch: &mut Scratch,
    ) -> u32;

    /// [`Self::lower_bound_in`] asked once, with a scratch of its own.
    fn lower_bound(&self, pos: &Position<Self>) -> u32 {
        self.lower_bound_in(pos, &mut Scratch::new())
    }

    /// Whether the rest of the game depends on nothing the position hides (so [`solve_open`]
    /// finds its value). The default: a full state.
    fn certain(&self, pos: &Position<Self>) -> bool {
        !self.is_view(pos)
    }

    /// The key of `pos` in the transposition table: its hash, unless the cards still needed
    /// depend on less (a game's last phase, where only the board counts).
    fn table_key(&self, pos: &Position<Self>) -> u64 {
        pos.hash()
    }

    /// The chance outcome a blind add turns in the full state `state`: its top card(s).
    fn turned(&self, state: &Position<Self>) -> Option<Move>;

    /// How many full states, drawn from those a view allows, estimate the value of a blind
    /// add beyond the policy's horizon (each solved open, within [`LEAF_NODES`]). Zero: the
    /// policy never turns a card beyond its horizon. A game whose cheapest way to finish
    /// almost always turns more cards than any affordable horizon needs an estimate there.
    fn horizon_samples(&self) -> u32 {
        0
    }

    /// A full state drawn from those `view` allows, where `view` has just decided a blind
    /// add: the add made with the cards that state turns. The default is
    /// [`Rules::sample_state`], for games whose sampling already makes a pending add.
    fn sample_turned(&self, view: &Position<Self>, rng: &mut rand::rngs::StdRng) -> Position<Self> {
        self.sample_state(view, rng)
    }

    /// The position a deal written as text starts from (RULES.md's deal notation).
    ///
    /// # Errors
    /// Why the text is no deal of this game.
    fn deal_from_text(&self, text: &str) -> Result<Position<Self>, String>;

    /// A shuffled deal, in the notation [`Solitaire::deal_from_text`] reads.
    fn random_deal_text(&self, rng: &mut rand::rngs::StdRng) -> String;
}

// ----- the transposition table -----

/// Bounds on the cards still needed, proven by IDA* passes, keyed by position hash: entries
/// of one atomic word (the hash's high bits and the bound in the low byte), so threads share
/// it without locks and a torn or foreign entry is simply not recognised.
pub struct Table {
    entries: Vec<AtomicU64>,
}

/// A bound meaning "no win at all from here".
const DEAD: u32 = 0xFF;

/// What [`Solitaire::lower_bound`] answers when no win is possible at all.
pub const UNREACHABLE: u32 = DEAD;
const BOUND_BITS: u64 = 0xFF;

impl Table {
    /// A table of about `megabytes` MiB.
    pub fn new(megabytes: usize) -> Table {
        let count = (megabytes.max(1) << 20) / std::mem::size_of::<AtomicU64>();
        // A power of two, so a hash's low bits pick the slot.
        let count = 1usize << (usize::BITS - 1 - count.leading_zeros());
        Table {
            entries: (0..count).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    fn slot(&self, hash: u64) -> &AtomicU64 {
        &self.entries[(hash as usize) & (self.entries.len() - 1)]
    }

    /// The proven bound on the cards still needed from the position with this hash (0 if none).
    fn bound(&self, hash: u64) -> u32 {
        let entry = self.slot(hash).load(Ordering::Relaxed);
        if entry & !BOUND_BITS == hash & !BOUND_BITS && entry != 0 {
            (entry & BOUND_BITS) as u32
        } else {
            0
        }
    }

    fn store(&self, hash: u64, bound: u32) {
        let entry = (hash & !BOUND_BITS) | u64::from(bound.min(DEAD));
        self.slot(hash).store(entry, Ordering::Relaxed);
    }
}

// ----- what a game's solver keeps -----

/// What the solvers keep of one game from one decision to the next, in the game's
/// [`SolverMemory`]: the plans under way and the scratch of the rules' bounds.
#[derive(Default)]
pub struct Memory {
    /// Wins that [`unsolved_decision`] chose, by the hash of every position on them (each
    /// with the rest of its win from there). Each decision's beam ranks positions afresh,
    /// and a beam from the position one move on may well start its win with the move back; a
    /// player whose every decision is cut short could then go back and forth spending
    /// cards. Weighing the rest of the plan under way against each fresh beam means the
    /// cards the chosen win costs never rise from one decision to the next. The protocols
    /// answer each `go` on a thread of its own, so the plans are the game's, not a thread's;
    /// a remembered line is replayed before use, so a position that shares a hash is never
    /// misled.
    plans: Mutex<HashMap<u64, Vec<Move>>>,
    /// Scratch not lent at the moment: the rules keep what their bounds work out in it
    /// (Neighbour's Steiner trees), and every thread that works at once borrows its own.
    idle: Mutex<Vec<Scratch>>,
}

impl Memory {
    /// The solvers' memory of the game that `memory` belongs to.
    pub fn of(memory: &SolverMemory) -> Arc<Memory> {
        memory.get::<Memory>()
    }

    /// A scratch for one thread's work, given back when the loan is dropped.
    fn lend(self: &Arc<Memory>) -> Loan {
        let scratch = self
            .idle
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .pop()
            .unwrap_or_default();
        Loan {
            memory: Arc::clone(self),
            scratch,
        }
    }

    /// The plans, whatever a panicking thread left them as: a plan is replayed before it is
    /// followed.
    fn plans(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Vec<Move>>> {
        self.plans.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// A scratch of a [`Memory`] lent to one thread.
struct Loan {
    memory: Arc<Memory>,
    scratch: Scratch,
}

impl Drop for Loan {
    fn drop(&mut self) {
        let scratch = std::mem::take(&mut self.scratch);
        self.memory
            .idle
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(scratch);
    }
}

// ----- IDA* -----

/// What [`solve_open`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenAnswer {
    /// The fewest cards a win spends; `None` if no win exists (or none was found before the
    /// limits expired: see `complete`).
    pub cost: Option<u32>,
    /// A line of decisions that wins spending `cost` cards.
    pub line: Vec<Move>,
    pub nodes: u64,
    /// False when the limits expired before the answer was proven.
    pub complete: bool,
    /// No win spends fewer cards than this (proven by the passes that finished): the optimum
    /// when `cost` is proven, a floor under it when the limits expired first.
    pub at_least: u32,
}

/// How a pass of IDA* ended below a node.
enum Pass {
    /// A win within the threshold: the line from this node.
    Found(Vec<Move>),
    /// No win within the threshold; the least total (spent + bound) seen beyond it.
    Exceeded(u32),
    /// The limits expired.
    Stopped,
}

/// How often (in nodes) a search looks at its limits.
/// A position's lower bound can cost tens of microseconds (a matching of pieces to squares),
/// and an answer to `stop` or a clock's share is due within milliseconds; a look costs a
/// clock read, well under a microsecond.
const LIMIT_CHECK_NODES: u64 = 8;

/// How often (in nodes) expectimax looks at its limits: every node, and before each child's
/// bound. A node plays and bounds every child, dozens of positions, up to tens of
/// milliseconds near the end of a Neighbour deal; looking every sixteenth node overran a
/// 26 ms share of a fast clock by 120 ms.
const EXPECTIMAX_CHECK_NODES: u64 = 1;

struct Pass_<'a, R: Solitaire> {
    rules: &'a R,
    table: &'a Table,
    limits: SolveLimits<'a>,
    scratch: &'a mut Scratch,
    /// Raised by the thread that finds a win, so the others stop.
    found: &'a AtomicBool,
    nodes: u64,
    /// Nodes the earlier passes counted, for the node limit.
    before: u64,
}

impl<R: Solitaire> Pass_<'_, R> {
    /// Depth-first below `pos`, which `spent` cards reached, within `threshold`.
    fn search(&mut self, pos: &Position<R>, spent: u32, threshold: u32) -> Pass {
        self.nodes += 1;
        if self.nodes.is_multiple_of(LIMIT_CHECK_NODES)
            && (self.limits.expired()
                || self.limits.out_of_nodes(self.before + self.nodes)
                || self.found.load(Ordering::Relaxed))
        {
            return Pass::Stopped;
        }
        if self.rules.won(pos) {
            return Pass::Found(Vec::new());
        }
        let key = self.rules.table_key(pos);
        let proven = self.table.bound(key);
        // The table's bound costs nothing; the rules' bound is refined only while it matters.
        let needed = if proven >= DEAD || spent + proven > threshold {
            proven
        } else {
            let allowance = threshold - spent;
            self.rules
                .lower_bound_within(pos, allowance, self.scratch)
                .max(proven)
        };
        if needed >= DEAD {
            return Pass::Exceeded(u32::MAX);
        }
        // The threshold never exceeds the budget, so this also ends lines that run out of
        // cards, and every bound stored below holds whatever the cards left.
        if spent + needed > threshold {
            return Pass::Exceeded(spent + needed);
        }
        let mut moves = MoveList::new();
        self.rules.generate(pos, &mut moves);
        let mut least = u32::MAX;
        for &mv in moves.iter() {
            let mut child = pos.clone();
            self.rules.play(&mut child, mv);
            let cost = self.rules.cost(pos, mv);
            match self.search(&child, spent + cost, threshold) {
                Pass::Found(mut line) => {
                    line.insert(0, mv);
                    return Pass::Found(line);
                }
                Pass::Exceeded(total) => least = least.min(total),
                Pass::Stopped => return Pass::Stopped,
            }
        }
        // Every win from here spends more than `least - spent` cards (or there is none).
        let proven = if least == u32::MAX {
            DEAD
        } else {
            least - spent
        };
        self.table.store(key, proven);
        Pass::Exceeded(least)
    }
}

/// The fewest cards that win from `pos` (a full state, or a view whose decisions are all
/// certain: a blind add there ends the line), by IDA*; the root's decisions are shared among
/// rayon's threads when `parallel`.
pub fn solve_open<R: Solitaire>(
    rules: &R,
    pos: &Position<R>,
    table: &Table,
    limits: SolveLimits,
    parallel: bool,
) -> OpenAnswer {
    let memory = Memory::of(limits.memory);
    let mut loan = memory.lend();
    solve_open_in(rules, pos, table, limits, parallel, &mut loan.scratch)
}

/// [`solve_open`] with the calling thread's `scratch`; the threads that share the root's
/// decisions borrow scratch of the game's [`Memory`].
fn solve_open_in<R: Solitaire>(
    rules: &R,
    pos: &Position<R>,
    table: &Table,
    limits: SolveLimits,
    parallel: bool,
    scratch: &mut Scratch,
) -> OpenAnswer {
    let mut answer = OpenAnswer {
        cost: None,
        line: Vec::new(),
        nodes: 0,
        complete: true,
        at_least: 0,
    };
    if rules.won(pos) {
        answer.cost = Some(0);
        return answer;
    }
    let budget = rules.budget(pos);
    let mut moves = MoveList::new();
    rules.generate(pos, &mut moves);
    let children: Vec<(Move, u32, Position<R>)> = moves
        .iter()
        .map(|&mv| {
            let mut child = pos.clone();
            rules.play(&mut child, mv);
            (mv, rules.cost(pos, mv), child)
        })
        .collect();
    let mut threshold = rules.lower_bound_in(pos, scratch);
    let memory = Memory::of(limits.memory);
    while threshold <= budget {
        answer.at_least = threshold;
        let found = AtomicBool::new(false);
        // Nodes counted so far, by every pass and every finished root child of this one.
        let counted = AtomicU64::new(answer.nodes);
        let run = |scratch: &mut Scratch, (mv, cost, child): &(Move, u32, Position<R>)| {
            let mut pass = Pass_ {
                rules,
                table,
                limits,
                scratch,
                found: &found,
                nodes: 0,
                before: counted.load(Ordering::Relaxed),
            };
            let result = pass.search(child, *cost, threshold);
            counted.fetch_add(pass.nodes, Ordering::Relaxed);
            if let Pass::Found(_) = result {
                found.store(true, Ordering::Relaxed);
            }
            (*mv, result, pass.nodes)
        };
        let results: Vec<(Move, Pass, u64)> = if parallel {
            children
                .par_iter()
                .map_init(
                    || memory.lend(),
                    |loan, child| run(&mut loan.scratch, child),
                )
                .collect()
        } else {
            let mut results = Vec::with_capacity(children.len());
            for child in &children {
                let result = run(scratch, child);
                let done = matches!(result.1, Pass::Found(_));
                results.push(result);
                if done {
                    break;
                }
            }
            results
        };
        let mut least = u32::MAX;
        let mut stopped = false;
        for (mv, result, nodes) in results {
            answer.nodes += nodes;
            match result {
                Pass::Found(line) if answer.cost.is_none() => {
                    answer.line = std::iter::once(mv).chain(line).collect();
                    answer.cost = Some(threshold);
                }
                Pass::Found(_) => {}
                Pass::Exceeded(total) => least = least.min(total),
                Pass::Stopped => stopped = true,
            }
        }
        if answer.cost.is_some() {
            // Whatever found it first, every win a pass finds costs exactly its threshold.
            let spent: u32 = line_cost(rules, pos, &answer.line);
            answer.cost = Some(spent);
            return answer;
        }
        if stopped {
            answer.complete = false;
            return answer;
        }
        if std::env::var_os("AMITY_SOLVER_TRACE").is_some() {
            eprintln!("threshold {threshold}: nodes so far {}", answer.nodes);
        }
        if least == u32::MAX {
            break;
        }
        threshold = least;
    }
    // No win within the budget: more cards than it would be needed.
    answer.at_least = answer.at_least.max(budget.saturating_add(1));
    answer
}

/// Cards a line spends from `pos`.
pub fn line_cost<R: Solitaire>(rules: &R, pos: &Position<R>, line: &[Move]) -> u32 {
    let mut pos = pos.clone();
    let mut spent = 0;
    for &mv in line {
        spent += rules.cost(&pos, mv);
        rules.play(&mut pos, mv);
    }
    spent
}

/// How far the pieces of `pos` are from standing together, to break ties between equal
/// bounds: the groups they form, then the width plus height of the box round them.
fn closeness<R: Solitaire>(_rules: &R, pos: &Position<R>) -> (u32, u32) {
    let occupied = pos.occupied();
    let (mut files, mut ranks) = (0u8, 0u8);
    for square in occupied {
        files |= 1 << (square as u32 % 8);
        ranks |= 1 << (square as u32 / 8);
    }
    let span = |set: u8| {
        if set == 0 {
            0
        } else {
            8 - set.leading_zeros() - set.trailing_zeros()
        }
    };
    (R::TOUCH.groups(occupied), span(files) + span(ranks))
}

/// A win from `pos` that is not proven the cheapest, for an upper bound on the optimum where
/// IDA* ran out of positions first: a beam search over the cards spent. The positions reached
/// with the same cards spent are ranked by the bound on the cards they still need and only
/// the `width` best are expanded (ties broken by [`closeness`]); the first win reached is the cheapest the beam saw. The
/// cards it spends and its line.
pub fn best_found<R: Solitaire>(
    rules: &R,
    pos: &Position<R>,
    width: usize,
) -> Option<(u32, Vec<Move>)> {
    best_found_until(rules, pos, width, &|| false, &mut Scratch::new())
}

/// [`best_found`], giving up (`None`) as soon as `give_up` says so; it is asked before each
/// position is expanded, so a beam inside a timed search ends with it. `scratch` is the
/// calling thread's.
pub fn best_found_until<R: Solitaire>(
    rules: &R,
    pos: &Position<R>,
    width: usize,
    give_up: &dyn Fn() -> bool,
    scratch: &mut Scratch,
) -> Option<(u32, Vec<Move>)> {
    use std::collections::{BTreeMap, HashSet};
    // A position reached, with its bound and the line that reached it.
    type Reached<R> = (u32, Position<R>, Vec<Move>);
    // Positions by cards spent.
    let mut levels: BTreeMap<u32, Vec<Reached<R>>> = BTreeMap::new();
    levels.insert(
        0,
        vec![(rules.lower_bound_in(pos, scratch), pos.clone(), Vec::new())],
    );
    let mut seen: HashSet<u64> = HashSet::new();
    let budget = rules.budget(pos);
    while let Some((spent, mut level)) = levels.pop_first() {
        level.sort_by_cached_key(|(needed, node, _)| {
            let (groups, span) = closeness(rules, node);
            (groups + needed, span)
        });
        let mut expanded = 0;
        for (_, node, line) in level {
            if expanded == width || give_up() {
                break;
            }
            if !seen.insert(node.hash()) {
                continue;
            }
            if rules.won(&node) {
                return Some((spent, line));
            }
            expanded += 1;
            let mut moves = MoveList::new();
            rules.generate(&node, &mut moves);
            for &mv in moves.iter() {
                let mut child = node.clone();
                rules.play(&mut child, mv);
                let cost = spent + rules.cost(&node, mv);
                let needed = if rules.won(&child) {
                    0
                } else {
                    rules.lower_bound_in(&child, scratch)
                };
                if needed < DEAD && cost + needed <= budget {
                    let mut longer = line.clone();
                    longer.push(mv);
                    levels
                        .entry(cost)
                        .or_default()
                        .push((needed, child, longer));
                }
            }
        }
    }
    None
}

// ----- expectimax -----

/// The expected score of the best policy from a view, and its first decision.
#[derive(Clone, Debug, PartialEq)]
pub struct Policy {
    pub decision: Option<Move>,
    pub expected: f64,
    /// The most cards turned blind that the policy looked ahead through (see [`Horizon`]);
    /// `None` when nothing was cut: the policy is then the best of all.
    pub horizon: Option<u32>,
    pub nodes: u64,
    /// False when the limits expired before the first horizon was searched: the decision is
    /// then the first of a win a beam search finds, or failing that the one with the best
    /// bound.
    pub complete: bool,
}

/// How far expectimax looks ahead, in blind adds (chance nodes) on a line. Beyond the horizon
/// a policy makes certain decisions only (Moves, stopping), whose value IDA* finds exactly, so
/// a search to a horizon is exact for the policies that turn at most that many more cards
/// blind before relying on certain decisions, and a lower bound on the best policy. The value
/// never falls as the horizon grows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Horizon {
    /// Exactly this many blind adds.
    Fixed(u32),
    /// One, two, ... until nothing is cut (the value is then exact) or the limits expire (the
    /// deepest finished horizon answers).
    Deepening,
}

impl Horizon {
    /// A fixed horizon of `depth` blind cards when a depth is asked for, else deepening.
    pub fn from_depth(depth: Option<u32>) -> Horizon {
        depth.map_or(Horizon::Deepening, Horizon::Fixed)
    }
}

/// A value proven for a view: exact, or only an upper bound.
#[derive(Clone, Copy)]
struct Known {
    value: f64,
    exact: bool,
}

/// Why an expectimax search ended early.
struct Expired;

/// Expectimax over the cards a view has not seen, with its memory of values.
pub struct Expectimax<'a, R: Solitaire> {
    rules: &'a R,
    table: &'a Table,
    limits: SolveLimits<'a>,
    /// Values by view hash and horizon left.
    known: HashMap<(u64, u32), Known>,
    /// Floors by view hash: every horizon of a deepening search asks for the root's again.
    floors: HashMap<u64, (Option<Move>, f64)>,
    /// Whether the last search left a blind add unexplored at its horizon.
    cut: bool,
    pub nodes: u64,
    /// This search's scratch, lent by the game's memory ([`SolveLimits::memory`]).
    loan: Loan,
}

/// Positions each sampled open solve of [`Expectimax::estimate`] may look at.
pub const LEAF_NODES: u64 = 20_000;

/// The beam width that finds a win for a sampled state whose open solve ran out of positions.
const LEAF_BEAM_WIDTH: usize = 40;

/// The beam width that finds a line for a decision whose search ran out of positions.
pub const FALLBACK_BEAM_WIDTH: usize = 100;

/// Slack for comparing expected values, which are sums of fractions in floating point.
const EPSILON: f64 = 1e-9;

impl<'a, R: Solitaire> Expectimax<'a, R> {
    pub fn new(rules: &'a R, table: &'a Table, limits: SolveLimits<'a>) -> Self {
        let loan = Memory::of(limits.memory).lend();
        Expectimax {
            rules,
            table,
            limits,
            known: HashMap::new(),
            floors: HashMap::new(),
            cut: false,
            nodes: 0,
            loan,
        }
    }

    /// Whether the search may no longer look at anything (time, nodes or a stop).
    pub fn limits_expired(&self) -> bool {
        self.limits.expired() || self.limits.out_of_nodes(self.nodes)
    }

    /// The best score a win from `pos` could still reach.
    fn upper(&mut self, pos: &Position<R>) -> f64 {
        if self.rules.won(pos) {
            return f64::from(self.rules.score_after(pos, 0));
        }
        // On an uncertain view the table holds what IDA* proved for certain decisions alone
        // (a blind add ends its lines), which bounds nothing here.
        let proven = if self.rules.certain(pos) {
            self.table.bound(self.rules.table_key(pos))
        } else {
            0
        };
        let needed = self
            .rules
            .lower_bound_in(pos, &mut self.loan.scratch)
            .max(proven);
        if needed >= DEAD || needed > self.rules.budget(pos) {
            f64::from(self.rules.lost_score())
        } else {
            f64::from(self.rules.score_after(pos, needed)).max(f64::from(self.rules.lost_score()))
        }
    }

    /// The best a policy reaches with certain decisions alone (never turning a card it cannot
    /// see), and its first decision: the exact value of a certain position, and a floor under
    /// a view's value.
    fn floor(&mut self, pos: &Position<R>) -> Result<(Option<Move>, f64), Expired> {
        if let Some(floor) = self.floors.get(&pos.hash()) {
            return Ok(*floor);
        }
        let limits = self.limits.after(self.nodes);
        let answer = solve_open_in(
            self.rules,
            pos,
            self.table,
            limits,
            false,
            &mut self.loan.scratch,
        );
        self.nodes += answer.nodes;
        if !answer.complete {
            return Err(Expired);
        }
        let floor = match answer.cost {
            Some(cost) => (
                answer.line.first().copied(),
                f64::from(self.rules.score_after(pos, cost)),
            ),
            None => (None, f64::from(self.rules.lost_score())),
        };
        self.floors.insert(pos.hash(), floor);
        Ok(floor)
    }

    /// [`Self::upper`], unless the limits have expired: one bound can take a millisecond
    /// (a Steiner tree over many groups), and a node bounds every child.
    fn upper_in_time(&mut self, pos: &Position<R>) -> Result<f64, Expired> {
        if self.limits.expired() {
            return Err(Expired);
        }
        Ok(self.upper(pos))
    }

    /// The children of a decision node, best bound first, within the limits.
    fn decisions_in_time(
        &mut self,
        pos: &Position<R>,
    ) -> Result<Vec<(Move, f64, Position<R>)>, Expired> {
        let rules = self.rules;
        let mut moves = MoveList::new();
        rules.generate(pos, &mut moves);
        let mut children = moves
            .iter()
            .map(|&mv| {
                let mut child = pos.clone();
                rules.play(&mut child, mv);
                Ok((mv, self.upper_in_time(&child)?, child))
            })
            .collect::<Result<Vec<_>, Expired>>()?;
        children.sort_by(|a, b| b.1.total_cmp(&a.1));
        Ok(children)
    }

    /// The value of `pos` with `blind` more blind adds allowed, if it is above `alpha` (then
    /// exact); otherwise an upper bound at most `alpha` (fail-soft). `turned`: a card was just
    /// turned, so `alpha` (from the chance node's bounds) may be far below the value.
    fn value(
        &mut self,
        pos: &Position<R>,
        alpha: f64,
        blind: u32,
        turned: bool,
    ) -> Result<f64, Expired> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(EXPECTIMAX_CHECK_NODES)
            && (self.limits.expired() || self.limits.out_of_nodes(self.nodes))
        {
            return Err(Expired);
        }
        if self.rules.won(pos) {
            return Ok(f64::from(self.rules.score_after(pos, 0)));
        }
        let upper = self.upper(pos);
        if upper <= alpha + EPSILON {
            return Ok(upper);
        }
        let key = (pos.hash(), blind);
        if let Some(known) = self.known.get(&key).copied()
            && (known.exact || known.value <= alpha + EPSILON)
        {
            return Ok(known.value);
        }
        let mut outcomes: Vec<ChanceOutcome> = Vec::new();
        let known = if self.rules.chance(pos, &mut outcomes) {
            self.chance_value(pos, &outcomes, alpha, blind)?
        } else if self.rules.certain(pos) {
            Known {
                value: self.floor(pos)?.1,
                exact: true,
            }
        } else {
            self.decision_value(pos, alpha, blind, turned)?.1
        };
        self.known.insert(key, known);
        Ok(known.value)
    }

    /// A decision node: the best child, searched best bound first. Where `alpha` may be weak
    /// (`with_floor`: the root, or just after a card was turned) the search starts from the
    /// floor of certain decisions, so children that cannot beat it are never searched;
    /// elsewhere the parent's alpha is as good and costs nothing.
    fn decision_value(
        &mut self,
        pos: &Position<R>,
        alpha: f64,
        blind: u32,
        with_floor: bool,
    ) -> Result<(Option<Move>, Known), Expired> {
        let lost = f64::from(self.rules.lost_score());
        if blind == 0 && self.rules.horizon_samples() == 0 {
            // At the horizon, with nothing estimated beyond it, the policy makes certain
            // decisions only, and the best of those is the floor: one IDA* answers what a
            // search of the children would find again, child by child. The views further on
            // may allow a blind add, left unexplored.
            self.cut = true;
            let (decision, value) = self.floor(pos)?;
            return Ok((
                decision,
                Known {
                    value: value.max(lost),
                    exact: true,
                },
            ));
        }
        let children = self.decisions_in_time(pos)?;
        let mut best = if with_floor {
            self.floor(pos)?
        } else {
            (None, f64::NEG_INFINITY)
        };
        let mut bound = best.1.max(lost);
        for (mv, upper, child) in &children {
            let floor = alpha.max(best.1);
            if *upper <= floor + EPSILON {
                bound = bound.max(*upper);
                break;
            }
            let turns_a_card = self.rules.chance(child, &mut Vec::new());
            if turns_a_card && blind == 0 {
                self.cut = true;
                if self.rules.horizon_samples() == 0 {
                    // Beyond the horizon: the policy does not turn this card.
                    continue;
                }
            }
            let value = if turns_a_card && blind == 0 {
                self.estimate(child)?
            } else {
                let left = if turns_a_card { blind - 1 } else { blind };
                self.value(child, floor, left, false)?
            };
            if value > best.1 + EPSILON {
                best = (Some(*mv), value);
            } else {
                bound = bound.max(value);
            }
        }
        let value = best.1.max(lost);
        Ok((
            best.0,
            if value > alpha + EPSILON || children.is_empty() {
                Known { value, exact: true }
            } else {
                Known {
                    value: value.max(bound),
                    exact: false,
                }
            },
        ))
    }

    /// An estimate of a blind add beyond the horizon (`pos` has just decided it): the mean
    /// score over sampled full states of the best play that knows the cards, each solved by
    /// IDA* within [`LEAF_NODES`] positions, or where that is not enough, of the best win a
    /// narrow beam finds. Knowing the cards makes it hopeful, never pessimistic, about what
    /// the add is worth; it stays within the admissible upper bound, so pruning by that bound
    /// stays sound. Samples are drawn from a generator seeded by the view, so a decision is
    /// the same every time it is asked.
    fn estimate(&mut self, pos: &Position<R>) -> Result<f64, Expired> {
        use rand::SeedableRng;
        let samples = self.rules.horizon_samples();
        let mut rng = rand::rngs::StdRng::seed_from_u64(pos.hash());
        let mut sum = 0.0;
        for _ in 0..samples {
            if self.limits.expired() || self.limits.out_of_nodes(self.nodes) {
                return Err(Expired);
            }
            let world = self.rules.sample_turned(pos, &mut rng);
            let limits = self.limits.after(self.nodes);
            let limits = SolveLimits {
                nodes: Some(limits.nodes.map_or(LEAF_NODES, |left| left.min(LEAF_NODES))),
                ..limits
            };
            let answer = solve_open_in(
                self.rules,
                &world,
                self.table,
                limits,
                false,
                &mut self.loan.scratch,
            );
            self.nodes += answer.nodes;
            // An open solve the limits cut short is no estimate (one its node cap cut short
            // is finished by the beam below).
            if !answer.complete && (self.limits.expired() || self.limits.out_of_nodes(self.nodes)) {
                return Err(Expired);
            }
            let cost = match answer.cost {
                Some(cost) => Some(cost),
                None if !answer.complete => {
                    let limits = self.limits;
                    let found = best_found_until(
                        self.rules,
                        &world,
                        LEAF_BEAM_WIDTH,
                        &|| limits.expired(),
                        &mut self.loan.scratch,
                    );
                    // A beam the limits cut short found nothing worth counting.
                    if limits.expired() {
                        return Err(Expired);
                    }
                    found.map(|(cost, _)| cost)
                }
                None => None,
            };
            sum += f64::from(cost.map_or(self.rules.lost_score(), |cost| {
                self.rules.score_after(&world, cost)
            }));
        }
        Ok(sum / f64::from(samples.max(1)))
    }

    /// A chance node (Star1): the children in turn, each asked only for what could still lift
    /// the mean above `alpha` given the others' bounds.
    fn chance_value(
        &mut self,
        pos: &Position<R>,
        outcomes: &[ChanceOutcome],
        alpha: f64,
        blind: u32,
    ) -> Result<Known, Expired> {
        let total: f64 = outcomes.iter().map(|o| f64::from(o.weight)).sum();
        let children: Vec<(f64, Position<R>)> = outcomes
            .iter()
            .map(|outcome| {
                let mut child = pos.clone();
                self.rules.play(&mut child, outcome.outcome);
                (f64::from(outcome.weight) / total, child)
            })
            .collect();
        let uppers = children
            .iter()
            .map(|(_, child)| self.upper_in_time(child))
            .collect::<Result<Vec<f64>, Expired>>()?;
        let mut rest: f64 = children
            .iter()
            .zip(&uppers)
            .map(|((share, _), upper)| share * upper)
            .sum();
        let mut sum = 0.0;
        for ((share, child), upper) in children.iter().zip(&uppers) {
            rest -= share * upper;
            let needed = (alpha - sum - rest) / share;
            let value = self.value(child, needed, blind, true)?;
            sum += share * value;
            if value <= needed + EPSILON {
                return Ok(Known {
                    value: sum + rest,
                    exact: false,
                });
            }
        }
        Ok(Known {
            value: sum,
            exact: true,
        })
    }

    /// The best decision from a view and its expected score, looking ahead as `horizon` says.
    pub fn decide(&mut self, view: &Position<R>, horizon: Horizon) -> Policy {
        let nodes_before = self.nodes;
        let mut policy = Policy {
            decision: None,
            expected: f64::from(self.rules.lost_score()),
            horizon: None,
            nodes: 0,
            complete: false,
        };
        if self.rules.won(view) {
            policy.expected = f64::from(self.rules.score_after(view, 0));
            policy.complete = true;
            return policy;
        }
        // A first answer at once, in case the limits expire: the child with the best bound,
        // or, where bounding every child takes longer than the limits allow (each bound can
        // cost a millisecond late in a Neighbour deal), the first decision.
        policy.decision = first_decision(self.rules, view);
        let Ok(children) = self.decisions_in_time(view) else {
            policy.decision = self.unsolved_decision(view).or(policy.decision);
            return policy;
        };
        if let Some((best, _, _)) = children.first() {
            policy.decision = Some(*best);
        }
        // Every search deepens from horizon 0, so that a deeper horizon the limits cut short
        // leaves the answer of a shallower one, which is far better than a bound. A game that
        // estimates the adds beyond the horizon always cuts there, so deepening would go on
        // until the limits expire: it stops at one blind add, where the cost of the estimates
        // is already large.
        let last = match horizon {
            Horizon::Fixed(blind) => blind,
            Horizon::Deepening if self.rules.horizon_samples() > 0 => 1,
            Horizon::Deepening => u32::MAX,
        };
        for blind in 0..=last {
            self.cut = false;
            match self.decision_value(view, f64::NEG_INFINITY, blind, true) {
                Ok((decision, known)) => {
                    policy.decision = decision.or(policy.decision);
                    policy.expected = known.value;
                    policy.horizon = self.cut.then_some(blind);
                    policy.complete = true;
                    if std::env::var_os("AMITY_SOLVER_TRACE").is_some() {
                        eprintln!(
                            "horizon {blind}: {:?} expected {} nodes {}",
                            policy.decision,
                            policy.expected,
                            self.nodes - nodes_before
                        );
                    }
                }
                Err(Expired) => break,
            }
            if !self.cut {
                break;
            }
        }
        if !policy.complete {
            policy.decision = self.unsolved_decision(view).or(policy.decision);
        }
        policy.nodes = self.nodes - nodes_before;
        policy
    }

    /// [`unsolved_decision_until`] with this search's limits and scratch.
    fn unsolved_decision(&mut self, view: &Position<R>) -> Option<Move> {
        unsolved_decision_until(
            self.rules,
            view,
            FALLBACK_BEAM_WIDTH,
            &self.limits,
            &self.loan.memory,
            &mut self.loan.scratch,
        )
    }
}

/// The expected score of the best policy from `view` to `horizon`, and its first decision.
pub fn expectimax<R: Solitaire>(
    rules: &R,
    view: &Position<R>,
    table: &Table,
    limits: SolveLimits,
    horizon: Horizon,
) -> Policy {
    Expectimax::new(rules, table, limits).decide(view, horizon)
}

// ----- the answer the protocols ask for -----

/// Megabytes of transposition table a single answer uses.
pub const TABLE_MB: usize = 64;

/// Megabytes of table for an answer due within [`SHORT_ANSWER`]: the solver looks at about
/// a hundred thousand positions a second, which a second fills less than a megabyte of, while
/// clearing the full table costs tens of milliseconds, a fast clock's whole share.
const SHORT_ANSWER_TABLE_MB: usize = 8;
const SHORT_ANSWER: std::time::Duration = std::time::Duration::from_secs(1);

/// The table size for an answer within `limits`.
fn table_megabytes(limits: &SolveLimits) -> usize {
    let short = limits.deadline.is_some_and(|deadline| {
        deadline.saturating_duration_since(std::time::Instant::now()) < SHORT_ANSWER
    });
    if short {
        SHORT_ANSWER_TABLE_MB
    } else {
        TABLE_MB
    }
}

/// The best decision for the player from `pos`: the exact best line when the player knows
/// everything that matters, else the expectimax policy's decision from the player's view.
/// Given a full state of a game that hides its pile, the answer is decided from the view and
/// written as the full state's decision (a blind add becomes the add of the card on top).
/// `horizon` bounds the policy's look-ahead through cards turned blind.
pub fn decide<R: Solitaire>(
    rules: &R,
    pos: &Position<R>,
    limits: SolveLimits,
    horizon: Horizon,
) -> Solution {
    let table = Table::new(table_megabytes(&limits));
    let view = if rules.is_view(pos) {
        pos.clone()
    } else {
        rules.view(pos, Color::White)
    };
    if rules.certain(&view) {
        // What is certain for the player is played alike on the view and the state.
        let answer = solve_open(rules, &view, &table, limits, true);
        let score = match answer.cost {
            Some(cost) => rules.score_after(&view, cost),
            None => rules.lost_score(),
        };
        // A proven loss still owes a decision while the rules offer one: any will do.
        let line = if answer.line.is_empty() {
            let unsolved = (!answer.complete)
                .then(|| {
                    let memory = Memory::of(limits.memory);
                    let mut loan = memory.lend();
                    unsolved_decision_until(
                        rules,
                        &view,
                        FALLBACK_BEAM_WIDTH,
                        &limits,
                        &memory,
                        &mut loan.scratch,
                    )
                })
                .flatten();
            unsolved
                .or_else(|| first_decision(rules, &view))
                .into_iter()
                .collect()
        } else {
            answer.line
        };
        return Solution {
            line,
            score: PuzzleScore::Exact(score),
            horizon: None,
            nodes: answer.nodes,
            complete: answer.complete,
        };
    }
    let mut search = Expectimax::new(rules, &table, limits);
    let policy = search.decide(&view, horizon);
    let line = match policy.decision {
        Some(decision) if !rules.is_view(pos) => {
            full_state_decision(rules, pos, &view, decision, &mut search, horizon)
                .into_iter()
                .collect()
        }
        decision => decision.into_iter().collect(),
    };
    Solution {
        line,
        score: PuzzleScore::Expected(policy.expected),
        horizon: policy.horizon,
        nodes: policy.nodes,
        complete: policy.complete,
    }
}

/// The decision to play when the limits expired before anything was solved: the first
/// action of the cheapest real win known, either one a beam of `beam_width` (or, where that
/// finds none, a wider one) finds now or the rest of one an earlier decision of the game
/// whose `memory` it is followed (see [`Memory`]); else the decision with the best bound
/// (which may lead nowhere, so it comes last).
pub fn unsolved_decision<R: Solitaire>(
    rules: &R,
    pos: &Position<R>,
    beam_width: usize,
    memory: &SolverMemory,
) -> Option<Move> {
    let memory = Memory::of(memory);
    let mut loan = memory.lend();
    unsolved_decision_given_up(
        rules,
        pos,
        beam_width,
        &|| false,
        &memory,
        &mut loan.scratch,
    )
}

/// The first decision `pos` allows: an answer when nothing better could be found in time.
fn first_decision<R: Solitaire>(rules: &R, pos: &Position<R>) -> Option<Move> {
    let mut moves = MoveList::new();
    rules.generate(pos, &mut moves);
    moves.iter().next().copied()
}

/// How long [`unsolved_decision_until`] may look for a line once a timed search's limits
/// have expired: the beams that keep a decision from resting on a bound alone take tens of
/// milliseconds, while the answer is due within fifty.
pub const FALLBACK_GRACE: std::time::Duration = std::time::Duration::from_millis(25);

/// [`unsolved_decision`] for a search whose `limits` have run out: the search's own limits
/// are spent, so a search that had a deadline gets [`FALLBACK_GRACE`] more, a search bound
/// by nodes or depth the whole fallback (its answer must not depend on the clock), and
/// either ends at `stop`. `None` when it gives up before finding a line: the caller keeps the
/// answer it had. `memory` is the game's, `scratch` the calling thread's.
pub fn unsolved_decision_until<R: Solitaire>(
    rules: &R,
    pos: &Position<R>,
    beam_width: usize,
    limits: &SolveLimits,
    memory: &Memory,
    scratch: &mut Scratch,
) -> Option<Move> {
    let grace = limits
        .deadline
        .map(|_| std::time::Instant::now() + FALLBACK_GRACE);
    let stop = limits.stop;
    let give_up = || {
        stop.load(Ordering::Relaxed)
            || grace.is_some_and(|grace| std::time::Instant::now() >= grace)
    };
    unsolved_decision_given_up(rules, pos, beam_width, &give_up, memory, scratch)
}

fn unsolved_decision_given_up<R: Solitaire>(
    rules: &R,
    pos: &Position<R>,
    beam_width: usize,
    give_up: &dyn Fn() -> bool,
    memory: &Memory,
    scratch: &mut Scratch,
) -> Option<Move> {
    let kept = remembered_plan(rules, pos, memory);
    let mut fresh = best_found_until(rules, pos, beam_width, give_up, scratch);
    // A beam that finds nothing dies out fast, and a wider one may get through where the
    // bound misleads (from a view it counts adds a beam cannot make); without any win the
    // decision would rest on a bound alone, which can send a piece back and forth.
    let mut width = beam_width;
    for _ in 0..BEAM_RETRIES {
        if fresh.is_some() || kept.is_some() {
            break;
        }
        if give_up() {
            return None;
        }
        width *= BEAM_WIDENING;
        fresh = best_found_until(rules, pos, width, give_up, scratch);
    }
    if std::env::var_os("AMITY_SOLVER_TRACE").is_some() {
        let cost = |plan: &Option<(u32, Vec<Move>)>| plan.as_ref().map(|(cost, _)| *cost);
        eprintln!(
            "unsolved: plan under way {:?}, fresh beam {:?}",
            cost(&kept),
            cost(&fresh)
        );
    }
    let chosen = match (kept, fresh) {
        (Some(kept), Some(fresh)) if kept.0 < fresh.0 => Some(kept),
        (kept, None) => kept,
        (_, fresh) => fresh,
    };
    match chosen {
        Some((_, line)) => {
            remember_plan(rules, pos, &line, memory);
            line.first().copied()
        }
        // Bounding every decision costs as much as a beam's first step.
        None if give_up() => None,
        None => fallback(rules, pos, scratch),
    }
}

/// How many times wider each retry of a beam that found no win is, and how many retries
/// [`unsolved_decision`] makes.
const BEAM_WIDENING: usize = 4;
const BEAM_RETRIES: u32 = 2;

/// How many positions a game's plans ([`Memory`]) hold before they start afresh.
const PLAN_POSITIONS: usize = 1 << 16;

/// The rest of a win `memory` remembers from `pos`, if it still wins from it: the cards it
/// spends and its line.
fn remembered_plan<R: Solitaire>(
    rules: &R,
    pos: &Position<R>,
    memory: &Memory,
) -> Option<(u32, Vec<Move>)> {
    let line = memory.plans().get(&pos.hash())?.clone();
    let mut node = pos.clone();
    let mut spent = 0;
    for &mv in &line {
        let mut moves = MoveList::new();
        rules.generate(&node, &mut moves);
        if !moves.iter().any(|&legal| legal == mv) {
            return None;
        }
        spent += rules.cost(&node, mv);
        rules.play(&mut node, mv);
    }
    rules.won(&node).then_some((spent, line))
}

/// Remembers the win `line` from `pos` in `memory`, from each position on it.
fn remember_plan<R: Solitaire>(rules: &R, pos: &Position<R>, line: &[Move], memory: &Memory) {
    let mut plans = memory.plans();
    if plans.len() + line.len() > PLAN_POSITIONS {
        plans.clear();
    }
    let mut node = pos.clone();
    for (played, &mv) in line.iter().enumerate() {
        plans.insert(node.hash(), line[played..].to_vec());
        rules.play(&mut node, mv);
    }
}

/// The decision with the best bound, for an answer when nothing is proven yet.
fn fallback<R: Solitaire>(rules: &R, pos: &Position<R>, scratch: &mut Scratch) -> Option<Move> {
    let mut moves = MoveList::new();
    rules.generate(pos, &mut moves);
    moves.iter().copied().min_by_key(|&mv| {
        let mut child = pos.clone();
        rules.play(&mut child, mv);
        rules.cost(pos, mv) + rules.lower_bound_in(&child, scratch)
    })
}

/// A decision taken on the view, as a decision of the full state `state`, as the referee
/// ([`super::referee_blind_add`]) carries it out: the same except for a blind add, which adds
/// the full state's top card; where the game lets the player choose the square once the card
/// is seen, the policy chooses it from the view with that card turned.
pub fn full_state_decision<R: Solitaire>(
    rules: &R,
    state: &Position<R>,
    view: &Position<R>,
    decision: Move,
    search: &mut Expectimax<R>,
    horizon: Horizon,
) -> Option<Move> {
    match super::referee_blind_add(rules, state, view, decision)? {
        Refereed::Decision(mv) => Some(mv),
        Refereed::Choose(seen) => {
            // With the limits spent on the blind decision, the choice that follows cannot be
            // searched, and the beam an unfinished search falls back on would overrun them
            // (by 170 ms in Neighbour): the square with the best bound is chosen at once.
            let placement = if search.limits_expired() {
                fallback(rules, &seen, &mut search.loan.scratch)?
            } else {
                search.decide(&seen, horizon).decision?
            };
            match super::referee_blind_add(rules, state, &seen, placement)? {
                Refereed::Decision(mv) => Some(mv),
                Refereed::Choose(_) => None,
            }
        }
    }
}

/// Whether two positions have the same pieces on the same squares.
pub fn same_board<R: Rules>(a: &Position<R>, b: &Position<R>) -> bool {
    a.occupied() == b.occupied()
        && a.color(Color::White) == b.color(Color::White)
        && (0..MAX_KINDS as u8).all(|kind| a.kind(Kind::new(kind)) == b.kind(Kind::new(kind)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parade::Parade;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    const OPEN: Parade = Parade { open: true };

    /// Open deals shuffled from `seed`.
    fn random_deals(seed: u64) -> impl Iterator<Item = Position<Parade>> {
        let mut rng = StdRng::seed_from_u64(seed);
        std::iter::repeat_with(move || {
            OPEN.deal_from_text(&OPEN.random_deal_text(&mut rng))
                .unwrap()
        })
    }

    /// Deals from `seed` on, each with the win a beam of `width` finds from it.
    fn deals_with_wins(
        seed: u64,
        width: usize,
    ) -> impl Iterator<Item = (Position<Parade>, u32, Vec<Move>)> {
        random_deals(seed).filter_map(move |deal| {
            best_found(&OPEN, &deal, width).map(|(cost, line)| (deal, cost, line))
        })
    }

    #[test]
    fn a_decision_cut_short_follows_the_plan_under_way() {
        let (start, cost, line) = deals_with_wins(31, FALLBACK_BEAM_WIDTH)
            .find(|(_, _, line)| line.len() >= 3)
            .unwrap();
        let game = SolverMemory::new();
        remember_plan(&OPEN, &start, &line, &Memory::of(&game));
        let mut next = start.clone();
        OPEN.play(&mut next, line[0]);
        assert_eq!(
            remembered_plan(&OPEN, &next, &Memory::of(&game)),
            Some((cost - OPEN.cost(&start, line[0]), line[1..].to_vec()))
        );
        // A beam of width zero finds nothing, so only the plan answers, decision after
        // decision.
        assert_eq!(unsolved_decision(&OPEN, &next, 0, &game), Some(line[1]));
        OPEN.play(&mut next, line[1]);
        assert_eq!(unsolved_decision(&OPEN, &next, 0, &game), Some(line[2]));
    }

    #[test]
    fn two_games_do_not_share_their_plans() {
        let (start, _, line) = deals_with_wins(34, FALLBACK_BEAM_WIDTH)
            .find(|(_, _, line)| line.len() >= 3)
            .unwrap();
        let (game, other) = (SolverMemory::new(), SolverMemory::new());
        remember_plan(&OPEN, &start, &line, &Memory::of(&game));
        assert!(remembered_plan(&OPEN, &start, &Memory::of(&game)).is_some());
        // The same deal in another game (another room, another session) knows no plan.
        assert_eq!(remembered_plan(&OPEN, &start, &Memory::of(&other)), None);
        // A new game forgets the plans of the last.
        game.clear();
        assert_eq!(remembered_plan(&OPEN, &start, &Memory::of(&game)), None);
    }

    #[test]
    fn a_plan_that_no_longer_wins_is_not_followed() {
        let (start, _, line) = deals_with_wins(32, FALLBACK_BEAM_WIDTH)
            .find(|(_, _, line)| line.len() >= 3)
            .unwrap();
        let memory = Memory::default();
        // Stopping one action short of the win: every action legal, but no win.
        let short = line[..line.len() - 1].to_vec();
        memory.plans().insert(start.hash(), short);
        assert_eq!(remembered_plan(&OPEN, &start, &memory), None);
        // The rest of the plan from one action on, asked of the start (as a position that
        // shares its hash would): without the first action it does not win.
        memory.plans().insert(start.hash(), line[1..].to_vec());
        assert_eq!(remembered_plan(&OPEN, &start, &memory), None);
        memory.plans().insert(start.hash(), line.clone());
        assert_eq!(
            remembered_plan(&OPEN, &start, &memory).map(|(_, kept)| kept),
            Some(line)
        );
    }

    #[test]
    fn a_beam_that_finds_nothing_is_widened() {
        // From this deal's first view a win by moves alone spends 8 cards, but the bound
        // counts adds the view cannot make, and beams narrower than 800 lose the way.
        const HIDDEN: Parade = Parade { open: false };
        let state = crate::parade::deal_from_letters("BRbRKNNBrnQkqrbn").unwrap();
        let view = HIDDEN.view(&state, Color::White);
        assert_eq!(best_found(&HIDDEN, &view, FALLBACK_BEAM_WIDTH), None);
        let wide = FALLBACK_BEAM_WIDTH * BEAM_WIDENING.pow(BEAM_RETRIES);
        let (cost, line) = best_found(&HIDDEN, &view, wide).unwrap();
        assert_eq!(cost, 8);
        assert_eq!(
            unsolved_decision(&HIDDEN, &view, FALLBACK_BEAM_WIDTH, &SolverMemory::new()),
            Some(line[0])
        );
    }

    #[test]
    fn a_cheaper_fresh_win_replaces_a_dearer_plan() {
        // A deal where the narrowest beam's win is dearer than a wide beam's.
        let (start, greedy, wide) = random_deals(33)
            .map(|deal| {
                let greedy = best_found(&OPEN, &deal, 1);
                let wide = best_found(&OPEN, &deal, FALLBACK_BEAM_WIDTH);
                (deal, greedy, wide)
            })
            .take(500)
            .find_map(|(deal, greedy, wide)| match (greedy, wide) {
                (Some(greedy), Some(wide)) if greedy.0 > wide.0 && greedy.1[0] != wide.1[0] => {
                    Some((deal, greedy, wide))
                }
                _ => None,
            })
            .expect("a deal where a wide beam finds a cheaper win with another first action");
        let game = SolverMemory::new();
        remember_plan(&OPEN, &start, &greedy.1, &Memory::of(&game));
        assert_eq!(
            unsolved_decision(&OPEN, &start, FALLBACK_BEAM_WIDTH, &game),
            Some(wide.1[0])
        );
        // The cheaper win is the plan from now on.
        assert_eq!(
            remembered_plan(&OPEN, &start, &Memory::of(&game)),
            Some(wide)
        );
    }
}
