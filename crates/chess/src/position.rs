//! What Banco asks of a chess position beyond cozy-chess's board: its legal
//! moves with castling written as the king's two-square step, the en
//! passant right that a legal move can use, and the material rules.
//!
//! cozy-chess writes castling as the king taking its own rook (the
//! Chess960 convention). Banco plays standard chess only, and every person
//! and protocol it talks to writes castling as the king's step (`e1g1`), so
//! moves leave this crate in that form and are turned back only when a
//! board plays them.

use cozy_chess::{
    BitBoard, Board, Color, File, Move, Piece, PieceMoves, Rank, Square, get_pawn_attacks,
};

/// Whether `mv` (as cozy-chess writes it) is castling: the king onto its
/// own rook.
#[inline]
fn is_cozy_castle(board: &Board, mv: Move) -> bool {
    board.colors(board.side_to_move()).has(mv.to)
}

/// The king's destination for a castling move written king-takes-rook.
#[inline]
fn king_step(mv: Move) -> Move {
    let file = if mv.to.file() > mv.from.file() {
        File::G
    } else {
        File::C
    };
    Move {
        from: mv.from,
        to: Square::new(file, mv.from.rank()),
        promotion: None,
    }
}

/// Whether `mv`, written as Banco writes moves, is castling.
#[inline]
#[must_use]
pub fn is_castle(board: &Board, mv: Move) -> bool {
    mv.from == board.king(board.side_to_move())
        && (mv.from.file() as i8 - mv.to.file() as i8).abs() == 2
}

/// `mv` as cozy-chess plays it: castling becomes the king taking its rook.
#[inline]
#[must_use]
pub fn to_cozy(board: &Board, mv: Move) -> Move {
    if is_castle(board, mv) {
        let file = if mv.to.file() > mv.from.file() {
            File::H
        } else {
            File::A
        };
        Move {
            from: mv.from,
            to: Square::new(file, mv.from.rank()),
            promotion: None,
        }
    } else {
        mv
    }
}

/// Whether [`legal_moves`] lists moves grouped as shakmaty did (see
/// [`legal_moves_grouped`]) rather than in cozy-chess's order. Off: at
/// 20,000 nodes against cozy-chess's order it scored +2.7 ± 21.2 Elo after
/// 651 games, undecided (docs/search.md).
pub const GROUPED_ORDER: bool = false;

/// Appends the legal moves of `board` to `out`, castling as the king's step.
#[inline]
pub fn legal_moves(board: &Board, out: &mut Vec<Move>) {
    if GROUPED_ORDER {
        legal_moves_grouped(board, out);
    } else {
        legal_moves_by_piece(board, out);
    }
}

/// The legal moves in cozy-chess's order: piece by piece, pawns first and
/// the king (castling with it) last, each piece's moves together.
#[inline]
pub fn legal_moves_by_piece(board: &Board, out: &mut Vec<Move>) {
    board.generate_moves(|moves| {
        if moves.piece == Piece::King {
            out.extend(moves.into_iter().map(|mv| {
                if is_cozy_castle(board, mv) {
                    king_step(mv)
                } else {
                    mv
                }
            }));
        } else {
            out.extend(moves);
        }
        false
    });
}

/// The legal moves grouped as shakmaty lists them, which matters where
/// the search's picker scores moves alike: in check the king's moves
/// first, then pawn captures, single steps and double steps, then
/// knights, bishops, rooks and queens, then (out of check) the king's
/// moves and castling, king's side first. With it the tree of `banco
/// bench` was 474,865 nodes against 555,339 in cozy-chess's order, the
/// start to depth 18 936,144 against 1,232,343.
#[inline]
pub fn legal_moves_grouped(board: &Board, out: &mut Vec<Move>) {
    const NONE: Option<PieceMoves> = None;
    // cozy-chess calls the listener at most 18 times.
    let mut sets = [NONE; 18];
    let mut count = 0;
    board.generate_moves(|moves| {
        if let Some(slot) = sets.get_mut(count) {
            *slot = Some(moves);
            count += 1;
        }
        false
    });
    let sets = sets.iter().flatten().copied();
    let us = board.side_to_move();
    let theirs = board.colors(!us);
    let en_passant = board.en_passant().map_or(BitBoard::EMPTY, |file| {
        Square::new(file, Rank::Sixth.relative_to(us)).bitboard()
    });
    let in_check = in_check(board);
    let push_king = |out: &mut Vec<Move>| {
        for moves in sets.clone().filter(|m| m.piece == Piece::King) {
            let ours = board.colors(us);
            let mut steps = moves;
            steps.to &= !ours;
            out.extend(steps);
            let castles = moves.to & ours;
            // The king's side (the rook on the h-file) first.
            for rook in [File::H, File::A] {
                let rook_square = Square::new(rook, moves.from.rank());
                if castles.has(rook_square) {
                    out.push(king_step(Move {
                        from: moves.from,
                        to: rook_square,
                        promotion: None,
                    }));
                }
            }
        }
    };
    if in_check {
        push_king(out);
    }
    let pawns = sets.clone().filter(|m| m.piece == Piece::Pawn);
    for moves in pawns.clone() {
        let mut captures = moves;
        captures.to &= theirs | en_passant;
        out.extend(captures);
    }
    let forward = |from: Square, ranks: i8| {
        let step = if us == Color::White { ranks } else { -ranks };
        from.try_offset(0, step)
            .map_or(BitBoard::EMPTY, Square::bitboard)
    };
    for ranks in [1, 2] {
        for moves in pawns.clone() {
            let mut steps = moves;
            steps.to &= forward(moves.from, ranks);
            out.extend(steps);
        }
    }
    for moves in sets
        .clone()
        .filter(|m| !matches!(m.piece, Piece::Pawn | Piece::King))
    {
        out.extend(moves);
    }
    if !in_check {
        push_king(out);
    }
}

