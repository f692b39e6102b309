//! `banco serve` (and `banco` alone): the web UI and its game server.

use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;

use banco_server::{DEFAULT_ADDR, ServerConfig, default_db_path};
use clap::Args;

/// Arguments of `banco serve`.
#[derive(Args, Debug, Clone, Default)]
pub struct ServeArgs {
    /// Where to listen; the default serves this machine only. Port 0 picks a free port.
    #[arg(long, value_name = "IP:PORT")]
    pub addr: Option<SocketAddr>,
    /// The game database (SQLite); default `banco/games.sqlite3` in the user's data folder.
    #[arg(long, value_name = "PATH")]
    pub db: Option<PathBuf>,
    /// Most computer searches at once (default: one per core).
    #[arg(long, value_name = "N")]
    pub max_searches: Option<usize>,
}

/// Serves until interrupted.
pub fn run(args: &ServeArgs) -> anyhow::Result<()> {
    let defaults = ServerConfig::default();
    let config = ServerConfig {
        addr: args
            .addr
            .unwrap_or_else(|| DEFAULT_ADDR.parse().expect("the default address reads")),
        db: args.db.clone().unwrap_or_else(default_db_path),
        max_searches: args
            .max_searches
            .filter(|&n| n > 0)
            .unwrap_or(defaults.max_searches),
    };
    let db = config.db.display().to_string();
    banco_server::run(&config, |addr| {
        // Written without println!: a closed stdout (a script that read the
        // address and left) must not bring the server down.
        let mut out = std::io::stdout();
        let _ = writeln!(out, "Banco is ready: open http://{addr}/ in your browser");
        let _ = writeln!(out, "Games are kept in {db}. Press Ctrl-C to stop.");
        // Scripts read the address from the first line; do not leave it buffered.
        let _ = out.flush();
    })?;
    Ok(())
}
