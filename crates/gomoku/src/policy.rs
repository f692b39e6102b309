//! A learned move-ordering prior: how likely a strong player is to play a
//! point, from the point's class for the side to move (what a stone there
//! builds) and its class for the opponent (what it takes from him), each
//! class the multiset of the point's four line patterns
//! ([`crate::combo`]). The prior of a point is the sum of two table
//! entries, a logit: the softmax over a position's candidate moves is the
//! chance of each being the move played.
//!
//! The tables are fitted to games of a stronger engine (or of Banco's own
//! search) by [`fit_policy`]: the cross-entropy of the played moves, which
//! is convex in the entries, minimised by Adam over every position at
//! once, some games held out to measure how often the prior's first choice
//! is the move played, beside the ordering the search used before. Strong
//! gomoku programs order their moves by such per-point pattern scores; the
//! search reads the prior for its quiet moves ([`crate::eval::strong`]).

use std::sync::OnceLock;

use banco_search::Game;

use crate::board::Threat;
use crate::combo::{COMBOS, ComboValues, combo_index, parse_table};
use crate::eval::strong;
use crate::pattern::LinePattern;
use crate::tune::GameRecord;
use crate::{GomokuGame, Point, Rule};

/// The fixed-point step of a stored logit: a table entry of 256 is a
/// logit of 1 (a point e times as likely).
pub const LOGIT_ONE: i32 = 256;

/// The learned prior of `rule`, where one was fitted for it (`banco tune
/// gomoku --policy`).
/// Each rule plays its prior once a match has shown it stronger
/// (docs/search.md); caro plays freestyle's (no stronger engine plays caro
/// to learn from), which passed there with move count pruning.
pub(crate) fn learned_policy(rule: Rule) -> Option<&'static ComboValues> {
    static TABLES: [OnceLock<Option<Box<ComboValues>>>; 3] = [const { OnceLock::new() }; 3];
    let (slot, text) = match rule {
        Rule::Freestyle | Rule::Caro => (0, include_str!("eval/freestyle.policy")),
        Rule::Renju => (1, include_str!("eval/renju.policy")),
        Rule::Standard => (2, include_str!("eval/standard.policy")),
    };
    TABLES[slot]
        .get_or_init(|| parse_table(text).ok())
        .as_deref()
}

/// The class of each point code (four line patterns in base 12, the first
/// direction most significant, as the board keeps them).
fn class_of_code(code: u16) -> usize {
    static CLASSES: OnceLock<Vec<u16>> = OnceLock::new();
    let classes = CLASSES.get_or_init(|| {
        (0..12_usize.pow(4))
            .map(|code| {
                let patterns: [LinePattern; 4] = std::array::from_fn(|d| {
                    LinePattern::from_index(code / 12_usize.pow(3 - d as u32) % 12)
                });
                u16::try_from(combo_index(&patterns)).unwrap_or(0)
            })
            .collect()
    });
    usize::from(classes[usize::from(code)])
}

/// The two classes of the empty `index`: for the side to move, and for
/// the opponent.
#[must_use]
pub fn classes(game: &GomokuGame, index: usize) -> [u16; 2] {
    let board = game.board();
    let me = game.side_to_move();
    [me, me.opponent()].map(|side| {
        let patterns: [LinePattern; 4] = std::array::from_fn(|d| board.pattern(side, index, d));
        u16::try_from(combo_index(&patterns)).unwrap_or(0)
    })
}

/// The prior's logit of the empty `index` (in [`LOGIT_ONE`] steps), read
/// from the board's point codes.
#[must_use]
pub(crate) fn logit(table: &ComboValues, game: &GomokuGame, index: usize) -> i32 {
    let board = game.board();
    let me = game.side_to_move();
    table[0][class_of_code(board.code(me, index))]
        + table[1][class_of_code(board.code(me.opponent(), index))]
}

