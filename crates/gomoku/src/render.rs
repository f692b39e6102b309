//! Text for terminals: the board as a grid with coordinates, and a line
//! saying how the game stands.
//!
//! On the grid `X` is black (the first player), `O` white; the last stone is
//! shown in brackets `[X]`, the stones of a winning five in parentheses
//! `(X)`, and under renju the points forbidden to black, when black is to
//! move, as `#`.

use std::fmt::Write;

use banco_search::{Game, Side};

use crate::{GameStatus, GomokuGame, Point, Rule};

/// The name of a side as players say it.
#[must_use]
pub const fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "Black",
        Side::Second => "White",
    }
}

/// The board as a grid, row numbers left and right, column letters above and below.
#[must_use]
pub fn board_text(game: &GomokuGame) -> String {
    let n = game.size();
    let winning: Vec<Point> = match game.status() {
        GameStatus::Five { line, .. } => line,
        _ => Vec::new(),
    };
    let forbidden = if game.rule() == Rule::Renju
        && game.side_to_move() == Side::First
        && game.status() == GameStatus::Ongoing
    {
        game.forbidden_points()
    } else {
        Vec::new()
    };
    let last = game.last_move().map(|m| m.point);
    let letters: String = (0..n)
        .map(|x| format!(" {} ", char::from(b'a' + x)))
        .collect();
    let mut out = String::new();
    let _ = writeln!(out, "    {letters}");
    for y in (0..n).rev() {
        let _ = write!(out, "{:>3} ", u32::from(y) + 1);
        for x in 0..n {
            let p = Point::new(x, y);
            let cell = match game.stone(p) {
                Some(side) => {
                    let c = if side == Side::First { 'X' } else { 'O' };
                    if winning.contains(&p) {
                        format!("({c})")
                    } else if last == Some(p) {
                        format!("[{c}]")
                    } else {
                        format!(" {c} ")
                    }
                }
                None if forbidden.contains(&p) => " # ".to_owned(),
                None => " . ".to_owned(),
            };
            out.push_str(&cell);
        }
        let _ = writeln!(out, " {}", u32::from(y) + 1);
    }
    let _ = writeln!(out, "    {letters}");
    out
}

/// How the game stands, with the reason when it is over.
#[must_use]
pub fn status_text(game: &GomokuGame) -> String {
    match game.status() {
        GameStatus::Ongoing => format!("{} to move", side_name(game.side_to_move())),
        GameStatus::Five { winner, line } => {
            let points: Vec<String> = line.iter().map(Point::to_string).collect();
            format!(
                "{} wins: five in a row ({})",
                side_name(winner),
                points.join(" ")
            )
        }
        GameStatus::Foul { point, foul } => {
            format!("White wins: black played a forbidden {foul} at {point}")
        }
        GameStatus::Draw => "Draw: the board is full".to_owned(),
    }
}

/// A move as people write it (`h8`).
#[must_use]
pub fn format_move(p: Point) -> String {
    p.to_string()
}
