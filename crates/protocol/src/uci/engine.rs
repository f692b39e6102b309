//! The UCI engine: a state machine fed one line at a time, which runs
//! searches on their own thread so that `stop`, `isready` and `quit` are
//! answered while it thinks.

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use banco_games::{AnyGame, GameKind, SearchPlan, Setup};
use banco_search::{
    Clock, Limits, MAX_PERFT_DEPTH, Report, Score, SearchConfig, Searcher, Side, StopFlag,
};

use super::command::{GoParams, StartPosition, UciCommand, UciParseError};
use super::options::{EngineOptions, OptionChange, declarations};

/// The engine's name in `id name`.
pub const ENGINE_NAME: &str = concat!("Banco ", env!("CARGO_PKG_VERSION"));

/// A search (or a perft) in flight: its stop flag and the thread that gives
/// the searcher back (a perft needs none and gives none).
struct RunningSearch {
    stop: StopFlag,
    handle: JoinHandle<Option<Searcher>>,
    /// `go infinite` (or `ponder`): it ends only when stopped.
    infinite: bool,
}

/// A UCI engine writing to `W`.
pub struct UciEngine<W: Write + Send + 'static> {
    out: Arc<Mutex<W>>,
    game: Box<dyn AnyGame>,
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

/// An `info` line for a report whose line is written as move codes.
#[must_use]
pub fn info_line(report: &Report<String>) -> String {
    line_info(report, 1, report.score(), &report.pv)
}

/// Every `info` line of an iteration: one, or with `MultiPV` one per line
/// (`multipv 1`, `multipv 2`, …, best first), as GUIs read them.
#[must_use]
pub fn info_lines(report: &Report<String>) -> Vec<String> {
    if report.lines.is_empty() {
        return vec![info_line(report)];
    }
    report
        .lines
        .iter()
        .enumerate()
        .map(|(k, line)| line_info(report, k + 1, line.score(), &line.pv))
        .collect()
}

fn line_info(report: &Report<String>, number: usize, score: Score, pv: &[String]) -> String {
    let score = match score {
        Score::Centipawns(cp) => format!("cp {cp}"),
        Score::Mate(moves) => format!("mate {moves}"),
    };
    format!(
        "info depth {} seldepth {} multipv {number} score {score} nodes {} nps {} hashfull {} time {} pv {}",
        report.depth,
        report.seldepth.max(report.depth),
        report.stats.nodes,
        report.nps(),
        report.hashfull,
        report.elapsed.as_millis(),
        pv.join(" ")
    )
}

/// The start position of `kind`.
fn start_position(kind: GameKind) -> Box<dyn AnyGame> {
    kind.start()
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
            game: start_position(options.variant),
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
        let message = crate::input::printable(message);
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
                        // A table too large for the machine is refused here
                        // and the old options, table included, stay.
                        if let Err(err) = self.searcher_mut().try_set_config(config_of(&options)) {
                            self.report_error(&format!(
                                "{err}; the table stays at {} MiB",
                                self.options.hash_mb
                            ));
                            return true;
                        }
                        let variant_changed = options.variant != self.options.variant;
                        self.options = options;
                        if variant_changed {
                            self.searcher_mut().clear();
                            self.game = start_position(self.options.variant);
                        }
                    }
                    Ok(OptionChange::ClearHash) => self.searcher_mut().clear(),
                    Err(err) => self.report_error(&err.to_string()),
                }
            }
            UciCommand::NewGame => {
                self.wait_for_search(true);
                self.searcher_mut().clear();
                self.game = start_position(self.options.variant);
            }
            UciCommand::Position { start, moves } => self.set_position(&start, &moves),
            UciCommand::Go(params) => self.go(&params),
            UciCommand::Stop => self.wait_for_search(true),
            UciCommand::PonderHit => {
                self.send("info string ponderhit: pondering is not supported; searching on");
            }
            UciCommand::Display => {
                self.send(&format!("info string variant {}", self.game.kind()));
                self.send(&format!("info string fen {}", self.game.position()));
                for row in self.game.board_lines() {
                    self.send(&format!("info string {row}"));
                }
            }
            UciCommand::Eval => self.show_evaluation(),
            UciCommand::Quit => {
                self.wait_for_search(true);
                return false;
            }
        }
        true
    }

    /// The `eval` command's answer: each group of terms from the first
    /// player's side, then the value for the side to move, the value a
    /// search starts from (no search is run).
    fn show_evaluation(&self) {
        let strength = self.options.effective_strength();
        let Some(explanation) = self.game.explain(strength) else {
            self.send(&format!(
                "info string eval: the {strength} evaluator gives no breakdown"
            ));
            return;
        };
        let first = self.game.kind().info().sides[0];
        for group in &explanation.groups {
            self.send(&format!(
                "info string eval group {} {:+.0} ({first}'s side)",
                group.group, group.total
            ));
        }
        self.send(&format!(
            "info string eval {} cp {:+} for the side to move, {:+} from {first}'s side",
            explanation.evaluator, explanation.score, explanation.first_player_score
        ));
    }

    /// Waits for a running search to end, stopping it first if `stop` (an
    /// infinite search is always stopped: it would never end by itself).
    pub fn wait_for_search(&mut self, stop: bool) {
        if let Some(running) = self.running.take() {
            if stop || running.infinite {
                running.stop.raise();
            }
            match running.handle.join() {
                Ok(Some(searcher)) => self.searcher = Some(searcher),
                Ok(None) => {}
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
        let config = config_of(&self.options);
        self.searcher_mut().set_config(config);
    }

    fn set_position(&mut self, start: &StartPosition, moves: &[String]) {
        match position_from(self.options.variant, start, moves) {
            Ok(game) => self.game = game,
            Err(err) => self.report_error(&format!("{err}; position unchanged")),
        }
    }

    fn limits_for(&self, params: &GoParams) -> Limits {
        let white = self.game.side_to_move() == Side::First;
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
            move_time_from_clock: false,
            clock: time.map(|remaining| Clock {
                remaining,
                increment: increment.unwrap_or_default(),
                moves_to_go: params.moves_to_go,
            }),
            infinite: params.infinite || params.ponder,
            stop: StopFlag::new(),
        }
    }

    /// The search plan for `go`: the GUI's limits and this engine's table
    /// and threads, with the level applied through the game layer, as every
    /// front end applies it.
    #[must_use]
    pub fn plan_for(&mut self, params: &GoParams, seed: u64) -> SearchPlan {
        let limits = self.limits_for(params);
        let config = self.searcher_mut().config().clone();
        self.options
            .variant
            .plan(&self.options.computer(), config, limits, seed)
    }

    fn go(&mut self, params: &GoParams) {
        self.wait_for_search(true);
        if let Some(depth) = params.perft {
            self.perft(depth);
            return;
        }
        self.searches += 1;
        let seed = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
            ^ self.searches.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let plan = self.plan_for(params, seed);
        let mut searcher = self
            .searcher
            .take()
            .unwrap_or_else(|| Searcher::new(plan.config.clone()));
        if self.debug {
            self.send(&format!(
                "info string level {} algorithm {} evaluator {}",
                self.options.level, plan.config.algorithm, plan.evaluator
            ));
        }
        let stop = plan.limits.stop.clone();
        let out = Arc::clone(&self.out);
        let game = self.game.clone_box();
        let wait_for_stop = plan.limits.infinite;
        let handle = std::thread::spawn(move || {
            run_search(&mut searcher, game.as_ref(), &plan, &out, wait_for_stop);
            Some(searcher)
        });
        self.running = Some(RunningSearch {
            stop,
            handle,
            infinite: wait_for_stop,
        });
    }

    /// `go perft N`: counted on the search thread like a search, so that
    /// `isready` is answered and `stop` or `quit` obeyed while it runs.
    fn perft(&mut self, depth: u32) {
        if !(1..=MAX_PERFT_DEPTH).contains(&depth) {
            self.report_error(&format!(
                "perft depth {depth} is out of range: 1 to {MAX_PERFT_DEPTH}"
            ));
            return;
        }
        let stop = StopFlag::new();
        let flag = stop.clone();
        let out = Arc::clone(&self.out);
        let game = self.game.clone_box();
        let handle = std::thread::spawn(move || {
            run_perft(game.as_ref(), depth, &flag, &out);
            None
        });
        self.running = Some(RunningSearch {
            stop,
            handle,
            infinite: false,
        });
    }
}