/// One position to learn from: its candidate moves' classes and which was
/// played.
#[derive(Clone, Debug, PartialEq)]
pub struct PolicySample {
    /// Per candidate, its classes for the side to move and the opponent.
    pub candidates: Vec<[u16; 2]>,
    /// Per candidate, the search's ordering before the prior: threat rank
    /// and values ([`strong::pattern_order_hint`]).
    pub hints: Vec<i32>,
    /// Per candidate, whether the search treats it as a noisy move.
    pub noisy: Vec<bool>,
    /// The played move's place in `candidates`.
    pub played: usize,
    /// The game it comes from.
    pub game: u32,
}

/// The positions of `records` after their openings where the side to move
/// had a choice: not a five to make or to stop, nor a straight four to
/// meet, and the move played among the search's candidates.
#[must_use]
pub fn policy_samples(records: &[GameRecord], rule: Rule) -> Vec<PolicySample> {
    let mut out = Vec::new();
    let mut moves = Vec::new();
    for record in records {
        let mut game = GomokuGame::standard(rule);
        for (ply, &played) in record.moves.iter().enumerate() {
            if ply > record.opening_plies
                && let Some(sample) = sample(&game, played, record.index, &mut moves)
            {
                out.push(sample);
            }
            game.make_move(played);
        }
    }
    out
}

fn sample(
    game: &GomokuGame,
    played: Point,
    index: u32,
    moves: &mut Vec<Point>,
) -> Option<PolicySample> {
    let board = game.board();
    let me = game.side_to_move();
    let them = me.opponent();
    if board.count(me, Threat::Five) > 0
        || board.count(them, Threat::Five) > 0
        || board.count(them, Threat::OpenFour) > 0
    {
        return None;
    }
    game.legal_moves(moves);
    let position = moves.iter().position(|&p| p == played)?;
    if moves.len() < 2 {
        return None;
    }
    Some(PolicySample {
        candidates: moves.iter().map(|p| classes(game, p.index())).collect(),
        hints: moves
            .iter()
            .map(|p| strong::pattern_order_hint(game, p.index()))
            .collect(),
        noisy: moves
            .iter()
            .map(|p| strong::is_tactical(game, p.index()))
            .collect(),
        played: position,
        game: index,
    })
}

/// How well an ordering predicts the moves played.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PolicyScore {
    /// Positions judged.
    pub positions: usize,
    /// The share whose first choice was the move played (ties count
    /// against the ordering).
    pub top1: f64,
    /// The share with the move played among the first three.
    pub top3: f64,
    /// Positions whose played move was quiet, judged among the quiet
    /// candidates only (the moves the prior orders in the search).
    pub quiet_positions: usize,
    /// Their share of first choices.
    pub quiet_top1: f64,
    /// Their share within the first three.
    pub quiet_top3: f64,
    /// Positions whose played move was noisy, judged among the noisy
    /// candidates only (the moves the search tries before the quiet ones).
    pub noisy_positions: usize,
    /// Their share of first choices.
    pub noisy_top1: f64,
}

/// The played move's rank among `scores` (1 the best; ties rank it last
/// among them), over the candidates `among` admits.
fn rank(scores: &[f64], played: usize, among: impl Fn(usize) -> bool) -> usize {
    let mine = scores[played];
    (0..scores.len())
        .filter(|&i| i != played && among(i) && scores[i] >= mine)
        .count()
        + 1
}

/// Scores an ordering (`score` gives each candidate of a sample its value).
#[must_use]
pub fn judge(samples: &[&PolicySample], score: impl Fn(&PolicySample) -> Vec<f64>) -> PolicyScore {
    let mut s = PolicyScore::default();
    let (mut top1, mut top3, mut qtop1, mut qtop3, mut ntop1) = (0, 0, 0, 0, 0);
    for sample in samples {
        let scores = score(sample);
        let r = rank(&scores, sample.played, |_| true);
        s.positions += 1;
        top1 += usize::from(r == 1);
        top3 += usize::from(r <= 3);
        if !sample.noisy[sample.played] {
            let r = rank(&scores, sample.played, |i| !sample.noisy[i]);
            s.quiet_positions += 1;
            qtop1 += usize::from(r == 1);
            qtop3 += usize::from(r <= 3);
        } else {
            let r = rank(&scores, sample.played, |i| sample.noisy[i]);
            s.noisy_positions += 1;
            ntop1 += usize::from(r == 1);
        }
    }
    let share = |n: usize, of: usize| n as f64 / of.max(1) as f64;
    s.top1 = share(top1, s.positions);
    s.top3 = share(top3, s.positions);
    s.quiet_top1 = share(qtop1, s.quiet_positions);
    s.quiet_top3 = share(qtop3, s.quiet_positions);
    s.noisy_top1 = share(ntop1, s.noisy_positions);
    s
}

