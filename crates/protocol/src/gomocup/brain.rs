//! The Gomocup brain: a state machine fed one line at a time, which thinks on
//! its own thread so that `END` is obeyed at once, even mid-search.

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use banco_games::ComputerSettings;
use banco_games::computer::{Thought, plan, think};
use banco_gomoku::{GameStatus, GomokuGame, MoveError, Point, Rule, Side, check_size};
use banco_search::{
    Level, Limits, ParamError, ParamOverrides, Report, Score, SearchConfig, Searcher, StopFlag,
};

use banco_games::swap::{SwapAnswer, SwapRule, swap_answer, swap_position};

use super::command::{GomocupCommand, GomocupParseError, pair, triple};

/// The line `ABOUT` answers.
pub const ABOUT: &str = concat!(
    "name=\"Banco\", version=\"",
    env!("CARGO_PKG_VERSION"),
    "\", author=\"The Banco developers\", country=\"-\", www=\"-\", email=\"-\""
);

/// The turn time assumed until the manager sends `INFO timeout_turn`.
const DEFAULT_TURN_MS: i64 = 5_000;
/// A share of the match time left is spent on one move: 1 / this. Gomoku
/// games are decided early, so the start gets more (12 and 20 lost to 8 at
/// 2+0.02, docs/search.md).
const MATCH_SHARE: i64 = 8;
/// Below this many milliseconds to think, the brain plays at once.
const INSTANT_MS: i64 = 10;
/// The margin kept back from a move's time for the pipe, the process and
/// the clock's grain: a tenth of it, and at least this many milliseconds.
const MIN_MARGIN_MS: i64 = 15;
/// The table size unless `INFO max_memory` asks for less.
const DEFAULT_HASH_MB: usize = 64;

/// The time given to one move.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
struct TurnTime {
    /// Time to think, margin taken off.
    time: Duration,
    /// Whether it is a share of the match clock (time saved is kept for
    /// later moves) rather than the turn's own limit (time saved is lost).
    from_clock: bool,
}

/// A search in flight: its stop flag and the thread that gives the searcher
/// and the move back.
struct Thinking {
    stop: StopFlag,
    handle: JoinHandle<(Searcher, Option<Point>)>,
}

/// A Gomocup brain writing to `W`.
pub struct GomocupBrain<W: Write + Send + 'static> {
    out: Arc<Mutex<W>>,
    size: u8,
    rule: Rule,
    game: Option<GomokuGame>,
    /// The `x,y,f` lines of a `BOARD` block being read.
    board_lines: Option<Vec<(Point, i64)>>,
    /// The `x,y` lines of a `SWAP2BOARD` block being read.
    swap_lines: Option<Vec<Point>>,
    timeout_turn_ms: i64,
    timeout_match_ms: i64,
    time_left_ms: Option<i64>,
    hash_mb: usize,
    /// Search tunables set by `INFO NAME VALUE` (`banco spsa gomoku` and
    /// `banco match` push them so), over the game's own values.
    search_params: ParamOverrides,
    searcher: Option<Searcher>,
    thinking: Option<Thinking>,
}

/// Writes one line and flushes; a closed output is not the brain's problem.
fn send<W: Write>(out: &Mutex<W>, line: &str) {
    if let Ok(mut out) = out.lock() {
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }
}

