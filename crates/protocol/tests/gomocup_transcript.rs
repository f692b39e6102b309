//! Gomocup transcripts: each command answered as the protocol says, garbage
//! answered with `UNKNOWN` or `ERROR` and never fatal.

use std::io::Write;
use std::sync::{Arc, Mutex};

use banco_gomoku::{GameStatus, Point, Side};
use banco_protocol::gomocup::GomocupBrain;
use banco_search::Game;
use proptest::prelude::*;

/// An output the test can read while the brain writes to it.
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
    fn lines(&self) -> Vec<String> {
        String::from_utf8(self.0.lock().unwrap().clone())
            .unwrap()
            .lines()
            .map(str::to_owned)
            .collect()
    }
    fn last(&self) -> String {
        self.lines().last().cloned().unwrap_or_default()
    }
    fn take(&self) -> Vec<String> {
        let lines = self.lines();
        self.0.lock().unwrap().clear();
        lines
    }
}

fn brain() -> (GomocupBrain<Shared>, Shared) {
    let out = Shared::default();
    (GomocupBrain::new(out.clone()), out)
}

/// Sends a line and waits for the brain's move, returning every line written.
fn ask(brain: &mut GomocupBrain<Shared>, out: &Shared, line: &str) -> Vec<String> {
    assert!(brain.handle_line(line));
    brain.wait_for_search(false);
    out.take()
}

fn is_move(line: &str) -> bool {
    line.split_once(',')
        .is_some_and(|(x, y)| x.parse::<u8>().is_ok() && y.parse::<u8>().is_ok())
}

#[test]
fn a_game_starts_and_goes_on() {
    let (mut b, out) = brain();
    assert_eq!(ask(&mut b, &out, "START 15"), ["OK"]);
    for info in [
        "INFO timeout_turn 300",
        "INFO timeout_match 0",
        "INFO max_memory 367001600",
        "INFO game_type 1",
        "INFO rule 0",
        "INFO folder /tmp",
    ] {
        assert!(ask(&mut b, &out, info).is_empty(), "{info}");
    }
    let about = ask(&mut b, &out, "ABOUT");
    assert!(about[0].starts_with("name=\"Banco\""), "{about:?}");
    let opening = ask(&mut b, &out, "BEGIN");
    assert_eq!(opening.last().unwrap(), "7,7");
    // The opponent plays; the brain answers with a move on an empty point.
    let reply = ask(&mut b, &out, "TURN 8,8");
    let mv = reply.last().unwrap();
    assert!(is_move(mv), "{reply:?}");
    assert_ne!(mv, "7,7");
    assert_ne!(mv, "8,8");
    assert_eq!(b.game().unwrap().stones(), 3);
}

#[test]
fn board_then_turn_and_a_win_in_one() {
    let (mut b, out) = brain();
    ask(&mut b, &out, "START 15");
    ask(&mut b, &out, "INFO timeout_turn 500");
    assert!(b.handle_line("BOARD"));
    for line in [
        "7,7,1", "0,0,2", "8,7,1", "0,1,2", "9,7,1", "0,2,2", "10,7,1", "14,14,2",
    ] {
        assert!(b.handle_line(line));
    }
    let reply = ask(&mut b, &out, "DONE");
    let mv = reply.last().unwrap();
    assert!(mv == "11,7" || mv == "6,7", "{reply:?}");
    let game = b.game().unwrap();
    assert!(matches!(
        game.status(),
        GameStatus::Five {
            winner: Side::First,
            ..
        }
    ));
}

#[test]
fn the_brain_blocks_a_four() {
    let (mut b, out) = brain();
    ask(&mut b, &out, "START 20");
    ask(&mut b, &out, "INFO timeout_turn 300");
    b.handle_line("BOARD");
    for line in [
        "5,5,2", "6,5,2", "7,5,2", "8,5,2", "4,5,1", "10,10,1", "12,12,1",
    ] {
        b.handle_line(line);
    }
    let reply = ask(&mut b, &out, "DONE");
    assert_eq!(reply.last().unwrap(), "9,5", "{reply:?}");
}

