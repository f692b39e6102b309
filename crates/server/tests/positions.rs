//! Positions away from a game: variations played through the API leave the
//! game as it was.

mod common;

use axum::http::StatusCode;
use serde_json::json;

use common::server;

#[tokio::test]
async fn a_variation_from_a_stored_game_comes_back_in_both_notations() {
    let server = server();
    let id = server
        .create(json!({ "game": "chess", "players": { "first": { "type": "human" }, "second": { "type": "human" } } }))
        .await["id"]
        .as_i64()
        .unwrap();
    server.play(id, "e4").await;
    server.play(id, "e5").await;
    let before = server.snapshot(id).await;
    let answer = server
        .post(
            "/api/positions",
            json!({ "game_id": id.to_string(), "ply": 1, "moves": ["c7c5", "Nf3"] }),
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    let view = answer.json();
    let codes: Vec<&str> = view["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["c7c5", "g1f3"]);
    assert_eq!(view["moves"][1]["text"], "Nf3");
    assert_eq!(view["moves"][1]["from"], "g1");
    assert_eq!(view["side_to_move"], "second");
    // The start, e4, then the two moves of the variation.
    assert_eq!(view["snapshots"].as_array().unwrap().len(), 4);
    assert!(view["legal_moves"].as_array().unwrap().len() > 20);
    assert_eq!(view["ending"], serde_json::Value::Null);
    assert_eq!(server.snapshot(id).await, before, "the game is untouched");
}

#[tokio::test]
async fn a_position_without_a_game_and_its_ending() {
    let server = server();
    let view = server
        .post(
            "/api/positions",
            json!({ "game": "chess", "moves": ["f3", "e5", "g4", "Qh4#"] }),
        )
        .await
        .json();
    assert_eq!(view["ending"]["reason"], "checkmate");
    assert_eq!(view["legal_moves"].as_array().unwrap().len(), 0);
    let gomoku = server
        .post(
            "/api/positions",
            json!({ "game": "gomoku", "rule": "renju", "moves": ["h8", "i9"] }),
        )
        .await
        .json();
    assert_eq!(gomoku["moves"][1]["code"], "i9");
    assert_eq!(gomoku["side_to_move"], "first");
}

#[tokio::test]
async fn bad_positions_name_the_problem() {
    let server = server();
    let answer = server
        .post(
            "/api/positions",
            json!({ "game": "chess", "moves": ["e4", "e4"] }),
        )
        .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert!(
        answer.error_message().starts_with("moves: move 2 (e4)"),
        "{}",
        answer.text
    );
    let answer = server
        .post("/api/positions", json!({ "game_id": "1", "ply": 0 }))
        .await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);
    let answer = server
        .post("/api/positions", json!({ "game": "chess", "ply": 3 }))
        .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert!(
        answer.error_message().starts_with("ply:"),
        "{}",
        answer.text
    );
    let answer = server
        .post(
            "/api/positions",
            json!({ "game": "chess", "colour": "white" }),
        )
        .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
}
