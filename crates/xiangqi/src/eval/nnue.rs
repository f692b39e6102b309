//! The learned evaluation: the net shipped in the binary (trained by
//! `banco train xiangqi` on `banco datagen xiangqi` games; docs/nnue.md
//! says how), or one loaded in its place.

use std::sync::Arc;

use banco_nnue::{Layout, NetError, NetSlot, Network};
use banco_search::{EvalBreakdown, EvalTerm};

use crate::game::XiangqiGame;
use crate::piece::Color;

/// The shipped net, and the net in use.
static NET: NetSlot = NetSlot::new(Layout::Xiangqi, include_bytes!("../../nets/xiangqi.nnue"));

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

/// The value for the side to move: from the accumulators the search
/// attached, or afresh.
pub(super) fn evaluate(game: &XiangqiGame) -> i32 {
    game.attached_network_value()
        .unwrap_or_else(|| game.network_value(&network()))
}

/// The net's value as a breakdown: one term, for a net's value does not
/// come apart into parts that add up.
pub(super) fn explain(game: &XiangqiGame, value: i32) -> EvalBreakdown {
    let red = match game.board().side_to_move() {
        Color::Red => value,
        Color::Black => -value,
    };
    EvalBreakdown {
        terms: vec![EvalTerm {
            group: "learned",
            name: "the network's output",
            side: None,
            point: None,
            value: f64::from(red),
        }],
        score: value,
        first_player_score: red,
        blend: None,
    }
}
