//! The games in play: each a [`LiveGame`] behind its own lock, loaded from the
//! store on first use. A game changes in one way only, [`LiveGame::change`]:
//! it stops the computer's search, edits a copy, stores it, applies it,
//! restarts the computer if it is to move, and tells the pages. Its fields
//! are private, so no handler can skip a step.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, PoisonError};

use banco_games::{AnyGame, BoardView, Ending, GameKind, MovePlayed, Setup, parse_side, side_name};
use banco_search::{Side, StopFlag};
use serde::Serialize;
use tokio::sync::{Mutex, Semaphore, broadcast, watch};

use crate::clock::{ClockView, GameClock, StoredClock};
use crate::error::ApiError;
use crate::events::Event;
use crate::opening::{Opening, OpeningView};
use crate::players::{Computer, Player, Players, PlayersSpec};
use crate::progress::SearchInfo;
use crate::requests::ControlAction;
use crate::store::{GameRow, Store, StoreError, now_ms};

/// Messages queued per page before a slow page starts missing some (it is
/// then sent the whole state again).
const EVENT_BUFFER: usize = 256;

/// A game in play, with who plays it and what the computer is doing.
pub struct LiveGame {
    id: i64,
    game: Box<dyn AnyGame>,
    players: Players,
    resigned: Option<Side>,
    /// The clocks, for a game played with them.
    clock: Option<GameClock>,
    /// The swap opening, for a game that has one.
    opening: Option<Opening>,
    /// Ends the game when the running clock reaches zero.
    clock_timer: Option<tokio::task::AbortHandle>,
    created_at: i64,
    updated_at: i64,
    /// Grows with every change the page should see.
    version: u64,
    /// The version at which the moves last changed: a move played, taken
    /// back, the game reset or given a new position. A request made at an
    /// older version was made against other moves.
    moves_changed_at: u64,
    /// Computer against computer: whether the computers wait.
    paused: bool,
    /// Whether one computer move is allowed while paused.
    step: bool,
    search: Option<RunningSearch>,
    last_search: Option<SearchInfo>,
    watchers: usize,
    /// Messages to the watching pages, as JSON text.
    events: broadcast::Sender<Arc<str>>,
    /// The version, for requests that wait for a change.
    versions: watch::Sender<u64>,
}

/// A search the computer is running for a game.
#[derive(Clone, Debug)]
struct RunningSearch {
    /// Tells the result apart from a later search's.
    id: u64,
    /// Stops it.
    stop: StopFlag,
}

/// A change to a game, made on copies and applied once stored.
pub struct Draft {
    /// The game after the change.
    pub game: Box<dyn AnyGame>,
    /// The players after the change.
    pub players: Players,
    /// The resignation after the change.
    pub resigned: Option<Side>,
    /// The clocks after the change, before they are charged for it (the
    /// store charges them, from the moves before and after).
    pub clock: Option<GameClock>,
    /// Computer against computer: whether the computers wait after the change.
    pub paused: bool,
    /// The swap opening after the change.
    pub opening: Option<Opening>,
    /// Whether the computer's last report no longer applies (a new start).
    pub forget_last_search: bool,
}

/// A search for the computer to run: handed to [`crate::computer`] when
/// the computer is to move.
pub struct SearchJob {
    /// The game's id.
    pub game_id: i64,
    /// The search's id, to check it is still wanted when it ends.
    pub search_id: u64,
    /// A copy of the game to search.
    pub game: Box<dyn AnyGame>,
    /// Who the computer is.
    pub computer: Computer,
    /// Raised to stop the search.
    pub stop: StopFlag,
    /// Where to send each iteration.
    pub events: broadcast::Sender<Arc<str>>,
    /// The computer's clock, in a game played with clocks.
    pub clock: Option<banco_search::Clock>,
    /// The swap opening whose step the computer is to answer, if it is one.
    pub opening: Option<banco_games::swap::SwapRule>,
}

