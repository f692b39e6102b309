//! A position as training data sees it: which piece stands on which square,
//! and nothing else (no castling rights, no move counters), as learned
//! evaluations take their inputs.

/// The pieces of a position, square by square.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct TrainingBoard {
    /// How many squares the board has (64 for chess, 90 for xiangqi).
    pub squares: u8,
    /// Each piece: its square (chess: a1 = 0 … h8 = 63; xiangqi: file +
    /// 9 × rank from red's side) and its code: the kind (0–5 for chess's
    /// pawn, knight, bishop, rook, queen, king; 0–6 for xiangqi's general,
    /// advisor, elephant, horse, chariot, cannon, soldier), plus 8 for the
    /// second player's pieces. Ordered by square.
    pub pieces: Vec<(u8, u8)>,
}

/// The code of a piece of `kind` for the first player when `first`.
#[must_use]
pub const fn piece_code(kind: u8, first: bool) -> u8 {
    if first { kind } else { kind | 8 }
}
