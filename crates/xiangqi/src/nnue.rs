//! The learned evaluation's state in a xiangqi game: the pieces' inputs
//! and the changes a move makes to them, for the game's
//! [`AccumulatorStack`].

use banco_nnue::{AccumulatorStack, Delta, InputSet, Network, Orientation, View};

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

/// One side's inputs: the pieces as that side's general reads them.
fn view_features(inputs: &InputSet, board: &Board, color: Color) -> Vec<usize> {
    let pieces: Vec<(usize, u8)> = board
        .pieces()
        .map(|(sq, piece)| (point(sq), code(piece)))
        .collect();
    inputs.view_features(pieces.into_iter(), color == Color::Black)
}

/// Every input of a board for `net`, from red's view and from black's.
pub(crate) fn features(net: &Network, board: &Board) -> (Vec<usize>, Vec<usize>) {
    let inputs = net.inputs();
    (
        view_features(&inputs, board, Color::Red),
        view_features(&inputs, board, Color::Black),
    )
}

/// Makes position `position` from the one before: `moved` left `mv.from`
/// for `mv.to`, taking `captured` there if any, giving `after`. A general
/// that moved to another bucket or half of the palace has its side's view
/// computed afresh.
pub(crate) fn push(
    stack: &mut AccumulatorStack,
    position: usize,
    mv: Move,
    moved: Piece,
    captured: Option<Piece>,
    after: &Board,
) {
    let inputs = stack.net().inputs();
    let mut orientations = [Orientation::default(); 2];
    let mut afresh = [false; 2];
    for (i, color) in [Color::Red, Color::Black].into_iter().enumerate() {
        let black = color == Color::Black;
        let new = inputs.orientation(Some(point(after.general(color))), black);
        orientations[i] = new;
        afresh[i] = moved.kind == Kind::General
            && moved.color == color
            && inputs.orientation(Some(point(mv.from)), black) != new;
    }
    let mut deltas = [Delta::default(); 2];
    let mut change = |sq: Square, piece: Piece, add: bool| {
        for (i, delta) in deltas.iter_mut().enumerate() {
            if afresh[i] {
                continue;
            }
            if let Some(f) = inputs.feature(point(sq), code(piece), i == 1, orientations[i]) {
                if add {
                    delta.add(f);
                } else {
                    delta.remove(f);
                }
            }
        }
    };
    change(mv.from, moved, false);
    if let Some(taken) = captured {
        change(mv.to, taken, false);
    }
    change(mv.to, moved, true);
    // The first view goes first: it sets the position's piece count,
    // whichever way it is made.
    for (i, color) in [Color::Red, Color::Black].into_iter().enumerate() {
        let view = if i == 0 { View::First } else { View::Second };
        if afresh[i] || !deltas[i].is_complete() {
            stack.refresh_view(position, view, &view_features(&inputs, after, color));
        } else {
            stack.push_view(position, view, &deltas[i]);
        }
    }
}

/// A board's value for the side to move without incremental state.
pub(crate) fn evaluate_afresh(net: &Network, board: &Board) -> i32 {
    let (red, black) = features(net, board);
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
