//! What bounds a search: depth, nodes, fixed move time, or a game clock, turned into the
//! moment the search should stop.

use std::time::{Duration, Instant};

/// One side's clock as the GUI reports it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    pub time: Duration,
    pub increment: Duration,
}

/// Limits of one search, as given by `go`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    /// Clock of the side to move.
    pub clock: Option<Clock>,
    pub moves_to_go: Option<u32>,
    /// Search until told to stop.
    pub infinite: bool,
    /// Time kept back for communication with the GUI.
    pub move_overhead: Duration,
    /// Restrict the root to these moves (empty: all).
    pub search_moves: Vec<crate::moves::Move>,
}

impl Limits {
    /// Limits that stop at a fixed depth.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// The soft and hard deadlines from `start`: the search should not start a new iteration
    /// after the soft one and must stop at the hard one. `None` means no time limit.
    pub fn deadlines(&self, start: Instant) -> (Option<Instant>, Option<Instant>) {
        if self.infinite {
            return (None, None);
        }
        if let Some(movetime) = self.movetime {
            let budget = movetime
                .saturating_sub(self.move_overhead)
                .max(Duration::from_millis(1));
            return (Some(start + budget), Some(start + budget));
        }
        let Some(clock) = self.clock else {
            return (None, None);
        };
        let available = clock.time.saturating_sub(self.move_overhead);
        let moves_left = self.moves_to_go.unwrap_or(30).clamp(1, 60);
        let share = available / moves_left + clock.increment * 3 / 4;
        let soft = share.min(available / 2);
        let hard = (share * 3).min(available * 3 / 4).max(soft);
        let floor = Duration::from_millis(1);
        (Some(start + soft.max(floor)), Some(start + hard.max(floor)))
    }
}
