//! The sequential probability ratio test engine authors run on every change:
//! games are played in pairs (each opening twice, colours swapped), each
//! pair's score is one of five outcomes (the pentanomial model), and after
//! every pair the log-likelihood ratio of "the change is worth `elo1`"
//! against "it is worth `elo0`" is compared with the bounds that `alpha`
//! and `beta` set. The test stops when a bound is crossed.
//!
//! The ratio is the generalized SPRT of Michel Van den Bergh, as fishtest
//! and fastchess compute it for the logistic Elo model: under each
//! hypothesis the pair outcomes' distribution is the maximum-likelihood one
//! whose expected score is that hypothesis's, found by one Lagrange
//! multiplier (`p_k = p̂_k / (1 + λ (x_k − s))`).

use std::fmt;
use std::str::FromStr;

use super::elo::EloEstimate;

/// The normal quantile of a two-sided 95 % interval.
const Z95: f64 = 1.959_964;

/// What an SPRT tests: H0 "the change is worth `elo0`" against H1 "it is
/// worth `elo1`", with error rates `alpha` (accepting H1 wrongly) and `beta`
/// (accepting H0 wrongly).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct SprtBounds {
    /// The Elo of the null hypothesis.
    pub elo0: f64,
    /// The Elo of the alternative.
    pub elo1: f64,
    /// The false-positive rate.
    pub alpha: f64,
    /// The false-negative rate.
    pub beta: f64,
}

/// An SPRT specification that does not read.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
#[error(
    "invalid SPRT '{0}': expected ELO0,ELO1 (as 0,10) or elo0=0,elo1=10,alpha=0.05,beta=0.05, with elo0 < elo1 and 0 < alpha, beta < 0.5"
)]
pub struct ParseSprtError(String);

impl FromStr for SprtBounds {
    type Err = ParseSprtError;