/// What a prior fit found.
#[derive(Clone, Debug)]
pub struct PolicyFit {
    /// The tables, in [`LOGIT_ONE`] steps: the side to move's row, then
    /// the opponent's.
    pub values: Box<ComboValues>,
    /// Positions fitted and held out.
    pub sizes: (usize, usize),
    /// Mean cross-entropy of the played moves, training and held out, at
    /// the end (it starts at the uniform choice's).
    pub loss: (f64, f64),
    /// The ordering before the prior, on the held-out positions.
    pub before: PolicyScore,
    /// The prior, on the held-out positions.
    pub after: PolicyScore,
}

/// The logits of a sample's candidates under `w` (two rows of [`COMBOS`]).
fn logits(w: &[f64], sample: &PolicySample, out: &mut Vec<f64>) {
    out.clear();
    out.extend(
        sample
            .candidates
            .iter()
            .map(|c| w[usize::from(c[0])] + w[COMBOS + usize::from(c[1])]),
    );
}

/// Mean cross-entropy over `samples`, and its gradient added to `grad`
/// when given.
fn cross_entropy(w: &[f64], samples: &[&PolicySample], mut grad: Option<&mut [f64]>) -> f64 {
    let mut total = 0.0;
    let mut z = Vec::new();
    let n = samples.len().max(1) as f64;
    for sample in samples {
        logits(w, sample, &mut z);
        let max = z.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let sum: f64 = z.iter().map(|&v| (v - max).exp()).sum();
        total += max + sum.ln() - z[sample.played];
        if let Some(g) = grad.as_deref_mut() {
            for (i, (c, &v)) in sample.candidates.iter().zip(&z).enumerate() {
                let p = (v - max).exp() / sum - f64::from(u8::from(i == sample.played));
                g[usize::from(c[0])] += p / n;
                g[COMBOS + usize::from(c[1])] += p / n;
            }
        }
    }
    total / n
}

/// Fits the prior's tables to `samples` by Adam, every `validate_every`-th
/// game held out; `pull` is an L2 penalty per squared logit, which keeps
/// rare classes near zero. `progress` hears each epoch's training loss.
#[must_use]
pub fn fit_policy(
    samples: &[PolicySample],
    epochs: u32,
    pull: f64,
    validate_every: u32,
    progress: &mut dyn FnMut(u32, f64),
) -> PolicyFit {
    let (held, train): (Vec<&PolicySample>, Vec<&PolicySample>) = samples
        .iter()
        .partition(|s| s.game % validate_every.max(2) == 0);
    let mut w = vec![0.0; 2 * COMBOS];
    let (mut m, mut v) = (vec![0.0; w.len()], vec![0.0; w.len()]);
    let (rate, beta1, beta2) = (0.05, 0.9, 0.999);
    let mut grad = vec![0.0; w.len()];
    let mut train_loss = 0.0;
    for epoch in 1..=epochs {
        grad.iter_mut().for_each(|g| *g = 0.0);
        train_loss = cross_entropy(&w, &train, Some(&mut grad));
        for ((wi, gi), (mi, vi)) in w.iter_mut().zip(&grad).zip(m.iter_mut().zip(v.iter_mut())) {
            let g = gi + 2.0 * pull * *wi;
            *mi = beta1 * *mi + (1.0 - beta1) * g;
            *vi = beta2 * *vi + (1.0 - beta2) * g * g;
            let mh = *mi / (1.0 - beta1.powi(i32::try_from(epoch).unwrap_or(i32::MAX)));
            let vh = *vi / (1.0 - beta2.powi(i32::try_from(epoch).unwrap_or(i32::MAX)));
            *wi -= rate * mh / (vh.sqrt() + 1e-8);
        }
        progress(epoch, train_loss);
    }
    // The class with no pattern on any line is the far point's: its entry
    // is the offset every candidate shares, so it is set to zero.
    let none = [LinePattern::None; 4];
    let base = combo_index(&none);
    let (shift0, shift1) = (w[base], w[COMBOS + base]);
    let mut values = Box::new([[0; COMBOS]; 2]);
    for c in 0..COMBOS {
        values[0][c] = quantise(w[c] - shift0);
        values[1][c] = quantise(w[COMBOS + c] - shift1);
    }
    let before = judge(&held, |s| s.hints.iter().map(|&h| f64::from(h)).collect());
    let after = judge(&held, |s| {
        s.candidates
            .iter()
            .map(|c| f64::from(values[0][usize::from(c[0])] + values[1][usize::from(c[1])]))
            .collect()
    });
    PolicyFit {
        values,
        sizes: (train.len(), held.len()),
        loss: (train_loss, cross_entropy(&w, &held, None)),
        before,
        after,
    }
}

