//! UCI transcripts: each command answered as the protocol says, garbage
//! reported with `info string` and never fatal.

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use banco_games::{AnyGame, GameKind, Setup};
use banco_protocol::uci::UciEngine;
use proptest::prelude::*;

/// An output the test can read while the engine writes to it.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Shared {
    fn text(&self) -> String {
        String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
    }
    fn lines(&self) -> Vec<String> {
        self.text().lines().map(str::to_owned).collect()
    }
    /// Waits until a line starting with `prefix` appears, returning it.
    fn wait_for(&self, prefix: &str, timeout: Duration) -> Option<String> {
        let start = Instant::now();
        while start.elapsed() < timeout {
            if let Some(line) = self.lines().into_iter().find(|l| l.starts_with(prefix)) {
                return Some(line);
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        None
    }
}

fn engine() -> (UciEngine<Shared>, Shared) {
    let out = Shared::default();
    (UciEngine::new(out.clone()), out)
}

#[test]
fn handshake_lists_options() {
    let (mut e, out) = engine();
    assert!(e.handle_line("uci"));
    let lines = out.lines();
    assert!(lines[0].starts_with("id name Banco"));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name Hash type spin"))
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name Level type spin default 10 min 1 max 10"))
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("option name Algorithm type combo default engine var minimax"))
    );
    assert_eq!(lines.last().unwrap(), "uciok");
    e.handle_line("isready");
    assert_eq!(out.lines().last().unwrap(), "readyok");
}

#[test]
fn garbage_is_reported_and_the_engine_lives_on() {
    let (mut e, out) = engine();
    for line in [
        "hello",
        "go depth banana",
        "go sideways",
        "position",
        "position fen not/a/fen w - - 0 1",
        "position startpos moves e2e5",
        "position startpos e2e4",
        "setoption name Hash value -3",
        "setoption name NoSuchOption value 1",
        "setoption",
        "debug maybe",
        "\u{0}\u{7f}ÿ",
    ] {
        assert!(e.handle_line(line), "{line}");
    }
    let lines = out.lines();
    let errors: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string error:"))
        .collect();
    assert_eq!(errors.len(), 12, "{lines:#?}");
    assert!(errors[0].contains("unknown command 'hello'"));
    assert!(errors[1].contains("'depth' expects a number, got 'banana'"));
    assert!(errors[4].contains("invalid FEN"));
    assert!(errors[5].contains("illegal move 'e2e5'"));
    assert!(errors[7].contains("Hash"));
    // Blank lines are ignored silently.
    e.handle_line("   ");
    e.handle_line("isready");
    assert_eq!(out.lines().last().unwrap(), "readyok");
}

#[test]
fn a_bad_position_leaves_the_last_good_one() {
    let (mut e, out) = engine();
    e.handle_line("position startpos moves e2e4");
    e.handle_line("position startpos moves e2e4 e7e5 e1e3");
    e.handle_line("go depth 1");
    let best = out.wait_for("bestmove", Duration::from_secs(10)).unwrap();
    // Black is to move after 1. e4, so the move must be black's.
    let mv = best.split_whitespace().nth(1).unwrap();
    assert!(
        position(GameKind::Chess, None, &["e2e4"])
            .play_code(mv)
            .is_ok(),
        "{best}"
    );
}

/// A game of `kind` from `fen` (or the start) after `moves`.
fn position(kind: GameKind, fen: Option<&str>, moves: &[&str]) -> Box<dyn AnyGame> {
    let mut game = kind.setup(&Setup::position(fen)).unwrap();
    for code in moves {
        game.play_code(code).unwrap();
    }
    game
}

#[test]
fn go_depth_reports_and_answers_legally() {
    let (mut e, out) = engine();
    e.handle_line("position startpos moves e2e4 e7e5 g1f3");
    e.handle_line("go depth 6");
    let best = out
        .wait_for("bestmove", Duration::from_secs(30))
        .expect("bestmove");
    let lines = out.lines();
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert!(infos.len() >= 6, "{lines:#?}");
    for key in [
        " seldepth ",
        " score cp ",
        " nodes ",
        " nps ",
        " time ",
        " pv ",
    ] {
        assert!(infos.last().unwrap().contains(key), "{key} missing");
    }
    let mut game = position(GameKind::Chess, None, &["e2e4", "e7e5", "g1f3"]);
    let mv = best.split_whitespace().nth(1).unwrap();
    assert!(game.play_code(mv).is_ok(), "{best}");
}

