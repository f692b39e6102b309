//! What can be wrong with a FEN or a move someone typed.

use thiserror::Error;

/// A FEN that does not describe a legal xiangqi position.
#[derive(Clone, Debug, Error, Eq, PartialEq)]
pub enum FenError {
    /// Nothing was given.
    #[error("empty FEN")]
    Empty,
    /// The board field does not have ten ranks.
    #[error("the board has {found} ranks; xiangqi has 10, separated by '/'")]
    RankCount {
        /// How many ranks the FEN has.
        found: usize,
    },
    /// A rank does not have nine files.
    #[error("rank {rank} has {found} points; each rank has 9")]
    FileCount {
        /// The rank, 0 (red's back rank) to 9.
        rank: usize,
        /// How many points it describes.
        found: usize,
    },
    /// A character that names no piece.
    #[error("'{found}' is not a piece letter (K A B N R C P, lowercase for black)")]
    BadPiece {
        /// The character.
        found: char,
    },
    /// More pieces of one kind than a side owns.
    #[error("{color} has {count} {kind}s; at most {max}")]
    TooMany {
        /// The colour, in words.
        color: &'static str,
        /// The kind, in words.
        kind: &'static str,
        /// How many the FEN has.
        count: usize,
        /// How many a side can have.
        max: usize,
    },
    /// A side without a general.
    #[error("{color} has no general")]
    NoGeneral {
        /// The colour, in words.
        color: &'static str,
    },
    /// A piece on a point its rules never let it reach.
    #[error("a {color} {kind} cannot stand on {square}")]
    OutsideArea {
        /// The colour, in words.
        color: &'static str,
        /// The kind, in words.
        kind: &'static str,
        /// The point, in ICCS coordinates.
        square: String,
    },
    /// The side-to-move field is not `w`, `r` or `b`.
    #[error("side to move '{found}' must be 'w' (or 'r') for red, 'b' for black")]
    BadSide {
        /// What was there.
        found: String,
    },
    /// A move counter that is not a number.
    #[error("'{found}' is not a move counter")]
    BadCounter {
        /// What was there.
        found: String,
    },
    /// The side that just moved has left its general attacked or facing the other.
    #[error("the side not to move is in check (or the generals face each other)")]
    OpponentInCheck,
}

/// A move that cannot be played here.
#[derive(Clone, Debug, Error, Eq, PartialEq)]
pub enum MoveError {
    /// Not a move in any notation Banco reads.
    #[error("'{0}' is not a move: write ICCS coordinates like h2e2, or WXF like C2.5")]
    Malformed(String),
    /// Well formed, but not legal in this position.
    #[error("{0} is not legal here")]
    Illegal(String),
    /// A WXF move that fits more than one legal move.
    #[error("'{0}' fits more than one legal move; give the coordinates")]
    Ambiguous(String),
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
}
