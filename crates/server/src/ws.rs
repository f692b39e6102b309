//! The WebSocket feed of one game: the whole state on connect and after
//! every change, `thinking` when the computer starts, `info` after each of
//! its iterations. While at least one page watches, the computer plays; when
//! the last page goes, its search stops.

use std::sync::Arc;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use tokio::sync::Mutex;
use tokio::sync::broadcast::error::RecvError;

use crate::error::ApiError;
use crate::events::answer;
use crate::live::{AppState, LiveGame};

/// The largest message a page may send.
const MAX_CLIENT_MESSAGE: usize = 1024;

/// `GET /api/games/{id}/ws`.
///
/// Pages from other sites were refused before this (see [`crate::access`]).
///
/// # Errors
///
/// An unknown game.
pub async fn connect(
    State(state): State<AppState>,
    Path(id): Path<String>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let live = state.game(&id).await?;
    Ok(upgrade
        .max_message_size(MAX_CLIENT_MESSAGE)
        .on_upgrade(move |socket| watch(socket, state, live)))
}

async fn watch(socket: WebSocket, state: AppState, live: Arc<Mutex<LiveGame>>) {
    let (mut events, first) = live.lock().await.watch(&state);
    let (mut sink, mut stream) = socket.split();
    if sink.send(Message::text(first.as_ref())).await.is_ok() {
        loop {
            tokio::select! {
                event = events.recv() => {
                    let text = match event {
                        Ok(text) => text,
                        // Too slow to keep up: skip to the present.
                        Err(RecvError::Lagged(_)) => live.lock().await.state_message(),
                        Err(RecvError::Closed) => break,
                    };
                    if sink.send(Message::text(text.as_ref())).await.is_err() {
                        break;
                    }
                }
                incoming = stream.next() => {
                    let reply = match incoming {
                        Some(Ok(Message::Text(text))) => Some(answer(&text)),
                        Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                        Some(Ok(_)) => None,
                    };
                    if let Some(reply) = reply
                        && sink.send(Message::text(reply.as_ref())).await.is_err()
                    {
                        break;
                    }
                }
            }
        }
    }
    live.lock().await.unwatch();
}
