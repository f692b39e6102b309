//! Live analysis: `GET /api/analysis/ws`, a WebSocket on which a page asks
//! the engine about any position (a game's, or one reached in an analysis
//! board's variations) and hears every iteration, with up to
//! [`MAX_LINES`] lines, until it asks to stop.
//!
//! The page sends `{"type":"start", ...}` ([`StartRequest`]: a position as
//! the lab takes it, plus moves played from it, plus how many lines) or
//! `{"type":"stop"}`; a new start stops the search before it. The server
//! answers `started` (with the search's `id`), `analysis` after every
//! iteration and `done` at the end, each with that `id`, so a page knows
//! what belongs to the position it shows.
//!
//! An analysis takes a permit of the computer's games, like a computer's
//! move ("the same permits and priorities"): it waits its turn when all
//! are busy, and gives its permit back when stopped, when the socket
//! closes, or after [`ANALYSIS_TIME_LIMIT`] at the latest, so a forgotten
//! page cannot hold a core for ever.

use std::time::Duration;

use axum::extract::State;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::response::Response;
use banco_games::{AnyGame, ComputerSettings, side_name};
use banco_search::{Level, Limits, Score, SearchConfig, Side, StopFlag};
use futures_util::{SinkExt, StreamExt};
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

use crate::error::ApiError;
use crate::live::AppState;
use crate::position::PositionSource;
use crate::progress::ScoreView;

/// The most lines (multi-PV) an analysis shows.
pub const MAX_LINES: usize = 5;
/// The longest one analysis runs before it stops by itself.
pub const ANALYSIS_TIME_LIMIT: Duration = Duration::from_secs(300);
/// The largest message a page may send (a long game's moves fit).
const MAX_CLIENT_MESSAGE: usize = 16 * 1024;
/// Messages waiting for a slow page; beyond, iterations are skipped (the
/// next one says more anyway) but never `started` or `done`.
const OUTBOX: usize = 64;

/// What a page may send on the analysis socket.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum AnalysisRequest {
    /// Analyse a position (stops the analysis before it).
    Start(StartRequest),
    /// Stop the analysis.
    Stop,
    /// Asks for a `pong`, to keep the connection alive.
    Ping,
}

/// The position to analyse and how.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartRequest {
    /// `chess`, `xiangqi` or `gomoku` (without `game_id`).
    #[serde(default)]
    pub game: Option<String>,
    /// The start position in the game's format; default the usual start.
    #[serde(default)]
    pub position: Option<String>,
    /// The rule; default the game's first.
    #[serde(default)]
    pub rule: Option<String>,
    /// The board size, for games with several.
    #[serde(default)]
    pub size: Option<u8>,
    /// A stored game, instead of `game` and `position`: its history counts
    /// (repetitions) as it did for the players.
    #[serde(default)]
    pub game_id: Option<String>,
    /// With `game_id`: the position after this many of its moves.
    #[serde(default)]
    pub ply: Option<usize>,
    /// Moves played from there (codes or the game's notation): a variation.
    #[serde(default)]
    pub moves: Vec<String>,
    /// Lines to show, 1 to [`MAX_LINES`] (default 1).
    #[serde(default)]
    pub lines: Option<usize>,
}

impl StartRequest {
    fn lines(&self) -> Result<usize, ApiError> {
        match self.lines {
            None => Ok(1),
            Some(n) if (1..=MAX_LINES).contains(&n) => Ok(n),
            Some(n) => Err(ApiError::invalid(
                "lines",
                format!("{n} is out of range: 1 to {MAX_LINES}"),
            )),
        }
    }

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

    fn validate(&self) -> Result<(), ApiError> {
        self.lines()?;
        self.source().validate()
    }
}

/// One line of an analysis, best first.
#[derive(Clone, Debug, Serialize)]
pub struct LineView {
    /// The score for the side to move.
    pub score: ScoreView,
    /// The score from the first player's side, as the page shows scores.
    pub score_first: ScoreView,
    /// [`LineView::score_first`] as text: `+0.35`, `#3`.
    pub score_first_text: String,
    /// The line's moves as codes.
    pub moves: Vec<String>,
    /// The line's moves in the game's notation.
    pub moves_text: Vec<String>,
}

