//! # banco-server
//!
//! Banco's game server: an HTTP and WebSocket API over every game Banco
//! plays, the games kept in an SQLite file, and the browser UI (the files
//! of `web/`, compiled in).
//!
//! - [`access`]: which hosts and pages may use it (against DNS rebinding
//!   and other sites' pages);
//! - the games themselves come from the game layer (`banco-games`), as
//!   the type-erased `AnyGame` the whole server handles alike;
//! - [`api`] and [`ws`]: the endpoints; [`requests`]: their bodies, checked;
//! - [`live`]: the games in play, each changed through one method that
//!   stores the change, applies it, restarts the computer and tells the pages;
//! - [`events`]: the WebSocket's messages, typed;
//! - [`computer`]: the computer's searches on the blocking pool;
//! - [`lab`]: the AI lab's algorithm race and search trees;
//! - [`position`]: the board after moves played away from a game (the
//!   analysis board's variations);
//! - [`analysis`]: live analysis of any position over a WebSocket;
//! - [`review`]: a finished game's moves judged, every position searched;
//! - [`store`]: the SQLite file.
//!
//! ```no_run
//! use banco_server::{ServerConfig, run};
//!
//! run(&ServerConfig::default(), |addr| println!("open http://{addr}/"))?;
//! # Ok::<_, banco_server::ServerError>(())
//! ```
//!
//! The API is described in the project's `docs/server.md`.

pub mod access;
pub mod analysis;
pub mod api;
pub mod assets;
pub mod clock;
pub mod computer;
pub mod connections;
pub mod error;
pub mod evaluation;
pub mod events;
pub mod lab;
pub mod levels;
pub mod live;
pub mod opening;
pub mod players;
pub mod position;
pub mod progress;
pub mod requests;
pub mod review;
pub mod store;
pub mod ws;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};

pub use access::Access;
pub use error::{ApiError, ServerError};
pub use live::AppState;
pub use store::Store;

/// The address the server listens on unless told otherwise: this machine only.
pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";
/// The most searches `--max-searches` may allow at once: far beyond any
/// machine's cores, far below what the permit counter can hold.
pub const MAX_SEARCHES: usize = 1024;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// Where to listen.
    pub addr: SocketAddr,
    /// The game database.
    pub db: PathBuf,
    /// Most computer searches at once (1 to [`MAX_SEARCHES`]); more wait their turn.
    pub max_searches: usize,
    /// Host names the server answers to besides its own address and
    /// `localhost` (see [`access`]).
    pub allowed_hosts: Vec<String>,
}

impl Default for ServerConfig {
    fn default() -> ServerConfig {
        ServerConfig {
            addr: DEFAULT_ADDR.parse().expect("the default address reads"),
            db: default_db_path(),
            max_searches: std::thread::available_parallelism()
                .map_or(1, usize::from)
                .min(MAX_SEARCHES),
            allowed_hosts: Vec::new(),
        }
    }
}

/// The game database's default place: `banco/games.sqlite3` in the user's
/// data folder (`~/.local/share` on Linux), or the current folder without one.
#[must_use]
pub fn default_db_path() -> PathBuf {
    dirs::data_dir()
        .map_or_else(|| PathBuf::from("."), |dir| dir.join("banco"))
        .join("games.sqlite3")
}

/// The whole application: the API under `/api`, the page everywhere else,
/// every request first checked by `access`.
pub fn app(state: AppState, access: Access) -> Router {
    let games = Router::new()
        .route("/", get(api::list).post(api::create))
        .route("/{id}", get(api::get))
        .route("/{id}/moves", post(api::make_move))
        .route("/{id}/undo", post(api::undo))
        .route("/{id}/reset", post(api::reset))
        .route("/{id}/resign", post(api::resign))
        .route("/{id}/opening", post(api::choose_opening))
        .route("/{id}/position", post(api::load_position))
        .route("/{id}/players", post(api::set_players))
        .route("/{id}/control", post(api::control))
        .route("/{id}/export", get(api::export))
        .route("/{id}/review", post(review::review))
        .route("/{id}/ws", get(ws::connect))
        .method_not_allowed_fallback(api::method_not_allowed);
    let lab = Router::new()
        .route("/race", post(lab::race))
        .route("/tree", post(lab::tree))
        .method_not_allowed_fallback(api::method_not_allowed);
    let api = Router::new()
        .route("/meta", get(api::meta))
        .method_not_allowed_fallback(api::method_not_allowed)
        .nest("/lab", lab)
        .route("/analysis/ws", get(analysis::connect))
        .route("/positions", post(position::position))
        .route("/evaluation", post(evaluation::evaluation))
        .nest("/games", games)
        .fallback(api::not_found);
    Router::new()
        .nest("/api", api)
        .fallback(assets::serve)
        .layer(DefaultBodyLimit::max(requests::MAX_BODY_BYTES))
        .layer(axum::middleware::from_fn_with_state(
            Arc::new(access),
            access::guard,
        ))
        .with_state(state)
}

/// Opens the database, binds the address and serves until Ctrl-C, calling
/// `ready` with the bound address (useful with port 0) once listening.
///
/// # Errors
///
/// How often the server forgets idle games.
const EVICTION_SWEEP: std::time::Duration = std::time::Duration::from_secs(60);
/// A game unused this long (10 minutes) leaves memory until asked for again.
const EVICT_AFTER_MS: i64 = 10 * 60 * 1000;

/// A [`ServerError`] when the database cannot be opened or the address bound.
pub fn run(config: &ServerConfig, ready: impl FnOnce(SocketAddr)) -> Result<(), ServerError> {
    if !(1..=MAX_SEARCHES).contains(&config.max_searches) {
        return Err(ServerError::Config(format!(
            "at most 1 to {MAX_SEARCHES} searches at once, not {}",
            config.max_searches
        )));
    }
    let store = Store::open(&config.db)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(config.addr)
            .await
            .map_err(|source| ServerError::Bind {
                addr: config.addr,
                source,
            })?;
        let bound = listener.local_addr()?;
        let state = AppState::new(store, config.max_searches);
        let access = Access::new(bound, &config.allowed_hosts);
        // Games nobody has used for a while leave memory; they reload from
        // the store when asked for again.
        let sweeper = state.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(EVICTION_SWEEP);
            loop {
                every.tick().await;
                sweeper.evict_idle(store::now_ms(), EVICT_AFTER_MS);
            }
        });
        ready(bound);
        connections::serve(
            listener,
            app(state, access),
            connections::ConnectionLimits::default(),
            async {
                let _ = tokio::signal::ctrl_c().await;
            },
        )
        .await;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_absurd_number_of_searches_is_refused_before_anything_opens() {
        for max_searches in [0, MAX_SEARCHES + 1, usize::MAX] {
            let config = ServerConfig {
                addr: "127.0.0.1:0".parse().unwrap(),
                db: PathBuf::from("never-created.sqlite3"),
                max_searches,
                allowed_hosts: Vec::new(),
            };
            let err = run(&config, |_| panic!("it served")).unwrap_err();
            assert!(matches!(err, ServerError::Config(_)), "{err}");
            assert!(err.to_string().contains("1 to 1024"), "{err}");
        }
        assert!(!std::path::Path::new("never-created.sqlite3").exists());
    }
}
