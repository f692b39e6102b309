//! Games kept in an SQLite file.
//!
//! A game is stored as how it was set up (game, rule, size, start position),
//! its moves as codes, its players and how it ended; the position is
//! rebuilt by replaying the moves. Every change is one `UPDATE` committed
//! before the server answers, in WAL mode with `synchronous = FULL`, so an
//! acknowledged move survives a killed process and a power cut.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{SystemTime, UNIX_EPOCH};

use rusqlite::{Connection, OptionalExtension, params};

/// The schema version this code writes (`PRAGMA user_version`).
const SCHEMA_VERSION: i64 = 3;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    kind        TEXT    NOT NULL,
    rule        TEXT    NOT NULL,
    size        INTEGER,
    start       TEXT    NOT NULL,
    moves       TEXT    NOT NULL DEFAULT '',
    plies       INTEGER NOT NULL DEFAULT 0,
    players     TEXT    NOT NULL,
    resigned    TEXT,
    result      TEXT    NOT NULL DEFAULT '*',
    clock       TEXT,
    opening     TEXT,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS games_by_update ON games (updated_at DESC);
";

/// What turns a database of an older schema into this one, by the version
/// it had: version 1 had no clocks, version 2 no swap openings.
const MIGRATIONS: [(i64, &str); 2] = [
    (1, "ALTER TABLE games ADD COLUMN clock TEXT;"),
    (2, "ALTER TABLE games ADD COLUMN opening TEXT;"),
];

/// A database failure.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The file could not be opened or prepared.
    #[error("cannot open the game database {path}: {reason}")]
    Open {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// The file was written by a newer Banco.
    #[error(
        "the game database {path} has schema version {found}; this Banco reads up to {SCHEMA_VERSION}"
    )]
    TooNew {
        /// The file.
        path: PathBuf,
        /// Its version.
        found: i64,
    },
    /// A query failed.
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// A stored game does not replay.
    #[error("stored game {id} is damaged: {reason}")]
    Damaged {
        /// The game.
        id: i64,
        /// What does not read.
        reason: String,
    },
    /// The database thread went away.
    #[error("the database task failed: {0}")]
    Task(String),
}

/// A game as stored.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct GameRow {
    /// The game's id.
    pub id: i64,
    /// The game's API name (`chess`).
    pub kind: String,
    /// The rule.
    pub rule: String,
    /// The board size, for games with several.
    pub size: Option<u8>,
    /// The start position in the game's format.
    pub start: String,
    /// The moves played, as codes.
    pub moves: Vec<String>,
    /// The players, as the API's JSON.
    pub players: String,
    /// The side that resigned (`first`, `second`), if one did.
    pub resigned: Option<String>,
    /// The result (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub result: String,
    /// The clock as JSON, for a game played with one.
    pub clock: Option<String>,
    /// The swap opening as JSON, for a game that has one.
    pub opening: Option<String>,
    /// When it was created, milliseconds since 1970.
    pub created_at: i64,
    /// When it last changed, milliseconds since 1970.
    pub updated_at: i64,
}

/// What the list of games shows of each.
#[derive(Clone, Debug, Eq, PartialEq, serde::Serialize)]
pub struct GameSummary {
    /// The game's id.
    pub id: i64,
    /// The game's API name.
    pub kind: String,
    /// The rule.
    pub rule: String,
    /// The board size, for games with several.
    pub size: Option<u8>,
    /// Moves played.
    pub plies: i64,
    /// The players, as the API's JSON.
    pub players: serde_json::Value,
    /// The result (`*` while it goes on).
    pub result: String,
    /// When it was created, milliseconds since 1970.
    pub created_at: i64,
    /// When it last changed, milliseconds since 1970.
    pub updated_at: i64,
}

/// The game database, shared by all requests. Queries run on the blocking
/// pool: a commit waits for the disk, which must not stall the async workers.
#[derive(Clone, Debug)]
pub struct Store {
    conn: Arc<Mutex<Connection>>,
}

/// Milliseconds since 1970, the stores' clock.
#[must_use]
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