    fn from_str(text: &str) -> Result<SprtBounds, ParseSprtError> {
        let bad = || ParseSprtError(text.to_owned());
        let mut bounds = SprtBounds {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        if parts.iter().all(|p| !p.contains('=')) {
            let [elo0, elo1] = parts.as_slice() else {
                return Err(bad());
            };
            bounds.elo0 = elo0.parse().map_err(|_| bad())?;
            bounds.elo1 = elo1.parse().map_err(|_| bad())?;
        } else {
            for part in parts {
                let (name, value) = part.split_once('=').ok_or_else(bad)?;
                let value: f64 = value.trim().parse().map_err(|_| bad())?;
                match name.trim() {
                    "elo0" => bounds.elo0 = value,
                    "elo1" => bounds.elo1 = value,
                    "alpha" => bounds.alpha = value,
                    "beta" => bounds.beta = value,
                    _ => return Err(bad()),
                }
            }
        }
        let rate = |r: f64| r > 0.0 && r < 0.5;
        let finite = [bounds.elo0, bounds.elo1].iter().all(|e| e.is_finite());
        if finite && bounds.elo0 < bounds.elo1 && rate(bounds.alpha) && rate(bounds.beta) {
            Ok(bounds)
        } else {
            Err(bad())
        }
    }
}

impl fmt::Display for SprtBounds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "elo0={} elo1={} alpha={} beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

impl SprtBounds {
    /// The lower bound: below it H0 is accepted.
    #[must_use]
    pub fn lower(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The upper bound: above it H1 is accepted.
    #[must_use]
    pub fn upper(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// What `llr` decides.
    #[must_use]
    pub fn verdict(&self, llr: f64) -> Verdict {
        if llr >= self.upper() {
            Verdict::H1
        } else if llr <= self.lower() {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }
}

/// Where an SPRT stands.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Verdict {
    /// Not decided yet.
    Continue,
    /// H0 accepted: the change is not worth `elo1` (it fails).
    H0,
    /// H1 accepted: the change is worth at least `elo0` (it passes).
    H1,
}

/// How many game pairs ended with each score for the tested player: 0,
/// ½, 1, 1½ and 2 points out of 2 (LL, LD, DD or WL, WD, WW).
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Pentanomial(pub [u32; 5]);

impl Pentanomial {
    /// Adds a pair that scored `half_points` halves of a point (0 to 4).
    pub fn add(&mut self, half_points: usize) {
        if let Some(count) = self.0.get_mut(half_points) {
            *count += 1;
        }
    }

    /// Pairs counted.
    #[must_use]
    pub fn pairs(&self) -> u32 {
        self.0.iter().sum()
    }

    /// The observed frequency of each outcome and the outcomes' scores per
    /// game (0, ¼, ½, ¾, 1); `None` before any pair.
    fn frequencies(&self) -> Option<[(f64, f64); 5]> {
        let n = f64::from(self.pairs());
        if n == 0.0 {
            return None;
        }
        let mut out = [(0.0, 0.0); 5];
        for (k, (slot, &count)) in out.iter_mut().zip(&self.0).enumerate() {
            *slot = (f64::from(count) / n, k as f64 / 4.0);
        }
        Some(out)
    }

    /// The mean score per game and its variance per pair.
    fn mean_and_variance(&self) -> Option<(f64, f64)> {
        let freq = self.frequencies()?;
        let mean: f64 = freq.iter().map(|(p, x)| p * x).sum();
        let variance: f64 = freq.iter().map(|(p, x)| p * (x - mean).powi(2)).sum();
        Some((mean, variance))
    }

    /// The Elo difference the pairs show, with its 95 % interval from the
    /// pairs' variance (which counts the pairing of games, unlike a
    /// per-game estimate).
    #[must_use]
    pub fn elo(&self) -> EloEstimate {
        let Some((mean, variance)) = self.mean_and_variance() else {
            return EloEstimate {
                elo: 0.0,
                error: f64::INFINITY,
            };
        };
        let se = (variance / f64::from(self.pairs())).sqrt();
        let low = elo_of_score(mean - Z95 * se);
        let high = elo_of_score(mean + Z95 * se);
        EloEstimate {
            elo: elo_of_score(mean),
            error: (high - low) / 2.0,
        }
    }

    /// The log-likelihood ratio of H1 against H0 (the generalized SPRT);
    /// 0 before any pair. An outcome not seen yet counts as a thousandth
    /// of a pair, as fishtest regularizes, so that a one-sided result
    /// (every pair won) still decides.
    #[must_use]
    pub fn llr(&self, bounds: &SprtBounds) -> f64 {
        let pairs = self.pairs();
        if pairs == 0 {
            return 0.0;
        }
        let counts = self.0.map(|c| f64::from(c).max(1e-3));
        let total: f64 = counts.iter().sum();
        let seen: Vec<(f64, f64)> = counts
            .iter()
            .enumerate()
            .map(|(k, &c)| (c / total, k as f64 / 4.0))
            .collect();
        let s0 = score_of_elo(bounds.elo0);
        let s1 = score_of_elo(bounds.elo1);
        let log_likelihood = |s: f64| -> Option<f64> {
            let lambda = lagrange_multiplier(&seen, s)?;
            // Σ p̂ log(p̂ / p) with p = p̂ / (1 + λ (x − s)).
            Some(
                seen.iter()
                    .map(|&(p, x)| p * (1.0 + lambda * (x - s)).ln())
                    .sum(),
            )
        };
        match (log_likelihood(s0), log_likelihood(s1)) {
            // The divergence from each hypothesis: the nearer one is likelier.
            (Some(d0), Some(d1)) => f64::from(pairs) * (d0 - d1),
            _ => 0.0,
        }
    }
}

/// The λ for which `p̂_k / (1 + λ (x_k − s))` is a distribution with mean
/// `s`: the root of `Σ p̂ (x − s) / (1 + λ (x − s))`, which falls as λ grows,
/// found by bisection where every weight stays positive. `None` when `s`
/// lies outside the outcomes seen.
fn lagrange_multiplier(seen: &[(f64, f64)], s: f64) -> Option<f64> {
    let low_x = seen.iter().map(|&(_, x)| x).fold(f64::INFINITY, f64::min);
    let high_x = seen
        .iter()
        .map(|&(_, x)| x)
        .fold(f64::NEG_INFINITY, f64::max);
    if !(low_x < s && s < high_x) {
        return None;
    }
    let slope = |lambda: f64| -> f64 {
        seen.iter()
            .map(|&(p, x)| p * (x - s) / (1.0 + lambda * (x - s)))
            .sum()
    };
    // 1 + λ (x − s) > 0 for every x seen.
    let (mut lo, mut hi) = (-1.0 / (high_x - s), 1.0 / (s - low_x));
    let shrink = |bound: f64| bound * (1.0 - 1e-12);
    (lo, hi) = (shrink(lo), shrink(hi));
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if slope(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some((lo + hi) / 2.0)
}

/// The expected score of a player `elo` stronger (logistic model).
fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference an expected score means.
fn elo_of_score(score: f64) -> f64 {
    let score = score.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / score - 1.0).log10()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bounds(elo0: f64, elo1: f64) -> SprtBounds {
        SprtBounds {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    #[test]
    fn specifications_read_and_refuse() {
        assert_eq!("0,10".parse::<SprtBounds>(), Ok(bounds(0.0, 10.0)));
        let full: SprtBounds = "elo0=-5, elo1=5, alpha=0.1, beta=0.2".parse().unwrap();
        assert_eq!(
            (full.elo0, full.elo1, full.alpha, full.beta),
            (-5.0, 5.0, 0.1, 0.2)
        );
        for bad in [
            "10,0",
            "0",
            "0,10,20",
            "elo0=0,gamma=1",
            "0,ten",
            "alpha=0.7",
            "nan,1",
        ] {
            assert!(bad.parse::<SprtBounds>().is_err(), "{bad}");
        }
    }

    #[test]
    fn bounds_follow_the_error_rates() {
        let b = bounds(0.0, 10.0);
        assert!((b.upper() - 2.944).abs() < 1e-3, "{}", b.upper());
        assert!((b.lower() + 2.944).abs() < 1e-3, "{}", b.lower());
        assert_eq!(b.verdict(3.0), Verdict::H1);
        assert_eq!(b.verdict(-3.0), Verdict::H0);
        assert_eq!(b.verdict(0.0), Verdict::Continue);
    }

    /// For small Elo bounds the exact ratio agrees with the textbook
    /// approximation N (s1 − s0)(2μ − s0 − s1) / (2σ²).
    #[test]
    fn the_ratio_matches_its_normal_approximation() {
        let pairs = Pentanomial([120, 900, 2100, 1000, 140]);
        let b = bounds(0.0, 5.0);
        let (mean, variance) = pairs.mean_and_variance().unwrap();
        let (s0, s1) = (score_of_elo(b.elo0), score_of_elo(b.elo1));
        let approx =
            f64::from(pairs.pairs()) * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance);
        let exact = pairs.llr(&b);
        assert!(
            (exact - approx).abs() < 0.02 * approx.abs().max(1.0),
            "{exact} {approx}"
        );
    }

    #[test]
    fn more_wins_raise_the_ratio_and_mirrored_results_cancel() {
        let b = bounds(-5.0, 5.0);
        let even = Pentanomial([50, 200, 400, 200, 50]);
        assert!(even.llr(&b).abs() < 1e-6, "{}", even.llr(&b));
        let better = Pentanomial([40, 190, 400, 210, 60]);
        let worse = Pentanomial([60, 210, 400, 190, 40]);
        assert!(better.llr(&b) > 0.0);
        assert!((better.llr(&b) + worse.llr(&b)).abs() < 1e-6);
        assert!(better.elo().elo > 0.0 && worse.elo().elo < 0.0);
        assert!(Pentanomial([0, 0, 7, 0, 0]).llr(&b).abs() < 1e-6);
        assert_eq!(Pentanomial::default().llr(&b), 0.0);
    }

    #[test]
    fn a_one_sided_result_decides() {
        let b = bounds(0.0, 10.0);
        // Against bounds 10 Elo apart, a sweep is unlikely under both
        // hypotheses: it takes about a hundred pairs to decide.
        let sweep = Pentanomial([0, 0, 0, 0, 200]);
        assert_eq!(b.verdict(sweep.llr(&b)), Verdict::H1, "{}", sweep.llr(&b));
        let rout = Pentanomial([200, 0, 0, 0, 0]);
        assert_eq!(b.verdict(rout.llr(&b)), Verdict::H0, "{}", rout.llr(&b));
    }

    #[test]
    fn a_clear_edge_is_accepted_and_none_rejected() {
        let b = bounds(0.0, 10.0);
        // About +70 Elo over 400 pairs.
        let strong = Pentanomial([10, 60, 160, 110, 60]);
        assert_eq!(b.verdict(strong.llr(&b)), Verdict::H1);
        // No edge over 4000 pairs.
        let level = Pentanomial([200, 800, 2000, 800, 200]);
        assert_eq!(b.verdict(level.llr(&b)), Verdict::H0);
        let elo = level.elo();
        assert!(
            elo.elo.abs() < 1e-9 && elo.error > 0.0 && elo.error < 10.0,
            "{elo:?}"
        );
    }
}
