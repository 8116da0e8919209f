//! Playing below full strength (`UCI_LimitStrength`, `UCI_Elo`): the mapping from an Elo level
//! to a node budget and a temperature, and the seeded choice among the best root lines that
//! makes a limited engine err the way people do, often by a little and rarely by much.
//!
//! The method is game-blind: a node budget caps how far the search sees, and the search looks
//! for [`CANDIDATES`] root lines (as MultiPV does), of which one is played with a probability
//! that falls with its score margin below the best, `exp(-margin / temperature)`. Lines more
//! than [`MAX_LOSS_TEMPERATURES`] temperatures below the best are never chosen, nor a line that
//! gives up a mate the best line has. The mapping's numbers and how they were measured:
//! `docs/strength-levels.md`.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The weakest level offered.
pub const MIN_ELO: u32 = 1000;
/// The strongest level offered (stronger: play at full strength).
pub const MAX_ELO: u32 = 2800;
/// The level of a limited engine nobody chose one for.
pub const DEFAULT_ELO: u32 = 1500;
/// Root lines a limited search looks for, among which it chooses.
pub const CANDIDATES: usize = 4;
/// The level the mapping is anchored at (it was fitted at 1500 and 2000 against Stockfish).
const REFERENCE_ELO: f64 = 1500.0;
/// Nodes the search may spend per decision at [`REFERENCE_ELO`]. The search looks at its
/// budget every 1024 nodes, so budgets below that (levels below about 1390) spend 1024.
const NODES_AT_REFERENCE: f64 = 2000.0;
/// Elo levels per doubling of the node budget.
const ELO_PER_DOUBLING: f64 = 115.0;
/// Temperature (centipawns) of the choice at [`REFERENCE_ELO`]; it falls linearly to zero at
/// [`ELO_WITHOUT_ERRORS`] and rises the same way below the reference.
const TEMPERATURE_AT_REFERENCE: f64 = 90.0;
/// From this level on the best line is always played: only the node budget weakens.
const ELO_WITHOUT_ERRORS: f64 = 2260.0;
/// No line further below the best than this many temperatures is chosen.
const MAX_LOSS_TEMPERATURES: f64 = 3.0;

/// A level of play below full strength, and the seed of its choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    /// The level, clamped to [`MIN_ELO`]..=[`MAX_ELO`].
    pub elo: u32,
    /// With the position's hash, decides each choice: the same seed and position give the
    /// same move, so matches replay.
    pub seed: u64,
}

impl Strength {
    pub fn new(elo: u32, seed: u64) -> Strength {
        Strength {
            elo: elo.clamp(MIN_ELO, MAX_ELO),
            seed,
        }
    }

    fn level(&self) -> f64 {
        f64::from(self.elo.clamp(MIN_ELO, MAX_ELO))
    }

    /// The nodes a search at this level may spend on one decision.
    pub fn node_budget(&self) -> u64 {
        let doublings = (self.level() - REFERENCE_ELO) / ELO_PER_DOUBLING;
        (NODES_AT_REFERENCE * doublings.exp2()).round().max(1.0) as u64
    }

    /// How far (centipawns) a line's score below the best makes it less likely: a line that
    /// many centipawns worse is chosen `e` times less often than the best.
    pub fn temperature(&self) -> f64 {
        let share = (ELO_WITHOUT_ERRORS - self.level()) / (ELO_WITHOUT_ERRORS - REFERENCE_ELO);
        (TEMPERATURE_AT_REFERENCE * share).max(0.0)
    }

    /// The biggest margin below the best line (centipawns) a chosen line may have.
    pub fn max_loss(&self) -> i32 {
        (self.temperature() * MAX_LOSS_TEMPERATURES).round() as i32
    }

    /// Which of the root lines to play, given their scores for the side to move, best first
    /// (an index into `scores`; 0 when there is one line or none). `position_key` (the root's
    /// hash) and the seed decide the draw.
    pub fn choose(&self, scores: &[i32], position_key: u64) -> usize {
        let Some(&best) = scores.first() else {
            return 0;
        };
        let temperature = self.temperature();
        if temperature <= 0.0 {
            return 0;
        }
        let max_loss = i64::from(self.max_loss());
        // Weights in millionths: whole numbers, so the draw is the same on every machine.
        let weights: Vec<u64> = scores
            .iter()
            .map(|&score| {
                let loss = i64::from(best) - i64::from(score);
                if !(0..=max_loss).contains(&loss) {
                    return 0;
                }
                (1e6 * (-(loss as f64) / temperature).exp()).round() as u64
            })
            .collect();
        let total: u64 = weights.iter().sum();
        if total == 0 {
            return 0;
        }
        let mut rng = StdRng::seed_from_u64(self.seed ^ position_key);
        let mut ticket = rng.random_range(0..total);
        for (index, &weight) in weights.iter().enumerate() {
            if ticket < weight {
                return index;
            }
            ticket -= weight;
        }
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stronger_levels_search_more_and_err_less() {
        let weak = Strength::new(MIN_ELO, 1);
        let strong = Strength::new(2000, 1);
        assert!(weak.node_budget() < strong.node_budget());
        assert!(weak.temperature() > strong.temperature());
        assert_eq!(Strength::new(MAX_ELO, 1).temperature(), 0.0);
        // Out of range levels are clamped.
        assert_eq!(Strength::new(0, 1), Strength::new(MIN_ELO, 1));
    }

    #[test]
    fn the_choice_is_seeded_and_never_a_blunder_beyond_the_margin() {
        let level = Strength::new(1200, 7);
        let scores = [50, 40, 30, -2000];
        let picks: Vec<usize> = (0..200).map(|key| level.choose(&scores, key)).collect();
        let again: Vec<usize> = (0..200).map(|key| level.choose(&scores, key)).collect();
        assert_eq!(picks, again);
        assert!(picks.iter().all(|&index| index < 3));
        assert!(picks.contains(&0) && picks.contains(&1));
        // The best line is the likeliest.
        let count = |wanted| picks.iter().filter(|&&index| index == wanted).count();
        assert!(count(0) > count(2));
        assert_eq!(level.choose(&[], 3), 0);
        assert_eq!(Strength::new(MAX_ELO, 7).choose(&scores, 3), 0);
    }
}
