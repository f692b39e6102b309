//! A chess board drawn in text: Unicode pieces on coloured squares in a
//! terminal, plain letters when the output is a file or a pipe.

use std::fmt::Write as _;

use banco_chess::shakmaty::{Chess, Color, File, Move, Piece, Position, Rank, Role, Square};

use super::Style;

fn glyph(piece: Piece, style: Style) -> char {
    if !style.unicode {
        return piece.char();
    }
    // With coloured squares both sides use the solid shapes, told apart by
    // colour; without colour, white gets the outlined ones.
    let solid = style.color || piece.color == Color::Black;
    match (piece.role, solid) {
        (Role::King, true) => '♚',
        (Role::Queen, true) => '♛',
        (Role::Rook, true) => '♜',
        (Role::Bishop, true) => '♝',
        (Role::Knight, true) => '♞',
        (Role::Pawn, true) => '♟',
        (Role::King, false) => '♔',
        (Role::Queen, false) => '♕',
        (Role::Rook, false) => '♖',
        (Role::Bishop, false) => '♗',
        (Role::Knight, false) => '♘',
        (Role::Pawn, false) => '♙',
    }
}

fn move_squares(mv: Option<Move>) -> [Option<Square>; 2] {
    match mv {
        Some(Move::Castle { king, rook }) => [Some(king), Some(rook)],
        Some(mv) => [mv.from(), Some(mv.to())],
        None => [None, None],
    }
}

/// Draws `pos` from white's side, or black's when `flipped`; the last move's
/// squares are highlighted (or marked with `*` without colour).
pub fn render(pos: &Chess, flipped: bool, last: Option<Move>, style: Style) -> String {
    let highlighted = move_squares(last);
    let king_in_check = pos
        .is_check()
        .then(|| pos.board().king_of(pos.turn()))
        .flatten();
    let ranks: Vec<Rank> = if flipped {
        Rank::ALL.to_vec()
    } else {
        Rank::ALL.iter().rev().copied().collect()
    };
    let files: Vec<File> = if flipped {
        File::ALL.iter().rev().copied().collect()
    } else {
        File::ALL.to_vec()
    };
    let mut out = String::new();
    for &rank in &ranks {
        let _ = write!(out, " {} ", rank.char());
        for &file in &files {
            let sq = Square::from_coords(file, rank);
            let piece = pos.board().piece_at(sq);
            let marked = highlighted.contains(&Some(sq));
            if style.color {
                let light = (u32::from(file) + u32::from(rank)) % 2 == 1;
                let background = match (Some(sq) == king_in_check, marked, light) {
                    (true, _, _) => 167,
                    (false, true, true) => 186,
                    (false, true, false) => 143,
                    (false, false, true) => 223,
                    (false, false, false) => 137,
                };
                let foreground = match piece.map(|p| p.color) {
                    Some(Color::White) => 231,
                    _ => 16,
                };
                let symbol = piece.map_or(' ', |p| glyph(p, style));
                let _ = write!(
                    out,
                    "\x1b[48;5;{background}m\x1b[38;5;{foreground}m {symbol} \x1b[0m"
                );
            } else {
                let symbol = piece.map_or('.', |p| glyph(p, style));
                let mark = if marked { '*' } else { ' ' };
                let _ = write!(out, "{symbol}{mark}");
            }
        }
        out.push('\n');
    }
    out.push_str("   ");
    for &file in &files {
        if style.color {
            let _ = write!(out, " {} ", file.char());
        } else {
            let _ = write!(out, "{} ", file.char());
        }
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_start_position() {
        let text = render(&Chess::default(), false, None, Style::PLAIN);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], " 8 r n b q k b n r ");
        assert_eq!(lines[7], " 1 R N B Q K B N R ");
        assert_eq!(lines[8], "   a b c d e f g h ");
    }

    #[test]
    fn flipped_shows_black_at_the_bottom() {
        let text = render(&Chess::default(), true, None, Style::PLAIN);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], " 1 R N B K Q B N R ");
        assert_eq!(lines[8], "   h g f e d c b a ");
    }
}