/// The game as the page and the API see it.
#[derive(Debug, Serialize)]
pub struct GameView<'a> {
    id: i64,
    version: u64,
    kind: GameKind,
    rule: Option<&'a str>,
    size: Option<u8>,
    sides: [&'static str; 2],
    start: Option<&'a str>,
    players: PlayersSpec,
    paused: bool,
    thinking: bool,
    turn_player: &'static str,
    plies: usize,
    moves: &'a [MovePlayed],
    #[serde(flatten)]
    board: BoardView,
    ending: Option<Ending>,
    clock: Option<ClockView>,
    opening: Option<OpeningView>,
    last_search: Option<&'a SearchInfo>,
    created_at: i64,
    updated_at: i64,
}

impl LiveGame {
    fn new(id: i64, game: Box<dyn AnyGame>, players: Players, resigned: Option<Side>) -> LiveGame {
        let (events, _) = broadcast::channel(EVENT_BUFFER);
        let now = now_ms();
        LiveGame {
            id,
            game,
            players,
            resigned,
            clock: None,
            opening: None,
            clock_timer: None,
            created_at: now,
            updated_at: now,
            version: 1,
            moves_changed_at: 1,
            paused: false,
            step: false,
            search: None,
            last_search: None,
            watchers: 0,
            events,
            versions: watch::Sender::new(1),
        }
    }

    /// The stored id.
    #[must_use]
    pub fn id(&self) -> i64 {
        self.id
    }

    /// The game and its moves.
    #[must_use]
    pub fn game(&self) -> &dyn AnyGame {
        self.game.as_ref()
    }

    /// Who plays each side.
    #[must_use]
    pub fn players(&self) -> &Players {
        &self.players
    }

    /// When the game was created, milliseconds since 1970.
    #[must_use]
    pub fn created_at(&self) -> i64 {
        self.created_at
    }

    /// Grows with every change the pages are told of.
    #[must_use]
    pub fn version(&self) -> u64 {
        self.version
    }

    /// The version at which the moves last changed (played, taken back,
    /// reset, a new position); changes of players or of pause leave it.
    #[must_use]
    pub fn moves_changed_at(&self) -> u64 {
        self.moves_changed_at
    }

    /// Whether the computer is searching.
    #[must_use]
    pub fn thinking(&self) -> bool {
        self.search.is_some()
    }

    /// How the game ended, resignation and time included.
    #[must_use]
    pub fn ending(&self) -> Option<Ending> {
        ending_of(self.game.as_ref(), self.resigned, self.clock.as_ref())
    }

    /// The clocks, for a game played with them.
    #[must_use]
    pub fn clock(&self) -> Option<&GameClock> {
        self.clock.as_ref()
    }

    /// The swap opening, for a game that has one.
    #[must_use]
    pub fn opening(&self) -> Option<&Opening> {
        self.opening.as_ref()
    }

    /// The side whose player acts now: the side to move, or during a swap
    /// opening the one whose step it is.
    #[must_use]
    pub fn actor(&self) -> Side {
        self.opening
            .as_ref()
            .and_then(Opening::actor)
            .unwrap_or_else(|| self.game.side_to_move())
    }

