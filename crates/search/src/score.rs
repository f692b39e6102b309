//! Scores: centipawn values and mate distances in one `i32`.
//!
//! A mate found `n` plies from the root is worth `MATE - n`; being mated in `n`
//! plies is worth `-(MATE - n)`. Anything beyond ±[`MATE_BOUND`] is a mate.

use std::fmt;

/// Greater than any score: the initial window.
pub const INFINITY: i32 = 32_001;
/// The score of giving mate now.
pub const MATE: i32 = 32_000;
/// The deepest ply the search reaches.
pub const MAX_PLY: usize = 128;
/// Scores with an absolute value at least this are mates.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// Static evaluations are clamped to this, so they never look like mates.
pub const MAX_EVAL: i32 = MATE_BOUND - 1;

/// The score of mating the opponent `ply` plies from the root.
#[must_use]
pub const fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}

/// The score of being mated `ply` plies from the root.
#[must_use]
pub const fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// Whether `value` is a mate score for either side.
#[must_use]
pub const fn is_mate(value: i32) -> bool {
    value.abs() >= MATE_BOUND && value.abs() <= MATE
}

/// A score as a person or a protocol reads it.
#[derive(Copy, Clone, Eq, PartialEq, Debug, Hash)]
pub enum Score {
    /// An evaluation in hundredths of a pawn (or the game's unit).
    Centipawns(i32),
    /// Mate in this many moves (full moves, positive when the side to move
    /// mates, negative when it is mated), as UCI's `score mate`.
    Mate(i32),
}

impl Score {
    /// Reads a search value.
    #[must_use]
    pub const fn from_value(value: i32) -> Score {
        if is_mate(value) {
            let plies = MATE - value.abs();
            let moves = (plies + 1) / 2;
            Score::Mate(if value > 0 { moves } else { -moves })
        } else {
            Score::Centipawns(value)
        }
    }
}

impl fmt::Display for Score {
    /// `+0.35`, `-1.20`, `#3`, `#-2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Centipawns(cp) => {
                let sign = if cp < 0 { '-' } else { '+' };
                write!(f, "{sign}{}.{:02}", cp.abs() / 100, cp.abs() % 100)
            }
            Score::Mate(moves) => write!(f, "#{moves}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_read_as_moves() {
        assert_eq!(Score::from_value(mate_in(1)), Score::Mate(1));
        assert_eq!(Score::from_value(mate_in(3)), Score::Mate(2));
        assert_eq!(Score::from_value(mated_in(2)), Score::Mate(-1));
        assert_eq!(Score::from_value(mated_in(0)), Score::Mate(0));
        assert_eq!(Score::from_value(35), Score::Centipawns(35));
        assert!(!is_mate(MAX_EVAL));
    }

    #[test]
    fn display_is_signed_pawns() {
        assert_eq!(Score::Centipawns(35).to_string(), "+0.35");
        assert_eq!(Score::Centipawns(-120).to_string(), "-1.20");
        assert_eq!(Score::Mate(-2).to_string(), "#-2");
    }
}