impl Store {
    /// Opens (creating if needed) the database at `path`, and its folder.
    ///
    /// # Errors
    ///
    /// [`StoreError::Open`] when the file cannot be created or read as a
    /// database, [`StoreError::TooNew`] for a newer schema.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let open_error = |reason: String| StoreError::Open {
            path: path.to_owned(),
            reason,
        };
        if let Some(parent) = path.parent()
            && !parent.as_os_str().is_empty()
        {
            if let Some(file) = file_in_the_way(parent) {
                return Err(open_error(format!(
                    "{} is a file, not a folder",
                    file.display()
                )));
            }
            std::fs::create_dir_all(parent).map_err(|e| {
                open_error(format!(
                    "cannot create the folder {}: {e}",
                    parent.display()
                ))
            })?;
        }
        let conn = Connection::open(path).map_err(|e| open_error(e.to_string()))?;
        Store::prepare(conn, path)
    }

    /// A database in memory, for tests.
    ///
    /// # Errors
    ///
    /// When SQLite cannot create it.
    pub fn in_memory() -> Result<Store, StoreError> {
        Store::prepare(Connection::open_in_memory()?, Path::new(":memory:"))
    }

    fn prepare(conn: Connection, path: &Path) -> Result<Store, StoreError> {
        let open_error = |e: rusqlite::Error| StoreError::Open {
            path: path.to_owned(),
            reason: e.to_string(),
        };
        conn.busy_timeout(std::time::Duration::from_secs(5))
            .map_err(open_error)?;
        // WAL keeps readers off the writer's back; FULL syncs the log at every
        // commit, which is what makes an acknowledged move durable.
        conn.query_row("PRAGMA journal_mode = WAL", [], |_| Ok(()))
            .map_err(open_error)?;
        conn.execute_batch("PRAGMA synchronous = FULL;")
            .map_err(open_error)?;
        let mut version: i64 = conn
            .query_row("PRAGMA user_version", [], |row| row.get(0))
            .map_err(open_error)?;
        if version > SCHEMA_VERSION {
            return Err(StoreError::TooNew {
                path: path.to_owned(),
                found: version,
            });
        }
        for (from, migration) in MIGRATIONS {
            // The change and the new version in one transaction: a crash
            // between them would otherwise leave a file that migrates twice.
            if version == from {
                conn.execute_batch(&format!(
                    "BEGIN; {migration} PRAGMA user_version = {}; COMMIT;",
                    from + 1
                ))
                .map_err(open_error)?;
                version = from + 1;
            }
        }
        conn.execute_batch(SCHEMA).map_err(open_error)?;
        conn.execute_batch(&format!("PRAGMA user_version = {SCHEMA_VERSION};"))
            .map_err(open_error)?;
        Ok(Store {
            conn: Arc::new(Mutex::new(conn)),
        })
    }

    /// Runs `work` on the connection, on the blocking pool.
    async fn with<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let conn = Arc::clone(&self.conn);
        tokio::task::spawn_blocking(move || {
            // A panic elsewhere while holding the lock leaves SQLite itself
            // consistent (each statement is atomic), so the lock is reused.
            let conn = conn.lock().unwrap_or_else(PoisonError::into_inner);
            work(&conn)
        })
        .await
        .map_err(|e| StoreError::Task(e.to_string()))?
    }

    /// Stores a new game and returns its id.
    ///
    /// # Errors
    ///
    /// A database failure.
    pub async fn insert(&self, row: GameRow) -> Result<i64, StoreError> {
        self.with(move |conn| {
            conn.execute(
                "INSERT INTO games (kind, rule, size, start, moves, plies, players, resigned, result, created_at, updated_at, clock, opening)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
                params![
                    row.kind,
                    row.rule,
                    row.size,
                    row.start,
                    row.moves.join(" "),
                    row.moves.len() as i64,
                    row.players,
                    row.resigned,
                    row.result,
                    row.created_at,
                    row.updated_at,
                    row.clock,
                    row.opening,
                ],
            )?;
            Ok(conn.last_insert_rowid())
        })
        .await
    }

    /// Replaces everything stored of game `row.id`.
    ///
    /// # Errors
    ///
    /// A database failure, or [`StoreError::Damaged`] if the game is gone.
    pub async fn update(&self, row: GameRow) -> Result<(), StoreError> {
        self.with(move |conn| {
            let changed = conn.execute(
                "UPDATE games SET rule = ?2, size = ?3, start = ?4, moves = ?5, plies = ?6,
                 players = ?7, resigned = ?8, result = ?9, updated_at = ?10, clock = ?11, opening = ?12
                 WHERE id = ?1",
                params![
                    row.id,
                    row.rule,
                    row.size,
                    row.start,
                    row.moves.join(" "),
                    row.moves.len() as i64,
                    row.players,
                    row.resigned,
                    row.result,
                    row.updated_at,
                    row.clock,
                    row.opening,
                ],
            )?;
            if changed == 1 {
                Ok(())
            } else {
                Err(StoreError::Damaged {
                    id: row.id,
                    reason: "the row is missing".to_owned(),
                })
            }
        })
        .await
    }

    /// The stored game `id`, if there is one.
    ///
    /// # Errors
    ///
    /// A database failure.
    pub async fn get(&self, id: i64) -> Result<Option<GameRow>, StoreError> {
        self.with(move |conn| {
            conn.query_row(
                "SELECT id, kind, rule, size, start, moves, players, resigned, result, created_at, updated_at, clock, opening
                 FROM games WHERE id = ?1",
                [id],
                |row| {
                    let moves: String = row.get(5)?;
                    Ok(GameRow {
                        id: row.get(0)?,
                        kind: row.get(1)?,
                        rule: row.get(2)?,
                        size: row.get(3)?,
                        start: row.get(4)?,
                        moves: moves.split_whitespace().map(str::to_owned).collect(),
                        players: row.get(6)?,
                        resigned: row.get(7)?,
                        result: row.get(8)?,
                        clock: row.get(11)?,
                        opening: row.get(12)?,
                        created_at: row.get(9)?,
                        updated_at: row.get(10)?,
                    })
                },
            )
            .optional()
            .map_err(StoreError::from)
        })
        .await
    }

    /// The most recently changed games, newest first.
    ///
    /// # Errors
    ///
    /// A database failure.
    pub async fn list(&self, limit: u32) -> Result<Vec<GameSummary>, StoreError> {
        self.with(move |conn| {
            let mut statement = conn.prepare(
                "SELECT id, kind, rule, size, plies, players, result, created_at, updated_at
                 FROM games ORDER BY updated_at DESC, id DESC LIMIT ?1",
            )?;
            let mut rows = statement.query([limit])?;
            let mut games = Vec::new();
            while let Some(row) = rows.next()? {
                match summary_of(row) {
                    Ok(game) => games.push(game),
                    // One damaged row (a size no game has, a text where a
                    // number belongs) must not hide every other game.
                    Err(err) => {
                        let id: Option<i64> = row.get(0).ok();
                        let id = id.map_or_else(|| "?".to_owned(), |id| id.to_string());
                        eprintln!("banco: the game list skips stored game {id}: {err}");
                    }
                }
            }
            Ok(games)
        })
        .await
    }
}

