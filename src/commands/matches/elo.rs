//! Elo from match results: one pairing's difference with its error bar, and
//! a rating for every player fitted to all pairings at once.
//!
//! The fit is the maximum-likelihood Bradley–Terry model on the Elo scale
//! (a draw counts as half a win, as in the Elo system itself): the expected
//! score of A against B is `1 / (1 + 10^((R_B − R_A) / 400))`. Players with a
//! known rating (a reference engine set to a `UCI_Elo`) are held fixed; the
//! others are solved by Newton's method. One virtual draw is added to every
//! pairing, as BayesElo's prior does, so that a 40–0 result gives a large but
//! finite difference instead of infinity. Error bars are 95 % intervals from
//! the inverse of the likelihood's curvature.

/// Wins, draws and losses of one player against another.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Tally {
    /// Games the player won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games the player lost.
    pub losses: u32,
}

impl Tally {
    /// Games played.
    #[must_use]
    pub const fn games(self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The score as a fraction of the games, draws counting half.
    #[must_use]
    pub fn score(self) -> f64 {
        if self.games() == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(self.games())
    }

    /// The same games seen from the opponent's side.
    #[must_use]
    pub const fn reversed(self) -> Tally {
        Tally {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }
}

/// An Elo difference with the half-width of its 95 % interval.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct EloEstimate {
    /// The difference (or the rating), in Elo.
    pub elo: f64,
    /// Half the 95 % interval; infinite when the games cannot bound it.
    pub error: f64,
}

/// 1.96: the normal quantile of a two-sided 95 % interval.
const Z95: f64 = 1.959_964;

fn elo_of_score(score: f64) -> f64 {
    let score = score.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / score - 1.0).log10()
}

fn expected(diff: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-diff / 400.0))
}

/// The Elo difference one tally shows, as the usual match referees report it:
/// the score turned into Elo, with the interval from the games' variance
/// (wins, draws and losses as a three-valued outcome).
#[must_use]
pub fn pairing_elo(tally: Tally) -> EloEstimate {
    let n = f64::from(tally.games());
    if n == 0.0 {
        return EloEstimate {
            elo: 0.0,
            error: f64::INFINITY,
        };
    }
    let score = tally.score();
    let (w, d, l) = (
        f64::from(tally.wins) / n,
        f64::from(tally.draws) / n,
        f64::from(tally.losses) / n,
    );
    let variance = w * (1.0 - score).powi(2) + d * (0.5 - score).powi(2) + l * score.powi(2);
    let deviation = (variance / n).sqrt();
    let low = elo_of_score(score - Z95 * deviation);
    let high = elo_of_score(score + Z95 * deviation);
    let error = if score <= 0.0 || score >= 1.0 {
        f64::INFINITY
    } else {
        (high - low) / 2.0
    };
    EloEstimate {
        elo: elo_of_score(score),
        error,
    }
}

/// One pairing's games between players `a` and `b` (indices into the players).
#[derive(Copy, Clone, Debug)]
pub struct Pairing {
    /// The first player.
    pub a: usize,
    /// The second player.
    pub b: usize,
    /// The first player's results.
    pub tally: Tally,
}

