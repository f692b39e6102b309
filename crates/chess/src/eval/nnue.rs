//! The learned evaluation: the net shipped in the binary (trained by
//! `banco train` on `banco datagen` games; docs/nnue.md says how), or one
//! loaded in its place.

use std::sync::Arc;

use banco_nnue::{Layout, NetError, NetSlot, Network};
use banco_search::{EvalBreakdown, EvalTerm};
use cozy_chess::Color;

use crate::ChessGame;

/// The shipped net, and the net in use.
static NET: NetSlot = NetSlot::new(Layout::Chess, include_bytes!("../../nets/chess.nnue"));

/// The shipped net.
///
/// # Panics
///
/// Never for a build that passed its tests: the shipped file is checked
/// by one.
#[must_use]
pub fn embedded() -> Arc<Network> {
    NET.embedded()
}

/// The net in use.
#[must_use]
pub fn network() -> Arc<Network> {
    NET.current()
}

/// Plays with the net of a file's bytes from the next search on.
///
/// # Errors
///
/// A file that is not a net, or a net of another game: the net in use
/// stays.
pub fn load(bytes: &[u8]) -> Result<(), NetError> {
    NET.load(bytes)
}

/// Plays with the shipped net again.
pub fn use_embedded() {
    NET.use_embedded();
}

/// The net's value as a breakdown: one term, for a net's value does not
/// come apart into parts that add up (every piece's input is weighed
/// together with all the others in the hidden layer).
#[must_use]
pub fn explain(game: &ChessGame, value: i32) -> EvalBreakdown {
    let first = match game.position().side_to_move() {
        Color::White => value,
        Color::Black => -value,
    };
    EvalBreakdown {
        terms: vec![EvalTerm {
            group: "learned",
            name: "the network's output",
            side: None,
            point: None,
            value: f64::from(first),
        }],
        score: value,
        first_player_score: first,
        blend: None,
    }
}
