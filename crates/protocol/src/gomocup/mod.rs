//! The Gomocup ("piskvork") protocol: Banco as a brain for Gomocup managers
//! and tournament tools (`pbrain-banco`).
//!
//! Supported: `START`, `RECTSTART` (square boards only; others get `ERROR`),
//! `RESTART`, `BEGIN`, `TURN`, `BOARD` … `DONE`, `SWAP2BOARD` … `DONE` (the
//! Swap2 opening of Gomocup's tournaments: three stones proposed, or
//! `SWAP`, a stone, or two stones; see `banco_games::swap`), `TAKEBACK`,
//! `PLAY`, `INFO`
//! (`timeout_turn`, `timeout_match`, `time_left`, `max_memory`, `rule` as the
//! bitmask 1 exact five, 4 renju, 8 caro; `game_type` and `folder` are read
//! and ignored; a search tunable by its name, `INFO rfp_margin 80`, as the
//! tuner sends them), `END` and `ABOUT`. Anything else is answered `UNKNOWN`, and
//! a command that cannot be carried out (a move on an occupied point, a board
//! size Banco does not play) `ERROR`; neither ends the session.
//!
//! Each move is played within min(`timeout_turn`, an eighth of `time_left`)
//! less a margin; `timeout_turn 0` means play at once (a one-ply search).

mod brain;
mod command;

pub use brain::{ABOUT, GomocupBrain};
pub use command::{GomocupCommand, GomocupParseError};

use std::io::{BufRead, Write};
use std::sync::mpsc;

/// Runs a Gomocup session until `END` or the end of the input. Input is read
/// on its own thread so that `END` stops a search at once; the end of the
/// input stops it too (the move found so far is still sent).
pub fn run<R: BufRead + Send + 'static, W: Write + Send + 'static>(input: R, output: W) {
    let (tx, rx) = mpsc::channel::<String>();
    let reader = std::thread::Builder::new()
        .name("gomocup-input".to_owned())
        .spawn(move || {
            for line in crate::input::LossyLines::new(input) {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
    if reader.is_err() {
        return;
    }
    let mut brain = GomocupBrain::new(output);
    while let Ok(line) = rx.recv() {
        // Managers end lines with CR LF.
        if !brain.handle_line(line.trim_end_matches('\r')) {
            return;
        }
    }
    brain.wait_for_search(true);
}
