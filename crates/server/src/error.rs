//! What can go wrong, as the API answers it: a status and a JSON body that
//! names the problem. No error changes a stored game.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

use crate::store::StoreError;
use banco_games::SetupError;

/// A request the server refuses, or a failure it reports.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The body is not the JSON this endpoint reads.
    #[error("bad request body: {0}")]
    BadBody(String),
    /// A field has a value the server does not accept.
    #[error("{field}: {message}")]
    Invalid {
        /// The field, dotted (`players.second.level`).
        field: String,
        /// What is wrong with it.
        message: String,
    },
    /// One client created games faster than the server allows.
    #[error("too many new games at once from this client: wait a moment and try again")]
    TooManyGames,
    /// The body is larger than the server reads.
    #[error("request body too large: at most {limit} bytes")]
    TooLarge {
        /// The limit in bytes.
        limit: usize,
    },
    /// No game has this id.
    #[error("unknown game '{0}'")]
    UnknownGame(String),
    /// No such endpoint.
    #[error("no such endpoint: {0}")]
    NotFound(String),
    /// The endpoint exists but not with this method.
    #[error("{method} is not allowed on {path}")]
    MethodNotAllowed {
        /// The method used.
        method: String,
        /// The path.
        path: String,
    },
    /// The request names a host this server does not answer to: a page
    /// whose name was rebound to this machine's address.
    #[error(
        "this server does not answer to the host '{0}'; start it with --allow-host NAME to allow a name"
    )]
    ForbiddenHost(String),
    /// A page from another site asked for a change or the feed.
    #[error("a page from '{0}' may not change games or watch them here")]
    ForbiddenOrigin(String),
    /// The game cannot be set up as asked.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The move is not legal here.
    #[error("{0}")]
    IllegalMove(String),
    /// The side to move is not played by a person.
    #[error("not your turn: the computer plays {0} and is to move")]
    NotYourTurn(&'static str),
    /// The game is over.
    #[error("the game is over: {0}")]
    GameOver(String),
    /// The request was made against an older state of the game.
    #[error("the game has moved on: the request was for ply {asked}, the game is at ply {actual}")]
    Stale {
        /// The ply the request named.
        asked: usize,
        /// The ply the game is at.
        actual: usize,
    },
    /// The request was made against a version of the game whose moves
    /// have since changed (played, taken back, reset or replaced).
    #[error(
        "the game has moved on: the request was for version {asked}, and the moves are those of version {changed}"
    )]
    StaleVersion {
        /// The version the request named.
        asked: u64,
        /// The version at which the moves last changed (or the game's
        /// version, when the request named one the game has not reached).
        changed: u64,
    },
    /// There is no move to take back.
    #[error("nothing to take back: {0}")]
    NothingToUndo(&'static str),
    /// The game has no export in this format.
    #[error("{game} has no export format '{format}': expected one of {expected}")]
    NoSuchExport {
        /// The game.
        game: &'static str,
        /// The format asked for.
        format: String,
        /// The formats it has.
        expected: String,
    },
    /// The database failed.
    #[error("storage failed: {0}")]
    Store(#[from] StoreError),
    /// A search could not be run or did not come back.
    #[error("the search failed: {0}")]
    SearchFailed(String),
}

impl ApiError {
    /// An invalid field.
    pub fn invalid(field: impl Into<String>, message: impl Into<String>) -> ApiError {
        ApiError::Invalid {
            field: field.into(),
            message: message.into(),
        }
    }

    /// The HTTP status and the stable code the body carries.
    #[must_use]
    pub fn status_and_code(&self) -> (StatusCode, &'static str) {
        match self {
            ApiError::BadBody(_) => (StatusCode::BAD_REQUEST, "bad_body"),
            ApiError::Invalid { .. } => (StatusCode::BAD_REQUEST, "invalid"),
            ApiError::TooLarge { .. } => (StatusCode::PAYLOAD_TOO_LARGE, "too_large"),
            ApiError::TooManyGames => (StatusCode::TOO_MANY_REQUESTS, "too_many_games"),
            ApiError::UnknownGame(_) => (StatusCode::NOT_FOUND, "unknown_game"),
            ApiError::NotFound(_) => (StatusCode::NOT_FOUND, "not_found"),
            ApiError::MethodNotAllowed { .. } => {
                (StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed")
            }
            ApiError::ForbiddenHost(_) => (StatusCode::FORBIDDEN, "forbidden_host"),
            ApiError::ForbiddenOrigin(_) => (StatusCode::FORBIDDEN, "forbidden_origin"),
            ApiError::Setup(_) => (StatusCode::BAD_REQUEST, "bad_setup"),
            ApiError::IllegalMove(_) => (StatusCode::UNPROCESSABLE_ENTITY, "illegal_move"),
            ApiError::NotYourTurn(_) => (StatusCode::CONFLICT, "not_your_turn"),
            ApiError::GameOver(_) => (StatusCode::CONFLICT, "game_over"),
            ApiError::Stale { .. } | ApiError::StaleVersion { .. } => {
                (StatusCode::CONFLICT, "stale")
            }
            ApiError::NothingToUndo(_) => (StatusCode::CONFLICT, "nothing_to_undo"),
            ApiError::NoSuchExport { .. } => (StatusCode::BAD_REQUEST, "no_such_export"),
            ApiError::Store(_) => (StatusCode::INTERNAL_SERVER_ERROR, "storage"),
            ApiError::SearchFailed(_) => (StatusCode::INTERNAL_SERVER_ERROR, "search_failed"),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, code) = self.status_and_code();
        let mut body = json!({ "error": { "code": code, "message": self.to_string() } });
        if let ApiError::Invalid { field, .. } = &self {
            body["error"]["field"] = json!(field);
        }
        (status, Json(body)).into_response()
    }
}

/// Why the server could not start or stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The address could not be bound.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address.
        addr: std::net::SocketAddr,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// A setting is out of its range.
    #[error("{0}")]
    Config(String),
    /// The database could not be opened.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Serving failed.
    #[error("server failed: {0}")]
    Io(#[from] std::io::Error),
}

impl From<banco_games::UnknownGameError> for ApiError {
    fn from(err: banco_games::UnknownGameError) -> ApiError {
        ApiError::Setup(err.into())
    }
}
