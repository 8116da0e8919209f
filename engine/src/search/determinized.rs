//! Search under hidden information, by determinization: the mover's view is filled in to a few
//! full states ("worlds"), every world scores the mover's candidate decisions (its own, the
//! same in every world) with the ordinary alpha-beta search, one line for each of its best
//! few (MultiPV), and the decision is the candidate with the best expected result over the
//! worlds, each world weighted by the belief. Blind to variants: it needs only the view, the rules' hypotheses or sampling, and
//! the rules' own search.
//!
//! Scores are combined, not votes: a decision that is good in every world beats one that is
//! best in one world and a blunder in the others (a vote over the worlds' best moves picks the
//! latter whenever the worlds disagree about what is best).
//!
//! Where the rules number the hypotheses about the hidden part ([`Rules::hypotheses`]), each
//! is weighted by how well it explains the opponent's decisions so far ([`BehaviourBelief`],
//! kept by the [`Searcher`] across the requests of a game); worlds are the hypotheses
//! themselves when there are few, else drawn by weight.
//!
//! With one world, where the hidden part is the opponent's own
//! ([`crate::SearchFlags::opponents_secrets`]) or [`HiddenInformation::worst_of`] asks, several
//! worlds are drawn, each searched shallowly, and the one where the mover fares worst is the one
//! searched: the opponent plays what it holds, and a fill-in drawn at random is more often
//! harmless than that.
//!
//! Where the rules can play through the unknown part of a view
//! ([`crate::SearchFlags::view_search`]) and [`HiddenInformation::view_search`] asks for it,
//! the view itself is the one world: the ordinary search weighs each decision the mover holds
//! only perhaps by its chance ([`crate::HiddenDecision`]).
//!
//! The answer depends on the view (and the opponent's decisions the seat has seen) alone: the
//! worlds are drawn with a generator seeded by [`HiddenInformation::seed`] and the view's
//! hash, so two full states that look the same to the mover give the same worlds, and (with
//! one thread and a fixed depth) the same move.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::belief::BehaviourModel;
use super::worker::{centipawns_of, expected_result};
use super::{Limits, Report, Score, SearchResult, Searcher, strength};
use crate::game::Game;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::{PolicyOption, Rules, RulesExt};

/// How a game that hides information is searched.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HiddenInformation {
    /// Worlds searched per decision (at least one).
    pub samples: u32,
    /// Seed of the sampling: the same seed and the same view give the same worlds.
    pub seed: u64,
    /// Search a full state as given instead of the mover's view of it: an engine that is
    /// handed the secrets, to measure what not knowing them costs. Views are still sampled.
    pub full_state: bool,
    /// Decide as the variant's baseline player ([`Rules::baseline_view`],
    /// [`Rules::policy_decisions`]), to measure the real policy against.
    pub baseline: bool,
    /// How the opponent is assumed to decide, for weighing hypotheses by its decisions;
    /// `None`: every hypothesis the view leaves possible weighs the same.
    pub behaviour: Option<BehaviourModel>,
    /// Search the view itself where the rules can ([`crate::SearchFlags::view_search`]):
    /// one tree over what is public, the cards a side may hold weighed by their chances
    /// ([`crate::HiddenDecision`]), instead of worlds filled in.
    pub view_search: bool,
    /// With one world to search: how many worlds to draw, each searched shallowly
    /// ([`WORST_OF_DEPTH`]), and the one where the side to move fares worst searched with the
    /// budget; a decision that holds up there holds up against the hidden part's most
    /// dangerous fill-in drawn. 1: the first world drawn; 0 (the default): the game's choice,
    /// [`HiddenInformation::DEFAULT_WORST_OF`] where the opponent holds the secrets
    /// ([`crate::SearchFlags::opponents_secrets`]), else 1.
    pub worst_of: u32,
}

impl HiddenInformation {
    /// One world: at equal nodes it beat or matched three and six worlds in every game
    /// measured (docs/hidden-information.md); more worlds each search shallower.
    pub const DEFAULT_SAMPLES: u32 = 1;
    pub const MAX_SAMPLES: u32 = 256;
    /// Where the opponent holds the secrets, the worst of four worlds beat one world drawn at
    /// random at both clocks measured, and two and eight were no better
    /// (docs/hidden-information.md).
    pub const DEFAULT_WORST_OF: u32 = 4;

