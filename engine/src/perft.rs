//! Perft: counting the leaves of the legal decision tree to a fixed depth, the standard check
//! of a move generator's exactness and speed. Chance is resolved by the variant's fixed
//! perft outcome without counting a ply.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::Rules;
use crate::scratch::Scratch;

/// The deepest perft Amity counts. Deeper counts could never finish, and each ply is a
/// frame of the recursion, so a depth from outside is refused beyond this.
pub const MAX_PERFT_DEPTH: u32 = 64;

/// A flag nobody raises, for the counts that cannot be stopped.
static NEVER: AtomicBool = AtomicBool::new(false);

/// Number of decision sequences of length `depth` from `pos`.
pub fn perft<R: Rules>(rules: &R, pos: &Position<R>, depth: u32) -> u64 {
    count(rules, pos, depth, &NEVER, &mut Scratch::new())
}

/// Perft that gives up as soon as `stop` is raised (the protocols' `stop` and `quit`).
/// `None` when stopped: a partial count is no count at all.
pub fn perft_until<R: Rules>(
    rules: &R,
    pos: &Position<R>,
    depth: u32,
    stop: &AtomicBool,
) -> Option<u64> {
    let nodes = count(rules, pos, depth, stop, &mut Scratch::new());
    (!stop.load(Ordering::Relaxed)).then_some(nodes)
}

/// The count behind [`perft`] and [`perft_until`]. The flag is read at every interior node:
/// one relaxed load beside a move generation costs nothing measurable, and the leaves are
/// counted in bulk below it, so a stop is seen within one node's generation. The rules keep
/// what they work out for the next call in `scratch` (the node a move leads to, for its
/// generation).
fn count<R: Rules>(
    rules: &R,
    pos: &Position<R>,
    depth: u32,
    stop: &AtomicBool,
    scratch: &mut Scratch,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    if let Some(outcome) = rules.perft_chance(pos) {
        let mut child = pos.clone();
        rules.play_in(&mut child, outcome, scratch);
        return count(rules, &child, depth, stop, scratch);
    }
    if depth == 1 {
        // Bulk counting: the leaves are the legal moves themselves.
        return rules.count_moves_in(pos, scratch) as u64;
    }
    if stop.load(Ordering::Relaxed) {
        return 0;
    }
    let mut moves = MoveList::new();
    rules.generate_in(pos, &mut moves, scratch);
    let mut nodes = 0;
    for &mv in moves.iter() {
        let mut child = pos.clone();
        rules.play_in(&mut child, mv, scratch);
        nodes += count(rules, &child, depth - 1, stop, scratch);
    }
    nodes
}

/// Perft split by root decision (the `go perft` divide listing), in generation order. A
/// pending chance at the root is resolved first, as in [`perft`].
pub fn divide<R: Rules>(rules: &R, pos: &Position<R>, depth: u32) -> Vec<(Move, u64)> {
    divide_until(rules, pos, depth, &NEVER).unwrap_or_default()
}

/// [`divide`] that gives up as soon as `stop` is raised (`None`).
pub fn divide_until<R: Rules>(
    rules: &R,
    pos: &Position<R>,
    depth: u32,
    stop: &AtomicBool,
) -> Option<Vec<(Move, u64)>> {
    if let Some(outcome) = rules.perft_chance(pos) {
        let mut child = pos.clone();
        rules.play_in(&mut child, outcome, &mut Scratch::new());
        return divide_until(rules, &child, depth, stop);
    }
    let mut scratch = Scratch::new();
    let mut moves = MoveList::new();
    rules.generate_in(pos, &mut moves, &mut scratch);
    let mut counts = Vec::with_capacity(moves.len());
    for &mv in moves.iter() {
        let mut child = pos.clone();
        rules.play_in(&mut child, mv, &mut scratch);
        let nodes = count(rules, &child, depth.saturating_sub(1), stop, &mut scratch);
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        counts.push((mv, nodes));
    }
    Some(counts)
}
