//! The computer's moves: searched on the blocking pool, at most as many at
//! once as the state's permits allow, with every iteration sent to the pages.
//!
//! A search belongs to one state of one game. Anything that changes the game
//! (an undo, a reset, a new position, new players, the last page closing)
//! cancels it; its result is then dropped, because it answers a position
//! that is gone. A "move now" raises the stop flag but keeps the search, so
//! its best move so far is played.

use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use banco_search::StopFlag;
use serde_json::json;

use crate::games::{AnyGame, side_name};
use crate::live::{AppState, LiveGame, RunningSearch};
use crate::players::{Computer, Player};
use crate::progress::SearchInfo;

/// Starts the computer's search if it is to move, the game goes on, it is not
/// paused and no search runs yet. Safe to call after any change.
pub fn maybe_start(state: &AppState, live: &mut LiveGame) {
    if live.search.is_some() || live.ending().is_some() || (live.paused && !live.step) {
        return;
    }
    let side = live.game.side_to_move();
    let Player::Computer(computer) = live.players.of(side).clone() else {
        return;
    };
    let stop = StopFlag::new();
    let search = RunningSearch {
        id: state.next_search_id(),
        stop: stop.clone(),
    };
    let ply = live.game.moves().len();
    live.announce(&json!({
        "type": "thinking",
        "ply": ply,
        "side": side_name(side),
        "algorithm": computer.algorithm.name(),
        "level": computer.level.get(),
    }));
    let job = Job {
        state: state.clone(),
        game_id: live.id,
        search_id: search.id,
        game: live.game.clone_box(),
        computer,
        stop,
        events: live.events.clone(),
    };
    live.search = Some(search);
    tokio::spawn(job.run());
}

/// One search, from waiting for a permit to playing its move.
struct Job {
    state: AppState,
    game_id: i64,
    search_id: u64,
    game: Box<dyn AnyGame>,
    computer: Computer,
    stop: StopFlag,
    events: tokio::sync::broadcast::Sender<Arc<str>>,
}

impl Job {
    /// Whether this search is still the game's current one.
    async fn is_current(&self) -> bool {
        match self.state.loaded(self.game_id) {
            Some(live) => live.lock().await.search.as_ref().map(|s| s.id) == Some(self.search_id),
            None => false,
        }
    }

    async fn run(self) {
        let Ok(permit) = self.state.search_slots().acquire_owned().await else {
            return;
        };
        // Cancelled while it queued for a permit: the position is gone.
        if !self.is_current().await {
            return;
        }
        let seed = self.search_id
            ^ SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.subsec_nanos().into());
        let Job {
            state,
            game_id,
            search_id,
            game,
            computer,
            stop,
            events,
        } = self;
        let outcome = tokio::task::spawn_blocking(move || {
            let mut last: Option<SearchInfo> = None;
            let best = game.think(&computer, &stop, seed, &mut |info| {
                let message = json!({ "type": "info", "info": &info });
                let _ = events.send(Arc::from(message.to_string()));
                last = Some(info);
            });
            (best, last)
        })
        .await;
        drop(permit);
        let Some(live) = state.loaded(game_id) else {
            return;
        };
        let mut live = live.lock().await;
        if live.search.as_ref().map(|s| s.id) != Some(search_id) {
            return;
        }
        live.search = None;
        live.step = false;
        let (best, last) = match outcome {
            Ok(result) => result,
            Err(err) => {
                live.announce(&json!({
                    "type": "error",
                    "error": { "code": "search_failed", "message": err.to_string() },
                }));
                live.touch();
                return;
            }
        };
        if last.is_some() {
            live.last_search = last;
        }
        let played = match best {
            Some(code) => {
                let mut draft = live.draft();
                match draft.game.play(&code) {
                    Ok(_) => live
                        .commit(state.store(), draft)
                        .await
                        .map_err(|e| e.to_string()),
                    Err(reason) => Err(format!(
                        "the search chose an unplayable move {code}: {reason}"
                    )),
                }
            }
            None => Err("the search found no move".to_owned()),
        };
        if let Err(message) = played {
            live.announce(&json!({
                "type": "error",
                "error": { "code": "computer_move_failed", "message": message },
            }));
            // Pause rather than retry the same failure in a loop.
            live.paused = true;
            live.touch();
            return;
        }
        maybe_start(&state, &mut live);
    }
}
