//! The protocol loops, fed line by line as a GUI or a Gomocup manager
//! would: whatever comes, the loop writes only printable lines, its search
//! thread never fails, and it still answers at the end.

use std::io::Write;
use std::sync::{Arc, Mutex, PoisonError};

use banco_protocol::gomocup::GomocupBrain;
use banco_protocol::uci::UciEngine;

/// Lines fed from one input at most.
const MAX_LINES: usize = 64;
/// The largest table an input may ask for, in MiB: a larger one only
/// costs the fuzzer time (the engines' own cap is tested elsewhere).
const MAX_TABLE_MB: u64 = 16;

/// What a loop wrote, shared with the thread that searches.
#[derive(Clone, Default)]
struct Output(Arc<Mutex<Vec<u8>>>);

impl Write for Output {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Output {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap_or_else(PoisonError::into_inner)).into_owned()
    }
}

/// Whether a line asks for a table (or as many threads) beyond what a
/// fuzzer should spend on one input.
fn too_costly(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    ["hash", "threads", "max_memory", "thread_num"]
        .iter()
        .any(|name| lower.contains(name))
        && lower
            .split(|c: char| !c.is_ascii_digit())
            .filter(|digits| !digits.is_empty())
            .any(|digits| digits.parse::<u64>().map_or(true, |n| n > MAX_TABLE_MB))
}

fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .filter(|line| !too_costly(line))
        .take(MAX_LINES)
}

fn check_output(output: &str, input: &str) {
    for line in output.lines() {
        assert!(
            !line.chars().any(char::is_control),
            "a control character written: {line:?}, for {input:?}"
        );
        assert!(!line.contains("thread failed"), "{line:?}, for {input:?}");
    }
}

pub(crate) fn uci_loop(text: &str) {
    let output = Output::default();
    let mut engine = UciEngine::new(output.clone());
    for line in lines(text) {
        if !engine.handle_line(line) {
            check_output(&output.text(), text);
            return;
        }
        engine.wait_for_search(true);
    }
    assert!(engine.handle_line("isready"));
    engine.wait_for_search(true);
    let written = output.text();
    check_output(&written, text);
    assert_eq!(
        written.lines().last(),
        Some("readyok"),
        "no answer to isready for {text:?}"
    );
}

pub(crate) fn gomocup_loop(text: &str) {
    let output = Output::default();
    let mut brain = GomocupBrain::new(output.clone());
    for line in lines(text) {
        if !brain.handle_line(line) {
            check_output(&output.text(), text);
            return;
        }
        brain.wait_for_search(true);
    }
    // A BOARD block left open would read ABOUT as a board line.
    assert!(brain.handle_line("DONE"));
    brain.wait_for_search(true);
    let before = output.text().lines().count();
    assert!(brain.handle_line("ABOUT"));
    brain.wait_for_search(true);
    let written = output.text();
    check_output(&written, text);
    let answer = written.lines().nth(before).unwrap_or_default();
    assert!(
        answer.starts_with("name="),
        "ABOUT answered {answer:?} for {text:?}"
    );
}
