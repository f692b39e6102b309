//! The learned evaluation's state in a chess game: the pieces' inputs and
//! the changes a move makes to them, for the game's
//! [`AccumulatorStack`].

use banco_nnue::{AccumulatorStack, Layout, Network, View};
use shakmaty::{Board, Color, Piece, Role};

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

/// Every input of a board, from white's view and from black's.
pub(crate) fn features(board: &Board) -> (Vec<usize>, Vec<usize>) {
    let view = |black: bool| {
        board
            .occupied()
            .into_iter()
            .filter_map(|sq| {
                let piece = board.piece_at(sq)?;
                Layout::Chess.feature(usize::from(sq), code(piece), black)
            })
            .collect()
    };
    (view(false), view(true))
}

/// Makes position `position` of the stack from the one before and the
/// boards before and after the move: the pieces that left a square come
/// out, those that arrived go in (found by comparing the piece bitboards,
/// so castling, en passant and promotion need no cases of their own).
pub(crate) fn push(stack: &mut AccumulatorStack, position: usize, before: &Board, after: &Board) {
    stack.push(position);
    for color in [Color::White, Color::Black] {
        for role in Role::ALL {
            let piece = Piece { color, role };
            let (old, new) = (before.by_piece(piece), after.by_piece(piece));
            if old == new {
                continue;
            }
            let c = code(piece);
            for (squares, add) in [(old & !new, false), (new & !old, true)] {
                for sq in squares {
                    for (view, black) in [(View::First, false), (View::Second, true)] {
                        if let Some(f) = Layout::Chess.feature(usize::from(sq), c, black) {
                            stack.change(position, view, f, add);
                        }
                    }
                }
            }
        }
    }
}

/// A board's value for `turn` without incremental state.
pub(crate) fn evaluate_afresh(net: &Network, board: &Board, turn: Color) -> i32 {
    let (white, black) = features(board);
    match turn {
        Color::White => net.evaluate(&white, &black),
        Color::Black => net.evaluate(&black, &white),
    }
}

/// Whose view the side to move's is.
pub(crate) fn view(turn: Color) -> View {
    match turn {
        Color::White => View::First,
        Color::Black => View::Second,
    }
}
