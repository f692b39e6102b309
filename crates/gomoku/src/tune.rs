//! Tuning the strong evaluation's weights on self-play games (Texel's method).
//!
//! The strong evaluation is linear in its weights: a position's value is the
//! sum, over the empty points, of what each line pattern there is worth to
//! the side to move, less what each is worth to the side that waits, plus
//! the bonuses of double threats and the tempo ([`PatternWeights`]). So a
//! position reduces to counts ([`features`]), and the weights that best
//! predict the games' results are a least-squares fit of
//! `result ≈ sigmoid(value / scale)`: Peter Österlund's "Texel" tuning,
//! as chess engines use it. The scale is fitted first with the weights in
//! play and then held, so the tuned weights keep the evaluation's unit
//! (the search's margins are set in it).
//!
//! [`self_play`] makes the data (both sides the engine at a node budget,
//! openings from random moves near the centre, each game seeded by its
//! number so the data does not depend on the threads); [`fit`] fits the
//! weights by Adam on the mean squared error, games set aside for
//! validation.

use banco_search::{Game, Limits, SearchConfig, Searcher, Side, Silent};

use crate::board::{PatternWeights, Role, THREAT_LEVELS, Threat};
use crate::combo::{COMBOS, ComboValues, combo_index, from_line_weights, representatives};
use crate::eval::strong;
use crate::think::{Choice, Reason, choose_move};
use crate::{GameStatus, GomokuEvaluator, GomokuGame, Point, Rule};

/// Line patterns (by `LinePattern` order).
const PATTERNS: usize = 12;
/// The inputs of one position: per role, a count per line pattern, the
/// double-three points and the four-three points; then the tempo; then one
/// per pair of the two players' threat levels (1 for the position's pair).
pub const FEATURES: usize = 2 * (PATTERNS + 2) + 1 + THREAT_LEVELS * THREAT_LEVELS;
const TEMPO_FEATURE: usize = 2 * (PATTERNS + 2);
const THREATS_FEATURE: usize = TEMPO_FEATURE + 1;

/// The inputs the strong evaluation sums, seen from the side to move: its
/// pattern counts with a plus sign, the waiting side's with a minus sign,
/// and the tempo (+1, or −1 when a four must be blocked). `None` where the
/// evaluation is not that sum: a five to make, two fives to stop, a
/// straight four to make.
#[must_use]
pub fn features(game: &GomokuGame) -> Option<[i32; FEATURES]> {
    let board = game.board();
    let me = game.side_to_move();
    let them = me.opponent();
    let their_fives = board.count(them, Threat::Five);
    if board.count(me, Threat::Five) > 0
        || their_fives >= 2
        || (their_fives == 0 && board.count(me, Threat::OpenFour) > 0)
    {
        return None;
    }
    let mut f = [0; FEATURES];
    for index in board.indices().filter(|&i| board.is_empty_at(i)) {
        for (side, role, sign) in [(me, Role::Mover, 1), (them, Role::Waiter, -1)] {
            let threat = board.threat(side, index);
            if threat == Threat::Forbidden {
                continue;
            }
            let base = role as usize * (PATTERNS + 2);
            for d in 0..4 {
                f[base + board.pattern(side, index, d) as usize] += sign;
            }
            match threat {
                Threat::DoubleThree => f[base + PATTERNS] += sign,
                Threat::FourThree | Threat::OpenFour => f[base + PATTERNS + 1] += sign,
                _ => {}
            }
        }
    }
    f[TEMPO_FEATURE] = if their_fives == 1 { -1 } else { 1 };
    f[THREATS_FEATURE + board.threat_level(me) * THREAT_LEVELS + board.threat_level(them)] = 1;
    Some(f)
}

/// The inputs as the fit reads them: [`features`] split by colour, black's
/// block then white's, each in [`features`]' order. The side to move's
/// counts and the tempo go to its colour's block, the waiting side's counts
/// to the other's, so one linear model holds a set of weights per colour
/// ([`PatternWeights::for_side`]); a rule with one set ties the blocks.
pub const COLOUR_FEATURES: usize = 2 * FEATURES;

/// [`features`] placed in the blocks of the colours they are counted for.
#[must_use]
pub fn colour_features(game: &GomokuGame) -> Option<[i32; COLOUR_FEATURES]> {
    let f = features(game)?;
    let mover = game.side_to_move().index();
    let mut out = [0; COLOUR_FEATURES];
    for (i, &x) in f.iter().enumerate() {
        // The waiter's block lies between the mover's and the tempo; the
        // tempo and the threat pairs are the mover's.
        let colour = if (PATTERNS + 2..TEMPO_FEATURE).contains(&i) {
            1 - mover
        } else {
            mover
        };
        out[colour * FEATURES + i] = x;
    }
    Some(out)
}

/// One colour's weights as a vector, in [`features`]' order.
#[must_use]
pub fn to_vector(w: &PatternWeights) -> [f64; FEATURES] {
    let mut v = [0.0; FEATURES];
    for role in 0..2 {
        let base = role * (PATTERNS + 2);
        for p in 0..PATTERNS {
            v[base + p] = f64::from(w.line[role][p]);
        }
        v[base + PATTERNS] = f64::from(w.double_three[role]);
        v[base + PATTERNS + 1] = f64::from(w.four_three[role]);
    }
    v[TEMPO_FEATURE] = f64::from(w.tempo);
    for (i, &x) in w.threats.iter().flatten().enumerate() {
        v[THREATS_FEATURE + i] = f64::from(x);
    }
    v
}

