//! The evaluation explained through the API: terms that add up to the
//! score, with their points, for every game; bad requests refused.

mod common;

use axum::http::StatusCode;
use serde_json::{Value, json};

use common::server;

fn sum(values: &[Value], key: &str) -> f64 {
    values.iter().map(|v| v[key].as_f64().unwrap()).sum()
}

#[tokio::test]
async fn every_game_and_evaluator_adds_up() {
    let server = server();
    for (game, moves) in [
        ("chess", json!(["e4", "d5", "exd5"])),
        ("xiangqi", json!(["h2e2", "h9g7"])),
        ("gomoku", json!(["h8", "h9", "i8"])),
    ] {
        for evaluator in ["simple", "strong"] {
            let answer = server
                .post(
                    "/api/evaluation",
                    json!({ "game": game, "moves": moves, "evaluator": evaluator }),
                )
                .await;
            assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
            let view = answer.json();
            assert_eq!(view["evaluator"], evaluator);
            let score = view["first_player_score"].as_f64().unwrap();
            let terms = view["terms"].as_array().unwrap();
            assert!(!terms.is_empty(), "{game} {evaluator}");
            assert!(
                (sum(terms, "value") - score).abs() < 1e-6,
                "{game} {evaluator}"
            );
            let groups = view["groups"].as_array().unwrap();
            assert!(
                (sum(groups, "total") - score).abs() < 1e-6,
                "{game} {evaluator}"
            );
            assert!(terms.iter().any(|t| t["point"].is_string()), "{game}");
            // The side to move is the second player after an odd number of moves.
            let expected = if moves.as_array().unwrap().len() % 2 == 1 {
                -score
            } else {
                score
            };
            assert_eq!(view["score"].as_f64().unwrap(), expected, "{game}");
        }
    }
}

#[tokio::test]
async fn the_learned_evaluation_is_one_term_and_only_where_a_game_has_a_net() {
    let server = server();
    for (game, moves) in [
        ("chess", json!(["e4", "d5", "exd5"])),
        ("xiangqi", json!(["h2e2", "h9g7"])),
    ] {
        let answer = server
            .post(
                "/api/evaluation",
                json!({ "game": game, "moves": moves, "evaluator": "nnue" }),
            )
            .await;
        assert_eq!(answer.status, StatusCode::OK, "{game}: {}", answer.text);
        let view = answer.json();
        assert_eq!(view["evaluator"], "nnue");
        let terms = view["terms"].as_array().unwrap();
        assert_eq!(terms.len(), 1, "{view}");
        assert_eq!(
            terms[0]["value"].as_f64().unwrap(),
            view["first_player_score"].as_f64().unwrap()
        );
    }
    for game in ["gomoku"] {
        let answer = server
            .post(
                "/api/evaluation",
                json!({ "game": game, "evaluator": "nnue" }),
            )
            .await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.text);
        assert!(answer.text.contains("evaluator"), "{}", answer.text);
    }
    let meta = server.get("/api/meta").await.json();
    for (kind, has_net) in [("chess", true), ("xiangqi", true), ("gomoku", false)] {
        let game = meta["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["kind"] == kind)
            .unwrap()
            .clone();
        let offered = game["evaluators"].as_array().unwrap();
        assert_eq!(offered.contains(&json!("nnue")), has_net, "{kind}");
    }
}

#[tokio::test]
async fn a_stored_games_position_is_explained_at_its_ply() {
    let server = server();
    let id = server
        .create(json!({ "game": "chess", "players": { "first": { "type": "human" }, "second": { "type": "human" } } }))
        .await["id"]
        .as_i64()
        .unwrap();
    for mv in ["e2e4", "d7d5", "e4d5"] {
        server.play(id, mv).await;
    }
    let view = server
        .post(
            "/api/evaluation",
            json!({ "game_id": id.to_string(), "ply": 3 }),
        )
        .await
        .json();
    let material = view["groups"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["group"] == "material")
        .unwrap()
        .clone();
    // A pawn up, in PeSTO's blend of middlegame and endgame pawn values.
    let pawn = material["total"].as_f64().unwrap();
    assert!((82.0..=94.0).contains(&pawn), "{material}");
    assert!(view["blend"].as_str().unwrap().contains("phase"));
}

#[tokio::test]
async fn bad_requests_are_refused_with_the_field() {
    let server = server();
    for (body, field) in [
        (
            json!({ "game": "chess", "evaluator": "nnue2" }),
            "evaluator",
        ),
        (json!({ "game": "go" }), "game"),
        (json!({ "game": "chess", "moves": ["e5"] }), "moves"),
        (json!({ "game_id": "1" }), "ply"),
    ] {
        let answer = server.post("/api/evaluation", body.clone()).await;
        assert_eq!(
            answer.status,
            StatusCode::BAD_REQUEST,
            "{body}: {}",
            answer.text
        );
        assert!(answer.text.contains(field), "{body}: {}", answer.text);
    }
    let answer = server
        .post("/api/evaluation", json!({ "game": "chess", "depth": 3 }))
        .await;
    assert!(answer.status.is_client_error(), "{}", answer.text);
}
