//! Which input a piece on a square is, seen from one player's side.
//!
//! Each player has an accumulator of their own, fed by the pieces as they
//! see them: their own pieces first, the board turned so that they play
//! upwards. One net then serves both colours, and a position and its mirror
//! (colours swapped, board turned) get the same value for the side to move.

/// The board a net reads: the inputs are piece kind × whose × square.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Layout {
    /// 6 kinds × 2 owners × 64 squares = 768 inputs; squares a1 = 0 … h8 =
    /// 63.
    Chess,
    /// 7 kinds × 2 owners × 90 points = 1,260 inputs; points file + 9 ×
    /// rank from red's side.
    Xiangqi,
}

impl Layout {
    /// The layout's code in net and data files.
    #[must_use]
    pub const fn code(self) -> u8 {
        match self {
            Layout::Chess => 0,
            Layout::Xiangqi => 1,
        }
    }

    /// The layout of a file's code.
    #[must_use]
    pub const fn from_code(code: u8) -> Option<Layout> {
        match code {
            0 => Some(Layout::Chess),
            1 => Some(Layout::Xiangqi),
            _ => None,
        }
    }

    /// The game's name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Layout::Chess => "chess",
            Layout::Xiangqi => "xiangqi",
        }
    }

    /// Squares (points) on the board.
    #[must_use]
    pub const fn squares(self) -> usize {
        match self {
            Layout::Chess => 64,
            Layout::Xiangqi => 90,
        }
    }

    /// Files (columns) of the board.
    #[must_use]
    pub const fn files(self) -> usize {
        match self {
            Layout::Chess => 8,
            Layout::Xiangqi => 9,
        }
    }

    /// The square's mirror image left to right, `None` off the board.
    #[must_use]
    pub const fn mirrored_square(self, square: usize) -> Option<usize> {
        if square >= self.squares() {
            return None;
        }
        let files = self.files();
        Some(square - square % files + (files - 1 - square % files))
    }

    /// The kind code of the king (chess) or general (xiangqi).
    #[must_use]
    pub const fn king_kind(self) -> u8 {
        match self {
            Layout::Chess => 5,
            Layout::Xiangqi => 0,
        }
    }

    /// Piece kinds.
    #[must_use]
    pub const fn kinds(self) -> usize {
        match self {
            Layout::Chess => 6,
            Layout::Xiangqi => 7,
        }
    }

    /// Inputs per perspective.
    #[must_use]
    pub const fn inputs(self) -> usize {
        2 * self.kinds() * self.squares()
    }

    /// The square as `perspective` sees it: the second player's view is
    /// the board turned rank for rank (files keep their place, as both
    /// games' piece tables assume a left-right symmetric start).
    #[must_use]
    pub const fn relative_square(self, square: usize, second_perspective: bool) -> usize {
        if !second_perspective {
            return square;
        }
        match self {
            Layout::Chess => square ^ 56,
            Layout::Xiangqi => square % 9 + 9 * (9 - square / 9),
        }
    }

    /// The input of a piece for one perspective, or `None` for a square or
    /// kind off the layout. `code` is the kind (chess 0–5: pawn, knight,
    /// bishop, rook, queen, king; xiangqi 0–6: general, advisor, elephant,
    /// horse, chariot, cannon, soldier) plus 8 for the second player's.
    #[must_use]
    pub const fn feature(self, square: usize, code: u8, second_perspective: bool) -> Option<usize> {
        let kind = (code & 7) as usize;
        let second_owner = code & 8 != 0;
        if kind >= self.kinds() || square >= self.squares() {
            return None;
        }
        let theirs = (second_owner != second_perspective) as usize;
        let square = self.relative_square(square, second_perspective);
        Some((theirs * self.kinds() + kind) * self.squares() + square)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_on_every_square_has_its_own_input() {
        for layout in [Layout::Chess, Layout::Xiangqi] {
            for perspective in [false, true] {
                let mut seen = vec![false; layout.inputs()];
                for square in 0..layout.squares() {
                    for owner in [0, 8] {
                        for kind in 0..layout.kinds() as u8 {
                            let f = layout.feature(square, kind | owner, perspective).unwrap();
                            assert!(!seen[f], "{layout:?} {square} {kind} {owner}");
                            seen[f] = true;
                        }
                    }
                }
                assert!(seen.iter().all(|&s| s));
            }
            assert_eq!(layout.feature(layout.squares(), 0, false), None);
            assert_eq!(layout.feature(0, 7, false), None);
        }
    }

    #[test]
    fn each_side_sees_its_own_pieces_first_and_playing_upwards() {
        // White's pawn on e2 from white's side is black's pawn on e7 from
        // black's side.
        let e2 = 12;
        let e7 = 52;
        assert_eq!(
            Layout::Chess.feature(e2, 0, false),
            Layout::Chess.feature(e7, 8, true)
        );
        // Red's general on e1 (file 4, rank 0) is black's on e10.
        assert_eq!(
            Layout::Xiangqi.feature(4, 0, false),
            Layout::Xiangqi.feature(4 + 9 * 9, 8, true)
        );
    }
}
