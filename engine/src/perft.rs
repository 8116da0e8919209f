//! Perft: counting the leaves of the legal decision tree to a fixed depth, the standard check
//! of a move generator's exactness and speed. Chance is resolved by the variant's fixed
//! perft outcome without counting a ply.

use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::Rules;

/// Number of decision sequences of length `depth` from `pos`.
pub fn perft<R: Rules>(rules: &R, pos: &Position<R>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if let Some(outcome) = rules.perft_chance(pos) {
        let mut child = pos.clone();
        rules.play(&mut child, outcome);
        return perft(rules, &child, depth);
    }
    if depth == 1 {
        // Bulk counting: the leaves are the legal moves themselves.
        return rules.count_moves(pos) as u64;
    }
    let mut moves = MoveList::new();
    rules.generate(pos, &mut moves);
    let mut nodes = 0;
    for &mv in moves.iter() {
        let mut child = pos.clone();
        rules.play(&mut child, mv);
        nodes += perft(rules, &child, depth - 1);
    }
    nodes
}

/// Perft split by root decision (the `go perft` divide listing), in generation order. A
/// pending chance at the root is resolved first, as in [`perft`].
pub fn divide<R: Rules>(rules: &R, pos: &Position<R>, depth: u32) -> Vec<(Move, u64)> {
    if let Some(outcome) = rules.perft_chance(pos) {
        let mut child = pos.clone();
        rules.play(&mut child, outcome);
        return divide(rules, &child, depth);
    }
    let mut moves = MoveList::new();
    rules.generate(pos, &mut moves);
    moves
        .iter()
        .map(|&mv| {
            let mut child = pos.clone();
            rules.play(&mut child, mv);
            (mv, perft(rules, &child, depth.saturating_sub(1)))
        })
        .collect()
}