    /// How many worlds to choose the one searched from, in a game with these flags.
    pub fn worst_of_for(&self, flags: &crate::SearchFlags) -> u32 {
        match self.worst_of {
            0 if flags.opponents_secrets => HiddenInformation::DEFAULT_WORST_OF,
            0 => 1,
            worlds => worlds,
        }
    }
}

impl Default for HiddenInformation {
    fn default() -> HiddenInformation {
        HiddenInformation {
            samples: HiddenInformation::DEFAULT_SAMPLES,
            seed: 1,
            full_state: false,
            baseline: false,
            // Measured on self-play, the weighting did not improve the identity predictions
            // (docs/hidden-information.md), so it is off unless asked for.
            behaviour: None,
            view_search: false,
            worst_of: 0,
        }
    }
}

/// The deepest iteration over the worlds.
const MAX_DEPTH: u32 = 64;

/// The lines each world searches (MultiPV): its best candidates get their own scores, the
/// rest count as its worst line's. Every line costs about a search of its own, so scoring all
/// of thirty candidates in every world would leave each world a few plies shallower; four
/// lines measured no better than two (docs/hidden-information.md).
const LINES_PER_WORLD: usize = 2;

/// The depth of the search that scores the opponent's options in each hypothesis' world:
/// one ply and the quiescence search after it, enough to see a piece left hanging.
const BEHAVIOUR_DEPTH: u32 = 1;

/// How deep each of the worlds drawn for [`HiddenInformation::worst_of`] is searched: the
/// mover's decision, the opponent's reply with what it holds, and the next pair, where a
/// hidden card or piece first does harm.
pub const WORST_OF_DEPTH: u32 = 4;

/// The nodes each of those shallow searches may spend at most, so that comparing worlds
/// costs a small share of a clock's budget (about 1% of a 10+0.1 move's each).
const WORST_OF_NODES: u64 = 3_000;

/// Under a node limit, the share of it that comparing worlds may spend at most.
const WORST_OF_SHARE_OF_NODES: u64 = 4;

/// One world's scores of the candidates, in the candidates' order (`None`: not scored).
struct WorldScores {
    weight: f64,
    scores: Vec<Option<Score>>,
}

/// The candidate with the best weighted mean expected result over the worlds, and that mean.
/// A candidate a world did not score counts there as that world's worst scored candidate (it
/// was not among the lines that world found best). Worlds that scored nothing are left out;
/// ties go to the earlier candidate.
fn combine(worlds: &[WorldScores], candidates: usize) -> Option<(usize, f64)> {
    let mut totals = vec![0.0; candidates];
    let mut weight = 0.0;
    for world in worlds {
        let results: Vec<Option<f64>> = world
            .scores
            .iter()
            .map(|score| score.map(|score| expected_result(score.ordered_value())))
            .collect();
        let Some(floor) = results.iter().flatten().copied().reduce(f64::min) else {
            continue;
        };
        weight += world.weight;
        for (total, result) in totals.iter_mut().zip(&results) {
            *total += world.weight * result.unwrap_or(floor);
        }
    }
    if weight <= 0.0 {
        return None;
    }
    let mut best: Option<(usize, f64)> = None;
    for (index, total) in totals.iter().enumerate() {
        let mean = total / weight;
        if best.is_none_or(|(_, best_mean)| mean > best_mean) {
            best = Some((index, mean));
        }
    }
    best
}