/// The search configuration the options describe.
fn config_of(options: &EngineOptions) -> SearchConfig {
    SearchConfig {
        algorithm: options.algorithm,
        threads: options.threads,
        hash_mb: options.hash_mb,
        move_overhead: Duration::from_millis(options.move_overhead_ms),
        multi_pv: options.multi_pv,
        params: options.search_params.clone(),
        ..SearchConfig::default()
    }
}

/// The body of a perft thread: the count below each move and the total, as
/// Stockfish prints them, or a note that it was stopped.
fn run_perft<W: Write>(game: &dyn AnyGame, depth: u32, stop: &StopFlag, out: &Mutex<W>) {
    let start = std::time::Instant::now();
    let Some(lines) = game.perft_divide(depth, stop) else {
        send(
            out,
            &format!(
                "info string perft stopped after {} ms",
                start.elapsed().as_millis()
            ),
        );
        return;
    };
    let mut total = 0;
    for (mv, count) in lines {
        total += count;
        send(out, &format!("{mv}: {count}"));
    }
    send(out, "");
    send(out, &format!("Nodes searched: {total}"));
    send(
        out,
        &format!("info string perft time {} ms", start.elapsed().as_millis()),
    );
}

/// The position `start` plus `moves`, every move checked.
fn position_from(
    kind: GameKind,
    start: &StartPosition,
    moves: &[String],
) -> Result<Box<dyn AnyGame>, String> {
    let setup = match start {
        StartPosition::Start => Setup::default(),
        StartPosition::Fen(fen) => Setup::position(Some(fen)),
    };
    let mut game = kind.setup(&setup).map_err(|e| e.to_string())?;
    for text in moves {
        game.follow_code(text).map_err(|e| e.to_string())?;
    }
    Ok(game)
}

/// The body of the search thread.
fn run_search<W: Write>(
    searcher: &mut Searcher,
    game: &dyn AnyGame,
    plan: &SearchPlan,
    out: &Mutex<W>,
    wait_for_stop: bool,
) {
    let thought = game.think(searcher, plan, &mut |report| {
        for line in info_lines(&report.report) {
            send(out, &line);
        }
    });
    // UCI forbids `bestmove` before `stop` in infinite (and ponder) mode.
    while wait_for_stop && !plan.limits.stop.is_raised() {
        std::thread::sleep(Duration::from_millis(2));
    }
    let line = match thought {
        Some(thought) => match thought.ponder {
            Some(reply) => format!("bestmove {} ponder {reply}", thought.chosen.code()),
            None => format!("bestmove {}", thought.chosen.code()),
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
