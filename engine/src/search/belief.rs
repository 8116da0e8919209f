//! What a seat learns about the opponent's hidden army from the opponent's decisions: a weight
//! per numbered hypothesis ([`Rules::hypotheses`]), multiplied at each observed decision by how
//! likely that decision was in the hypothesis' world (a softmax over a shallow search's scores
//! of the opponent's options there). Owned by the [`Searcher`](super::Searcher) that plays the
//! seat, so it lives across the requests of one game and is emptied with the table.

use shakmaty::Color;

use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::{Rules, RulesExt};

/// How decisions are assumed to be taken: a softmax over option scores (centipawns) at
/// `temperature`, mixed with a uniform choice with probability `noise`, so that no decision,
/// however bad it looks to a shallow search, rules a hypothesis out.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BehaviourModel {
    pub temperature: f64,
    pub noise: f64,
}

impl BehaviourModel {
    /// Fitted on self-play (data in `data/belief/`, made by a script in `scripts/`): the
    /// temperature of the grid 25 to 400 that gave the training games' identity predictions
    /// their lowest log-loss (still no better than the uniform belief's).
    pub const FITTED: BehaviourModel = BehaviourModel {
        temperature: 200.0,
        noise: 0.05,
    };
}

/// How far (in nats) a hypothesis' weight may fall below the heaviest one's.
pub const MAX_LOG_SPREAD: f64 = 20.0;

/// How likely the option `observed` is among options scored `scores` (for the deciding side,
/// the higher the better). Never zero: the uniform share `noise / n` is always there.
pub fn likelihood(scores: &[i32], observed: usize, model: BehaviourModel) -> f64 {
    let n = scores.len();
    if n == 0 || observed >= n {
        return 1.0;
    }
    let best = scores.iter().copied().max().unwrap_or(0);
    let temperature = model.temperature.max(1.0);
    let weight = |score: i32| (f64::from(score - best) / temperature).exp();
    let total: f64 = scores.iter().map(|&score| weight(score)).sum();
    let softmax = weight(scores[observed]) / total;
    (1.0 - model.noise) * softmax + model.noise / n as f64
}

/// The weights one seat gives the opponent's hypotheses, as logarithms (0 for each at the
/// start: every hypothesis equally likely; kept for the hypotheses weighed so far, by
/// number), and the decisions already weighed.
#[derive(Clone, Debug, Default)]
pub struct BehaviourBelief {
    seat: Option<Color>,
    log_weights: Vec<f64>,
    /// Keys of the observations already folded in (a request may repeat earlier decisions).
    folded: Vec<u64>,
    /// The full-move number of the latest observation: an earlier one means a new game.
    fullmoves: u32,
}

impl BehaviourBelief {
    pub fn new() -> BehaviourBelief {
        BehaviourBelief::default()
    }

    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        *self = BehaviourBelief::default();
    }

    /// Starts over when the observations are for another seat or an earlier move of the game
    /// than those already seen (a new game without `ucinewgame`).
    pub fn follow(&mut self, seat: Color, fullmoves: u32) {
        if self.seat != Some(seat) || fullmoves < self.fullmoves {
            *self = BehaviourBelief {
                seat: Some(seat),
                log_weights: Vec::new(),
                folded: Vec::new(),
                fullmoves,
            };
        }
    }

    /// The seat the weights are for, if any.
    pub fn seat(&self) -> Option<Color> {
        self.seat
    }

    /// The logarithm of hypothesis `index`'s weight (0 when unknown).
    pub fn log_weight(&self, index: usize) -> f64 {
        self.log_weights.get(index).copied().unwrap_or(0.0)
    }

    /// The weights of hypotheses `indices`, relative to the heaviest of them (1), none below
    /// `e^-MAX_LOG_SPREAD`: the behaviour model is a rough one, so no run of decisions it
    /// finds unlikely may all but rule a hypothesis out.
    pub fn weights(&self, indices: &[usize]) -> Vec<f64> {
        let logs: Vec<f64> = indices
            .iter()
            .map(|&index| self.log_weight(index))
            .collect();
        let top = logs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        logs.iter()
            .map(|log| (log - top).max(-MAX_LOG_SPREAD).exp())
            .collect()
    }

    /// Whether the observation `key` was weighed already; marks it weighed.
    fn first_sight(&mut self, key: u64) -> bool {
        if self.folded.contains(&key) {
            return false;
        }
        self.folded.push(key);
        true
    }

    /// Weighs the opponent's `decision`, taken on `before` (the seat's view, the opponent to
    /// move): every hypothesis `before` leaves possible is multiplied by the decision's
    /// likelihood in its world, with the options scored by `score` (one score per option, for
    /// the opponent). A decision its world does not offer as written (a view writes some
    /// decisions differently) says nothing. Returns the worlds scored.
    pub fn observe<R: Rules>(
        &mut self,
        rules: &R,
        before: &Position<R>,
        decision: Move,
        model: BehaviourModel,
        score: &mut dyn FnMut(&Position<R>, &MoveList) -> Vec<i32>,
    ) -> usize {
        let key = before.hash() ^ u64::from(decision.to_bits()).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        if !self.first_sight(key) {
            return 0;
        }
        self.fullmoves = self.fullmoves.max(before.fullmoves());
        let mut scored = 0;
        let mut options = MoveList::new();
        for (index, world) in rules.hypotheses(before) {
            options.clear();
            rules.generate(&world, &mut options);
            let Some(observed) = options.as_slice().iter().position(|&mv| mv == decision) else {
                continue;
            };
            if options.len() < 2 {
                continue;
            }
            let scores = score(&world, &options);
            scored += 1;
            if self.log_weights.len() <= index {
                self.log_weights.resize(index + 1, 0.0);
            }
            self.log_weights[index] += likelihood(&scores, observed, model).ln();
        }
        scored
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn likelihoods_sum_to_one_favour_the_better_option_and_are_never_zero() {
        let model = BehaviourModel {
            temperature: 100.0,
            noise: 0.05,
        };
        let scores = [300, 0, -30_000];
        let odds: Vec<f64> = (0..3).map(|i| likelihood(&scores, i, model)).collect();
        assert!((odds.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!(odds[0] > odds[1] && odds[1] > odds[2]);
        assert!(odds[2] >= 0.05 / 3.0);
        // A colder model trusts the scores more.
        let cold = BehaviourModel {
            temperature: 20.0,
            ..model
        };
        assert!(likelihood(&scores, 0, cold) > odds[0]);
    }

    #[test]
    fn weights_never_fall_further_than_the_spread_below_the_best() {
        let mut belief = BehaviourBelief::new();
        belief.follow(Color::White, 1);
        belief.log_weights = vec![0.0, -5.0, -1_000.0];
        let weights = belief.weights(&[0, 1, 2]);
        assert_eq!(weights[0], 1.0);
        assert!((weights[1] - (-5.0f64).exp()).abs() < 1e-15);
        assert_eq!(weights[2], (-MAX_LOG_SPREAD).exp());
        // A new game (an earlier move, or the other seat) starts over.
        belief.follow(Color::White, 1);
        assert_eq!(belief.log_weight(2), -1_000.0);
        belief.follow(Color::Black, 1);
        assert_eq!(belief.log_weight(2), 0.0);
    }
}
