//! The UCI engine: a state machine fed one line at a time, which runs
//! searches on their own thread so that `stop`, `isready` and `quit` are
//! answered while it thinks.

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use banco_chess::shakmaty::{Color, Move, Position};
use banco_chess::{ChessEvaluator, ChessGame, notation};
use banco_search::{
    Clock, Game, Limits, Report, Score, SearchConfig, Searcher, StopFlag, perft_divide,
};

use super::command::{GoParams, StartPosition, UciCommand, UciParseError};
use super::options::{EngineOptions, OptionChange, declarations};

/// The engine's name in `id name`.
pub const ENGINE_NAME: &str = concat!("Banco ", env!("CARGO_PKG_VERSION"));

/// A search in flight: its stop flag and the thread that gives the searcher back.
struct RunningSearch {
    stop: StopFlag,
    handle: JoinHandle<Searcher>,
    /// `go infinite` (or `ponder`): it ends only when stopped.
    infinite: bool,
}

/// A UCI engine writing to `W`.
pub struct UciEngine<W: Write + Send + 'static> {
    out: Arc<Mutex<W>>,
    game: ChessGame,
    options: EngineOptions,
    searcher: Option<Searcher>,
    running: Option<RunningSearch>,
    debug: bool,
    searches: u64,
}

/// Writes one line and flushes; a closed output is not the engine's problem.
fn send<W: Write>(out: &Mutex<W>, line: &str) {
    if let Ok(mut out) = out.lock() {
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }
}

/// An `info` line for a report.
#[must_use]
pub fn info_line(report: &Report<Move>) -> String {
    let score = match report.score() {
        Score::Centipawns(cp) => format!("cp {cp}"),
        Score::Mate(moves) => format!("mate {moves}"),
    };
    let pv: Vec<String> = report.pv.iter().map(|&mv| notation::to_uci(mv)).collect();
    format!(
        "info depth {} seldepth {} multipv 1 score {score} nodes {} nps {} hashfull {} time {} pv {}",
        report.depth,
        report.seldepth.max(report.depth),
        report.stats.nodes,
        report.nps(),
        report.hashfull,
        report.elapsed.as_millis(),
        pv.join(" ")
    )
}

