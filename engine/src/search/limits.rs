//! What bounds a search: depth, nodes, fixed move time, a mate to find, or a game clock, turned
//! into a time budget (a soft limit after which no new iteration starts and a hard limit the
//! search never passes); how many best lines it looks for; and the signal that turns a ponder
//! search into a timed one.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use super::Score;
use super::strength::{self, Strength};

/// One side's clock as the GUI reports it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    pub time: Duration,
    pub increment: Duration,
}

/// Set while a search ponders on the opponent's time; `ponderhit` clears it, and from then on
/// the search keeps to its clock limits, counted from that moment.
#[derive(Clone, Debug)]
pub struct Ponder {
    pondering: Arc<AtomicBool>,
    /// When `ponderhit` came: every part of a search counts its clock from this one moment.
    hit_at: Arc<OnceLock<Instant>>,
}

impl Ponder {
    /// A signal in the pondering state.
    pub fn new() -> Ponder {
        Ponder {
            pondering: Arc::new(AtomicBool::new(true)),
            hit_at: Arc::new(OnceLock::new()),
        }
    }

    /// The opponent played the expected move: the search now runs on our clock.
    pub fn hit(&self) {
        self.hit_at.get_or_init(Instant::now);
        self.pondering.store(false, Ordering::SeqCst);
    }

    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }

    /// When our clock started: the moment of the hit (`None` while still pondering).
    pub fn clock_start(&self) -> Option<Instant> {
        if self.is_pondering() {
            return None;
        }
        Some(*self.hit_at.get_or_init(Instant::now))
    }
}

impl Default for Ponder {
    fn default() -> Self {
        Ponder::new()
    }
}

impl PartialEq for Ponder {
    fn eq(&self, other: &Ponder) -> bool {
        Arc::ptr_eq(&self.pondering, &other.pondering)
    }
}

impl Eq for Ponder {}

/// Limits of one search, as given by `go`. They combine as UCI says: whichever is reached
/// first ends the search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    /// Search for a mate in this many moves (of the side to move) and stop once one is found.
    pub mate: Option<u32>,
    /// Clock of the side to move.
    pub clock: Option<Clock>,
    pub moves_to_go: Option<u32>,
    /// Search until told to stop.
    pub infinite: bool,
    /// Time kept back for communication with the GUI.
    pub move_overhead: Duration,
    /// Restrict the root to these moves (empty: all).
    pub search_moves: Vec<crate::moves::Move>,
    /// Present for `go ponder`: no time limit until the signal is hit.
    pub ponder: Option<Ponder>,
    /// How many best lines to search and report (MultiPV), each with its own score; 0 and 1
    /// both mean the best line alone.
    pub multipv: usize,
    /// Play below full strength, at this level (`UCI_LimitStrength`); `None`: full strength.
    pub strength: Option<Strength>,
    /// When the `go` was read: a clock or movetime runs from here, as the GUI's clock does, so
    /// the time a busy machine takes to start the search is not spent twice. `None`: from when
    /// the search starts.
    pub received: Option<Instant>,
}

/// How long a search may take, counted from when its clock starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Do not start another iteration after this (scaled by how settled the best move is).
    pub soft: Option<Duration>,
    /// Stop at once when this is reached.
    pub hard: Option<Duration>,
}

impl Limits {
    /// Limits that stop at a fixed depth.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Whether the search is bound by time at all (else only depth, nodes or `stop` end it).
    pub fn is_timed(&self) -> bool {
        !self.infinite && (self.movetime.is_some() || self.clock.is_some())
    }

    /// Whether the search is sure to end without `stop`: a depth, nodes or time bound it. A
    /// mate limit alone does not, since the position may have no mate to find.
    pub fn ends_by_itself(&self) -> bool {
        !self.infinite
            && (self.depth.is_some()
                || self.nodes.is_some()
                || self.movetime.is_some()
                || self.clock.is_some())
    }

    /// How many best lines the search looks for: at least one.
    pub fn lines(&self) -> usize {
        self.multipv.max(1)
    }

    /// How many root lines the search looks for: those asked, and at a limited strength at
    /// least the candidates it chooses among.
    pub fn lines_searched(&self) -> usize {
        match self.strength {
            Some(_) => self.lines().max(strength::CANDIDATES),
            None => self.lines(),
        }
    }

    /// The node limit, within the budget of the strength level if there is one.
    pub fn node_limit(&self) -> Option<u64> {
        let budget = self.strength.map(|level| level.node_budget());
        match (self.nodes, budget) {
            (Some(nodes), Some(budget)) => Some(nodes.min(budget)),
            (nodes, budget) => nodes.or(budget),
        }
    }

