//! Request bodies: read as JSON objects with no unknown fields, then checked
//! field by field, so a bad request is refused before anything changes.

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use serde::Deserialize;
use serde::de::DeserializeOwned;

use crate::clock::TimeControl;
use crate::error::ApiError;
use crate::players::{Players, PlayersSpec};
use banco_games::{AnyGame, GameKind, ImportError, Setup};

/// The largest body the API reads, in bytes.
pub const MAX_BODY_BYTES: usize = 16 * 1024;
/// The longest move text accepted.
pub const MAX_MOVE_CHARS: usize = 16;
/// The longest position text accepted.
pub const MAX_POSITION_CHARS: usize = 4096;
/// The longest game record a body may carry (a long PGN fits).
pub const MAX_RECORD_CHARS: usize = 14 * 1024;

/// A JSON body, read and checked. Requires `Content-Type: application/json`,
/// which a page on another site cannot send without the browser asking first,
/// so another site cannot drive a local server through a visitor's browser.
pub struct ApiJson<T>(pub T);

/// The address of the request's client, when the connection loop gave it
/// (in-process tests have none).
pub struct ClientAddr(pub Option<std::net::IpAddr>);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _state: &S,
    ) -> Result<ClientAddr, std::convert::Infallible> {
        Ok(ClientAddr(
            parts
                .extensions
                .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
                .map(|info| info.0.ip()),
        ))
    }
}

/// The longest a request body may take to arrive.
pub const BODY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

impl<S: Send + Sync, T: DeserializeOwned + Validate> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<ApiJson<T>, ApiError> {
        let is_json = req
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"));
        if !is_json {
            return Err(ApiError::BadBody(
                "send the body as JSON with the header 'Content-Type: application/json'".to_owned(),
            ));
        }
        // A body that trickles in is cut off: a slow client cannot hold a
        // handler (and its game's lock) for long.
        let read = tokio::time::timeout(BODY_TIMEOUT, Bytes::from_request(req, state)).await;
        let bytes = read
            .map_err(|_| {
                ApiError::BadBody(format!(
                    "the body did not arrive within {} seconds",
                    BODY_TIMEOUT.as_secs()
                ))
            })?
            .map_err(|rejection| {
                if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                    ApiError::TooLarge {
                        limit: MAX_BODY_BYTES,
                    }
                } else {
                    ApiError::BadBody(rejection.body_text())
                }
            })?;
        parse_body(&bytes).map(ApiJson)
    }
}

/// Reads and checks a body.
///
/// # Errors
///
/// [`ApiError::BadBody`] when it is not the expected JSON,
/// [`ApiError::Invalid`] when a field's value is refused.
pub fn parse_body<T: DeserializeOwned + Validate>(bytes: &[u8]) -> Result<T, ApiError> {
    if bytes.len() > MAX_BODY_BYTES {
        return Err(ApiError::TooLarge {
            limit: MAX_BODY_BYTES,
        });
    }
    // serde also reads a struct from an array of its fields; the API takes objects only.
    if bytes.iter().find(|b| !b.is_ascii_whitespace()) != Some(&b'{') {
        return Err(ApiError::BadBody(
            "the body must be a JSON object, {...}".to_owned(),
        ));
    }
    let body: T =
        serde_json::from_slice(bytes).map_err(|err| ApiError::BadBody(err.to_string()))?;
    body.validate()?;
    Ok(body)
}

/// Checks a body's values once it has the right shape.
pub trait Validate {
    /// # Errors
    ///
    /// [`ApiError::Invalid`] naming the field.
    fn validate(&self) -> Result<(), ApiError>;
}

/// Refuses text longer than `max` characters or with control characters.
///
/// # Errors
///
/// [`ApiError::Invalid`] naming `field`.
pub fn check_text(field: &str, text: &str, max: usize) -> Result<(), ApiError> {
    if text.chars().count() > max {
        return Err(ApiError::invalid(
            field,
            format!("longer than {max} characters"),
        ));
    }
    if text.chars().any(char::is_control) {
        return Err(ApiError::invalid(field, "contains control characters"));
    }
    Ok(())
}

/// `POST /api/games`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    /// `chess` or `xiangqi`.
    pub game: String,
    /// The rule; default the game's first.
    #[serde(default)]
    pub rule: Option<String>,
    /// The board size, for games with several.
    #[serde(default)]
    pub size: Option<u8>,
    /// The start position (FEN); default the usual start.
    #[serde(default)]
    pub position: Option<String>,
    /// Who plays; default a person against the computer at level 5.
    #[serde(default)]
    pub players: Option<PlayersSpec>,
    /// Start with the computers waiting (computer against computer).
    #[serde(default)]
    pub paused: bool,
    /// A game record to import: a PGN for chess, or the moves in any
    /// notation the game reads; played from `position` (or the record's own).
    #[serde(default)]
    pub record: Option<String>,
    /// A time control, for a game played with clocks; none by default.
    #[serde(default)]
    pub clock: Option<TimeControl>,
    /// A swap opening (`swap1`, `swap2`), for gomoku.
    #[serde(default)]
    pub opening: Option<String>,
}