/// What the socket says.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum AnalysisEvent {
    /// A start was accepted: its messages carry `id`.
    Started {
        /// This analysis.
        id: u64,
        /// The side to move in the analysed position.
        side: &'static str,
        /// Lines asked for.
        lines: usize,
    },
    /// One finished iteration.
    Analysis {
        /// The analysis it belongs to.
        id: u64,
        /// Depth of the iteration.
        depth: u32,
        /// Deepest ply reached.
        seldepth: u32,
        /// Positions visited so far.
        nodes: u64,
        /// Nodes per second.
        nps: u64,
        /// Milliseconds since the search began.
        time_ms: u64,
        /// The lines, best first.
        lines: Vec<LineView>,
        /// The search map: the root moves, most nodes first.
        root_moves: Vec<crate::progress::RootMoveView>,
    },
    /// The analysis ended.
    Done {
        /// The analysis it belongs to.
        id: u64,
        /// `stopped` (asked, or replaced), `limit` (its time ran out),
        /// `finished` (the search had nothing left to find: a forced
        /// result, a depth limit), or `game_over` (no move to analyse).
        reason: &'static str,
    },
    /// A message that could not be followed; nothing changed.
    Error {
        /// A stable code: `bad_message`, or the API's error code.
        code: &'static str,
        /// What was wrong.
        message: String,
    },
    /// The answer to a `ping`.
    Pong,
}

impl AnalysisEvent {
    fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| "{}".to_owned())
    }
}

/// `GET /api/analysis/ws`. Pages from other sites were refused before this
/// (see [`crate::access`]).
pub async fn connect(State(state): State<AppState>, upgrade: WebSocketUpgrade) -> Response {
    upgrade
        .max_message_size(MAX_CLIENT_MESSAGE)
        .on_upgrade(move |socket| session(socket, state))
}

/// The running analysis's stop flag, raised when the session ends however
/// it ends: the page closing, an error, or the server shutting down (which
/// drops the session without running its end).
#[derive(Default)]
struct Running(Option<StopFlag>);

impl Running {
    fn replace(&mut self, stop: StopFlag) {
        if let Some(old) = self.0.replace(stop) {
            old.raise();
        }
    }

    fn stop(&mut self) {
        if let Some(old) = self.0.take() {
            old.raise();
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.stop();
    }
}

async fn session(socket: WebSocket, state: AppState) {
    let (mut sink, mut stream) = socket.split();
    let (outbox, mut queued) = mpsc::channel::<String>(OUTBOX);
    let mut running = Running::default();
    let mut next_id = 1;
    loop {
        tokio::select! {
            Some(text) = queued.recv() => {
                if sink.send(Message::text(text)).await.is_err() {
                    break;
                }
            }
            incoming = stream.next() => {
                let text = match incoming {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                    Some(Ok(_)) => continue,
                };
                let reply = match serde_json::from_str::<AnalysisRequest>(&text) {
                    Ok(AnalysisRequest::Ping) => Some(AnalysisEvent::Pong),
                    Ok(AnalysisRequest::Stop) => {
                        running.stop();
                        None
                    }
                    Ok(AnalysisRequest::Start(request)) => {
                        match start(&state, &request, next_id, &outbox).await {
                            Ok((stop, started)) => {
                                next_id += 1;
                                running.replace(stop);
                                // Sent here, before the loop forwards anything of
                                // the new search, so `started` always comes first.
                                Some(started)
                            }
                            Err(err) => Some(AnalysisEvent::Error {
                                code: err.status_and_code().1,
                                message: err.to_string(),
                            }),
                        }
                    }
                    Err(err) => Some(AnalysisEvent::Error {
                        code: "bad_message",
                        message: format!(
                            "expected {{\"type\":\"start\",...}}, {{\"type\":\"stop\"}} or {{\"type\":\"ping\"}}: {err}"
                        ),
                    }),
                };
                if let Some(reply) = reply
                    && sink.send(Message::text(reply.to_text())).await.is_err()
                {
                    break;
                }
            }
        }
    }
    running.stop();
}

/// Checks `request` and sets the search going, returning its stop flag and
/// the `started` message; a bad request changes nothing (the analysis
/// before it goes on).
async fn start(
    state: &AppState,
    request: &StartRequest,
    id: u64,
    outbox: &mpsc::Sender<String>,
) -> Result<(StopFlag, AnalysisEvent), ApiError> {
    request.validate()?;
    let lines = request.lines()?;
    let game = request.source().resolve(state).await?.game;
    let stop = StopFlag::new();
    let started = AnalysisEvent::Started {
        id,
        side: side_name(game.side_to_move()),
        lines,
    };
    tokio::spawn(run(
        state.clone(),
        game,
        lines,
        id,
        stop.clone(),
        outbox.clone(),
    ));
    Ok((stop, started))
}

/// Waits for a permit, then searches until stopped, streaming each iteration.
async fn run(
    state: AppState,
    game: Box<dyn AnyGame>,
    lines: usize,
    id: u64,
    stop: StopFlag,
    outbox: mpsc::Sender<String>,
) {
    let Ok(permit) = state.search_slots().acquire_owned().await else {
        return;
    };
    let reason = if stop.is_raised() {
        "stopped"
    } else {
        let pool = state.clone();
        let sender = outbox.clone();
        let searched = tokio::task::spawn_blocking(move || {
            analyse(&pool, game.as_ref(), lines, id, &stop, &sender)
        })
        .await;
        searched.unwrap_or("stopped")
    };
    drop(permit);
    let _ = outbox
        .send(AnalysisEvent::Done { id, reason }.to_text())
        .await;
}

/// The search, on the blocking pool; returns why it ended.
fn analyse(
    state: &AppState,
    game: &dyn AnyGame,
    lines: usize,
    id: u64,
    stop: &StopFlag,
    outbox: &mpsc::Sender<String>,
) -> &'static str {
    let config = SearchConfig {
        hash_mb: 16,
        multi_pv: lines,
        ..SearchConfig::default()
    };
    let limits = Limits {
        move_time: Some(ANALYSIS_TIME_LIMIT),
        stop: stop.clone(),
        ..Limits::default()
    };
    let plan = game
        .kind()
        .plan(&ComputerSettings::level(Level::MAX), config, limits, id);
    let mut searcher = state.searcher(plan.config.clone());
    let side = game.side_to_move();
    let started = std::time::Instant::now();
    let thought = game.think(&mut searcher, &plan, &mut |report| {
        let event = analysis_event(id, side, report);
        // A page that reads slowly misses iterations, never the end.
        let _ = outbox.try_send(event.to_text());
    });
    state.give_back(searcher);
    if thought.is_none() {
        "game_over"
    } else if stop.is_raised() {
        "stopped"
    } else if started.elapsed() >= ANALYSIS_TIME_LIMIT {
        "limit"
    } else {
        "finished"
    }
}

