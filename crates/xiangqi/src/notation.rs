//! Move notation: ICCS coordinates for programs, WXF for people.
//!
//! **ICCS** (as UCCI and Pikafish write it): the from and to points, files
//! `a`–`i` from red's left, ranks `0`–`9` from red's side: `h2e2`.
//!
//! **WXF** (the World Xiangqi Federation's notation, after the Asian Xiangqi
//! Federation's 1980s system): piece letter (K A E H R C P), the file it
//! stands on counted 1–9 from the mover's right, an operator (`+` forward,
//! `-` back, `.` sideways), then the file it lands on (sideways moves, and
//! always for the diagonal movers A, E, H) or the number of ranks moved.
//! When two pieces of one kind share a file, the file digit gives way to `+`
//! (front) or `-` (rear): `R+.3`, `C--1`. Tandem soldiers follow the WXF
//! special cases: three on a file are `P+`, `P<file>`, `P-`; four or five use
//! `++` and `--` for the outermost; when two files hold tandem soldiers the
//! letter gives way to the file digit (`3+.4`, `33.4`).

use crate::board::{Board, Move};
use crate::error::MoveError;
use crate::piece::{Color, Kind};
use crate::square::Square;

/// Reads an ICCS move (`h2e2`; `h2-e2` is accepted too). Legality is not checked.
///
/// # Errors
///
/// [`MoveError::Malformed`] when the text is not two points.
pub fn parse_iccs(text: &str) -> Result<Move, MoveError> {
    let malformed = || MoveError::Malformed(text.to_string());
    let compact: Vec<u8> = text.trim().bytes().filter(|&b| b != b'-').collect();
    if compact.len() != 4 {
        return Err(malformed());
    }
    let point = |file: u8, rank: u8| -> Option<Square> {
        let file = file.to_ascii_lowercase().checked_sub(b'a')?;
        let rank = rank.checked_sub(b'0')?;
        Square::new(file, rank)
    };
    let from = point(compact[0], compact[1]).ok_or_else(malformed)?;
    let to = point(compact[2], compact[3]).ok_or_else(malformed)?;
    Ok(Move::new(from, to))
}

/// A file's number as `color` counts it: 1 on the player's right.
fn file_number(sq: Square, color: Color) -> u8 {
    match color {
        Color::Red => 9 - sq.file(),
        Color::Black => sq.file() + 1,
    }
}

/// How far forward `sq` is for `color` (0 = its back rank).
fn advance(sq: Square, color: Color) -> u8 {
    match color {
        Color::Red => sq.rank(),
        Color::Black => 9 - sq.rank(),
    }
}

/// The first two characters of a WXF move: which piece moves.
fn designator(board: &Board, mv: Move, color: Color, kind: Kind) -> String {
    let letter = kind.wxf_letter();
    let file = mv.from.file();
    let same_kind = |sq: Square| {
        board
            .piece_at(sq)
            .is_some_and(|p| p.color == color && p.kind == kind)
    };
    // Pieces of this kind on the mover's file, front (most advanced) first.
    let mut on_file: Vec<Square> = (0..10)
        .filter_map(|rank| Square::new(file, rank))
        .filter(|&sq| same_kind(sq))
        .collect();
    on_file.sort_by_key(|&sq| std::cmp::Reverse(advance(sq, color)));
    let number = char::from(b'0' + file_number(mv.from, color));
    if on_file.len() < 2 {
        return format!("{letter}{number}");
    }
    let position = on_file.iter().position(|&sq| sq == mv.from).unwrap_or(0);
    let count = on_file.len();
    if kind != Kind::Soldier {
        return format!("{letter}{}", if position == 0 { '+' } else { '-' });
    }
    let tandem_files = (0..9)
        .filter(|&f| {
            (0..10)
                .filter_map(|rank| Square::new(f, rank))
                .filter(|&sq| same_kind(sq))
                .count()
                >= 2
        })
        .count();
    let last = count - 1;
    if tandem_files >= 2 {
        let mark = if position == 0 {
            '+'
        } else if position == last {
            '-'
        } else {
            number
        };
        return format!("{number}{mark}");
    }
    match (count, position) {
        (4 | 5, 0) => "++".to_string(),
        (4 | 5, p) if p == last => "--".to_string(),
        (_, 0) => format!("{letter}+"),
        (4 | 5, 1) => format!("{letter}+"),
        (_, p) if p == last => format!("{letter}-"),
        (4 | 5, p) if p == last - 1 => format!("{letter}-"),
        _ => format!("{letter}{number}"),
    }
}

