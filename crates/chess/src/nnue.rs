//! The learned evaluation's state in a chess game: the pieces' inputs and
//! the changes a move makes to them, for the game's
//! [`AccumulatorStack`].

use banco_nnue::{AccumulatorStack, Delta, InputSet, Network, Orientation, View};
use cozy_chess::{Board, Color, Piece};

/// The input code of a piece (kind 0–5, plus 8 for black's).
fn code(color: Color, piece: Piece) -> u8 {
    let kind = piece as u8;
    if color == Color::White {
        kind
    } else {
        kind | 8
    }
}

/// One side's inputs: the pieces as that side's king reads them.
fn view_features(inputs: &InputSet, board: &Board, color: Color) -> Vec<usize> {
    let mut pieces = Vec::with_capacity(32);
    for side in Color::ALL {
        for piece in Piece::ALL {
            let c = code(side, piece);
            pieces.extend(
                board
                    .colored_pieces(side, piece)
                    .into_iter()
                    .map(|sq| (sq as usize, c)),
            );
        }
    }
    inputs.view_features(pieces.iter().copied(), color == Color::Black)
}

/// Every input of a board for `net`, from white's view and from black's.
pub(crate) fn features(net: &Network, board: &Board) -> (Vec<usize>, Vec<usize>) {
    let inputs = net.inputs();
    (
        view_features(&inputs, board, Color::White),
        view_features(&inputs, board, Color::Black),
    )
}

/// Makes position `position` of the stack from the one before and the
/// boards before and after the move: the pieces that left a square come
/// out, those that arrived go in (found by comparing the piece bitboards,
/// so castling, en passant and promotion need no cases of their own). A
/// view whose king moved to another bucket or half of the board is
/// computed afresh instead.
pub(crate) fn push(stack: &mut AccumulatorStack, position: usize, before: &Board, after: &Board) {
    let inputs = stack.net().inputs();
    let mut orientations = [Orientation::default(); 2];
    let mut afresh = [false; 2];
    for (i, color) in [Color::White, Color::Black].into_iter().enumerate() {
        let black = color == Color::Black;
        let king = |board: &Board| Some(board.king(color) as usize);
        let (old, new) = (
            inputs.orientation(king(before), black),
            inputs.orientation(king(after), black),
        );
        orientations[i] = new;
        afresh[i] = old != new;
    }
    let mut deltas = [Delta::default(); 2];
    for color in [Color::White, Color::Black] {
        for piece in Piece::ALL {
            let (old, new) = (
                before.colored_pieces(color, piece),
                after.colored_pieces(color, piece),
            );
            if old == new {
                continue;
            }
            let c = code(color, piece);
            for (squares, add) in [(old & !new, false), (new & !old, true)] {
                for sq in squares {
                    for (i, delta) in deltas.iter_mut().enumerate() {
                        if afresh[i] {
                            continue;
                        }
                        if let Some(f) = inputs.feature(sq as usize, c, i == 1, orientations[i]) {
                            if add {
                                delta.add(f);
                            } else {
                                delta.remove(f);
                            }
                        }
                    }
                }
            }
        }
    }
    // The first view goes first: it sets the position's piece count,
    // whichever way it is made.
    for (i, color) in [Color::White, Color::Black].into_iter().enumerate() {
        let view = if i == 0 { View::First } else { View::Second };
        if afresh[i] || !deltas[i].is_complete() {
            stack.refresh_view(position, view, &view_features(&inputs, after, color));
        } else {
            stack.push_view(position, view, &deltas[i]);
        }
    }
}

/// A board's value for `turn` without incremental state.
pub(crate) fn evaluate_afresh(net: &Network, board: &Board, turn: Color) -> i32 {
    let (white, black) = features(net, board);
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
