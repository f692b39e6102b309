//! # banco-server
//!
//! Banco's game server: an HTTP and WebSocket API over every game Banco
//! plays, the games kept in an SQLite file, and the browser UI (the files
//! of `web/`, compiled in).
//!
//! - the games themselves come from the game layer (`banco-games`), as
//!   the type-erased `AnyGame` the whole server handles alike;
//! - [`api`] and [`ws`]: the endpoints; [`requests`]: their bodies, checked;
//! - [`live`]: the games in play, each changed through one method that
//!   stores the change, applies it, restarts the computer and tells the pages;
//! - [`events`]: the WebSocket's messages, typed;
//! - [`computer`]: the computer's searches on the blocking pool;
//! - [`lab`]: the AI lab's algorithm race and search trees;
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

pub mod api;
pub mod assets;
pub mod computer;
pub mod error;
pub mod events;
pub mod lab;
pub mod levels;
pub mod live;
pub mod players;
pub mod progress;
pub mod requests;
pub mod store;
pub mod ws;

use std::net::SocketAddr;
use std::path::PathBuf;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};

pub use error::{ApiError, ServerError};
pub use live::AppState;
pub use store::Store;

/// The address the server listens on unless told otherwise: this machine only.
pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";

/// How the server runs.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// Where to listen.
    pub addr: SocketAddr,
    /// The game database.
    pub db: PathBuf,
    /// Most computer searches at once; more wait their turn.
    pub max_searches: usize,
}

impl Default for ServerConfig {
    fn default() -> ServerConfig {
        ServerConfig {
            addr: DEFAULT_ADDR.parse().expect("the default address reads"),
            db: default_db_path(),
            max_searches: std::thread::available_parallelism().map_or(1, usize::from),
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

/// The whole application: the API under `/api`, the page everywhere else.
pub fn app(state: AppState) -> Router {
    let games = Router::new()
        .route("/", get(api::list).post(api::create))
        .route("/{id}", get(api::get))
        .route("/{id}/moves", post(api::make_move))
        .route("/{id}/undo", post(api::undo))
        .route("/{id}/reset", post(api::reset))
        .route("/{id}/resign", post(api::resign))
        .route("/{id}/position", post(api::load_position))
        .route("/{id}/players", post(api::set_players))
        .route("/{id}/control", post(api::control))
        .route("/{id}/export", get(api::export))
        .route("/{id}/ws", get(ws::connect));
    let lab = Router::new()
        .route("/race", post(lab::race))
        .route("/tree", post(lab::tree));
    let api = Router::new()
        .route("/meta", get(api::meta))
        .nest("/lab", lab)
        .nest("/games", games)
        .fallback(api::not_found);
    Router::new()
        .nest("/api", api)
        .fallback(assets::serve)
        .layer(DefaultBodyLimit::max(requests::MAX_BODY_BYTES))
        .with_state(state)
}

/// Opens the database, binds the address and serves until Ctrl-C, calling
/// `ready` with the bound address (useful with port 0) once listening.
///
/// # Errors
///
/// A [`ServerError`] when the database cannot be opened or the address bound.
pub fn run(config: &ServerConfig, ready: impl FnOnce(SocketAddr)) -> Result<(), ServerError> {
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
        ready(listener.local_addr()?);
        let state = AppState::new(store, config.max_searches);
        axum::serve(listener, app(state))
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await?;
        Ok(())
    })
}
