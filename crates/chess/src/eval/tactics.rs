//! Move hints shared by both evaluators: which moves are noisy, MVV-LVA order,
//! and static exchange evaluation.

use shakmaty::{Bitboard, Board, Chess, Color, Move, Position, Role, Square, attacks};

/// Piece values for exchanges, pawn first.
const SEE_VALUE: [i32; 6] = [100, 320, 330, 500, 900, 20_000];

fn value(role: Role) -> i32 {
    SEE_VALUE[role as usize - 1]
}

/// Captures and promotions.
#[must_use]
pub fn is_noisy(mv: Move) -> bool {
    mv.is_capture() || mv.is_promotion()
}

/// Most valuable victim first, then least valuable attacker; queen promotions
/// count as winning a queen less a pawn.
#[must_use]
pub fn mvv_lva(mv: Move) -> i32 {
    let victim = match mv {
        Move::Normal { capture, .. } => capture.map_or(0, value),
        Move::EnPassant { .. } => value(Role::Pawn),
        _ => 0,
    };
    let promotion = mv
        .promotion()
        .map_or(0, |role| value(role) - value(Role::Pawn));
    victim * 16 + promotion * 16 - value(mv.role()) / 10
}

/// Legal captures and queen promotions, for quiescence search.
pub fn noisy_moves(pos: &Chess, out: &mut Vec<Move>) {
    out.clear();
    out.extend(
        pos.legal_moves()
            .into_iter()
            .filter(|mv| mv.is_capture() || mv.promotion() == Some(Role::Queen)),
    );
}

fn attackers_to(board: &Board, sq: Square, occupied: Bitboard) -> Bitboard {
    board.attacks_to(sq, Color::White, occupied) | board.attacks_to(sq, Color::Black, occupied)
}

/// Static exchange evaluation: whether the capture sequence `mv` starts on its
/// destination square, both sides always recapturing with their least
/// valuable piece and free to stop, gains at least `threshold`. Pins are
/// ignored; x-rays through the square's attackers are not.
#[must_use]
pub fn exchange_at_least(pos: &Chess, mv: Move, threshold: i32) -> bool {
    let (from, to, captured) = match mv {
        Move::Normal {
            from, to, capture, ..
        } => (from, to, capture.map_or(0, value)),
        Move::EnPassant { from, to } => (from, to, value(Role::Pawn)),
        _ => return threshold <= 0,
    };
    let board = pos.board();
    let mut swap = captured - threshold;
    if swap < 0 {
        return false;
    }
    swap = value(mv.role()) - swap;
    if swap <= 0 {
        return true;
    }
    let mut occupied = board.occupied() ^ Bitboard::from(from) ^ Bitboard::from(to);
    if let Move::EnPassant { .. } = mv {
        occupied ^= Bitboard::from(Square::from_coords(to.file(), from.rank()));
    }
    let bishops = board.bishops() | board.queens();
    let rooks = board.rooks() | board.queens();
    let mut attackers = attackers_to(board, to, occupied);
    let mut side = pos.turn();
    // `wins` says whether the side that moved first comes out ahead if the
    // exchange stops now; each recapture flips it.
    let mut wins = 1;
    loop {
        side = side.other();
        attackers &= occupied;
        let ours = attackers & board.by_color(side);
        if ours.is_empty() {
            break;
        }
        wins ^= 1;
        let least = [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
            Role::King,
        ]
        .into_iter()
        .find_map(|role| (ours & board.by_role(role)).first().map(|sq| (role, sq)));
        let Some((role, sq)) = least else { break };
        if role == Role::King {
            // The king may only take last: if the other side still attacks,
            // the capture is illegal and the exchange ends the other way.
            return if (attackers & !board.by_color(side)).any() {
                wins ^ 1 == 1
            } else {
                wins == 1
            };
        }
        swap = value(role) - swap;
        if swap < wins {
            break;
        }
        occupied ^= Bitboard::from(sq);
        if matches!(role, Role::Pawn | Role::Bishop | Role::Queen) {
            attackers |= attacks::bishop_attacks(to, occupied) & bishops;
        }
        if matches!(role, Role::Rook | Role::Queen) {
            attackers |= attacks::rook_attacks(to, occupied) & rooks;
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
        assert!(mvv_lva(pxq) > mvv_lva(pxr));
        assert!(is_noisy(pxq));
    }
}