#[test]
fn errors_and_unknowns_are_answered_and_survived() {
    let (mut b, out) = brain();
    // Before START there is no board.
    assert!(ask(&mut b, &out, "TURN 1,1")[0].starts_with("ERROR"));
    assert!(ask(&mut b, &out, "START 10")[0].starts_with("ERROR"));
    assert!(ask(&mut b, &out, "RECTSTART 20,15")[0].starts_with("ERROR"));
    assert_eq!(ask(&mut b, &out, "RECTSTART 15,15"), ["OK"]);
    assert!(ask(&mut b, &out, "SWAP3BOARD")[0].starts_with("UNKNOWN"));
    assert!(ask(&mut b, &out, "hello there")[0].starts_with("UNKNOWN"));
    assert!(ask(&mut b, &out, "TURN seven")[0].starts_with("ERROR"));
    assert!(ask(&mut b, &out, "TURN 15,3")[0].starts_with("ERROR"));
    assert!(ask(&mut b, &out, "").is_empty());
    ask(&mut b, &out, "INFO timeout_turn 0");
    let reply = ask(&mut b, &out, "TURN 7,7");
    let mine = reply.last().unwrap().clone();
    assert!(is_move(&mine));
    // A move on an occupied point is refused; the game goes on.
    let refused = ask(&mut b, &out, &format!("TURN {mine}"));
    assert_eq!(refused.len(), 1);
    assert!(refused[0].starts_with("ERROR"), "{refused:?}");
    assert!(refused[0].contains("taken"), "{refused:?}");
    assert_eq!(b.game().unwrap().stones(), 2);
    // Garbage inside BOARD is reported line by line.
    b.handle_line("BOARD");
    assert!(out.last().is_empty() || !out.last().starts_with("ERROR"));
    b.handle_line("1,1,7");
    assert!(out.take()[0].starts_with("ERROR"));
    b.handle_line("1,1,1");
    let reply = ask(&mut b, &out, "DONE");
    assert!(is_move(reply.last().unwrap()), "{reply:?}");
}

#[test]
fn takeback_restart_rule_and_end() {
    let (mut b, out) = brain();
    ask(&mut b, &out, "START 15");
    ask(&mut b, &out, "INFO timeout_turn 0");
    ask(&mut b, &out, "INFO rule 4");
    assert_eq!(b.game().unwrap().rule(), banco_gomoku::Rule::Renju);
    let first = ask(&mut b, &out, "BEGIN").last().unwrap().clone();
    assert_eq!(ask(&mut b, &out, &format!("TAKEBACK {first}")), ["OK"]);
    assert_eq!(b.game().unwrap().stones(), 0);
    assert!(ask(&mut b, &out, "TAKEBACK 3,3")[0].starts_with("ERROR"));
    ask(&mut b, &out, "TURN 7,7");
    assert_eq!(ask(&mut b, &out, "RESTART"), ["OK"]);
    assert_eq!(b.game().unwrap().stones(), 0);
    ask(&mut b, &out, "INFO rule 9");
    assert_eq!(b.game().unwrap().rule(), banco_gomoku::Rule::Caro);
    assert!(!b.handle_line("END"));
    assert!(out.take().is_empty());
}

#[test]
fn renju_black_never_plays_a_foul() {
    // The brain is black (equal counts) and h8 would be a double-three.
    let (mut b, out) = brain();
    ask(&mut b, &out, "START 15");
    ask(&mut b, &out, "INFO rule 4");
    ask(&mut b, &out, "INFO timeout_turn 300");
    b.handle_line("BOARD");
    for line in [
        "6,7,1", "0,0,2", "5,7,1", "0,14,2", "7,6,1", "14,0,2", "7,5,1", "14,14,2",
    ] {
        b.handle_line(line);
    }
    let reply = ask(&mut b, &out, "DONE");
    let mv = reply.last().unwrap();
    assert_ne!(mv, "7,7", "{reply:?}");
    let game = b.game().unwrap();
    assert_eq!(game.status(), GameStatus::Ongoing);
    assert_eq!(game.side_to_move(), Side::Second);
    assert!(game.stone(Point::new(7, 7)).is_none());
}

/// A Swap2 step: the stones, then `DONE`; returns the answer lines.
fn swap2(b: &mut GomocupBrain<Shared>, out: &Shared, stones: &[&str]) -> Vec<String> {
    assert!(b.handle_line("SWAP2BOARD"));
    for stone in stones {
        assert!(b.handle_line(stone));
    }
    ask(b, out, "DONE")
}

fn is_points(line: &str, count: usize) -> bool {
    let points: Vec<&str> = line.split(' ').collect();
    points.len() == count && points.iter().all(|p| is_move(p))
}

