//! The position: a padded mailbox of piece codes, the side to move, where the
//! generals stand and the Zobrist hash, all kept in step by [`Board::apply`]
//! and [`Board::revert`].

use crate::piece::{Color, Kind, Piece};
use crate::square::Square;
use crate::zobrist;

/// An empty point.
pub(crate) const EMPTY: u8 = 0;
/// A padding cell around the board: neither empty nor a piece.
pub(crate) const OFF: u8 = 0x80;

/// Whether a cell code is a chariot, horse or cannon.
const fn is_attacker(code: u8) -> bool {
    matches!(code & 7, 4..=6)
}

/// A move: from one point to another. Captures and the piece moved are read
/// from the board.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub struct Move {
    /// Where the piece stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
}

impl Move {
    /// The move from `from` to `to`.
    #[must_use]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// A compact index below 8100 (from × 90 + to).
    #[must_use]
    pub const fn index(self) -> usize {
        self.from.index() * 90 + self.to.index()
    }
}

impl std::fmt::Display for Move {
    /// ICCS: `h2e2`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// A xiangqi position without history.
#[derive(Clone, Debug)]
pub struct Board {
    cells: [u8; 256],
    side: Color,
    generals: [Square; 2],
    hash: u64,
    /// Chariots, horses and cannons per side: the pieces that can mate.
    attackers: [u8; 2],
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.cells == other.cells && self.side == other.side
    }
}

impl Eq for Board {}

impl Board {
    /// A board with only padding and empty points, red to move. Its general
    /// squares are placeholders until generals are put on it.
    pub(crate) fn empty() -> Board {
        let mut cells = [OFF; 256];
        for sq in Square::all() {
            cells[sq.cell()] = EMPTY;
        }
        let placeholder = Square::new(4, 0).expect("e0 is on the board");
        Board {
            cells,
            side: Color::Red,
            generals: [placeholder; 2],
            hash: 0,
            attackers: [0; 2],
        }
    }

    /// The side to move.
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The Zobrist hash.
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The piece on `sq`.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.cells[sq.cell()])
    }

    /// The point `color`'s general stands on.
    #[must_use]
    pub fn general(&self, color: Color) -> Square {
        self.generals[color.index()]
    }

    /// Every piece with its point, rank 0 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all().filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// The raw cell code at `sq` (for the move generator).
    #[inline]
    pub(crate) fn cell(&self, sq: Square) -> u8 {
        self.cells[sq.cell()]
    }

    /// Puts `piece` on the empty point `sq` (setting up a position).
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        let code = piece.code();
        self.cells[sq.cell()] = code;
        self.hash ^= zobrist::piece_key(code, sq);
        if piece.kind == Kind::General {
            self.generals[piece.color.index()] = sq;
        }
        if is_attacker(code) {
            self.attackers[piece.color.index()] += 1;
        }
    }

    /// Whether `color` still has a chariot, horse or cannon.
    #[must_use]
    pub fn has_attackers(&self, color: Color) -> bool {
        self.attackers[color.index()] > 0
    }

    /// Sets the side to move (setting up a position).
    pub(crate) fn set_side(&mut self, side: Color) {
        if side != self.side {
            self.hash ^= zobrist::BLACK_TO_MOVE;
        }
        self.side = side;
    }

    /// The hash after `mv`, without making it.
    #[inline]
    #[must_use]
    pub fn hash_after(&self, mv: Move) -> u64 {
        self.hash ^ self.hash_change(mv)
    }

    /// What `mv` changes in the hash: the mover's two points, the turn,
    /// and the piece it takes.
    #[inline]
    fn hash_change(&self, mv: Move) -> u64 {
        let moving = self.cells[mv.from.cell()];
        let captured = self.cells[mv.to.cell()];
        let change = zobrist::piece_key(moving, mv.from)
            ^ zobrist::piece_key(moving, mv.to)
            ^ zobrist::BLACK_TO_MOVE;
        if captured == EMPTY {
            change
        } else {
            change ^ zobrist::piece_key(captured, mv.to)
        }
    }

    /// Plays `mv` and returns the captured cell code (`EMPTY` if none).
    #[inline]
    pub(crate) fn apply(&mut self, mv: Move) -> u8 {
        self.hash ^= self.hash_change(mv);
        let moving = self.cells[mv.from.cell()];
        let captured = self.cells[mv.to.cell()];
        self.cells[mv.from.cell()] = EMPTY;
        self.cells[mv.to.cell()] = moving;
        if captured != EMPTY && is_attacker(captured) {
            self.attackers[usize::from(captured >> 3)] -= 1;
        }
        if moving & 7 == 1 {
            self.generals[usize::from(moving >> 3)] = mv.to;
        }
        self.side = self.side.opponent();
        captured
    }

    /// Takes back `mv`, which captured `captured`.
    #[inline]
    pub(crate) fn revert(&mut self, mv: Move, captured: u8) {
        let moving = self.cells[mv.to.cell()];
        self.cells[mv.from.cell()] = moving;
        self.cells[mv.to.cell()] = captured;
        self.hash ^= zobrist::piece_key(moving, mv.from)
            ^ zobrist::piece_key(moving, mv.to)
            ^ zobrist::BLACK_TO_MOVE;
        if captured != EMPTY {
            self.hash ^= zobrist::piece_key(captured, mv.to);
            if is_attacker(captured) {
                self.attackers[usize::from(captured >> 3)] += 1;
            }
        }
        if moving & 7 == 1 {
            self.generals[usize::from(moving >> 3)] = mv.from;
        }
        self.side = self.side.opponent();
    }

    /// Moves a piece for a legality test: cells and general squares only,
    /// hash and counts untouched. Returns the captured code.
    #[inline]
    pub(crate) fn shift(&mut self, mv: Move) -> u8 {
        let moving = self.cells[mv.from.cell()];
        let captured = self.cells[mv.to.cell()];
        self.cells[mv.from.cell()] = EMPTY;
        self.cells[mv.to.cell()] = moving;
        if moving & 7 == 1 {
            self.generals[usize::from(moving >> 3)] = mv.to;
        }
        captured
    }

    /// Takes back [`Board::shift`].
    #[inline]
    pub(crate) fn unshift(&mut self, mv: Move, captured: u8) {
        let moving = self.cells[mv.to.cell()];
        self.cells[mv.from.cell()] = moving;
        self.cells[mv.to.cell()] = captured;
        if moving & 7 == 1 {
            self.generals[usize::from(moving >> 3)] = mv.from;
        }
    }

    /// Passes the turn (null move).
    pub(crate) fn pass(&mut self) {
        self.side = self.side.opponent();
        self.hash ^= zobrist::BLACK_TO_MOVE;
    }

    /// The hash computed from scratch (tests compare it with the incremental one).
    #[must_use]
    pub fn full_hash(&self) -> u64 {
        let mut hash = if self.side == Color::Black {
            zobrist::BLACK_TO_MOVE
        } else {
            0
        };
        for (sq, piece) in self.pieces() {
            hash ^= zobrist::piece_key(piece.code(), sq);
        }
        hash
    }
}
