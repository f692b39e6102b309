//! The games in play: each a [`LiveGame`] behind its own lock, loaded from the
//! store on first use, changed only through [`LiveGame::commit`], which
//! stores the change before it is applied.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, PoisonError};

use banco_search::{Side, StopFlag};
use serde::Serialize;
use tokio::sync::{Mutex, Semaphore, broadcast, watch};

use crate::error::ApiError;
use crate::games::{
    AnyGame, BoardView, Ending, GameKind, MovePlayed, Setup, parse_side, side_name,
};
use crate::players::{Players, PlayersSpec};
use crate::progress::SearchInfo;
use crate::store::{GameRow, Store, StoreError, now_ms};

/// Messages queued per page before a slow page starts missing some (it is
/// then sent the whole state again).
const EVENT_BUFFER: usize = 256;

/// A game in play, with who plays it and what the computer is doing.
pub struct LiveGame {
    /// The stored id.
    pub id: i64,
    /// The game and its moves.
    pub game: Box<dyn AnyGame>,
    /// Who plays each side.
    pub players: Players,
    /// The side that resigned, if one did.
    pub resigned: Option<Side>,
    /// When it was created, milliseconds since 1970.
    pub created_at: i64,
    /// When it last changed, milliseconds since 1970.
    pub updated_at: i64,
    /// Grows with every change the page should see.
    pub version: u64,
    /// Computer against computer: whether the computers wait.
    pub paused: bool,
    /// Whether one computer move is allowed while paused.
    pub step: bool,
    /// The computer's search in progress.
    pub search: Option<RunningSearch>,
    /// The last iteration the computer reported.
    pub last_search: Option<SearchInfo>,
    /// Pages watching over a WebSocket.
    pub watchers: usize,
    /// Messages to the watching pages, as JSON text.
    pub events: broadcast::Sender<Arc<str>>,
    /// The version, for requests that wait for a change.
    pub versions: watch::Sender<u64>,
}

/// A search the computer is running for a game.
#[derive(Clone, Debug)]
pub struct RunningSearch {
    /// Tells the result apart from a later search's.
    pub id: u64,
    /// Stops it.
    pub stop: StopFlag,
}

/// A change to a game, made on copies and applied once stored.
pub struct Draft {
    /// The game after the change.
    pub game: Box<dyn AnyGame>,
    /// The players after the change.
    pub players: Players,
    /// The resignation after the change.
    pub resigned: Option<Side>,
}

/// The game as the page and the API see it.
#[derive(Serialize)]
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
            created_at: now,
            updated_at: now,
            version: 1,
            paused: false,
            step: false,
            search: None,
            last_search: None,
            watchers: 0,
            events,
            versions: watch::Sender::new(1),
        }
    }

    /// How the game ended, resignation included.
    #[must_use]
    pub fn ending(&self) -> Option<Ending> {
        match self.resigned {
            Some(side) => {
                let names = self.game.kind().description().sides;
                let winner = side.opponent();
                Some(Ending::new(
                    "resignation",
                    Some(winner),
                    format!(
                        "{} resigns: {} wins",
                        names[side.index()],
                        names[winner.index()]
                    ),
                ))
            }
            None => self.game.ending(),
        }
    }

    /// The players' names the game's side names, e.g. `White`.
    #[must_use]
    pub fn side_label(&self, side: Side) -> &'static str {
        self.game.kind().description().sides[side.index()]
    }

    /// Copies to change.
    #[must_use]
    pub fn draft(&self) -> Draft {
        Draft {
            game: self.game.clone_box(),
            players: self.players.clone(),
            resigned: self.resigned,
        }
    }

    /// Stops and forgets the computer's search: its move will not be played.
    pub fn cancel_search(&mut self) {
        if let Some(search) = self.search.take() {
            search.stop.raise();
        }
    }

    /// Stores `draft` and then makes it the game; on failure nothing changes.
    ///
    /// # Errors
    ///
    /// [`ApiError::Store`] when the database fails.
    pub async fn commit(&mut self, store: &Store, draft: Draft) -> Result<(), ApiError> {
        let updated_at = now_ms();
        let row = row_of(self.id, &draft, self.created_at, updated_at);
        store.update(row).await?;
        self.game = draft.game;
        self.players = draft.players;
        self.resigned = draft.resigned;
        self.updated_at = updated_at;
        self.touch();
        Ok(())
    }

    /// Tells the pages and any waiting request that the game changed.
    pub fn touch(&mut self) {
        self.version += 1;
        self.versions.send_replace(self.version);
        let message = self.state_message();
        let _ = self.events.send(message);
    }

    /// Sends a message to the watching pages.
    pub fn announce(&self, message: &serde_json::Value) {
        let _ = self.events.send(Arc::from(message.to_string()));
    }

    /// The game as the API answers it.
    #[must_use]
    pub fn view(&self) -> GameView<'_> {
        let setup = self.game.setup();
        let side = self.game.side_to_move();
        GameView {
            id: self.id,
            version: self.version,
            kind: self.game.kind(),
            rule: setup.rule.as_deref(),
            size: setup.size,
            sides: self.game.kind().description().sides,
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
            board: self.game.board(),
            ending: self.ending(),
            last_search: self.last_search.as_ref(),
            created_at: self.created_at,
            updated_at: self.updated_at,
        }
    }

    /// The WebSocket message carrying the whole state.
    #[must_use]
    pub fn state_message(&self) -> Arc<str> {
        let message = serde_json::json!({ "type": "state", "game": self.view() });
        Arc::from(message.to_string())
    }
}

