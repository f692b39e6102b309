//! Positions away from a game: `POST /api/positions` answers the board after
//! moves played from a stored game's position (or any position), without
//! touching the game. The analysis board plays its variations through it:
//! the page has no rules of its own, so each new position's legal moves,
//! drawing and notation come from here. Live analysis takes the same
//! position description.

use axum::Json;
use axum::extract::State;
use banco_games::{AnyGame, BoardView, Ending, GameKind, MovePlayed, Setup};
use serde::{Deserialize, Serialize};

use crate::error::ApiError;
use crate::live::AppState;
use crate::requests::{ApiJson, MAX_POSITION_CHARS, Validate, check_text};

/// The most moves a request may play from its position.
pub const MAX_MOVES: usize = 1000;

/// Where a position comes from: a stored game before one of its moves, or
/// a game, rule, size and position; then moves played from there.
#[derive(Debug)]
pub struct PositionSource<'a> {
    /// `chess`, `xiangqi` or `gomoku` (without `game_id`).
    pub game: Option<&'a str>,
    /// The position in the game's format; default the usual start.
    pub position: Option<&'a str>,
    /// The rule; default the game's first.
    pub rule: Option<&'a str>,
    /// The board size, for games with several.
    pub size: Option<u8>,
    /// A stored game.
    pub game_id: Option<&'a str>,
    /// With `game_id`: the position after this many of its moves.
    pub ply: Option<usize>,
    /// Moves played from there, as codes or in the game's notation.
    pub moves: &'a [String],
}

impl PositionSource<'_> {
    /// Checks the fields one by one, naming the first that is wrong.
    ///
    /// # Errors
    ///
    /// [`ApiError::Invalid`] with the field.
    pub fn validate(&self) -> Result<(), ApiError> {
        match (self.game_id, self.ply) {
            (Some(id), Some(_)) => {
                check_text("game_id", id, 32)?;
                if self.game.is_some()
                    || self.position.is_some()
                    || self.rule.is_some()
                    || self.size.is_some()
                {
                    return Err(ApiError::invalid(
                        "game_id",
                        "give either game_id and ply, or game with position, rule and size, not both",
                    ));
                }
            }
            (Some(_), None) => {
                return Err(ApiError::invalid(
                    "ply",
                    "required with game_id: the number of moves before the position",
                ));
            }
            (None, Some(_)) => {
                return Err(ApiError::invalid(
                    "ply",
                    "only with game_id; send a position instead",
                ));
            }
            (None, None) => {
                let game = self.game.ok_or_else(|| {
                    ApiError::invalid(
                        "game",
                        "required (or game_id and ply for a stored game's position)",
                    )
                })?;
                check_text("game", game, 32)?;
            }
        }
        if let Some(position) = self.position {
            check_text("position", position, MAX_POSITION_CHARS)?;
        }
        if let Some(rule) = self.rule {
            check_text("rule", rule, 32)?;
        }
        if self.moves.len() > MAX_MOVES {
            return Err(ApiError::invalid(
                "moves",
                format!("{} moves: at most {MAX_MOVES}", self.moves.len()),
            ));
        }
        for text in self.moves {
            check_text("moves", text, 16)?;
        }
        Ok(())
    }

    /// The game at the position, with the moves played from it.
    ///
    /// # Errors
    ///
    /// An unknown game or setup, a ply the game has not reached, a move
    /// that cannot be played (named with its number).
    pub async fn resolve(&self, state: &AppState) -> Result<Resolved, ApiError> {
        let mut game = if let (Some(id), Some(ply)) = (self.game_id, self.ply) {
            let live = state.game(id).await?;
            let live = live.lock().await;
            let played = live.game().moves().len();
            live.game().at_ply(ply).ok_or_else(|| {
                ApiError::invalid(
                    "ply",
                    format!("the game has {played} moves; ply must be 0 to {played}"),
                )
            })?
        } else {
            let kind = GameKind::parse(self.game.unwrap_or_default())?;
            kind.setup(&Setup {
                rule: self.rule.map(str::to_owned),
                size: self.size,
                position: self
                    .position
                    .filter(|p| !p.trim().is_empty())
                    .map(str::to_owned),
            })?
        };
        let mut played = Vec::with_capacity(self.moves.len());
        for (at, text) in self.moves.iter().enumerate() {
            let mv = game.play(text).map_err(|err| {
                ApiError::invalid("moves", format!("move {} ({text}): {err}", at + 1))
            })?;
            played.push(mv);
        }
        Ok(Resolved { game, played })
    }
}

/// A position found: the game there, and the moves played to reach it
/// from the position asked for.
pub struct Resolved {
    /// The game at the position.
    pub game: Box<dyn AnyGame>,
    /// The moves played from the position asked for.
    pub played: Vec<MovePlayed>,
}

/// `POST /api/positions`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionRequest {
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
}

impl PositionRequest {
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

impl Validate for PositionRequest {
    fn validate(&self) -> Result<(), ApiError> {
        self.source().validate()
    }
}

/// The answer: the board there, how the game stands, the moves played.
#[derive(Debug, Serialize)]
pub struct PositionView {
    /// The board: side to move, position, a drawing after every ply (the
    /// last is this position's), legal moves, check, marks.
    #[serde(flatten)]
    pub board: BoardView,
    /// How the game has ended by its rules here, if it has.
    pub ending: Option<Ending>,
    /// The moves played from the position asked for, with their codes and
    /// notation (a move sent in one form comes back in both).
    pub moves: Vec<MovePlayed>,
}

/// `POST /api/positions`: the board after `moves`, nothing stored.
///
/// # Errors
///
/// A bad body, an unknown game, setup or ply, a move that cannot be played.
pub async fn position(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<PositionRequest>,
) -> Result<Json<PositionView>, ApiError> {
    let Resolved { game, played } = body.source().resolve(&state).await?;
    let mut board = game.board();
    let ending = game.ending();
    if ending.is_some() {
        board.legal_moves.clear();
    }
    Ok(Json(PositionView {
        board,
        ending,
        moves: played,
    }))
}
