//! The WebSocket feed over a real socket: the state on connect, the
//! computer's iterations while it thinks, the new state after its move.

use std::time::Duration;

use banco_server::{Access, AppState, Store, app};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

async fn serve() -> (String, AppState) {
    let state = AppState::new(Store::in_memory().unwrap(), 2);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let bound = listener.local_addr().unwrap();
    let addr = bound.to_string();
    let router = app(state.clone(), Access::new(bound, &[]));
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (addr, state)
}

async fn post(addr: &str, path: &str, body: &Value) -> Value {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let body = body.to_string();
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).await.unwrap();
    serde_json::from_str(response.split_once("\r\n\r\n").unwrap().1).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_feed_streams_the_search_and_the_reply() {
    let (addr, _state) = serve().await;
    let game = post(
        &addr,
        "/api/games",
        &json!({
            "game": "chess",
            "players": { "first": { "type": "human" }, "second": { "type": "computer", "level": 4, "movetime_ms": 300 } },
        }),
    )
    .await;
    let id = game["id"].as_i64().unwrap();
    let (mut socket, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws"))
            .await
            .unwrap();
    let mut next = async || -> Value {
        let message = tokio::time::timeout(Duration::from_secs(30), socket.next())
            .await
            .expect("a message in time")
            .unwrap()
            .unwrap();
        serde_json::from_str(message.to_text().unwrap()).unwrap()
    };
    let first = next().await;
    assert_eq!(first["type"], "state");
    assert_eq!(first["game"]["plies"], 0);

    post(
        &addr,
        &format!("/api/games/{id}/moves"),
        &json!({ "move": "e4" }),
    )
    .await;
    let mut kinds = Vec::new();
    let mut infos = Vec::new();
    loop {
        let message = next().await;
        kinds.push(message["type"].as_str().unwrap().to_owned());
        if message["type"] == "info" {
            infos.push(message["info"].clone());
        }
        if message["type"] == "state" && message["game"]["plies"] == 2 {
            break;
        }
    }
    assert!(kinds.contains(&"thinking".to_owned()), "{kinds:?}");
    assert!(!infos.is_empty(), "{kinds:?}");
    let depths: Vec<u64> = infos.iter().map(|i| i["depth"].as_u64().unwrap()).collect();
    assert!(
        depths.windows(2).all(|w| w[0] < w[1]),
        "one report per iteration: {depths:?}"
    );
    let last = infos.last().unwrap();
    for field in ["nodes", "leaf_nodes", "cutoffs", "time_ms", "nps"] {
        assert!(last[field].is_u64(), "{field} in {last}");
    }
    assert!(
        last["pv"].as_array().is_some_and(|pv| !pv.is_empty()),
        "{last}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pings_are_answered_and_other_sites_refused() {
    let (addr, _state) = serve().await;
    let game = post(&addr, "/api/games", &json!({ "game": "xiangqi" })).await;
    let id = game["id"].as_i64().unwrap();
    let (mut socket, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws"))
            .await
            .unwrap();
    let _state = socket.next().await.unwrap().unwrap();
    socket
        .send(Message::text(r#"{"type":"ping"}"#))
        .await
        .unwrap();
    let reply = socket.next().await.unwrap().unwrap();
    assert!(reply.to_text().unwrap().contains("pong"));

    let mut request =
        tokio_tungstenite::tungstenite::client::IntoClientRequest::into_client_request(format!(
            "ws://{addr}/api/games/{id}/ws"
        ))
        .unwrap();
    request
        .headers_mut()
        .insert("Origin", "https://elsewhere.example".parse().unwrap());
    assert!(tokio_tungstenite::connect_async(request).await.is_err());
    assert!(
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/999/ws"))
            .await
            .is_err()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closing_the_last_page_stops_the_search() {
    let (addr, state) = serve().await;
    // Full strength with a long think: it would run for a minute.
    let game = post(
        &addr,
        "/api/games",
        &json!({
            "game": "chess",
            "players": { "first": { "type": "computer", "level": 10, "movetime_ms": 60000 }, "second": { "type": "human" } },
        }),
    )
    .await;
    let id = game["id"].as_i64().unwrap();
    let (mut socket, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws"))
            .await
            .unwrap();
    let _state = socket.next().await.unwrap().unwrap();
    let live = state.loaded(id).unwrap();
    assert!(
        live.lock().await.thinking(),
        "the computer thinks while watched"
    );
    socket.close(None).await.unwrap();
    drop(socket);
    let mut stopped = false;
    for _ in 0..100 {
        tokio::time::sleep(Duration::from_millis(50)).await;
        if !live.lock().await.thinking() {
            stopped = true;
            break;
        }
    }
    assert!(stopped, "the search stops when the page goes");
    assert_eq!(
        live.lock().await.game().moves().len(),
        0,
        "and its move is not played"
    );
}
