//! The WebSocket feed of one game: the whole state on connect and after
//! every change, `thinking` when the computer starts, `info` after each of
//! its iterations. While at least one page watches, the computer plays; when
//! the last page goes, its search stops.

use std::sync::Arc;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, header};
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
/// # Errors
///
/// An unknown game, or a page from another site.
pub async fn connect(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    check_origin(&headers)?;
    let live = state.game(&id).await?;
    Ok(upgrade
        .max_message_size(MAX_CLIENT_MESSAGE)
        .on_upgrade(move |socket| watch(socket, state, live)))
}

/// Browsers send the page's origin with a WebSocket request and do not
/// protect it otherwise; a page from another site must not watch or steer games.
fn check_origin(headers: &HeaderMap) -> Result<(), ApiError> {
    let origin = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok());
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
    match (origin, host) {
        (Some(origin), Some(host)) => {
            let origin_host = origin.split_once("://").map_or(origin, |(_, rest)| rest);
            if origin_host == host {
                Ok(())
            } else {
                Err(ApiError::invalid(
                    "origin",
                    format!("a page from {origin} may not connect to {host}"),
                ))
            }
        }
        _ => Ok(()),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_of_other_sites_are_refused() {
        let mut headers = HeaderMap::new();
        headers.insert(header::HOST, "127.0.0.1:8080".parse().unwrap());
        assert!(check_origin(&headers).is_ok());
        headers.insert(header::ORIGIN, "http://127.0.0.1:8080".parse().unwrap());
        assert!(check_origin(&headers).is_ok());
        headers.insert(header::ORIGIN, "https://evil.example".parse().unwrap());
        assert!(check_origin(&headers).is_err());
    }
}
