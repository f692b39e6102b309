//! The learned evaluation: the net shipped in the binary (trained by
//! `banco train` on `banco datagen` games; docs/nnue.md says how), or one
//! loaded in its place.

use std::sync::{Arc, OnceLock, PoisonError, RwLock};

use banco_nnue::{Layout, NetError, Network};
use banco_search::{EvalBreakdown, EvalTerm};
use shakmaty::{Color, Position};

use crate::ChessGame;

/// The shipped net's file.
static EMBEDDED: &[u8] = include_bytes!("../../nets/chess.nnue");

/// The net the `nnue` evaluator plays with now.
fn slot() -> &'static RwLock<Arc<Network>> {
    static CURRENT: OnceLock<RwLock<Arc<Network>>> = OnceLock::new();
    CURRENT.get_or_init(|| RwLock::new(embedded()))
}

/// The shipped net.
///
/// # Panics
///
/// Never for a build that passed its tests: the shipped file is checked
/// by one.
#[must_use]
pub fn embedded() -> Arc<Network> {
    static NET: OnceLock<Arc<Network>> = OnceLock::new();
    NET.get_or_init(|| {
        Arc::new(Network::from_bytes(EMBEDDED).expect("the shipped chess net is a valid net file"))
    })
    .clone()
}

/// The net in use.
#[must_use]
pub fn network() -> Arc<Network> {
    slot()
        .read()
        .unwrap_or_else(PoisonError::into_inner)
        .clone()
}

/// Plays with the net of a file's bytes from the next search on.
///
/// # Errors
///
/// A file that is not a net, or a net of another game: the net in use
/// stays.
pub fn load(bytes: &[u8]) -> Result<(), NetError> {
    let net = Network::from_bytes(bytes)?;
    if net.layout() != Layout::Chess {
        return Err(NetError::WrongGame {
            expected: "chess",
            found: net.layout().name(),
        });
    }
    *slot().write().unwrap_or_else(PoisonError::into_inner) = Arc::new(net);
    Ok(())
}

/// Plays with the shipped net again.
pub fn use_embedded() {
    *slot().write().unwrap_or_else(PoisonError::into_inner) = embedded();
}

/// The net's value as a breakdown: one term, for a net's value does not
/// come apart into parts that add up (every piece's input is weighed
/// together with all the others in the hidden layer).
#[must_use]
pub fn explain(game: &ChessGame, value: i32) -> EvalBreakdown {
    let first = match game.position().turn() {
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
