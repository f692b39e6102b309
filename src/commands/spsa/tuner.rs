//! Simultaneous perturbation stochastic approximation (SPSA), as fishtest
//! runs it to tune Stockfish's search: every parameter is pushed up or down
//! by `c_k` at once (a random sign each), the pushed-up engine plays the
//! pushed-down one, and each parameter moves toward the winner's side by
//! `a_k / c_k` times the result. Over many game pairs the random signs
//! average out and what is left is each parameter's own gradient.
//!
//! Gains decay as Spall recommends and fishtest uses: `c_k = c / (k+1)^γ`,
//! `a_k = a / (A+k+1)^α` with α = 0.602, γ = 0.101, `A` a tenth of the
//! iterations; `c` and `a` are set so that at the last iteration the
//! perturbation is the parameter's `c_end` and `a_k / c_k²` is `r_end`
//! (fishtest's inputs).

use super::super::rng::SplitMix64;

/// Spall's exponent of the step's decay.
const ALPHA: f64 = 0.602;
/// Spall's exponent of the perturbation's decay.
const GAMMA: f64 = 0.101;

/// One parameter under tuning.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// Its option name.
    pub name: String,
    /// Its current value (real: SPSA moves in small steps; engines get it
    /// rounded).
    pub value: f64,
    /// The smallest value allowed.
    pub min: f64,
    /// The largest value allowed.
    pub max: f64,
    /// The perturbation at the last iteration.
    pub c_end: f64,
}

/// The gains' schedule of one run.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Schedule {
    /// Iterations (game pairs) the run plans.
    pub iterations: usize,
    /// `a_k / c_k²` at the last iteration.
    pub r_end: f64,
}

impl Schedule {
    fn stability(&self) -> f64 {
        0.1 * self.iterations as f64
    }

    /// The perturbation of `param` at iteration `k` (from 0).
    #[must_use]
    pub fn c(&self, param: &Param, k: usize) -> f64 {
        let n = self.iterations.max(1) as f64;
        param.c_end * n.powf(GAMMA) / ((k + 1) as f64).powf(GAMMA)
    }

    /// The step gain of `param` at iteration `k` (from 0).
    #[must_use]
    pub fn a(&self, param: &Param, k: usize) -> f64 {
        let n = self.iterations.max(1) as f64;
        let a_end = self.r_end * param.c_end * param.c_end;
        a_end * (self.stability() + n).powf(ALPHA) / (self.stability() + (k + 1) as f64).powf(ALPHA)
    }
}

/// One iteration's two engines: the values each plays with.
#[derive(Clone, Debug, PartialEq)]
pub struct Perturbation {
    /// The iteration, from 0.
    pub k: usize,
    /// Each parameter's sign, ±1.
    pub signs: Vec<f64>,
    /// The pushed-up engine's values, rounded and within range.
    pub plus: Vec<i32>,
    /// The pushed-down engine's values.
    pub minus: Vec<i32>,
}

/// A run's state: the parameters and how many iterations have been counted.
#[derive(Clone, Debug, PartialEq)]
pub struct Tuner {
    /// The parameters, in the order they were named.
    pub params: Vec<Param>,
    /// The gains.
    pub schedule: Schedule,
    /// Iterations whose results have been applied.
    pub done: usize,
    /// Seeds the signs: iteration `k`'s are the same in every run.
    pub seed: u64,
}

#[allow(clippy::cast_possible_truncation)] // rounded values within i32 ranges
fn round_within(value: f64, param: &Param) -> i32 {
    value.clamp(param.min, param.max).round() as i32
}

impl Tuner {
    /// The two engines of iteration `k`.
    #[must_use]
    pub fn perturb(&self, k: usize) -> Perturbation {
        let mut rng = SplitMix64(self.seed ^ (k as u64).wrapping_mul(0xD1B5_4A32_D192_ED03));
        let signs: Vec<f64> = self
            .params
            .iter()
            .map(|_| if rng.next() & 1 == 0 { 1.0 } else { -1.0 })
            .collect();
        let pushed = |direction: f64| {
            self.params
                .iter()
                .zip(&signs)
                .map(|(p, s)| round_within(p.value + direction * s * self.schedule.c(p, k), p))
                .collect()
        };
        Perturbation {
            k,
            signs: signs.clone(),
            plus: pushed(1.0),
            minus: pushed(-1.0),
        }
    }

    /// Applies iteration `perturbation.k`'s result: the pushed-up engine's
    /// wins less its losses over the pair.
    pub fn update(&mut self, perturbation: &Perturbation, result: f64) {
        let k = perturbation.k;
        for (param, sign) in self.params.iter_mut().zip(&perturbation.signs) {
            let step = self.schedule.a(param, k) / self.schedule.c(param, k) * result * sign;
            param.value = (param.value + step).clamp(param.min, param.max);
        }
        self.done += 1;
    }

