//! Positions for the tests, written as the referee's self-test writes them.

#![allow(dead_code)]

use banco_gomoku::{GameStatus, GomokuGame, Point, Rule, Side};

/// A 15×15 board with black and white stones at (x, y), no turns taken.
pub fn board(rule: Rule, black: &[(u8, u8)], white: &[(u8, u8)]) -> GomokuGame {
    let mut game = GomokuGame::new(15, rule).unwrap();
    for &(x, y) in black {
        game.place(Point::new(x, y), Side::First).unwrap();
    }
    for &(x, y) in white {
        game.place(Point::new(x, y), Side::Second).unwrap();
    }
    game
}

/// Points (x, 7) for each x: a row as the referee's `row` helper gives it.
pub fn row(xs: &[u8]) -> Vec<(u8, u8)> {
    xs.iter().map(|&x| (x, 7)).collect()
}

/// What the move of `side` at (x, y) does: "win", "loss" (a foul) or "".
pub fn judge(mut game: GomokuGame, x: u8, y: u8, side: Side) -> &'static str {
    game.set_side_to_move(side);
    game.play(Point::new(x, y)).unwrap();
    match game.status() {
        GameStatus::Five { winner, .. } if winner == side => "win",
        GameStatus::Foul { .. } => "loss",
        _ => "",
    }
}

/// A game from a move list in `h8` notation.
pub fn game(rule: Rule, moves: &str) -> GomokuGame {
    GomokuGame::from_moves(15, rule, moves).unwrap()
}