    /// The game's name of a side, e.g. `White`.
    #[must_use]
    pub fn side_label(&self, side: Side) -> &'static str {
        self.game.info().sides[side.index()]
    }

    /// The feed of messages to the pages, for a new page.
    #[must_use]
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<str>> {
        self.events.subscribe()
    }

    /// The version, for a request that waits for a change.
    #[must_use]
    pub fn versions(&self) -> watch::Receiver<u64> {
        self.versions.subscribe()
    }

    fn draft(&self) -> Draft {
        Draft {
            game: self.game.clone_box(),
            players: self.players.clone(),
            resigned: self.resigned,
            clock: self.clock,
            paused: self.paused,
            opening: self.opening,
            forget_last_search: false,
        }
    }

    /// Stops and forgets the computer's search: its move will not be played.
    fn cancel_search(&mut self) {
        if let Some(search) = self.search.take() {
            search.stop.raise();
        }
    }

    /// The one way a game changes: stops the computer's search (it answers
    /// a position about to go), lets `edit` change a copy, stores the copy,
    /// makes it the game, tells the pages, and starts the computer if it is
    /// to move. When `edit` fails nothing changes; when the store fails
    /// nothing changes either, and the computer is restarted on the game
    /// as it was.
    ///
    /// # Errors
    ///
    /// `edit`'s error, or [`ApiError::Store`] when the database fails.
    pub async fn change(
        &mut self,
        state: &AppState,
        edit: impl FnOnce(&mut Draft) -> Result<(), ApiError>,
    ) -> Result<(), ApiError> {
        self.cancel_search();
        let mut draft = self.draft();
        edit(&mut draft)?;
        let stored = self.commit(state.store(), draft).await;
        self.schedule_clock(state);
        self.start_computer(state);
        stored
    }

    /// Sets the timer that ends the game when the running clock reaches
    /// zero, replacing the one before; with no clock running, none.
    pub fn schedule_clock(&mut self, state: &AppState) {
        if let Some(timer) = self.clock_timer.take() {
            timer.abort();
        }
        let Some(deadline) = self.clock.as_ref().and_then(GameClock::deadline_ms) else {
            return;
        };
        let wait = u64::try_from(deadline.saturating_sub(now_ms())).unwrap_or(0);
        let (state, id) = (state.clone(), self.id);
        let task = tokio::spawn(async move {
            tokio::time::sleep(std::time::Duration::from_millis(wait)).await;
            let Some(live) = state.loaded(id) else {
                return;
            };
            let mut live = live.lock().await;
            // This task holds the lock from here on: it is not the timer to
            // abort when the change below sets the next one.
            live.clock_timer = None;
            live.enforce_clock(&state).await;
        });
        self.clock_timer = Some(task.abort_handle());
    }

    /// Ends the game on time if the side to move's clock has reached zero;
    /// returns whether it has. Every path that would play a move asks
    /// first, so a move that comes too late is not played.
    pub async fn enforce_clock(&mut self, state: &AppState) -> bool {
        let now = now_ms();
        let Some(side) = self.clock.as_ref().and_then(|c| c.due_flag(now)) else {
            return self.clock.as_ref().is_some_and(|c| c.flagged().is_some());
        };
        if self.ending().is_some() {
            return false;
        }
        let flagged = self
            .change(state, |draft| {
                if let Some(clock) = &mut draft.clock {
                    clock.flag(side, now);
                }
                Ok(())
            })
            .await;
        if let Err(err) = flagged {
            self.announce(&Event::error("clock_failed", err.to_string()));
        }
        true
    }

    /// Stores `draft` and then makes it the game; on failure nothing changes.
    async fn commit(&mut self, store: &Store, mut draft: Draft) -> Result<(), ApiError> {
        let updated_at = now_ms();
        if let Some(clock) = &mut draft.clock {
            let ended = draft.resigned.is_some() || draft.game.ending().is_some();
            clock.settle(self.game.as_ref(), draft.game.as_ref(), ended, updated_at);
        }
        let row = row_of(self.id, &draft, self.created_at, updated_at);
        store.update(row).await?;
        let moves_change = !same_moves(self.game.as_ref(), draft.game.as_ref());
        self.game = draft.game;
        self.players = draft.players;
        self.resigned = draft.resigned;
        self.clock = draft.clock;
        self.paused = draft.paused;
        self.opening = draft.opening;
        if draft.forget_last_search {
            self.last_search = None;
        }
        self.updated_at = updated_at;
        self.touch();
        if moves_change {
            self.moves_changed_at = self.version;
        }
        Ok(())
    }

    /// Pause, resume, step or move now: how the computers play, not the
    /// game, so nothing is stored.
    pub fn control(&mut self, state: &AppState, action: ControlAction) {
        match action {
            ControlAction::Pause => {
                self.paused = true;
                self.step = false;
                self.cancel_search();
            }
            ControlAction::Resume => {
                self.paused = false;
                self.step = false;
            }
            ControlAction::Step => {
                self.paused = true;
                self.step = true;
            }
            // The search stops but is kept, so its best move so far is played.
            ControlAction::Stop => {
                if let Some(search) = &self.search {
                    search.stop.raise();
                }
            }
        }
        self.start_computer(state);
        self.touch();
    }

    /// A page starts watching: the computer may play while one does.
    /// Returns the feed and the whole state to send first.
    pub fn watch(&mut self, state: &AppState) -> (broadcast::Receiver<Arc<str>>, Arc<str>) {
        self.watchers += 1;
        self.start_computer(state);
        (self.events.subscribe(), self.state_message())
    }

    /// A page stops watching; with the last one gone, the computer stops,
    /// unless its clock runs: then it plays on, or it would lose on time
    /// while nobody looks.
    pub fn unwatch(&mut self) {
        self.watchers = self.watchers.saturating_sub(1);
        let clock_runs = self
            .clock
            .as_ref()
            .is_some_and(|c| c.running_side().is_some());
        if self.watchers == 0 && self.search.is_some() && !clock_runs {
            self.cancel_search();
            self.touch();
        }
    }

    /// Starts the computer's search if it is to move, the game goes on, it
    /// is not paused and no search runs yet. Safe to call after any change.
    pub fn start_computer(&mut self, state: &AppState) {
        if self.search.is_some() || self.ending().is_some() || (self.paused && !self.step) {
            return;
        }
        let side = self.actor();
        let Player::Computer(computer) = self.players.of(side).clone() else {
            return;
        };
        let opening = self.opening.filter(Opening::active).map(|o| o.rule);
        let stop = StopFlag::new();
        let search_id = state.next_search_id();
        let clock = self.clock.as_ref().map(|clock| {
            let left = clock.remaining_at(side, now_ms());
            banco_search::Clock {
                // The store's commit and the page's round trip come out of
                // the computer's time too.
                remaining: std::time::Duration::from_millis(
                    u64::try_from(left.saturating_sub(CLOCK_OVERHEAD_MS)).unwrap_or(0),
                ),
                increment: std::time::Duration::from_millis(clock.control().increment_ms),
                moves_to_go: None,
            }
        });
        self.announce(&Event::Thinking {
            ply: self.game.moves().len(),
            side: side_name(side),
            algorithm: computer.algorithm.name(),
            level: computer.level.get(),
        });
        self.search = Some(RunningSearch {
            id: search_id,
            stop: stop.clone(),
        });
        crate::computer::spawn(
            state.clone(),
            SearchJob {
                game_id: self.id,
                search_id,
                game: self.game.clone_box(),
                computer,
                stop,
                events: self.events.clone(),
                clock,
                opening,
            },
        );
    }

    /// Whether search `search_id` is still the one the game waits for.
    #[must_use]
    pub fn is_current_search(&self, search_id: u64) -> bool {
        self.search.as_ref().map(|s| s.id) == Some(search_id)
    }

    /// The computer's search `search_id` ended with `outcome` (its move and
    /// its last report, or why it failed): plays the move through
    /// [`LiveGame::change`]. A search that is no longer current is ignored;
    /// a failure is told to the pages and pauses the game rather than
    /// retrying the same failure in a loop.
    pub async fn computer_finished(
        &mut self,
        state: &AppState,
        search_id: u64,
        outcome: Result<crate::computer::ComputerResult, String>,
    ) {
        if !self.is_current_search(search_id) {
            return;
        }
        self.search = None;
        // A move found after the flag fell is not played.
        if self.enforce_clock(state).await {
            return;
        }
        self.step = false;
        let (thought, last) = match outcome {
            Ok(crate::computer::ComputerResult::Move(result)) => *result,
            Ok(crate::computer::ComputerResult::Swap(answer)) => {
                let applied = self
                    .change(state, |draft| crate::opening::apply_answer(draft, answer))
                    .await;
                if let Err(err) = applied {
                    self.cancel_search();
                    self.announce(&Event::error("computer_move_failed", err.to_string()));
                    self.paused = true;
                    self.touch();
                }
                return;
            }
            Err(message) => {
                self.announce(&Event::error("search_failed", message));
                self.touch();
                return;
            }
        };
        if last.is_some() {
            self.last_search = last;
        }
        let played = match thought {
            Some(thought) => self
                .change(state, |draft| {
                    draft.game.play_chosen(&thought.chosen).map_err(|reason| {
                        ApiError::SearchFailed(format!(
                            "the search chose an unplayable move {}: {reason}",
                            thought.chosen.code()
                        ))
                    })?;
                    Ok(())
                })
                .await
                .map_err(|e| match e {
                    ApiError::SearchFailed(message) => message,
                    other => other.to_string(),
                }),
            None => Err("the search found no move".to_owned()),
        };
        if let Err(message) = played {
            self.cancel_search();
            self.announce(&Event::error("computer_move_failed", message));
            self.paused = true;
            self.touch();
        }
    }

    /// Tells the pages and any waiting request that the game changed.
    fn touch(&mut self) {
        self.version += 1;
        self.versions.send_replace(self.version);
        let message = self.state_message();
        let _ = self.events.send(message);
    }

    /// Sends a message to the watching pages.
    fn announce(&self, event: &Event<'_>) {
        let _ = self.events.send(event.to_text());
    }

    /// The game as the API answers it.
    #[must_use]
    pub fn view(&self) -> GameView<'_> {
        let setup = self.game.setup();
        let side = self.actor();
        let ending = self.ending();
        let mut board = self.game.board();
        // A game over by resignation or on time has no moves left to play,
        // though its position has.
        if ending.is_some() {
            board.legal_moves.clear();
        }
        GameView {
            id: self.id,
            version: self.version,
            kind: self.game.kind(),
            rule: setup.rule.as_deref(),
            size: setup.size,
            sides: self.game.info().sides,
            start: setup.position.as_deref(),
            players: PlayersSpec::from(&self.players),
            paused: self.paused,
            thinking: self.search.is_some(),
            turn_player: if self.players.of(side).is_human() {
                "human"
            } else {
                "computer"
            },
            plies: self.game.moves().len(),
            moves: self.game.moves(),
            board,
            ending,
            clock: self.clock.as_ref().map(|c| c.view(now_ms())),
            opening: self.opening.as_ref().map(OpeningView::from),
            last_search: self.last_search.as_ref(),
            created_at: self.created_at,
            updated_at: self.updated_at,
        }
    }

    /// The WebSocket message carrying the whole state.
    #[must_use]
    pub fn state_message(&self) -> Arc<str> {
        Event::State { game: &self.view() }.to_text()
    }
}