/// The score to report for candidate `best`: a mate when every world that scored it mates the
/// same way (the slowest of them), else the centipawns of the mean expected result.
fn reported_score(worlds: &[WorldScores], best: usize, mean: f64) -> Score {
    let scores: Vec<Score> = worlds
        .iter()
        .filter_map(|world| world.scores.get(best).copied().flatten())
        .collect();
    let mates: Vec<i32> = scores
        .iter()
        .map(|score| match score {
            Score::Mate(moves) => *moves,
            Score::Centipawns(_) => 0,
        })
        .collect();
    let centipawns = Score::Centipawns((centipawns_of(mean).round() as i32).clamp(-29_000, 29_000));
    if !mates.is_empty() && mates.iter().all(|&moves| moves > 0) {
        mates.iter().max().map_or(centipawns, |&m| Score::Mate(m))
    } else if !mates.is_empty() && mates.iter().all(|&moves| moves < 0) {
        mates.iter().min().map_or(centipawns, |&m| Score::Mate(m))
    } else {
        centipawns
    }
}

/// The first of the items with the lowest score.
fn first_lowest<T>(scored: Vec<(f64, T)>) -> Option<T> {
    let mut lowest: Option<(f64, T)> = None;
    for (score, item) in scored {
        if lowest.as_ref().is_none_or(|(low, _)| score < *low) {
            lowest = Some((score, item));
        }
    }
    lowest.map(|(_, item)| item)
}

/// Draws `samples` worlds from weighted hypotheses (or takes them all when there are no more
/// than that), merging repeats into one world of the summed weight.
fn draw<T>(hypotheses: Vec<(T, f64)>, samples: usize, rng: &mut StdRng) -> Vec<(T, f64)> {
    let total: f64 = hypotheses.iter().map(|(_, weight)| weight).sum();
    if hypotheses.len() <= samples || total <= 0.0 || !total.is_finite() {
        return hypotheses;
    }
    let mut counts = vec![0u32; hypotheses.len()];
    for _ in 0..samples {
        let mut ticket = rng.random::<f64>() * total;
        let mut chosen = hypotheses.len() - 1;
        for (index, (_, weight)) in hypotheses.iter().enumerate() {
            if ticket < *weight {
                chosen = index;
                break;
            }
            ticket -= weight;
        }
        counts[chosen] += 1;
    }
    hypotheses
        .into_iter()
        .zip(counts)
        .filter(|(_, count)| *count > 0)
        .map(|((world, _), count)| (world, f64::from(count)))
        .collect()
}

impl Searcher {
    /// Weighs every decision the opponent made in `game` that this seat has not weighed yet
    /// (the decisions on views with the opponent to move). Returns the nodes spent.
    /// A game that numbers no hypotheses weighs nothing: [`BehaviourBelief::observe`] finds
    /// no hypothesis to score, so the root's are not listed here as well.
    pub(super) fn observe_game<R: Rules>(&mut self, game: &Game<R>, stop: &AtomicBool) -> u64 {
        let rules = game.rules();
        let root = game.position();
        let Some(model) = self.hidden.behaviour else {
            return 0;
        };
        if self.hidden.baseline || self.hidden.full_state || !rules.is_view(root) {
            return 0;
        }
        let seat = root.turn();
        let start = game.start_position();
        self.belief.follow(seat, start.fullmoves());
        let mut nodes = 0;
        let mut before = start.clone();
        let mut belief = std::mem::take(&mut self.belief);
        for &decision in game.moves() {
            if before.turn() != seat && rules.is_view(&before) && !stop.load(Ordering::Relaxed) {
                belief.observe(rules, &before, decision, model, &mut |world, options| {
                    let (scores, spent) = self.option_scores(rules, world, options, stop);
                    nodes += spent;
                    scores
                });
            }
            rules.play(&mut before, decision);
        }
        self.belief = belief;
        nodes
    }

    /// The scores of `options` (all of `world`'s decisions) for the side to move, by a
    /// shallow search with one line per option; an option the search did not score gets the
    /// worst score found. Also the nodes spent.
    pub fn option_scores<R: Rules>(
        &mut self,
        rules: &R,
        world: &Position<R>,
        options: &MoveList,
        stop: &AtomicBool,
    ) -> (Vec<i32>, u64) {
        let limits = Limits {
            depth: Some(BEHAVIOUR_DEPTH),
            multipv: options.len(),
            ..Limits::default()
        };
        let mut scores: Vec<Option<i32>> = vec![None; options.len()];
        let answer = self.search_world(rules, world, &[world.hash()], &limits, stop, &mut |line| {
            if let Some(index) = line
                .pv
                .first()
                .and_then(|mv| options.as_slice().iter().position(|o| o == mv))
            {
                scores[index] = Some(line.score.ordered_value().clamp(-30_000, 30_000));
            }
        });
        let worst = scores.iter().flatten().copied().min().unwrap_or(0);
        (
            scores.into_iter().map(|s| s.unwrap_or(worst)).collect(),
            answer.nodes,
        )
    }