/// One colour's weights of a [`to_vector`] vector, rounded to whole units.
#[must_use]
pub fn from_vector(v: &[f64; FEATURES]) -> PatternWeights {
    // Weights are small whole numbers; the cast cannot overflow.
    #[allow(clippy::cast_possible_truncation)]
    let round = |x: f64| x.round().clamp(-30_000.0, 30_000.0) as i32;
    let mut w = PatternWeights {
        line: [[0; PATTERNS]; 2],
        double_three: [0; 2],
        four_three: [0; 2],
        tempo: round(v[TEMPO_FEATURE]),
        threats: [[0; THREAT_LEVELS]; THREAT_LEVELS],
    };
    for (i, x) in w.threats.iter_mut().flatten().enumerate() {
        *x = round(v[THREATS_FEATURE + i]);
    }
    for role in 0..2 {
        let base = role * (PATTERNS + 2);
        for p in 0..PATTERNS {
            w.line[role][p] = round(v[base + p]);
        }
        w.double_three[role] = round(v[base + PATTERNS]);
        w.four_three[role] = round(v[base + PATTERNS + 1]);
    }
    w
}

/// Both colours' weights (black, white) as one vector, in
/// [`colour_features`]' order.
#[must_use]
pub fn to_colour_vector(w: [&PatternWeights; 2]) -> [f64; COLOUR_FEATURES] {
    let mut v = [0.0; COLOUR_FEATURES];
    for (colour, w) in w.into_iter().enumerate() {
        v[colour * FEATURES..(colour + 1) * FEATURES].copy_from_slice(&to_vector(w));
    }
    v
}

/// Both colours' weights of a [`to_colour_vector`] vector.
#[must_use]
pub fn from_colour_vector(v: &[f64; COLOUR_FEATURES]) -> [PatternWeights; 2] {
    std::array::from_fn(|colour| {
        let mut block = [0.0; FEATURES];
        block.copy_from_slice(&v[colour * FEATURES..(colour + 1) * FEATURES]);
        from_vector(&block)
    })
}

/// Which weights are fitted. Patterns that carry no information stay as
/// they are: no pattern (every empty point has many), an overline (never
/// a gain), a five (the position is decided and left out).
fn trainable(i: usize) -> bool {
    let i = i % FEATURES;
    if i == THREATS_FEATURE {
        // Neither player with an open three: held at 0, as the tempo
        // already says what every position has in common.
        return false;
    }
    if i >= TEMPO_FEATURE {
        return true;
    }
    let p = i % (PATTERNS + 2);
    !(p == 0 || p == 1 || p == PATTERNS - 1)
}

/// One position: its inputs and the game's result for the side to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The inputs ([`colour_features`]).
    pub features: [i32; COLOUR_FEATURES],
    /// 1 won, 0.5 drawn, 0 lost, for the side to move.
    pub result: f64,
    /// The search's value of the position for the side to move, where one
    /// was asked for ([`search_score`]).
    pub score: Option<i32>,
    /// The game it comes from, counted from 0.
    pub game: u32,
}

/// How the self-play games are played.
#[derive(Clone, Debug)]
pub struct SelfPlay {
    /// The rule.
    pub rule: Rule,
    /// Games to play.
    pub games: u32,
    /// Nodes each move's search may visit.
    pub nodes: u64,
    /// Random moves, near the stones, after the centre stone.
    pub random_plies: u32,
    /// The seed of the random moves.
    pub seed: u64,
    /// Games played at once.
    pub threads: usize,
}

/// Vigna's SplitMix64, for the opening moves.
fn split_mix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One self-play game: its moves from the empty board and its winner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The game's number, counted from 0.
    pub index: u32,
    /// The moves, black first, the random opening moves included.
    pub moves: Vec<Point>,
    /// The winner; `None` for a draw.
    pub winner: Option<Side>,
    /// Plies of the random opening (its positions teach nothing).
    pub opening_plies: usize,
    /// Per move, the search's value of the position it was chosen in, for
    /// its side to move ([`choice_score`]); empty where not kept.
    pub scores: Vec<Option<i32>>,
}

impl GameRecord {
    /// The record as one line: number, winner (`b`, `w` or `d`), opening
    /// plies, moves; a move whose position has a score is written
    /// `point/score`.
    #[must_use]
    pub fn to_line(&self) -> String {
        let winner = match self.winner {
            Some(Side::First) => "b",
            Some(Side::Second) => "w",
            None => "d",
        };
        let moves: Vec<String> = self
            .moves
            .iter()
            .enumerate()
            .map(
                |(ply, point)| match self.scores.get(ply).copied().flatten() {
                    Some(score) => format!("{point}/{score}"),
                    None => point.to_string(),
                },
            )
            .collect();
        format!(
            "{} {winner} {} {}",
            self.index,
            self.opening_plies,
            moves.join(" ")
        )
    }