impl Validate for CreateGame {
    fn validate(&self) -> Result<(), ApiError> {
        check_text("game", &self.game, 32)?;
        if let Some(rule) = &self.rule {
            check_text("rule", rule, 32)?;
        }
        if let Some(position) = &self.position {
            check_text("position", position, MAX_POSITION_CHARS)?;
        }
        if let Some(record) = &self.record {
            // A record is lines of text: line breaks and tabs are its own.
            let flat: String = record
                .chars()
                .map(|c| {
                    if matches!(c, '\n' | '\r' | '\t') {
                        ' '
                    } else {
                        c
                    }
                })
                .collect();
            check_text("record", &flat, MAX_RECORD_CHARS)?;
        }
        let players = match &self.players {
            Some(players) => players.validate()?,
            None => PlayersSpec::default().validate()?,
        };
        if let Some(clock) = &self.clock {
            clock.validate()?;
            check_clock_players(&players)?;
        }
        if let Some(opening) = &self.opening {
            check_text("opening", opening, 16)?;
        }
        Ok(())
    }
}

/// Refuses clocks for a game without a person: computers against each
/// other play by their move time, and may be paused, which clocks may not.
///
/// # Errors
///
/// [`ApiError::Invalid`] naming `clock`.
pub fn check_clock_players(players: &Players) -> Result<(), ApiError> {
    if players.any_human() {
        Ok(())
    } else {
        Err(ApiError::invalid(
            "clock",
            "clocks are for games with a person at the board; computers against each other play by move time",
        ))
    }
}

impl CreateGame {
    /// The game and players this body asks for: the game set up (or its
    /// record imported) through the game layer, the players checked.
    ///
    /// # Errors
    ///
    /// An unknown game, a bad rule, size, position or record, a bad player.
    pub fn into_game(self) -> Result<(Box<dyn AnyGame>, Players), ApiError> {
        let kind = GameKind::parse(&self.game)?;
        let players = self.players.unwrap_or_default().validate()?;
        let setup = Setup {
            rule: self.rule,
            size: self.size,
            position: self.position.filter(|p| !p.trim().is_empty()),
        };
        let game = match self.record.as_deref() {
            Some(record) => kind.import(&setup, record).map_err(|err| match err {
                ImportError::Setup(err) => ApiError::Setup(err),
                other => ApiError::invalid("record", other.to_string()),
            })?,
            None => kind.setup(&setup)?,
        };
        Ok((game, players))
    }
}

/// `POST /api/games/{id}/moves`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// The move in the game's code (`e2e4`, `h2e2`) or notation (`Nf3`, `C2.5`).
    #[serde(rename = "move")]
    pub mv: String,
    /// The number of moves played that the page saw; refused if the game has moved on.
    #[serde(default)]
    pub ply: Option<usize>,
    /// The game's `version` the page saw; refused if the moves changed since.
    #[serde(default)]
    pub version: Option<u64>,
}

impl Validate for MoveRequest {
    fn validate(&self) -> Result<(), ApiError> {
        if self.mv.trim().is_empty() {
            return Err(ApiError::invalid("move", "empty"));
        }
        check_text("move", &self.mv, MAX_MOVE_CHARS)
    }
}

/// `POST /api/games/{id}/undo`, `/reset`: an empty object, or what the
/// page saw of the game.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlyGuard {
    /// The number of moves played that the page saw.
    #[serde(default)]
    pub ply: Option<usize>,
    /// The game's `version` the page saw.
    #[serde(default)]
    pub version: Option<u64>,
}

impl Validate for PlyGuard {
    fn validate(&self) -> Result<(), ApiError> {
        Ok(())
    }
}

/// `POST /api/games/{id}/resign`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResignRequest {
    /// `first` or `second`; default the person's side (the side to move
    /// when both are people).
    #[serde(default)]
    pub side: Option<String>,
}

impl Validate for ResignRequest {
    fn validate(&self) -> Result<(), ApiError> {
        match self.side.as_deref() {
            None | Some("first" | "second") => Ok(()),
            Some(other) => Err(ApiError::invalid(
                "side",
                format!(
                    "'{}' is not a side: expected first or second",
                    other.chars().take(20).collect::<String>()
                ),
            )),
        }
    }
}

/// `POST /api/games/{id}/position`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionRequest {
    /// The position in the game's format (FEN).
    pub position: String,
}

impl Validate for PositionRequest {
    fn validate(&self) -> Result<(), ApiError> {
        check_text("position", &self.position, MAX_POSITION_CHARS)
    }
}

/// `POST /api/games/{id}/players`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayersRequest {
    /// The new players.
    pub players: PlayersSpec,
}

impl Validate for PlayersRequest {
    fn validate(&self) -> Result<(), ApiError> {
        self.players.validate().map(|_| ())
    }
}

