//! One-seat games played for a score (the solitaires): what a variant's own solver answers for
//! a position, so that the protocols can ask it through [`Solver::solve`] without knowing
//! which game it is, the [`Solver`] trait that also deals a set-up a person arranged, and the
//! [`SolverMemory`] of one game it answers within. The
//! search of two-seat games plays no part in it.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use shakmaty::Color;

use crate::fen::FenError;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::Rules;
use crate::scratch::Scratch;

/// How good the best play from a position is, in the game's own score.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PuzzleScore {
    /// Everything is known and the line reaches this score: the best possible (proven when
    /// the solution is [`Solution::complete`]).
    Exact(i32),
    /// Part of the state is hidden: the mean score of the best policy over the states the
    /// view allows, every one equally likely.
    Expected(f64),
}

impl PuzzleScore {
    /// The score as one number (exact scores as they are).
    pub fn value(self) -> f64 {
        match self {
            PuzzleScore::Exact(score) => f64::from(score),
            PuzzleScore::Expected(mean) => mean,
        }
    }

    /// The score in hundredths, as a protocol's centipawn field carries it.
    pub fn hundredths(self) -> i32 {
        (self.value() * 100.0).round() as i32
    }
}

impl std::fmt::Display for PuzzleScore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PuzzleScore::Exact(score) => write!(f, "{score}"),
            PuzzleScore::Expected(mean) => write!(f, "{mean:.4}"),
        }
    }
}

/// A solver's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// The decisions to play, first one first: with everything known, the whole best line;
    /// from a view, the next decision (what follows depends on cards not yet seen).
    pub line: Vec<Move>,
    pub score: PuzzleScore,
    /// For an expected score, how far the policy looked ahead (in cards turned blind, beyond
    /// which it played only decisions whose outcome it knew): the score is exact for such
    /// policies and a lower bound on the best. `None` when nothing was cut off.
    pub horizon: Option<u32>,
    /// Positions the solver looked at.
    pub nodes: u64,
    /// False when the solver was stopped before it finished even its shallowest search; the
    /// line is then only the decision with the best bound.
    pub complete: bool,
}

/// When a solver must give up: a deadline, a number of positions (a limit that does not
/// depend on how busy the machine is) and a flag another thread may raise; how deep it
/// should look where it could look deeper and deeper (`go depth`); and the memory of the game
/// it answers for.
#[derive(Clone, Copy)]
pub struct SolveLimits<'a> {
    pub deadline: Option<Instant>,
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
    pub stop: &'a AtomicBool,
    /// What the solver kept from the game's earlier decisions, and keeps for its later ones.
    /// It travels with the limits because [`crate::Rules::solve`] takes nothing else.
    pub memory: &'a SolverMemory,
}

/// What a solver keeps from one decision of a game to the next (a plan under way, what its
/// bounds worked out): owned by whoever holds the game (a protocol session, a web room, a
/// play loop), lent to each answer through [`SolveLimits::memory`] and emptied with the
/// game, so that two games never share it. Like a [`Scratch`], it holds one value of the
/// variant's own type; that value is shared by the solver's threads, so it is handed out
/// behind an [`Arc`] and guards its own parts.
#[derive(Debug, Default)]
pub struct SolverMemory {
    kept: Mutex<Scratch>,
}

impl SolverMemory {
    /// An empty memory.
    pub fn new() -> SolverMemory {
        SolverMemory::default()
    }

    /// The variant's own memory of type `T`: made on first use, and made afresh when the
    /// memory held another type (another variant was solved before).
    pub fn get<T: Default + Send + Sync + 'static>(&self) -> Arc<T> {
        // A panic elsewhere cannot leave the scratch half changed: `get` only replaces it.
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        Arc::clone(kept.get::<Arc<T>>())
    }

    /// Forgets what is kept (a new game).
    pub fn clear(&self) {
        self.kept
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clear();
    }
}

/// Positions a solver may look at for `go depth 0` when depth is the only limit; each unit
/// of depth doubles it. A solver's depth may count chance events looked through, whose cost
/// can grow by an order of magnitude or more with each one (figures in `docs/protocol.md`),
/// so a depth alone would not bound the work, while a GUI that asks for a depth expects an
/// answer: the deepest look-ahead finished within the budget answers.
pub const DEPTH_ONLY_NODES: u64 = 1_000_000;

impl SolveLimits<'_> {
    /// The node budget that bounds a search limited by `depth` alone ([`DEPTH_ONLY_NODES`]).
    pub fn depth_only_nodes(depth: u32) -> u64 {
        DEPTH_ONLY_NODES.saturating_mul(1u64.checked_shl(depth).unwrap_or(u64::MAX))
    }

    /// Whether the solver should stop now.
    pub fn expired(&self) -> bool {
        self.stop.load(std::sync::atomic::Ordering::Relaxed)
            || self
                .deadline
                .is_some_and(|deadline| Instant::now() >= deadline)
    }

    /// Whether a solver that has looked at `nodes` positions has reached the node limit.
    pub fn out_of_nodes(&self, nodes: u64) -> bool {
        self.nodes.is_some_and(|limit| nodes >= limit)
    }

    /// These limits for a part of the search when `spent` nodes are already counted.
    pub fn after(&self, spent: u64) -> SolveLimits<'_> {
        SolveLimits {
            nodes: self.nodes.map(|limit| limit.saturating_sub(spent)),
            ..*self
        }
    }
}

/// A game's own answers for one player, beyond the search: its solver, for a game played by
/// one seat for a score, and a deal arranged by a person who chooses their own secret set-up.
/// The defaults: neither (the search decides, and deals are drawn by [`Rules::deal`]).
pub trait Solver: Rules {
    /// A game played by one seat for a score answers with its own solver: the best decision
    /// (and line) for `pos`, decided from what the player may know of it (its view, for a
    /// full state of a game that hides information). `None`, the default, leaves the decision
    /// to the search. The protocols ask this before searching; the solver must give up when
    /// `limits` expire and then answer with the best it has found.
    fn solve(&self, pos: &Position<Self>, limits: SolveLimits) -> Option<Solution> {
        let _ = (pos, limits);
        None
    }

    /// A fresh deal in which `seat` has chosen its own secret set-up, written `setup` in the
    /// variant's notation, the rest drawn as [`Rules::deal`] draws it: a person arranging
    /// their army. `None`: the game has no set-up to choose; an error says why `setup` is not
    /// one.
    fn deal_arranged(
        &self,
        seat: Color,
        setup: &str,
        rng: &mut rand::rngs::StdRng,
    ) -> Option<Result<Position<Self>, FenError>> {
        let _ = (seat, setup, rng);
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_memory_hands_out_one_value_until_cleared() {
        let memory = SolverMemory::new();
        let kept = memory.get::<Mutex<Vec<u32>>>();
        kept.lock().unwrap().push(7);
        assert_eq!(*memory.get::<Mutex<Vec<u32>>>().lock().unwrap(), [7]);
        // Another memory (another game) holds its own.
        assert!(
            SolverMemory::new()
                .get::<Mutex<Vec<u32>>>()
                .lock()
                .unwrap()
                .is_empty()
        );
        memory.clear();
        assert!(memory.get::<Mutex<Vec<u32>>>().lock().unwrap().is_empty());
    }
}
