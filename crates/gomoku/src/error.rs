//! What can be wrong with gomoku input, said plainly.

use crate::Point;

/// A point that could not be read, or that cannot take a stone.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum MoveError {
    /// Neither `h8` (column letter, row number from the bottom) nor Gomocup `x,y`.
    #[error(
        "'{input}' is not a point: write it as h8 (column a.., row 1.. from the bottom) or x,y (Gomocup, from 0)"
    )]
    Malformed {
        /// The text given.
        input: String,
    },
    /// A point beyond the edge of the board.
    #[error("point {x},{y} is off the {size}x{size} board")]
    OutOfBoard {
        /// Column from 0, as read.
        x: i64,
        /// Row from 0, as read.
        y: i64,
        /// The board's side.
        size: u8,
    },
    /// A point that already holds a stone.
    #[error("point {point} ({x},{y}) is already taken", x = point.x, y = point.y)]
    Occupied {
        /// The point.
        point: Point,
    },
    /// The game is over: no more stones may be placed.
    #[error("the game is over: no more moves")]
    GameOver,
}

/// A board size Banco does not play.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
#[error("unsupported board size '{0}': expected a square board from 15x15 to 20x20")]
pub struct SizeError(pub String);

/// A rule name Banco does not know.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
#[error("unknown rule '{0}': expected freestyle, standard, caro or renju")]
pub struct RuleError(pub String);

/// Anything that can be wrong when a game is set up from text.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum GomokuError {
    /// A move that cannot be read or played.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// A bad board size.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// An unknown rule.
    #[error(transparent)]
    Rule(#[from] RuleError),
}