/// Points as a Swap2 answer writes them: `x,y` separated by spaces.
fn points_line(points: &[Point]) -> String {
    points
        .iter()
        .map(|p| p.to_gomocup())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A `MESSAGE` summing up how the move was found, which managers show.
fn message(thought: &Thought<Point>) -> String {
    let why = thought.note.as_deref().unwrap_or("search");
    format!("MESSAGE {why}: {}", describe(&thought.report))
}

fn describe(report: &Report<Point>) -> String {
    let score = match report.score() {
        Score::Centipawns(cp) => format!("value {cp}"),
        Score::Mate(moves) => format!("win in {moves}"),
    };
    let pv: Vec<String> = report.pv.iter().map(Point::to_string).collect();
    format!(
        "depth {} {score} nodes {} nps {} time {} ms pv {}",
        report.depth,
        report.stats.nodes,
        report.nps(),
        report.elapsed.as_millis(),
        pv.join(" ")
    )
}

impl<W: Write + Send + 'static> GomocupBrain<W> {
    /// A brain with no board yet (the manager sends `START` first).
    pub fn new(out: W) -> GomocupBrain<W> {
        GomocupBrain {
            out: Arc::new(Mutex::new(out)),
            size: banco_gomoku::DEFAULT_SIZE,
            rule: Rule::Freestyle,
            game: None,
            board_lines: None,
            swap_lines: None,
            timeout_turn_ms: DEFAULT_TURN_MS,
            timeout_match_ms: 0,
            time_left_ms: None,
            hash_mb: DEFAULT_HASH_MB,
            search_params: ParamOverrides::default(),
            searcher: None,
            thinking: None,
        }
    }

    fn send(&self, line: &str) {
        send(&self.out, line);
    }

    fn error(&self, message: &str) {
        let message = crate::input::printable(message);
        self.send(&format!("ERROR {message}"));
    }

    /// The game being played (after the last move is applied).
    pub fn game(&mut self) -> Option<&GomokuGame> {
        self.wait_for_search(false);
        self.game.as_ref()
    }

    /// Handles one line from the manager. Returns `false` after `END`.
    pub fn handle_line(&mut self, line: &str) -> bool {
        if line.trim().eq_ignore_ascii_case("END") {
            self.wait_for_search(true);
            return false;
        }
        self.wait_for_search(false);
        if self.board_lines.is_some() {
            self.board_line(line);
            return true;
        }
        if self.swap_lines.is_some() {
            self.swap_line(line);
            return true;
        }
        match line.parse::<GomocupCommand>() {
            Ok(command) => self.handle(command),
            Err(GomocupParseError::Empty) => true,
            Err(err @ GomocupParseError::Unknown(_)) => {
                let err = crate::input::printable(&err.to_string()).into_owned();
                self.send(&format!("UNKNOWN {err}"));
                true
            }
            Err(err) => {
                self.error(&err.to_string());
                true
            }
        }
    }

    fn handle(&mut self, command: GomocupCommand) -> bool {
        match command {
            GomocupCommand::Start(n) => self.start(n, n),
            GomocupCommand::RectStart(w, h) => self.start(w, h),
            GomocupCommand::Restart => {
                self.new_game();
                self.send("OK");
            }
            GomocupCommand::Begin => {
                if self.ready() {
                    self.think();
                }
            }
            GomocupCommand::Turn(x, y) => {
                if self.ready() && self.opponent_plays(x, y) {
                    self.think();
                }
            }
            GomocupCommand::Play(x, y) => {
                if self.ready() && self.own_move(x, y) {
                    self.send(&format!("{x},{y}"));
                }
            }
            GomocupCommand::Board => {
                if self.ready() {
                    self.board_lines = Some(Vec::new());
                }
            }
            GomocupCommand::Swap2Board => {
                if self.ready() {
                    self.swap_lines = Some(Vec::new());
                }
            }
            GomocupCommand::Takeback(x, y) => self.takeback(x, y),
            GomocupCommand::Info { key, value } => self.info(&key, &value),
            GomocupCommand::About => self.send(ABOUT),
            GomocupCommand::End => return false,
        }
        true
    }

    /// Whether a board exists; says so when it does not.
    fn ready(&self) -> bool {
        if self.game.is_none() {
            self.error("no board yet: send START first");
        }
        self.game.is_some()
    }

    fn start(&mut self, width: i64, height: i64) {
        let size = u8::try_from(width).ok().filter(|_| width == height);
        match size.map(check_size) {
            Some(Ok(size)) => {
                self.size = size;
                self.new_game();
                self.prepare_searcher();
                self.send("OK");
            }
            _ if width != height => self.error(&format!(
                "unsupported board {width}x{height}: Banco plays square boards from 15x15 to 20x20"
            )),
            _ => self.error(&format!(
                "unsupported board size {width}: Banco plays 15x15 to 20x20"
            )),
        }
    }

    /// Builds the searcher now if there is none, so that its table is
    /// allocated and cleared between commands and not on the first move's
    /// clock (64 MB took 60–95 ms of a 200 ms turn).
    fn prepare_searcher(&mut self) {
        if self.searcher.is_none() && self.thinking.is_none() {
            self.searcher = Some(Searcher::new(self.plan().config));
        }
    }

    fn new_game(&mut self) {
        self.game = GomokuGame::new(self.size, self.rule).ok();
        self.time_left_ms = None;
        if let Some(searcher) = self.searcher.as_mut() {
            searcher.clear();
        }
    }

    /// Replays the game under the current rule (after `INFO rule`).
    fn rebuild(&mut self) {
        let Some(old) = self.game.as_ref() else {
            return;
        };
        let Ok(mut game) = GomokuGame::new(old.size(), self.rule) else {
            return;
        };
        for m in old.moves() {
            let _ = game.place(m.point, m.side);
        }
        game.set_side_to_move(banco_search::Game::side_to_move(old));
        self.game = Some(game);
    }

    fn point(&self, x: i64, y: i64) -> Result<Point, MoveError> {
        Point::parse_gomocup(&format!("{x},{y}"), self.size)
    }

    fn opponent_plays(&mut self, x: i64, y: i64) -> bool {
        let point = match self.point(x, y) {
            Ok(p) => p,
            Err(err) => {
                self.error(&err.to_string());
                return false;
            }
        };
        let Some(game) = self.game.as_mut() else {
            return false;
        };
        match game.play(point) {
            Ok(_) if game.status() != GameStatus::Ongoing => {
                let status = banco_gomoku::render::status_text(game);
                self.error(&format!("the game is over: {status}"));
                false
            }
            Ok(_) => true,
            Err(err) => {
                self.error(&err.to_string());
                false
            }
        }
    }

    fn own_move(&mut self, x: i64, y: i64) -> bool {
        self.opponent_plays(x, y)
    }

    fn takeback(&mut self, x: i64, y: i64) {
        let point = self.point(x, y).ok();
        let Some(game) = self.game.as_mut() else {
            self.error("no board yet: send START first");
            return;
        };
        match (point, game.last_move()) {
            (Some(p), Some(last)) if last.point == p => {
                game.undo();
                self.send("OK");
            }
            _ => self.error(&format!(
                "TAKEBACK {x},{y}: that is not the last stone played"
            )),
        }
    }

    fn board_line(&mut self, line: &str) {
        let trimmed = line.trim();
        if trimmed.is_empty() {
            return;
        }
        if trimmed.eq_ignore_ascii_case("DONE") {
            let lines = self.board_lines.take().unwrap_or_default();
            self.set_board(&lines);
            self.think();
            return;
        }
        match triple(trimmed) {
            Some((x, y, f)) => match self.point(x, y) {
                Ok(p) if (1..=3).contains(&f) => {
                    if let Some(lines) = self.board_lines.as_mut() {
                        lines.push((p, f));
                    }
                }
                Ok(_) => self.error(&format!(
                    "BOARD line '{trimmed}': the field must be 1, 2 or 3"
                )),
                Err(err) => self.error(&format!("BOARD line '{trimmed}': {err}")),
            },
            None => self.error(&format!("BOARD line '{trimmed}': expected x,y,f or DONE")),
        }
    }

    fn swap_line(&mut self, line: &str) {
        let trimmed = line.trim();
        if trimmed.is_empty() {
            return;
        }
        if trimmed.eq_ignore_ascii_case("DONE") {
            let stones = self.swap_lines.take().unwrap_or_default();
            self.answer_swap2(stones);
            return;
        }
        match pair(trimmed).map(|(x, y)| self.point(x, y)) {
            Some(Ok(p)) => {
                if let Some(lines) = self.swap_lines.as_mut() {
                    lines.push(p);
                }
            }
            Some(Err(err)) => self.error(&format!("SWAP2BOARD line '{trimmed}': {err}")),
            None => self.error(&format!(
                "SWAP2BOARD line '{trimmed}': expected x,y or DONE"
            )),
        }
    }

    /// Answers a Swap2 step on the search thread: three stones, `SWAP`,
    /// a stone, or two stones. The brain's own board is left alone: the
    /// manager sends the game's position with `BOARD` afterwards.
    fn answer_swap2(&mut self, stones: Vec<Point>) {
        if let Err(err) = swap_position(SwapRule::Swap2, self.size, self.rule, &stones) {
            self.error(&format!("SWAP2BOARD: {err}"));
            return;
        }
        let plan = self.plan();
        let mut searcher = self
            .searcher
            .take()
            .unwrap_or_else(|| Searcher::new(plan.config.clone()));
        let stop = plan.limits.stop.clone();
        let out = Arc::clone(&self.out);
        let (size, rule) = (self.size, self.rule);
        let handle = std::thread::spawn(move || {
            let answer = swap_answer(SwapRule::Swap2, size, rule, &stones, &mut searcher, &plan);
            let line = match answer {
                Ok(SwapAnswer::Opening(three)) => points_line(&three),
                Ok(SwapAnswer::Swap) => "SWAP".to_owned(),
                Ok(SwapAnswer::Play(p)) => p.to_gomocup(),
                Ok(SwapAnswer::AddTwo(two)) => points_line(&two),
                Err(err) => format!("ERROR SWAP2BOARD: {err}"),
            };
            send(&out, &line);
            (searcher, None)
        });
        self.thinking = Some(Thinking { stop, handle });
    }

    /// Sets up a `BOARD` position: equal stone counts make the brain the
    /// first player (black), one stone fewer the second.
    fn set_board(&mut self, lines: &[(Point, i64)]) {
        let own = lines.iter().filter(|&&(_, f)| f == 1).count();
        let theirs = lines.iter().filter(|&&(_, f)| f == 2).count();
        let me = if own == theirs {
            Side::First
        } else {
            Side::Second
        };
        let Ok(mut game) = GomokuGame::new(self.size, self.rule) else {
            return;
        };
        for &(p, f) in lines {
            let side = match f {
                1 => me,
                2 => me.opponent(),
                _ => continue,
            };
            if let Err(err) = game.place(p, side) {
                self.error(&format!("BOARD: {err}"));
            }
        }
        game.set_side_to_move(me);
        self.game = Some(game);
    }

    fn info(&mut self, key: &str, value: &str) {
        let number = value.trim().parse::<i64>().ok();
        match (key, number) {
            ("timeout_turn", Some(ms)) => self.timeout_turn_ms = ms.max(0),
            ("timeout_match", Some(ms)) => self.timeout_match_ms = ms.max(0),
            ("time_left", Some(ms)) => self.time_left_ms = Some(ms),
            ("max_memory", Some(bytes)) => {
                let mb = usize::try_from(bytes / 4 / (1 << 20)).unwrap_or(0);
                let hash_mb = if bytes <= 0 {
                    DEFAULT_HASH_MB
                } else {
                    mb.clamp(1, DEFAULT_HASH_MB)
                };
                if hash_mb != self.hash_mb {
                    // A searcher keeps the table it was built with.
                    self.hash_mb = hash_mb;
                    if self.thinking.is_none() {
                        self.searcher = None;
                        if self.game.is_some() {
                            self.prepare_searcher();
                        }
                    }
                }
            }
            ("rule", Some(bits)) => {
                self.rule = Rule::from_gomocup(u32::try_from(bits).unwrap_or(0));
                self.rebuild();
            }
            ("game_type" | "folder" | "evaluate" | "thread_num" | "pondering", _) => {}
            // A search tunable by its name; other unknown keys are allowed
            // by the protocol and ignored. A tunable's bad value is refused
            // and changes nothing.
            _ => match self.search_params.set(key, value) {
                Ok(()) | Err(ParamError::Unknown(_)) => {}
                Err(err) => self.error(&format!("INFO {key}: {err}")),
            },
        }
    }

    /// The time to think on this move, or `None` to play at once.
    fn move_time(&self) -> Option<TurnTime> {
        if self.timeout_turn_ms == 0 {
            return None;
        }
        let mut budget = self.timeout_turn_ms;
        let mut from_clock = false;
        if self.timeout_match_ms > 0
            && let Some(left) = self.time_left_ms
            && left < i64::from(i32::MAX)
            && left / MATCH_SHARE < budget
        {
            budget = left / MATCH_SHARE;
            from_clock = true;
        }
        // The move's own deadlines (the search until 85 % of the time, the
        // check of its move until 95 %) keep a share back already; a sixth
        // and at least 50 ms on top left 200 ms moves about 110 ms of
        // thought and played moves of a short clock at depth 1
        // (docs/gomoku.md).
        let margin = (budget / 10).max(MIN_MARGIN_MS);
        let usable = budget - margin;
        (usable >= INSTANT_MS).then(|| TurnTime {
            time: Duration::from_millis(u64::try_from(usable).unwrap_or(0)),
            from_clock,
        })
    }

    fn think(&mut self) {
        let Some(game) = self.game.clone() else {
            return;
        };
        if game.status() != GameStatus::Ongoing {
            let status = banco_gomoku::render::status_text(&game);
            self.error(&format!("the game is over: {status}"));
            return;
        }
        let plan = self.plan();
        let mut searcher = self
            .searcher
            .take()
            .unwrap_or_else(|| Searcher::new(plan.config.clone()));
        let stop = plan.limits.stop.clone();
        let out = Arc::clone(&self.out);
        let handle = std::thread::spawn(move || {
            // Each iteration as a DEBUG line, the summary as a MESSAGE.
            let mut progress = |report: &Report<Point>| {
                send(&out, &format!("DEBUG {}", describe(report)));
            };
            let thought = think(&game, &mut searcher, &plan, &mut progress);
            match thought.best_move {
                Some(point) => {
                    send(&out, &message(&thought));
                    send(&out, &point.to_gomocup());
                }
                None => send(&out, "ERROR no move: the game is over"),
            }
            (searcher, thought.best_move)
        });
        self.thinking = Some(Thinking { stop, handle });
    }

    /// The search plan for the next move: full strength (the brain is
    /// level 10, planned through the game layer as every front end plans a
    /// level), within the manager's time.
    #[must_use]
    pub fn plan(&self) -> banco_games::SearchPlan {
        let limits = match self.move_time() {
            Some(turn) => Limits {
                move_time_from_clock: turn.from_clock,
                ..Limits::move_time(turn.time)
            },
            None => Limits::depth(1),
        };
        let config = SearchConfig {
            hash_mb: self.hash_mb,
            move_overhead: Duration::from_millis(10),
            params: self.search_params.clone(),
            ..SearchConfig::default()
        };
        plan::<GomokuGame>(&ComputerSettings::level(Level::MAX), config, limits, 0)
    }

    /// Waits for the search in flight, stopping it first if `stop`, and
    /// plays its move on the brain's board.
    pub fn wait_for_search(&mut self, stop: bool) {
        let Some(thinking) = self.thinking.take() else {
            return;
        };
        if stop {
            thinking.stop.raise();
        }
        match thinking.handle.join() {
            Ok((searcher, point)) => {
                self.searcher = Some(searcher);
                if let (Some(p), Some(game)) = (point, self.game.as_mut()) {
                    let _ = game.play(p);
                }
            }
            Err(_) => self.error("the search thread failed"),
        }
    }
}

