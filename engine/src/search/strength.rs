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
/// The highest `Skill Level` (Stockfish's 0 to 20): full strength.
pub const MAX_SKILL: u32 = 20;

/// The Elo level `Skill Level` `skill` plays at, `None` at [`MAX_SKILL`] (full strength). The
/// skills below the top spread evenly over the levels offered: 0 is [`MIN_ELO`], each step
/// adds a twentieth of the range, so 19 plays at 2710. Stockfish's own skills are not Elo
/// levels (its `UCI_Elo` is mapped onto them), so the two scales meet only at the ends.
pub fn skill_elo(skill: u32) -> Option<u32> {
    (skill < MAX_SKILL).then(|| MIN_ELO + skill * (MAX_ELO - MIN_ELO) / MAX_SKILL)
}
/// Root lines a limited search looks for, among which it chooses.
pub const CANDIDATES: usize = 4;
/// The reference search: the level of a scale's `reference_elo` spends this many nodes per
/// decision. The search looks at its budget every 1024 nodes, so budgets below that spend
/// 1024.
const NODES_AT_REFERENCE: f64 = 4400.0;
/// Temperature (centipawns) of the reference search's choice; it falls linearly to zero
/// [`ERROR_FREE_ABOVE_REFERENCE`] levels (on chess's spread) above the reference and rises the
/// same way below it.
const TEMPERATURE_AT_REFERENCE: f64 = 75.0;
/// Levels (on chess's spread) from the reference search to the first that always plays its
/// best line: from there on only the node budget weakens.
const ERROR_FREE_ABOVE_REFERENCE: f64 = 630.0;
/// Chess's levels per doubling of nodes: the spread the temperature line is drawn on.
const CHESS_ELO_PER_DOUBLING: f64 = 115.0;
/// No line further below the best than this many temperatures is chosen.
const MAX_LOSS_TEMPERATURES: f64 = 3.0;
/// Levels above a scale's reference level where its upper spread
/// ([`StrengthScale::upper_elo_per_doubling`]) takes over: the ladders' first step.
pub const KNEE_ABOVE_REFERENCE: u32 = 200;

/// How a game spreads its Elo levels over the search: the level that plays the reference
/// search ([`NODES_AT_REFERENCE`] nodes, [`TEMPERATURE_AT_REFERENCE`] cp) and the levels per
/// doubling of the node budget, below and above the knee [`KNEE_ABOVE_REFERENCE`] levels
/// over the reference. A game declares it ([`crate::SearchFlags::strength`]) from a self-play
/// ladder, so that 200 levels apart are about 200 Elo apart in that game; the temperature
/// follows the same stretch: level `E` errs as chess's spread would at
/// `(E - reference_elo) * 115 / elo_per_doubling` levels above the reference search (up to
/// the knee; past it, each level counts `115 / upper_elo_per_doubling`).
///
/// Two spreads, because in several games a doubling of nodes buys less the more nodes there
/// are: one spread that makes the ladder's first step 200 Elo leaves its second short.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StrengthScale {
    /// The level that plays the reference search.
    pub reference_elo: u32,
    /// Elo levels per doubling of the node budget, up to the knee.
    pub elo_per_doubling: u32,
    /// Elo levels per doubling of the node budget past the knee.
    pub upper_elo_per_doubling: u32,
}

impl StrengthScale {
    /// The default: chess's spread (115 levels per doubling) with the reference search at
    /// 1500, where the ladders of the other games are anchored.
    pub const STANDARD: StrengthScale = StrengthScale {
        reference_elo: 1500,
        elo_per_doubling: 115,
        upper_elo_per_doubling: 115,
    };

    /// Chess's scale, fitted against Stockfish's own `UCI_Elo` at 1500 and 2000: the standard
    /// spread with its labels 50 levels higher (the reference search plays at 1550).
    pub const CHESS: StrengthScale = StrengthScale {
        reference_elo: 1550,
        ..StrengthScale::STANDARD
    };

    /// The standard anchor with `elo_per_doubling` levels per doubling of nodes (at least 1)
    /// on both sides of the knee.
    pub const fn new(elo_per_doubling: u32) -> StrengthScale {
        let elo_per_doubling = if elo_per_doubling == 0 {
            1
        } else {
            elo_per_doubling
        };
        StrengthScale {
            reference_elo: StrengthScale::STANDARD.reference_elo,
            elo_per_doubling,
            upper_elo_per_doubling: elo_per_doubling,
        }
    }

    /// The same scale with `upper_elo_per_doubling` levels per doubling (at least 1) past the
    /// knee.
    pub const fn past_the_knee(self, upper_elo_per_doubling: u32) -> StrengthScale {
        StrengthScale {
            upper_elo_per_doubling: if upper_elo_per_doubling == 0 {
                1
            } else {
                upper_elo_per_doubling
            },
            ..self
        }
    }

    /// The same spreads with the reference search at `reference_elo`, and so the knee
    /// [`KNEE_ABOVE_REFERENCE`] levels above that. A game whose strength saturates in nodes
    /// moves its reference up, so that its lower levels search fewer nodes than the reference
    /// and its 200-level steps come where nodes still buy strength.
    pub const fn with_reference(self, reference_elo: u32) -> StrengthScale {
        StrengthScale {
            reference_elo,
            ..self
        }
    }

    /// How many levels of chess's spread `elo` is above the reference search.
    fn above_reference(self, elo: f64) -> f64 {
        let stretch = |per_doubling: u32| CHESS_ELO_PER_DOUBLING / f64::from(per_doubling);
        let above = elo - f64::from(self.reference_elo);
        let knee = f64::from(KNEE_ABOVE_REFERENCE);
        if above <= knee {
            above * stretch(self.elo_per_doubling)
        } else {
            knee * stretch(self.elo_per_doubling)
                + (above - knee) * stretch(self.upper_elo_per_doubling)
        }
    }
}

