//! Move hints shared by both evaluators: which moves are noisy, MVV-LVA order,
//! and static exchange evaluation.

use cozy_chess::{
    BitBoard, Board, Color, Move, Piece, Rank, Square, get_bishop_moves, get_king_moves,
    get_knight_moves, get_pawn_attacks, get_rook_moves,
};

use crate::position::{self, captured, is_capture};

/// Piece values for exchanges, pawn first.
const SEE_VALUE: [i32; 6] = [100, 320, 330, 500, 900, 20_000];

fn value(piece: Piece) -> i32 {
    SEE_VALUE[piece as usize]
}

/// Captures and promotions.
#[must_use]
pub fn is_noisy(board: &Board, mv: Move) -> bool {
    mv.promotion.is_some() || is_capture(board, mv)
}

/// Most valuable victim first, then least valuable attacker; queen promotions
/// count as winning a queen less a pawn.
#[must_use]
pub fn mvv_lva(board: &Board, mv: Move) -> i32 {
    let victim = captured(board, mv).map_or(0, value);
    let promotion = mv
        .promotion
        .map_or(0, |piece| value(piece) - value(Piece::Pawn));
    let attacker = board.piece_on(mv.from).map_or(0, value);
    victim * 16 + promotion * 16 - attacker / 10
}

/// The exchange value of the piece `mv` takes (en passant: a pawn), or
/// `None` for a promotion, whose gain the victim alone does not bound.
#[must_use]
pub fn capture_value(board: &Board, mv: Move) -> Option<i32> {
    if mv.promotion.is_some() {
        return None;
    }
    Some(captured(board, mv).map_or(0, value))
}

/// Legal captures and queen promotions, for quiescence search.
pub fn noisy_moves(board: &Board, out: &mut Vec<Move>) {
    out.clear();
    let them = board.colors(!board.side_to_move());
    let en_passant = board
        .en_passant()
        .map(|file| Square::new(file, Rank::Sixth.relative_to(board.side_to_move())));
    board.generate_moves(|moves| {
        let targets = match (moves.piece, en_passant) {
            (Piece::Pawn, Some(ep)) => {
                them | ep.bitboard() | Rank::Eighth.relative_to(board.side_to_move()).bitboard()
            }
            (Piece::Pawn, None) => them | Rank::Eighth.relative_to(board.side_to_move()).bitboard(),
            // The king's castling is written as taking its own rook, which
            // `them` leaves out.
            _ => them,
        };
        let mut noisy = moves;
        noisy.to &= targets;
        out.extend(
            noisy
                .into_iter()
                .filter(|mv| mv.promotion == Some(Piece::Queen) || is_capture(board, *mv)),
        );
        false
    });
}

/// Every piece of either colour attacking `sq` through `occupied`.
fn attackers_to(board: &Board, sq: Square, occupied: BitBoard) -> BitBoard {
    let queens = board.pieces(Piece::Queen);
    let diagonal = board.pieces(Piece::Bishop) | queens;
    let straight = board.pieces(Piece::Rook) | queens;
    let pawns = board.pieces(Piece::Pawn);
    (get_pawn_attacks(sq, Color::White) & pawns & board.colors(Color::Black))
        | (get_pawn_attacks(sq, Color::Black) & pawns & board.colors(Color::White))
        | (get_knight_moves(sq) & board.pieces(Piece::Knight))
        | (get_king_moves(sq) & board.pieces(Piece::King))
        | (get_bishop_moves(sq, occupied) & diagonal)
        | (get_rook_moves(sq, occupied) & straight)
}