/// How many legal moves `board` has.
#[inline]
#[must_use]
pub fn legal_move_count(board: &Board) -> usize {
    let mut count = 0;
    board.generate_moves(|moves| {
        count += moves.len();
        false
    });
    count
}

/// Whether the side to move has a legal move.
#[inline]
#[must_use]
pub fn has_legal_move(board: &Board) -> bool {
    board.generate_moves(|_| true)
}

/// Whether `mv`, written as Banco writes moves, is legal on `board`.
#[must_use]
pub fn is_legal(board: &Board, mv: Move) -> bool {
    if is_castle(board, mv) {
        board.is_legal(to_cozy(board, mv))
    } else {
        // A king step onto its own rook is not a move in Banco's notation.
        !(board.piece_on(mv.from) == Some(Piece::King) && is_cozy_castle(board, mv))
            && board.is_legal(mv)
    }
}

/// Plays `mv`, written as Banco writes moves, which must be legal.
#[inline]
pub fn play(board: &mut Board, mv: Move) {
    let mv = to_cozy(board, mv);
    board.play_unchecked(mv);
}

/// Whether the side to move is in check.
#[inline]
#[must_use]
pub fn in_check(board: &Board) -> bool {
    !board.checkers().is_empty()
}

/// The piece `mv` takes, en passant included.
#[inline]
#[must_use]
pub fn captured(board: &Board, mv: Move) -> Option<Piece> {
    let them = board.colors(!board.side_to_move());
    if them.has(mv.to) {
        board.piece_on(mv.to)
    } else if is_en_passant(board, mv) {
        Some(Piece::Pawn)
    } else {
        None
    }
}

/// Whether `mv` takes en passant.
#[inline]
#[must_use]
pub fn is_en_passant(board: &Board, mv: Move) -> bool {
    board.en_passant().is_some_and(|file| {
        mv.to == Square::new(file, Rank::Sixth.relative_to(board.side_to_move()))
            && board.pieces(Piece::Pawn).has(mv.from)
            && board.colors(board.side_to_move()).has(mv.from)
    })
}

/// Whether `mv` captures anything.
#[inline]
#[must_use]
pub fn is_capture(board: &Board, mv: Move) -> bool {
    board.colors(!board.side_to_move()).has(mv.to) || is_en_passant(board, mv)
}

/// The en passant square when a legal move can take there. cozy-chess keeps
/// the file after every double step; positions are the same for the
/// repetition rule when the same moves are possible (FIDE Laws 9.2.3), so a
/// right nobody can use must not count.
#[must_use]
pub fn legal_en_passant(board: &Board) -> Option<Square> {
    let file = board.en_passant()?;
    let us = board.side_to_move();
    let target = Square::new(file, Rank::Sixth.relative_to(us));
    let takers = get_pawn_attacks(target, !us) & board.colored_pieces(us, Piece::Pawn);
    takers
        .into_iter()
        .any(|from| {
            board.is_legal(Move {
                from,
                to: target,
                promotion: None,
            })
        })
        .then_some(target)
}

/// Whether `color` cannot mate by any series of legal moves, whatever the
/// other side does: a bare king, a king and one knight against no pieces
/// that could block its own king, or bishops all on squares of one colour
/// against no pawns or knights (after the rule shakmaty applies, which
/// counts self-mates as possible).
#[must_use]
pub fn has_insufficient_material(board: &Board, color: Color) -> bool {
    let ours = board.colors(color);
    let theirs = board.colors(!color);
    let heavy = board.pieces(Piece::Pawn) | board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    if !(ours & heavy).is_empty() {
        return false;
    }
    if !(ours & board.pieces(Piece::Knight)).is_empty() {
        return ours.len() <= 2
            && (theirs & !board.pieces(Piece::King) & !board.pieces(Piece::Queen)).is_empty();
    }
    let bishops = board.pieces(Piece::Bishop);
    if !(ours & bishops).is_empty() {
        let one_colour = (bishops & BitBoard::DARK_SQUARES).is_empty()
            || (bishops & BitBoard::LIGHT_SQUARES).is_empty();
        return one_colour && (board.pieces(Piece::Pawn) | board.pieces(Piece::Knight)).is_empty();
    }
    true
}

/// Whether neither side can mate.
#[must_use]
pub fn is_insufficient_material(board: &Board) -> bool {
    has_insufficient_material(board, Color::White) && has_insufficient_material(board, Color::Black)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both orders list the same moves, each once.
    #[test]
    fn both_orders_list_the_same_moves() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "4k3/8/8/8/8/8/3q4/R3K2R w KQ - 0 1",
        ] {
            let board: Board = fen.parse().unwrap();
            let (mut by_piece, mut grouped) = (Vec::new(), Vec::new());
            legal_moves_by_piece(&board, &mut by_piece);
            legal_moves_grouped(&board, &mut grouped);
            assert_eq!(by_piece.len(), legal_move_count(&board), "{fen}");
            assert_eq!(grouped.len(), by_piece.len(), "{fen}");
            let key = |mv: &Move| {
                (
                    mv.from as usize,
                    mv.to as usize,
                    mv.promotion.map(|p| p as usize),
                )
            };
            by_piece.sort_by_key(key);
            grouped.sort_by_key(key);
            assert_eq!(grouped, by_piece, "{fen}");
        }
    }
}