    /// Reads [`GameRecord::to_line`]'s line.
    ///
    /// # Errors
    ///
    /// A line of another shape, or a move that cannot be played.
    pub fn from_line(line: &str, rule: Rule) -> Result<GameRecord, crate::GomokuError> {
        let bad = || {
            crate::GomokuError::Move(crate::MoveError::Malformed {
                input: line.to_owned(),
            })
        };
        let mut words = line.split_whitespace();
        let index = words.next().and_then(|w| w.parse().ok()).ok_or_else(bad)?;
        let winner = match words.next() {
            Some("b") => Some(Side::First),
            Some("w") => Some(Side::Second),
            Some("d") => None,
            _ => return Err(bad()),
        };
        let opening_plies = words.next().and_then(|w| w.parse().ok()).ok_or_else(bad)?;
        let mut points = Vec::new();
        let mut scores = Vec::new();
        for word in words {
            let (point, score) = match word.split_once('/') {
                Some((point, score)) => (point, Some(score.parse().map_err(|_| bad())?)),
                None => (word, None),
            };
            points.push(point);
            scores.push(score);
        }
        let game = GomokuGame::from_moves(15, rule, &points.join(" "))?;
        if scores.iter().all(Option::is_none) {
            scores.clear();
        }
        Ok(GameRecord {
            index,
            moves: game.moves().iter().map(|m| m.point).collect(),
            winner,
            opening_plies,
            scores,
        })
    }

    /// The positions to learn from, each with the result for its side to
    /// move: every position after the opening whose value is the
    /// evaluation's sum (`keep` says which, and what it reads of them,
    /// given the position and its ply).
    pub fn positions<T>(
        &self,
        rule: Rule,
        mut keep: impl FnMut(&GomokuGame, usize) -> Option<T>,
    ) -> Vec<(T, f64)> {
        let mut game = GomokuGame::standard(rule);
        let mut out = Vec::new();
        for (ply, &mv) in self.moves.iter().enumerate() {
            if ply > self.opening_plies
                && let Some(features) = keep(&game, ply)
            {
                let mover = game.side_to_move();
                let result = match self.winner {
                    Some(w) if w == mover => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                };
                out.push((features, result));
            }
            game.make_move(mv);
        }
        out
    }
}

/// Plays one game to its end.
#[must_use]
pub fn play_game(options: &SelfPlay, index: u32) -> GameRecord {
    let mut state = options.seed ^ u64::from(index).wrapping_mul(0xD1B5_4A32_D192_ED03);
    let mut game = GomokuGame::standard(options.rule);
    let mut moves: Vec<Point> = Vec::new();
    for ply in 0..=options.random_plies {
        game.legal_moves(&mut moves);
        if moves.is_empty() || game.status() != GameStatus::Ongoing {
            break;
        }
        let pick = if ply == 0 {
            0
        } else {
            usize::try_from(split_mix(&mut state) % moves.len() as u64).unwrap_or(0)
        };
        game.make_move(moves[pick]);
    }
    let mut searcher = Searcher::new(SearchConfig {
        hash_mb: 4,
        threads: 1,
        ..SearchConfig::default()
    });
    let limits = Limits::nodes(options.nodes);
    let opening_plies = game.moves().len().saturating_sub(1);
    let mut scores = vec![None; game.moves().len()];
    while game.status() == GameStatus::Ongoing {
        let Some(choice) = choose_move(
            &game,
            &mut searcher,
            GomokuEvaluator::Strong,
            &limits,
            &mut Silent,
        ) else {
            break;
        };
        scores.push(choice_score(&choice));
        game.make_move(choice.point);
    }
    let winner = match game.status() {
        GameStatus::Five { winner, .. } => Some(winner),
        // Only renju's black commits fouls, and loses by them.
        GameStatus::Foul { .. } => Some(Side::Second),
        _ => None,
    };
    GameRecord {
        index,
        moves: game.moves().iter().map(|m| m.point).collect(),
        winner,
        opening_plies,
        scores,
    }
}

/// Plays the games on `options.threads` threads, in batches, and returns
/// their positions in game order; `progress` hears the games done and the
/// positions kept after each batch.
pub fn self_play(options: &SelfPlay, progress: &mut dyn FnMut(u32, usize)) -> Vec<Sample> {
    let mut samples = Vec::new();
    self_play_records(options, &mut |record| {
        samples.extend(
            record
                .positions(options.rule, |game, _| colour_features(game))
                .into_iter()
                .map(|(features, result)| Sample {
                    features,
                    result,
                    score: None,
                    game: record.index,
                }),
        );
        if (record.index + 1) % u32::try_from(options.threads.max(1)).unwrap_or(1) == 0
            || record.index + 1 == options.games
        {
            progress(record.index + 1, samples.len());
        }
    });
    samples
}

/// Plays the games on `options.threads` threads, in batches; `each` hears
/// every game, in game order. The games depend on their numbers only, not
/// on the threads.
pub fn self_play_records(options: &SelfPlay, each: &mut dyn FnMut(&GameRecord)) {
    let threads = u32::try_from(options.threads.max(1)).unwrap_or(1);
    let mut next = 0;
    while next < options.games {
        let batch = threads.min(options.games - next);
        let done: Vec<Option<GameRecord>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (next..next + batch)
                .map(|index| scope.spawn(move || play_game(options, index)))
                .collect();
            handles.into_iter().map(|h| h.join().ok()).collect()
        });
        for record in done.iter().flatten() {
            each(record);
        }
        next += batch;
    }
}

/// The search's value of `game` for its side to move at `nodes` nodes:
/// the score of the move the engine would choose, a win where a threat
/// solver finds one, `None` where no search runs (a four to block).
pub fn search_score(game: &GomokuGame, searcher: &mut Searcher, nodes: u64) -> Option<i32> {
    let choice = choose_move(
        game,
        searcher,
        GomokuEvaluator::Strong,
        &Limits::nodes(nodes),
        &mut Silent,
    )?;
    choice_score(&choice)
}

