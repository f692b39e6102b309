//! The AI lab's endpoints: `POST /api/lab/race` races the algorithms on one
//! position, `POST /api/lab/tree` records the tree minimax or alpha-beta
//! walks. The position is given outright (game, position, rule, size) or as
//! a stored game before one of its moves (`game_id`, `ply`), so the page can
//! open the lab where the computer chose a move. Nothing is stored or changed.
//!
//! Searches run on the blocking pool behind permits of the lab's own (half
//! the games', at least one), so a long race never holds back a computer's
//! move in a game; each race row runs under a node cap and the whole race
//! under a wall-clock cap ([`RACE_TIME_LIMIT`]: the rows not done by then
//! say `completed: false`), and a request whose client goes away stops its race.

use axum::Json;
use axum::extract::State;
use banco_search::lab::TreeAlgorithm;
use banco_search::{EvaluatorStrength, StopFlag};
use serde::Deserialize;

use crate::error::ApiError;
use crate::live::AppState;
use crate::requests::{ApiJson, MAX_POSITION_CHARS, Validate, check_text};
use banco_games::lab::{RaceView, TreeView};
use banco_games::{AnyGame, GameKind, Setup};

/// The deepest race: minimax at depth 6 is cut by the node cap anyway.
pub const MAX_RACE_DEPTH: u32 = 6;
/// The deepest tree: beyond 4 plies a tree is too large to look at.
pub const MAX_TREE_DEPTH: u32 = 4;
/// Nodes each race row may visit before it is cut short.
pub const RACE_NODE_LIMIT: u64 = 20_000_000;
/// The most nodes a tree may hold (visited and pruned together).
pub const MAX_TREE_NODES: usize = 100_000;
/// A tree's size when the request does not say.
pub const DEFAULT_TREE_NODES: usize = 40_000;

/// Where the lab's position comes from, as both bodies give it.
#[derive(Debug)]
struct Source<'a> {
    game: Option<&'a str>,
    position: Option<&'a str>,
    rule: Option<&'a str>,
    size: Option<u8>,
    game_id: Option<&'a str>,
    ply: Option<usize>,
    evaluator: Option<&'a str>,
}

impl Source<'_> {
    fn validate(&self) -> Result<(), ApiError> {
        if let Some(id) = self.game_id {
            check_text("game_id", id, 32)?;
            if self.ply.is_none() {
                return Err(ApiError::invalid(
                    "ply",
                    "required with game_id: the number of moves before the position",
                ));
            }
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
        } else {
            let Some(game) = self.game else {
                return Err(ApiError::invalid(
                    "game",
                    "required (or game_id and ply for a stored game's position)",
                ));
            };
            check_text("game", game, 32)?;
            if self.ply.is_some() {
                return Err(ApiError::invalid(
                    "ply",
                    "only with game_id; send a position instead",
                ));
            }
        }
        if let Some(position) = self.position {
            check_text("position", position, MAX_POSITION_CHARS)?;
        }
        if let Some(rule) = self.rule {
            check_text("rule", rule, 32)?;
        }
        strength(self.evaluator)?;
        Ok(())
    }

    /// The game whose current position the lab searches.
    async fn resolve(&self, state: &AppState) -> Result<Box<dyn AnyGame>, ApiError> {
        if let (Some(id), Some(ply)) = (self.game_id, self.ply) {
            let live = state.game(id).await?;
            let live = live.lock().await;
            let played = live.game().moves().len();
            return live.game().at_ply(ply).ok_or_else(|| {
                ApiError::invalid(
                    "ply",
                    format!("the game has {played} moves; ply must be 0 to {played}"),
                )
            });
        }
        let kind = GameKind::parse(self.game.unwrap_or_default())?;
        Ok(kind.setup(&Setup {
            rule: self.rule.map(str::to_owned),
            size: self.size,
            position: self
                .position
                .filter(|p| !p.trim().is_empty())
                .map(str::to_owned),
        })?)
    }
}

pub(crate) fn strength(name: Option<&str>) -> Result<EvaluatorStrength, ApiError> {
    match name {
        None | Some("strong") => Ok(EvaluatorStrength::Strong),
        Some("simple") => Ok(EvaluatorStrength::Simple),
        Some("nnue") => Ok(EvaluatorStrength::Nnue),
        Some(other) => Err(ApiError::invalid(
            "evaluator",
            format!(
                "'{}' is not an evaluator: expected simple, strong or nnue",
                other.chars().take(20).collect::<String>()
            ),
        )),
    }
}