    /// The state as text: the iterations done, then one `name value` line
    /// per parameter.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut text = format!(
            "# banco spsa state: iterations done, then each parameter's value\ndone {}\n",
            self.done
        );
        for p in &self.params {
            text.push_str(&format!("{} {:.4}\n", p.name, p.value));
        }
        text
    }

    /// Takes the iterations done and the values of a saved state; a name
    /// not under tuning here is an error, a missing one keeps its value.
    ///
    /// # Errors
    ///
    /// A line that is not `done N` or `name value`, or an unknown name.
    pub fn restore(&mut self, text: &str) -> anyhow::Result<()> {
        let mut restored = self.clone();
        for (number, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let bad = || anyhow::anyhow!("state line {}: '{line}'", number + 1);
            let (name, value) = line.split_once(' ').ok_or_else(bad)?;
            let value = value.trim();
            if name == "done" {
                restored.done = value.parse().map_err(|_| bad())?;
                continue;
            }
            let param = restored
                .params
                .iter_mut()
                .find(|p| p.name == name)
                .ok_or_else(|| {
                    anyhow::anyhow!("state line {}: '{name}' is not tuned here", number + 1)
                })?;
            let value: f64 = value.parse().map_err(|_| bad())?;
            if !value.is_finite() {
                return Err(bad());
            }
            param.value = value.clamp(param.min, param.max);
        }
        *self = restored;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tuner() -> Tuner {
        Tuner {
            params: vec![
                Param {
                    name: "x".into(),
                    value: 100.0,
                    min: 0.0,
                    max: 200.0,
                    c_end: 10.0,
                },
                Param {
                    name: "y".into(),
                    value: 3.0,
                    min: 1.0,
                    max: 6.0,
                    c_end: 0.6,
                },
            ],
            schedule: Schedule {
                iterations: 1000,
                r_end: 0.002,
            },
            done: 0,
            seed: 1,
        }
    }

    #[test]
    fn the_gains_end_where_they_were_asked_to() {
        let t = tuner();
        let x = &t.params[0];
        let last = t.schedule.iterations - 1;
        assert!((t.schedule.c(x, last) - 10.0).abs() < 1e-9);
        let r = t.schedule.a(x, last) / t.schedule.c(x, last).powi(2);
        assert!((r - 0.002).abs() < 1e-9);
        assert!(t.schedule.c(x, 0) > t.schedule.c(x, last));
        assert!(t.schedule.a(x, 0) > t.schedule.a(x, last));
    }

    #[test]
    fn the_two_engines_straddle_the_value_within_range() {
        let t = tuner();
        for k in [0, 10, 999] {
            let p = t.perturb(k);
            assert_eq!(p, t.perturb(k), "the signs depend on the seed and k only");
            for (i, param) in t.params.iter().enumerate() {
                let (plus, minus) = (f64::from(p.plus[i]), f64::from(p.minus[i]));
                assert!((param.min..=param.max).contains(&plus));
                assert!((param.min..=param.max).contains(&minus));
                assert_eq!(plus > minus, p.signs[i] > 0.0, "{k} {i}");
            }
        }
    }

    #[test]
    fn a_win_for_the_pushed_up_engine_moves_each_value_its_way() {
        let mut t = tuner();
        let p = t.perturb(0);
        let before: Vec<f64> = t.params.iter().map(|q| q.value).collect();
        t.update(&p, 2.0);
        for (i, q) in t.params.iter().enumerate() {
            assert_eq!(q.value > before[i], p.signs[i] > 0.0);
        }
        assert_eq!(t.done, 1);
        let mut drawn = tuner();
        drawn.update(&p, 0.0);
        assert_eq!(drawn.params, tuner().params, "a drawn pair moves nothing");
    }

    #[test]
    fn the_state_round_trips_and_bad_text_changes_nothing() {
        let mut t = tuner();
        t.params[0].value = 123.456_7;
        t.done = 42;
        let mut back = tuner();
        back.restore(&t.to_text()).unwrap();
        assert_eq!(back.done, 42);
        assert!((back.params[0].value - 123.456_7).abs() < 1e-3);
        let mut kept = tuner();
        assert!(kept.restore("done 5\nz 1\n").is_err());
        assert!(kept.restore("done 5\nx NaN\n").is_err());
        assert!(kept.restore("x").is_err());
        assert_eq!(kept, tuner());
    }
}
