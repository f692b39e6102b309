//! FEN as Fairy-Stockfish and Pikafish write it: ten ranks from black's back
//! rank (rank 9) down to red's (rank 0), uppercase red, `w` for red to move,
//! then `- -` and the two move counters. `H`/`E` for horse/elephant and `r`
//! for red to move are read too.

use crate::board::Board;
use crate::error::FenError;
use crate::movegen::{in_palace, on_own_half};
use crate::piece::{Color, Kind, Piece};
use crate::square::Square;

/// The start position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// What a FEN holds besides the board.
#[derive(Clone, Debug)]
pub(crate) struct Setup {
    pub board: Board,
    pub halfmove: u32,
    pub fullmove: u32,
}

/// A piece kind's name in words, for messages.
pub(crate) const fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::General => "general",
        Kind::Advisor => "advisor",
        Kind::Elephant => "elephant",
        Kind::Horse => "horse",
        Kind::Chariot => "chariot",
        Kind::Cannon => "cannon",
        Kind::Soldier => "soldier",
    }
}

/// Whether a piece can ever stand on `sq` under the rules.
#[must_use]
pub fn reachable(piece: Piece, sq: Square) -> bool {
    // Seen from the owner's side: rank 0 is its back rank.
    let (file, rank) = match piece.color {
        Color::Red => (sq.file(), sq.rank()),
        Color::Black => (sq.file(), 9 - sq.rank()),
    };
    match piece.kind {
        Kind::General => in_palace(sq, piece.color),
        Kind::Advisor => in_palace(sq, piece.color) && (file + rank) % 2 == 1,
        Kind::Elephant => {
            on_own_half(sq, piece.color) && matches!((file, rank), (2 | 6, 0 | 4) | (0 | 4 | 8, 2))
        }
        Kind::Soldier => rank >= 5 || (rank >= 3 && file % 2 == 0),
        Kind::Horse | Kind::Chariot | Kind::Cannon => true,
    }
}

pub(crate) fn parse(fen: &str) -> Result<Setup, FenError> {
    let mut fields = fen.split_whitespace();
    let placement = fields.next().ok_or(FenError::Empty)?;
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 10 {
        return Err(FenError::RankCount { found: ranks.len() });
    }
    let mut board = Board::empty();
    let mut counts = [[0_usize; 7]; 2];
    for (row, text) in ranks.iter().enumerate() {
        let rank = 9 - row;
        let mut file = 0_usize;
        for ch in text.chars() {
            if let Some(run) = ch.to_digit(10) {
                file += run as usize;
                continue;
            }
            let kind = Kind::from_letter(ch).ok_or(FenError::BadPiece { found: ch })?;
            let color = if ch.is_ascii_uppercase() {
                Color::Red
            } else {
                Color::Black
            };
            if file < 9 {
                let sq = Square::new(file as u8, rank as u8).expect("on the board");
                let piece = Piece { color, kind };
                if !reachable(piece, sq) {
                    return Err(FenError::OutsideArea {
                        color: color.name(),
                        kind: kind_name(kind),
                        square: sq.to_string(),
                    });
                }
                counts[color.index()][kind.index()] += 1;
                board.put(sq, piece);
            }
            file += 1;
        }
        if file != 9 {
            return Err(FenError::FileCount { rank, found: file });
        }
    }
    for color in Color::ALL {
        for kind in Kind::ALL {
            let count = counts[color.index()][kind.index()];
            if count > kind.max_count() {
                return Err(FenError::TooMany {
                    color: color.name(),
                    kind: kind_name(kind),
                    count,
                    max: kind.max_count(),
                });
            }
        }
        if counts[color.index()][Kind::General.index()] == 0 {
            return Err(FenError::NoGeneral {
                color: color.name(),
            });
        }
    }
    let side = match fields.next() {
        None | Some("w" | "r") => Color::Red,
        Some("b") => Color::Black,
        Some(other) => {
            return Err(FenError::BadSide {
                found: other.to_string(),
            });
        }
    };
    board.set_side(side);
    // Castling and en passant fields: always `-` in xiangqi; skipped.
    let _ = fields.next();
    let _ = fields.next();
    let counter = |text: Option<&str>, default: u32| -> Result<u32, FenError> {
        text.map_or(Ok(default), |t| {
            t.parse().map_err(|_| FenError::BadCounter {
                found: t.to_string(),
            })
        })
    };
    let halfmove = counter(fields.next(), 0)?;
    let fullmove = counter(fields.next(), 1)?.max(1);
    if board.general_exposed(side.opponent()) {
        return Err(FenError::OpponentInCheck);
    }
    Ok(Setup {
        board,
        halfmove,
        fullmove,
    })
}

/// The board field of a FEN.
pub(crate) fn placement(board: &Board) -> String {
    let mut out = String::with_capacity(90);
    for rank in (0..10).rev() {
        let mut empty = 0;
        for file in 0..9 {
            let sq = Square::new(file, rank).expect("on the board");
            match board.piece_at(sq) {
                Some(piece) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(piece.fen_char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}
