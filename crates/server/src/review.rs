//! Game review: `POST /api/games/{id}/review` searches every position of a
//! game to the same node budget, and judges each move by how much of its
//! side's winning chances it gave away against the best move found.
//!
//! Winning chances and the thresholds are lichess's (its analysis "advice"):
//! a score of `cp` hundredths is worth `2 / (1 + e^(-0.00368208 cp)) - 1`
//! on a scale from -1 (lost) to +1 (won); a move that drops its side's
//! chances by 0.1 is an inaccuracy, by 0.2 a mistake, by 0.3 a blunder. The
//! same curve draws the page's evaluation bar, for every game.
//!
//! The review runs on the blocking pool behind a permit of the games' (the
//! same as a computer's move, since it is the same search), stops when its
//! client goes away, and stops by itself after [`REVIEW_TIME_LIMIT`]: the
//! positions not reached are then left out and `complete` is false.

use std::time::{Duration, Instant};

use axum::Json;
use axum::extract::{Path, State};
use banco_games::{AnyGame, ComputerSettings, side_name};
use banco_search::{Level, Limits, MATE, MATE_BOUND, Score, SearchConfig, Side, StopFlag};
use serde::{Deserialize, Serialize};

use crate::error::ApiError;
use crate::live::AppState;
use crate::progress::ScoreView;
use crate::requests::{ApiJson, Validate};

/// Nodes per position unless the request says.
pub const DEFAULT_REVIEW_NODES: u64 = 100_000;
/// The range a request may ask for.
pub const REVIEW_NODES: std::ops::RangeInclusive<u64> = 1_000..=5_000_000;
/// The longest a review runs.
pub const REVIEW_TIME_LIMIT: Duration = Duration::from_secs(120);

/// `POST /api/games/{id}/review`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReviewRequest {
    /// Nodes searched in each position (default [`DEFAULT_REVIEW_NODES`]).
    #[serde(default)]
    pub nodes: Option<u64>,
}

impl Validate for ReviewRequest {
    fn validate(&self) -> Result<(), ApiError> {
        match self.nodes {
            Some(n) if !REVIEW_NODES.contains(&n) => Err(ApiError::invalid(
                "nodes",
                format!(
                    "{n} is out of range: {} to {}",
                    REVIEW_NODES.start(),
                    REVIEW_NODES.end()
                ),
            )),
            _ => Ok(()),
        }
    }
}

/// How bad a move was.
#[derive(Clone, Copy, Debug, Eq, PartialEq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Judgement {
    /// Gave away 0.1 of its side's winning chances (on -1 to +1).
    Inaccuracy,
    /// 0.2.
    Mistake,
    /// 0.3.
    Blunder,
}

impl Judgement {
    /// The judgement of a move that lost `loss` winning chances, if any.
    #[must_use]
    pub fn of(loss: f64) -> Option<Judgement> {
        if loss >= 0.3 {
            Some(Judgement::Blunder)
        } else if loss >= 0.2 {
            Some(Judgement::Mistake)
        } else if loss >= 0.1 {
            Some(Judgement::Inaccuracy)
        } else {
            None
        }
    }
}

/// A score's winning chances for the side it belongs to, -1 to +1.
#[must_use]
pub fn winning_chances(value: i32) -> f64 {
    if value >= MATE_BOUND {
        return 1.0;
    }
    if value <= -MATE_BOUND {
        return -1.0;
    }
    2.0 / (1.0 + (-0.003_682_08 * f64::from(value)).exp()) - 1.0
}

/// One position of the game as the review found it.
#[derive(Clone, Debug, Serialize)]
pub struct PositionReview {
    /// Moves played before it.
    pub ply: usize,
    /// The score from the first player's side.
    pub score_first: ScoreView,
    /// [`PositionReview::score_first`] as text.
    pub score_first_text: String,
    /// The best move found here, as a code (none once the game is over).
    pub best: Option<String>,
    /// The best move in the game's notation.
    pub best_text: Option<String>,
    /// When the game ended here by its rules: the winner (`first`,
    /// `second`) or `draw`; the score then says mate or 0.
    pub ended: Option<&'static str>,
}

/// One move of the game, judged.
#[derive(Clone, Debug, Serialize)]
pub struct MoveReview {
    /// The move's number in the game, 1 for the first (the ply after it).
    pub ply: usize,
    /// Who played it.
    pub side: &'static str,
    /// The move played (code and notation).
    pub played: String,
    /// The move played, as people read it.
    pub played_text: String,
    /// The best move found before it, when it was another.
    pub best: Option<String>,
    /// The best move in the game's notation.
    pub best_text: Option<String>,
    /// Winning chances (on -1 to +1) the move gave away, 0 at best.
    pub loss: f64,
    /// How bad that was, if it was.
    pub judgement: Option<Judgement>,
}

