//! A plain iterative-deepening alpha-beta with quiescence: correct and simple, the baseline the
//! full search is measured against. It weighs chance nodes by their probabilities and handles
//! turns made of several decisions by the same side.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::{Limits, Report, Score, SearchResult};
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::{Outcome, Rules};

const INFINITY: i32 = 32_000;
const MATE: i32 = 31_000;
const MAX_PLY: usize = 128;

struct Context<'a, R: Rules> {
    rules: &'a R,
    stop: &'a AtomicBool,
    hard_deadline: Option<Instant>,
    node_limit: Option<u64>,
    nodes: u64,
    seldepth: u32,
    aborted: bool,
    history: Vec<u64>,
}

impl<R: Rules> Context<'_, R> {
    fn should_stop(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes & 1023 == 0 {
            let late = self
                .hard_deadline
                .is_some_and(|deadline| Instant::now() >= deadline);
            if late || self.stop.load(Ordering::Relaxed) {
                self.aborted = true;
            }
        }
        if self.node_limit.is_some_and(|limit| self.nodes >= limit) {
            self.aborted = true;
        }
        self.aborted
    }

    fn outcome_score(&self, pos: &Position<R>, outcome: Outcome, ply: usize) -> i32 {
        match outcome {
            Outcome::Win { winner, .. } if winner == pos.turn() => MATE - ply as i32,
            Outcome::Win { .. } => -(MATE - ply as i32),
            Outcome::Draw(_) => 0,
        }
    }

    /// Value of `child` seen from the side to move in `parent`.
    fn child_value(
        &mut self,
        parent: &Position<R>,
        child: &Position<R>,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if child.turn() == parent.turn() {
            self.negamax(child, depth, alpha, beta, ply + 1)
        } else {
            -self.negamax(child, depth, -beta, -alpha, ply + 1)
        }
    }

    fn negamax(
        &mut self,
        pos: &Position<R>,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply as u32);
        if self.should_stop() {
            return 0;
        }
        if let Some(outcome) = self.rules.terminal(pos) {
            return self.outcome_score(pos, outcome, ply);
        }
        if ply > 0 && self.is_draw(pos) {
            return 0;
        }
        let mut outcomes = Vec::new();
        if self.rules.chance(pos, &mut outcomes) {
            return self.expectation(pos, &outcomes, depth, alpha, beta, ply);
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiescence(pos, alpha, beta, ply);
        }
        let mut moves = MoveList::new();
        self.rules.generate(pos, &mut moves);
        if moves.is_empty() {
            let outcome = self.rules.no_move_outcome(pos);
            return self.outcome_score(pos, outcome, ply);
        }
        order(self.rules, pos, &mut moves);
        let mut best = -INFINITY;
        self.history.push(pos.hash());
        for &mv in moves.iter() {
            let mut child = pos.clone();
            self.rules.play(&mut child, mv);
            let value = self.child_value(pos, &child, depth - 1, alpha, beta, ply);
            if self.aborted {
                break;
            }
            best = best.max(value);
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        self.history.pop();
        best
    }

    fn expectation(
        &mut self,
        pos: &Position<R>,
        outcomes: &[crate::rules::ChanceOutcome],
        depth: i32,
        _alpha: i32,
        _beta: i32,
        ply: usize,
    ) -> i32 {
        let total: u64 = outcomes.iter().map(|o| o.weight as u64).sum();
        let mut sum: i64 = 0;
        for outcome in outcomes {
            let mut child = pos.clone();
            self.rules.play(&mut child, outcome.outcome);
            let value = self.child_value(pos, &child, depth, -INFINITY, INFINITY, ply);
            if self.aborted {
                return 0;
            }
            sum += value as i64 * outcome.weight as i64;
        }
        (sum / total.max(1) as i64) as i32
    }

    fn quiescence(&mut self, pos: &Position<R>, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        let stand_pat = self.rules.evaluate(pos);
        if stand_pat >= beta || ply >= MAX_PLY {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        let mut moves = MoveList::new();
        self.rules.generate_tactical(pos, &mut moves);
        order(self.rules, pos, &mut moves);
        let mut best = stand_pat;
        for &mv in moves.iter() {
            self.nodes += 1;
            if self.should_stop() {
                return 0;
            }
            let mut child = pos.clone();
            self.rules.play(&mut child, mv);
            let value = if child.turn() == pos.turn() {
                self.quiescence(&child, alpha, beta, ply + 1)
            } else {
                -self.quiescence(&child, -beta, -alpha, ply + 1)
            };
            best = best.max(value);
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    fn is_draw(&self, pos: &Position<R>) -> bool {
        if pos.halfmove_clock() >= 100 || self.rules.insufficient_material(pos) {
            return true;
        }
        let window = pos.halfmove_clock() as usize + 1;
        self.history
            .iter()
            .rev()
            .take(window)
            .any(|hash| *hash == pos.hash())
    }
}

/// Captures first, most valuable victim first.
fn order<R: Rules>(rules: &R, pos: &Position<R>, moves: &mut MoveList) {
    moves
        .as_mut_slice()
        .sort_by_cached_key(|mv| -rules.gain(pos, *mv));
}

fn to_score(value: i32) -> Score {
    if value >= MATE - MAX_PLY as i32 {
        Score::Mate((MATE - value + 1) / 2)
    } else if value <= -(MATE - MAX_PLY as i32) {
        Score::Mate(-(MATE + value) / 2)
    } else {
        Score::Centipawns(value)
    }
}

pub fn search<R: Rules>(
    rules: &R,
    root: &Position<R>,
    history: &[u64],
    limits: &Limits,
    stop: &AtomicBool,
    report: &mut dyn FnMut(&Report),
) -> SearchResult {
    let start = Instant::now();
    let (soft, hard) = limits.deadlines(start);
    let mut ctx = Context {
        rules,
        stop,
        hard_deadline: hard,
        node_limit: limits.nodes,
        nodes: 0,
        seldepth: 0,
        aborted: false,
        history: history[..history.len().saturating_sub(1)].to_vec(),
    };
    let mut moves = MoveList::new();
    rules.generate(root, &mut moves);
    if !limits.search_moves.is_empty() {
        moves.retain(|mv| limits.search_moves.contains(&mv));
    }
    let mut result = SearchResult {
        best: moves.as_slice().first().copied().unwrap_or(Move::NULL),
        ponder: None,
        nodes: 0,
        depth: 0,
    };
    if moves.is_empty() {
        return result;
    }
    order(rules, root, &mut moves);
    let max_depth = limits
        .depth
        .unwrap_or(MAX_PLY as u32 - 1)
        .clamp(1, MAX_PLY as u32 - 1);
    for depth in 1..=max_depth {
        let mut alpha = -INFINITY;
        let mut best_move = None;
        ctx.history.push(root.hash());
        for &mv in moves.iter() {
            let mut child = root.clone();
            rules.play(&mut child, mv);
            let value = ctx.child_value(root, &child, depth as i32 - 1, alpha, INFINITY, 0);
            if ctx.aborted {
                break;
            }
            if value > alpha || best_move.is_none() {
                alpha = value;
                best_move = Some(mv);
            }
        }
        ctx.history.pop();
        if ctx.aborted && depth > 1 {
            break;
        }
        if let Some(best) = best_move {
            result.best = best;
            result.depth = depth;
            // The best move first at the next iteration: it is searched with a full window.
            if let Some(index) = moves.iter().position(|mv| *mv == best) {
                moves.as_mut_slice()[..=index].rotate_right(1);
            }
            report(&Report {
                depth,
                seldepth: ctx.seldepth,
                score: to_score(alpha),
                nodes: ctx.nodes,
                time: start.elapsed(),
                hashfull: 0,
                pv: vec![best],
            });
        }
        if ctx.aborted || soft.is_some_and(|deadline| Instant::now() >= deadline) {
            break;
        }
        if matches!(to_score(alpha), Score::Mate(_)) && limits.depth.is_none() && !limits.infinite {
            break;
        }
    }
    result.nodes = ctx.nodes;
    result
}