impl<W: Write + Send + 'static> Drop for GomocupBrain<W> {
    fn drop(&mut self) {
        self.wait_for_search(true);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brain() -> GomocupBrain<Vec<u8>> {
        GomocupBrain::new(Vec::new())
    }

    fn table_mb(brain: &GomocupBrain<Vec<u8>>) -> Option<usize> {
        brain.searcher.as_ref().map(|s| s.config().hash_mb)
    }

    #[test]
    fn the_searcher_is_built_at_start_and_rebuilt_for_a_new_table_size() {
        let mut b = brain();
        assert!(b.handle_line("INFO max_memory 83886080"));
        assert_eq!(table_mb(&b), None, "no board, no searcher yet");
        assert!(b.handle_line("START 15"));
        assert_eq!(table_mb(&b), Some(20));
        assert!(b.handle_line("INFO max_memory 41943040"));
        assert_eq!(table_mb(&b), Some(10));
        assert!(b.handle_line("INFO max_memory 0"));
        assert_eq!(table_mb(&b), Some(DEFAULT_HASH_MB));
    }

    #[test]
    fn a_move_keeps_a_tenth_back_and_a_short_one_is_played_at_once() {
        let mut b = brain();
        let turn = |time, from_clock| {
            Some(TurnTime {
                time: Duration::from_millis(time),
                from_clock,
            })
        };
        b.handle_line("INFO timeout_turn 200");
        assert_eq!(b.move_time(), turn(180, false));
        b.handle_line("INFO timeout_turn 1000");
        assert_eq!(b.move_time(), turn(900, false));
        // The turn's limit binds while an eighth of the match time is more.
        b.handle_line("INFO timeout_match 60000");
        b.handle_line("INFO time_left 20000");
        assert_eq!(b.move_time(), turn(900, false));
        // An eighth of the match time left, less the margin: a share of a
        // clock, which a stable search may leave partly unspent.
        b.handle_line("INFO time_left 1200");
        assert_eq!(b.move_time(), turn(135, true));
        b.handle_line("INFO time_left 180");
        assert_eq!(b.move_time(), None);
    }
}