/// The evaluator, if the game offers it (`nnue` only where it has a net).
pub(crate) fn offered(
    game: &dyn AnyGame,
    strength: EvaluatorStrength,
) -> Result<EvaluatorStrength, ApiError> {
    let kind = game.kind();
    if kind.offers(strength) {
        Ok(strength)
    } else {
        Err(ApiError::invalid(
            "evaluator",
            format!("{} has no {} evaluator", kind.name(), strength.name()),
        ))
    }
}

fn check_depth(depth: u32, max: u32) -> Result<(), ApiError> {
    if (1..=max).contains(&depth) {
        Ok(())
    } else {
        Err(ApiError::invalid(
            "depth",
            format!("{depth} is out of range: 1 to {max}"),
        ))
    }
}

/// `POST /api/lab/race`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RaceRequest {
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
    /// Plies to search, 1 to 6.
    pub depth: u32,
    /// `simple`, `strong` (the default) or `nnue` (where the game has a net).
    #[serde(default)]
    pub evaluator: Option<String>,
}

impl RaceRequest {
    fn source(&self) -> Source<'_> {
        Source {
            game: self.game.as_deref(),
            position: self.position.as_deref(),
            rule: self.rule.as_deref(),
            size: self.size,
            game_id: self.game_id.as_deref(),
            ply: self.ply,
            evaluator: self.evaluator.as_deref(),
        }
    }
}

impl Validate for RaceRequest {
    fn validate(&self) -> Result<(), ApiError> {
        self.source().validate()?;
        check_depth(self.depth, MAX_RACE_DEPTH)
    }
}

/// `POST /api/lab/tree`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TreeRequest {
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
    /// Plies to search, 1 to 4.
    pub depth: u32,
    /// `minimax` or `alphabeta`.
    pub algorithm: String,
    /// `simple`, `strong` (the default) or `nnue` (where the game has a net).
    #[serde(default)]
    pub evaluator: Option<String>,
    /// The most nodes to record, 1 to 100,000 (default 40,000: the whole
    /// depth-3 alpha-beta tree of every game's start).
    #[serde(default)]
    pub max_nodes: Option<usize>,
}

impl TreeRequest {
    fn source(&self) -> Source<'_> {
        Source {
            game: self.game.as_deref(),
            position: self.position.as_deref(),
            rule: self.rule.as_deref(),
            size: self.size,
            game_id: self.game_id.as_deref(),
            ply: self.ply,
            evaluator: self.evaluator.as_deref(),
        }
    }

    fn algorithm(&self) -> Result<TreeAlgorithm, ApiError> {
        self.algorithm.parse().map_err(|_| {
            ApiError::invalid(
                "algorithm",
                format!(
                    "'{}' has no tree: expected minimax or alphabeta",
                    self.algorithm.chars().take(20).collect::<String>()
                ),
            )
        })
    }
}

impl Validate for TreeRequest {
    fn validate(&self) -> Result<(), ApiError> {
        self.source().validate()?;
        check_depth(self.depth, MAX_TREE_DEPTH)?;
        self.algorithm()?;
        match self.max_nodes {
            Some(n) if !(1..=MAX_TREE_NODES).contains(&n) => Err(ApiError::invalid(
                "max_nodes",
                format!("{n} is out of range: 1 to {MAX_TREE_NODES}"),
            )),
            _ => Ok(()),
        }
    }
}

/// The longest a race may run; what is not done by then is cut short.
pub const RACE_TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(20);

/// Raises the flag when dropped: axum drops a handler's future when its
/// client goes away, and the search it started should not run on for nobody.
struct StopOnDrop(StopFlag);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.raise();
    }
}

/// Runs `work` on the blocking pool once one of the lab's permits is free.
async fn run_search<T: Send + 'static>(
    state: &AppState,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    let permit = state
        .lab_slots()
        .acquire_owned()
        .await
        .map_err(|err| ApiError::SearchFailed(err.to_string()))?;
    tokio::task::spawn_blocking(move || {
        let result = work();
        drop(permit);
        result
    })
    .await
    .map_err(|err| ApiError::SearchFailed(err.to_string()))
}