/// Milliseconds the computer keeps in hand on its clock for what happens
/// around its search (storing the move, telling the pages).
const CLOCK_OVERHEAD_MS: i64 = 50;

/// How a game ended: by resignation, on time, or by its rules.
fn ending_of(
    game: &dyn AnyGame,
    resigned: Option<Side>,
    clock: Option<&GameClock>,
) -> Option<Ending> {
    if let Some(side) = resigned {
        return Some(Ending::resignation(side, game.info().sides));
    }
    if let Some(side) = clock.and_then(GameClock::flagged) {
        return Some(Ending::time_out(
            side,
            game.can_win(side.opponent()),
            game.info().sides,
        ));
    }
    game.ending()
}

/// Whether two states of a game hold the same moves from the same start.
fn same_moves(before: &dyn AnyGame, after: &dyn AnyGame) -> bool {
    before.setup() == after.setup()
        && before.moves().len() == after.moves().len()
        && before
            .moves()
            .iter()
            .zip(after.moves())
            .all(|(a, b)| a.code == b.code)
}

/// The stored form of a game.
fn row_of(id: i64, draft: &Draft, created_at: i64, updated_at: i64) -> GameRow {
    let setup = draft.game.setup();
    let ending = ending_of(draft.game.as_ref(), draft.resigned, draft.clock.as_ref());
    GameRow {
        id,
        kind: draft.game.kind().name().to_owned(),
        rule: setup.rule.clone().unwrap_or_default(),
        size: setup.size,
        start: setup.position.clone().unwrap_or_default(),
        moves: draft.game.moves().iter().map(|m| m.code.clone()).collect(),
        players: serde_json::to_string(&PlayersSpec::from(&draft.players))
            .unwrap_or_else(|_| "{}".to_owned()),
        resigned: draft.resigned.map(|side| side_name(side).to_owned()),
        result: ending.map_or("*", |e| e.result).to_owned(),
        clock: draft
            .clock
            .and_then(|c| serde_json::to_string(&c.stored()).ok()),
        opening: draft.opening.and_then(|o| serde_json::to_string(&o).ok()),
        created_at,
        updated_at,
    }
}

