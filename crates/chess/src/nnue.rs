//! The learned evaluation's state in a game: one pair of accumulators
//! (white's view, black's view) per position of the stack, each made from
//! the one before by the pieces the move changed (copy-make, as the
//! positions themselves are), so a position's value costs one output layer.

use std::sync::Arc;

use banco_nnue::{Layout, Network};
use shakmaty::{Board, Color, Piece, Role};

/// The accumulators of every position of a game's stack, for one net.
#[derive(Clone, Debug)]
pub(crate) struct Accumulators {
    net: Arc<Network>,
    /// Frame `i`'s white view, then its black view: `2 × hidden` each.
    values: Vec<i16>,
    /// Frames below this one were never computed (the net was attached
    /// later): taking a move back to them computes afresh.
    first_valid: usize,
}

/// The input code of a piece (kind 0–5, plus 8 for black's).
fn code(piece: Piece) -> u8 {
    let kind = match piece.role {
        Role::Pawn => 0,
        Role::Knight => 1,
        Role::Bishop => 2,
        Role::Rook => 3,
        Role::Queen => 4,
        Role::King => 5,
    };
    if piece.color == Color::White {
        kind
    } else {
        kind | 8
    }
}

/// Every input of a board, for one perspective.
pub(crate) fn features(board: &Board, black_view: bool) -> Vec<usize> {
    board
        .occupied()
        .into_iter()
        .filter_map(|sq| {
            let piece = board.piece_at(sq)?;
            Layout::Chess.feature(usize::from(sq), code(piece), black_view)
        })
        .collect()
}

impl Accumulators {
    /// Accumulators for a stack whose top is frame `top`, holding `board`.
    pub(crate) fn new(net: Arc<Network>, top: usize, board: &Board) -> Accumulators {
        let mut this = Accumulators {
            net,
            values: Vec::new(),
            first_valid: top,
        };
        this.refresh(top, board);
        this
    }

    /// The net.
    pub(crate) fn net(&self) -> &Arc<Network> {
        &self.net
    }

    fn width(&self) -> usize {
        2 * self.net.hidden()
    }

    fn reserve(&mut self, frame: usize) {
        let needed = (frame + 1) * self.width();
        if self.values.len() < needed {
            self.values.resize(needed, 0);
        }
    }

    /// Computes frame `frame` from its board alone.
    pub(crate) fn refresh(&mut self, frame: usize, board: &Board) {
        self.reserve(frame);
        let (w, h) = (self.width(), self.net.hidden());
        let slot = &mut self.values[frame * w..(frame + 1) * w];
        let (white, black) = slot.split_at_mut(h);
        self.net.refresh(white, &features(board, false));
        self.net.refresh(black, &features(board, true));
    }

    /// Makes frame `frame` from frame `frame − 1` and the boards before
    /// and after the move: the pieces that left a square come out, those
    /// that arrived go in (castling, en passant and promotion included).
    pub(crate) fn push(&mut self, frame: usize, before: &Board, after: &Board) {
        self.reserve(frame);
        let (w, h) = (self.width(), self.net.hidden());
        let (done, rest) = self.values.split_at_mut(frame * w);
        let slot = &mut rest[..w];
        slot.copy_from_slice(&done[(frame - 1) * w..]);
        let (white, black) = slot.split_at_mut(h);
        for color in [Color::White, Color::Black] {
            for role in Role::ALL {
                let piece = Piece { color, role };
                let (old, new) = (before.by_piece(piece), after.by_piece(piece));
                if old == new {
                    continue;
                }
                let c = code(piece);
                for sq in old & !new {
                    let sq = usize::from(sq);
                    for (acc, view) in [(&mut *white, false), (&mut *black, true)] {
                        if let Some(f) = Layout::Chess.feature(sq, c, view) {
                            self.net.remove(acc, f);
                        }
                    }
                }
                for sq in new & !old {
                    let sq = usize::from(sq);
                    for (acc, view) in [(&mut *white, false), (&mut *black, true)] {
                        if let Some(f) = Layout::Chess.feature(sq, c, view) {
                            self.net.add(acc, f);
                        }
                    }
                }
            }
        }
    }

    /// Frame `frame` is frame `frame − 1` again (a null move).
    pub(crate) fn repeat(&mut self, frame: usize) {
        self.reserve(frame);
        let w = self.width();
        self.values
            .copy_within((frame - 1) * w..frame * w, frame * w);
    }

    /// After a move taken back to frame `top`: computes it if it never was.
    pub(crate) fn back_to(&mut self, top: usize, board: &Board) {
        if top < self.first_valid {
            self.refresh(top, board);
            self.first_valid = top;
        }
    }

    /// The value of frame `frame` for the side to move, centipawns.
    pub(crate) fn value(&self, frame: usize, turn: Color) -> i32 {
        let (w, h) = (self.width(), self.net.hidden());
        let slot = &self.values[frame * w..(frame + 1) * w];
        let (white, black) = slot.split_at(h);
        match turn {
            Color::White => self.net.output(white, black),
            Color::Black => self.net.output(black, white),
        }
    }
}

/// A board's value for `turn` without incremental state.
pub(crate) fn evaluate_afresh(net: &Network, board: &Board, turn: Color) -> i32 {
    let (white, black) = (features(board, false), features(board, true));
    match turn {
        Color::White => net.evaluate(&white, &black),
        Color::Black => net.evaluate(&black, &white),
    }
}
