//! Incremental Zobrist hashing.
//!
//! The keys are shakmaty's (the Polyglot book keys), and a hash equals
//! `Chess::zobrist_hash::<Zobrist64>(EnPassantMode::Legal)`: the en passant
//! file counts only when an en passant capture is legal. Positions are the
//! same for the repetition rule when the same moves are possible (FIDE
//! Laws 9.2.3), so a right that no legal move can use must not tell them
//! apart (Polyglot's books count a pinned pawn's right too; Banco reads no
//! books). A move changes the hash by the pieces it moves, the castling
//! rights it removes and the en passant files before and after.

use shakmaty::zobrist::{Zobrist64, ZobristValue};
use shakmaty::{CastlingSide, Chess, Color, EnPassantMode, Move, Piece, Position, Role, Square};

/// The hash of `pos` computed from scratch.
#[must_use]
pub fn full_hash(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

fn piece_key(square: Square, piece: Piece) -> u64 {
    Zobrist64::zobrist_for_piece(square, piece).0
}

/// The hash of `after`, the position `before` becomes by `mv`, from `before`'s
/// hash `hash`.
#[must_use]
pub fn updated_hash(hash: u64, before: &Chess, mv: Move, after: &Chess) -> u64 {
    let mut h = hash_after_pieces(hash, before, mv);
    for color in Color::ALL {
        for side in CastlingSide::ALL {
            if before.castles().has(color, side) != after.castles().has(color, side) {
                h ^= Zobrist64::zobrist_for_castling_right(color, side).0;
            }
        }
    }
    if let Some(ep) = before.ep_square(EnPassantMode::Legal) {
        h ^= Zobrist64::zobrist_for_en_passant_file(ep.file()).0;
    }
    if let Some(ep) = after.ep_square(EnPassantMode::Legal) {
        h ^= Zobrist64::zobrist_for_en_passant_file(ep.file()).0;
    }
    h
}

/// The hash after `mv` from `before` (hash `hash`) counting only the turn
/// and the pieces moved, taken and placed: exact unless the move changes a
/// castling or en passant right. Cheap enough to run before the move is
/// made, which is when the search wants it (to fetch the child's table
/// entry while it makes the move).
#[must_use]
pub fn hash_after_pieces(hash: u64, before: &Chess, mv: Move) -> u64 {
    let mut h = hash ^ Zobrist64::zobrist_for_white_turn().0;
    let us = before.turn();
    let them = us.other();
    match mv {
        Move::Normal {
            role,
            from,
            capture,
            to,
            promotion,
        } => {
            h ^= piece_key(from, role.of(us));
            h ^= piece_key(to, promotion.unwrap_or(role).of(us));
            if let Some(captured) = capture {
                h ^= piece_key(to, captured.of(them));
            }
        }
        Move::EnPassant { from, to } => {
            h ^= piece_key(from, Role::Pawn.of(us));
            h ^= piece_key(to, Role::Pawn.of(us));
            h ^= piece_key(
                Square::from_coords(to.file(), from.rank()),
                Role::Pawn.of(them),
            );
        }
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_queen_side(rook < king);
            let rank = king.rank();
            h ^= piece_key(king, Role::King.of(us));
            h ^= piece_key(rook, Role::Rook.of(us));
            h ^= piece_key(
                Square::from_coords(side.king_to_file(), rank),
                Role::King.of(us),
            );
            h ^= piece_key(
                Square::from_coords(side.rook_to_file(), rank),
                Role::Rook.of(us),
            );
        }
        Move::Put { role, to } => {
            h ^= piece_key(to, role.of(us));
        }
    }
    h
}

/// The hash after passing the turn (a null move), which also drops any en
/// passant right.
#[must_use]
pub fn null_move_hash(hash: u64, before: &Chess) -> u64 {
    let mut h = hash ^ Zobrist64::zobrist_for_white_turn().0;
    if let Some(ep) = before.ep_square(EnPassantMode::Legal) {
        h ^= Zobrist64::zobrist_for_en_passant_file(ep.file()).0;
    }
    h
}