/// A stored game rebuilt by replaying its moves; a clock that ran before
/// `started_ms` (this server's start) runs again from then.
fn restore(row: &GameRow, started_ms: i64) -> Result<LiveGame, StoreError> {
    let damaged = |reason: String| StoreError::Damaged { id: row.id, reason };
    let kind = GameKind::parse(&row.kind).map_err(|e| damaged(e.to_string()))?;
    let setup = Setup {
        rule: Some(row.rule.clone()),
        size: row.size,
        position: Some(row.start.clone()),
    };
    let mut game = kind.setup(&setup).map_err(|e| damaged(e.to_string()))?;
    for (ply, code) in row.moves.iter().enumerate() {
        game.play_code(code)
            .map_err(|e| damaged(format!("move {} ({code}): {e}", ply + 1)))?;
    }
    let players: PlayersSpec =
        serde_json::from_str(&row.players).map_err(|e| damaged(format!("players: {e}")))?;
    let players = players.validate().map_err(|e| damaged(e.to_string()))?;
    let resigned = row.resigned.as_deref().and_then(parse_side);
    let clock = match &row.clock {
        Some(text) => {
            let stored: StoredClock =
                serde_json::from_str(text).map_err(|e| damaged(format!("clock: {e}")))?;
            let mut clock = GameClock::from_stored(&stored).map_err(damaged)?;
            clock.resume_after_restart(started_ms);
            Some(clock)
        }
        None => None,
    };
    let opening = match &row.opening {
        Some(text) => Some(
            serde_json::from_str::<Opening>(text).map_err(|e| damaged(format!("opening: {e}")))?,
        ),
        None => None,
    };
    let mut live = LiveGame::new(row.id, game, players, resigned);
    live.clock = clock;
    live.opening = opening;
    live.created_at = row.created_at;
    live.updated_at = row.updated_at;
    // Computer against computer waits after a restart until someone resumes it.
    live.paused = !live.players.any_human();
    Ok(live)
}