    /// The worlds to search from `view`, with their weights: the hypotheses the view leaves
    /// possible weighted by the opponent's behaviour (all of them when there are no more than
    /// the samples asked for, else drawn by weight), or worlds drawn by the rules' sampler.
    fn worlds<R: Rules>(
        &self,
        rules: &R,
        view: &Position<R>,
        samples: usize,
    ) -> Vec<(Position<R>, f64)> {
        let mut rng = StdRng::seed_from_u64(self.hidden.seed ^ view.hash());
        let hypotheses = rules.hypotheses(view);
        if hypotheses.is_empty() {
            let mut worlds: Vec<(Position<R>, f64)> = Vec::new();
            for _ in 0..samples {
                let world = rules.sample_state(view, &mut rng);
                match worlds.iter_mut().find(|(w, _)| w.hash() == world.hash()) {
                    Some((_, weight)) => *weight += 1.0,
                    None => worlds.push((world, 1.0)),
                }
            }
            return worlds;
        }
        let weighed = !self.hidden.baseline
            && self.hidden.behaviour.is_some()
            && self.belief.seat() == Some(view.turn());
        let indices: Vec<usize> = hypotheses.iter().map(|(index, _)| *index).collect();
        let weights = if weighed {
            self.belief.weights(&indices)
        } else {
            vec![1.0; indices.len()]
        };
        let weighted = hypotheses
            .into_iter()
            .zip(weights)
            .map(|((_, world), weight)| (world, weight))
            .collect();
        draw(weighted, samples, &mut rng)
    }

    /// The world among `drawn` where the side to move fares worst in a shallow search (the
    /// first of equals), and the nodes spent comparing them.
    fn worst_world<R: Rules>(
        &mut self,
        rules: &R,
        drawn: Vec<(Position<R>, f64)>,
        limits: &Limits,
        stop: &AtomicBool,
    ) -> (Option<(Position<R>, f64)>, u64) {
        let worlds = drawn.len().max(1) as u64;
        let per_world = limits.nodes.map_or(WORST_OF_NODES, |nodes| {
            (nodes / (WORST_OF_SHARE_OF_NODES * worlds)).clamp(1, WORST_OF_NODES)
        });
        let shallow = Limits {
            depth: Some(WORST_OF_DEPTH),
            nodes: Some(per_world),
            ..Limits::default()
        };
        let mut nodes = 0;
        let mut scored = Vec::with_capacity(drawn.len());
        for (world, _) in drawn {
            if stop.load(Ordering::Relaxed) && !scored.is_empty() {
                break;
            }
            let answer =
                self.search_world(rules, &world, &[world.hash()], &shallow, stop, &mut |_| {});
            nodes += answer.nodes;
            scored.push((expected_result(answer.score.ordered_value()), world));
        }
        (first_lowest(scored).map(|world| (world, 1.0)), nodes)
    }

