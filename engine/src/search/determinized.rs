//! Search under hidden information, by determinization: the mover's view is filled in to a few
//! full states ("worlds") drawn by the variant's [`Rules::sample_state`], each world is searched
//! by the ordinary alpha-beta search, and a vote over the worlds' best moves picks the decision.
//! Blind to variants: it needs only the view, sampling and the rules' own search.
//!
//! The answer depends on the view alone: the worlds are drawn from the view with a generator
//! seeded by [`HiddenInformation::seed`] and the view's hash, so two full states that look the
//! same to the mover give the same worlds, and (with one thread and a fixed depth) the same
//! move.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::StdRng;

use super::{Limits, Report, Score, SearchResult, Searcher};
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::{Rules, RulesExt};

/// How a game that hides information is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HiddenInformation {
    /// Worlds sampled per decision (at least one).
    pub samples: u32,
    /// Seed of the sampling: the same seed and the same view give the same worlds.
    pub seed: u64,
    /// Search a full state as given instead of the mover's view of it: an engine that is
    /// handed the secrets, to measure what not knowing them costs. Views are still sampled.
    pub full_state: bool,
    /// Decide as the variant's baseline player ([`Rules::baseline_view`],
    /// [`Rules::policy_decision`]), to measure the real policy against.
    pub baseline: bool,
}

impl HiddenInformation {
    pub const DEFAULT_SAMPLES: u32 = 3;
    pub const MAX_SAMPLES: u32 = 256;
}

impl Default for HiddenInformation {
    fn default() -> HiddenInformation {
        HiddenInformation {
            samples: HiddenInformation::DEFAULT_SAMPLES,
            seed: 1,
            full_state: false,
            baseline: false,
        }
    }
}

/// The deepest iteration over the worlds.
const MAX_DEPTH: u32 = 64;

/// One world's answer at one depth.
struct WorldAnswer {
    best: Move,
    score: i32,
    /// The world's own score, for reporting mates as mates.
    reported: Score,
}

/// The score to report for `best`: a mate when every world that chose it mates the same way
/// (the slowest of them), else the mean in centipawns.
fn reported_score(answers: &[WorldAnswer], best: Move, mean: i32) -> Score {
    let mates: Vec<i32> = answers
        .iter()
        .filter(|answer| answer.best == best)
        .map(|answer| match answer.reported {
            Score::Mate(moves) => moves,
            Score::Centipawns(_) => 0,
        })
        .collect();
    if !mates.is_empty() && mates.iter().all(|&moves| moves > 0) {
        mates
            .iter()
            .max()
            .map_or(Score::Centipawns(mean), |&m| Score::Mate(m))
    } else if !mates.is_empty() && mates.iter().all(|&moves| moves < 0) {
        mates
            .iter()
            .min()
            .map_or(Score::Centipawns(mean), |&m| Score::Mate(m))
    } else {
        Score::Centipawns(mean.clamp(-29_000, 29_000))
    }
}

/// The move most worlds chose; a tie goes to the better average score among its voters, then
/// to the move chosen first. Also that average.
fn vote(answers: &[WorldAnswer]) -> Option<(Move, i32)> {
    let mut tally: Vec<(Move, u32, i64)> = Vec::new();
    for answer in answers {
        match tally.iter_mut().find(|(mv, _, _)| *mv == answer.best) {
            Some((_, votes, total)) => {
                *votes += 1;
                *total += i64::from(answer.score);
            }
            None => tally.push((answer.best, 1, i64::from(answer.score))),
        }
    }
    let mut best: Option<(Move, u32, i64)> = None;
    for entry in tally {
        let better = best.is_none_or(|(_, votes, total)| {
            let (mean, best_mean) = (entry.2 / i64::from(entry.1), total / i64::from(votes));
            entry.1 > votes || (entry.1 == votes && mean > best_mean)
        });
        if better {
            best = Some(entry);
        }
    }
    best.map(|(mv, votes, total)| (mv, (total / i64::from(votes)) as i32))
}

/// Whether the worlds not yet searched at this depth can no longer change the vote: the
/// leading move has more votes than the runner-up could reach with all of them.
fn settled(answers: &[WorldAnswer], worlds: usize) -> bool {
    let mut votes: Vec<(Move, usize)> = Vec::new();
    for answer in answers {
        match votes.iter_mut().find(|(mv, _)| *mv == answer.best) {
            Some((_, count)) => *count += 1,
            None => votes.push((answer.best, 1)),
        }
    }
    votes.sort_by_key(|(_, count)| std::cmp::Reverse(*count));
    let leading = votes.first().map_or(0, |(_, count)| *count);
    let second = votes.get(1).map_or(0, |(_, count)| *count);
    leading > second + (worlds - answers.len())
}