impl Default for StrengthScale {
    fn default() -> StrengthScale {
        StrengthScale::STANDARD
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
    /// A level on the standard scale (the search moves it onto the game's,
    /// [`Strength::on_scale`]).
    pub fn new(elo: u32, seed: u64) -> Strength {
        Strength {
            elo: elo.clamp(MIN_ELO, MAX_ELO),
            seed,
            scale: StrengthScale::STANDARD,
        }
    }

    /// The same level and seed on a game's scale.
    pub fn on_scale(self, scale: StrengthScale) -> Strength {
        Strength { scale, ..self }
    }

    /// How many levels of chess's spread this level is above the reference search.
    fn above_reference(&self) -> f64 {
        self.scale
            .above_reference(f64::from(self.elo.clamp(MIN_ELO, MAX_ELO)))
    }

    /// The nodes a search at this level may spend on one decision.
    pub fn node_budget(&self) -> u64 {
        let doublings = self.above_reference() / CHESS_ELO_PER_DOUBLING;
        (NODES_AT_REFERENCE * doublings.exp2()).round().max(1.0) as u64
    }

    /// How far (centipawns) a line's score below the best makes it less likely: a line that
    /// many centipawns worse is chosen `e` times less often than the best.
    pub fn temperature(&self) -> f64 {
        let share = 1.0 - self.above_reference() / ERROR_FREE_ABOVE_REFERENCE;
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
    #[test]
    fn skill_levels_spread_over_the_elo_range_and_the_top_is_full_strength() {
        assert_eq!(super::skill_elo(0), Some(super::MIN_ELO));
        assert_eq!(super::skill_elo(10), Some(1900));
        assert_eq!(super::skill_elo(19), Some(2710));
        assert_eq!(super::skill_elo(super::MAX_SKILL), None);
        let levels: Vec<u32> = (0..super::MAX_SKILL).filter_map(super::skill_elo).collect();
        assert!(levels.windows(2).all(|pair| pair[0] < pair[1]));
    }

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
        let standard = |elo| Strength::new(elo, 1);
        for (elo, standard_elo) in [(1700, 1600), (1300, 1400), (2100, 1800)] {
            let level = Strength::new(elo, 1).on_scale(wide);
            assert_eq!(
                level.node_budget(),
                standard(standard_elo).node_budget(),
                "{elo}"
            );
            assert_eq!(
                level.temperature(),
                standard(standard_elo).temperature(),
                "{elo}"
            );
        }
        assert_eq!(
            Strength::new(1500, 1).on_scale(wide).node_budget(),
            NODES_AT_REFERENCE as u64
        );
        // Chess's labels sit 50 above the standard anchor: its 2000 is the standard 1950.
        let chess = Strength::new(2000, 1).on_scale(StrengthScale::CHESS);
        assert_eq!(chess.node_budget(), standard(1950).node_budget());
        assert_eq!(chess.temperature(), standard(1950).temperature());
        // A scale of zero would divide by zero: it is one level per doubling.
        assert_eq!(StrengthScale::new(0), StrengthScale::new(1));
        assert_eq!(
            StrengthScale::new(50).past_the_knee(0),
            StrengthScale::new(50).past_the_knee(1)
        );
    }

    #[test]
    fn past_the_knee_each_level_buys_the_upper_spread() {
        let bent = StrengthScale::new(230).past_the_knee(115);
        let level = |elo| Strength::new(elo, 1).on_scale(bent);
        let standard = |elo| Strength::new(elo, 1);
        // Up to the knee (1700) the wide spread: 200 levels are half a chess step's 200.
        for (elo, standard_elo) in [(1300, 1400), (1500, 1500), (1700, 1600)] {
            assert_eq!(
                level(elo).node_budget(),
                standard(standard_elo).node_budget()
            );
        }
        // Past it, chess's own spread, continuing from the knee's nodes and temperature.
        for (elo, standard_elo) in [(1900, 1800), (2300, 2200)] {
            assert_eq!(
                level(elo).node_budget(),
                standard(standard_elo).node_budget()
            );
            assert_eq!(
                level(elo).temperature(),
                standard(standard_elo).temperature()
            );
        }
        // Budgets still grow with the level across the knee.
        let budgets: Vec<u64> = (1600..=1800)
            .step_by(10)
            .map(|e| level(e).node_budget())
            .collect();
        assert!(budgets.windows(2).all(|pair| pair[0] <= pair[1]));
    }

    #[test]
    fn a_moved_reference_moves_every_level_with_it() {
        let moved = StrengthScale::new(44)
            .past_the_knee(31)
            .with_reference(1588);
        let level = |elo| Strength::new(elo, 1).on_scale(moved);
        // The reference search at 1588, two doublings below it at 1500.
        assert_eq!(level(1588).node_budget(), NODES_AT_REFERENCE as u64);
        assert_eq!(level(1500).node_budget(), NODES_AT_REFERENCE as u64 / 4);
        // The knee moves too: 1788 is 200 / 44 doublings above the reference, and each
        // level past it buys a 31st of a doubling.
        let knee = NODES_AT_REFERENCE * (200.0_f64 / 44.0).exp2();
        assert_eq!(level(1788).node_budget(), knee.round() as u64);
        let top = knee * (112.0_f64 / 31.0).exp2();
        assert_eq!(level(1900).node_budget(), top.round() as u64);
        // The same nodes err alike, whatever the label.
        let standard_at = |elo| Strength::new(elo, 1);
        assert_eq!(level(1500).temperature(), standard_at(1270).temperature());
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