impl<W: Write + Send + 'static> UciEngine<W> {
    /// An engine at the start position with default options.
    pub fn new(out: W) -> UciEngine<W> {
        let options = EngineOptions::default();
        let searcher = Searcher::new(SearchConfig {
            hash_mb: options.hash_mb,
            ..SearchConfig::default()
        });
        UciEngine {
            out: Arc::new(Mutex::new(out)),
            game: ChessGame::new(),
            options,
            searcher: Some(searcher),
            running: None,
            debug: false,
            searches: 0,
        }
    }

    fn send(&self, line: &str) {
        send(&self.out, line);
    }

    fn report_error(&self, message: &str) {
        self.send(&format!("info string error: {message}"));
    }

    /// Handles one line from the GUI. Returns `false` after `quit`.
    pub fn handle_line(&mut self, line: &str) -> bool {
        match line.parse::<UciCommand>() {
            Ok(command) => self.handle(command),
            Err(UciParseError::Empty) => true,
            Err(err) => {
                self.report_error(&err.to_string());
                true
            }
        }
    }

    /// Handles one parsed command. Returns `false` after `quit`.
    pub fn handle(&mut self, command: UciCommand) -> bool {
        match command {
            UciCommand::Uci => {
                self.send(&format!("id name {ENGINE_NAME}"));
                self.send("id author The Banco developers");
                for line in declarations() {
                    self.send(&line);
                }
                self.send("uciok");
            }
            UciCommand::Debug(on) => self.debug = on,
            UciCommand::IsReady => self.send("readyok"),
            UciCommand::SetOption { name, value } => {
                self.wait_for_search(true);
                let mut options = self.options.clone();
                match options.set(&name, value.as_deref()) {
                    Ok(OptionChange::Set) => {
                        self.options = options;
                        self.apply_options();
                    }
                    Ok(OptionChange::ClearHash) => self.searcher_mut().clear(),
                    Err(err) => self.report_error(&err.to_string()),
                }
            }
            UciCommand::NewGame => {
                self.wait_for_search(true);
                self.searcher_mut().clear();
                self.game = ChessGame::new();
            }
            UciCommand::Position { start, moves } => self.set_position(&start, &moves),
            UciCommand::Go(params) => self.go(&params),
            UciCommand::Stop => self.wait_for_search(true),
            UciCommand::PonderHit => {
                self.send("info string ponderhit: pondering is not supported; searching on");
            }
            UciCommand::Display => {
                self.send(&format!("info string fen {}", self.game.fen()));
                for row in self.game.position().board().to_string().lines() {
                    self.send(&format!("info string {row}"));
                }
            }
            UciCommand::Quit => {
                self.wait_for_search(true);
                return false;
            }
        }
        true
    }

    /// Waits for a running search to end, stopping it first if `stop` (an
    /// infinite search is always stopped: it would never end by itself).
    pub fn wait_for_search(&mut self, stop: bool) {
        if let Some(running) = self.running.take() {
            if stop || running.infinite {
                running.stop.raise();
            }
            match running.handle.join() {
                Ok(searcher) => self.searcher = Some(searcher),
                Err(_) => {
                    self.report_error("the search thread failed; starting afresh");
                    self.searcher = None;
                    self.apply_options();
                }
            }
        }
    }

    fn searcher_mut(&mut self) -> &mut Searcher {
        let options = &self.options;
        self.searcher.get_or_insert_with(|| {
            Searcher::new(SearchConfig {
                hash_mb: options.hash_mb,
                ..SearchConfig::default()
            })
        })
    }

    fn apply_options(&mut self) {
        let config = SearchConfig {
            algorithm: self.options.algorithm,
            threads: self.options.threads,
            hash_mb: self.options.hash_mb,
            move_overhead: Duration::from_millis(self.options.move_overhead_ms),
            ..SearchConfig::default()
        };
        self.searcher_mut().set_config(config);
    }

    fn set_position(&mut self, start: &StartPosition, moves: &[String]) {
        let mut game = match start {
            StartPosition::Start => ChessGame::new(),
            StartPosition::Fen(fen) => match ChessGame::from_fen(fen) {
                Ok(game) => game,
                Err(err) => {
                    self.report_error(&format!("{err}; position unchanged"));
                    return;
                }
            },
        };
        for text in moves {
            match notation::parse_uci(game.position(), text) {
                Ok(mv) => game.make_move(mv),
                Err(err) => {
                    self.report_error(&format!("{err}; position unchanged"));
                    return;
                }
            }
        }
        self.game = game;
    }

    fn limits_for(&self, params: &GoParams) -> Limits {
        let white = self.game.position().turn() == Color::White;
        let (time, increment) = if white {
            (params.white_time, params.white_increment)
        } else {
            (params.black_time, params.black_increment)
        };
        Limits {
            depth: params.depth.or(params
                .mate
                .map(|moves| moves.saturating_mul(2).saturating_sub(1).max(1))),
            nodes: params.nodes,
            move_time: params.move_time,
            clock: time.map(|remaining| Clock {
                remaining,
                increment: increment.unwrap_or_default(),
                moves_to_go: params.moves_to_go,
            }),
            infinite: params.infinite || params.ponder,
            stop: StopFlag::new(),
        }
    }

    fn go(&mut self, params: &GoParams) {
        self.wait_for_search(true);
        if let Some(depth) = params.perft {
            self.perft(depth);
            return;
        }
        let mut limits = self.limits_for(params);
        let mut config = self.searcher_mut().config().clone();
        self.searches += 1;
        let seed = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
            ^ self.searches.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.options.level.apply(&mut config, &mut limits, seed);
        let eval = self.options.effective_evaluator();
        let mut searcher = self
            .searcher
            .take()
            .unwrap_or_else(|| Searcher::new(config.clone()));
        searcher.set_config(config);
        if self.debug {
            self.send(&format!(
                "info string level {} algorithm {} evaluator {eval}",
                self.options.level,
                searcher.config().algorithm
            ));
        }
        let stop = limits.stop.clone();
        let out = Arc::clone(&self.out);
        let game = self.game.clone();
        let wait_for_stop = limits.infinite;
        let handle = std::thread::spawn(move || {
            run_search(&mut searcher, &game, eval, &limits, &out, wait_for_stop);
            searcher
        });
        self.running = Some(RunningSearch {
            stop,
            handle,
            infinite: wait_for_stop,
        });
    }

    fn perft(&mut self, depth: u32) {
        let mut game = self.game.clone();
        let start = std::time::Instant::now();
        let mut total = 0;
        for (mv, count) in perft_divide(&mut game, depth) {
            total += count;
            self.send(&format!("{}: {count}", notation::to_uci(mv)));
        }
        self.send("");
        self.send(&format!("Nodes searched: {total}"));
        self.send(&format!(
            "info string perft time {} ms",
            start.elapsed().as_millis()
        ));
    }
}

/// The body of the search thread.
fn run_search<W: Write>(
    searcher: &mut Searcher,
    game: &ChessGame,
    eval: ChessEvaluator,
    limits: &Limits,
    out: &Mutex<W>,
    wait_for_stop: bool,
) {
    let mut last_nodes = None;
    let mut observer = |report: &Report<Move>| {
        last_nodes = Some(report.stats.nodes);
        send(out, &info_line(report));
    };
    let result = searcher.search(game, &eval, limits, &mut observer);
    if result.report.depth > 0 && last_nodes != Some(result.report.stats.nodes) {
        send(out, &info_line(&result.report));
    }
    // UCI forbids `bestmove` before `stop` in infinite (and ponder) mode.
    while wait_for_stop && !limits.stop.is_raised() {
        std::thread::sleep(Duration::from_millis(2));
    }
    let line = match result.best_move {
        Some(best) => match result.ponder() {
            Some(reply) => format!(
                "bestmove {} ponder {}",
                notation::to_uci(best),
                notation::to_uci(reply)
            ),
            None => format!("bestmove {}", notation::to_uci(best)),
        },
        None => "bestmove (none)".to_owned(),
    };
    send(out, &line);
}

impl<W: Write + Send + 'static> Drop for UciEngine<W> {
    fn drop(&mut self) {
        self.wait_for_search(true);
    }
}