/// Everything the handlers share.
#[derive(Clone)]
pub struct AppState {
    inner: Arc<Shared>,
}

struct Shared {
    store: Store,
    games: std::sync::Mutex<HashMap<i64, Arc<Mutex<LiveGame>>>>,
    search_slots: Arc<Semaphore>,
    search_slots_total: usize,
    lab_slots: Arc<Semaphore>,
    lab_time_limit: std::time::Duration,
    next_search: AtomicU64,
    /// Searchers between moves, their tables kept: at most one per permit.
    searchers: std::sync::Mutex<Vec<banco_search::Searcher>>,
    /// When this server started, milliseconds since 1970: clocks do not
    /// count the time before it.
    started_ms: i64,
    /// Each client's allowance of new games: tokens left and when counted.
    creates: std::sync::Mutex<HashMap<std::net::IpAddr, (f64, std::time::Instant)>>,
}

/// New games one client may create at once, and per second after that.
pub const CREATE_BURST: f64 = 20.0;
/// See [`CREATE_BURST`].
pub const CREATES_PER_SECOND: f64 = 5.0;

impl AppState {
    /// State over `store`, running at most `max_searches` searches at once
    /// (kept within 1 to [`crate::MAX_SEARCHES`]).
    #[must_use]
    pub fn new(store: Store, max_searches: usize) -> AppState {
        AppState::with_lab_time_limit(store, max_searches, crate::lab::RACE_TIME_LIMIT)
    }

