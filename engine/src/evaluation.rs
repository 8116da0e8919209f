//! The evaluation framework every variant's terms are written in: a tapered score (a middlegame
//! and an endgame value blended by game phase), the phase itself, and the side to move's
//! balance of two sides' values. The terms and their weights live with the variants; this
//! module only does the arithmetic they share.

use shakmaty::Color;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

use crate::position::Position;
use crate::rules::Rules;

/// What the side to move has over its opponent, as `side_value` values each side: an
/// evaluation from the side to move's point of view, built from a value per side.
#[inline]
pub fn balance<R: Rules>(
    pos: &Position<R>,
    side_value: impl Fn(&Position<R>, Color) -> i32,
) -> i32 {
    let us = pos.turn();
    side_value(pos, us) - side_value(pos, !us)
}

/// A score with a middlegame and an endgame part, blended by [`Tapered::taper`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tapered {
    pub mg: i32,
    pub eg: i32,
}

/// Shorthand for a tapered weight, so weight tables stay readable.
pub const fn s(mg: i32, eg: i32) -> Tapered {
    Tapered { mg, eg }
}

impl Tapered {
    pub const ZERO: Tapered = s(0, 0);

    /// Blends the two parts: `phase` runs from 0 (bare kings: pure endgame) to `full`
    /// (all pieces on: pure middlegame). Phases outside that range are clamped.
    #[inline]
    pub fn taper(self, phase: i32, full: i32) -> i32 {
        let full = full.max(1);
        let phase = phase.clamp(0, full);
        (self.mg * phase + self.eg * (full - phase)) / full
    }
}

impl Add for Tapered {
    type Output = Tapered;
    #[inline]
    fn add(self, other: Tapered) -> Tapered {
        s(self.mg + other.mg, self.eg + other.eg)
    }
}

impl Sub for Tapered {
    type Output = Tapered;
    #[inline]
    fn sub(self, other: Tapered) -> Tapered {
        s(self.mg - other.mg, self.eg - other.eg)
    }
}

impl Neg for Tapered {
    type Output = Tapered;
    #[inline]
    fn neg(self) -> Tapered {
        s(-self.mg, -self.eg)
    }
}

impl Mul<i32> for Tapered {
    type Output = Tapered;
    #[inline]
    fn mul(self, factor: i32) -> Tapered {
        s(self.mg * factor, self.eg * factor)
    }
}

impl AddAssign for Tapered {
    #[inline]
    fn add_assign(&mut self, other: Tapered) {
        *self = *self + other;
    }
}

impl SubAssign for Tapered {
    #[inline]
    fn sub_assign(&mut self, other: Tapered) {
        *self = *self - other;
    }
}

/// Game phase from the material on the board: each piece kind contributes a weight, the sum is
/// capped at the value a full set of pieces gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Phase {
    /// Phase weight per piece kind (indexed like the variant's piece table).
    pub weights: &'static [i32],
    /// The phase of the starting material: pure middlegame.
    pub full: i32,
}

impl Phase {
    /// The phase given the number of pieces of each kind on the board (both colours).
    pub fn of(&self, counts: &[i32]) -> i32 {
        let total: i32 = self
            .weights
            .iter()
            .zip(counts)
            .map(|(weight, count)| weight * count)
            .sum();
        total.min(self.full)
    }

    /// The blended value of `score` at the phase of `counts`.
    pub fn blend(&self, score: Tapered, counts: &[i32]) -> i32 {
        score.taper(self.of(counts), self.full)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn taper_blends_between_the_two_parts() {
        let score = s(100, 20);
        assert_eq!(score.taper(24, 24), 100);
        assert_eq!(score.taper(0, 24), 20);
        assert_eq!(score.taper(12, 24), 60);
        assert_eq!(score.taper(99, 24), 100, "phase is clamped");
    }

    #[test]
    fn phase_is_capped_at_full() {
        const WEIGHTS: [i32; 3] = [0, 1, 2];
        let phase = Phase {
            weights: &WEIGHTS,
            full: 6,
        };
        assert_eq!(phase.of(&[8, 2, 1]), 4);
        assert_eq!(phase.of(&[0, 4, 4]), 6);
        assert_eq!(phase.blend(s(60, 0), &[0, 1, 1]), 30);
    }
}