#[test]
fn swap2_the_three_steps_as_gomocup_plays_them() {
    let (mut b, out) = brain();
    ask(&mut b, &out, "START 15");
    ask(&mut b, &out, "INFO timeout_turn 600");
    // Case 1: the brain proposes the first three stones.
    let reply = swap2(&mut b, &out, &[]);
    let three = reply.last().unwrap().clone();
    assert!(is_points(&three, 3), "{reply:?}");
    assert!(
        three.starts_with("7,7 "),
        "black's first stone in the centre: {three}"
    );
    // Case 2: three stones; a swap, a stone, or two stones.
    let stones: Vec<&str> = three.split(' ').collect();
    let reply = swap2(&mut b, &out, &stones);
    let answer = reply.last().unwrap();
    assert!(
        answer == "SWAP" || is_points(answer, 1) || is_points(answer, 2),
        "{reply:?}"
    );
    // Black's open three in the centre against white's corner stone: the
    // brain takes black.
    assert_eq!(
        swap2(&mut b, &out, &["7,7", "0,0", "8,7"]).last().unwrap(),
        "SWAP"
    );
    // Case 3: five stones, white's two in the centre: the brain stays
    // white and plays the sixth stone.
    let reply = swap2(&mut b, &out, &["0,0", "7,7", "0,14", "8,7", "14,0"]);
    assert!(is_points(reply.last().unwrap(), 1), "{reply:?}");
    // The brain's own board is untouched; the manager's BOARD sets it.
    assert_eq!(b.game().unwrap().stones(), 0);
    b.handle_line("BOARD");
    for line in ["7,7,2", "0,0,1", "8,7,2"] {
        b.handle_line(line);
    }
    assert!(is_move(ask(&mut b, &out, "DONE").last().unwrap()));
}