/// What a chosen move says of its position's value for the side to move:
/// the search's score, a win where a threat solver found one, `None`
/// where no search ran.
#[must_use]
pub fn choice_score(choice: &Choice) -> Option<i32> {
    match choice.reason {
        Reason::Five | Reason::Vcf(_) | Reason::Vct(_) => Some(strong::WIN),
        Reason::Search => choice
            .report
            .as_ref()
            .map(|r| r.value.clamp(-strong::WIN, strong::WIN)),
        // A defence's report is the refuted move's.
        Reason::Opening | Reason::Block | Reason::Defence => None,
    }
}

/// The positions of the games to learn from, in game order, with the
/// scores their games kept, or each searched at `score_nodes` where given
/// ([`search_score`]; a fresh search per game, so the scores do not depend
/// on the threads), on `threads` threads;
/// `progress` hears the number of games done after each.
pub fn samples(
    records: &[GameRecord],
    rule: Rule,
    score_nodes: Option<u64>,
    threads: usize,
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<Sample> {
    let done = std::sync::atomic::AtomicUsize::new(0);
    let of_game = |record: &GameRecord| -> Vec<Sample> {
        let mut searcher = score_nodes.map(|_| {
            Searcher::new(SearchConfig {
                hash_mb: 4,
                threads: 1,
                ..SearchConfig::default()
            })
        });
        let kept = record
            .positions(rule, |game, ply| {
                let features = colour_features(game)?;
                let score = match (&mut searcher, score_nodes) {
                    (Some(searcher), Some(nodes)) => search_score(game, searcher, nodes),
                    _ => record.scores.get(ply).copied().flatten(),
                };
                Some((features, score))
            })
            .into_iter()
            .map(|((features, score), result)| Sample {
                features,
                result,
                score,
                game: record.index,
            })
            .collect::<Vec<_>>();
        progress(done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1);
        kept
    };
    let chunk = records.len().div_ceil(threads.max(1)).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = records
            .chunks(chunk)
            .map(|part| scope.spawn(|| part.iter().flat_map(of_game).collect::<Vec<_>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    })
}

/// What a fit found.
#[derive(Clone, Debug)]
pub struct Fit {
    /// The tuned weights, black's and white's (the same where the rule
    /// has one set).
    pub weights: [PatternWeights; 2],
    /// The sigmoid's scale, fitted with the starting weights and held.
    pub scale: f64,
    /// Mean squared error on the training games, before and after.
    pub train_loss: (f64, f64),
    /// Mean squared error on the validation games, before and after.
    pub validation_loss: (f64, f64),
    /// Positions in each part.
    pub sizes: (usize, usize),
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn value<const N: usize>(w: &[f64; N], f: &[i32; N]) -> f64 {
    w.iter().zip(f).map(|(w, &x)| w * f64::from(x)).sum()
}

fn loss(w: &[f64; COLOUR_FEATURES], scale: f64, samples: &[&Sample], targets: &[f64]) -> f64 {
    let sum: f64 = samples
        .iter()
        .zip(targets)
        .map(|(s, t)| {
            let e = t - sigmoid(value(w, &s.features) / scale);
            e * e
        })
        .sum();
    sum / samples.len().max(1) as f64
}

/// What each sample is fitted to: `result_weight` of the game's result and
/// the rest of its search score as a probability; the result alone where
/// the sample has no score.
fn targets(samples: &[&Sample], scale: f64, result_weight: f64) -> Vec<f64> {
    samples
        .iter()
        .map(|s| match s.score {
            Some(v) => {
                result_weight * s.result + (1.0 - result_weight) * sigmoid(f64::from(v) / scale)
            }
            None => s.result,
        })
        .collect()
}

/// The scale that best fits the results with weights `w`: a golden-section
/// search over its logarithm.
fn fit_scale(w: &[f64; COLOUR_FEATURES], samples: &[&Sample]) -> f64 {
    let results: Vec<f64> = samples.iter().map(|s| s.result).collect();
    let (mut lo, mut hi) = (1.0_f64.ln(), 100_000.0_f64.ln());
    let ratio = (5.0_f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if loss(w, a.exp(), samples, &results) < loss(w, b.exp(), samples, &results) {
            hi = b;
        } else {
            lo = a;
        }
    }
    f64::midpoint(lo, hi).exp()
}

/// What a fit keeps as it started.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Held {
    /// This colour's weights (under a rule whose colours have a set each).
    pub colour: Option<Side>,
    /// The line weights, the point bonuses and the tempo: only the threat
    /// pairs are fitted, so a new pair table can be tried on top of the
    /// point values that were played with.
    pub points: bool,
}

/// Fits the weights to the samples' results, from `start` (black's and
/// white's), by `epochs` full passes of Adam; every `validate_every`-th
/// game is held out. With `tied`, the colours share one set: each weight's
/// gradient is the sum of its two blocks', and both blocks take its step.
/// Each sample is fitted to [`targets`]' blend, `result_weight` of its
/// result (1: the results alone, Texel's method). What `held` names keeps
/// its starting weights.
#[must_use]
#[allow(clippy::too_many_arguments)]
pub fn fit(
    samples: &[Sample],
    start: [&PatternWeights; 2],
    tied: bool,
    held: Held,
    epochs: u32,
    validate_every: u32,
    result_weight: f64,
) -> Fit {
    let every = validate_every.max(2);
    let (validation, train): (Vec<&Sample>, Vec<&Sample>) =
        samples.iter().partition(|s| s.game % every == 0);
    let mut w = to_colour_vector(start);
    let scale = fit_scale(&w, &train);
    let train_targets = targets(&train, scale, result_weight);
    let validation_targets = targets(&validation, scale, result_weight);
    let before = (
        loss(&w, scale, &train, &train_targets),
        loss(&w, scale, &validation, &validation_targets),
    );
    // Adam, full batch: the weights' units differ by hundreds, which a
    // per-weight step size absorbs.
    let (rate, beta1, beta2, eps) = (2.0, 0.9, 0.999, 1e-8);
    let mut m = [0.0; COLOUR_FEATURES];
    let mut v = [0.0; COLOUR_FEATURES];
    let n = train.len().max(1) as f64;
    for t in 1..=epochs {
        let mut grad = [0.0; COLOUR_FEATURES];
        for (s, &target) in train.iter().zip(&train_targets) {
            let p = sigmoid(value(&w, &s.features) / scale);
            // d/dw of (r − p)²: −2 (r − p) p (1 − p) x / scale.
            let k = -2.0 * (target - p) * p * (1.0 - p) / scale / n;
            for (g, &x) in grad.iter_mut().zip(&s.features) {
                *g += k * f64::from(x);
            }
        }
        if tied {
            for i in 0..FEATURES {
                let sum = grad[i] + grad[i + FEATURES];
                grad[i] = sum;
                grad[i + FEATURES] = sum;
            }
        }
        let fitted = |i: usize| {
            held.colour.is_none_or(|side| i / FEATURES != side.index())
                && (!held.points || i % FEATURES >= THREATS_FEATURE)
        };
        for i in (0..COLOUR_FEATURES).filter(|&i| trainable(i) && fitted(i)) {
            m[i] = beta1 * m[i] + (1.0 - beta1) * grad[i];
            v[i] = beta2 * v[i] + (1.0 - beta2) * grad[i] * grad[i];
            let m_hat = m[i] / (1.0 - beta1.powi(i32::try_from(t).unwrap_or(i32::MAX)));
            let v_hat = v[i] / (1.0 - beta2.powi(i32::try_from(t).unwrap_or(i32::MAX)));
            w[i] -= rate * m_hat / (v_hat.sqrt() + eps);
        }
    }
    let weights = from_colour_vector(&w);
    let rounded = to_colour_vector([&weights[0], &weights[1]]);
    Fit {
        weights,
        scale,
        train_loss: (before.0, loss(&rounded, scale, &train, &train_targets)),
        validation_loss: (
            before.1,
            loss(&rounded, scale, &validation, &validation_targets),
        ),
        sizes: (train.len(), validation.len()),
    }
}

/// Inputs of the class evaluation: per role, one per point class
/// ([`COMBOS`]), then the tempo, then the stones on the board (a measure
/// of the game's phase the fit may use to explain results, so the class
/// values need not; the evaluation has no such term), then the pair of the
/// two players' threat levels (as in [`features`]; held, not fitted).
pub const COMBO_FEATURES: usize = 2 * COMBOS + 2 + THREAT_LEVELS * THREAT_LEVELS;
const COMBO_TEMPO: usize = 2 * COMBOS;
const COMBO_PHASE: usize = 2 * COMBOS + 1;
const COMBO_THREATS: usize = 2 * COMBOS + 2;

/// The class evaluation's inputs, sparse: `(input, count)` for the classes
/// of the empty points (the side to move's counted plus, the waiting
/// side's minus) and the tempo, or `None` where the evaluation is not that
/// sum (as [`features`]).
#[must_use]
pub fn combo_features(game: &GomokuGame) -> Option<Vec<(u32, i32)>> {
    let board = game.board();
    let me = game.side_to_move();
    let them = me.opponent();
    let their_fives = board.count(them, Threat::Five);
    if board.count(me, Threat::Five) > 0
        || their_fives >= 2
        || (their_fives == 0 && board.count(me, Threat::OpenFour) > 0)
    {
        return None;
    }
    let mut dense = vec![0_i32; COMBO_FEATURES];
    for index in board.indices().filter(|&i| board.is_empty_at(i)) {
        for (side, role, sign) in [(me, Role::Mover, 1), (them, Role::Waiter, -1)] {
            if board.threat(side, index) == Threat::Forbidden {
                continue;
            }
            let patterns: [crate::LinePattern; 4] =
                std::array::from_fn(|d| board.pattern(side, index, d));
            dense[role as usize * COMBOS + combo_index(&patterns)] += sign;
        }
    }
    dense[COMBO_TEMPO] = if their_fives == 1 { -1 } else { 1 };
    dense[COMBO_PHASE] = i32::try_from(board.stones()).unwrap_or(0);
    dense[COMBO_THREATS + board.threat_level(me) * THREAT_LEVELS + board.threat_level(them)] = 1;
    Some(
        dense
            .into_iter()
            .enumerate()
            .filter(|&(_, c)| c != 0)
            .map(|(i, c)| (u32::try_from(i).unwrap_or(0), c))
            .collect(),
    )
}

/// The class values the strong evaluation plays with under `rule` (its
/// learned table, or the sums of its line weights) and its tempo, as one
/// vector in [`combo_features`]' order. A class table is one set for both
/// colours: under a rule whose colours have weights of their own, black's
/// start it.
#[must_use]
pub fn live_combo_vector(rule: Rule) -> Vec<f64> {
    let weights = PatternWeights::for_side(rule, Side::First);
    let values = match crate::board::learned_combos(rule) {
        Some(table) => Box::new(*table),
        None => from_line_weights(weights),
    };
    let mut v: Vec<f64> = values.iter().flatten().map(|&x| f64::from(x)).collect();
    v.push(f64::from(weights.tempo));
    v.push(0.0);
    v.extend(weights.threats.iter().flatten().map(|&x| f64::from(x)));
    v
}

/// One position for the class fit.
#[derive(Clone, Debug, PartialEq)]
pub struct ComboSample {
    /// The inputs ([`combo_features`]).
    pub features: Vec<(u32, i32)>,
    /// 1 won, 0.5 drawn, 0 lost, for the side to move.
    pub result: f64,
    /// The game it comes from.
    pub game: u32,
}

/// The class samples of games.
#[must_use]
pub fn combo_samples(records: &[GameRecord], rule: Rule) -> Vec<ComboSample> {
    records
        .iter()
        .flat_map(|record| {
            record
                .positions(rule, |game, _| combo_features(game))
                .into_iter()
                .map(|(features, result)| ComboSample {
                    features,
                    result,
                    game: record.index,
                })
        })
        .collect()
}

/// What a class fit found.
#[derive(Clone, Debug)]
pub struct ComboFit {
    /// The fitted class values, rounded.
    pub values: Box<ComboValues>,
    /// The sigmoid's scale, fitted with the starting values and held.
    pub scale: f64,
    /// Mean squared error on the training games, before and after.
    pub train_loss: (f64, f64),
    /// Mean squared error on the validation games, before and after.
    pub validation_loss: (f64, f64),
    /// Positions in each part.
    pub sizes: (usize, usize),
}

fn sparse_value(w: &[f64], f: &[(u32, i32)]) -> f64 {
    f.iter().map(|&(i, c)| w[i as usize] * f64::from(c)).sum()
}

fn sparse_loss(w: &[f64], scale: f64, samples: &[&ComboSample]) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let e = s.result - sigmoid(sparse_value(w, &s.features) / scale);
            e * e
        })
        .sum();
    sum / samples.len().max(1) as f64
}

