//! The AI lab's endpoints in process: the race and the tree on given
//! positions and on a stored game's positions, and bad bodies refused with
//! the usual JSON errors while nothing changes.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use banco_server::{Access, AppState, Store, app};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

struct Answer {
    status: StatusCode,
    json: Value,
}

fn server() -> Router {
    app(
        AppState::new(Store::in_memory().unwrap(), 2),
        Access::new("127.0.0.1:8080".parse().unwrap(), &[]),
    )
}

async fn send(router: &Router, method: &str, uri: &str, body: &Value) -> Answer {
    let mut request = Request::builder().method(method).uri(uri);
    if method == "POST" {
        request = request.header(header::CONTENT_TYPE, "application/json");
    }
    let body = if method == "POST" {
        Body::from(body.to_string())
    } else {
        Body::empty()
    };
    let response = router
        .clone()
        .oneshot(request.body(body).unwrap())
        .await
        .unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let json = serde_json::from_slice(&bytes)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&bytes)));
    Answer { status, json }
}

async fn post(router: &Router, uri: &str, body: Value) -> Answer {
    send(router, "POST", uri, &body).await
}

fn row<'a>(race: &'a Value, name: &str) -> &'a Value {
    race["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["algorithm"] == name)
        .unwrap_or_else(|| panic!("no row {name}"))
}

#[tokio::test]
async fn a_race_on_the_chess_start() {
    let router = server();
    let answer = post(
        &router,
        "/api/lab/race",
        json!({ "game": "chess", "depth": 3, "evaluator": "simple" }),
    )
    .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    let race = answer.json;
    assert_eq!(race["game"], "chess");
    assert_eq!(race["side_to_move"], "white");
    assert_eq!(race["depth"], 3);
    assert_eq!(race["evaluator"], "simple");
    assert_eq!(race["rule"], "standard");
    assert!(race["snapshot"].as_str().unwrap().starts_with("rnbqkbnr/"));
    assert!(race["position"].as_str().unwrap().starts_with("rnbqkbnr/"));
    let rows = race["rows"].as_array().unwrap();
    assert_eq!(rows[0]["algorithm"], "minimax");
    assert_eq!(rows[0]["label"], "Minimax");
    assert_eq!(rows[0]["nodes"], 9323);
    for row in rows {
        for key in [
            "algorithm",
            "label",
            "value_preserving",
            "completed",
            "nodes",
            "leaf_nodes",
            "cutoffs",
            "tt_hits",
            "qnodes",
            "time_ms",
            "nps",
            "ebf",
            "score",
            "value",
            "best_move",
            "best_move_text",
            "pv_text",
            "agrees_with_minimax",
        ] {
            assert!(row.get(key).is_some(), "{key} missing in {row}");
        }
        assert_eq!(row["completed"], true);
        if row["value_preserving"] == true {
            assert_eq!(row["agrees_with_minimax"], true, "{row}");
            assert_eq!(row["value"], rows[0]["value"]);
        } else {
            assert!(row["agrees_with_minimax"].is_null());
        }
    }
    assert!(row(&race, "minimax")["score"]["cp"].is_i64());
    assert!(row(&race, "alphabeta")["nodes"].as_u64() < row(&race, "minimax")["nodes"].as_u64());
    assert!(row(&race, "all")["best_move"].is_string());
    let ebf = row(&race, "minimax")["ebf"].as_f64().unwrap();
    assert!((ebf - 9323_f64.cbrt()).abs() < 0.01, "{ebf}");
}