/// What the computer should do, `POST /api/games/{id}/control`.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ControlAction {
    /// Stop the computers (their search is dropped).
    Pause,
    /// Let them play on.
    Resume,
    /// One computer move, then pause.
    Step,
    /// Play the best move found so far, now.
    Stop,
}

/// `POST /api/games/{id}/control`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ControlRequest {
    /// The action.
    pub action: ControlAction,
}

impl Validate for ControlRequest {
    fn validate(&self) -> Result<(), ApiError> {
        Ok(())
    }
}

/// Reads `key=value` pairs of a query string (values here are plain words
/// and numbers, so no percent-decoding is needed).
#[must_use]
pub fn query_value<'a>(query: Option<&'a str>, key: &str) -> Option<&'a str> {
    query?
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .find(|(k, _)| *k == key)
        .map(|(_, v)| v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn bodies_name_their_problem() {
        let err = parse_body::<MoveRequest>(br#"{"mvoe":"e2e4"}"#).unwrap_err();
        assert!(err.to_string().contains("unknown field `mvoe`"), "{err}");
        let err = parse_body::<MoveRequest>(br#"{"move":""}"#).unwrap_err();
        assert!(err.to_string().contains("move: empty"), "{err}");
        let err = parse_body::<ControlRequest>(br#"{"action":"jump"}"#).unwrap_err();
        assert!(err.to_string().contains("unknown variant `jump`"), "{err}");
        let err = parse_body::<CreateGame>(br#"{"game":"chess","players":{"first":{"type":"computer","level":0},"second":{"type":"human"}}}"#).unwrap_err();
        assert!(err.to_string().contains("players.first.level"), "{err}");
        let err = parse_body::<ResignRequest>(br#"{"side":"third"}"#).unwrap_err();
        assert!(err.to_string().contains("'third' is not a side"), "{err}");
        assert!(parse_body::<PlyGuard>(b"{}").is_ok());
        assert!(parse_body::<PlyGuard>(b"[]").is_err());
    }

    /// A body that starts and never ends is cut off after [`BODY_TIMEOUT`]
    /// (on a paused clock, which moves on as soon as everything waits).
    #[tokio::test(start_paused = true)]
    async fn a_body_that_never_arrives_is_cut_off() {
        let never = futures_util::stream::pending::<Result<Bytes, std::io::Error>>();
        let request = Request::builder()
            .method("POST")
            .header(CONTENT_TYPE, "application/json")
            .body(axum::body::Body::from_stream(never))
            .unwrap();
        let started = tokio::time::Instant::now();
        let read = ApiJson::<PlyGuard>::from_request(request, &());
        let Ok(Err(err)) = tokio::time::timeout(2 * BODY_TIMEOUT, read).await else {
            panic!("a body that never came was read, or waited for without end");
        };
        assert!(
            err.to_string().contains("did not arrive within 10 seconds"),
            "{err}"
        );
        assert_eq!(started.elapsed(), BODY_TIMEOUT);
    }

    #[test]
    fn queries_give_their_values() {
        assert_eq!(query_value(Some("format=pgn&x=1"), "format"), Some("pgn"));
        assert_eq!(query_value(Some("format"), "format"), None);
        assert_eq!(query_value(None, "format"), None);
    }

    proptest! {
        #[test]
        fn no_bytes_make_a_parser_panic(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
            let _ = parse_body::<CreateGame>(&bytes);
            let _ = parse_body::<MoveRequest>(&bytes);
            let _ = parse_body::<ControlRequest>(&bytes);
            let _ = parse_body::<ResignRequest>(&bytes);
            let _ = parse_body::<PlayersRequest>(&bytes);
        }

        #[test]
        fn json_shaped_noise_is_refused_or_valid(
            game in "[a-z]{0,8}",
            level in any::<u8>(),
            movetime in any::<u64>(),
            algorithm in "[a-z]{0,10}",
        ) {
            let body = format!(
                r#"{{"game":"{game}","players":{{"first":{{"type":"human"}},"second":{{"type":"computer","level":{level},"movetime_ms":{movetime},"algorithm":"{algorithm}"}}}}}}"#
            );
            if let Ok(create) = parse_body::<CreateGame>(body.as_bytes()) {
                // Whatever passed validation converts into players without error.
                prop_assert!(create.players.unwrap().validate().is_ok());
                prop_assert!((1..=10).contains(&level));
            }
        }
    }
}

/// `POST /api/games/{id}/opening`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpeningRequest {
    /// `black`, `white` or `two`.
    pub choice: String,
    /// The number of moves the page saw.
    #[serde(default)]
    pub ply: Option<usize>,
    /// The game's version the page saw.
    #[serde(default)]
    pub version: Option<u64>,
}

impl Validate for OpeningRequest {
    fn validate(&self) -> Result<(), ApiError> {
        check_text("choice", &self.choice, 16)
    }
}