/// The page's view of one iteration: every line, scored from both sides.
fn analysis_event(id: u64, side: Side, text: &banco_games::TextReport) -> AnalysisEvent {
    let report = &text.report;
    let view = |value: i32, moves: &[String], moves_text: &[String]| {
        let score = Score::from_value(value);
        let first = match side {
            Side::First => score,
            Side::Second => Score::from_value(-value),
        };
        LineView {
            score: score.into(),
            score_first: first.into(),
            score_first_text: first.to_string(),
            moves: moves.to_vec(),
            moves_text: moves_text.to_vec(),
        }
    };
    let lines = if report.lines.is_empty() {
        vec![view(report.value, &report.pv, &text.pv_text)]
    } else {
        report
            .lines
            .iter()
            .zip(&text.line_texts)
            .map(|(line, texts)| view(line.value, &line.pv, texts))
            .collect()
    };
    AnalysisEvent::Analysis {
        id,
        depth: report.depth,
        seldepth: report.seldepth,
        nodes: report.stats.nodes,
        nps: report.nps(),
        time_ms: u64::try_from(report.elapsed.as_millis()).unwrap_or(u64::MAX),
        lines,
        root_moves: crate::progress::root_moves(text, side),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<AnalysisRequest, serde_json::Error> {
        serde_json::from_str(text)
    }

    #[test]
    fn requests_are_read_by_their_type() {
        assert!(matches!(
            parse(r#"{"type":"stop"}"#),
            Ok(AnalysisRequest::Stop)
        ));
        assert!(matches!(
            parse(r#"{"type":"ping"}"#),
            Ok(AnalysisRequest::Ping)
        ));
        let Ok(AnalysisRequest::Start(start)) =
            parse(r#"{"type":"start","game":"chess","moves":["e2e4"],"lines":3}"#)
        else {
            panic!("a start reads");
        };
        assert_eq!(start.lines().unwrap(), 3);
        assert!(start.validate().is_ok());
        assert!(parse(r#"{"type":"start","game":"chess","colour":"red"}"#).is_err());
        assert!(parse(r#"{"type":"go"}"#).is_err());
    }

    #[test]
    fn a_bad_start_says_which_field() {
        let read = |text: &str| match parse(text) {
            Ok(AnalysisRequest::Start(start)) => start,
            other => panic!("{other:?}"),
        };
        let field = |text: &str| match read(text).validate() {
            Err(ApiError::Invalid { field, .. }) => field,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            field(r#"{"type":"start","game":"chess","lines":6}"#),
            "lines"
        );
        assert_eq!(
            field(r#"{"type":"start","game":"chess","lines":0}"#),
            "lines"
        );
        assert_eq!(field(r#"{"type":"start"}"#), "game");
        assert_eq!(field(r#"{"type":"start","game_id":"1"}"#), "ply");
        assert_eq!(field(r#"{"type":"start","game":"chess","ply":2}"#), "ply");
        assert_eq!(
            field(r#"{"type":"start","game_id":"1","ply":0,"game":"chess"}"#),
            "game_id"
        );
        let many = format!(
            r#"{{"type":"start","game":"chess","moves":[{}]}}"#,
            vec!["\"e2e4\""; crate::position::MAX_MOVES + 1].join(",")
        );
        assert_eq!(field(&many), "moves");
    }
}
