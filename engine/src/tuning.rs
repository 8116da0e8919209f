//! Linear evaluations and their Texel tuning: an evaluation written as features (how many of
//! each pattern White has beyond Black) times tapered weights, and the logistic fit of those
//! weights to the results of played games. A variant gives `amity tune` its features, and
//! `amity train` its network's inputs, through the [`Learning`] hooks declared here; this
//! module only does the arithmetic.

use arrayvec::ArrayVec;

use crate::evaluation::Tapered;
use crate::position::Position;
use crate::rules::Rules;
use shakmaty::Color;

/// The phase of a position as features carry it: [`PHASE_FULL`] all pieces on (middlegame
/// weights only), 0 bare kings and pawns (endgame weights only).
pub const PHASE_FULL: i32 = 256;

/// Lays out a linear evaluation's weights: each `NAME: count;` becomes a `pub const NAME:
/// usize`, the index of the first of its `count` weights, right after the one before it (the
/// first at 0), and `pub const COUNT: usize` is how many weights there are. No layout adds
/// indices by hand, so no two features can overlap.
///
/// ```
/// amity_engine::feature_layout! {
///     /// A table by square.
///     TABLE: 64;
///     /// A single weight.
///     TEMPO: 1;
/// }
/// assert_eq!((TABLE, TEMPO, COUNT), (0, 64, 65));
/// ```
#[macro_export]
macro_rules! feature_layout {
    (@at $start:expr;) => {
        /// How many weights there are.
        pub const COUNT: usize = $start;
    };
    (@at $start:expr; $(#[$meta:meta])* $name:ident: $count:expr; $($rest:tt)*) => {
        $(#[$meta])*
        pub const $name: usize = $start;
        $crate::feature_layout!(@at $name + $count; $($rest)*);
    };
    ($($layout:tt)*) => {
        $crate::feature_layout!(@at 0; $($layout)*);
    };
}

/// Most feature terms one position has.
pub const MAX_TERMS: usize = 192;

/// A position's features: for each term, a weight's index and how many times White has the
/// pattern more than Black (negative: Black has it more), and the game phase.
#[derive(Clone, Debug, Default)]
pub struct Features {
    pub phase: i32,
    pub terms: ArrayVec<(u16, i16), MAX_TERMS>,
}

impl Features {
    /// Counts `count` of the pattern whose weight is `index` (a repeated index adds up).
    #[inline]
    pub fn add(&mut self, index: usize, count: i32) {
        if count != 0 {
            // Never full: a variant's terms are bounded by its pieces, far below the capacity.
            let _ = self.terms.try_push((index as u16, count as i16));
        }
    }

    /// The value from White's point of view, in centipawns.
    #[inline]
    pub fn value(&self, weights: &[Tapered]) -> i32 {
        let mut total = Tapered::ZERO;
        for &(index, count) in &self.terms {
            total += weights[usize::from(index)] * i32::from(count);
        }
        total.taper(self.phase, PHASE_FULL)
    }
}

/// What `amity tune` and `amity train` need of a game's evaluation beyond the [`Rules`]: its
/// features and weights, where it is linear in its weights, and its network's inputs, where a
/// network evaluates it. The defaults: neither.
pub trait Learning: Rules {
    /// For an evaluation by a network ([`crate::network`]): the inputs active in `pos` seen
    /// from `perspective`'s side, written into `inputs`, and how many inputs the network has,
    /// so `amity train` can fit a network to labelled positions. 0, the default: the
    /// variant evaluates without one.
    fn network_inputs(
        &self,
        pos: &Position<Self>,
        perspective: Color,
        inputs: &mut Vec<u16>,
    ) -> usize {
        let _ = (pos, perspective, inputs);
        0
    }

    /// For an evaluation that is linear in its weights: the features of `pos` (White's view)
    /// written into `features`, scored by [`Learning::evaluation_weights`], so `amity tune` can
    /// fit the weights to played games. `false`, the default: the evaluation is not tunable
    /// this way.
    fn evaluation_features(&self, pos: &Position<Self>, features: &mut Features) -> bool {
        let _ = (pos, features);
        false
    }

    /// The weights [`Learning::evaluation_features`] are scored with, and the name of each (for
    /// the tuner's report and the source it writes).
    fn evaluation_weights(&self) -> (&'static [Tapered], fn(usize) -> String) {
        fn unnamed(index: usize) -> String {
            format!("weight {index}")
        }
        (&[], unnamed)
    }

    /// The evaluation a network trained as a correction is added to, from the side to move's
    /// point of view, in centipawns: by default the linear evaluation
    /// ([`Learning::evaluation_features`] scored by [`Learning::evaluation_weights`]); `None`
    /// where the game has no evaluation a network may correct.
    fn correction_base(&self, pos: &Position<Self>) -> Option<i32> {
        let (weights, _) = self.evaluation_weights();
        let mut features = Features::default();
        if weights.is_empty() || !self.evaluation_features(pos, &mut features) {
            return None;
        }
        let white = features.value(weights);
        Some(if pos.turn() == Color::White {
            white
        } else {
            -white
        })
    }

    /// Fitted `weights` as the game's own definition takes them, where that is not Rust
    /// source (a variant file's key line); `None`, the default: `amity tune` writes the
    /// weights as a Rust module.
    fn weights_as_definition(&self, weights: &[Tapered]) -> Option<String> {
        let _ = weights;
        None
    }
}

/// A linear evaluation of `pos` from the side to move's point of view: the position's
/// `features` (White's view) scored by `weights`.
pub fn side_to_move_value<R: Rules>(
    pos: &Position<R>,
    weights: &[Tapered],
    features: fn(&Position<R>, &mut Features),
) -> i32 {
    let mut terms = Features::default();
    features(pos, &mut terms);
    let white = terms.value(weights);
    if pos.turn() == Color::White {
        white
    } else {
        -white
    }
}

/// A position of a played game: its features and the game's result for White (1, ½ or 0).
#[derive(Clone, Debug)]
pub struct Sample {
    pub features: Features,
    pub result: f32,
}

/// Weights as real numbers while they are fitted: middlegame and endgame part per weight.
type RealWeights = Vec<[f64; 2]>;

/// The expected result for White of a value in centipawns: a logistic curve, `scale` fitted.
fn expected(value: f64, scale: f64) -> f64 {
    1.0 / (1.0 + (-scale * value / 400.0).exp())
}

fn real_value(weights: &RealWeights, features: &Features) -> f64 {
    let (mut mg, mut eg) = (0.0, 0.0);
    for &(index, count) in &features.terms {
        let [wm, we] = weights[usize::from(index)];
        mg += wm * f64::from(count);
        eg += we * f64::from(count);
    }
    let phase = f64::from(features.phase.clamp(0, PHASE_FULL)) / f64::from(PHASE_FULL);
    mg * phase + eg * (1.0 - phase)
}

/// Mean squared difference between results and the results the weights expect.
pub fn mean_error(samples: &[Sample], weights: &[Tapered], scale: f64) -> f64 {
    let real = to_real(weights);
    mean_error_real(samples, &real, scale)
}

fn mean_error_real(samples: &[Sample], weights: &RealWeights, scale: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let total: f64 = samples
        .iter()
        .map(|sample| {
            let miss =
                f64::from(sample.result) - expected(real_value(weights, &sample.features), scale);
            miss * miss
        })
        .sum();
    total / samples.len() as f64
}

fn to_real(weights: &[Tapered]) -> RealWeights {
    weights
        .iter()
        .map(|w| [f64::from(w.mg), f64::from(w.eg)])
        .collect()
}

/// The logistic scale that makes the current weights fit the results best (golden-section
/// search): it converts centipawns into expected results and stays fixed while weights move.
pub fn fit_scale(samples: &[Sample], weights: &[Tapered]) -> f64 {
    let real = to_real(weights);
    let (mut low, mut high) = (0.05f64, 5.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = high - ratio * (high - low);
        let b = low + ratio * (high - low);
        if mean_error_real(samples, &real, a) < mean_error_real(samples, &real, b) {
            high = b;
        } else {
            low = a;
        }
    }
    (low + high) / 2.0
}

/// How a fit runs.
#[derive(Clone, Copy, Debug)]
pub struct FitSettings {
    /// Passes over all samples.
    pub epochs: usize,
    /// Adam's step size, in centipawns.
    pub rate: f64,
    /// Weights whose index is below this are left as they are (none if 0).
    pub frozen_below: usize,
    /// L2 pull of every weight towards its starting value, per centipawn of difference: it
    /// keeps weights that few positions see (a knight in a far corner) from chasing noise.
    pub regularization: f64,
}

/// Fits the weights to the samples by gradient descent (Adam, full batch) on the mean squared
/// error of [`expected`] results, starting from `weights`; `report` hears each tenth of the
/// way with the epoch and the error.
pub fn fit(
    samples: &[Sample],
    weights: &[Tapered],
    scale: f64,
    settings: FitSettings,
    mut report: impl FnMut(usize, f64),
) -> Vec<Tapered> {
    let start = to_real(weights);
    let mut real = start.clone();
    let count = real.len();
    let (mut first, mut second) = (vec![[0.0f64; 2]; count], vec![[0.0f64; 2]; count]);
    let (beta1, beta2, epsilon) = (0.9f64, 0.999f64, 1e-8);
    let n = samples.len().max(1) as f64;
    for epoch in 1..=settings.epochs {
        let mut gradient = vec![[0.0f64; 2]; count];
        for sample in samples {
            let value = real_value(&real, &sample.features);
            let predicted = expected(value, scale);
            // d(error)/d(value) for (result - σ)², σ' = σ(1-σ)·scale/400.
            let slope = -2.0
                * (f64::from(sample.result) - predicted)
                * predicted
                * (1.0 - predicted)
                * scale
                / 400.0;
            let phase =
                f64::from(sample.features.phase.clamp(0, PHASE_FULL)) / f64::from(PHASE_FULL);
            for &(index, times) in &sample.features.terms {
                let g = &mut gradient[usize::from(index)];
                g[0] += slope * f64::from(times) * phase;
                g[1] += slope * f64::from(times) * (1.0 - phase);
            }
        }
        for (g, (now, was)) in gradient.iter_mut().zip(real.iter().zip(&start)) {
            for part in 0..2 {
                g[part] += settings.regularization * n * (now[part] - was[part]);
            }
        }
        let correction1 = 1.0 - beta1.powi(epoch as i32);
        let correction2 = 1.0 - beta2.powi(epoch as i32);
        for index in settings.frozen_below..count {
            for part in 0..2 {
                let g = gradient[index][part] / n;
                first[index][part] = beta1 * first[index][part] + (1.0 - beta1) * g;
                second[index][part] = beta2 * second[index][part] + (1.0 - beta2) * g * g;
                let step = settings.rate * (first[index][part] / correction1)
                    / ((second[index][part] / correction2).sqrt() + epsilon);
                real[index][part] -= step;
            }
        }
        if epoch % (settings.epochs / 10).max(1) == 0 || epoch == settings.epochs {
            report(epoch, mean_error_real(samples, &real, scale));
        }
    }
    real.iter()
        .map(|[mg, eg]| Tapered {
            mg: mg.round() as i32,
            eg: eg.round() as i32,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluation::s;

    fn sample(terms: &[(u16, i16)], phase: i32, result: f32) -> Sample {
        let mut features = Features {
            phase,
            ..Features::default()
        };
        for &(index, count) in terms {
            features.add(usize::from(index), i32::from(count));
        }
        Sample { features, result }
    }

    #[test]
    fn value_blends_middlegame_and_endgame_by_phase() {
        let weights = [s(100, 200), s(10, -10)];
        let f = sample(&[(0, 1), (1, 2)], PHASE_FULL / 2, 1.0).features;
        // mg 120, eg 180, half way: 150.
        assert_eq!(f.value(&weights), 150);
        let f = sample(&[(0, -1)], PHASE_FULL, 0.0).features;
        assert_eq!(f.value(&weights), -100);
    }

    /// Games where the side with an extra "pattern" wins three times in four: the fit gives
    /// the pattern a positive weight from zero, and lowers the error.
    #[test]
    fn fitting_learns_a_pattern_that_wins() {
        let mut samples = Vec::new();
        for i in 0..400 {
            let result = if i % 4 == 0 { 0.0 } else { 1.0 };
            samples.push(sample(&[(0, 1)], PHASE_FULL, result));
            samples.push(sample(&[(0, -1)], PHASE_FULL, 1.0 - result));
            samples.push(sample(&[(1, 1)], PHASE_FULL, 0.5));
        }
        let start = [s(0, 0), s(0, 0)];
        let scale = 1.0;
        let before = mean_error(&samples, &start, scale);
        let settings = FitSettings {
            epochs: 300,
            rate: 5.0,
            frozen_below: 0,
            regularization: 0.0,
        };
        let fitted = fit(&samples, &start, scale, settings, |_, _| {});
        let after = mean_error(&samples, &fitted, scale);
        assert!(after < before, "{before} -> {after}");
        // σ(w/400) = 0.75 at w = 400·ln 3 ≈ 439.
        assert!((400..480).contains(&fitted[0].mg), "{fitted:?}");
        assert!(fitted[1].mg.abs() < 20, "{fitted:?}");
    }

    #[test]
    fn the_scale_fitted_matches_the_data() {
        // A value of 100 wins 3 of 4: σ(k·100/400) = 0.75, k = 4·ln 3 ≈ 4.39.
        let mut samples = Vec::new();
        for i in 0..400 {
            samples.push(sample(
                &[(0, 1)],
                PHASE_FULL,
                if i % 4 == 0 { 0.0 } else { 1.0 },
            ));
        }
        let scale = fit_scale(&samples, &[s(100, 100)]);
        assert!((scale - 4.39).abs() < 0.1, "{scale}");
    }
}
