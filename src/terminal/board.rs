//! A chess board drawn in text: Unicode pieces on coloured squares in a
//! terminal, plain letters when the output is a file or a pipe.

use std::fmt::Write as _;

use banco_chess::shakmaty::{Chess, Color, File, Piece, Position, Rank, Role, Square};

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

/// The 256-colour palette's squares, chosen so that both the white (231)
/// and the black (16) pieces stand out on every one of them (a contrast
/// ratio of at least 3, by WCAG's formula; the test checks it): mid-tone
/// squares, since very light ones hide white pieces.
const LIGHT: u8 = 137;
const DARK: u8 = 94;
const LIGHT_MOVED: u8 = 100;
const DARK_MOVED: u8 = 58;
const CHECK: u8 = 167;
const WHITE_PIECE: u8 = 231;
const BLACK_PIECE: u8 = 16;

/// Draws `pos` from white's side, or black's when `flipped`; the last move's
/// squares, where it started and ended, are highlighted (or marked with `*`
/// without colour).
pub fn render(pos: &Chess, flipped: bool, last: Option<[Square; 2]>, style: Style) -> String {
    let highlighted = last.map_or([None, None], |[from, to]| [Some(from), Some(to)]);
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
                    (true, _, _) => CHECK,
                    (false, true, true) => LIGHT_MOVED,
                    (false, true, false) => DARK_MOVED,
                    (false, false, true) => LIGHT,
                    (false, false, false) => DARK,
                };
                let foreground = match piece.map(|p| p.color) {
                    Some(Color::White) => WHITE_PIECE,
                    _ => BLACK_PIECE,
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

    /// The colour of a 256-colour palette entry of the 6×6×6 cube or the
    /// grey ramp, as xterm defines them.
    fn rgb(index: u8) -> [f64; 3] {
        let level = |v: u8| {
            if v == 0 {
                0.0
            } else {
                55.0 + 40.0 * f64::from(v)
            }
        };
        match index {
            16..=231 => {
                let i = index - 16;
                [level(i / 36), level((i / 6) % 6), level(i % 6)]
            }
            232..=255 => [f64::from(8 + 10 * (index - 232)); 3],
            _ => panic!("a system colour: {index}"),
        }
    }

    /// WCAG's relative luminance and contrast ratio.
    fn contrast(a: u8, b: u8) -> f64 {
        let luminance = |c: [f64; 3]| {
            let channel = |v: f64| {
                let v = v / 255.0;
                if v <= 0.039_28 {
                    v / 12.92
                } else {
                    ((v + 0.055) / 1.055).powf(2.4)
                }
            };
            0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2])
        };
        let (la, lb) = (luminance(rgb(a)), luminance(rgb(b)));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    #[test]
    fn both_sides_pieces_read_on_every_square() {
        for square in [LIGHT, DARK, LIGHT_MOVED, DARK_MOVED, CHECK] {
            for piece in [WHITE_PIECE, BLACK_PIECE] {
                let ratio = contrast(square, piece);
                assert!(ratio >= 3.0, "piece {piece} on square {square}: {ratio:.2}");
            }
        }
        // Light and dark squares are told apart (mid-tones leave less room
        // between them than a board's usual cream and brown).
        assert!(contrast(LIGHT, DARK) >= 1.5, "{:.2}", contrast(LIGHT, DARK));
        assert!(contrast(LIGHT_MOVED, DARK_MOVED) >= 1.5);
    }

    #[test]
    fn flipped_shows_black_at_the_bottom() {
        let text = render(&Chess::default(), true, None, Style::PLAIN);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], " 1 R N B K Q B N R ");
        assert_eq!(lines[8], "   h g f e d c b a ");
    }
}