    /// As [`AppState::new`], with another wall-clock cap on the lab's races.
    #[must_use]
    pub fn with_lab_time_limit(
        store: Store,
        max_searches: usize,
        lab_time_limit: std::time::Duration,
    ) -> AppState {
        let searches = max_searches.clamp(1, crate::MAX_SEARCHES);
        AppState {
            inner: Arc::new(Shared {
                store,
                games: std::sync::Mutex::new(HashMap::new()),
                search_slots: Arc::new(Semaphore::new(searches)),
                search_slots_total: searches,
                // The lab has permits of its own, half the games' (at least
                // one): a long race never holds back a computer's move.
                lab_slots: Arc::new(Semaphore::new((searches / 2).max(1))),
                lab_time_limit,
                next_search: AtomicU64::new(1),
                searchers: std::sync::Mutex::new(Vec::new()),
                started_ms: now_ms(),
                creates: std::sync::Mutex::new(HashMap::new()),
            }),
        }
    }

    /// A searcher for `config`: one kept from an earlier move (its table
    /// reused, preferably one of the same size), else a new one. Give it
    /// back with [`AppState::give_back`].
    #[must_use]
    pub fn searcher(&self, config: banco_search::SearchConfig) -> banco_search::Searcher {
        let kept = {
            let mut pool = self
                .inner
                .searchers
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            let same = pool
                .iter()
                .position(|s| s.config().hash_mb == config.hash_mb);
            match same {
                Some(at) => Some(pool.swap_remove(at)),
                None => pool.pop(),
            }
        };
        match kept {
            Some(mut searcher) => {
                searcher.set_config(config);
                searcher
            }
            None => banco_search::Searcher::new(config),
        }
    }

    /// Keeps `searcher` for a later move, unless as many are kept as there
    /// are permits.
    pub fn give_back(&self, searcher: banco_search::Searcher) {
        let mut pool = self
            .inner
            .searchers
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if pool.len() < self.inner.search_slots_total {
            pool.push(searcher);
        }
    }

    /// Searchers kept between moves.
    #[must_use]
    pub fn kept_searchers(&self) -> usize {
        self.inner
            .searchers
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }

    /// The wall-clock cap on a lab race.
    #[must_use]
    pub fn lab_time_limit(&self) -> std::time::Duration {
        self.inner.lab_time_limit
    }

    /// The database.
    #[must_use]
    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    /// The permits for the computers' searches in games.
    #[must_use]
    pub fn search_slots(&self) -> Arc<Semaphore> {
        Arc::clone(&self.inner.search_slots)
    }

    /// The AI lab's own permits, apart from the games': games come first.
    #[must_use]
    pub fn lab_slots(&self) -> Arc<Semaphore> {
        Arc::clone(&self.inner.lab_slots)
    }

    /// A fresh search id.
    #[must_use]
    pub fn next_search_id(&self) -> u64 {
        self.inner.next_search.fetch_add(1, Ordering::Relaxed)
    }

    /// The game `id` as the URL gives it, loaded from the store if needed.
    ///
    /// # Errors
    ///
    /// [`ApiError::UnknownGame`] when no game has that id.
    pub async fn game(&self, id: &str) -> Result<Arc<Mutex<LiveGame>>, ApiError> {
        let unknown = || ApiError::UnknownGame(id.chars().take(40).collect());
        let id: i64 = id.parse().map_err(|_| unknown())?;
        if let Some(live) = self.loaded(id) {
            return Ok(live);
        }
        let row = self.inner.store.get(id).await?.ok_or_else(unknown)?;
        let live = restore(&row, self.inner.started_ms)?;
        let (live, fresh) = {
            let mut games = self.games_lock();
            let fresh = !games.contains_key(&id);
            let live = Arc::clone(
                games
                    .entry(id)
                    .or_insert_with(|| Arc::new(Mutex::new(live))),
            );
            (live, fresh)
        };
        if fresh {
            let mut game = live.lock().await;
            // A clock that ran out while the game was not loaded ends it now.
            if !game.enforce_clock(self).await {
                game.schedule_clock(self);
            }
        }
        Ok(live)
    }

