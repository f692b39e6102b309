//! Between cozy-chess, which plays the moves, and shakmaty, which reads and
//! writes FEN, SAN, UCI and PGN for people and explains illegal moves.
//! Notation is far from the search's inner loop, so a position crosses as
//! FEN text: simple and exact.

use cozy_chess::{Board, Move, Piece, Square};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

use crate::position::legal_en_passant;

/// The FEN of `board`, with an en passant square only where a legal move
/// can take there (as shakmaty's `EnPassantMode::Legal` writes it).
#[must_use]
pub fn fen(board: &Board) -> String {
    let text = board.to_string();
    let mut fields: Vec<&str> = text.split(' ').collect();
    let en_passant = legal_en_passant(board).map(|sq| sq.to_string());
    if let Some(field) = fields.get_mut(3) {
        *field = en_passant.as_deref().unwrap_or("-");
    }
    fields.join(" ")
}

/// `board` as a shakmaty position.
///
/// # Panics
///
/// Never on a board of a [`crate::ChessGame`]: its start position was read
/// by shakmaty, and legal moves keep a position legal for both libraries.
#[must_use]
pub fn shakmaty_position(board: &Board) -> Chess {
    let text = fen(board);
    text.parse::<Fen>()
        .ok()
        .and_then(|fen| fen.into_position(CastlingMode::Standard).ok())
        .unwrap_or_else(|| panic!("cozy-chess board {text} is not a legal shakmaty position"))
}

/// A shakmaty position as a cozy-chess board; the reason when cozy-chess
/// refuses it.
///
/// # Errors
///
/// The reason, when cozy-chess does not take the position shakmaty read.
pub fn cozy_board(pos: &Chess) -> Result<Board, String> {
    let mut setup = pos.clone().to_setup(EnPassantMode::Legal);
    // cozy-chess keeps the clocks in a byte and a u16; past 100 plies the
    // fifty-move rule is all the clock decides, so 100 says the same.
    setup.halfmoves = setup.halfmoves.min(100);
    setup.fullmoves = setup
        .fullmoves
        .min(std::num::NonZeroU32::new(u32::from(u16::MAX)).unwrap_or(setup.fullmoves));
    let text = Fen::try_from_setup(setup)
        .map_err(|_| "the position cannot be written as FEN".to_owned())?
        .to_string();
    Board::from_fen(&text, false).map_err(|err| format!("{err:?}"))
}

fn shakmaty_square(square: Square) -> shakmaty::Square {
    shakmaty::Square::ALL[square as usize]
}

fn cozy_square(square: shakmaty::Square) -> Square {
    Square::ALL[usize::from(square)]
}

fn shakmaty_role(piece: Piece) -> shakmaty::Role {
    match piece {
        Piece::Pawn => shakmaty::Role::Pawn,
        Piece::Knight => shakmaty::Role::Knight,
        Piece::Bishop => shakmaty::Role::Bishop,
        Piece::Rook => shakmaty::Role::Rook,
        Piece::Queen => shakmaty::Role::Queen,
        Piece::King => shakmaty::Role::King,
    }
}

fn cozy_piece(role: shakmaty::Role) -> Piece {
    match role {
        shakmaty::Role::Pawn => Piece::Pawn,
        shakmaty::Role::Knight => Piece::Knight,
        shakmaty::Role::Bishop => Piece::Bishop,
        shakmaty::Role::Rook => Piece::Rook,
        shakmaty::Role::Queen => Piece::Queen,
        shakmaty::Role::King => Piece::King,
    }
}

/// `mv` (written as Banco writes moves) as shakmaty's move in `pos`, if it
/// is legal there.
#[must_use]
pub fn shakmaty_move(pos: &Chess, mv: Move) -> Option<shakmaty::Move> {
    let uci = UciMove::Normal {
        from: shakmaty_square(mv.from),
        to: shakmaty_square(mv.to),
        promotion: mv.promotion.map(shakmaty_role),
    };
    uci.to_move(pos).ok().filter(|m| pos.is_legal(*m))
}

/// A shakmaty move as Banco writes moves: castling as the king's step.
#[must_use]
pub fn banco_move(mv: shakmaty::Move) -> Move {
    match mv.to_uci(CastlingMode::Standard) {
        UciMove::Normal {
            from,
            to,
            promotion,
        } => Move {
            from: cozy_square(from),
            to: cozy_square(to),
            promotion: promotion.map(cozy_piece),
        },
        // Chess has no drops or null moves; shakmaty writes neither for a
        // legal chess move.
        UciMove::Put { to, .. } => Move {
            from: cozy_square(to),
            to: cozy_square(to),
            promotion: None,
        },
        UciMove::Null => Move {
            from: Square::A1,
            to: Square::A1,
            promotion: None,
        },
    }
}