/// A side's moves, counted.
#[derive(Clone, Debug, Default, Serialize)]
pub struct SideSummary {
    /// `first` or `second`.
    pub side: &'static str,
    /// Moves judged inaccuracies.
    pub inaccuracies: usize,
    /// Moves judged mistakes.
    pub mistakes: usize,
    /// Moves judged blunders.
    pub blunders: usize,
    /// The mean of its moves' losses.
    pub average_loss: f64,
}

/// The whole review.
#[derive(Clone, Debug, Serialize)]
pub struct ReviewView {
    /// Nodes searched in each position.
    pub nodes: u64,
    /// Whether every position was reviewed (false when the time ran out).
    pub complete: bool,
    /// Every position reviewed, from the start.
    pub positions: Vec<PositionReview>,
    /// Every move whose positions before and after were reviewed.
    pub moves: Vec<MoveReview>,
    /// Each side's count.
    pub summary: [SideSummary; 2],
}

/// What the search found in one position: its value for the side to move
/// and its best move, or how the game ended there.
#[derive(Clone, Debug)]
struct Found {
    side: Side,
    value: i32,
    best: Option<(String, String)>,
    /// The game ended here: its winner, `None` for a draw.
    ended: Option<Option<Side>>,
}

fn value_from_first(found: &Found) -> i32 {
    match found.side {
        Side::First => found.value,
        Side::Second => -found.value,
    }
}

/// How a finished game's last position stands: its value for the side to
/// move (a win is a mate now), and the winner.
fn ended(game: &dyn AnyGame) -> Option<(i32, Option<Side>)> {
    let ending = game.ending()?;
    let value = match ending.winner {
        None => 0,
        Some(winner) if winner == game.side_to_move() => MATE,
        Some(_) => -MATE,
    };
    Some((value, ending.winner))
}

/// Searches each position of `game` in turn (the positions after the game
/// ended by its rules are its ending's).
fn search_positions(
    state: &AppState,
    game: &dyn AnyGame,
    nodes: u64,
    stop: &StopFlag,
) -> Vec<Found> {
    let config = SearchConfig {
        hash_mb: 16,
        ..SearchConfig::default()
    };
    let mut searcher = state.searcher(config.clone());
    // A game searched from its start: the table and histories help the next position.
    searcher.clear();
    let mut found = Vec::new();
    for ply in 0..=game.moves().len() {
        let Some(position) = game.at_ply(ply) else {
            break;
        };
        let side = position.side_to_move();
        if let Some((value, winner)) = ended(position.as_ref()) {
            found.push(Found {
                side,
                value,
                best: None,
                ended: Some(winner),
            });
            continue;
        }
        if stop.is_raised() {
            break;
        }
        let limits = Limits {
            nodes: Some(nodes),
            stop: stop.clone(),
            ..Limits::default()
        };
        let plan = position.kind().plan(
            &ComputerSettings::level(Level::MAX),
            config.clone(),
            limits,
            u64::try_from(ply).unwrap_or(0),
        );
        let Some(thought) = position.think(&mut searcher, &plan, &mut |_| {}) else {
            break;
        };
        // A search stopped before its first iteration knows nothing.
        if stop.is_raised() && thought.report.report.depth == 0 {
            break;
        }
        let report = &thought.report;
        found.push(Found {
            side,
            value: report.report.value,
            best: Some((
                thought.chosen.code().to_owned(),
                report
                    .pv_text
                    .first()
                    .cloned()
                    .unwrap_or_else(|| thought.chosen.code().to_owned()),
            )),
            ended: None,
        });
    }
    state.give_back(searcher);
    found
}

