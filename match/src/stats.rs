//! Match statistics: wins, draws and losses turned into an Elo difference with a 95% error
//! bar, the likelihood of superiority, and the sequential probability ratio test that lets a
//! match stop as soon as the evidence is strong enough.

use std::fmt;

/// Wins, draws and losses from one side's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points scored (a draw is half a point).
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// Fraction of the points scored, 0 to 1 (one half when no game was played).
    pub fn score(&self) -> f64 {
        match self.games() {
            0 => 0.5,
            n => self.points() / f64::from(n),
        }
    }

    /// Variance of one game's score around the mean.
    fn variance(&self) -> f64 {
        let n = f64::from(self.games().max(1));
        let s = self.score();
        (f64::from(self.wins) * (1.0 - s).powi(2)
            + f64::from(self.draws) * (0.5 - s).powi(2)
            + f64::from(self.losses) * s.powi(2))
            / n
    }

    /// The Elo difference the score implies, with the half-width of its 95% confidence
    /// interval. Infinite when one side scored everything.
    pub fn elo(&self) -> Elo {
        let n = f64::from(self.games().max(1));
        let s = self.score();
        let deviation = (self.variance() / n).sqrt();
        let low = elo_of(s - 1.959_964 * deviation);
        let high = elo_of(s + 1.959_964 * deviation);
        let difference = elo_of(s);
        let margin = (high - low) / 2.0;
        Elo {
            difference,
            margin: if difference.is_finite() && margin.is_finite() {
                margin
            } else {
                f64::INFINITY
            },
        }
    }

    /// Likelihood of superiority: the probability that the side is the stronger one, from the
    /// decisive games (draws carry no information about who is stronger).
    pub fn likelihood_of_superiority(&self) -> f64 {
        let decisive = f64::from(self.wins + self.losses);
        if decisive == 0.0 {
            return 0.5;
        }
        let z = (f64::from(self.wins) - f64::from(self.losses)) / (2.0 * decisive).sqrt();
        0.5 * (1.0 + erf(z))
    }

    pub fn record(&mut self, points: Points) {
        match points {
            Points::Win => self.wins += 1,
            Points::Draw => self.draws += 1,
            Points::Loss => self.losses += 1,
        }
    }
}

/// One game's result for one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Points {
    Win,
    Draw,
    Loss,
}

/// An Elo difference and the half-width of its 95% confidence interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    pub difference: f64,
    pub margin: f64,
}

impl fmt::Display for Elo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} +/- {}",
            show_elo(self.difference),
            show_elo(self.margin)
        )
    }
}

/// An Elo figure to one decimal; a match won or lost outright gives `inf` or `-inf`.
pub fn show_elo(value: f64) -> String {
    if value.is_finite() {
        format!("{value:.1}")
    } else if value > 0.0 {
        "inf".into()
    } else {
        "-inf".into()
    }
}

/// The Elo difference at which the stronger side is expected to score `score`.
pub fn elo_of(score: f64) -> f64 {
    if score <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if score >= 1.0 {
        return f64::INFINITY;
    }
    -400.0 * (1.0 / score - 1.0).log10() + 0.0
}

/// The expected score at an Elo difference.
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function (Abramowitz and Stegun 7.1.26, error below 1.5e-7: plenty for a
/// probability printed with one decimal in percent).
pub fn erf(x: f64) -> f64 {
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    sign * (1.0 - poly * (-x * x).exp())
}

/// A sequential probability ratio test between two Elo hypotheses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// What an SPRT says so far.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SprtVerdict {
    /// Keep playing.
    Continue,
    /// H0 (Elo is `elo0`) accepted.
    AcceptH0,
    /// H1 (Elo is `elo1`) accepted.
    AcceptH1,
}

impl Sprt {
    /// The bounds (lower, upper) the log-likelihood ratio is compared with.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// Log-likelihood ratio of H1 against H0 for the tally, in the normal approximation of the
    /// game score (the generalised SPRT that fishtest used for years).
    pub fn log_likelihood_ratio(&self, tally: &Tally) -> f64 {
        let (mut wins, mut draws, mut losses) = (
            f64::from(tally.wins),
            f64::from(tally.draws),
            f64::from(tally.losses),
        );
        if tally.wins == 0 || tally.draws == 0 || tally.losses == 0 {
            // An empty outcome makes the variance estimate degenerate (zero after all wins):
            // half a game of each, as BayesElo-style priors do, keeps it honest.
            wins += 0.5;
            draws += 0.5;
            losses += 0.5;
        }
        let n = wins + draws + losses;
        let score = (wins + draws / 2.0) / n;
        let variance =
            (wins * (1.0 - score).powi(2) + draws * (0.5 - score).powi(2) + losses * score.powi(2))
                / n;
        let s0 = expected_score(self.elo0);
        let s1 = expected_score(self.elo1);
        n * (s1 - s0) * (2.0 * score - s0 - s1) / (2.0 * variance)
    }

    pub fn verdict(&self, tally: &Tally) -> SprtVerdict {
        let llr = self.log_likelihood_ratio(tally);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtVerdict::AcceptH1
        } else if llr <= lower {
            SprtVerdict::AcceptH0
        } else {
            SprtVerdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_matches_known_values() {
        // 76% score is about +200 Elo; an even score is 0.
        assert!((elo_of(0.76) - 200.0).abs() < 1.0);
        assert_eq!(elo_of(0.5), 0.0);
        let even = Tally {
            wins: 10,
            draws: 0,
            losses: 10,
        };
        let elo = even.elo();
        assert_eq!(elo.difference, 0.0);
        // 20 games of coin flips: a wide interval, about +/- 160.
        assert!(elo.margin > 120.0 && elo.margin < 200.0, "{elo}");
        assert!((even.likelihood_of_superiority() - 0.5).abs() < 1e-9);
    }

    #[test]
    fn erf_and_los() {
        assert!((erf(1.0) - 0.842_700_79).abs() < 1e-6);
        assert!((erf(-0.5) + 0.520_499_88).abs() < 1e-6);
        let ahead = Tally {
            wins: 8,
            draws: 40,
            losses: 4,
        };
        // Four more wins than losses in twelve decisive games: 0.5 (1 + erf(4 / sqrt 24)).
        assert!((ahead.likelihood_of_superiority() - 0.875_893).abs() < 1e-5);
    }

    #[test]
    fn sprt_decides_clear_cases() {
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let (lower, upper) = sprt.bounds();
        assert!((upper - 2.944).abs() < 1e-3 && (lower + 2.944).abs() < 1e-3);
        let crushing = Tally {
            wins: 400,
            draws: 100,
            losses: 100,
        };
        assert_eq!(sprt.verdict(&crushing), SprtVerdict::AcceptH1);
        let crushed = Tally {
            wins: 100,
            draws: 100,
            losses: 400,
        };
        assert_eq!(sprt.verdict(&crushed), SprtVerdict::AcceptH0);
        let early = Tally {
            wins: 3,
            draws: 2,
            losses: 2,
        };
        assert_eq!(sprt.verdict(&early), SprtVerdict::Continue);
        // Only wins: decided for H1 after enough of them, not at once.
        let sweep = |wins| Tally {
            wins,
            draws: 0,
            losses: 0,
        };
        assert_eq!(sprt.verdict(&sweep(3)), SprtVerdict::Continue);
        assert_eq!(sprt.verdict(&sweep(200)), SprtVerdict::AcceptH1);
    }
}
