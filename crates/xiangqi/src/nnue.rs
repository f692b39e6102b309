//! The learned evaluation's state in a xiangqi game: the pieces' inputs
//! and the changes a move makes to them, for the game's
//! [`AccumulatorStack`].

use banco_nnue::{AccumulatorStack, Layout, Network, View};

use crate::{Board, Color, Kind, Move, Piece, Square};

/// The input code of a piece (kind 0–6, plus 8 for black's).
fn code(piece: Piece) -> u8 {
    let kind = match piece.kind {
        Kind::General => 0,
        Kind::Advisor => 1,
        Kind::Elephant => 2,
        Kind::Horse => 3,
        Kind::Chariot => 4,
        Kind::Cannon => 5,
        Kind::Soldier => 6,
    };
    if piece.color == Color::Red {
        kind
    } else {
        kind | 8
    }
}

/// A point's number in the layout: file + 9 × rank from red's side.
fn point(sq: Square) -> usize {
    usize::from(sq.file()) + 9 * usize::from(sq.rank())
}

/// Every input of a board, from red's view and from black's.
pub(crate) fn features(board: &Board) -> (Vec<usize>, Vec<usize>) {
    let view = |black: bool| {
        board
            .pieces()
            .filter_map(|(sq, piece)| Layout::Xiangqi.feature(point(sq), code(piece), black))
            .collect()
    };
    (view(false), view(true))
}

fn change(stack: &mut AccumulatorStack, position: usize, sq: Square, piece: Piece, add: bool) {
    for (view, black) in [(View::First, false), (View::Second, true)] {
        if let Some(f) = Layout::Xiangqi.feature(point(sq), code(piece), black) {
            stack.change(position, view, f, add);
        }
    }
}

/// Makes position `position` from the one before: `moved` left `mv.from`
/// for `mv.to`, taking `captured` there if any.
pub(crate) fn push(
    stack: &mut AccumulatorStack,
    position: usize,
    mv: Move,
    moved: Piece,
    captured: Option<Piece>,
) {
    stack.push(position);
    change(stack, position, mv.from, moved, false);
    if let Some(taken) = captured {
        change(stack, position, mv.to, taken, false);
    }
    change(stack, position, mv.to, moved, true);
}

/// A board's value for the side to move without incremental state.
pub(crate) fn evaluate_afresh(net: &Network, board: &Board) -> i32 {
    let (red, black) = features(board);
    match board.side_to_move() {
        Color::Red => net.evaluate(&red, &black),
        Color::Black => net.evaluate(&black, &red),
    }
}

/// Whose view the side to move's is.
pub(crate) fn view(color: Color) -> View {
    match color {
        Color::Red => View::First,
        Color::Black => View::Second,
    }
}