/// `POST /api/lab/race`: every algorithm of the race on one position.
///
/// # Errors
///
/// A bad body, an unknown game, rule, size or stored game, a bad position,
/// a ply the game has not reached.
pub async fn race(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<RaceRequest>,
) -> Result<Json<RaceView>, ApiError> {
    let game = body.source().resolve(&state).await?;
    let strength = offered(game.as_ref(), strength(body.evaluator.as_deref())?)?;
    let depth = body.depth;
    let guard = StopOnDrop(StopFlag::new());
    let stop = guard.0.clone();
    let limit = state.lab_time_limit();
    let view = run_search(&state, move || {
        // The clock starts once the race has a permit: waiting is not racing.
        let timer = stop.clone();
        let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let finished = std::sync::Arc::clone(&done);
        std::thread::spawn(move || {
            let started = std::time::Instant::now();
            while started.elapsed() < limit {
                if finished.load(std::sync::atomic::Ordering::Relaxed) {
                    return;
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            timer.raise();
        });
        let view = game.race(depth, strength, RACE_NODE_LIMIT, &stop);
        done.store(true, std::sync::atomic::Ordering::Relaxed);
        view
    })
    .await?;
    drop(guard);
    Ok(Json(view))
}

/// `POST /api/lab/tree`: the tree minimax or alpha-beta walks.
///
/// # Errors
///
/// As [`race`], and an algorithm with no tree.
pub async fn tree(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<TreeRequest>,
) -> Result<Json<TreeView>, ApiError> {
    let game = body.source().resolve(&state).await?;
    let strength = offered(game.as_ref(), strength(body.evaluator.as_deref())?)?;
    let algorithm = body.algorithm()?;
    let depth = body.depth;
    let max_nodes = body.max_nodes.unwrap_or(DEFAULT_TREE_NODES);
    let view = run_search(&state, move || {
        game.tree(depth, algorithm, strength, max_nodes)
    })
    .await?;
    Ok(Json(view))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::requests::parse_body;

    #[test]
    fn bodies_say_what_is_wrong() {
        let race = |body: &str| parse_body::<RaceRequest>(body.as_bytes()).map(|_| ());
        assert!(race(r#"{"game":"chess","depth":3}"#).is_ok());
        assert!(race(r#"{"game_id":"1","ply":0,"depth":3,"evaluator":"simple"}"#).is_ok());
        let err = race(r#"{"game":"chess","depth":7}"#).unwrap_err();
        assert!(
            err.to_string().contains("depth: 7 is out of range"),
            "{err}"
        );
        let err = race(r#"{"depth":3}"#).unwrap_err();
        assert!(err.to_string().starts_with("game: required"), "{err}");
        let err = race(r#"{"game_id":"1","depth":3}"#).unwrap_err();
        assert!(err.to_string().starts_with("ply: required"), "{err}");
        let err = race(r#"{"game_id":"1","ply":2,"game":"chess","depth":3}"#).unwrap_err();
        assert!(err.to_string().starts_with("game_id:"), "{err}");
        let err = race(r#"{"game":"chess","depth":3,"evaluator":"psychic"}"#).unwrap_err();
        assert!(err.to_string().contains("'psychic'"), "{err}");
        let err = race(r#"{"game":"chess","depth":3,"algorithm":"minimax"}"#).unwrap_err();
        assert!(err.to_string().contains("unknown field"), "{err}");

        let tree = |body: &str| parse_body::<TreeRequest>(body.as_bytes()).map(|_| ());
        assert!(tree(r#"{"game":"chess","depth":2,"algorithm":"alphabeta"}"#).is_ok());
        let err = tree(r#"{"game":"chess","depth":5,"algorithm":"minimax"}"#).unwrap_err();
        assert!(err.to_string().contains("1 to 4"), "{err}");
        let err = tree(r#"{"game":"chess","depth":2,"algorithm":"engine"}"#).unwrap_err();
        assert!(err.to_string().starts_with("algorithm:"), "{err}");
        let err =
            tree(r#"{"game":"chess","depth":2,"algorithm":"minimax","max_nodes":0}"#).unwrap_err();
        assert!(err.to_string().starts_with("max_nodes:"), "{err}");
        assert!(tree(r#"{"game":"chess","depth":2}"#).is_err());
    }
}