/// Ratings fitted to every pairing. `fixed[i]` holds a player's known rating;
/// without any, player 0 is held at 0 so the scale has a zero. Players who
/// played no games get an infinite error.
#[must_use]
pub fn fit(players: usize, pairings: &[Pairing], fixed: &[Option<f64>]) -> Vec<EloEstimate> {
    let mut fixed: Vec<Option<f64>> = (0..players)
        .map(|i| fixed.get(i).copied().flatten())
        .collect();
    if players > 0 && fixed.iter().all(Option::is_none) {
        fixed[0] = Some(0.0);
    }
    let mut ratings: Vec<f64> = fixed.iter().map(|f| f.unwrap_or(0.0)).collect();
    let played = |i: usize| {
        pairings
            .iter()
            .any(|p| p.tally.games() > 0 && (p.a == i || p.b == i))
    };
    let free: Vec<usize> = (0..players)
        .filter(|&i| fixed[i].is_none() && played(i))
        .collect();
    let slope = 10f64.ln() / 400.0;
    let mut curvature = vec![vec![0.0; free.len()]; free.len()];
    for _ in 0..200 {
        // Gradient and (negative) Hessian of the log-likelihood in the free ratings.
        let mut gradient = vec![0.0; free.len()];
        for row in &mut curvature {
            row.iter_mut().for_each(|c| *c = 0.0);
        }
        for p in pairings.iter().filter(|p| p.tally.games() > 0) {
            // The prior: one virtual draw in every pairing.
            let n = f64::from(p.tally.games()) + 1.0;
            let s = f64::from(p.tally.wins) + f64::from(p.tally.draws) / 2.0 + 0.5;
            let e = expected(ratings[p.a] - ratings[p.b]);
            let g = slope * (s - n * e);
            let h = slope * slope * n * e * (1.0 - e);
            let ia = free.iter().position(|&f| f == p.a);
            let ib = free.iter().position(|&f| f == p.b);
            if let Some(ia) = ia {
                gradient[ia] += g;
                curvature[ia][ia] += h;
            }
            if let Some(ib) = ib {
                gradient[ib] -= g;
                curvature[ib][ib] += h;
            }
            if let (Some(ia), Some(ib)) = (ia, ib) {
                curvature[ia][ib] -= h;
                curvature[ib][ia] -= h;
            }
        }
        let Some(step) = solve(&curvature, &gradient) else {
            break;
        };
        let mut largest: f64 = 0.0;
        for (k, &i) in free.iter().enumerate() {
            // Damped: a lopsided pairing's first steps can be huge.
            let s = step[k].clamp(-400.0, 400.0);
            ratings[i] += s;
            largest = largest.max(s.abs());
        }
        if largest < 1e-6 {
            break;
        }
    }
    let inverse = invert(&curvature);
    (0..players)
        .map(|i| {
            let error = match (fixed[i], free.iter().position(|&f| f == i), &inverse) {
                (Some(_), _, _) => 0.0,
                (None, Some(k), Some(inv)) if inv[k][k] > 0.0 => Z95 * inv[k][k].sqrt(),
                _ => f64::INFINITY,
            };
            EloEstimate {
                elo: ratings[i],
                error,
            }
        })
        .collect()
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting; `None`
/// when `a` is singular (a player with no games).
fn solve(a: &[Vec<f64>], b: &[f64]) -> Option<Vec<f64>> {
    let n = b.len();
    let mut m: Vec<Vec<f64>> = a
        .iter()
        .zip(b)
        .map(|(row, &v)| {
            let mut r = row.clone();
            r.push(v);
            r
        })
        .collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| m[x][col].abs().total_cmp(&m[y][col].abs()))?;
        if m[pivot][col].abs() < 1e-12 {
            return None;
        }
        m.swap(col, pivot);
        let pivot_row = m[col].clone();
        for (r, row) in m.iter_mut().enumerate() {
            if r != col {
                let factor = row[col] / pivot_row[col];
                for (cell, &p) in row.iter_mut().zip(&pivot_row).skip(col) {
                    *cell -= factor * p;
                }
            }
        }
    }
    Some((0..n).map(|i| m[i][n] / m[i][i]).collect())
}

fn invert(a: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut columns = Vec::with_capacity(n);
    for j in 0..n {
        let unit: Vec<f64> = (0..n).map(|i| if i == j { 1.0 } else { 0.0 }).collect();
        columns.push(solve(a, &unit)?);
    }
    Some(
        (0..n)
            .map(|i| (0..n).map(|j| columns[j][i]).collect())
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_score_is_zero_elo() {
        let e = pairing_elo(Tally {
            wins: 10,
            draws: 20,
            losses: 10,
        });
        assert!(e.elo.abs() < 1e-9);
        assert!(e.error > 50.0 && e.error < 150.0, "{e:?}");
    }

    #[test]
    fn three_quarters_is_about_191_elo() {
        let e = pairing_elo(Tally {
            wins: 30,
            draws: 0,
            losses: 10,
        });
        assert!((e.elo - 190.8).abs() < 0.5, "{e:?}");
    }

    #[test]
    fn the_fit_of_one_pairing_matches_its_score() {
        let pairings = [Pairing {
            a: 0,
            b: 1,
            tally: Tally {
                wins: 300,
                draws: 0,
                losses: 100,
            },
        }];
        let ratings = fit(2, &pairings, &[Some(1000.0), None]);
        assert!((ratings[0].elo - 1000.0).abs() < 1e-9);
        // 300.5 / 401 with the virtual draw: a little under 191.
        assert!(
            (ratings[1].elo - (1000.0 - 189.9)).abs() < 1.0,
            "{ratings:?}"
        );
        assert!(ratings[1].error.is_finite() && ratings[1].error > 0.0);
    }

    #[test]
    fn a_ladder_chains_its_differences() {
        let even = Tally {
            wins: 20,
            draws: 0,
            losses: 20,
        };
        let strong = Tally {
            wins: 30,
            draws: 0,
            losses: 10,
        };
        let pairings = [
            Pairing {
                a: 1,
                b: 0,
                tally: strong,
            },
            Pairing {
                a: 2,
                b: 1,
                tally: even,
            },
        ];
        let ratings = fit(3, &pairings, &[]);
        assert!(ratings[0].elo.abs() < 1e-9);
        assert!(
            ratings[1].elo > 150.0 && ratings[1].elo < 200.0,
            "{ratings:?}"
        );
        assert!((ratings[2].elo - ratings[1].elo).abs() < 1.0, "{ratings:?}");
        // Errors add up along the chain.
        assert!(ratings[2].error > ratings[1].error);
    }

    #[test]
    fn a_perfect_score_stays_finite_and_a_stranger_is_unbounded() {
        let pairings = [Pairing {
            a: 0,
            b: 1,
            tally: Tally {
                wins: 40,
                draws: 0,
                losses: 0,
            },
        }];
        let ratings = fit(3, &pairings, &[Some(0.0)]);
        assert!(
            ratings[1].elo < -300.0 && ratings[1].elo.is_finite(),
            "{ratings:?}"
        );
        assert!(ratings[2].error.is_infinite());
    }
}
