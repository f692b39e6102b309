//! The HTTP API in process: every endpoint, and every kind of bad request
//! answered with a JSON error that names it while the stored game stays as it was.

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use banco_server::{Access, AppState, Store, app};
use common::{Server, server};
use serde_json::{Value, json};
use tower::ServiceExt;

fn hvh(game: &str) -> Value {
    json!({ "game": game, "players": { "first": { "type": "human" }, "second": { "type": "human" } } })
}

fn versus_computer(game: &str) -> Value {
    json!({
        "game": game,
        "players": {
            "first": { "type": "human" },
            "second": { "type": "computer", "level": 1, "movetime_ms": 200 },
        },
    })
}

#[tokio::test]
async fn meta_describes_every_game() {
    let s = server();
    let meta = s.get("/api/meta").await.json();
    let kinds: Vec<&str> = meta["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["chess", "xiangqi", "gomoku"]);
    let gomoku = &meta["games"][2];
    assert_eq!(
        gomoku["rules"],
        json!(["freestyle", "standard", "caro", "renju"])
    );
    assert_eq!(gomoku["sizes"][0], 15);
    assert_eq!(
        meta["algorithms"],
        json!(["minimax", "alphabeta", "engine", "mtdf"])
    );
}

#[tokio::test]
async fn a_chess_game_is_created_played_listed_and_reopened() {
    let s = server();
    let game = s.create(hvh("chess")).await;
    let id = game["id"].as_i64().unwrap();
    assert_eq!(game["kind"], "chess");
    assert_eq!(game["legal_moves"].as_array().unwrap().len(), 20);
    assert_eq!(game["side_to_move"], "first");
    assert_eq!(game["turn_player"], "human");
    let after = s.play(id, "e2e4").await;
    assert_eq!(after["moves"][0]["text"], "e4");
    let after = s.play(id, "Nf6").await;
    assert_eq!(after["moves"][1]["code"], "g8f6");
    assert_eq!(after["snapshots"].as_array().unwrap().len(), 3);
    let reopened = s.get(&format!("/api/games/{id}")).await.json();
    assert_eq!(reopened["plies"], 2);
    let list = s.get("/api/games").await.json();
    assert_eq!(list["games"][0]["id"], id);
    assert_eq!(list["games"][0]["plies"], 2);
    let row = s.store.get(id).await.unwrap().unwrap();
    assert_eq!(row.moves, ["e2e4", "g8f6"]);
}

#[tokio::test]
async fn illegal_moves_are_refused_and_change_nothing() {
    let s = server();
    let id = s.create(hvh("chess")).await["id"].as_i64().unwrap();
    s.play(id, "e2e4").await;
    let before = s.snapshot(id).await;
    for bad in ["e2e4", "e7e4", "Ke2", "hello", "z9z9", "e7e8q"] {
        let answer = s
            .post(&format!("/api/games/{id}/moves"), json!({ "move": bad }))
            .await;
        assert_eq!(
            answer.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{bad}: {}",
            answer.text
        );
        assert_eq!(answer.error_code(), "illegal_move");
        assert!(answer.error_message().contains(bad), "{}", answer.text);
        assert_eq!(s.snapshot(id).await, before, "{bad}");
    }
}

#[tokio::test]
async fn bad_bodies_name_the_problem_and_change_nothing() {
    let s = server();
    let id = s.create(hvh("chess")).await["id"].as_i64().unwrap();
    let before = s.snapshot(id).await;
    let uri = format!("/api/games/{id}/moves");
    let cases: Vec<(Option<&str>, String, StatusCode, &str, &str)> = vec![
        (
            Some("application/json"),
            "{".into(),
            StatusCode::BAD_REQUEST,
            "bad_body",
            "EOF",
        ),
        (
            Some("application/json"),
            "".into(),
            StatusCode::BAD_REQUEST,
            "bad_body",
            "JSON object",
        ),
        (
            Some("application/json"),
            "[]".into(),
            StatusCode::BAD_REQUEST,
            "bad_body",
            "JSON object",
        ),
        (
            Some("application/json"),
            r#"{"mvoe":"e2e4"}"#.into(),
            StatusCode::BAD_REQUEST,
            "bad_body",
            "unknown field `mvoe`",
        ),
        (
            Some("application/json"),
            r#"{"move":5}"#.into(),
            StatusCode::BAD_REQUEST,
            "bad_body",
            "invalid type",
        ),
        (
            Some("application/json"),
            r#"{"move":"  "}"#.into(),
            StatusCode::BAD_REQUEST,
            "invalid",
            "move: empty",
        ),
        (
            Some("application/json"),
            format!(r#"{{"move":"{}"}}"#, "e".repeat(40)),
            StatusCode::BAD_REQUEST,
            "invalid",
            "longer than",
        ),
        (
            Some("text/plain"),
            r#"{"move":"e2e4"}"#.into(),
            StatusCode::BAD_REQUEST,
            "bad_body",
            "Content-Type",
        ),
        (
            None,
            r#"{"move":"e2e4"}"#.into(),
            StatusCode::BAD_REQUEST,
            "bad_body",
            "Content-Type",
        ),
        (
            Some("application/json"),
            format!(r#"{{"move":"{}"}}"#, "x".repeat(20_000)),
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
            "too large",
        ),
    ];
    for (content_type, body, status, code, words) in cases {
        let answer = s.send("POST", &uri, content_type, &body).await;
        let shown: String = body.chars().take(40).collect();
        assert_eq!(answer.status, status, "{shown}: {}", answer.text);
        assert_eq!(answer.error_code(), code, "{shown}");
        assert!(
            answer.error_message().contains(words),
            "{shown}: {}",
            answer.text
        );
        assert_eq!(s.snapshot(id).await, before, "{shown}");
    }
    // Every other endpoint with a body refuses a wrong one the same way.
    for endpoint in ["undo", "reset", "resign", "position", "players", "control"] {
        let answer = s
            .post(
                &format!("/api/games/{id}/{endpoint}"),
                json!({ "nonsense": 1 }),
            )
            .await;
        assert_eq!(
            answer.status,
            StatusCode::BAD_REQUEST,
            "{endpoint}: {}",
            answer.text
        );
        assert!(
            answer.error_message().contains("nonsense"),
            "{endpoint}: {}",
            answer.text
        );
        assert_eq!(s.snapshot(id).await, before, "{endpoint}");
    }
}

#[tokio::test]
async fn bad_creations_say_what_is_wrong() {
    let s = server();
    let cases = [
        (json!({ "game": "checkers" }), "unknown game 'checkers'"),
        (
            json!({ "game": "chess", "rule": "chess960" }),
            "chess has no rule 'chess960'",
        ),
        (json!({ "game": "chess", "size": 15 }), "one size"),
        (
            json!({ "game": "chess", "position": "not a fen" }),
            "bad FEN",
        ),
        (
            json!({ "game": "xiangqi", "position": "rnbakabnr/9/9/9/9/9/9/9/9/RNBAKABNR w" }),
            "bad FEN",
        ),
        (
            json!({ "game": "chess", "players": { "first": { "type": "robot" }, "second": { "type": "human" } } }),
            "unknown variant `robot`",
        ),
        (
            json!({ "game": "chess", "players": { "first": { "type": "computer", "level": 11 }, "second": { "type": "human" } } }),
            "players.first.level",
        ),
        (
            json!({ "game": "chess", "players": { "first": { "type": "human" }, "second": { "type": "computer", "movetime_ms": 5 } } }),
            "players.second.movetime_ms",
        ),
        (
            json!({ "game": "chess", "players": { "first": { "type": "human" }, "second": { "type": "computer", "depth": 0 } } }),
            "players.second.depth",
        ),
        (
            json!({ "game": "chess", "players": { "first": { "type": "human" }, "second": { "type": "computer", "algorithm": "negascout" } } }),
            "negascout",
        ),
        (
            json!({ "game": "chess", "colour": "white" }),
            "unknown field `colour`",
        ),
    ];
    for (body, words) in cases {
        let answer = s.post("/api/games", body.clone()).await;
        assert_eq!(
            answer.status,
            StatusCode::BAD_REQUEST,
            "{body}: {}",
            answer.text
        );
        assert!(
            answer.error_message().contains(words),
            "{body}: {}",
            answer.text
        );
    }
    assert_eq!(s.get("/api/games").await.json()["games"], json!([]));
}

#[tokio::test]
async fn unknown_games_and_paths_are_404s() {
    let s = server();
    for uri in [
        "/api/games/999",
        "/api/games/abc",
        "/api/games/999/export",
        "/api/games/-1",
    ] {
        let answer = s.get(uri).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{uri}");
        assert_eq!(answer.error_code(), "unknown_game", "{uri}");
    }
    for endpoint in [
        "moves", "undo", "reset", "resign", "position", "players", "control",
    ] {
        let body = match endpoint {
            "moves" => json!({ "move": "e2e4" }),
            "position" => json!({ "position": "8/8/8/8/8/8/8/8 w - - 0 1" }),
            "players" => {
                json!({ "players": { "first": { "type": "human" }, "second": { "type": "human" } } })
            }
            "control" => json!({ "action": "pause" }),
            _ => json!({}),
        };
        let answer = s.post(&format!("/api/games/42/{endpoint}"), body).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{endpoint}");
        assert!(
            answer.error_message().contains("unknown game '42'"),
            "{}",
            answer.text
        );
    }
    let answer = s.get("/api/nothing").await;
    assert_eq!(
        (answer.status, answer.error_code().as_str()),
        (StatusCode::NOT_FOUND, "not_found")
    );
    assert_eq!(s.get("/nothing.js").await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_page_and_its_scripts_are_served() {
    let s = server();
    let page = s.get("/").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.text
            .contains("<script type=\"module\" src=\"/app.js\"></script>"),
        "{}",
        page.text
    );
    for path in [
        "/app.js",
        "/style.css",
        "/boards/chess.js",
        "/boards/xiangqi.js",
    ] {
        let asset = s.get(path).await;
        assert_eq!(asset.status, StatusCode::OK, "{path}");
        assert!(!asset.text.is_empty(), "{path}");
    }
}

#[tokio::test]
async fn the_lab_page_is_served_with_its_query() {
    let s = server();
    for path in ["/lab", "/lab/", "/lab?game=chess&depth=3"] {
        let page = s.get(path).await;
        assert_eq!(page.status, StatusCode::OK, "{path}");
        assert!(
            page.text
                .contains("<script type=\"module\" src=\"/lab.js\"></script>"),
            "{path}: {}",
            page.text
        );
    }
    for path in [
        "/lab.js",
        "/lab.css",
        "/lablink.js",
        "/lab/race.js",
        "/lab/tree.js",
        "/lab/notes.js",
    ] {
        let asset = s.get(path).await;
        assert_eq!(asset.status, StatusCode::OK, "{path}");
        assert!(!asset.text.is_empty(), "{path}");
    }
    // The game page links to the lab.
    assert!(s.get("/").await.text.contains("href=\"/lab\""));
}

#[tokio::test]
async fn moves_out_of_turn_are_refused() {
    let s = server();
    // The computer plays white and is paused, so it stays its turn.
    let game = s
        .create(json!({
            "game": "chess",
            "paused": true,
            "players": { "first": { "type": "computer", "level": 1 }, "second": { "type": "human" } },
        }))
        .await;
    let id = game["id"].as_i64().unwrap();
    let before = s.snapshot(id).await;
    let answer = s
        .post(&format!("/api/games/{id}/moves"), json!({ "move": "e2e4" }))
        .await;
    assert_eq!(answer.status, StatusCode::CONFLICT, "{}", answer.text);
    assert_eq!(answer.error_code(), "not_your_turn");
    assert!(
        answer.error_message().contains("the computer plays White"),
        "{}",
        answer.text
    );
    assert_eq!(s.snapshot(id).await, before);
    // A move made against an older state is refused too.
    let id = s.create(hvh("chess")).await["id"].as_i64().unwrap();
    s.play(id, "e2e4").await;
    let before = s.snapshot(id).await;
    let answer = s
        .post(
            &format!("/api/games/{id}/moves"),
            json!({ "move": "e7e5", "ply": 0 }),
        )
        .await;
    assert_eq!(
        (answer.status, answer.error_code().as_str()),
        (StatusCode::CONFLICT, "stale")
    );
    assert_eq!(s.snapshot(id).await, before);
    let answer = s
        .post(
            &format!("/api/games/{id}/moves"),
            json!({ "move": "e7e5", "ply": 1 }),
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
}

/// Page A saw 1.e4; page B took it back and played 1.d4. A's reply, sent
/// with what A saw, is refused although the move count is the same.
#[tokio::test]
async fn a_move_against_replaced_moves_is_stale() {
    let s = server();
    let id = s.create(hvh("chess")).await["id"].as_i64().unwrap();
    let seen_by_a = s.play(id, "e4").await["version"].as_u64().unwrap();
    let answer = s.post(&format!("/api/games/{id}/undo"), json!({})).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    let seen_by_b = s.play(id, "d4").await["version"].as_u64().unwrap();
    let before = s.snapshot(id).await;
    for (endpoint, body) in [
        (
            "moves",
            json!({ "move": "d7d5", "ply": 1, "version": seen_by_a }),
        ),
        ("moves", json!({ "move": "d7d5", "version": seen_by_a })),
        ("undo", json!({ "ply": 1, "version": seen_by_a })),
        ("reset", json!({ "version": seen_by_a })),
        // A version the game never reached (a server restarted since).
        (
            "moves",
            json!({ "move": "d7d5", "version": seen_by_b + 100 }),
        ),
    ] {
        let answer = s.post(&format!("/api/games/{id}/{endpoint}"), body).await;
        assert_eq!(
            (answer.status, answer.error_code().as_str()),
            (StatusCode::CONFLICT, "stale"),
            "{endpoint}: {}",
            answer.text
        );
        assert_eq!(s.snapshot(id).await, before, "{endpoint}");
    }
    // Changes that leave the moves alone do not make B's view stale.
    let answer = s
        .post(
            &format!("/api/games/{id}/control"),
            json!({ "action": "pause" }),
        )
        .await;
    assert!(answer.json()["version"].as_u64().unwrap() > seen_by_b);
    let answer = s
        .post(
            &format!("/api/games/{id}/moves"),
            json!({ "move": "d7d5", "ply": 1, "version": seen_by_b }),
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    assert_eq!(answer.json()["moves"][1]["code"], "d7d5");
}

#[tokio::test]
async fn the_computer_answers_and_reports_its_search() {
    let s = server();
    let game = s.create(versus_computer("chess")).await;
    let id = game["id"].as_i64().unwrap();
    let mut state = s.play(id, "e2e4").await;
    while state["plies"] != 2 {
        state = s.wait(id, state["version"].as_u64().unwrap()).await;
    }
    assert_eq!(state["moves"][1]["side"], "second");
    assert_eq!(state["turn_player"], "human");
    let search = &state["last_search"];
    assert_eq!(search["algorithm"], "engine");
    assert_eq!(search["level"], 1);
    assert!(search["depth"].as_u64().unwrap() >= 1, "{search}");
    assert!(search["nodes"].as_u64().unwrap() > 0, "{search}");
    assert!(search["leaf_nodes"].as_u64().unwrap() > 0, "{search}");
    assert!(!search["pv"].as_array().unwrap().is_empty(), "{search}");
    let stored = s.store.get(id).await.unwrap().unwrap();
    assert_eq!(stored.moves.len(), 2);

    // Undo against the computer goes back to before the person's move.
    let answer = s.post(&format!("/api/games/{id}/undo"), json!({})).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    assert_eq!(answer.json()["plies"], 0);
    assert!(s.store.get(id).await.unwrap().unwrap().moves.is_empty());
    let answer = s.post(&format!("/api/games/{id}/undo"), json!({})).await;
    assert_eq!(
        (answer.status, answer.error_code().as_str()),
        (StatusCode::CONFLICT, "nothing_to_undo")
    );
}

#[tokio::test]
async fn undo_and_reset_between_people() {
    let s = server();
    let id = s.create(hvh("chess")).await["id"].as_i64().unwrap();
    for mv in ["e4", "e5", "Nf3"] {
        s.play(id, mv).await;
    }
    let answer = s.post(&format!("/api/games/{id}/undo"), json!({})).await;
    assert_eq!(answer.json()["plies"], 2);
    let answer = s
        .post(&format!("/api/games/{id}/undo"), json!({ "ply": 5 }))
        .await;
    assert_eq!(answer.error_code(), "stale");
    let answer = s.post(&format!("/api/games/{id}/reset"), json!({})).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.json()["plies"], 0);
    assert!(s.store.get(id).await.unwrap().unwrap().moves.is_empty());
}

#[tokio::test]
async fn a_checkmate_from_a_loaded_position_ends_the_game() {
    let s = server();
    let id = s.create(hvh("chess")).await["id"].as_i64().unwrap();
    s.play(id, "e4").await;
    // Scholar's mate, one move before the end.
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    let answer = s
        .post(
            &format!("/api/games/{id}/position"),
            json!({ "position": fen }),
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    let loaded = answer.json();
    assert_eq!(
        (loaded["plies"].as_u64(), loaded["start"].as_str()),
        (Some(0), Some(fen))
    );
    let over = s.play(id, "Qxf7#").await;
    assert_eq!(over["ending"]["reason"], "checkmate");
    assert_eq!(over["ending"]["text"], "Checkmate: White wins");
    assert_eq!(over["legal_moves"], json!([]));
    assert_eq!(over["marks"]["check"], "e8");
    let answer = s
        .post(&format!("/api/games/{id}/moves"), json!({ "move": "Ke7" }))
        .await;
    assert_eq!(
        (answer.status, answer.error_code().as_str()),
        (StatusCode::CONFLICT, "game_over")
    );
    let pgn = s
        .get(&format!("/api/games/{id}/export?format=pgn"))
        .await
        .text;
    assert!(
        pgn.contains("[FEN \"r1bqkbnr") && pgn.contains("4. Qxf7# 1-0"),
        "{pgn}"
    );
    let row = s.store.get(id).await.unwrap().unwrap();
    assert_eq!(row.result, "1-0");
    let date = banco_games::record_date(row.created_at / 1000);
    assert!(pgn.contains(&format!("[Date \"{date}\"]")), "{pgn}");
    // A bad position changes nothing.
    let before = s.snapshot(id).await;
    let answer = s
        .post(
            &format!("/api/games/{id}/position"),
            json!({ "position": "8/8/8 w" }),
        )
        .await;
    assert_eq!(
        (answer.status, answer.error_code().as_str()),
        (StatusCode::BAD_REQUEST, "bad_setup")
    );
    assert_eq!(s.snapshot(id).await, before);
}

#[tokio::test]
async fn resigning_ends_the_game_and_the_records_say_so() {
    let s = server();
    let id = s.create(versus_computer("chess")).await["id"]
        .as_i64()
        .unwrap();
    let answer = s
        .post(
            &format!("/api/games/{id}/resign"),
            json!({ "side": "second" }),
        )
        .await;
    assert_eq!(
        answer.status,
        StatusCode::BAD_REQUEST,
        "the computer does not resign"
    );
    let answer = s.post(&format!("/api/games/{id}/resign"), json!({})).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    let ending = &answer.json()["ending"];
    assert_eq!(
        (ending["reason"].as_str(), ending["result"].as_str()),
        (Some("resignation"), Some("0-1"))
    );
    assert_eq!(ending["text"], "White resigns: Black wins");
    assert_eq!(
        answer.json()["legal_moves"],
        json!([]),
        "nothing is left to play"
    );
    let answer = s.post(&format!("/api/games/{id}/resign"), json!({})).await;
    assert_eq!(answer.error_code(), "game_over");
    let pgn = s
        .get(&format!("/api/games/{id}/export?format=pgn"))
        .await
        .text;
    assert!(
        pgn.contains("[Result \"0-1\"]") && pgn.trim_end().ends_with("0-1"),
        "{pgn}"
    );
    // Reopened from the store, it is still resigned.
    let row = s.store.get(id).await.unwrap().unwrap();
    assert_eq!(
        (row.resigned.as_deref(), row.result.as_str()),
        (Some("first"), "0-1")
    );
}

#[tokio::test]
async fn exports_in_each_format() {
    let s = server();
    let id = s.create(hvh("chess")).await["id"].as_i64().unwrap();
    s.play(id, "d4").await;
    let export = |format: &str| format!("/api/games/{id}/export?format={format}");
    assert_eq!(s.get(&export("moves")).await.text, "d2d4");
    assert!(
        s.get(&export("fen"))
            .await
            .text
            .starts_with("rnbqkbnr/pppppppp/8/8/3P4")
    );
    let pgn = s.get(&export("pgn")).await.text;
    assert!(
        pgn.contains("1. d4 *") && pgn.contains("[White \"Human\"]"),
        "{pgn}"
    );
    let answer = s.get(&export("sgf")).await;
    assert_eq!(
        (answer.status, answer.error_code().as_str()),
        (StatusCode::BAD_REQUEST, "no_such_export")
    );
    assert!(
        answer.error_message().contains("pgn, fen, moves"),
        "{}",
        answer.text
    );
    let xid = s.create(hvh("xiangqi")).await["id"].as_i64().unwrap();
    s.play(xid, "h2e2").await;
    let answer = s.get(&format!("/api/games/{xid}/export?format=pgn")).await;
    assert_eq!(answer.error_code(), "no_such_export");
    let fen = s
        .get(&format!("/api/games/{xid}/export?format=fen"))
        .await
        .text;
    assert_eq!(
        fen,
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
    );
}

#[tokio::test]
async fn xiangqi_reads_iccs_and_wxf_and_refuses_the_rest() {
    let s = server();
    let game = s.create(hvh("xiangqi")).await;
    let id = game["id"].as_i64().unwrap();
    assert_eq!(game["sides"], json!(["Red", "Black"]));
    assert_eq!(game["legal_moves"].as_array().unwrap().len(), 44);
    let after = s.play(id, "C2.5").await;
    assert_eq!(after["moves"][0]["code"], "h2e2");
    assert_eq!(after["moves"][0]["text"], "C2.5");
    let after = s.play(id, "h9g7").await;
    assert_eq!(after["moves"][1]["text"], "H8+7");
    let before = s.snapshot(id).await;
    for bad in ["e3e5", "a0a0", "Q2.5", "e0e2"] {
        let answer = s
            .post(&format!("/api/games/{id}/moves"), json!({ "move": bad }))
            .await;
        assert_eq!(
            answer.error_code(),
            "illegal_move",
            "{bad}: {}",
            answer.text
        );
        assert_eq!(s.snapshot(id).await, before, "{bad}");
    }
}

#[tokio::test]
async fn players_change_and_computers_pause_step_and_resume() {
    let s = server();
    let game = s
        .create(json!({
            "game": "xiangqi",
            "paused": true,
            "players": {
                "first": { "type": "computer", "level": 1, "movetime_ms": 100 },
                "second": { "type": "computer", "level": 1, "movetime_ms": 100 },
            },
        }))
        .await;
    let id = game["id"].as_i64().unwrap();
    assert_eq!(
        (game["paused"].as_bool(), game["plies"].as_u64()),
        (Some(true), Some(0))
    );
    let mut state = s
        .post(
            &format!("/api/games/{id}/control"),
            json!({ "action": "step" }),
        )
        .await
        .json();
    while state["plies"] == 0 {
        state = s.wait(id, state["version"].as_u64().unwrap()).await;
    }
    // One step is one move: the computers wait again.
    while state["thinking"] == true {
        state = s.wait(id, state["version"].as_u64().unwrap()).await;
    }
    assert_eq!(state["plies"], 1);
    assert_eq!(state["paused"], true);
    let answer = s
        .post(
            &format!("/api/games/{id}/control"),
            json!({ "action": "resume" }),
        )
        .await;
    assert_eq!(answer.json()["paused"], false);
    let mut state = answer.json();
    while state["plies"].as_u64().unwrap() < 3 {
        state = s.wait(id, state["version"].as_u64().unwrap()).await;
    }
    let paused = s
        .post(
            &format!("/api/games/{id}/control"),
            json!({ "action": "pause" }),
        )
        .await
        .json();
    assert_eq!(
        (paused["paused"].as_bool(), paused["thinking"].as_bool()),
        (Some(true), Some(false))
    );
    // Take over both sides.
    let answer = s
        .post(
            &format!("/api/games/{id}/players"),
            json!({ "players": { "first": { "type": "human" }, "second": { "type": "human" } } }),
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    assert_eq!(answer.json()["players"]["first"]["type"], "human");
    let row = s.store.get(id).await.unwrap().unwrap();
    assert!(row.players.contains("\"human\""), "{}", row.players);
    let answer = s
        .post(
            &format!("/api/games/{id}/players"),
            json!({ "players": { "first": { "type": "human" } } }),
        )
        .await;
    assert!(
        answer.error_message().contains("missing field `second`"),
        "{}",
        answer.text
    );
}

#[tokio::test]
async fn gomoku_takes_rule_size_points_and_move_lists() {
    let s = server();
    let game = s
        .create(json!({ "game": "gomoku", "rule": "renju", "size": 17, "players": { "first": { "type": "human" }, "second": { "type": "human" } } }))
        .await;
    let id = game["id"].as_i64().unwrap();
    assert_eq!(
        (game["rule"].as_str(), game["size"].as_u64()),
        (Some("renju"), Some(17))
    );
    assert_eq!(game["sides"], json!(["Black", "White"]));
    assert_eq!(game["legal_moves"].as_array().unwrap().len(), 17 * 17);
    assert_eq!(game["legal_moves"][0]["from"], Value::Null);
    let after = s.play(id, "i9").await;
    assert_eq!(after["moves"][0]["text"], "i9");
    let before = s.snapshot(id).await;
    for bad in ["i9", "r1", "a18", "zz", "8,8,8"] {
        let answer = s
            .post(&format!("/api/games/{id}/moves"), json!({ "move": bad }))
            .await;
        assert_eq!(
            answer.error_code(),
            "illegal_move",
            "{bad}: {}",
            answer.text
        );
        assert_eq!(s.snapshot(id).await, before, "{bad}");
    }
    // A position is a move list; five in a row ends the game with its line.
    let answer = s
        .post(
            &format!("/api/games/{id}/position"),
            json!({ "position": "h8 a1 i8 a2 j8 a3 k8 a4" }),
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    let over = s.play(id, "l8").await;
    assert_eq!(over["ending"]["reason"], "five");
    assert_eq!(over["ending"]["text"], "Five in a row: Black wins");
    assert_eq!(over["marks"]["line"], json!(["h8", "i8", "j8", "k8", "l8"]));
    let position = s
        .get(&format!("/api/games/{id}/export?format=position"))
        .await
        .text;
    assert_eq!(position, "h8 a1 i8 a2 j8 a3 k8 a4 l8");
    assert_eq!(
        s.get(&format!("/api/games/{id}/export?format=moves"))
            .await
            .text,
        "l8"
    );
    for (body, words) in [
        (
            json!({ "game": "gomoku", "rule": "swap2" }),
            "gomoku has no rule 'swap2'",
        ),
        (json!({ "game": "gomoku", "size": 21 }), "size 21"),
        (
            json!({ "game": "gomoku", "position": "h8 h8" }),
            "already taken",
        ),
    ] {
        let answer = s.post("/api/games", body.clone()).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{body}");
        assert!(
            answer.error_message().contains(words),
            "{body}: {}",
            answer.text
        );
    }
}

#[tokio::test]
async fn gomoku_against_the_computer() {
    let s = server();
    let game = s.create(versus_computer("gomoku")).await;
    let id = game["id"].as_i64().unwrap();
    let mut state = s.play(id, "h8").await;
    while state["plies"] != 2 {
        state = s.wait(id, state["version"].as_u64().unwrap()).await;
    }
    assert_eq!(state["moves"][1]["side"], "second");
    let answer = s.post(&format!("/api/games/{id}/undo"), json!({})).await;
    assert_eq!(answer.json()["plies"], 0);
}

/// When gomoku's threat search finds the computer's move, the page still
/// gets the search's report: the winning line, scored as a win.
#[tokio::test]
async fn a_threat_search_move_is_reported_to_the_page() {
    let s = server();
    // White (the computer) to move with an open three: it wins by fours.
    let game = s
        .create(json!({
            "game": "gomoku",
            "position": "a1 h8 a2 i8 a4 j8 o15",
            "players": {
                "first": { "type": "human" },
                "second": { "type": "computer", "level": 10, "movetime_ms": 300 },
            },
        }))
        .await;
    let id = game["id"].as_i64().unwrap();
    let mut state = game;
    // The start position holds the seven stones; the computer's is the first move.
    for _ in 0..20 {
        if state["plies"] == 1 {
            break;
        }
        state = s.wait(id, state["version"].as_u64().unwrap()).await;
    }
    assert_eq!(state["plies"], 1, "{state}");
    let search = &state["last_search"];
    assert_eq!(search["level"], 10, "{search}");
    assert_eq!(search["score"]["kind"], "mate", "{search}");
    assert!(search["score"]["value"].as_i64().unwrap() > 0, "{search}");
    let pv = search["pv"].as_array().unwrap();
    assert!(!pv.is_empty(), "{search}");
    assert_eq!(pv[0], state["moves"][0]["code"], "{search}");
}

/// Games come in from the records people keep: a PGN, WXF and ICCS moves,
/// gomoku points; a bad move is named and nothing is created.
#[tokio::test]
async fn games_are_imported_from_records() {
    let s = server();
    let pgn =
        "[Event \"Casual\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 Nc6\n3. Bb5 a6 *\n";
    let chess = s
        .create(json!({ "game": "chess", "record": pgn, "players": hvh("chess")["players"] }))
        .await;
    assert_eq!(chess["plies"], 6, "{chess}");
    assert_eq!(chess["moves"][4]["text"], "Bb5");
    let xiangqi = s.create(json!({ "game": "xiangqi", "record": "1. C2.5 H8+7 2. h0g2", "players": hvh("xiangqi")["players"] })).await;
    assert_eq!(xiangqi["plies"], 3, "{xiangqi}");
    let id = xiangqi["id"].as_i64().unwrap();
    let wxf = s
        .get(&format!("/api/games/{id}/export?format=wxf"))
        .await
        .text;
    assert_eq!(wxf.trim(), "1. C2.5 H8+7 2. H2+3");
    let gomoku = s.create(json!({ "game": "gomoku", "rule": "renju", "record": "h8 i9 7,6", "players": hvh("gomoku")["players"] })).await;
    assert_eq!(gomoku["plies"], 3, "{gomoku}");

    let before = s.store.list(100).await.unwrap().len();
    let bad = s
        .post(
            "/api/games",
            json!({ "game": "chess", "record": "1. e4 e5 2. Ke3" }),
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.text);
    assert_eq!(bad.json()["error"]["field"], "record");
    assert!(
        bad.text.contains("move 3 ('Ke3') cannot be played"),
        "{}",
        bad.text
    );
    assert_eq!(
        s.store.list(100).await.unwrap().len(),
        before,
        "nothing was created"
    );
}

/// Idle games leave memory and come back from the store, moves and all;
/// a watched or thinking game stays.
#[tokio::test]
async fn idle_games_leave_memory_and_reload_on_demand() {
    let store = Store::in_memory().unwrap();
    let state = AppState::new(store.clone(), 2);
    let s = Server {
        router: app(
            state.clone(),
            Access::new("127.0.0.1:8080".parse().unwrap(), &[]),
        ),
        store,
    };
    let mut ids = Vec::new();
    for _ in 0..3 {
        let game = s.create(hvh("chess")).await;
        ids.push(game["id"].as_i64().unwrap());
    }
    s.play(ids[0], "e4").await;
    assert_eq!(state.loaded_count(), 3);
    // Not idle long enough: all stay.
    let now = banco_server::store::now_ms();
    assert_eq!(state.evict_idle(now, 60_000), 0);
    // Long idle: all go.
    assert_eq!(state.evict_idle(now + 120_000, 60_000), 3);
    assert_eq!(state.loaded_count(), 0);
    // The next request loads a game again, as it was.
    let game = s.get(&format!("/api/games/{}", ids[0])).await.json();
    assert_eq!(game["plies"], 1);
    assert_eq!(game["moves"][0]["text"], "e4");
    assert_eq!(state.loaded_count(), 1);
    // A game a request holds stays, idle or not.
    let held = state.game(&ids[1].to_string()).await.unwrap();
    assert_eq!(state.evict_idle(now + 120_000, 60_000), 1);
    assert!(state.loaded(ids[1]).is_some());
    drop(held);
}

/// The computer's moves reuse kept searchers (their tables) instead of a
/// fresh table each move: after several moves, no more are kept than permits.
#[tokio::test]
async fn computer_moves_reuse_their_tables() {
    let store = Store::in_memory().unwrap();
    let state = AppState::new(store.clone(), 2);
    let s = Server {
        router: app(
            state.clone(),
            Access::new("127.0.0.1:8080".parse().unwrap(), &[]),
        ),
        store,
    };
    let game = s.create(versus_computer("chess")).await;
    let id = game["id"].as_i64().unwrap();
    // Moves no reply of two black moves can make illegal (no check is possible yet).
    for (mv, plies) in [("e4", 2), ("a3", 4), ("h3", 6)] {
        let mut state_json = s.play(id, mv).await;
        // The computer's reply.
        while state_json["plies"] != plies {
            state_json = s.wait(id, state_json["version"].as_u64().unwrap()).await;
        }
    }
    // Give the last search a moment to hand its searcher back.
    for _ in 0..50 {
        if state.kept_searchers() == 1 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert_eq!(
        state.kept_searchers(),
        1,
        "three moves, one searcher kept and reused"
    );
}

/// One client may create games in a burst, then a few a second; another
/// client is not held back by it.
#[tokio::test]
async fn one_client_cannot_create_games_without_bound() {
    let s = server();
    let create = |ip: [u8; 4]| {
        let router = s.router.clone();
        async move {
            let mut request = Request::builder()
                .method("POST")
                .uri("/api/games")
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from(hvh("chess").to_string()))
                .unwrap();
            request.extensions_mut().insert(axum::extract::ConnectInfo(
                std::net::SocketAddr::from((ip, 5000)),
            ));
            router.oneshot(request).await.unwrap().status()
        }
    };
    let mut refused = 0;
    for _ in 0..40 {
        if create([10, 0, 0, 1]).await == StatusCode::TOO_MANY_REQUESTS {
            refused += 1;
        }
    }
    // A burst of 20 passes; the rest, made at once, mostly do not.
    assert!(refused >= 15, "{refused} of 40 refused");
    assert_eq!(create([10, 0, 0, 2]).await, StatusCode::CREATED);
}
