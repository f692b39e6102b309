//! Live analysis over a real socket: lines streamed until stopped, a new
//! position replacing the old, bad requests refused without harm.

use std::time::Duration;

use banco_server::{Access, AppState, Store, app};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn connect() -> Socket {
    let state = AppState::new(Store::in_memory().unwrap(), 2);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let bound = listener.local_addr().unwrap();
    let router = app(state, Access::new(bound, &[]));
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    let (socket, _) = tokio_tungstenite::connect_async(format!("ws://{bound}/api/analysis/ws"))
        .await
        .unwrap();
    socket
}

async fn send(socket: &mut Socket, message: Value) {
    socket
        .send(Message::text(message.to_string()))
        .await
        .unwrap();
}

async fn next(socket: &mut Socket) -> Value {
    let message = tokio::time::timeout(Duration::from_secs(30), socket.next())
        .await
        .expect("a message in time")
        .unwrap()
        .unwrap();
    serde_json::from_str(message.to_text().unwrap()).unwrap()
}

/// Reads until a message of `kind` for analysis `id` (any id when `None`).
async fn until(socket: &mut Socket, kind: &str, id: Option<u64>) -> Value {
    loop {
        let message = next(socket).await;
        if message["type"] == kind && id.is_none_or(|id| message["id"] == id) {
            return message;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_lines_stream_until_stopped() {
    let mut socket = connect().await;
    send(
        &mut socket,
        json!({ "type": "start", "game": "chess", "moves": ["e2e4", "e7e5"], "lines": 3 }),
    )
    .await;
    let started = until(&mut socket, "started", None).await;
    let id = started["id"].as_u64().unwrap();
    assert_eq!(started["side"], "first");
    assert_eq!(started["lines"], 3);
    let deep = loop {
        let message = until(&mut socket, "analysis", Some(id)).await;
        if message["depth"].as_u64().unwrap() >= 6 {
            break message;
        }
    };
    let lines = deep["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 3);
    let firsts: Vec<&str> = lines
        .iter()
        .map(|line| line["moves"][0].as_str().unwrap())
        .collect();
    assert!(
        firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2],
        "{firsts:?}"
    );
    // Best first, in the side to move's terms; White moves, so the page's
    // point of view is the same.
    let values: Vec<i64> = lines
        .iter()
        .map(|line| line["score"]["value"].as_i64().unwrap())
        .collect();
    assert!(values.windows(2).all(|w| w[0] >= w[1]), "{values:?}");
    assert_eq!(lines[0]["score"], lines[0]["score_first"]);
    assert_eq!(
        lines[0]["moves_text"].as_array().unwrap().len(),
        lines[0]["moves"].as_array().unwrap().len()
    );

    send(&mut socket, json!({ "type": "stop" })).await;
    let done = until(&mut socket, "done", Some(id)).await;
    assert_eq!(done["reason"], "stopped");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_position_replaces_the_old_and_scores_turn_for_the_second_player() {
    let mut socket = connect().await;
    send(&mut socket, json!({ "type": "start", "game": "xiangqi" })).await;
    let first = until(&mut socket, "started", None).await["id"]
        .as_u64()
        .unwrap();
    until(&mut socket, "analysis", Some(first)).await;
    // Black to move after one move: score is Black's, score_first Red's.
    send(
        &mut socket,
        json!({ "type": "start", "game": "xiangqi", "moves": ["h2e2"] }),
    )
    .await;
    let mut second = None;
    let mut old_done = false;
    let mut analysis = None;
    // The old search's end may come before or after the new one's start.
    while !old_done || analysis.is_none() {
        let message = next(&mut socket).await;
        match message["type"].as_str().unwrap() {
            "done" if message["id"] == first => {
                assert_eq!(message["reason"], "stopped");
                old_done = true;
            }
            "started" => {
                assert_eq!(message["side"], "second");
                second = message["id"].as_u64();
            }
            "analysis" if second.is_some() && message["id"].as_u64() == second => {
                analysis = Some(message);
            }
            _ => {}
        }
    }
    assert_ne!(Some(first), second);
    let analysis = analysis.unwrap();
    let line = &analysis["lines"][0];
    assert_eq!(line["score"]["kind"], line["score_first"]["kind"]);
    if line["score"]["kind"] == "cp" {
        assert_eq!(
            line["score"]["value"].as_i64().unwrap(),
            -line["score_first"]["value"].as_i64().unwrap()
        );
    }
    send(&mut socket, json!({ "type": "stop" })).await;
    until(&mut socket, "done", second).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_are_refused_and_the_analysis_goes_on() {
    let mut socket = connect().await;
    // A few stones first: the empty board's move is the opening rule's, not a search's.
    send(
        &mut socket,
        json!({ "type": "start", "game": "gomoku", "moves": ["h8", "i9", "g9"], "lines": 2 }),
    )
    .await;
    let id = until(&mut socket, "started", None).await["id"]
        .as_u64()
        .unwrap();
    for (bad, code) in [
        (
            json!({ "type": "start", "game": "chess", "lines": 9 }),
            "invalid",
        ),
        (
            json!({ "type": "start", "game": "chess", "moves": ["e2e5"] }),
            "invalid",
        ),
        (json!({ "type": "start", "game": "go" }), "bad_setup"),
        (
            json!({ "type": "start", "game_id": "77", "ply": 0 }),
            "unknown_game",
        ),
        (json!({ "type": "move", "move": "e4" }), "bad_message"),
    ] {
        send(&mut socket, bad.clone()).await;
        let error = until(&mut socket, "error", None).await;
        assert_eq!(error["code"], code, "{bad}: {error}");
    }
    socket.send(Message::text("not json at all")).await.unwrap();
    assert_eq!(
        until(&mut socket, "error", None).await["code"],
        "bad_message"
    );
    // The first analysis was never stopped by any of them.
    until(&mut socket, "analysis", Some(id)).await;
    send(&mut socket, json!({ "type": "ping" })).await;
    until(&mut socket, "pong", None).await;
    send(&mut socket, json!({ "type": "stop" })).await;
    until(&mut socket, "done", Some(id)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_that_goes_away_stops_its_analysis() {
    let state = AppState::new(Store::in_memory().unwrap(), 1);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let bound = listener.local_addr().unwrap();
    let router = app(state, Access::new(bound, &[]));
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    let url = format!("ws://{bound}/api/analysis/ws");
    let (mut first, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    send(&mut first, json!({ "type": "start", "game": "chess" })).await;
    until(&mut first, "analysis", None).await;
    drop(first);
    // One permit only: a second page's analysis runs once the first gave it back.
    let (mut second, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    send(&mut second, json!({ "type": "start", "game": "chess" })).await;
    let id = until(&mut second, "started", None).await["id"].as_u64();
    until(&mut second, "analysis", id).await;
    send(&mut second, json!({ "type": "stop" })).await;
    until(&mut second, "done", id).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_has_nothing_to_analyse() {
    let mut socket = connect().await;
    // Fool's mate: White is mated.
    send(
        &mut socket,
        json!({ "type": "start", "game": "chess", "moves": ["f2f3", "e7e5", "g2g4", "d8h4"] }),
    )
    .await;
    let id = until(&mut socket, "started", None).await["id"]
        .as_u64()
        .unwrap();
    let done = until(&mut socket, "done", Some(id)).await;
    assert_eq!(done["reason"], "game_over");
}