    /// The game `id` if it is in memory.
    #[must_use]
    pub fn loaded(&self, id: i64) -> Option<Arc<Mutex<LiveGame>>> {
        self.games_lock().get(&id).cloned()
    }

    /// Stores a new game and puts it in play.
    ///
    /// # Errors
    ///
    /// [`ApiError::Store`] when the database fails.
    pub async fn create(
        &self,
        game: Box<dyn AnyGame>,
        players: Players,
        paused: bool,
        clock: Option<crate::clock::TimeControl>,
        opening: Option<Opening>,
    ) -> Result<Arc<Mutex<LiveGame>>, ApiError> {
        let mut live = LiveGame::new(0, game, players, None);
        live.paused = paused;
        live.clock = clock.map(GameClock::new);
        live.opening = opening;
        let draft = live.draft();
        let row = row_of(0, &draft, live.created_at, live.updated_at);
        let id = self.inner.store.insert(row).await?;
        live.id = id;
        let live = Arc::new(Mutex::new(live));
        self.games_lock().insert(id, Arc::clone(&live));
        // Only once the game can be found does its first search start.
        live.lock().await.start_computer(self);
        Ok(live)
    }

    /// Forgets the games in memory that nobody uses: no page watches them,
    /// no request or search holds them, the computer is not thinking, and
    /// they have not changed for `idle_ms` milliseconds before `now_ms`.
    /// They are in the store and load again on their next request. Returns
    /// how many were forgotten.
    pub fn evict_idle(&self, now_ms: i64, idle_ms: i64) -> usize {
        let mut games = self.games_lock();
        let before = games.len();
        games.retain(|_, live| {
            // A game someone holds (a request, a search job) stays.
            if Arc::strong_count(live) > 1 {
                return true;
            }
            let Ok(game) = live.try_lock() else {
                return true;
            };
            // A running clock needs its timer, which needs the game loaded.
            let clock_runs = game
                .clock
                .as_ref()
                .is_some_and(|c| c.running_side().is_some());
            game.watchers > 0
                || game.search.is_some()
                || clock_runs
                || now_ms - game.updated_at < idle_ms
        });
        before - games.len()
    }

    /// Counts a new game against `client`'s allowance ([`CREATE_BURST`] at
    /// once, [`CREATES_PER_SECOND`] after): each game costs memory and a
    /// row, and no one client should make them without bound.
    ///
    /// # Errors
    ///
    /// [`ApiError::TooManyGames`] when the allowance is spent.
    pub fn allow_create(&self, client: std::net::IpAddr) -> Result<(), ApiError> {
        let now = std::time::Instant::now();
        let mut creates = self
            .inner
            .creates
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        // Clients long quiet are forgotten, so the map stays small.
        if creates.len() > 10_000 {
            creates.retain(|_, (_, at)| now.duration_since(*at).as_secs() < 60);
        }
        let (tokens, at) = creates.entry(client).or_insert((CREATE_BURST, now));
        *tokens = (*tokens + now.duration_since(*at).as_secs_f64() * CREATES_PER_SECOND)
            .min(CREATE_BURST);
        *at = now;
        if *tokens < 1.0 {
            return Err(ApiError::TooManyGames);
        }
        *tokens -= 1.0;
        Ok(())
    }

    /// Games in memory.
    #[must_use]
    pub fn loaded_count(&self) -> usize {
        self.games_lock().len()
    }

    fn games_lock(&self) -> std::sync::MutexGuard<'_, HashMap<i64, Arc<Mutex<LiveGame>>>> {
        self.inner
            .games
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}