impl Searcher {
    /// Decides from the view of the side to move (`root` itself if it is a view): samples the
    /// worlds, then deepens all of them together, one depth at a time, voting after each, until
    /// the limits end it. A stopped iteration's partial vote is used only if no depth finished.
    pub(super) fn search_determinized<R: Rules>(
        &mut self,
        rules: &R,
        root: &Position<R>,
        limits: &Limits,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&Report),
    ) -> SearchResult {
        let start = Instant::now();
        let view = if rules.is_view(root) {
            root.clone()
        } else {
            rules.view(root, root.turn())
        };
        let view = if self.hidden.baseline {
            rules.baseline_view(&view)
        } else {
            view
        };
        let mut moves = MoveList::new();
        if rules.terminal(&view).is_none() {
            rules.generate(&view, &mut moves);
        }
        if !limits.search_moves.is_empty() {
            moves.retain(|mv| limits.search_moves.contains(&mv));
        }
        let mut result = SearchResult {
            best: moves.as_slice().first().copied().unwrap_or(Move::NULL),
            ponder: None,
            nodes: 0,
            depth: 0,
            score: Score::Centipawns(0),
        };
        if moves.is_empty() {
            return result;
        }
        // Decisions the variant's own policy takes (its guesses) are not searched.
        if let Some(decided) = rules
            .policy_decision(&view, self.hidden.baseline)
            .filter(|decided| moves.contains(*decided))
        {
            result.best = decided;
            return result;
        }
        let mut rng = StdRng::seed_from_u64(self.hidden.seed ^ view.hash());
        let worlds: Vec<Position<R>> = (0..self.hidden.samples.max(1))
            .map(|_| rules.sample_state(&view, &mut rng))
            .collect();
        // The clock starts now, or for a ponder search at the hit: every world's search
        // counts from that one moment, so together they keep to the one budget.
        let budget = limits.budget();
        let clock_start = || match &limits.ponder {
            Some(ponder) => ponder.clock_start(),
            None => Some(start),
        };
        let hard = || clock_start().and_then(|clock| budget.hard.map(|hard| clock + hard));
        let past_hard = || hard().is_some_and(|hard| Instant::now() >= hard);
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        for depth in 1..=max_depth {
            let mut answers = Vec::with_capacity(worlds.len());
            let mut interrupted = false;
            for world in &worlds {
                let remaining_nodes = limits.nodes.map(|nodes| nodes.saturating_sub(result.nodes));
                if remaining_nodes == Some(0) || stop.load(Ordering::Relaxed) || past_hard() {
                    interrupted = true;
                    break;
                }
                // Still pondering: the world's search ponders too and, once hit, keeps to the
                // whole budget (it is the only one then running).
                let (movetime, ponder) = match clock_start() {
                    Some(_) => (
                        hard().map(|hard| hard.saturating_duration_since(Instant::now())),
                        None,
                    ),
                    None => (budget.hard, limits.ponder.clone()),
                };
                let world_limits = Limits {
                    depth: Some(depth),
                    nodes: remaining_nodes,
                    movetime,
                    ponder,
                    search_moves: limits.search_moves.clone(),
                    move_overhead: Duration::ZERO,
                    ..Limits::default()
                };
                let answer = self.search_world(
                    rules,
                    world,
                    &[world.hash()],
                    &world_limits,
                    stop,
                    &mut |_| {},
                );
                result.nodes += answer.nodes;
                if stop.load(Ordering::Relaxed)
                    || past_hard()
                    || limits.nodes.is_some_and(|nodes| result.nodes >= nodes)
                {
                    interrupted = true;
                }
                if !answer.best.is_null() && moves.contains(answer.best) {
                    answers.push(WorldAnswer {
                        best: answer.best,
                        score: answer.score.ordered_value(),
                        reported: answer.score,
                    });
                }
                if interrupted || settled(&answers, worlds.len()) {
                    break;
                }
            }
            // An iteration cut short counts only when nothing better exists yet.
            if interrupted && result.depth > 0 {
                break;
            }
            if let Some((best, score)) = vote(&answers) {
                result.best = best;
                result.depth = depth;
                result.score = reported_score(&answers, best, score);
                report(&Report {
                    multipv: 1,
                    depth,
                    seldepth: depth,
                    score: result.score,
                    nodes: result.nodes,
                    time: start.elapsed(),
                    hashfull: self.table.hashfull(),
                    pv: vec![best],
                });
            }
            if interrupted || limits.mate_found(result.score) {
                break;
            }
            // The next depth costs more than all the depths before it together.
            let half_spent = match (clock_start(), budget.soft) {
                (Some(clock), Some(soft)) => clock.elapsed() * 2 >= soft,
                _ => false,
            };
            if half_spent || moves.len() == 1 && limits.is_timed() {
                break;
            }
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(from: u32, score: i32) -> WorldAnswer {
        WorldAnswer {
            best: Move::normal(shakmaty::Square::new(from), shakmaty::Square::new(from + 8)),
            score,
            reported: Score::Centipawns(score),
        }
    }

    #[test]
    fn a_mate_every_voter_sees_is_reported_as_a_mate() {
        let mut answers = vec![answer(8, 29_997), answer(8, 29_995)];
        answers[0].reported = Score::Mate(3);
        answers[1].reported = Score::Mate(5);
        let best = answers[0].best;
        assert_eq!(reported_score(&answers, best, 29_996), Score::Mate(5));
        answers[1].reported = Score::Centipawns(400);
        assert_eq!(
            reported_score(&answers, best, 15_000),
            Score::Centipawns(15_000)
        );
    }

    #[test]
    fn the_move_most_worlds_choose_wins_and_ties_go_to_the_better_mean() {
        let answers = [
            answer(8, 50),
            answer(9, 300),
            answer(8, 10),
            answer(10, 900),
        ];
        assert_eq!(vote(&answers), Some((answers[0].best, 30)));
        let tied = [answer(8, 50), answer(9, 300)];
        assert_eq!(vote(&tied), Some((tied[1].best, 300)));
        assert_eq!(vote(&[]), None);
    }
}