/// A row of the list query as the list shows it.
fn summary_of(row: &rusqlite::Row<'_>) -> rusqlite::Result<GameSummary> {
    let players: String = row.get(5)?;
    Ok(GameSummary {
        id: row.get(0)?,
        kind: row.get(1)?,
        rule: row.get(2)?,
        size: row.get(3)?,
        plies: row.get(4)?,
        players: serde_json::from_str(&players).unwrap_or(serde_json::Value::Null),
        result: row.get(6)?,
        created_at: row.get(7)?,
        updated_at: row.get(8)?,
    })
}

/// The nearest existing ancestor of `folder` (itself included) when that is
/// not a folder: the database cannot go below a file.
fn file_in_the_way(folder: &Path) -> Option<&Path> {
    folder
        .ancestors()
        .find(|ancestor| !ancestor.as_os_str().is_empty() && ancestor.exists())
        .filter(|ancestor| !ancestor.is_dir())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row() -> GameRow {
        GameRow {
            id: 0,
            kind: "chess".into(),
            rule: "standard".into(),
            size: None,
            start: "start".into(),
            moves: vec!["e2e4".into(), "e7e5".into()],
            players: "{}".into(),
            resigned: None,
            result: "*".into(),
            clock: None,
            opening: None,
            created_at: 1,
            updated_at: 2,
        }
    }

    #[tokio::test]
    async fn rows_round_trip_and_update() {
        let store = Store::in_memory().unwrap();
        let id = store.insert(row()).await.unwrap();
        let mut stored = store.get(id).await.unwrap().unwrap();
        assert_eq!(stored, GameRow { id, ..row() });
        stored.moves.push("g1f3".into());
        stored.updated_at = 3;
        store.update(stored.clone()).await.unwrap();
        assert_eq!(store.get(id).await.unwrap().unwrap(), stored);
        let list = store.list(10).await.unwrap();
        assert_eq!((list.len(), list[0].plies), (1, 3));
        assert!(store.get(id + 1).await.unwrap().is_none());
    }

    #[tokio::test]
    async fn a_damaged_row_is_left_out_of_the_list() {
        let store = Store::in_memory().unwrap();
        let good = store.insert(row()).await.unwrap();
        let damaged = store.insert(row()).await.unwrap();
        store
            .conn
            .lock()
            .unwrap()
            .execute("UPDATE games SET size = 300 WHERE id = ?1", [damaged])
            .unwrap();
        let list = store.list(10).await.unwrap();
        assert_eq!(list.iter().map(|g| g.id).collect::<Vec<_>>(), [good]);
    }

    #[test]
    fn a_file_where_the_folder_should_be_is_named() {
        let dir = std::env::temp_dir().join(format!("banco-store-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("taken");
        std::fs::write(&file, "not a folder").unwrap();
        let path = file.join("deeper").join("games.sqlite3");
        let err = Store::open(&path).unwrap_err().to_string();
        let _ = std::fs::remove_dir_all(&dir);
        assert!(err.contains(&path.display().to_string()), "{err}");
        assert!(
            err.contains(&format!("{} is a file, not a folder", file.display())),
            "{err}"
        );
    }

    #[tokio::test]
    async fn a_database_without_clocks_gains_them_and_keeps_its_games() {
        let dir = std::env::temp_dir().join(format!("banco-store-v1-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.sqlite3");
        let _ = std::fs::remove_file(&path);
        {
            // The schema as version 1 wrote it, with one game.
            let conn = Connection::open(&path).unwrap();
            conn.execute_batch(
                "CREATE TABLE games (
                    id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL,
                    rule TEXT NOT NULL, size INTEGER, start TEXT NOT NULL,
                    moves TEXT NOT NULL DEFAULT '', plies INTEGER NOT NULL DEFAULT 0,
                    players TEXT NOT NULL, resigned TEXT, result TEXT NOT NULL DEFAULT '*',
                    created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
                 INSERT INTO games (kind, rule, start, moves, plies, players, created_at, updated_at)
                    VALUES ('chess', 'standard', 'start', 'e2e4', 1, '{}', 1, 2);
                 PRAGMA user_version = 1;",
            )
            .unwrap();
        }
        let store = Store::open(&path).unwrap();
        let old = store.get(1).await.unwrap().unwrap();
        assert_eq!((old.moves.len(), old.clock), (1, None));
        let id = store
            .insert(GameRow {
                clock: Some("{}".into()),
                ..row()
            })
            .await
            .unwrap();
        assert_eq!(
            store.get(id).await.unwrap().unwrap().clock.as_deref(),
            Some("{}")
        );
        drop(store);
        // Opening it again migrates nothing twice.
        assert!(Store::open(&path).is_ok());
        let _ = std::fs::remove_dir_all(dir);
    }

    #[tokio::test]
    async fn a_file_survives_reopening() {
        let dir = std::env::temp_dir().join(format!("banco-store-{}", std::process::id()));
        let path = dir.join("nested").join("games.sqlite3");
        let id = Store::open(&path).unwrap().insert(row()).await.unwrap();
        let reopened = Store::open(&path).unwrap();
        assert_eq!(reopened.get(id).await.unwrap().unwrap().moves.len(), 2);
        let _ = std::fs::remove_dir_all(dir);
    }
}
