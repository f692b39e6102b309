//! Game review through the API: every position searched, the losing moves
//! judged for the side that played them, bad requests refused.

mod common;

use axum::http::StatusCode;
use serde_json::{Value, json};

use common::server;

fn hvh(game: &str) -> Value {
    json!({ "game": game, "players": { "first": { "type": "human" }, "second": { "type": "human" } } })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mated_side_is_told_which_move_lost() {
    let server = server();
    let id = server.create(hvh("chess")).await["id"].as_i64().unwrap();
    // Fool's mate: White's g4 lets the queen mate at once.
    for mv in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        server.play(id, mv).await;
    }
    let answer = server
        .post(
            &format!("/api/games/{id}/review"),
            json!({ "nodes": 20000 }),
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    let review = answer.json();
    assert_eq!(review["complete"], true);
    let positions = review["positions"].as_array().unwrap();
    assert_eq!(positions.len(), 5);
    assert_eq!(positions[4]["ended"], "second");
    assert!(positions[0]["best"].is_string());
    // Before Qh4 Black had mate in one, and took it.
    assert_eq!(positions[3]["score_first"]["kind"], "mate");
    let moves = review["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 4);
    let g4 = &moves[2];
    assert_eq!(g4["side"], "first");
    assert_eq!(g4["played_text"], "g4");
    assert_eq!(g4["judgement"], "blunder");
    assert_ne!(g4["best"], "g2g4");
    assert!(g4["best_text"].is_string());
    let mate = &moves[3];
    assert_eq!(mate["judgement"], Value::Null);
    assert_eq!(mate["loss"], 0.0);
    assert!(review["summary"][0]["blunders"].as_u64().unwrap() >= 1);
    assert_eq!(review["summary"][1]["blunders"], 0);
}

#[tokio::test]
async fn a_game_without_moves_has_one_position_and_no_judgements() {
    let server = server();
    let id = server.create(hvh("gomoku")).await["id"].as_i64().unwrap();
    let review = server
        .post(&format!("/api/games/{id}/review"), json!({ "nodes": 2000 }))
        .await
        .json();
    assert_eq!(review["positions"].as_array().unwrap().len(), 1);
    assert_eq!(review["moves"].as_array().unwrap().len(), 0);
    assert_eq!(review["complete"], true);
}

#[tokio::test]
async fn bad_reviews_are_refused() {
    let server = server();
    let id = server.create(hvh("xiangqi")).await["id"].as_i64().unwrap();
    let answer = server
        .post(&format!("/api/games/{id}/review"), json!({ "nodes": 5 }))
        .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert!(
        answer.error_message().starts_with("nodes:"),
        "{}",
        answer.text
    );
    let answer = server
        .post(&format!("/api/games/{id}/review"), json!({ "depth": 5 }))
        .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    let answer = server.post("/api/games/999/review", json!({})).await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);
    assert_eq!(answer.error_code(), "unknown_game");
}
