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
use shakmaty::{Bitboard, Chess, Color, Position, Role};

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

fn is_endgame(pos: &Chess) -> bool {
    let board = pos.board();
    Color::ALL.iter().all(|&color| {
        let ours = board.by_color(color);
        let queens = (board.queens() & ours).count();
        let minors = ((board.knights() | board.bishops()) & ours).count();
        let rooks = (board.rooks() & ours).count();
        queens == 0 || (rooks == 0 && minors <= 1)
    })
}

fn table(role: Role, endgame: bool) -> &'static [i32; 64] {
    match role {
        Role::Pawn => &PAWN,
        Role::Knight => &KNIGHT,
        Role::Bishop => &BISHOP,
        Role::Rook => &ROOK,
        Role::Queen => &QUEEN,
        Role::King if endgame => &KING_END,
        Role::King => &KING_MIDDLE,
    }
}

fn side_total(pos: &Chess, color: Color, endgame: bool) -> i32 {
    let board = pos.board();
    let mut total = 0;
    for role in Role::ALL {
        let pieces: Bitboard = board.by_piece(role.of(color));
        for sq in pieces {
            let index = match color {
                Color::White => usize::from(sq) ^ 56,
                Color::Black => usize::from(sq),
            };
            total += VALUE[role as usize - 1] + table(role, endgame)[index];
        }
    }
    total
}

/// Material plus piece-square tables, from the side to move's point of view.
#[must_use]
pub fn evaluate(pos: &Chess) -> i32 {
    let endgame = is_endgame(pos);
    let white = side_total(pos, Color::White, endgame);
    let black = side_total(pos, Color::Black, endgame);
    match pos.turn() {
        Color::White => white - black,
        Color::Black => black - white,
    }
}

/// The evaluation piece by piece: each piece's material and its table's
/// square value; they add up to [`evaluate`]'s value (from white's side).
#[must_use]
pub fn explain(pos: &Chess) -> EvalBreakdown {
    let endgame = is_endgame(pos);
    let board = pos.board();
    let mut terms = Vec::new();
    let mut white_view = 0;
    for color in Color::ALL {
        let sign = match color {
            Color::White => 1,
            Color::Black => -1,
        };
        for role in Role::ALL {
            for sq in board.by_piece(role.of(color)) {
                let index = match color {
                    Color::White => usize::from(sq) ^ 56,
                    Color::Black => usize::from(sq),
                };
                let material = VALUE[role as usize - 1];
                let square = table(role, endgame)[index];
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
        score: match pos.turn() {
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
        assert_eq!(evaluate(&Chess::default()), 0);
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
