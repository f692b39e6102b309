//! Why a well-formed move cannot be played: the sentence a player reads
//! when a move is refused, instead of the position's FEN.

use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingSide, Chess, Color, Move, Piece, Position, Role, Square, attacks};

fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

fn colour_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Whether `piece` on `from` could reach `to` by the way it moves, ignoring
/// checks (castling and en passant aside).
fn reaches(pos: &Chess, piece: Piece, from: Square, to: Square) -> bool {
    let board = pos.board();
    if board.by_color(piece.color).contains(to) {
        return false;
    }
    if piece.role != Role::Pawn {
        return attacks::attacks(from, piece, board.occupied()).contains(to);
    }
    let forward: i32 = if piece.color == Color::White { 1 } else { -1 };
    let file_step = u32::from(to.file()) as i32 - u32::from(from.file()) as i32;
    let rank_step = (u32::from(to.rank()) as i32 - u32::from(from.rank()) as i32) * forward;
    let start_rank = if piece.color == Color::White { 1 } else { 6 };
    let empty = |sq: Option<Square>| sq.is_some_and(|s| !board.occupied().contains(s));
    match (file_step, rank_step) {
        (0, 1) => empty(Some(to)),
        (0, 2) => {
            u32::from(from.rank()) == start_rank
                && empty(from.offset(8 * forward))
                && empty(Some(to))
        }
        (-1 | 1, 1) => board.by_color(!piece.color).contains(to),
        _ => false,
    }
}

/// Why moving from `from` to `to` (UCI: castling as the king's two-square
/// step) is not legal in `pos`.
fn why_not_from_to(pos: &Chess, from: Square, to: Square, promotion: Option<Role>) -> String {
    let Some(piece) = pos.board().piece_at(from) else {
        return format!("there is no piece on {from}");
    };
    let turn = pos.turn();
    if piece.color != turn {
        return format!(
            "the {} on {from} is {}'s, and {} is to move",
            role_name(piece.role),
            colour_name(piece.color),
            colour_name(turn)
        );
    }
    let legal_here: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| m.from() == Some(from))
        .collect();
    let target = to.to_string();
    let lands =
        |m: &Move| UciMove::from_standard(*m).to_string().get(2..4) == Some(target.as_str());
    if legal_here.iter().any(lands) {
        // The square is right; the promotion piece is not.
        return match (piece.role, promotion) {
            (Role::Pawn, None) => {
                format!("say which piece the pawn becomes: {from}{to}q, r, b or n")
            }
            (Role::Pawn, Some(_)) => {
                "a pawn promotes to a queen, rook, bishop or knight".to_owned()
            }
            (_, Some(_)) => "only a pawn promotes".to_owned(),
            (_, None) => "it cannot be played here".to_owned(),
        };
    }
    let name = role_name(piece.role);
    if reaches(pos, piece, from, to) {
        return if pos.is_check() {
            format!(
                "{} is in check, and {name} {from}–{to} does not answer it",
                colour_name(turn)
            )
        } else {
            format!("the {name} on {from} is pinned: moving it to {to} would expose the king")
        };
    }
    if piece.role == Role::King && from.distance(to) == 2 {
        return why_not_castle(
            pos,
            if to > from {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            },
        );
    }
    if pos.is_check() && legal_here.is_empty() {
        return format!(
            "{} is in check, and the {name} on {from} cannot answer it",
            colour_name(turn)
        );
    }
    format!("a {name} cannot move from {from} to {to}")
}

/// Why castling on `side` is not legal in `pos`.
fn why_not_castle(pos: &Chess, side: CastlingSide) -> String {
    let turn = pos.turn();
    let wing = match side {
        CastlingSide::KingSide => "kingside",
        CastlingSide::QueenSide => "queenside",
    };
    if !pos.castles().has(turn, side) {
        return format!(
            "{} may no longer castle {wing}: the king or that rook has moved",
            colour_name(turn)
        );
    }
    if pos.is_check() {
        return "a king in check cannot castle".to_owned();
    }
    format!(
        "castling {wing} is blocked, or the king would pass through or land on an attacked square"
    )
}

/// Why the well-formed move `input` (UCI or SAN) is not legal in `pos`.
#[must_use]
pub fn why_illegal(pos: &Chess, input: &str) -> String {
    if let Ok(uci) = input.parse::<UciMove>() {
        return match uci {
            UciMove::Normal {
                from,
                to,
                promotion,
            } => why_not_from_to(pos, from, to, promotion),
            UciMove::Put { .. } => "pieces cannot be dropped in chess".to_owned(),
            UciMove::Null => "a null move is not a move".to_owned(),
        };
    }
    match input.replace('0', "O").parse::<San>() {
        Ok(San::Castle(side)) => why_not_castle(pos, side),
        Ok(San::Normal { role, to, .. }) => {
            let turn = colour_name(pos.turn());
            if pos.is_check() {
                format!(
                    "{turn} is in check, and no {} move to {to} answers it",
                    role_name(role)
                )
            } else {
                format!("no {} of {turn}'s can move to {to}", role_name(role))
            }
        }
        Ok(San::Put { .. }) => "pieces cannot be dropped in chess".to_owned(),
        Ok(San::Null) => "a null move is not a move".to_owned(),
        Err(_) => "it cannot be played here".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap()
    }

    #[test]
    fn each_reason_is_said() {
        let start = Chess::default();
        assert_eq!(why_illegal(&start, "e3e4"), "there is no piece on e3");
        assert!(why_illegal(&start, "e7e5").contains("is Black's"));
        assert_eq!(
            why_illegal(&start, "e2e5"),
            "a pawn cannot move from e2 to e5"
        );
        assert_eq!(
            why_illegal(&start, "g1g3"),
            "a knight cannot move from g1 to g3"
        );
        assert!(why_illegal(&start, "Nf6").contains("no knight of White's"));
        assert!(
            why_illegal(&start, "O-O").contains("castle")
                || why_illegal(&start, "O-O").contains("blocked")
        );
        // A pinned knight.
        let pinned = pos("4k3/8/8/8/b7/8/2N5/3K4 w - - 0 1");
        assert!(
            why_illegal(&pinned, "c2e3").contains("pinned"),
            "{}",
            why_illegal(&pinned, "c2e3")
        );
        // In check, a move that does not answer it.
        let check = pos("4k3/8/8/8/8/8/3P4/r3K3 w - - 0 1");
        assert!(
            why_illegal(&check, "d2d3").contains("in check"),
            "{}",
            why_illegal(&check, "d2d3")
        );
        // A promotion without its piece.
        let promote = pos("8/4P3/8/8/8/8/8/k3K3 w - - 0 1");
        assert!(why_illegal(&promote, "e7e8").contains("which piece"));
        assert!(why_illegal(&promote, "e7e6").contains("cannot move"));
        assert!(why_illegal(&promote, "e1e2q").contains("only a pawn"));
        // Castling after the king moved.
        let moved = pos("4k3/8/8/8/8/8/8/R3K2R w - - 0 1");
        assert!(
            why_illegal(&moved, "e1g1").contains("no longer castle"),
            "{}",
            why_illegal(&moved, "e1g1")
        );
    }
}
