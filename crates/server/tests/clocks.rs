//! Games with clocks through the API: a game lost on time whether or not
//! anyone moves, a move after the flag refused, the computer playing on its
//! clock, and a clock that survives the server's restart.

mod common;

use std::time::Duration;

use axum::http::StatusCode;
use banco_server::Store;
use common::{Server, server};
use serde_json::{Value, json};

fn clocked(first: &Value, second: &Value, initial_ms: u64, increment_ms: u64) -> Value {
    json!({
        "game": "chess",
        "players": { "first": first, "second": second },
        "clock": { "initial_ms": initial_ms, "increment_ms": increment_ms },
    })
}

fn human() -> Value {
    json!({ "type": "human" })
}

fn id_of(game: &Value) -> i64 {
    game["id"].as_i64().unwrap()
}

/// Waits, version by version, until `done` holds of the game (at most 20 s).
async fn wait_until(s: &Server, id: i64, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    let mut game = s.get(&format!("/api/games/{id}")).await.json();
    while !done(&game) {
        assert!(tokio::time::Instant::now() < deadline, "waited for: {game}");
        let version = game["version"].as_u64().unwrap();
        game = s.wait(id, version).await;
    }
    game
}

#[tokio::test]
async fn the_side_to_move_loses_on_time_with_nobody_moving() {
    let s = server();
    let game = s.create(clocked(&human(), &human(), 1_000, 0)).await;
    let id = id_of(&game);
    assert_eq!(game["clock"]["remaining_ms"], json!([1_000, 1_000]));
    assert_eq!(game["clock"]["running"], Value::Null);
    // The first move is free and starts Black's clock.
    let after = s.play(id, "e4").await;
    assert_eq!(after["clock"]["running"], "second");
    let over = wait_until(&s, id, |g| !g["ending"].is_null()).await;
    assert_eq!(over["ending"]["reason"], "time");
    assert_eq!(over["ending"]["text"], "Black's time is up: White wins");
    assert_eq!(over["clock"]["remaining_ms"][1], 0);
    assert_eq!(over["clock"]["running"], Value::Null);
    assert_eq!(over["legal_moves"], json!([]), "nothing is left to play");
    let stored = s.store.get(id).await.unwrap().unwrap();
    assert_eq!(stored.result, "1-0");

    // Too late: the move is refused, and the loss stands through an undo.
    let late = s
        .post(&format!("/api/games/{id}/moves"), json!({ "move": "e5" }))
        .await;
    assert_eq!(late.error_code(), "game_over", "{}", late.text);
    let undo = s.post(&format!("/api/games/{id}/undo"), json!({})).await;
    assert_eq!(undo.error_code(), "nothing_to_undo", "{}", undo.text);
    // A reset starts over with full clocks.
    let reset = s.post(&format!("/api/games/{id}/reset"), json!({})).await;
    assert_eq!(reset.status, StatusCode::OK, "{}", reset.text);
    let reset = reset.json();
    assert_eq!(reset["ending"], Value::Null);
    assert_eq!(reset["clock"]["remaining_ms"], json!([1_000, 1_000]));
}

#[tokio::test]
async fn time_up_against_a_lone_king_is_a_draw() {
    let s = server();
    let mut body = clocked(&human(), &human(), 1_000, 0);
    // White has a rook; Black only its king, which cannot mate.
    body["position"] = json!("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let id = id_of(&s.create(body).await);
    s.play(id, "Ra2").await;
    s.play(id, "Kd7").await;
    let over = wait_until(&s, id, |g| !g["ending"].is_null()).await;
    assert_eq!(
        over["ending"]["text"],
        "White's time is up, but Black cannot win: draw"
    );
    assert_eq!(over["ending"]["result"], "1/2-1/2");
}

#[tokio::test]
async fn increments_are_added_after_each_charged_move() {
    let s = server();
    let id = id_of(&s.create(clocked(&human(), &human(), 60_000, 5_000)).await);
    let asked = std::time::Instant::now();
    s.play(id, "e4").await;
    let after = s.play(id, "e5").await;
    // Black is charged at most the time its move took (give or take the
    // two clocks' millisecond rounding), and gets five seconds for it.
    let took = i64::try_from(asked.elapsed().as_millis()).unwrap();
    let black = after["clock"]["remaining_ms"][1].as_i64().unwrap();
    assert!((65_000 - took - 2..=65_000).contains(&black), "{after}");
    // White's first move was free; its clock runs again from Black's move,
    // so the answer may already show a millisecond or two gone.
    let white = after["clock"]["remaining_ms"][0].as_i64().unwrap();
    assert!((60_000 - took - 2..=60_000).contains(&white), "{after}");
    assert_eq!(after["clock"]["running"], "first");
}

#[tokio::test]
async fn the_computer_plays_on_its_clock() {
    let s = server();
    let computer = json!({ "type": "computer", "level": 10, "movetime_ms": 60_000 });
    let id = id_of(&s.create(clocked(&human(), &computer, 4_000, 0)).await);
    let started = std::time::Instant::now();
    s.play(id, "e4").await;
    let game = wait_until(&s, id, |g| g["plies"] == 2).await;
    // It budgets from its 4 s, not the 60 s move time it was given.
    assert!(started.elapsed() < Duration::from_secs(3), "{game}");
    let left = game["clock"]["remaining_ms"][1].as_i64().unwrap();
    assert!((1_000..4_000).contains(&left), "{game}");
    assert_eq!(game["clock"]["running"], "first");
}

#[tokio::test]
async fn a_clock_survives_a_restart_without_charging_the_time_the_server_was_down() {
    let dir = std::env::temp_dir().join(format!("banco-clocks-{}", std::process::id()));
    let path = dir.join("games.sqlite3");
    let _ = std::fs::remove_dir_all(&dir);
    let id = {
        let s = Server::on(Store::open(&path).unwrap());
        let id = id_of(&s.create(clocked(&human(), &human(), 30_000, 0)).await);
        s.play(id, "e4").await;
        s.play(id, "e5").await;
        id
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    let s = Server::on(Store::open(&path).unwrap());
    let game = s.get(&format!("/api/games/{id}")).await.json();
    let clock = &game["clock"];
    assert_eq!(clock["initial_ms"], 30_000);
    assert_eq!(clock["running"], "first");
    // White's clock runs again from the restart, with White's time intact.
    let white = clock["remaining_ms"][0].as_i64().unwrap();
    assert!((29_800..=30_000).contains(&white), "{game}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn bad_clocks_are_refused_and_make_nothing() {
    let s = server();
    for (body, field) in [
        (clocked(&human(), &human(), 500, 0), "clock.initial_ms"),
        (
            clocked(&human(), &human(), 60_000, 600_000),
            "clock.increment_ms",
        ),
        (
            clocked(
                &json!({ "type": "computer" }),
                &json!({ "type": "computer" }),
                60_000,
                0,
            ),
            "clock",
        ),
    ] {
        let answer = s.post("/api/games", body).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.text);
        assert!(answer.error_message().contains(field), "{}", answer.text);
    }
    assert!(s.store.list(10).await.unwrap().is_empty());
    // Nor may a clocked game be handed to two computers.
    let id = id_of(&s.create(clocked(&human(), &human(), 60_000, 0)).await);
    let answer = s
        .post(
            &format!("/api/games/{id}/players"),
            json!({ "players": { "first": { "type": "computer" }, "second": { "type": "computer" } } }),
        )
        .await;
    assert!(answer.error_message().contains("clock"), "{}", answer.text);
}