#[tokio::test]
async fn races_on_xiangqi_and_gomoku() {
    let router = server();
    let xiangqi = post(
        &router,
        "/api/lab/race",
        json!({ "game": "xiangqi", "depth": 2 }),
    )
    .await;
    assert_eq!(xiangqi.status, StatusCode::OK, "{}", xiangqi.json);
    assert_eq!(xiangqi.json["side_to_move"], "red");
    let gomoku = post(
        &router,
        "/api/lab/race",
        json!({ "game": "gomoku", "position": "h8 h9 i8", "rule": "caro", "size": 17, "depth": 2 }),
    )
    .await;
    assert_eq!(gomoku.status, StatusCode::OK, "{}", gomoku.json);
    assert_eq!(gomoku.json["rule"], "caro");
    assert_eq!(gomoku.json["size"], 17);
    assert_eq!(gomoku.json["position"], "h8 h9 i8");
    assert_eq!(gomoku.json["side_to_move"], "white");
    assert_eq!(row(&gomoku.json, "pvs")["agrees_with_minimax"], true);
}

#[tokio::test]
async fn a_tree_of_alphabeta_matches_its_statistics() {
    let router = server();
    let answer = post(
        &router,
        "/api/lab/tree",
        // The strong evaluator orders well enough for the whole depth-3
        // tree (about 2,500 visited and 2,200 pruned nodes) to fit.
        json!({ "game": "chess", "depth": 3, "algorithm": "alphabeta", "max_nodes": 5000 }),
    )
    .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    let tree = answer.json;
    assert_eq!(tree["algorithm"], "alphabeta");
    assert_eq!(tree["side_to_move"], "white");
    let nodes = tree["nodes"].as_array().unwrap();
    assert_eq!(
        tree["truncated"],
        false,
        "raise max_nodes: {} nodes",
        nodes.len()
    );
    let visited: Vec<&Value> = nodes.iter().filter(|n| n["kind"] != "pruned").collect();
    assert_eq!(
        visited.len() as u64,
        tree["stats"]["nodes"].as_u64().unwrap()
    );
    let cutoffs = visited.iter().filter(|n| n["cutoff"] == true).count() as u64;
    assert_eq!(cutoffs, tree["stats"]["cutoffs"].as_u64().unwrap());
    for (i, node) in nodes.iter().enumerate() {
        assert_eq!(node["id"], i);
    }
    let root = &nodes[0];
    assert!(root["parent"].is_null() && root["move"].is_null() && root["move_text"].is_null());
    assert_eq!(root["max"], true);
    assert!(root["alpha"].is_null() && root["beta"].is_null());
    assert_eq!(root["pv"], true);
    assert_eq!(tree["value"]["cp"], root["value"]);
    let child = &nodes[1];
    assert_eq!(child["parent"], 0);
    assert_eq!(child["max"], false);
    assert_eq!(child["ply"], 1);
    assert!(child["move"].is_string() && child["move_text"].is_string());
    assert_ne!(child["snapshot"], root["snapshot"]);
    let pruned = nodes.iter().find(|n| n["kind"] == "pruned").unwrap();
    assert!(pruned["value"].is_null());
    assert_eq!(
        nodes[pruned["parent"].as_u64().unwrap() as usize]["cutoff"],
        true
    );
    // A leaf at ply 3 has a finite window inside the root's.
    assert!(nodes.iter().any(|n| n["kind"] == "leaf" && n["ply"] == 3));
}

#[tokio::test]
async fn the_node_cap_truncates_a_tree() {
    let router = server();
    let answer = post(
        &router,
        "/api/lab/tree",
        json!({ "game": "chess", "depth": 3, "algorithm": "minimax", "max_nodes": 2000 }),
    )
    .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    assert_eq!(answer.json["truncated"], true);
    assert_eq!(answer.json["nodes"].as_array().unwrap().len(), 2000);
}

/// By default the lab draws the whole depth-3 alpha-beta tree of every
/// game's start: a tree cut short is never the default answer.
#[tokio::test]
async fn the_default_cap_holds_a_whole_depth_three_tree() {
    let router = server();
    for game in ["chess", "xiangqi", "gomoku"] {
        let answer = post(
            &router,
            "/api/lab/tree",
            json!({ "game": game, "depth": 3, "algorithm": "alphabeta" }),
        )
        .await;
        assert_eq!(answer.status, StatusCode::OK, "{game}: {}", answer.json);
        assert_eq!(answer.json["truncated"], false, "{game}");
    }
}

