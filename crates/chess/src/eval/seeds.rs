//! The seeds' evaluation, exactly as the chess report prints it: material
//! (P 100, N 320, B 330, R 500, Q 900, K 20000) plus one piece-square table per
//! piece (the Simplified Evaluation Function's tables).
//!
//! Tables are written as the report prints them, from white's side with the
//! eighth rank first. The report gives two king tables and does not say when
//! it switches; we use the middlegame table until the endgame as the
//! Simplified Evaluation Function defines it: no queens, or each side with a
//! queen has at most one minor piece besides.

use banco_search::{EvalBreakdown, EvalTerm};
use cozy_chess::{BitBoard, Board, Color, Piece};

/// Material values by role, pawn first.
pub const VALUE: [i32; 6] = [100, 320, 330, 500, 900, 20_000];

#[rustfmt::skip]
const PAWN: [i32; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
    50, 50, 50, 50, 50, 50, 50, 50,
    10, 10, 20, 30, 30, 20, 10, 10,
     5,  5, 10, 25, 25, 10,  5,  5,
     0,  0,  0, 20, 20,  0,  0,  0,
     5,  5, 10,  0,  0, 10,  5,  5,
     5, 10, 10, 20, 20, 10, 10,  5,
     0,  0,  0,  0,  0,  0,  0,  0,
];
#[rustfmt::skip]
const KNIGHT: [i32; 64] = [
    -50, -40, -30, -30, -30, -30, -40, -50,
    -40, -20,   0,   0,   0,   0, -20, -40,
    -30,   0,  10,  15,  15,  10,   0, -30,
    -30,   5,  15,  20,  20,  15,   5, -30,
    -30,   0,  15,  20,  20,  15,   0, -30,
    -30,   5,  10,  15,  15,  10,   5, -30,
    -40, -20,   0,   5,   5,   0, -20, -40,
    -50, -40, -30, -30, -30, -30, -40, -50,
];
#[rustfmt::skip]
const BISHOP: [i32; 64] = [
    -20, -10, -10, -10, -10, -10, -10, -20,
    -10,   0,   0,   0,   0,   0,   0, -10,
    -10,   0,   5,  10,  10,   5,   0, -10,
    -10,   5,   5,  10,  10,   5,   5, -10,
    -10,   0,  10,  10,  10,  10,   0, -10,
    -10,  10,  10,  10,  10,  10,  10, -10,
    -10,   5,   0,   0,   0,   0,   5, -10,
    -20, -10, -10, -10, -10, -10, -10, -20,
];
#[rustfmt::skip]
const ROOK: [i32; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
     5, 10, 10, 10, 10, 10, 10,  5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
     0,  0,  0,  5,  5,  0,  0,  0,
];
#[rustfmt::skip]
const QUEEN: [i32; 64] = [
    -20, -10, -10, -5, -5, -10, -10, -20,
    -10,   0,   0,  0,  0,   0,   0, -10,
    -10,   0,   5,  5,  5,   5,   0, -10,
     -5,   0,   5,  5,  5,   5,   0,  -5,
      0,   0,   5,  5,  5,   5,   0,  -5,
    -10,   5,   5,  5,  5,   5,   0, -10,
    -10,   0,   5,  0,  0,   0,   0, -10,
    -20, -10, -10, -5, -5, -10, -10, -20,
];
#[rustfmt::skip]
const KING_MIDDLE: [i32; 64] = [
    -30, -40, -40, -50, -50, -40, -40, -30,
    -30, -40, -40, -50, -50, -40, -40, -30,
    -30, -40, -40, -50, -50, -40, -40, -30,
    -30, -40, -40, -50, -50, -40, -40, -30,
    -20, -30, -30, -40, -40, -30, -30, -20,
    -10, -20, -20, -20, -20, -20, -20, -10,
     20,  20,   0,   0,   0,   0,  20,  20,
     20,  30,  10,   0,   0,  10,  30,  20,
];
#[rustfmt::skip]
const KING_END: [i32; 64] = [
    -50, -40, -30, -20, -20, -30, -40, -50,
    -30, -20, -10,   0,   0, -10, -20, -30,
    -30, -10,  20,  30,  30,  20, -10, -30,
    -30, -10,  30,  40,  40,  30, -10, -30,
    -30, -10,  30,  40,  40,  30, -10, -30,
    -30, -10,  20,  30,  30,  20, -10, -30,
    -30, -30,   0,   0,   0,   0, -30, -30,
    -50, -30, -30, -30, -30, -30, -30, -50,
];

