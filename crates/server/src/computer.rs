//! The computer's moves: searched on the blocking pool, at most as many at
//! once as the state's permits allow, with every iteration sent to the pages.
//!
//! A search belongs to one state of one game. Anything that changes the game
//! (an undo, a reset, a new position, new players, the last page closing)
//! cancels it; its result is then dropped, because it answers a position
//! that is gone. A "move now" raises the stop flag but keeps the search, so
//! its best move so far is played.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use banco_games::swap::{SwapAnswer, SwapRule};
use banco_games::{AnyGame, SearchPlan, TextThought};
use banco_search::{Clock, Limits, SearchConfig, StopFlag};

use crate::events::Event;
use crate::live::{AppState, SearchJob};
use crate::players::Computer;
use crate::progress::SearchInfo;

/// The search plan for `computer` in `game`: the page's move time and depth
/// (or, in a game with clocks, its `clock` instead of the move time), the
/// level's caps through the game layer (as every front end), and a small
/// table for the weak levels.
#[must_use]
pub fn plan(
    game: &dyn AnyGame,
    computer: &Computer,
    clock: Option<Clock>,
    stop: &StopFlag,
    seed: u64,
) -> SearchPlan {
    let capped = computer.level.settings().depth.is_some();
    let config = SearchConfig {
        // The weak levels stop at a few plies: a small table is plenty, and
        // a small allocation keeps many games' searches cheap.
        hash_mb: if capped { 2 } else { 16 },
        ..SearchConfig::default()
    };
    let limits = Limits {
        move_time: clock
            .is_none()
            .then(|| Duration::from_millis(computer.movetime_ms)),
        clock,
        depth: computer.depth,
        stop: stop.clone(),
        ..Limits::default()
    };
    game.kind().plan(&computer.settings(), config, limits, seed)
}

/// What a computer's turn produced.
#[derive(Debug)]
pub enum ComputerResult {
    /// A move (none when the side to move has none) and the last report.
    /// (Boxed: a report is large, an opening's answer small.)
    Move(Box<(Option<TextThought>, Option<SearchInfo>)>),
    /// Its answer at a step of a swap opening.
    Swap(SwapAnswer),
}

/// Runs `job` in the background: waits for a permit, searches, and hands
/// the result back to its game.
pub fn spawn(state: AppState, job: SearchJob) {
    tokio::spawn(run(state, job));
}

/// Whether the search is still the game's current one.
async fn is_current(state: &AppState, game_id: i64, search_id: u64) -> bool {
    match state.loaded(game_id) {
        Some(live) => live.lock().await.is_current_search(search_id),
        None => false,
    }
}

async fn run(state: AppState, job: SearchJob) {
    let Ok(permit) = state.search_slots().acquire_owned().await else {
        return;
    };
    // Cancelled while it queued for a permit: the position is gone.
    if !is_current(&state, job.game_id, job.search_id).await {
        return;
    }
    let seed = job.search_id
        ^ SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos().into());
    let SearchJob {
        game_id,
        search_id,
        game,
        computer,
        stop,
        events,
        clock,
        opening,
    } = job;
    let pool = state.clone();
    let outcome = tokio::task::spawn_blocking(move || match opening {
        Some(rule) => answer_swap(&pool, game.as_ref(), &computer, rule, &stop, seed),
        None => {
            let (thought, last) =
                think(&pool, game.as_ref(), &computer, clock, &stop, seed, &events);
            Ok(ComputerResult::Move(Box::new((thought, last))))
        }
    })
    .await
    .map_err(|err| err.to_string())
    .and_then(|result| result);
    drop(permit);
    let Some(live) = state.loaded(game_id) else {
        return;
    };
    live.lock()
        .await
        .computer_finished(&state, search_id, outcome)
        .await;
}

/// The computer's answer at a step of a swap opening, on the blocking pool.
fn answer_swap(
    state: &AppState,
    game: &dyn AnyGame,
    computer: &Computer,
    rule: SwapRule,
    stop: &StopFlag,
    seed: u64,
) -> Result<ComputerResult, String> {
    let plan = plan(game, computer, None, stop, seed);
    let mut searcher = state.searcher(plan.config.clone());
    let answer = game.swap_answer(rule, &mut searcher, &plan);
    state.give_back(searcher);
    match answer {
        Some(Ok(answer)) => Ok(ComputerResult::Swap(answer)),
        Some(Err(err)) => Err(err.to_string()),
        None => Err(format!("{} has no swap openings", game.kind())),
    }
}

/// The search itself, on the blocking pool: every iteration goes to the pages.
fn think(
    state: &AppState,
    game: &dyn AnyGame,
    computer: &Computer,
    clock: Option<Clock>,
    stop: &StopFlag,
    seed: u64,
    events: &tokio::sync::broadcast::Sender<std::sync::Arc<str>>,
) -> (Option<TextThought>, Option<SearchInfo>) {
    let plan = plan(game, computer, clock, stop, seed);
    // A table kept from an earlier move, not a fresh 16 MiB one each time.
    let mut searcher = state.searcher(plan.config.clone());
    let side = game.side_to_move();
    let ply = game.moves().len();
    let mut last: Option<SearchInfo> = None;
    let thought = game.think(&mut searcher, &plan, &mut |report| {
        let mut info = SearchInfo::new(
            &report.report,
            side,
            ply,
            computer,
            report.pv_text.clone(),
            report.report.pv.clone(),
        );
        info.root_moves = crate::progress::root_moves(report, side);
        let _ = events.send(Event::Info { info: &info }.to_text());
        last = Some(info);
    });
    state.give_back(searcher);
    (thought, last)
}

#[cfg(test)]
mod tests {
    use super::*;
    use banco_games::{GameKind, Setup};
    use banco_search::{Algorithm, Level};

    #[test]
    fn every_level_plans_as_the_game_layer_plans_it() {
        for kind in GameKind::ALL {
            let game = kind.setup(&Setup::default()).unwrap();
            for n in 1..=10 {
                let computer = Computer {
                    level: Level::new(n).unwrap(),
                    algorithm: Algorithm::Engine,
                    movetime_ms: 1000,
                    depth: None,
                };
                let stop = StopFlag::new();
                let page = plan(game.as_ref(), &computer, None, &stop, 11);
                let layer = kind.plan(
                    &computer.settings(),
                    SearchConfig::default(),
                    Limits::move_time(Duration::from_millis(1000)),
                    11,
                );
                assert_eq!(page.level_terms(), layer.level_terms(), "{kind} level {n}");
            }
        }
    }
}
