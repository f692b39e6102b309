//! `banco serve` (and `banco` alone): the web UI and its game server.

use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;

use banco_server::access::parse_allowed_host;
use banco_server::{DEFAULT_ADDR, MAX_SEARCHES, ServerConfig, default_db_path};
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
    /// Most computer searches at once, 1 to 1024 (default: one per core).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=MAX_SEARCHES_ARG))]
    pub max_searches: Option<u16>,
    /// Also answer to this host name (a name of this machine, or of a proxy
    /// in front of it); repeatable. Without it, only localhost and the
    /// listening address are answered, so other sites' pages cannot reach
    /// the server by rebinding their names.
    #[arg(long = "allow-host", value_name = "NAME", value_parser = parse_allowed_host)]
    pub allow_hosts: Vec<String>,
}

/// [`banco_server::MAX_SEARCHES`] as clap's range takes it.
const MAX_SEARCHES_ARG: i64 = MAX_SEARCHES as i64;

/// Serves until interrupted.
pub fn run(args: &ServeArgs) -> anyhow::Result<()> {
    let defaults = ServerConfig::default();
    let config = ServerConfig {
        addr: args
            .addr
            .unwrap_or_else(|| DEFAULT_ADDR.parse().expect("the default address reads")),
        db: args.db.clone().unwrap_or_else(default_db_path),
        max_searches: args.max_searches.map_or(defaults.max_searches, usize::from),
        allowed_hosts: args.allow_hosts.clone(),
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
