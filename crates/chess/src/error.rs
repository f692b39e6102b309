//! What can be wrong with chess input, said plainly.

use shakmaty::fen::ParseFenError;

/// A FEN that could not be read or is not a legal chess position.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum FenError {
    /// The text is not FEN.
    #[error("invalid FEN '{fen}': {source}")]
    Syntax {
        /// The text given.
        fen: String,
        /// What the parser found wrong.
        #[source]
        source: ParseFenError,
    },
    /// The FEN reads, but the position cannot occur in chess.
    #[error("illegal position in FEN '{fen}': {reason}")]
    Illegal {
        /// The text given.
        fen: String,
        /// Why the position is not legal.
        reason: String,
    },
}

/// A move that could not be read or cannot be played here.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum MoveError {
    /// Neither SAN (`Nf3`, `exd5`, `O-O`, `e8=Q+`) nor UCI (`g1f3`, `e7e8q`).
    #[error("'{input}' is not a move: write it as SAN (Nf3, exd5, O-O, e8=Q) or UCI (g1f3, e7e8q)")]
    Syntax {
        /// The text given.
        input: String,
    },
    /// A well-formed move that is not legal in this position.
    #[error("illegal move '{input}': {reason}")]
    Illegal {
        /// The text given.
        input: String,
        /// Why it cannot be played, as a player reads it.
        reason: String,
    },
    /// A SAN move that fits more than one legal move.
    #[error(
        "ambiguous move '{input}': more than one piece can make it; say which (as Nbd2 or R1e2)"
    )]
    Ambiguous {
        /// The text given.
        input: String,
    },
}

/// A PGN game that could not be read.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum PgnError {
    /// The input holds no game.
    #[error("no game found in the PGN text")]
    Empty,
    /// The `FEN` tag is bad.
    #[error("bad FEN tag in PGN: {0}")]
    Fen(#[from] FenError),
    /// A move of the main line is not legal or not readable.
    #[error("move {ply} of the PGN ('{san}') cannot be played: {reason}")]
    Move {
        /// The ply number, from 1.
        ply: usize,
        /// The move as written.
        san: String,
        /// Why not.
        reason: String,
    },
    /// The reader failed.
    #[error("could not read PGN: {0}")]
    Read(String),
}