#[test]
fn swap2_bad_steps_are_refused_and_survived() {
    let (mut b, out) = brain();
    ask(&mut b, &out, "START 15");
    ask(&mut b, &out, "INFO timeout_turn 100");
    let reply = swap2(&mut b, &out, &["7,7", "8,8"]);
    assert!(
        reply[0].starts_with("ERROR") && reply[0].contains("0, 3 or 5"),
        "{reply:?}"
    );
    let reply = swap2(&mut b, &out, &["7,7", "7,7", "8,8"]);
    assert!(
        reply[0].starts_with("ERROR") && reply[0].contains("stone 2"),
        "{reply:?}"
    );
    b.handle_line("SWAP2BOARD");
    b.handle_line("7,7,1");
    assert!(out.take()[0].starts_with("ERROR"));
    b.handle_line("99,1");
    assert!(out.take()[0].starts_with("ERROR"));
    let reply = ask(&mut b, &out, "DONE");
    assert!(is_points(reply.last().unwrap(), 3), "{reply:?}");
    // Outside a game there is no board to ask about.
    let (mut fresh, out) = brain();
    assert!(ask(&mut fresh, &out, "SWAP2BOARD")[0].starts_with("ERROR"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_lines_never_panic(lines in proptest::collection::vec(".{0,24}", 1..12)) {
        let (mut b, _out) = brain();
        b.handle_line("START 15");
        b.handle_line("INFO timeout_turn 0");
        for line in &lines {
            if !b.handle_line(line) {
                break;
            }
        }
        b.wait_for_search(true);
    }

    #[test]
    fn command_like_lines_never_panic(lines in proptest::collection::vec(
        "(START|TURN|BOARD|SWAP2BOARD|DONE|TAKEBACK|INFO|PLAY|RECTSTART|BEGIN|RESTART) ?-?[0-9]{0,3},?-?[0-9]{0,3},?[0-9]?",
        1..16,
    )) {
        let (mut b, _out) = brain();
        b.handle_line("START 15");
        b.handle_line("INFO timeout_turn 0");
        for line in &lines {
            b.handle_line(line);
        }
        b.wait_for_search(true);
    }
}

#[test]
fn little_or_no_match_time_still_gets_a_move() {
    let (mut b, out) = brain();
    ask(&mut b, &out, "START 15");
    ask(&mut b, &out, "INFO timeout_turn 300");
    ask(&mut b, &out, "INFO timeout_match 180000");
    for left in ["300", "-20", "2147483647"] {
        assert_eq!(ask(&mut b, &out, "RESTART"), ["OK"]);
        ask(&mut b, &out, &format!("INFO time_left {left}"));
        let reply = ask(&mut b, &out, "TURN 7,7");
        assert!(is_move(reply.last().unwrap()), "{left}: {reply:?}");
    }
    assert!(ask(&mut b, &out, "INFO time_left soon").is_empty());
}

#[test]
fn a_line_that_is_not_utf8_is_answered_and_the_session_goes_on() {
    let out = Shared::default();
    let input: &[u8] = b"START 15\r\n\xff\xfe\r\nBEGIN\r\nEND\r\n";
    banco_protocol::gomocup::run(input, out.clone());
    let lines = out.lines();
    assert_eq!(lines[0], "OK", "{lines:#?}");
    assert!(
        lines[1].starts_with("UNKNOWN") || lines[1].starts_with("ERROR"),
        "{lines:#?}"
    );
    assert!(is_move(lines.last().unwrap()), "{lines:#?}");
}

/// The brain plays at full strength, planned as the game layer plans level 10.
#[test]
fn the_brain_plans_level_ten_as_every_front_end_does() {
    let (b, _out) = brain();
    let terms = b.plan().level_terms();
    let layer = banco_games::GameKind::Gomoku
        .plan(
            &banco_games::ComputerSettings::level(banco_search::Level::MAX),
            banco_search::SearchConfig::default(),
            banco_search::Limits::default(),
            0,
        )
        .level_terms();
    assert_eq!(terms, layer);
}

/// A search tunable arrives as `INFO NAME VALUE` (how `banco spsa gomoku`
/// and `banco match` push them) and reaches the search's plan; a bad value
/// is refused with an error and changes nothing; other unknown keys stay
/// silent, as the protocol allows.
#[test]
fn search_tunables_are_set_by_info() {
    let (mut b, out) = brain();
    assert_eq!(ask(&mut b, &out, "START 15"), ["OK"]);
    assert!(ask(&mut b, &out, "INFO rfp_margin 80").is_empty());
    assert_eq!(b.plan().config.params.get("rfp_margin"), Some(80));
    let refused = ask(&mut b, &out, "INFO rfp_margin 5000");
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert!(refused[0].starts_with("ERROR"), "{refused:?}");
    assert!(refused[0].contains("rfp_margin"), "{refused:?}");
    assert_eq!(b.plan().config.params.get("rfp_margin"), Some(80));
    assert!(ask(&mut b, &out, "INFO LMR_Divisor 200").is_empty());
    assert_eq!(b.plan().config.params.get("lmr_divisor"), Some(200));
    assert!(ask(&mut b, &out, "INFO no_such_key 3").is_empty());
    ask(&mut b, &out, "INFO timeout_turn 0");
    let reply = ask(&mut b, &out, "BEGIN");
    assert!(is_move(reply.last().unwrap()), "{reply:?}");
}

/// A move found by the threat search is reported, with its line and score,
/// as a MESSAGE managers show and as DEBUG lines.
#[test]
fn a_threat_search_move_is_reported() {
    let (mut b, out) = brain();
    assert_eq!(ask(&mut b, &out, "START 15"), ["OK"]);
    // Black (the brain) has three in a row with both ends open: a VCF.
    let reply = ask(&mut b, &out, "BOARD\n");
    assert!(reply.is_empty(), "{reply:?}");
    for line in ["7,7,1", "0,0,2", "8,7,1", "0,1,2", "9,7,1", "0,3,2"] {
        assert!(b.handle_line(line));
    }
    let reply = ask(&mut b, &out, "DONE");
    let message = reply
        .iter()
        .find(|l| l.starts_with("MESSAGE"))
        .unwrap_or_else(|| panic!("no MESSAGE in {reply:?}"));
    assert!(message.contains("VCF"), "{message}");
    assert!(
        message.contains("win in") && message.contains(" pv "),
        "{message}"
    );
    assert!(
        reply.iter().any(|l| l.starts_with("DEBUG depth")),
        "{reply:?}"
    );
    assert!(is_move(reply.last().unwrap()), "{reply:?}");
}

/// A manager that closes the pipe mid-think is not waiting for the move:
/// the brain stops (sending the move it has) and the session ends, rather
/// than thinking out a long turn. The bound is generous: what it tells
/// apart is a prompt end from one after the ten-minute turn.
#[test]
fn the_end_of_input_stops_the_brain_thinking() {
    use std::time::Duration;

    let (reader, mut writer) = std::io::pipe().unwrap();
    let out = Shared::default();
    let (done, ended) = std::sync::mpsc::channel();
    let brain_out = out.clone();
    std::thread::spawn(move || {
        banco_protocol::gomocup::run(std::io::BufReader::new(reader), brain_out);
        let _ = done.send(());
    });
    writer
        .write_all(b"START 15\r\nINFO timeout_turn 600000\r\nTURN 7,7\r\n")
        .unwrap();
    // Wait until it is thinking: its first iteration is reported.
    let start = std::time::Instant::now();
    while !out.lines().iter().any(|l| l.starts_with("DEBUG")) {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "{:?}",
            out.lines()
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    drop(writer);
    assert!(
        ended.recv_timeout(Duration::from_secs(20)).is_ok(),
        "the brain went on thinking after its input closed"
    );
    assert!(is_move(&out.last()), "{:?}", out.lines());
}