#[test]
fn stop_ends_an_infinite_search() {
    let (mut e, out) = engine();
    e.handle_line("position startpos");
    e.handle_line("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    e.handle_line("isready");
    assert!(
        out.wait_for("readyok", Duration::from_secs(1)).is_some(),
        "isready during search"
    );
    assert!(
        out.lines().iter().all(|l| !l.starts_with("bestmove")),
        "no bestmove before stop"
    );
    e.handle_line("stop");
    assert!(out.wait_for("bestmove", Duration::from_secs(5)).is_some());
}

#[test]
fn movetime_is_kept() {
    let (mut e, out) = engine();
    e.handle_line("position startpos");
    let start = Instant::now();
    e.handle_line("go movetime 300");
    out.wait_for("bestmove", Duration::from_secs(5))
        .expect("bestmove");
    assert!(
        start.elapsed() < Duration::from_millis(1_000),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn clock_search_answers_in_time() {
    let (mut e, out) = engine();
    e.handle_line("position startpos moves d2d4");
    let start = Instant::now();
    e.handle_line("go wtime 1000 btime 1000 winc 10 binc 10");
    out.wait_for("bestmove", Duration::from_secs(5))
        .expect("bestmove");
    assert!(
        start.elapsed() < Duration::from_millis(900),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn perft_counts_like_stockfish() {
    let (mut e, out) = engine();
    e.handle_line("position startpos");
    e.handle_line("go perft 3");
    out.wait_for("Nodes searched", Duration::from_secs(10))
        .expect("perft");
    assert!(
        out.lines().iter().any(|l| l == "Nodes searched: 8902"),
        "{:#?}",
        out.lines()
    );
    assert!(out.lines().iter().any(|l| l == "e2e4: 600"));
}

#[test]
fn mate_and_no_moves() {
    let (mut e, out) = engine();
    e.handle_line("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    e.handle_line("go depth 3");
    let best = out.wait_for("bestmove", Duration::from_secs(10)).unwrap();
    assert!(best.starts_with("bestmove a1a8"), "{best}");
    assert!(out.lines().iter().any(|l| l.contains("score mate 1")));

    let (mut e, out) = engine();
    e.handle_line("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    e.handle_line("go depth 3");
    assert_eq!(
        out.wait_for("bestmove", Duration::from_secs(10)).unwrap(),
        "bestmove (none)"
    );
}

#[test]
fn options_change_the_search() {
    let (mut e, out) = engine();
    for line in [
        "setoption name Hash value 8",
        "setoption name Threads value 2",
        "setoption name Level value 1",
        "setoption name Algorithm value alphabeta",
        "setoption name Evaluator value simple",
        "setoption name Move Overhead value 10",
        "setoption name Clear Hash",
        "ucinewgame",
        "position startpos",
        "debug on",
        "go depth 3",
    ] {
        e.handle_line(line);
    }
    out.wait_for("bestmove", Duration::from_secs(10))
        .expect("bestmove");
    assert!(
        out.lines()
            .iter()
            .any(|l| l == "info string level 1 algorithm alphabeta evaluator simple"),
        "{:#?}",
        out.lines()
    );
    // Level 1 searches one ply.
    assert!(
        out.lines()
            .iter()
            .filter(|l| l.starts_with("info depth"))
            .all(|l| l.starts_with("info depth 1 "))
    );
    assert!(
        !out.lines()
            .iter()
            .any(|l| l.starts_with("info string error"))
    );
}

#[test]
fn quit_ends_the_session() {
    let (mut e, _out) = engine();
    e.handle_line("go infinite");
    assert!(!e.handle_line("quit"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_lines_never_kill_the_engine(lines in proptest::collection::vec("(uci|isready|go|position|setoption|stop|debug|d|[a-z ]{0,6})( [a-z0-9/]{0,8}){0,4}", 1..8)) {
        let (mut e, out) = engine();
        for line in &lines {
            if line.trim() == "quit" {
                continue;
            }
            e.handle_line(line);
        }
        e.handle_line("stop");
        e.handle_line("isready");
        prop_assert!(out.wait_for("readyok", Duration::from_secs(5)).is_some());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Whatever bytes arrive, the session reads on: `isready` after them is
    /// still answered.
    #[test]
    fn random_bytes_never_end_the_session(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let out = Shared::default();
        let mut input: Vec<u8> = bytes.into_iter().filter(|&b| b != b'q').collect();
        input.extend_from_slice(b"\nstop\nisready\n");
        banco_protocol::uci::run(std::io::Cursor::new(input), out.clone());
        prop_assert!(out.lines().iter().any(|l| l == "readyok"));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Any text at all is either a command or a typed error.
    #[test]
    fn any_text_parses_or_is_refused(text in ".{0,80}") {
        let _ = text.parse::<banco_protocol::uci::UciCommand>();
    }

    #[test]
    fn command_like_text_parses_or_is_refused(text in "(go|position|setoption|debug)( (name|value|fen|startpos|moves|depth|wtime|-?[0-9]{1,12}|[a-h][1-8][a-h][1-8][qrbn]?)){0,8}") {
        let _ = text.parse::<banco_protocol::uci::UciCommand>();
    }
}

#[test]
fn eval_prints_the_static_value_by_groups() {
    let (mut e, out) = engine();
    for line in [
        "setoption name Evaluator value strong",
        "position startpos moves e2e4 d7d5 e4d5",
        "eval",
    ] {
        e.handle_line(line);
    }
    let text = out.text();
    // A pawn up for White with Black to move: negative for the side to move.
    let last = out
        .lines()
        .into_iter()
        .find(|l| l.starts_with("info string eval strong cp "))
        .unwrap_or_else(|| panic!("{text}"));
    let words: Vec<&str> = last.split_whitespace().collect();
    let to_move: i32 = words[5].parse().unwrap();
    let white: i32 = words[11].parse().unwrap();
    assert!(white > 50 && to_move == -white, "{last}");
    assert!(text.contains("info string eval group material"), "{text}");
    // The learned evaluation has no groups of terms to sum but answers too.
    e.handle_line("setoption name Evaluator value nnue");
    e.handle_line("eval");
    assert!(
        out.text().contains("info string eval nnue cp "),
        "{}",
        out.text()
    );
}

#[test]
fn xiangqi_after_uci_variant() {
    let (mut e, out) = engine();
    e.handle_line("uci");
    assert!(
        out.lines()
            .iter()
            .any(|l| l == "option name UCI_Variant type combo default chess var chess var xiangqi"),
        "{:#?}",
        out.lines()
    );
    for line in [
        "setoption name UCI_Variant value xiangqi",
        "ucinewgame",
        "position startpos moves h2e2 h9g7",
        "d",
        "go perft 2",
    ] {
        e.handle_line(line);
    }
    out.wait_for("Nodes searched", Duration::from_secs(10))
        .expect("perft");
    let text = out.text();
    assert!(
        text.contains(
            "info string fen rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"
        ),
        "{text}"
    );
    // Bad input: an illegal move, a FEN with two red generals, a shogi variant.
    for line in [
        "position startpos moves h2h8",
        "position fen 4k4/9/9/9/9/9/9/9/4K4/4K4 w - - 0 1",
        "setoption name UCI_Variant value shogi",
    ] {
        e.handle_line(line);
    }
    let text = out.text();
    assert!(
        text.contains("info string error: illegal move 'h2h8'; position unchanged"),
        "{text}"
    );
    assert!(text.contains("red has 2 generals; at most 1"), "{text}");
    assert!(
        text.contains("option 'UCI_Variant' cannot take the value 'shogi'"),
        "{text}"
    );
    e.handle_line("go depth 4");
    let best = out
        .wait_for("bestmove", Duration::from_secs(20))
        .expect("bestmove");
    let mv = best.split_whitespace().nth(1).unwrap();
    let mut game = position(
        GameKind::Xiangqi,
        Some("rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"),
        &[],
    );
    assert!(game.play_code(mv).is_ok(), "{best}");
}

#[test]
fn a_line_that_is_not_utf8_is_refused_and_the_session_goes_on() {
    let out = Shared::default();
    let input: &[u8] =
        b"isready\n\x00\xff\xfe\r\nposition startpos moves e2e4\ngo depth 1\nisready\nquit\n";
    banco_protocol::uci::run(input, out.clone());
    let lines = out.lines();
    assert_eq!(
        lines.iter().filter(|l| *l == "readyok").count(),
        2,
        "{lines:#?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string error: unknown command")),
        "{lines:#?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("bestmove ")),
        "{lines:#?}"
    );
}

/// The level's terms for `kind` as the game layer plans them (UCI's own
/// table and threads aside).
fn layer_terms(kind: GameKind, level: u8) -> banco_games::LevelTerms {
    kind.plan(
        &banco_games::ComputerSettings::level(banco_search::Level::new(level).unwrap()),
        banco_search::SearchConfig::default(),
        banco_search::Limits::move_time(Duration::from_millis(1000)),
        5,
    )
    .level_terms()
}

#[test]
fn every_level_plans_as_the_game_layer_plans_it() {
    let (mut e, _out) = engine();
    let go = banco_protocol::uci::GoParams {
        move_time: Some(Duration::from_millis(1000)),
        ..banco_protocol::uci::GoParams::default()
    };
    for (variant, kind) in [("chess", GameKind::Chess), ("xiangqi", GameKind::Xiangqi)] {
        e.handle_line(&format!("setoption name UCI_Variant value {variant}"));
        for level in 1..=10 {
            e.handle_line(&format!("setoption name Level value {level}"));
            let terms = e.plan_for(&go, 5).level_terms();
            assert_eq!(terms, layer_terms(kind, level), "{variant} level {level}");
        }
    }
}

/// docs/levels.md: xiangqi's level 7 searches 10,000 nodes a move (a
/// xiangqi node costs two chess nodes), over UCI as in every front end.
#[test]
fn xiangqi_levels_search_the_documented_node_caps() {
    let (mut e, out) = engine();
    e.handle_line("setoption name UCI_Variant value xiangqi");
    e.handle_line("setoption name Level value 7");
    e.handle_line("position startpos");
    e.handle_line("go movetime 5000");
    out.wait_for("bestmove", Duration::from_secs(20))
        .expect("bestmove");
    let nodes: u64 = out
        .lines()
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .filter_map(|l| {
            let mut words = l.split_whitespace();
            words.find(|w| *w == "nodes")?;
            words.next()?.parse().ok()
        })
        .max()
        .expect("an info line");
    // The search checks its node budget every few nodes: a little over is fine.
    assert!(nodes <= 10_500, "level 7 searched {nodes} nodes");
    assert!(nodes >= 5_000, "level 7 searched only {nodes} nodes");
}

/// A UCI session over a pipe, as a GUI runs it: lines are written while
/// the engine works, and the pipe can be closed.
struct Session {
    input: Option<std::io::PipeWriter>,
    out: Shared,
    ended: std::sync::mpsc::Receiver<()>,
}

impl Session {
    fn start() -> Session {
        let (reader, writer) = std::io::pipe().unwrap();
        let out = Shared::default();
        let (done, ended) = std::sync::mpsc::channel();
        let engine_out = out.clone();
        std::thread::spawn(move || {
            banco_protocol::uci::run(std::io::BufReader::new(reader), engine_out);
            let _ = done.send(());
        });
        Session {
            input: Some(writer),
            out,
            ended,
        }
    }

    fn send(&mut self, line: &str) {
        let input = self.input.as_mut().expect("the input is open");
        writeln!(input, "{line}").unwrap();
    }

    /// Closes the engine's input, as a GUI that exits does.
    fn close_input(&mut self) {
        self.input = None;
    }

    /// Whether the session ended within `timeout`.
    fn ends_within(&self, timeout: Duration) -> bool {
        self.ended.recv_timeout(timeout).is_ok()
    }
}

/// The bounds on these tests are generous: what they tell apart is an
/// answer in a moment from one that would take hours (perft 9 of the
/// start position is 2.4 trillion leaves; depth 60 is never reached).
const PROMPTLY: Duration = Duration::from_secs(20);

#[test]
fn isready_and_stop_are_answered_while_perft_runs() {
    let mut session = Session::start();
    session.send("position startpos");
    session.send("go perft 9");
    session.send("isready");
    assert!(
        session.out.wait_for("readyok", PROMPTLY).is_some(),
        "isready waited for the perft: {:#?}",
        session.out.lines()
    );
    session.send("stop");
    assert!(
        session
            .out
            .wait_for("info string perft stopped", PROMPTLY)
            .is_some(),
        "{:#?}",
        session.out.lines()
    );
    assert!(
        !session
            .out
            .lines()
            .iter()
            .any(|l| l.starts_with("Nodes searched")),
        "a stopped perft gives no total"
    );
    session.send("go perft 9");
    session.send("quit");
    assert!(session.ends_within(PROMPTLY), "quit waited for the perft");
}

#[test]
fn the_end_of_input_stops_a_search_after_its_bestmove() {
    let mut session = Session::start();
    session.send("position startpos");
    session.send("go depth 60");
    session
        .out
        .wait_for("info depth 1 ", PROMPTLY)
        .expect("the search starts");
    session.close_input();
    assert!(
        session.ends_within(PROMPTLY),
        "the search went on after the input closed"
    );
    let lines = session.out.lines();
    assert!(
        lines.last().is_some_and(|l| l.starts_with("bestmove ")),
        "{lines:#?}"
    );
}

#[test]
fn perft_depth_is_bounded() {
    let (mut e, out) = engine();
    for depth in ["0", "13", "4294967295"] {
        e.handle_line(&format!("go perft {depth}"));
        assert_eq!(
            out.lines().last().unwrap(),
            &format!("info string error: perft depth {depth} is out of range: 1 to 12")
        );
    }
    e.handle_line("isready");
    assert_eq!(out.lines().last().unwrap(), "readyok");
}

#[test]
fn a_hash_beyond_the_cap_is_refused_and_the_engine_lives_on() {
    let (mut e, out) = engine();
    e.handle_line("uci");
    assert!(
        out.lines()
            .iter()
            .any(|l| l == "option name Hash type spin default 16 min 1 max 4096"),
        "{:#?}",
        out.lines()
    );
    e.handle_line("setoption name Hash value 65536");
    assert_eq!(
        out.lines().last().unwrap(),
        "info string error: option 'Hash' cannot take the value '65536': a whole number from 1 to 4096"
    );
    e.handle_line("setoption name Hash value 32");
    e.handle_line("position startpos");
    e.handle_line("go depth 3");
    out.wait_for("bestmove", PROMPTLY).expect("bestmove");
    e.handle_line("isready");
    assert_eq!(out.lines().last().unwrap(), "readyok");
}

#[test]
fn multipv_reports_that_many_lines_each_iteration_best_first() {
    let (mut e, out) = engine();
    e.handle_line("setoption name MultiPV value 3");
    e.handle_line("position startpos");
    e.handle_line("go depth 5");
    assert!(out.wait_for("bestmove", Duration::from_secs(60)).is_some());
    let depth5: Vec<String> = out
        .lines()
        .into_iter()
        .filter(|l| l.starts_with("info depth 5 "))
        .collect();
    assert_eq!(depth5.len(), 3, "{depth5:?}");
    let field = |line: &str, name: &str| -> String {
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = words.iter().position(|w| *w == name).unwrap();
        words[at + 1].to_owned()
    };
    let numbers: Vec<String> = depth5.iter().map(|l| field(l, "multipv")).collect();
    assert_eq!(numbers, ["1", "2", "3"]);
    let scores: Vec<i32> = depth5
        .iter()
        .map(|l| field(l, "cp").parse().unwrap())
        .collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    let firsts: std::collections::HashSet<String> = depth5.iter().map(|l| field(l, "pv")).collect();
    assert_eq!(firsts.len(), 3, "three different moves: {depth5:?}");
    let best = out.wait_for("bestmove", Duration::from_secs(1)).unwrap();
    assert_eq!(field(&best, "bestmove"), field(&depth5[0], "pv"));
    // A value out of range is refused and changes nothing.
    e.handle_line("setoption name MultiPV value 0");
    let refusal = out.wait_for("info string", Duration::from_secs(1)).unwrap();
    assert!(refusal.contains("MultiPV"), "{refusal}");
    e.handle_line("go depth 2");
    let start = Instant::now();
    while out
        .lines()
        .iter()
        .filter(|l| l.starts_with("bestmove"))
        .count()
        < 2
    {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no second bestmove"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    let depth2 = out
        .lines()
        .into_iter()
        .filter(|l| l.starts_with("info depth 2 "))
        .count();
    assert_eq!(depth2, 2 * 3, "two searches of three lines at depth 2");
}