    /// Decides from the view of the side to move (`root` itself if it is a view): chooses the
    /// worlds, then deepens all of them together, one depth at a time, every world scoring
    /// its best candidates, combining after each depth, until the limits end it. A stopped
    /// iteration's partial scores are used only if no depth finished. `spent` nodes were
    /// already used (weighing the opponent's decisions) and count against a node limit.
    pub(super) fn search_determinized<R: Rules>(
        &mut self,
        rules: &R,
        root: &Position<R>,
        limits: &Limits,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&Report),
        spent: u64,
    ) -> SearchResult {
        let start = limits.received.unwrap_or_else(Instant::now);
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
            nodes: spent,
            depth: 0,
            score: Score::Centipawns(0),
        };
        if moves.is_empty() {
            return result;
        }
        // Decisions the variant's own policy takes (its guesses) are not searched; a limited
        // strength chooses among the policy's options by their values, as among root lines.
        let most = limits.strength.map_or(1, |_| strength::CANDIDATES);
        let options: Vec<PolicyOption> = rules
            .policy_decisions(&view, self.hidden.baseline, most)
            .into_iter()
            .filter(|option| moves.contains(option.decision))
            .collect();
        if let Some(decided) = PolicyOption::chosen(&options, limits.strength, view.hash()) {
            result.best = decided;
            return result;
        }
        let samples = self.hidden.samples.max(1) as usize;
        // A limited strength keeps the one world its levels were fitted with.
        let worst_of = match limits.strength {
            Some(_) => 1,
            None => self.hidden.worst_of_for(&rules.search_flags()),
        };
        let worlds = if self.hidden.view_search && rules.search_flags().view_search {
            vec![(view.clone(), 1.0)]
        } else if samples == 1 && worst_of > 1 {
            let drawn = self.worlds(rules, &view, worst_of as usize);
            let (worst, compared) = self.worst_world(rules, drawn, limits, stop);
            result.nodes += compared;
            worst.into_iter().collect()
        } else {
            self.worlds(rules, &view, samples)
        };
        if let [(world, _)] = worlds.as_slice() {
            // One world: its own search decides, with the whole budget.
            let one = Limits {
                nodes: limits
                    .nodes
                    .map(|nodes| nodes.saturating_sub(result.nodes).max(1)),
                ..limits.clone()
            };
            let answer = self.search_world(rules, world, &[world.hash()], &one, stop, report);
            if !answer.best.is_null() && moves.contains(answer.best) {
                result.best = answer.best;
                result.score = answer.score;
                result.depth = answer.depth;
            }
            result.nodes += answer.nodes;
            return result;
        }
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
        let candidates = moves.as_slice().to_vec();
        for depth in 1..=max_depth {
            let mut scored: Vec<WorldScores> = Vec::with_capacity(worlds.len());
            let mut interrupted = false;
            for (world, weight) in &worlds {
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
                    // The world's best candidates get a line each: their scores there.
                    multipv: LINES_PER_WORLD.min(candidates.len()),
                    ..Limits::default()
                };
                let mut scores: Vec<Option<Score>> = vec![None; candidates.len()];
                let answer = self.search_world(
                    rules,
                    world,
                    &[world.hash()],
                    &world_limits,
                    stop,
                    &mut |line| {
                        if let Some(index) = line
                            .pv
                            .first()
                            .and_then(|mv| candidates.iter().position(|c| c == mv))
                        {
                            scores[index] = Some(line.score);
                        }
                    },
                );
                result.nodes += answer.nodes;
                if stop.load(Ordering::Relaxed)
                    || past_hard()
                    || limits.nodes.is_some_and(|nodes| result.nodes >= nodes)
                {
                    interrupted = true;
                }
                if let Some(index) = candidates.iter().position(|c| *c == answer.best)
                    && scores[index].is_none()
                {
                    scores[index] = Some(answer.score);
                }
                scored.push(WorldScores {
                    weight: *weight,
                    scores,
                });
                if interrupted {
                    break;
                }
            }
            // An iteration cut short counts only when nothing better exists yet.
            if interrupted && result.depth > 0 {
                break;
            }
            if let Some((index, mean)) = combine(&scored, candidates.len()) {
                result.best = candidates[index];
                result.depth = depth;
                result.score = reported_score(&scored, index, mean);
                report(&Report {
                    multipv: 1,
                    depth,
                    seldepth: depth,
                    score: result.score,
                    nodes: result.nodes,
                    time: start.elapsed(),
                    hashfull: self.table.hashfull(),
                    pv: vec![result.best],
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

    fn world(scores: &[i32]) -> WorldScores {
        WorldScores {
            weight: 1.0,
            scores: scores.iter().map(|&s| Some(Score::Centipawns(s))).collect(),
        }
    }

    /// The candidate each world would vote for (its best), and the winner of the old vote
    /// (most votes; a tie to the better mean score among the voters).
    fn old_vote(worlds: &[WorldScores]) -> usize {
        let mut tally: Vec<(usize, u32, i32)> = Vec::new();
        for world in worlds {
            let (best, score) = world
                .scores
                .iter()
                .enumerate()
                .map(|(i, s)| (i, s.map_or(i32::MIN, Score::ordered_value)))
                .max_by_key(|&(i, s)| (s, std::cmp::Reverse(i)))
                .unwrap();
            match tally.iter_mut().find(|(i, _, _)| *i == best) {
                Some((_, votes, total)) => {
                    *votes += 1;
                    *total += score;
                }
                None => tally.push((best, 1, score)),
            }
        }
        tally
            .iter()
            .max_by_key(|(_, votes, total)| (*votes, *total / *votes as i32))
            .map(|(i, _, _)| *i)
            .unwrap()
    }

    #[test]
    fn a_move_good_in_every_world_beats_one_best_in_one_world_only() {
        // Candidate 0 is sound everywhere; 1, 2 and 3 each win one world and lose the others.
        let worlds = [
            world(&[150, 300, -900, -900]),
            world(&[150, -900, 300, -900]),
            world(&[150, -900, -900, 350]),
        ];
        assert_eq!(old_vote(&worlds), 3, "the vote follows the one world");
        let (best, mean) = combine(&worlds, 4).unwrap();
        assert_eq!(best, 0);
        assert_eq!(centipawns_of(mean).round() as i32, 150);
    }

    #[test]
    fn weights_decide_between_worlds() {
        let mut worlds = [world(&[200, -200]), world(&[-200, 200])];
        worlds[1].weight = 3.0;
        assert_eq!(combine(&worlds, 2).map(|(best, _)| best), Some(1));
        worlds[0].weight = 4.0;
        assert_eq!(combine(&worlds, 2).map(|(best, _)| best), Some(0));
    }

    #[test]
    fn an_unscored_candidate_counts_as_the_worlds_worst() {
        let mut worlds = [world(&[100, 50]), world(&[0, 40])];
        worlds[1].scores[1] = None;
        // Candidate 1 counts as 0 in the second world: 100 + 0 beats 50 + 0.
        assert_eq!(combine(&worlds, 2).map(|(best, _)| best), Some(0));
        assert_eq!(combine(&[], 2), None);
    }

    #[test]
    fn a_mate_every_world_sees_is_reported_as_a_mate() {
        let mut worlds = [world(&[0, 0]), world(&[0, 0])];
        worlds[0].scores[0] = Some(Score::Mate(3));
        worlds[1].scores[0] = Some(Score::Mate(5));
        let (best, mean) = combine(&worlds, 2).unwrap();
        assert_eq!(best, 0);
        assert_eq!(reported_score(&worlds, best, mean), Score::Mate(5));
        worlds[1].scores[0] = Some(Score::Centipawns(400));
        assert!(matches!(
            reported_score(&worlds, 0, combine(&worlds, 2).unwrap().1),
            Score::Centipawns(_)
        ));
    }

    #[test]
    fn the_worst_world_is_the_first_of_the_lowest() {
        assert_eq!(
            first_lowest(vec![(0.5, 'a'), (0.2, 'b'), (0.2, 'c'), (0.9, 'd')]),
            Some('b')
        );
        assert_eq!(first_lowest(vec![(0.7, 'a')]), Some('a'));
        assert_eq!(first_lowest::<char>(Vec::new()), None);
    }

    #[test]
    fn drawing_merges_repeats_and_keeps_every_world_when_few() {
        let mut rng = StdRng::seed_from_u64(7);
        let few: Vec<(u32, f64)> = vec![(1, 1.0), (2, 0.5)];
        let drawn = draw(few.clone(), 3, &mut rng);
        assert_eq!(drawn, few);
        let many: Vec<(u32, f64)> = (0..10)
            .map(|i| (i, if i == 4 { 1e9 } else { 1e-9 }))
            .collect();
        assert_eq!(draw(many, 3, &mut rng), vec![(4, 3.0)]);
    }
}
