//! The WebSocket's messages: what the server tells the watching pages, and
//! what a page may say, each a typed enum tagged by `type`.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::live::GameView;
use crate::progress::SearchInfo;

/// A message to the pages watching a game.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Event<'a> {
    /// The whole game, after every change and on connecting.
    State {
        /// The game as the API answers it.
        game: &'a GameView<'a>,
    },
    /// The computer starts thinking.
    Thinking {
        /// The ply it thinks about (moves played before it).
        ply: usize,
        /// The side it plays (`first`, `second`).
        side: &'static str,
        /// The algorithm's name.
        algorithm: &'static str,
        /// The level, 1 to 10.
        level: u8,
    },
    /// One iteration of the computer's search (or how the move was found).
    Info {
        /// The iteration.
        info: &'a SearchInfo,
    },
    /// Something failed that no request is waiting to hear.
    Error {
        /// What failed.
        error: EventError,
    },
    /// The answer to a page's `ping`.
    Pong,
}

/// An error told to the pages.
#[derive(Debug, Serialize)]
pub struct EventError {
    /// A stable code: `search_failed`, `computer_move_failed`, `bad_message`.
    pub code: &'static str,
    /// What happened, in words.
    pub message: String,
}

impl Event<'_> {
    /// An error event.
    #[must_use]
    pub fn error(code: &'static str, message: impl Into<String>) -> Event<'static> {
        Event::Error {
            error: EventError {
                code,
                message: message.into(),
            },
        }
    }

    /// The message as the JSON text sent on the socket.
    #[must_use]
    pub fn to_text(&self) -> Arc<str> {
        Arc::from(serde_json::to_string(self).unwrap_or_else(|_| "{}".to_owned()))
    }
}

/// What a page may send: only `{"type":"ping"}` (moves go through the HTTP API).
#[derive(Debug, Deserialize, PartialEq, Eq)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum ClientMessage {
    /// Asks for a `pong`, to keep the connection alive.
    Ping,
}

/// The reply to a page's message: `ping` is answered `pong`; anything else
/// is an error.
#[must_use]
pub fn answer(text: &str) -> Arc<str> {
    match serde_json::from_str::<ClientMessage>(text) {
        Ok(ClientMessage::Ping) => Event::Pong.to_text(),
        Err(_) => Event::error(
            "bad_message",
            "the feed understands only {\"type\":\"ping\"}; send moves to the HTTP API",
        )
        .to_text(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pings_are_answered_and_the_rest_refused() {
        assert_eq!(answer(r#"{"type":"ping"}"#).as_ref(), r#"{"type":"pong"}"#);
        let refused = answer("not json");
        assert!(refused.contains("bad_message"), "{refused}");
        assert!(answer(r#"{"type":"move"}"#).contains("bad_message"));
    }

    #[test]
    fn events_are_tagged_by_type() {
        let thinking = Event::Thinking {
            ply: 3,
            side: "second",
            algorithm: "engine",
            level: 5,
        };
        let value: serde_json::Value = serde_json::from_str(&thinking.to_text()).unwrap();
        assert_eq!(value["type"], "thinking");
        assert_eq!(value["ply"], 3);
        let error: serde_json::Value =
            serde_json::from_str(&Event::error("search_failed", "boom").to_text()).unwrap();
        assert_eq!(error["error"]["code"], "search_failed");
    }
}
