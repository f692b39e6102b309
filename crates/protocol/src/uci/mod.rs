//! UCI, the Universal Chess Interface: Banco as an engine for any chess GUI,
//! and for xiangqi after `setoption name UCI_Variant value xiangqi`.
//!
//! [`run`] reads standard input on its own thread and forwards lines over a
//! channel, so `stop` and `isready` are answered while a search runs. Bad
//! lines are answered with `info string error: …` and otherwise ignored.

mod command;
mod engine;
mod options;

pub use command::{GoParams, StartPosition, UciCommand, UciParseError};
pub use engine::{ENGINE_NAME, UciEngine, info_line, info_lines};
pub use options::{EngineOptions, OptionChange, OptionError, declarations};

use std::io::{BufRead, Write};
use std::sync::mpsc;

/// Runs a UCI session until `quit` or the end of the input. A search still
/// running when the input ends is stopped (it prints its `bestmove` first):
/// a GUI that closed the pipe is not waiting for it.
pub fn run<R: BufRead + Send + 'static, W: Write + Send + 'static>(input: R, output: W) {
    let (tx, rx) = mpsc::channel::<String>();
    std::thread::Builder::new()
        .name("uci-input".to_owned())
        .spawn(move || {
            for line in crate::input::LossyLines::new(input) {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        })
        .expect("spawning the input thread");
    let mut engine = UciEngine::new(output);
    while let Ok(line) = rx.recv() {
        if !engine.handle_line(&line) {
            return;
        }
    }
    engine.wait_for_search(true);
}
