//! What can be wrong with a net file.

use thiserror::Error;

/// A net file refused, and why.
#[derive(Debug, Clone, Error, PartialEq, Eq)]
pub enum NetError {
    /// The file does not start with the net magic.
    #[error("not a Banco net file (no BNCONNUE magic)")]
    NotANet,
    /// A version this build does not read.
    #[error(
        "file version {0}, which this build does not read (nets: versions 1 to 3; checkpoints: versions 1 and 2)"
    )]
    Version(u16),
    /// A layout code that is no game.
    #[error("net file for unknown board layout {0}")]
    Layout(u8),
    /// An activation this build does not compute.
    #[error("net file with unknown activation {0}")]
    Activation(u8),
    /// Sizes this build cannot play, or parts that do not fit them.
    #[error("net of an unusable shape: {0}")]
    Shape(String),
    /// The file ends early.
    #[error("net file cut short: {found} bytes where its header calls for {expected}")]
    Truncated {
        /// The bytes the header calls for.
        expected: usize,
        /// The bytes there are.
        found: usize,
    },
    /// Bytes follow the net.
    #[error("net file too long: {found} bytes where its header calls for {expected}")]
    Trailing {
        /// The bytes the header calls for.
        expected: usize,
        /// The bytes there are.
        found: usize,
    },
    /// A net for another game.
    #[error("a {found} net cannot evaluate {expected}")]
    WrongGame {
        /// The game that asked.
        expected: &'static str,
        /// The net's game.
        found: &'static str,
    },
}