fn is_endgame(board: &Board) -> bool {
    Color::ALL.iter().all(|&color| {
        let ours = board.colors(color);
        let queens = (board.pieces(Piece::Queen) & ours).len();
        let minors = ((board.pieces(Piece::Knight) | board.pieces(Piece::Bishop)) & ours).len();
        let rooks = (board.pieces(Piece::Rook) & ours).len();
        queens == 0 || (rooks == 0 && minors <= 1)
    })
}

fn table(piece: Piece, endgame: bool) -> &'static [i32; 64] {
    match piece {
        Piece::Pawn => &PAWN,
        Piece::Knight => &KNIGHT,
        Piece::Bishop => &BISHOP,
        Piece::Rook => &ROOK,
        Piece::Queen => &QUEEN,
        Piece::King if endgame => &KING_END,
        Piece::King => &KING_MIDDLE,
    }
}

fn side_total(board: &Board, color: Color, endgame: bool) -> i32 {
    let mut total = 0;
    for piece in Piece::ALL {
        let pieces: BitBoard = board.colored_pieces(color, piece);
        for sq in pieces {
            let index = match color {
                Color::White => sq as usize ^ 56,
                Color::Black => sq as usize,
            };
            total += VALUE[piece as usize] + table(piece, endgame)[index];
        }
    }
    total
}

/// Material plus piece-square tables, from the side to move's point of view.
#[must_use]
pub fn evaluate(pos: &Board) -> i32 {
    let endgame = is_endgame(pos);
    let white = side_total(pos, Color::White, endgame);
    let black = side_total(pos, Color::Black, endgame);
    match pos.side_to_move() {
        Color::White => white - black,
        Color::Black => black - white,
    }
}

/// The evaluation piece by piece: each piece's material and its table's
/// square value; they add up to [`evaluate`]'s value (from white's side).
#[must_use]
pub fn explain(pos: &Board) -> EvalBreakdown {
    let endgame = is_endgame(pos);
    let board = pos;
    let mut terms = Vec::new();
    let mut white_view = 0;
    for color in Color::ALL {
        let sign = match color {
            Color::White => 1,
            Color::Black => -1,
        };
        for piece in Piece::ALL {
            for sq in board.colored_pieces(color, piece) {
                let index = match color {
                    Color::White => sq as usize ^ 56,
                    Color::Black => sq as usize,
                };
                let material = VALUE[piece as usize];
                let square = table(piece, endgame)[index];
                white_view += sign * (material + square);
                for (group, value) in [("material", material), ("piece-square tables", square)] {
                    terms.push(EvalTerm {
                        group,
                        name: group,
                        side: Some(super::side_of(color)),
                        point: Some(sq.to_string()),
                        value: f64::from(sign * value),
                    });
                }
            }
        }
    }
    EvalBreakdown {
        terms,
        score: match pos.side_to_move() {
            Color::White => white_view,
            Color::Black => -white_view,
        },
        first_player_score: white_view,
        blend: Some(if endgame {
            "the king's endgame table".to_owned()
        } else {
            "the king's middlegame table".to_owned()
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ChessGame;

    #[test]
    fn start_position_is_level() {
        assert_eq!(evaluate(&Board::default()), 0);
    }

    #[test]
    fn mirrored_positions_score_the_same() {
        let a =
            ChessGame::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
                .unwrap();
        let b =
            ChessGame::from_fen("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3")
                .unwrap();
        assert_eq!(evaluate(a.position()), evaluate(b.position()));
    }

    #[test]
    fn knight_on_e4_reads_the_printed_table() {
        // The kings on e1 and e8 cancel; the knight on e4 is 320 + 20.
        let game = ChessGame::from_fen("4k3/8/8/8/4N3/8/8/4K3 w - - 0 1").unwrap();
        assert_eq!(evaluate(game.position()), 340);
        let game = ChessGame::from_fen("4k3/8/8/8/4N3/8/8/4K3 b - - 0 1").unwrap();
        assert_eq!(evaluate(game.position()), -340);
    }
}
