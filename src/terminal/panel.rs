//! The seeds' two side panels as text: the game (whose turn, legal moves,
//! check, the move list) and the computer (algorithm, depth, score, nodes,
//! leaf nodes, cut-offs, time, nodes per second).

use banco_search::{Report, Score, Side};

use crate::commands::report::{millis, thousands};
use crate::terminal::game::CliGame;

/// "Move 12 · White to move · 31 legal moves · check", counting the moves a
/// player may play (in gomoku every empty point).
pub fn game_panel<G: CliGame>(game: &G) -> String {
    let moves = game.playable_moves();
    let mut line = format!(
        "Move {} · {} to move · {} legal move{}",
        game.move_number(),
        game.side_name(),
        moves.len(),
        if moves.len() == 1 { "" } else { "s" }
    );
    if G::INFO.has_check && game.in_check() {
        line.push_str(" · check!");
    }
    line
}

/// The moves so far, numbered, the last `max_moves` full moves only.
pub fn move_list<G: CliGame>(game: &G, max_moves: usize) -> String {
    let all = game.history_text();
    let tokens: Vec<&str> = all.split(' ').filter(|t| !t.is_empty()).collect();
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

/// The computer panel after a search from `game`'s position. The score is
/// given from the first player's side, as the web page's bar and panel give
/// it, whoever searched.
pub fn computer_panel<G: CliGame>(
    algorithm: &str,
    level: u8,
    report: &Report<G::Move>,
    game: &G,
) -> String {
    format!(
        "{algorithm} (level {level}) · depth {}/{} · score {} ({}) · {} nodes · {} leaf nodes · {} cut-offs · {} · {} nodes/s\n  line: {}",
        report.depth,
        report.seldepth,
        match game.side_to_move() {
            Side::First => report.score(),
            Side::Second => Score::from_value(-report.value),
        },
        G::INFO.sides[0],
        thousands(report.stats.nodes),
        thousands(report.stats.leaf_nodes),
        thousands(report.stats.cutoffs),
        millis(u64::try_from(report.elapsed.as_millis()).unwrap_or(u64::MAX)),
        thousands(report.nps()),
        game.line_text(&report.pv)
    )
}