    /// Whether `score` for the side to move answers the mate limit: it mates within the moves
    /// asked for (the search may then stop).
    pub fn mate_found(&self, score: Score) -> bool {
        match (self.mate, score) {
            (Some(limit), Score::Mate(moves)) => moves > 0 && moves.unsigned_abs() <= limit,
            _ => false,
        }
    }

    /// The time budget; `None` parts mean no time limit.
    pub fn budget(&self) -> Budget {
        if self.infinite {
            return Budget::default();
        }
        let floor = Duration::from_millis(1);
        if let Some(movetime) = self.movetime {
            let budget = movetime.saturating_sub(self.move_overhead).max(floor);
            return Budget {
                soft: Some(budget),
                hard: Some(budget),
            };
        }
        let Some(clock) = self.clock else {
            return Budget::default();
        };
        let available = clock.time.saturating_sub(self.move_overhead);
        let moves_left = self.moves_to_go.unwrap_or(25).clamp(1, 60);
        let optimum = available / moves_left + clock.increment * 3 / 4;
        // With a known number of moves left the last one may use most of the clock; otherwise
        // keep a reserve, since the game may go on for long.
        let ceiling = if moves_left == 1 {
            available * 4 / 5
        } else {
            available / 2
        };
        let soft = optimum.min(ceiling).max(floor);
        let hard = (optimum * 4).min(ceiling).max(soft);
        Budget {
            soft: Some(soft),
            hard: Some(hard),
        }
    }

    /// The soft and hard deadlines from `start`: the search should not start a new iteration
    /// after the soft one and must stop at the hard one. `None` means no time limit.
    pub fn deadlines(&self, start: Instant) -> (Option<Instant>, Option<Instant>) {
        let budget = self.budget();
        (
            budget.soft.map(|soft| start + soft),
            budget.hard.map(|hard| start + hard),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(ms: u64, inc: u64) -> Limits {
        Limits {
            clock: Some(Clock {
                time: Duration::from_millis(ms),
                increment: Duration::from_millis(inc),
            }),
            move_overhead: Duration::from_millis(30),
            ..Limits::default()
        }
    }

    #[test]
    fn the_hard_limit_leaves_most_of_the_clock() {
        for (ms, inc) in [(1000, 10), (50, 10), (31, 0), (10, 0), (600_000, 5_000)] {
            let budget = clock(ms, inc).budget();
            let (soft, hard) = (budget.soft.unwrap(), budget.hard.unwrap());
            assert!(soft <= hard, "{ms}+{inc}: {soft:?} > {hard:?}");
            let available = Duration::from_millis(ms).saturating_sub(Duration::from_millis(30));
            assert!(
                hard <= (available / 2).max(Duration::from_millis(1)),
                "{ms}+{inc}: hard {hard:?} of {available:?}"
            );
        }
    }

    #[test]
    fn movetime_keeps_the_overhead_back() {
        let limits = Limits {
            movetime: Some(Duration::from_millis(500)),
            move_overhead: Duration::from_millis(30),
            ..Limits::default()
        };
        assert_eq!(limits.budget().hard, Some(Duration::from_millis(470)));
        assert_eq!(Limits::default().budget(), Budget::default());
    }

    #[test]
    fn a_mate_limit_is_answered_by_a_mate_that_short_or_shorter() {
        let limits = Limits {
            mate: Some(3),
            ..Limits::default()
        };
        assert!(limits.mate_found(Score::Mate(3)));
        assert!(limits.mate_found(Score::Mate(1)));
        assert!(!limits.mate_found(Score::Mate(4)));
        assert!(
            !limits.mate_found(Score::Mate(-2)),
            "being mated is no answer"
        );
        assert!(!limits.mate_found(Score::Centipawns(900)));
        assert!(!Limits::default().mate_found(Score::Mate(1)));
    }

    #[test]
    fn a_mate_limit_alone_does_not_end_a_search_by_itself() {
        let mate = Limits {
            mate: Some(2),
            ..Limits::default()
        };
        assert!(!mate.ends_by_itself());
        assert!(
            Limits {
                nodes: Some(1000),
                ..mate.clone()
            }
            .ends_by_itself()
        );
        assert!(Limits::depth(4).ends_by_itself());
        assert!(
            !Limits {
                infinite: true,
                ..Limits::depth(4)
            }
            .ends_by_itself()
        );
    }
}
