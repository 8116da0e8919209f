//! Playing below full strength (`UCI_LimitStrength`, `UCI_Elo`): the mapping from an Elo level
//! to a node budget and a temperature, and the seeded choice among the best root lines that
//! makes a limited engine err the way people do, often by a little and rarely by much.
//!
//! The method is game-blind: a node budget caps how far the search sees, and the search looks
//! for [`CANDIDATES`] root lines (as MultiPV does), of which one is played with a probability
//! that falls with its score margin below the best, `exp(-margin / temperature)`. Lines more
//! than [`MAX_LOSS_TEMPERATURES`] temperatures below the best are never chosen, nor a line that
//! gives up a mate its best line has. How far apart the levels are is a game's own
//! [`StrengthScale`] (a doubling of nodes buys more in a small game than in chess). The
//! mapping's numbers and how they were measured: `docs/strength-levels.md`.

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
/// The level every game's scale is anchored at: a game's 1500 searches and errs as chess's.
const REFERENCE_ELO: f64 = 1500.0;
/// Nodes the search may spend per decision at [`REFERENCE_ELO`]. Fitted against Stockfish's
/// own `UCI_Elo` at 1500 and 2000: the first fit (2000 nodes) played about 130 Elo below its
/// label, so this is that fit's budget at 1630. The search looks at its budget every 1024
/// nodes, so budgets below that (chess levels below about 1260) spend 1024.
const NODES_AT_REFERENCE: f64 = 4400.0;
/// Temperature (centipawns) of the choice at [`REFERENCE_ELO`]; it falls linearly to zero at
/// [`ELO_WITHOUT_ERRORS`] and rises the same way below the reference (the first fit's line,
/// moved up by the same 130 Elo).
const TEMPERATURE_AT_REFERENCE: f64 = 75.0;
/// From this chess level on the best line is always played: only the node budget weakens.
const ELO_WITHOUT_ERRORS: f64 = 2130.0;
/// No line further below the best than this many temperatures is chosen.
const MAX_LOSS_TEMPERATURES: f64 = 3.0;

/// How a game spreads its Elo levels: the levels per doubling of the node budget. A game
/// declares it ([`crate::Rules::strength_scale`]) from a self-play ladder, so that 200 levels
/// apart are about 200 Elo apart in that game; the temperature follows the same stretch, so a
/// game's level `E` searches and errs as chess's level `1500 + (E - 1500) * 115 / scale`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StrengthScale {
    /// Elo levels per doubling of the node budget.
    pub elo_per_doubling: u32,
}

impl StrengthScale {
    /// Chess's scale, fitted against Stockfish; the default of every game.
    pub const CHESS: StrengthScale = StrengthScale {
        elo_per_doubling: 115,
    };

    /// A scale of `elo_per_doubling` levels per doubling of nodes (at least 1).
    pub const fn new(elo_per_doubling: u32) -> StrengthScale {
        StrengthScale {
            elo_per_doubling: if elo_per_doubling == 0 {
                1
            } else {
                elo_per_doubling
            },
        }
    }

    /// The chess level that searches and errs as `elo` does on this scale.
    fn chess_level(self, elo: f64) -> f64 {
        let stretch =
            f64::from(StrengthScale::CHESS.elo_per_doubling) / f64::from(self.elo_per_doubling);
        REFERENCE_ELO + (elo - REFERENCE_ELO) * stretch
    }
}

impl Default for StrengthScale {
    fn default() -> StrengthScale {
        StrengthScale::CHESS
    }
}

/// A level of play below full strength, and the seed of its choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    /// The level, clamped to [`MIN_ELO`]..=[`MAX_ELO`].
    pub elo: u32,
    /// With the position's hash, decides each choice: the same seed and position give the
    /// same move, so matches replay.
    pub seed: u64,
    /// The game's spread of levels (the search sets it from the rules it plays).
    pub scale: StrengthScale,
}

impl Strength {
    /// A level on chess's scale (the search moves it onto the game's, [`Strength::on_scale`]).
    pub fn new(elo: u32, seed: u64) -> Strength {
        Strength {
            elo: elo.clamp(MIN_ELO, MAX_ELO),
            seed,
            scale: StrengthScale::CHESS,
        }
    }

    /// The same level and seed on a game's scale.
    pub fn on_scale(self, scale: StrengthScale) -> Strength {
        Strength { scale, ..self }
    }

    /// The chess level this level searches and errs as.
    fn chess_level(&self) -> f64 {
        self.scale
            .chess_level(f64::from(self.elo.clamp(MIN_ELO, MAX_ELO)))
    }

    /// The nodes a search at this level may spend on one decision.
    pub fn node_budget(&self) -> u64 {
        let doublings =
            (self.chess_level() - REFERENCE_ELO) / f64::from(StrengthScale::CHESS.elo_per_doubling);
        (NODES_AT_REFERENCE * doublings.exp2()).round().max(1.0) as u64
    }

    /// How far (centipawns) a line's score below the best makes it less likely: a line that
    /// many centipawns worse is chosen `e` times less often than the best.
    pub fn temperature(&self) -> f64 {
        let share =
            (ELO_WITHOUT_ERRORS - self.chess_level()) / (ELO_WITHOUT_ERRORS - REFERENCE_ELO);
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
    fn a_wider_scale_brings_the_levels_closer_to_the_anchor() {
        let wide = StrengthScale::new(230);
        for (elo, chess_elo) in [(1700, 1600), (1300, 1400), (2100, 1800)] {
            let level = Strength::new(elo, 1).on_scale(wide);
            let chess = Strength::new(chess_elo, 1);
            assert_eq!(level.node_budget(), chess.node_budget(), "{elo}");
            assert_eq!(level.temperature(), chess.temperature(), "{elo}");
        }
        assert_eq!(
            Strength::new(1500, 1).on_scale(wide).node_budget(),
            Strength::new(1500, 1).node_budget()
        );
        // A scale of zero would divide by zero: it is one level per doubling.
        assert_eq!(StrengthScale::new(0), StrengthScale::new(1));
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
