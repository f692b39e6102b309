//! The HTTP API: one handler per endpoint. Each reads and checks its body,
//! takes the game's lock, changes a copy, stores it, and only then answers.

use std::time::Duration;

use axum::Json;
use axum::extract::{OriginalUri, Path, RawQuery, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use banco_search::{Algorithm, Side};
use serde_json::{Value, json};

use crate::clock::GameClock;
use crate::error::ApiError;
use crate::live::{AppState, LiveGame};
use crate::players::{MAX_DEPTH, MAX_MOVETIME_MS, MIN_MOVETIME_MS};
use crate::requests::{
    ApiJson, ClientAddr, ControlRequest, CreateGame, MAX_BODY_BYTES, MoveRequest, PlayersRequest,
    PlyGuard, PositionRequest, ResignRequest, check_clock_players, query_value,
};
use banco_games::{GameKind, RecordHeader, Setup, parse_side};

/// How long `GET /api/games/{id}?after=N` waits for a change.
const LONG_POLL: Duration = Duration::from_secs(30);
/// How many games the list shows.
const LIST_LIMIT: u32 = 200;

fn view(live: &LiveGame) -> Value {
    serde_json::to_value(live.view()).unwrap_or(Value::Null)
}

/// Refuses a request made against another state of the game than this
/// one. `ply` compares counts only (what older clients send); `version`
/// also catches moves replaced by others of the same count (one page takes
/// back 1.e4 and plays 1.d4 while another still shows 1.e4).
fn check_seen(live: &LiveGame, ply: Option<usize>, version: Option<u64>) -> Result<(), ApiError> {
    let actual = live.game().moves().len();
    if let Some(asked) = ply
        && asked != actual
    {
        return Err(ApiError::Stale { asked, actual });
    }
    if let Some(asked) = version {
        if asked > live.version() {
            // A version this game never had (the server restarted since).
            return Err(ApiError::StaleVersion {
                asked,
                changed: live.version(),
            });
        }
        if asked < live.moves_changed_at() {
            return Err(ApiError::StaleVersion {
                asked,
                changed: live.moves_changed_at(),
            });
        }
    }
    Ok(())
}

/// `GET /api/meta`: the games, rules, algorithms and limits the page offers.
pub async fn meta() -> Json<Value> {
    let games: Vec<_> = GameKind::ALL
        .iter()
        .map(|kind| kind.description())
        .collect();
    Json(json!({
        "games": games,
        "algorithms": Algorithm::ALL.iter().map(|a| a.name()).collect::<Vec<_>>(),
        "levels": { "min": 1, "max": 10, "default": 5, "list": crate::levels::levels() },
        "movetime_ms": { "min": MIN_MOVETIME_MS, "max": MAX_MOVETIME_MS, "default": 1000 },
        "max_depth": MAX_DEPTH,
        "max_body_bytes": MAX_BODY_BYTES,
    }))
}

/// `GET /api/games`: the stored games, most recently changed first.
///
/// # Errors
///
/// A database failure.
pub async fn list(State(state): State<AppState>) -> Result<Json<Value>, ApiError> {
    let games = state.store().list(LIST_LIMIT).await?;
    Ok(Json(json!({ "games": games })))
}

/// `POST /api/games`: a new game; the computer starts thinking if it moves first.
///
/// # Errors
///
/// A bad body, an unknown game, rule or size, a bad position.
pub async fn create(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    ApiJson(body): ApiJson<CreateGame>,
) -> Result<Response, ApiError> {
    if let Some(client) = client {
        state.allow_create(client)?;
    }
    let (paused, clock, opening) = (body.paused, body.clock, body.opening.clone());
    let (game, players) = body.into_game()?;
    let opening = opening
        .as_deref()
        .map(|name| crate::opening::for_new_game(name, game.as_ref(), clock.is_some()))
        .transpose()?;
    let live = state.create(game, players, paused, clock, opening).await?;
    let live = live.lock().await;
    Ok((StatusCode::CREATED, Json(view(&live))).into_response())
}

/// `GET /api/games/{id}`: the game; with `?after=N`, waits (up to 30 s)
/// until its version is above N.
///
/// # Errors
///
/// An unknown game.
pub async fn get(
    State(state): State<AppState>,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
) -> Result<Json<Value>, ApiError> {
    let after = match query_value(query.as_deref(), "after") {
        Some(text) => Some(text.parse::<u64>().map_err(|_| {
            ApiError::invalid("after", format!("'{text}' is not a version number"))
        })?),
        None => None,
    };
    let live = state.game(&id).await?;
    let mut versions = {
        let mut game = live.lock().await;
        game.start_computer(&state);
        game.versions()
    };
    if let Some(after) = after {
        let _ = tokio::time::timeout(LONG_POLL, versions.wait_for(|v| *v > after)).await;
    }
    let game = live.lock().await;
    Ok(Json(view(&game)))
}

/// `POST /api/games/{id}/moves`: a person's move.
///
/// # Errors
///
/// An unknown game, a bad body, an illegal move, the computer's turn, a
/// finished game, a stale ply.
pub async fn make_move(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<MoveRequest>,
) -> Result<Json<Value>, ApiError> {
    let live = state.game(&id).await?;
    let mut live = live.lock().await;
    // A move that comes after its clock ran out is not played.
    live.enforce_clock(&state).await;
    if let Some(ending) = live.ending() {
        return Err(ApiError::GameOver(ending.text));
    }
    let side = live.actor();
    if !live.players().of(side).is_human() {
        return Err(ApiError::NotYourTurn(live.side_label(side)));
    }
    check_seen(&live, body.ply, body.version)?;
    crate::opening::check_stone(live.opening())?;
    live.change(&state, |draft| {
        draft
            .game
            .play(&body.mv)
            .map_err(|err| ApiError::IllegalMove(err.to_string()))?;
        let plies = draft.game.moves().len();
        if let Some(opening) = draft.opening.as_mut() {
            opening.after_stone(plies);
        }
        Ok(())
    })
    .await?;
    Ok(Json(view(&live)))
}

/// `POST /api/games/{id}/undo`: back to before the person's last move
/// (so against the computer, its reply goes too); one move when both sides
/// are people; one move, paused, when both are computers.
///
/// # Errors
///
/// An unknown game, a bad body, nothing to take back, a stale ply.
pub async fn undo(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<PlyGuard>,
) -> Result<Json<Value>, ApiError> {
    let live = state.game(&id).await?;
    let mut live = live.lock().await;
    check_seen(&live, body.ply, body.version)?;
    live.enforce_clock(&state).await;
    if live.clock().is_some_and(|c| c.flagged().is_some()) {
        return Err(ApiError::NothingToUndo(
            "a game lost on time stays lost: reset it or start a new one",
        ));
    }
    let moves = live.game().moves();
    if moves.is_empty() {
        return Err(ApiError::NothingToUndo("no move has been played"));
    }
    let players = live.players();
    let mut target = if players.any_human() {
        moves
            .iter()
            .rposition(|m| players.of(m.side).is_human())
            .ok_or(ApiError::NothingToUndo("you have not moved yet"))?
    } else {
        moves.len() - 1
    };
    // A swap opening's stones and choices stay: reset plays it again.
    if let Some(opening) = live.opening() {
        let kept = if opening.active() {
            moves.len()
        } else {
            opening.plies.unwrap_or(0)
        };
        target = target.max(kept);
        if target >= moves.len() {
            return Err(ApiError::NothingToUndo(
                "the swap opening is not taken back: reset plays it again",
            ));
        }
    }
    live.change(&state, |draft| {
        while draft.game.moves().len() > target && draft.game.undo() {}
        draft.resigned = None;
        if !draft.players.any_human() {
            draft.paused = true;
        }
        Ok(())
    })
    .await?;
    Ok(Json(view(&live)))
}

/// `POST /api/games/{id}/reset`: back to the start position.
///
/// # Errors
///
/// An unknown game, a bad body, a stale ply.
pub async fn reset(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<PlyGuard>,
) -> Result<Json<Value>, ApiError> {
    let live = state.game(&id).await?;
    let mut live = live.lock().await;
    check_seen(&live, body.ply, body.version)?;
    live.change(&state, |draft| {
        draft.game.reset();
        draft.resigned = None;
        draft.clock = draft.clock.map(|c| GameClock::new(c.control()));
        if let Some(opening) = draft.opening.as_mut() {
            opening.restart();
        }
        draft.forget_last_search = true;
        Ok(())
    })
    .await?;
    Ok(Json(view(&live)))
}

/// `POST /api/games/{id}/resign`.
///
/// # Errors
///
/// An unknown game, a bad body, a finished game, a computer's side.
pub async fn resign(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ResignRequest>,
) -> Result<Json<Value>, ApiError> {
    let live = state.game(&id).await?;
    let mut live = live.lock().await;
    if let Some(ending) = live.ending() {
        return Err(ApiError::GameOver(ending.text));
    }
    let side = match body.side.as_deref().and_then(parse_side) {
        Some(side) => side,
        None => match (
            live.players().of(Side::First).is_human(),
            live.players().of(Side::Second).is_human(),
        ) {
            (true, false) => Side::First,
            (false, true) => Side::Second,
            _ => live.game().side_to_move(),
        },
    };
    if !live.players().of(side).is_human() && live.players().any_human() {
        return Err(ApiError::invalid(
            "side",
            format!(
                "the computer plays {}; it does not resign",
                live.side_label(side)
            ),
        ));
    }
    live.change(&state, |draft| {
        draft.resigned = Some(side);
        Ok(())
    })
    .await?;
    Ok(Json(view(&live)))
}

/// `POST /api/games/{id}/position`: a new start position; the moves are cleared.
///
/// # Errors
///
/// An unknown game, a bad body, a position that does not read.
pub async fn load_position(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<PositionRequest>,
) -> Result<Json<Value>, ApiError> {
    let live = state.game(&id).await?;
    let mut live = live.lock().await;
    let current = live.game().setup().clone();
    let game = live.game().kind().setup(&Setup {
        position: Some(body.position),
        ..current
    })?;
    live.change(&state, |draft| {
        draft.game = game;
        // A position of one's own is no swap opening.
        draft.opening = None;
        draft.resigned = None;
        draft.clock = draft.clock.map(|c| GameClock::new(c.control()));
        draft.forget_last_search = true;
        Ok(())
    })
    .await?;
    Ok(Json(view(&live)))
}

/// `POST /api/games/{id}/opening`: a person's choice in a swap opening:
/// `{"choice": "black" | "white" | "two"}`.
///
/// # Errors
///
/// An unknown game, a bad body, no opening or no such choice open now,
/// the computer's choice, a stale ply.
pub async fn choose_opening(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<crate::requests::OpeningRequest>,
) -> Result<Json<Value>, ApiError> {
    let choice = crate::opening::Choice::parse(&body.choice)?;
    let live = state.game(&id).await?;
    let mut live = live.lock().await;
    if let Some(ending) = live.ending() {
        return Err(ApiError::GameOver(ending.text));
    }
    check_seen(&live, body.ply, body.version)?;
    let side = live.actor();
    if !live.players().of(side).is_human() {
        return Err(ApiError::NotYourTurn(live.side_label(side)));
    }
    live.change(&state, |draft| crate::opening::apply_choice(draft, choice))
        .await?;
    Ok(Json(view(&live)))
}

/// `POST /api/games/{id}/players`: change who plays, or the computer's level.
///
/// # Errors
///
/// An unknown game, a bad body.
pub async fn set_players(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<PlayersRequest>,
) -> Result<Json<Value>, ApiError> {
    let players = body.players.validate()?;
    let live = state.game(&id).await?;
    let mut live = live.lock().await;
    if live.opening().is_some_and(crate::opening::Opening::active) {
        return Err(ApiError::invalid(
            "players",
            "the players stay as they are until the swap opening is over",
        ));
    }
    if live.clock().is_some() {
        check_clock_players(&players)?;
    }
    live.change(&state, |draft| {
        draft.players = players;
        Ok(())
    })
    .await?;
    Ok(Json(view(&live)))
}

/// `POST /api/games/{id}/control`: pause, resume, step, or move now.
///
/// # Errors
///
/// An unknown game, a bad body.
pub async fn control(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ControlRequest>,
) -> Result<Json<Value>, ApiError> {
    let live = state.game(&id).await?;
    let mut live = live.lock().await;
    live.control(&state, body.action);
    Ok(Json(view(&live)))
}

/// `GET /api/games/{id}/export?format=pgn|fen|moves`: the game as text.
///
/// # Errors
///
/// An unknown game, a format the game does not have.
pub async fn export(
    State(state): State<AppState>,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let format = query_value(query.as_deref(), "format").unwrap_or("moves");
    let live = state.game(&id).await?;
    let live = live.lock().await;
    let names = [
        live.players().0[0].record_name(),
        live.players().0[1].record_name(),
    ];
    let kind = live.game().kind();
    let ending = live.ending();
    let result = ending.as_ref().map_or("*", |e| e.result);
    let text = live
        .game()
        .export(
            format,
            &RecordHeader {
                players: [names[0].as_str(), names[1].as_str()],
                result,
                created_ms: live.created_at(),
            },
        )
        .ok_or_else(|| ApiError::NoSuchExport {
            game: kind.name(),
            format: format.chars().take(20).collect(),
            expected: kind.info().exports.join(", "),
        })?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}

/// Any other path under `/api`.
pub async fn not_found(uri: axum::http::Uri) -> ApiError {
    ApiError::NotFound(uri.path().chars().take(100).collect())
}

/// A method an endpoint does not take (the router adds the `Allow` header).
pub async fn method_not_allowed(
    method: axum::http::Method,
    OriginalUri(uri): OriginalUri,
) -> ApiError {
    ApiError::MethodNotAllowed {
        method: method.as_str().chars().take(20).collect(),
        path: uri.path().chars().take(100).collect(),
    }
}
