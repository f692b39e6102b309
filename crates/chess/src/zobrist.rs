//! Incremental Zobrist hashing.
//!
//! The keys are the Polyglot book keys (taken from shakmaty's tables), and
//! a hash equals shakmaty's `Chess::zobrist_hash::<Zobrist64>(EnPassantMode::Legal)`
//! of the same position: the en passant file counts only when an en passant
//! capture is legal. Positions are the same for the repetition rule when the
//! same moves are possible (FIDE Laws 9.2.3), so a right that no legal move
//! can use must not tell them apart. A move changes the hash by the pieces
//! it moves, the castling rights it removes and the en passant files before
//! and after.

use std::sync::LazyLock;

use cozy_chess::{Board, Color, File, Move, Piece, Rank, Square};
use shakmaty::zobrist::{Zobrist64, ZobristValue};

use crate::position::{is_castle, is_en_passant, legal_en_passant};

/// The keys, laid out for cozy-chess's indices.
struct Keys {
    /// By colour (white first), piece (pawn first) and square (a1 first).
    pieces: [[[u64; 64]; 6]; 2],
    white_turn: u64,
    /// By colour, then short and long.
    castling: [[u64; 2]; 2],
    en_passant: [u64; 8],
}

fn shakmaty_color(color: Color) -> shakmaty::Color {
    match color {
        Color::White => shakmaty::Color::White,
        Color::Black => shakmaty::Color::Black,
    }
}

static KEYS: LazyLock<Keys> = LazyLock::new(|| {
    let mut keys = Keys {
        pieces: [[[0; 64]; 6]; 2],
        white_turn: Zobrist64::zobrist_for_white_turn().0,
        castling: [[0; 2]; 2],
        en_passant: [0; 8],
    };
    for color in Color::ALL {
        for (role_index, role) in shakmaty::Role::ALL.into_iter().enumerate() {
            for (index, square) in shakmaty::Square::ALL.into_iter().enumerate() {
                let piece = role.of(shakmaty_color(color));
                keys.pieces[color as usize][role_index][index] =
                    Zobrist64::zobrist_for_piece(square, piece).0;
            }
        }
        for (side_index, side) in [
            shakmaty::CastlingSide::KingSide,
            shakmaty::CastlingSide::QueenSide,
        ]
        .into_iter()
        .enumerate()
        {
            keys.castling[color as usize][side_index] =
                Zobrist64::zobrist_for_castling_right(shakmaty_color(color), side).0;
        }
    }
    for (index, file) in shakmaty::File::ALL.into_iter().enumerate() {
        keys.en_passant[index] = Zobrist64::zobrist_for_en_passant_file(file).0;
    }
    keys
});

#[inline]
fn piece_key(keys: &Keys, color: Color, piece: Piece, square: Square) -> u64 {
    keys.pieces[color as usize][piece as usize][square as usize]
}

fn castling_key(keys: &Keys, board: &Board) -> u64 {
    let mut h = 0;
    for color in Color::ALL {
        let rights = board.castle_rights(color);
        if rights.short.is_some() {
            h ^= keys.castling[color as usize][0];
        }
        if rights.long.is_some() {
            h ^= keys.castling[color as usize][1];
        }
    }
    h
}

fn en_passant_key(keys: &Keys, board: &Board) -> u64 {
    legal_en_passant(board).map_or(0, |sq| keys.en_passant[sq.file() as usize])
}

/// The hash of `board` computed from scratch.
#[must_use]
pub fn full_hash(board: &Board) -> u64 {
    let keys = &*KEYS;
    let mut h = 0;
    for color in Color::ALL {
        for piece in Piece::ALL {
            for square in board.colored_pieces(color, piece) {
                h ^= piece_key(keys, color, piece, square);
            }
        }
    }
    if board.side_to_move() == Color::White {
        h ^= keys.white_turn;
    }
    h ^ castling_key(keys, board) ^ en_passant_key(keys, board)
}

/// The hash of `after`, the board `before` becomes by `mv`, from `before`'s
/// hash `hash`.
#[must_use]
pub fn updated_hash(hash: u64, before: &Board, mv: Move, after: &Board) -> u64 {
    let keys = &*KEYS;
    let mut h = hash_after_pieces(hash, before, mv);
    if before.castle_rights(Color::White) != after.castle_rights(Color::White)
        || before.castle_rights(Color::Black) != after.castle_rights(Color::Black)
    {
        h ^= castling_key(keys, before) ^ castling_key(keys, after);
    }
    if before.en_passant().is_some() {
        h ^= en_passant_key(keys, before);
    }
    if after.en_passant().is_some() {
        h ^= en_passant_key(keys, after);
    }
    h
}

/// The hash after `mv` (written as Banco writes moves) from `before` (hash
/// `hash`) counting only the turn and the pieces moved, taken and placed:
/// exact unless the move changes a castling or en passant right. Cheap
/// enough to run before the move is made, which is when the search wants
/// it (to fetch the child's table entry while it makes the move).
#[must_use]
pub fn hash_after_pieces(hash: u64, before: &Board, mv: Move) -> u64 {
    let keys = &*KEYS;
    let mut h = hash ^ keys.white_turn;
    let us = before.side_to_move();
    let them = !us;
    let Some(moved) = before.piece_on(mv.from) else {
        return h;
    };
    if is_castle(before, mv) {
        let rank = mv.from.rank();
        let (rook_from, rook_to) = if mv.to.file() > mv.from.file() {
            (File::H, File::F)
        } else {
            (File::A, File::D)
        };
        h ^= piece_key(keys, us, Piece::King, mv.from);
        h ^= piece_key(keys, us, Piece::King, mv.to);
        h ^= piece_key(keys, us, Piece::Rook, Square::new(rook_from, rank));
        h ^= piece_key(keys, us, Piece::Rook, Square::new(rook_to, rank));
        return h;
    }
    h ^= piece_key(keys, us, moved, mv.from);
    h ^= piece_key(keys, us, mv.promotion.unwrap_or(moved), mv.to);
    if before.colors(them).has(mv.to) {
        if let Some(victim) = before.piece_on(mv.to) {
            h ^= piece_key(keys, them, victim, mv.to);
        }
    } else if moved == Piece::Pawn && is_en_passant(before, mv) {
        let taken = Square::new(mv.to.file(), Rank::Fifth.relative_to(us));
        h ^= piece_key(keys, them, Piece::Pawn, taken);
    }
    h
}

/// The hash after passing the turn (a null move), which also drops any en
/// passant right.
#[must_use]
pub fn null_move_hash(hash: u64, before: &Board) -> u64 {
    let keys = &*KEYS;
    let mut h = hash ^ keys.white_turn;
    if before.en_passant().is_some() {
        h ^= en_passant_key(keys, before);
    }
    h
}
