//! Points of the board and the padded mailbox layout.
//!
//! The 90 points live in a 16 × 16 array: rank `r` (0 = red's back rank) and
//! file `f` (0 = file a, on red's left) sit at `(r + 3) * 16 + f + 3`. Every
//! step a piece can take (at most two points in any direction) from a point
//! on the board lands inside the array, so move generation needs no bounds
//! checks: the padding cells hold a marker that is neither empty nor a piece.

use std::fmt;

/// Ranks on the board.
pub const RANKS: u8 = 10;
/// Files on the board.
pub const FILES: u8 = 9;

/// A point of the board, as an index into the padded 256-cell mailbox.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, PartialOrd, Ord)]
pub struct Square(pub(crate) u8);

/// One step towards black (rank + 1).
pub(crate) const NORTH: i16 = 16;
/// One step towards red (rank − 1).
pub(crate) const SOUTH: i16 = -16;
/// One step towards file i.
pub(crate) const EAST: i16 = 1;
/// One step towards file a.
pub(crate) const WEST: i16 = -1;

/// The four orthogonal steps.
pub(crate) const ORTHOGONAL: [i16; 4] = [NORTH, SOUTH, EAST, WEST];
/// The four diagonal steps.
pub(crate) const DIAGONAL: [i16; 4] = [NORTH + EAST, NORTH + WEST, SOUTH + EAST, SOUTH + WEST];

impl Square {
    /// The point on `file` (0 = a … 8 = i) and `rank` (0 … 9, from red's side),
    /// or `None` off the board.
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < FILES && rank < RANKS {
            Some(Square((rank + 3) * 16 + file + 3))
        } else {
            None
        }
    }

    /// The file, 0 (a) to 8 (i).
    #[must_use]
    pub const fn file(self) -> u8 {
        (self.0 & 15) - 3
    }

    /// The rank, 0 (red's back rank) to 9 (black's).
    #[must_use]
    pub const fn rank(self) -> u8 {
        (self.0 >> 4) - 3
    }

    /// A compact index 0..90 (rank × 9 + file), for tables over the board.
    #[must_use]
    pub const fn index(self) -> usize {
        self.rank() as usize * FILES as usize + self.file() as usize
    }

    /// The point with compact index `index` (0..90).
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 90 {
            Square::new((index % 9) as u8, (index / 9) as u8)
        } else {
            None
        }
    }

    /// The mailbox cell index.
    pub(crate) const fn cell(self) -> usize {
        self.0 as usize
    }

    /// The cell `step` away (it may be padding).
    pub(crate) const fn offset(self, step: i16) -> Square {
        Square((self.0 as i16 + step) as u8)
    }

    /// Whether the cell is one of the 90 points.
    #[cfg(test)]
    pub(crate) const fn on_board(self) -> bool {
        let file = self.0 & 15;
        let rank = self.0 >> 4;
        file >= 3 && file < 3 + FILES && rank >= 3 && rank < 3 + RANKS
    }

    /// Every point, rank 0 first, file a first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..90).filter_map(Square::from_index)
    }

    /// The point reflected across the river (file kept): how black sees red's tables.
    #[must_use]
    pub const fn flip_rank(self) -> Square {
        Square((12 - (self.0 >> 4) + 3) << 4 | (self.0 & 15))
    }
}

impl fmt::Display for Square {
    /// ICCS coordinates: file letter a–i, rank digit 0–9 (`e0` is red's general).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file()), self.rank())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_round_trip() {
        for sq in Square::all() {
            assert!(sq.on_board());
            assert_eq!(Square::new(sq.file(), sq.rank()), Some(sq));
            assert_eq!(Square::from_index(sq.index()), Some(sq));
            assert_eq!(sq.flip_rank().flip_rank(), sq);
            assert_eq!(sq.flip_rank().rank(), 9 - sq.rank());
        }
        assert_eq!(Square::all().count(), 90);
        assert_eq!(Square::new(4, 0).unwrap().to_string(), "e0");
        assert_eq!(Square::new(9, 0), None);
        assert_eq!(Square::new(0, 10), None);
    }

    #[test]
    fn two_steps_from_the_board_stay_in_the_mailbox() {
        for sq in Square::all() {
            for dr in -2_i16..=2 {
                for df in -2_i16..=2 {
                    let cell = i16::from(sq.0) + dr * 16 + df;
                    assert!((0..256).contains(&cell));
                }
            }
        }
    }
}