/// Judges the moves between the positions found.
fn judge(game: &dyn AnyGame, found: &[Found], nodes: u64) -> ReviewView {
    let positions = found
        .iter()
        .enumerate()
        .map(|(ply, f)| {
            let first = Score::from_value(value_from_first(f));
            PositionReview {
                ply,
                score_first: first.into(),
                score_first_text: first.to_string(),
                best: f.best.as_ref().map(|(code, _)| code.clone()),
                best_text: f.best.as_ref().map(|(_, text)| text.clone()),
                ended: f.ended.map(|winner| winner.map_or("draw", side_name)),
            }
        })
        .collect();
    let mut moves = Vec::new();
    let mut summary = [
        SideSummary {
            side: "first",
            ..SideSummary::default()
        },
        SideSummary {
            side: "second",
            ..SideSummary::default()
        },
    ];
    let mut losses = [0.0, 0.0];
    for (index, played) in game.moves().iter().enumerate() {
        let (Some(before), Some(after)) = (found.get(index), found.get(index + 1)) else {
            break;
        };
        let best = before.best.as_ref();
        let was_best = best.is_some_and(|(code, _)| *code == played.code);
        let loss = if was_best {
            0.0
        } else {
            // The position after is scored for the opponent.
            (winning_chances(before.value) - winning_chances(-after.value)).max(0.0)
        };
        let judgement = Judgement::of(loss);
        let slot = usize::from(played.side == Side::Second);
        match judgement {
            Some(Judgement::Inaccuracy) => summary[slot].inaccuracies += 1,
            Some(Judgement::Mistake) => summary[slot].mistakes += 1,
            Some(Judgement::Blunder) => summary[slot].blunders += 1,
            None => {}
        }
        losses[slot] += loss;
        moves.push(MoveReview {
            ply: index + 1,
            side: side_name(played.side),
            played: played.code.clone(),
            played_text: played.text.clone(),
            best: best.filter(|_| !was_best).map(|(code, _)| code.clone()),
            best_text: best.filter(|_| !was_best).map(|(_, text)| text.clone()),
            loss: (loss * 1000.0).round() / 1000.0,
            judgement,
        });
    }
    for (slot, side) in summary.iter_mut().enumerate() {
        let count = moves
            .iter()
            .filter(|m| usize::from(m.side == "second") == slot)
            .count();
        if count > 0 {
            #[allow(clippy::cast_precision_loss)] // a game's move count
            let mean = losses[slot] / count as f64;
            side.average_loss = (mean * 1000.0).round() / 1000.0;
        }
    }
    ReviewView {
        nodes,
        complete: found.len() == game.moves().len() + 1,
        positions,
        moves,
        summary,
    }
}

/// `POST /api/games/{id}/review`: every position searched, every move judged.
///
/// # Errors
///
/// An unknown game, a bad body.
pub async fn review(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ReviewRequest>,
) -> Result<Json<ReviewView>, ApiError> {
    let nodes = body.nodes.unwrap_or(DEFAULT_REVIEW_NODES);
    let game = state.game(&id).await?.lock().await.game().clone_box();
    let guard = StopOnDrop(StopFlag::new());
    let stop = guard.0.clone();
    let permit = state
        .search_slots()
        .acquire_owned()
        .await
        .map_err(|err| ApiError::SearchFailed(err.to_string()))?;
    let pool = state.clone();
    let view = tokio::task::spawn_blocking(move || {
        let started = Instant::now();
        let timer = stop.clone();
        let found = std::thread::scope(|scope| {
            let done = StopFlag::new();
            let finished = done.clone();
            scope.spawn(move || {
                while started.elapsed() < REVIEW_TIME_LIMIT && !finished.is_raised() {
                    std::thread::sleep(Duration::from_millis(20));
                }
                timer.raise();
            });
            let found = search_positions(&pool, game.as_ref(), nodes, &stop);
            done.raise();
            found
        });
        drop(permit);
        judge(game.as_ref(), &found, nodes)
    })
    .await
    .map_err(|err| ApiError::SearchFailed(err.to_string()))?;
    drop(guard);
    Ok(Json(view))
}

/// Raises the flag when dropped: axum drops a handler's future when its
/// client goes away, and the review should not run on for nobody.
struct StopOnDrop(StopFlag);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.raise();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chances_follow_the_curve_and_mates_are_certain() {
        assert!(winning_chances(0).abs() < 1e-9);
        assert!((winning_chances(100) + winning_chances(-100)).abs() < 1e-9);
        // lichess's curve: +1.00 is about 0.18 of the way to a win.
        assert!((winning_chances(100) - 0.182).abs() < 0.001);
        assert!((winning_chances(MATE_BOUND) - 1.0).abs() < f64::EPSILON);
        assert!((winning_chances(-MATE_BOUND - 5) + 1.0).abs() < f64::EPSILON);
    }

    #[test]
    fn losses_are_judged_by_lichess_thresholds() {
        assert_eq!(Judgement::of(0.05), None);
        assert_eq!(Judgement::of(0.1), Some(Judgement::Inaccuracy));
        assert_eq!(Judgement::of(0.25), Some(Judgement::Mistake));
        assert_eq!(Judgement::of(0.9), Some(Judgement::Blunder));
    }

    #[test]
    fn a_body_out_of_range_says_so() {
        let read = |body: &str| crate::requests::parse_body::<ReviewRequest>(body.as_bytes());
        assert!(read("{}").is_ok());
        assert!(read(r#"{"nodes":5000}"#).is_ok());
        let err = read(r#"{"nodes":10}"#).unwrap_err();
        assert!(err.to_string().starts_with("nodes:"), "{err}");
        assert!(read(r#"{"depth":3}"#).is_err());
    }
}