/// Fits the class values to the samples' results, from `start` (as
/// [`live_combo_vector`] gives), by `epochs` full passes of Adam; each
/// value is pulled back toward its start by `pull` (an L2 penalty per
/// squared unit, per position), so classes the games rarely show keep
/// about the value their lines give them. The tempo and the classes of no
/// pattern at all stay as they are: the search's margins are set in them.
/// Every `validate_every`-th game is held out.
#[must_use]
pub fn fit_combos(
    samples: &[ComboSample],
    start: &[f64],
    epochs: u32,
    pull: f64,
    validate_every: u32,
) -> ComboFit {
    let every = validate_every.max(2);
    let (validation, train): (Vec<&ComboSample>, Vec<&ComboSample>) =
        samples.iter().partition(|s| s.game % every == 0);
    let mut w = start.to_vec();
    let scale = {
        // The same golden-section search as `fit_scale`, on this loss.
        let (mut lo, mut hi) = (1.0_f64.ln(), 100_000.0_f64.ln());
        let ratio = (5.0_f64.sqrt() - 1.0) / 2.0;
        for _ in 0..60 {
            let a = hi - ratio * (hi - lo);
            let b = lo + ratio * (hi - lo);
            if sparse_loss(&w, a.exp(), &train) < sparse_loss(&w, b.exp(), &train) {
                hi = b;
            } else {
                lo = a;
            }
        }
        f64::midpoint(lo, hi).exp()
    };
    let before = (
        sparse_loss(&w, scale, &train),
        sparse_loss(&w, scale, &validation),
    );
    let (rate, beta1, beta2, eps) = (2.0, 0.9, 0.999, 1e-8);
    let mut m = vec![0.0; w.len()];
    let mut v = vec![0.0; w.len()];
    let n = train.len().max(1) as f64;
    let tempo = COMBO_TEMPO;
    // A point with no pattern on any line (every far empty point) is as
    // common as the board is empty: fitted, its value turns into a measure
    // of the game's phase that shifts every static value of the side to
    // move, which the search's margins cannot take. It stays as it was,
    // as the line fit keeps its "no pattern" weight.
    let dead: Vec<bool> = representatives()
        .iter()
        .map(|patterns| {
            patterns
                .iter()
                .all(|&p| matches!(p, crate::LinePattern::None | crate::LinePattern::Overline))
        })
        .collect();
    let fitted = |i: usize| i == COMBO_PHASE || (i < tempo && !dead[i % COMBOS]);
    for t in 1..=epochs {
        let mut grad: Vec<f64> = w
            .iter()
            .zip(start)
            .map(|(x, x0)| 2.0 * pull * (x - x0))
            .collect();
        for s in &train {
            let p = sigmoid(sparse_value(&w, &s.features) / scale);
            let k = -2.0 * (s.result - p) * p * (1.0 - p) / scale / n;
            for &(i, c) in &s.features {
                grad[i as usize] += k * f64::from(c);
            }
        }
        let step = i32::try_from(t).unwrap_or(i32::MAX);
        for i in (0..w.len()).filter(|&i| fitted(i)) {
            m[i] = beta1 * m[i] + (1.0 - beta1) * grad[i];
            v[i] = beta2 * v[i] + (1.0 - beta2) * grad[i] * grad[i];
            let m_hat = m[i] / (1.0 - beta1.powi(step));
            let v_hat = v[i] / (1.0 - beta2.powi(step));
            w[i] -= rate * m_hat / (v_hat.sqrt() + eps);
        }
    }
    // Values are whole numbers within ±30,000; the cast cannot overflow.
    #[allow(clippy::cast_possible_truncation)]
    let round = |x: f64| x.round().clamp(-30_000.0, 30_000.0) as i32;
    let mut values = Box::new([[0; COMBOS]; 2]);
    for r in 0..2 {
        for c in 0..COMBOS {
            values[r][c] = round(w[r * COMBOS + c]);
        }
    }
    let mut rounded: Vec<f64> = values.iter().flatten().map(|&x| f64::from(x)).collect();
    rounded.push(w[tempo]);
    // The losses after are the evaluation's own: no phase term.
    rounded.push(0.0);
    rounded.extend_from_slice(&w[COMBO_THREATS..]);
    ComboFit {
        values,
        scale,
        train_loss: (before.0, sparse_loss(&rounded, scale, &train)),
        validation_loss: (before.1, sparse_loss(&rounded, scale, &validation)),
        sizes: (train.len(), validation.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::FREESTYLE_WEIGHTS as WEIGHTS;

    #[test]
    fn the_features_times_the_weights_are_the_evaluation() {
        let mut checked = 0;
        for (rule, moves) in [
            (Rule::Freestyle, "h8 i9 i8 g8 j7 k6 h9 h7 j9 g10"),
            (Rule::Standard, "h8 h9 i9 g7 j10 k11 i10 i11 g9 f8 j8"),
            (Rule::Renju, "h8 i9 j8 i8 i7 h6 j9 j10 k7 g9"),
            (Rule::Caro, "h8 g9 i9 g7 g8 f8 i7 i8 j8 k9 h10 e7"),
            (Rule::Freestyle, "h8 a1 i8 a15 j8"),
            (Rule::Freestyle, "h8 h9 i8 i9 j8 j9 k8"),
        ] {
            let game = GomokuGame::from_moves(15, rule, moves).unwrap();
            let w = to_colour_vector(
                [Side::First, Side::Second].map(|side| PatternWeights::for_side(rule, side)),
            );
            match colour_features(&game) {
                Some(f) => {
                    assert_eq!(value(&w, &f), f64::from(strong::evaluate(&game)), "{moves}");
                    checked += 1;
                }
                None => assert!(
                    strong::evaluate(&game).abs() >= strong::WIN - 100,
                    "{moves}"
                ),
            }
        }
        assert!(checked >= 4);
    }

    #[test]
    fn a_position_counts_one_pair_of_threat_levels_for_the_mover() {
        // White to move: black has an open three (a point that makes a
        // straight four), white a point that makes an open three.
        let game = GomokuGame::from_moves(15, Rule::Freestyle, "h8 h10 i8 i10 j8").unwrap();
        let f = colour_features(&game).unwrap();
        let white = Side::Second.index() * FEATURES;
        let black = Side::First.index() * FEATURES;
        let pairs = |base: usize| {
            f[base + THREATS_FEATURE..base + FEATURES]
                .iter()
                .enumerate()
                .filter(|&(_, &x)| x != 0)
                .map(|(i, &x)| (i / THREAT_LEVELS, i % THREAT_LEVELS, x))
                .collect::<Vec<_>>()
        };
        assert_eq!(pairs(white), vec![(1, 5, 1)]);
        assert!(pairs(black).is_empty());
        // The weights of that pair are what the evaluation adds.
        let mut w = to_colour_vector([&WEIGHTS, &WEIGHTS]);
        let before = value(&w, &f);
        w[white + THREATS_FEATURE + THREAT_LEVELS + 5] += 300.0;
        assert_eq!(value(&w, &f), before + 300.0);
    }

    #[test]
    fn the_class_features_times_the_live_values_are_the_evaluation() {
        let mut checked = 0;
        for (rule, moves) in [
            (Rule::Freestyle, "h8 i9 i8 g8 j7 k6 h9 h7 j9 g10"),
            (Rule::Standard, "h8 h9 i9 g7 j10 k11 i10 i11 g9 f8 j8"),
            (Rule::Renju, "h8 i9 j8 i8 i7 h6 j9 j10 k7 g9"),
            (Rule::Caro, "h8 g9 i9 g7 g8 f8 i7 i8 j8 k9 h10 e7"),
            (Rule::Freestyle, "h8 a1 i8 a15 j8"),
            (Rule::Freestyle, "h8 h9 i8 i9 j8 j9 k8"),
        ] {
            if PatternWeights::per_colour(rule) {
                continue;
            }
            let game = GomokuGame::from_moves(15, rule, moves).unwrap();
            let w = live_combo_vector(rule);
            if let Some(f) = combo_features(&game) {
                assert_eq!(
                    sparse_value(&w, &f),
                    f64::from(strong::evaluate(&game)),
                    "{moves}"
                );
                checked += 1;
            }
        }
        assert!(checked >= 3);
    }

    #[test]
    fn a_class_fit_lowers_the_training_loss_and_records_replay() {
        let options = SelfPlay {
            rule: Rule::Freestyle,
            games: 10,
            nodes: 300,
            random_plies: 4,
            seed: 3,
            threads: 1,
        };
        let records: Vec<GameRecord> = (0..options.games).map(|i| play_game(&options, i)).collect();
        for record in &records {
            let line = record.to_line();
            assert_eq!(
                GameRecord::from_line(&line, Rule::Freestyle).unwrap(),
                *record
            );
        }
        assert!(GameRecord::from_line("0 x 3 h8", Rule::Freestyle).is_err());
        let samples = combo_samples(&records, Rule::Freestyle);
        assert!(samples.len() > 50);
        let start = live_combo_vector(Rule::Freestyle);
        let fit = fit_combos(&samples, &start, 100, 0.0, 4);
        assert!(
            fit.train_loss.1 <= fit.train_loss.0 + 1e-9,
            "{:?}",
            fit.train_loss
        );
    }

    #[test]
    fn weights_survive_the_vector() {
        for rule in Rule::ALL {
            let weights = PatternWeights::for_side(rule, Side::First);
            assert_eq!(from_vector(&to_vector(weights)), *weights);
        }
        let a = &crate::board::FREESTYLE_WEIGHTS;
        let b = &PatternWeights {
            tempo: a.tempo + 1,
            four_three: [a.four_three[1], a.four_three[0]],
            ..*a
        };
        assert_eq!(from_colour_vector(&to_colour_vector([a, b])), [*a, *b]);
    }

    #[test]
    fn self_play_is_the_same_whatever_the_threads() {
        let options = |threads| SelfPlay {
            rule: Rule::Freestyle,
            games: 3,
            nodes: 200,
            random_plies: 3,
            seed: 5,
            threads,
        };
        let one = self_play(&options(1), &mut |_, _| {});
        let three = self_play(&options(3), &mut |_, _| {});
        assert!(!one.is_empty());
        assert_eq!(one, three);
    }

    #[test]
    fn searched_samples_are_the_same_whatever_the_threads() {
        let options = SelfPlay {
            rule: Rule::Renju,
            games: 3,
            nodes: 200,
            random_plies: 3,
            seed: 7,
            threads: 1,
        };
        let records: Vec<GameRecord> = (0..options.games).map(|i| play_game(&options, i)).collect();
        let one = samples(&records, Rule::Renju, Some(150), 1, &|_| {});
        assert_eq!(one, samples(&records, Rule::Renju, Some(150), 2, &|_| {}));
        assert!(one.iter().filter(|s| s.score.is_some()).count() * 2 > one.len());
        // Without a search, the scores the games kept.
        let kept = samples(&records, Rule::Renju, None, 2, &|_| {});
        assert_eq!(kept.len(), one.len());
        assert!(kept.iter().filter(|s| s.score.is_some()).count() * 2 > kept.len());
        let mut bare = records.clone();
        for record in &mut bare {
            record.scores.clear();
            let line = record.to_line();
            assert!(!line.contains('/'), "{line}");
            assert_eq!(GameRecord::from_line(&line, Rule::Renju).unwrap(), *record);
        }
        let plain = samples(&bare, Rule::Renju, None, 2, &|_| {});
        assert_eq!(plain.len(), one.len());
        assert!(plain.iter().all(|s| s.score.is_none()));
        // Fitted to scores, the fit still lowers its loss.
        let fit = fit(&one, [&WEIGHTS; 2], false, Held::default(), 100, 3, 0.5);
        assert!(fit.train_loss.1 <= fit.train_loss.0 + 1e-9, "{fit:?}");
    }

    #[test]
    fn a_fit_lowers_the_training_loss() {
        let samples = self_play(
            &SelfPlay {
                rule: Rule::Freestyle,
                games: 12,
                nodes: 300,
                random_plies: 4,
                seed: 9,
                threads: 2,
            },
            &mut |_, _| {},
        );
        let tied = fit(&samples, [&WEIGHTS; 2], true, Held::default(), 200, 4, 1.0);
        assert!(tied.scale > 0.0);
        assert!(tied.train_loss.1 <= tied.train_loss.0 + 1e-9, "{tied:?}");
        assert_eq!(tied.weights[0], tied.weights[1]);
        // Apart, the colours fit at least as well as tied.
        let apart = fit(&samples, [&WEIGHTS; 2], false, Held::default(), 200, 4, 1.0);
        assert!(apart.train_loss.1 <= apart.train_loss.0 + 1e-9, "{apart:?}");
        assert_ne!(apart.weights[0], apart.weights[1]);
        // A held colour keeps its weights.
        let black = fit(
            &samples,
            [&WEIGHTS; 2],
            false,
            Held {
                colour: Some(Side::Second),
                points: false,
            },
            200,
            4,
            1.0,
        );
        assert_eq!(black.weights[1], WEIGHTS);
        assert_ne!(black.weights[0], WEIGHTS);
        // Held points: only the threat pairs move.
        let pairs = fit(
            &samples,
            [&WEIGHTS; 2],
            true,
            Held {
                colour: None,
                points: true,
            },
            200,
            4,
            1.0,
        );
        let moved = pairs.weights[0];
        assert_eq!(
            (
                moved.line,
                moved.double_three,
                moved.four_three,
                moved.tempo
            ),
            (
                WEIGHTS.line,
                WEIGHTS.double_three,
                WEIGHTS.four_three,
                WEIGHTS.tempo
            )
        );
        assert_ne!(moved.threats, WEIGHTS.threats);
        assert!(pairs.train_loss.1 <= pairs.train_loss.0 + 1e-9, "{pairs:?}");
    }
}