fn quantise(logit: f64) -> i32 {
    // Whole steps within what a class table holds.
    (logit * f64::from(LOGIT_ONE))
        .round()
        .clamp(-30_000.0, 30_000.0) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(moves: &str) -> GameRecord {
        GameRecord::from_line(&format!("0 b 2 {moves}"), Rule::Freestyle).unwrap()
    }

    #[test]
    fn the_embedded_priors_are_read() {
        assert!(learned_policy(Rule::Freestyle).is_some());
        assert!(learned_policy(Rule::Renju).is_some());
        assert!(learned_policy(Rule::Caro).is_some());
        let standard = learned_policy(Rule::Standard).unwrap();
        assert!(standard.iter().flatten().any(|&v| v != 0));
    }

    #[test]
    fn codes_and_patterns_give_the_same_classes() {
        let game = GomokuGame::from_moves(15, Rule::Freestyle, "h8 i9 h9 i10 h10").unwrap();
        let board = game.board();
        let me = game.side_to_move();
        for index in board.indices().filter(|&i| board.is_empty_at(i)) {
            let [mine, theirs] = classes(&game, index);
            assert_eq!(usize::from(mine), class_of_code(board.code(me, index)));
            assert_eq!(
                usize::from(theirs),
                class_of_code(board.code(me.opponent(), index))
            );
        }
    }

    #[test]
    fn a_fit_learns_to_prefer_the_moves_played() {
        // Games where the side to move always extends its line: the prior
        // must come to rank the played move above the uniform choice.
        let games: Vec<GameRecord> = (0..20)
            .map(|i| {
                let mut r = record("h8 a1 i8 a3 j8 a5 k8 a7 l8");
                r.index = i;
                r
            })
            .collect();
        let samples = policy_samples(&games, Rule::Freestyle);
        assert!(!samples.is_empty());
        let uniform: f64 = samples
            .iter()
            .map(|s| (s.candidates.len() as f64).ln())
            .sum::<f64>()
            / samples.len() as f64;
        let fit = fit_policy(&samples, 200, 0.0, 5, &mut |_, _| {});
        assert!(fit.loss.0 < uniform, "{} against {uniform}", fit.loss.0);
        // Both ends of the line are the same class, so the played end
        // ties with the other: within the first three, not first.
        assert!(fit.after.top3 > 0.9, "{:?}", fit.after);
        assert!(fit.after.top3 > fit.before.top3 - 1e-9, "{:?}", fit);
        // The table survives its text form.
        let text = crate::combo::write_table(&fit.values, "test");
        assert_eq!(parse_table(&text).unwrap(), fit.values);
    }
}
