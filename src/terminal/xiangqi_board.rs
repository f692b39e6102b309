//! A xiangqi board drawn in text: pieces on the intersections, the river
//! between ranks 4 and 5, the palaces' diagonals, ICCS letters and ranks on
//! the edges and each side's WXF file numbers. Chinese characters in red and
//! black on a terminal; letters (uppercase red) otherwise.

use std::fmt::Write as _;

use banco_xiangqi::{Board, Color, Move, Square};

use super::Style;

/// Which diagonal, if any, crosses the gap to the right of `file` between
/// `upper` and `upper - 1` (drawn top to bottom from red's side).
fn palace_diagonal(file: u8, upper: u8) -> Option<char> {
    if !(3..=4).contains(&file) {
        return None;
    }
    // In each palace the upper half of the X runs from the corners to the centre.
    let descending = matches!((upper, file), (9 | 2, 3) | (8 | 1, 4));
    let ascending = matches!((upper, file), (9 | 2, 4) | (8 | 1, 3));
    if descending {
        Some('\\')
    } else if ascending {
        Some('/')
    } else {
        None
    }
}

fn piece_symbol(board: &Board, sq: Square, style: Style) -> Option<String> {
    let piece = board.piece_at(sq)?;
    if !style.unicode {
        return Some(piece.fen_char().to_string());
    }
    let glyph = piece.kind.chinese(piece.color);
    Some(if style.color {
        let colour = match piece.color {
            Color::Red => "\x1b[1;38;5;160m",
            Color::Black => "\x1b[1;38;5;252m",
        };
        format!("{colour}{glyph}\x1b[0m")
    } else {
        glyph.to_string()
    })
}

/// Draws `board` from red's side, or black's when `flipped`; the last move's
/// points are marked.
pub fn render(board: &Board, flipped: bool, last: Option<Move>, style: Style) -> String {
    let marked = |sq: Square| last.is_some_and(|mv| mv.from == sq || mv.to == sq);
    let checked = board
        .in_check()
        .then(|| board.general(board.side_to_move()));
    let ranks: Vec<u8> = if flipped {
        (0..10).collect()
    } else {
        (0..10).rev().collect()
    };
    let files: Vec<u8> = if flipped {
        (0..9).rev().collect()
    } else {
        (0..9).collect()
    };
    // Each point takes `cell` columns: the point and its connector.
    let cell = if style.unicode { 3 } else { 2 };
    let numbers = |color: Color| -> String {
        let mut line = String::from("    ");
        for &file in &files {
            let n = match color {
                Color::Red => 9 - file,
                Color::Black => file + 1,
            };
            let _ = write!(line, "{n:<cell$}");
        }
        line.trim_end().to_string()
    };
    let mut out = String::new();
    let top = if flipped { Color::Red } else { Color::Black };
    let _ = writeln!(out, "{}", numbers(top));
    for (row, &rank) in ranks.iter().enumerate() {
        let _ = write!(out, " {rank}  ");
        for (col, &file) in files.iter().enumerate() {
            let sq = Square::new(file, rank).expect("on the board");
            let last_col = col + 1 == files.len();
            let highlight = marked(sq) || checked == Some(sq);
            let symbol = piece_symbol(board, sq, style);
            if style.unicode {
                let point = symbol.unwrap_or_else(|| "┼─".to_string());
                let point = if highlight && style.color {
                    let bg = if checked == Some(sq) { 167 } else { 186 };
                    format!("\x1b[48;5;{bg}m{point}\x1b[0m")
                } else {
                    point
                };
                out.push_str(&point);
                if !last_col {
                    out.push('─');
                }
            } else {
                out.push_str(&symbol.unwrap_or_else(|| "+".to_string()));
                out.push(match (highlight, last_col) {
                    (true, _) => '*',
                    (false, true) => ' ',
                    (false, false) => '-',
                });
            }
        }
        out.push('\n');
        if row + 1 == ranks.len() {
            break;
        }
        let upper = rank.max(ranks[row + 1]);
        out.push_str("    ");
        if upper == 5 {
            let width = cell * 8 - 1;
            let river = if style.unicode {
                "楚 河      漢 界"
            } else {
                "river"
            };
            let text_width = if style.unicode { 16 } else { river.len() };
            let pad = width.saturating_sub(text_width);
            let vertical = if style.unicode { '│' } else { '|' };
            let _ = writeln!(
                out,
                "{vertical}{}{river}{}{vertical}",
                " ".repeat(pad / 2),
                " ".repeat(pad - pad / 2)
            );
            continue;
        }
        for (col, &file) in files.iter().enumerate() {
            out.push(if style.unicode { '│' } else { '|' });
            if col + 1 == files.len() {
                break;
            }
            // The diagonal right of this column, in board terms left of the next.
            let left_file = file.min(files[col + 1]);
            let diagonal = palace_diagonal(left_file, upper).map(|d| {
                // Seen from black's side the picture is mirrored both ways,
                // which leaves each diagonal's slant unchanged.
                match (d, style.unicode) {
                    ('\\', true) => '╲',
                    ('/', true) => '╱',
                    (d, _) => d,
                }
            });
            match (diagonal, style.unicode) {
                (Some(d), true) => {
                    out.push(' ');
                    out.push(d);
                }
                (Some(d), false) => out.push(d),
                (None, true) => out.push_str("  "),
                (None, false) => out.push(' '),
            }
        }
        out.push('\n');
    }
    let mut letters = String::from("    ");
    for &file in &files {
        let _ = write!(letters, "{:<cell$}", char::from(b'a' + file));
    }
    let _ = writeln!(out, "{}", letters.trim_end());
    let bottom = if flipped { Color::Black } else { Color::Red };
    let _ = writeln!(out, "{}", numbers(bottom));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use banco_xiangqi::XiangqiGame;

    #[test]
    fn plain_start_position() {
        let game = XiangqiGame::new();
        let text = render(game.board(), false, None, Style::PLAIN);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "    1 2 3 4 5 6 7 8 9");
        assert_eq!(lines[1], " 9  r-n-b-a-k-a-b-n-r ");
        assert_eq!(lines[2], "    | | | |\\|/| | | |");
        assert_eq!(lines[4], "    | | | |/|\\| | | |");
        assert_eq!(lines[10], "    |     river     |");
        assert_eq!(lines[19], " 0  R-N-B-A-K-A-B-N-R ");
        assert_eq!(lines[20], "    a b c d e f g h i");
        assert_eq!(lines[21], "    9 8 7 6 5 4 3 2 1");
    }

    #[test]
    fn last_move_is_marked_and_flip_turns_the_board() {
        let mut game = XiangqiGame::new();
        let mv = banco_xiangqi::notation::parse_iccs("h2e2").unwrap();
        game.play(mv).unwrap();
        let text = render(game.board(), true, game.last_move(), Style::PLAIN);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1], " 0  R-N-B-A-K-A-B-N-R ");
        assert!(lines[5].contains("C*"), "{}", lines[5]);
        assert_eq!(lines[20], "    i h g f e d c b a");
    }
}