/// The last two characters of a WXF move: the operator and the file or distance.
fn movement(mv: Move, color: Color, kind: Kind) -> String {
    let (from, to) = (advance(mv.from, color), advance(mv.to, color));
    let op = match to.cmp(&from) {
        std::cmp::Ordering::Greater => '+',
        std::cmp::Ordering::Less => '-',
        std::cmp::Ordering::Equal => '.',
    };
    let diagonal = matches!(kind, Kind::Advisor | Kind::Elephant | Kind::Horse);
    let number = if op == '.' || diagonal {
        file_number(mv.to, color)
    } else {
        from.abs_diff(to)
    };
    format!("{op}{number}")
}

/// The WXF form of the legal `mv` (`C2.5`, `H8+7`, `R+.3`).
#[must_use]
pub fn to_wxf(board: &Board, mv: Move) -> String {
    let Some(piece) = board.piece_at(mv.from) else {
        return mv.to_string();
    };
    format!(
        "{}{}",
        designator(board, mv, piece.color, piece.kind),
        movement(mv, piece.color, piece.kind)
    )
}

/// The plain WXF form that ignores tandem pieces (letter and file digit), which
/// people often write when only one of the pieces can make the move.
fn plain_wxf(board: &Board, mv: Move) -> Option<String> {
    let piece = board.piece_at(mv.from)?;
    Some(format!(
        "{}{}{}",
        piece.kind.wxf_letter(),
        file_number(mv.from, piece.color),
        movement(mv, piece.color, piece.kind)
    ))
}

/// Normalises typed WXF: uppercase, `=` for `.`, FEN letters for WXF ones.
fn normalise(text: &str) -> String {
    text.trim()
        .chars()
        .map(|c| match c.to_ascii_uppercase() {
            '=' => '.',
            'N' => 'H',
            'B' => 'E',
            'G' => 'K',
            'S' => 'P',
            other => other,
        })
        .collect()
}

/// Reads a WXF move and finds the legal move it names.
///
/// # Errors
///
/// [`MoveError::Malformed`] when nothing fits, [`MoveError::Ambiguous`] when
/// the plain form fits two moves.
pub fn parse_wxf(board: &Board, text: &str) -> Result<Move, MoveError> {
    let wanted = normalise(text);
    if wanted.len() != 4 {
        return Err(MoveError::Malformed(text.to_string()));
    }
    let mut moves = Vec::with_capacity(64);
    board.generate(&mut moves, false);
    if let Some(&mv) = moves.iter().find(|&&mv| to_wxf(board, mv) == wanted) {
        return Ok(mv);
    }
    let plain: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&mv| plain_wxf(board, mv).as_deref() == Some(wanted.as_str()))
        .collect();
    match plain.as_slice() {
        [mv] => Ok(*mv),
        [] => Err(MoveError::Illegal(text.trim().to_string())),
        _ => Err(MoveError::Ambiguous(text.trim().to_string())),
    }
}

/// Reads a move in ICCS or WXF and checks it is legal here.
///
/// # Errors
///
/// [`MoveError`] saying whether it was unreadable, illegal or ambiguous.
pub fn parse_move(board: &Board, text: &str) -> Result<Move, MoveError> {
    let trimmed = text.trim();
    if let Ok(mv) = parse_iccs(trimmed) {
        return if board.is_legal(mv) {
            Ok(mv)
        } else {
            Err(MoveError::Illegal(mv.to_string()))
        };
    }
    parse_wxf(board, trimmed)
}

/// A line of moves from `board` in WXF, numbered as people write them.
#[must_use]
pub fn line_to_wxf(board: &Board, moves: &[Move]) -> Vec<String> {
    let mut scratch = board.clone();
    moves
        .iter()
        .map(|&mv| {
            let text = to_wxf(&scratch, mv);
            scratch.apply(mv);
            text
        })
        .collect()
}
