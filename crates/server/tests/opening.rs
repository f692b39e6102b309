//! Swap openings through the API: who acts at each step, the computer's
//! answers, a person's choices, and what is refused.

mod common;

use axum::http::StatusCode;
use serde_json::{Value, json};

use common::{Server, server};

fn computer() -> Value {
    json!({ "type": "computer", "level": 10, "movetime_ms": 150 })
}

/// Waits until `done` holds of the game's view.
async fn until(s: &Server, id: i64, mut state: Value, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..200 {
        if done(&state) {
            return state;
        }
        state = s.wait(id, state["version"].as_u64().unwrap()).await;
    }
    panic!("never reached: {state}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_opens_and_the_computer_chooses() {
    let s = server();
    let game = s
        .create(json!({
            "game": "gomoku", "opening": "swap2",
            "players": { "first": { "type": "human" }, "second": computer() },
        }))
        .await;
    let id = game["id"].as_i64().unwrap();
    assert_eq!(game["opening"]["stage"], "three");
    assert_eq!(game["opening"]["actor"], "first");
    assert_eq!(game["turn_player"], "human");
    // The person puts three stones: black, white, black, though white is "to move" in between.
    s.play(id, "h8").await;
    let after_two = s.play(id, "h9").await;
    assert_eq!(after_two["turn_player"], "human", "still the opener's step");
    let state = s.play(id, "j10").await;
    // The computer chooses: black (the players change sides), white and a
    // fourth stone, or two stones and the person's choice.
    let state = until(&s, id, state, |v| {
        v["opening"]["actor"] == "first" && v["opening"]["stage"] == "final_choice"
            || v["opening"]["stage"] == "done"
    })
    .await;
    if state["opening"]["stage"] == "final_choice" {
        assert_eq!(state["plies"], 5);
        assert_eq!(state["opening"]["choices"], json!(["black", "white"]));
        let answer = s
            .post(
                &format!("/api/games/{id}/opening"),
                json!({ "choice": "white" }),
            )
            .await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
        let view = answer.json();
        assert_eq!(view["opening"]["stage"], "done");
        // The person took white: the players changed sides, the person moves.
        assert_eq!(view["players"]["second"]["type"], "human");
        assert_eq!(view["turn_player"], "human");
    } else if state["players"]["first"]["type"] == "computer" {
        // The computer took black: the person plays white, to move.
        assert_eq!(state["plies"], 3);
        assert_eq!(state["turn_player"], "human");
    } else {
        assert_eq!(state["plies"], 4, "the computer stayed white and played");
    }
    // The opening is not taken back.
    let answer = s.post(&format!("/api/games/{id}/undo"), json!({})).await;
    assert_eq!(answer.status, StatusCode::CONFLICT, "{}", answer.text);
    let stored = s.store.get(id).await.unwrap().unwrap();
    assert!(stored.opening.unwrap().contains("\"done\""));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_opens_and_a_person_swaps() {
    let s = server();
    let game = s
        .create(json!({
            "game": "gomoku", "opening": "swap1",
            "players": { "first": computer(), "second": { "type": "human" } },
        }))
        .await;
    let id = game["id"].as_i64().unwrap();
    let state = until(&s, id, game, |v| v["opening"]["stage"] == "choice").await;
    assert_eq!(state["plies"], 3);
    let answer = s
        .post(
            &format!("/api/games/{id}/players"),
            json!({ "players": { "first": { "type": "human" }, "second": { "type": "human" } } }),
        )
        .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.text);
    assert!(
        answer.text.contains("until the swap opening is over"),
        "{}",
        answer.text
    );
    assert_eq!(
        state["moves"][0]["code"], "h8",
        "black's first stone in the centre"
    );
    assert_eq!(state["opening"]["actor"], "second");
    assert_eq!(state["opening"]["choices"], json!(["black", "white"]));
    // A stone while a choice is open is refused, as is a choice swap1 lacks.
    let answer = s
        .post(&format!("/api/games/{id}/moves"), json!({ "move": "a1" }))
        .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.text);
    assert!(answer.text.contains("choice first"), "{}", answer.text);
    let answer = s
        .post(
            &format!("/api/games/{id}/opening"),
            json!({ "choice": "two" }),
        )
        .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.text);
    // The person takes black: now first, the computer plays white's fourth stone.
    let answer = s
        .post(
            &format!("/api/games/{id}/opening"),
            json!({ "choice": "black" }),
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    let view = answer.json();
    assert_eq!(view["players"]["first"]["type"], "human");
    assert_eq!(view["opening"]["stage"], "done");
    let state = until(&s, id, view, |v| v["plies"] == 4).await;
    assert_eq!(state["turn_player"], "human");
    assert_eq!(state["moves"][3]["side"], "second");
    // A reset plays the opening again, the computer (now white) choosing.
    let answer = s.post(&format!("/api/games/{id}/reset"), json!({})).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    assert_eq!(answer.json()["opening"]["stage"], "three");
}

#[tokio::test]
async fn openings_are_refused_where_they_do_not_belong() {
    let s = server();
    for (body, needle) in [
        (json!({ "game": "chess", "opening": "swap2" }), "for gomoku"),
        (
            json!({ "game": "gomoku", "opening": "swap3" }),
            "swap1 or swap2",
        ),
        (
            json!({ "game": "gomoku", "opening": "swap2", "position": "h8" }),
            "empty board",
        ),
        (
            json!({ "game": "gomoku", "opening": "swap2", "clock": { "initial_ms": 60000, "increment_ms": 0 },
                    "players": { "first": { "type": "human" }, "second": { "type": "human" } } }),
            "without clocks",
        ),
    ] {
        let answer = s.post("/api/games", body.clone()).await;
        assert_eq!(
            answer.status,
            StatusCode::BAD_REQUEST,
            "{body}: {}",
            answer.text
        );
        assert!(answer.text.contains(needle), "{body}: {}", answer.text);
    }
    // A game without an opening has no choice to make.
    let id = s
        .create(json!({ "game": "gomoku", "players": { "first": { "type": "human" }, "second": { "type": "human" } } }))
        .await["id"]
        .as_i64()
        .unwrap();
    let answer = s
        .post(
            &format!("/api/games/{id}/opening"),
            json!({ "choice": "black" }),
        )
        .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{}", answer.text);
    assert!(answer.text.contains("no opening"), "{}", answer.text);
}