#[tokio::test]
async fn a_stored_games_positions_open_in_the_lab() {
    let router = server();
    let created = post(
        &router,
        "/api/games",
        json!({ "game": "chess", "players": { "first": { "type": "human" }, "second": { "type": "human" } } }),
    )
    .await;
    assert_eq!(created.status, StatusCode::CREATED);
    let id = created.json["id"].as_i64().unwrap();
    for mv in ["e4", "e5", "Nf3"] {
        let answer = post(
            &router,
            &format!("/api/games/{id}/moves"),
            json!({ "move": mv }),
        )
        .await;
        assert_eq!(answer.status, StatusCode::OK);
    }
    let before = send(&router, "GET", &format!("/api/games/{id}"), &Value::Null)
        .await
        .json;

    let race = post(
        &router,
        "/api/lab/race",
        json!({ "game_id": id.to_string(), "ply": 2, "depth": 2 }),
    )
    .await;
    assert_eq!(race.status, StatusCode::OK, "{}", race.json);
    assert_eq!(race.json["side_to_move"], "white");
    assert_eq!(race.json["snapshot"], before["snapshots"][2]);

    let tree = post(
        &router,
        "/api/lab/tree",
        json!({ "game_id": id.to_string(), "ply": 3, "depth": 1, "algorithm": "minimax" }),
    )
    .await;
    assert_eq!(tree.status, StatusCode::OK, "{}", tree.json);
    assert_eq!(tree.json["side_to_move"], "black");
    assert_eq!(tree.json["snapshot"], before["snapshots"][3]);

    let past = post(
        &router,
        "/api/lab/race",
        json!({ "game_id": id.to_string(), "ply": 4, "depth": 2 }),
    )
    .await;
    assert_eq!(past.status, StatusCode::BAD_REQUEST);
    assert_eq!(past.json["error"]["field"], "ply");

    let unknown = post(
        &router,
        "/api/lab/tree",
        json!({ "game_id": "999", "ply": 0, "depth": 1, "algorithm": "minimax" }),
    )
    .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert_eq!(unknown.json["error"]["code"], "unknown_game");

    let mut after = send(&router, "GET", &format!("/api/games/{id}"), &Value::Null)
        .await
        .json;
    after["version"] = before["version"].clone();
    assert_eq!(after, before, "the lab changes nothing");
}