/// Static exchange evaluation: whether the capture sequence `mv` starts on its
/// destination square, both sides always recapturing with their least
/// valuable piece and free to stop, gains at least `threshold`. Pins are
/// ignored; x-rays through the square's attackers are not.
#[must_use]
pub fn exchange_at_least(board: &Board, mv: Move, threshold: i32) -> bool {
    let (from, to) = (mv.from, mv.to);
    let Some(moved) = board.piece_on(from) else {
        return threshold <= 0;
    };
    if moved == Piece::King && position::is_castle(board, mv) {
        return threshold <= 0;
    }
    let en_passant = moved == Piece::Pawn && position::is_en_passant(board, mv);
    let captured = if en_passant {
        value(Piece::Pawn)
    } else if board.colors(!board.side_to_move()).has(to) {
        board.piece_on(to).map_or(0, value)
    } else {
        0
    };
    let mut swap = captured - threshold;
    if swap < 0 {
        return false;
    }
    swap = value(moved) - swap;
    if swap <= 0 {
        return true;
    }
    let mut occupied = board.occupied() ^ from.bitboard() ^ to.bitboard();
    if en_passant {
        occupied ^= Square::new(to.file(), from.rank()).bitboard();
    }
    let queens = board.pieces(Piece::Queen);
    let bishops = board.pieces(Piece::Bishop) | queens;
    let rooks = board.pieces(Piece::Rook) | queens;
    let mut attackers = attackers_to(board, to, occupied);
    let mut side = board.side_to_move();
    // `wins` says whether the side that moved first comes out ahead if the
    // exchange stops now; each recapture flips it.
    let mut wins = 1;
    loop {
        side = !side;
        attackers &= occupied;
        let ours = attackers & board.colors(side);
        if ours.is_empty() {
            break;
        }
        wins ^= 1;
        let least = Piece::ALL.into_iter().find_map(|piece| {
            (ours & board.pieces(piece))
                .next_square()
                .map(|sq| (piece, sq))
        });
        let Some((piece, sq)) = least else { break };
        if piece == Piece::King {
            // The king may only take last: if the other side still attacks,
            // the capture is illegal and the exchange ends the other way.
            return if (attackers & !board.colors(side)).is_empty() {
                wins == 1
            } else {
                wins ^ 1 == 1
            };
        }
        swap = value(piece) - swap;
        if swap < wins {
            break;
        }
        occupied ^= sq.bitboard();
        if matches!(piece, Piece::Pawn | Piece::Bishop | Piece::Queen) {
            attackers |= get_bishop_moves(to, occupied) & bishops;
        }
        if matches!(piece, Piece::Rook | Piece::Queen) {
            attackers |= get_rook_moves(to, occupied) & rooks;
        }
    }
    wins == 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ChessGame;
    use crate::notation::parse_move;

    fn see(fen: &str, mv: &str, threshold: i32) -> bool {
        let game = ChessGame::from_fen(fen).unwrap();
        let mv = parse_move(game.position(), mv).unwrap();
        exchange_at_least(game.position(), mv, threshold)
    }

    #[test]
    fn free_pawn_is_won() {
        // Rxe5 wins a pawn: nothing recaptures.
        assert!(see(
            "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1",
            "Rxe5",
            100
        ));
        assert!(!see(
            "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1",
            "Rxe5",
            101
        ));
    }

    #[test]
    fn defended_pawn_costs_the_knight() {
        // Nxe5 is met by ...Qxe5-style recaptures: the classic SEE example loses.
        let fen = "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1";
        assert!(!see(fen, "Nxe5", 0));
        assert!(see(fen, "Nxe5", -300));
    }

    #[test]
    fn xray_recapture_counts() {
        // Rxd5 with a second rook behind: the pawn is won even though d5 is defended once.
        assert!(see("3r2k1/8/8/3p4/8/8/3R4/3R2K1 w - - 0 1", "Rxd5", 0));
    }

    #[test]
    fn quiet_moves_and_castles_are_neutral() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert!(see(start, "e4", 0));
        assert!(!see(start, "e4", 1));
        // A knight move to a square a pawn attacks loses the knight.
        assert!(!see("4k3/8/8/8/3p4/8/8/1N2K3 w - - 0 1", "Nc3", 0));
        assert!(see("4k3/8/8/8/3p4/8/8/1N2K3 w - - 0 1", "Nc3", -320));
        assert!(see("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", "Nc3", 0));
    }

    #[test]
    fn mvv_lva_prefers_big_victims_and_small_attackers() {
        let game = ChessGame::from_fen("4k3/8/8/3q1r2/4P3/8/8/4K2Q w - - 0 1").unwrap();
        let pxq = parse_move(game.position(), "exd5").unwrap();
        let pxr = parse_move(game.position(), "exf5").unwrap();
        assert!(mvv_lva(game.position(), pxq) > mvv_lva(game.position(), pxr));
        assert!(is_noisy(game.position(), pxq));
    }

    #[test]
    fn capture_value_is_the_whole_victim() {
        let victim = |fen: &str, mv: &str| {
            let game = ChessGame::from_fen(fen).unwrap();
            let mv = parse_move(game.position(), mv).unwrap();
            capture_value(game.position(), mv)
        };
        // The rook is defended, so the exchange wins nothing; the victim is
        // still worth a rook.
        assert_eq!(
            victim("3rk3/3r4/8/8/8/8/8/3RK3 w - - 0 1", "Rxd7"),
            Some(500)
        );
        assert_eq!(
            victim("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6"),
            Some(100)
        );
        // A promotion can gain more than what it takes.
        assert_eq!(victim("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "axb8=Q"), None);
        assert_eq!(victim("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=Q"), None);
    }
}
