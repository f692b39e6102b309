//! The seeds' two side panels as text: the game (whose turn, legal moves,
//! check, the move list) and the computer (algorithm, depth, score, nodes,
//! leaf nodes, cut-offs, time, nodes per second).

use banco_chess::shakmaty::{Color, Move, Position};
use banco_chess::{ChessGame, notation};
use banco_search::{Game, Report};

use crate::commands::report::{millis, thousands};

/// "Move 12 · White to move · 31 legal moves · check".
pub fn game_panel(game: &ChessGame) -> String {
    let pos = game.position();
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let side = match pos.turn() {
        Color::White => "White",
        Color::Black => "Black",
    };
    let mut line = format!(
        "Move {} · {side} to move · {} legal move{}",
        pos.fullmoves(),
        moves.len(),
        if moves.len() == 1 { "" } else { "s" }
    );
    if pos.is_check() {
        line.push_str(" · check!");
    }
    line
}

/// The moves so far in numbered SAN, the last `max_moves` full moves only.
pub fn move_list(game: &ChessGame, max_moves: usize) -> String {
    let all = notation::line_to_san(game.start_position(), &game.moves());
    let tokens: Vec<&str> = all.split(' ').collect();
    let numbers: Vec<usize> = tokens
        .iter()
        .enumerate()
        .filter(|(_, t)| t.ends_with('.'))
        .map(|(i, _)| i)
        .collect();
    let from = numbers
        .len()
        .checked_sub(max_moves)
        .map_or(0, |k| numbers[k]);
    let shown = tokens[from..].join(" ");
    if from > 0 {
        format!("… {shown}")
    } else {
        shown
    }
}

/// The computer panel after a search from `game`'s position.
pub fn computer_panel(
    algorithm: &str,
    level: u8,
    report: &Report<Move>,
    game: &ChessGame,
) -> String {
    format!(
        "{algorithm} (level {level}) · depth {}/{} · score {} · {} nodes · {} leaf nodes · {} cut-offs · {} · {} nodes/s\n  line: {}",
        report.depth,
        report.seldepth,
        report.score(),
        thousands(report.stats.nodes),
        thousands(report.stats.leaf_nodes),
        thousands(report.stats.cutoffs),
        millis(u64::try_from(report.elapsed.as_millis()).unwrap_or(u64::MAX)),
        thousands(report.nps()),
        notation::line_to_san(game.position(), &report.pv)
    )
}