#[tokio::test]
async fn bad_lab_bodies_are_refused() {
    let router = server();
    let cases = [
        (
            "/api/lab/race",
            json!({ "game": "chess", "depth": 0 }),
            "invalid",
            Some("depth"),
        ),
        (
            "/api/lab/race",
            json!({ "game": "chess", "depth": 7 }),
            "invalid",
            Some("depth"),
        ),
        (
            "/api/lab/race",
            json!({ "game": "chess", "depth": 2, "colour": "red" }),
            "bad_body",
            None,
        ),
        (
            "/api/lab/race",
            json!({ "game": "chess", "depth": 2, "evaluator": "psychic" }),
            "invalid",
            Some("evaluator"),
        ),
        (
            "/api/lab/race",
            json!({ "game": "tennis", "depth": 2 }),
            "bad_setup",
            None,
        ),
        (
            "/api/lab/race",
            json!({ "game": "chess", "position": "not a fen", "depth": 2 }),
            "bad_setup",
            None,
        ),
        (
            "/api/lab/race",
            json!({ "game": "chess", "size": 15, "depth": 2 }),
            "bad_setup",
            None,
        ),
        (
            "/api/lab/race",
            json!({ "depth": 2 }),
            "invalid",
            Some("game"),
        ),
        (
            "/api/lab/race",
            json!({ "game_id": "1", "depth": 2 }),
            "invalid",
            Some("ply"),
        ),
        (
            "/api/lab/race",
            json!({ "game": "chess", "ply": 1, "depth": 2 }),
            "invalid",
            Some("ply"),
        ),
        (
            "/api/lab/race",
            json!({ "game": "chess" }),
            "bad_body",
            None,
        ),
        (
            "/api/lab/tree",
            json!({ "game": "chess", "depth": 5, "algorithm": "minimax" }),
            "invalid",
            Some("depth"),
        ),
        (
            "/api/lab/tree",
            json!({ "game": "chess", "depth": 2, "algorithm": "mtdf" }),
            "invalid",
            Some("algorithm"),
        ),
        (
            "/api/lab/tree",
            json!({ "game": "chess", "depth": 2, "algorithm": "minimax", "max_nodes": 100001 }),
            "invalid",
            Some("max_nodes"),
        ),
        (
            "/api/lab/tree",
            json!({ "game": "chess", "depth": 2 }),
            "bad_body",
            None,
        ),
    ];
    for (uri, body, code, field) in cases {
        let answer = post(&router, uri, body.clone()).await;
        assert_eq!(
            answer.json["error"]["code"], code,
            "{body}: {}",
            answer.json
        );
        assert!(answer.status.is_client_error(), "{body}");
        if let Some(field) = field {
            assert_eq!(answer.json["error"]["field"], field, "{body}");
        }
    }
    let listed = send(&router, "GET", "/api/games", &Value::Null).await.json;
    assert_eq!(
        listed["games"].as_array().unwrap().len(),
        0,
        "nothing was created"
    );
}

/// Two long lab races do not hold back a computer's move: the lab has
/// permits of its own. With one search permit, the move used to wait for
/// the races to end.
#[tokio::test]
async fn lab_races_never_hold_back_a_game() {
    let state = AppState::new(Store::in_memory().unwrap(), 1);
    let router = app(state, Access::new("127.0.0.1:8080".parse().unwrap(), &[]));
    let long_race = json!({ "game": "xiangqi", "depth": 6 });
    let races: Vec<_> = (0..2)
        .map(|_| {
            let router = router.clone();
            let body = long_race.clone();
            tokio::spawn(async move { post(&router, "/api/lab/race", body).await })
        })
        .collect();
    // Let the races take their permits first.
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let created = post(
        &router,
        "/api/games",
        json!({
            "game": "chess",
            "players": {
                "first": { "type": "computer", "level": 1, "movetime_ms": 100 },
                "second": { "type": "human" },
            },
        }),
    )
    .await;
    let id = created.json["id"].as_i64().unwrap();
    let mut version = created.json["version"].as_u64().unwrap();
    let mut plies = created.json["plies"].as_u64().unwrap();
    while plies == 0 {
        let answer = send(
            &router,
            "GET",
            &format!("/api/games/{id}?after={version}"),
            &Value::Null,
        )
        .await;
        version = answer.json["version"].as_u64().unwrap();
        plies = answer.json["plies"].as_u64().unwrap();
    }
    assert!(
        races.iter().all(|race| !race.is_finished()),
        "the computer moved while both races still ran"
    );
    for race in races {
        race.abort();
    }
}

/// A race is cut by its wall-clock cap and says so.
#[tokio::test]
async fn a_race_past_its_time_says_it_is_incomplete() {
    let state = AppState::with_lab_time_limit(
        Store::in_memory().unwrap(),
        2,
        std::time::Duration::from_millis(300),
    );
    let router = app(state, Access::new("127.0.0.1:8080".parse().unwrap(), &[]));
    let answer = post(
        &router,
        "/api/lab/race",
        json!({ "game": "xiangqi", "depth": 6 }),
    )
    .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    assert_eq!(answer.json["completed"], false);
    assert!(answer.json["rows"].as_array().unwrap().len() < banco_search::lab::RACE.len());
}
