//! `POST /api/evaluation`: a position's evaluation taken apart into its
//! terms (material, tables, mobility, king safety, gomoku's patterns per
//! point...), each with the point it comes from, for the page's
//! "evaluation explained" panel. The position is described as for
//! `POST /api/positions`; nothing is stored and nothing is searched, so it
//! needs no permit.

use axum::Json;
use axum::extract::State;
use banco_games::Explanation;
use serde::Deserialize;

use crate::error::ApiError;
use crate::live::AppState;
use crate::position::PositionSource;
use crate::requests::{ApiJson, Validate};

/// `POST /api/evaluation`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EvaluationRequest {
    /// `chess`, `xiangqi` or `gomoku` (without `game_id`).
    #[serde(default)]
    pub game: Option<String>,
    /// The position in the game's format; default the usual start.
    #[serde(default)]
    pub position: Option<String>,
    /// The rule; default the game's first.
    #[serde(default)]
    pub rule: Option<String>,
    /// The board size, for games with several.
    #[serde(default)]
    pub size: Option<u8>,
    /// A stored game, instead of `game` and `position`.
    #[serde(default)]
    pub game_id: Option<String>,
    /// With `game_id`: the position after this many of its moves.
    #[serde(default)]
    pub ply: Option<usize>,
    /// Moves played from there, as codes or in the game's notation.
    #[serde(default)]
    pub moves: Vec<String>,
    /// `simple`, `strong` (the default) or `nnue` (where the game has a net).
    #[serde(default)]
    pub evaluator: Option<String>,
}

impl EvaluationRequest {
    fn source(&self) -> PositionSource<'_> {
        PositionSource {
            game: self.game.as_deref(),
            position: self.position.as_deref(),
            rule: self.rule.as_deref(),
            size: self.size,
            game_id: self.game_id.as_deref(),
            ply: self.ply,
            moves: &self.moves,
        }
    }
}

impl Validate for EvaluationRequest {
    fn validate(&self) -> Result<(), ApiError> {
        self.source().validate()?;
        crate::lab::strength(self.evaluator.as_deref()).map(|_| ())
    }
}

/// `POST /api/evaluation`: the terms of the position's evaluation, and
/// their sums per group and player.
///
/// # Errors
///
/// A bad body, an unknown game, setup, ply or evaluator, a move that
/// cannot be played.
pub async fn evaluation(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<EvaluationRequest>,
) -> Result<Json<Explanation>, ApiError> {
    let strength = crate::lab::strength(body.evaluator.as_deref())?;
    let resolved = body.source().resolve(&state).await?;
    let strength = crate::lab::offered(resolved.game.as_ref(), strength)?;
    resolved
        .game
        .explain(strength)
        .map(Json)
        .ok_or_else(|| ApiError::invalid("evaluator", "this evaluator cannot explain itself"))
}