/// The stored form of a game.
fn row_of(id: i64, draft: &Draft, created_at: i64, updated_at: i64) -> GameRow {
    let setup = draft.game.setup();
    let ending = match draft.resigned {
        Some(side) => Some(if side == Side::First { "0-1" } else { "1-0" }),
        None => draft.game.ending().map(|e| e.result),
    };
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
        result: ending.unwrap_or("*").to_owned(),
        created_at,
        updated_at,
    }
}

/// A stored game rebuilt by replaying its moves.
fn restore(row: &GameRow) -> Result<LiveGame, StoreError> {
    let damaged = |reason: String| StoreError::Damaged { id: row.id, reason };
    let kind = GameKind::parse(&row.kind).map_err(|e| damaged(e.to_string()))?;
    let setup = Setup {
        rule: Some(row.rule.clone()),
        size: row.size,
        position: Some(row.start.clone()),
    };
    let mut game = kind.setup(&setup).map_err(|e| damaged(e.to_string()))?;
    for (ply, code) in row.moves.iter().enumerate() {
        game.play(code)
            .map_err(|e| damaged(format!("move {} ({code}): {e}", ply + 1)))?;
    }
    let players: PlayersSpec =
        serde_json::from_str(&row.players).map_err(|e| damaged(format!("players: {e}")))?;
    let players = players.validate().map_err(|e| damaged(e.to_string()))?;
    let resigned = row.resigned.as_deref().and_then(parse_side);
    let mut live = LiveGame::new(row.id, game, players, resigned);
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
    next_search: AtomicU64,
}

impl AppState {
    /// State over `store`, running at most `max_searches` searches at once.
    #[must_use]
    pub fn new(store: Store, max_searches: usize) -> AppState {
        AppState {
            inner: Arc::new(Shared {
                store,
                games: std::sync::Mutex::new(HashMap::new()),
                search_slots: Arc::new(Semaphore::new(max_searches.max(1))),
                next_search: AtomicU64::new(1),
            }),
        }
    }

    /// The database.
    #[must_use]
    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    /// The permits for concurrent searches.
    #[must_use]
    pub fn search_slots(&self) -> Arc<Semaphore> {
        Arc::clone(&self.inner.search_slots)
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
        let live = restore(&row)?;
        let mut games = self.games_lock();
        Ok(Arc::clone(
            games
                .entry(id)
                .or_insert_with(|| Arc::new(Mutex::new(live))),
        ))
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
    ) -> Result<Arc<Mutex<LiveGame>>, ApiError> {
        let mut live = LiveGame::new(0, game, players, None);
        live.paused = paused;
        let draft = live.draft();
        let row = row_of(0, &draft, live.created_at, live.updated_at);
        let id = self.inner.store.insert(row).await?;
        live.id = id;
        let live = Arc::new(Mutex::new(live));
        self.games_lock().insert(id, Arc::clone(&live));
        Ok(live)
    }

    fn games_lock(&self) -> std::sync::MutexGuard<'_, HashMap<i64, Arc<Mutex<LiveGame>>>> {
        self.inner
            .games
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}
