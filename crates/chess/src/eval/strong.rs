//! The strong evaluation: tapered between middlegame and endgame by the
//! material left, built on PeSTO's piece-square tables, with mobility, pawn
//! structure (passed, doubled, isolated pawns), king safety (pawn shield and
//! attacks on the king's zone), the bishop pair, rooks on open files, a tempo
//! bonus, and a scale-down of pawnless endings that cannot be won.
//!
//! Every term is a pair (middlegame, endgame); the two sums are blended by the
//! phase, 24 with all pieces on the board and 0 with none (knight and bishop 1,
//! rook 2, queen 4).

use cozy_chess::{
    BitBoard, Board, Color, File, Piece, Rank, Square, get_bishop_moves, get_king_moves,
    get_knight_moves, get_rook_moves,
};

use banco_search::{EvalBreakdown, EvalTerm};

use super::pesto::{EG_TABLE, EG_VALUE, MG_TABLE, MG_VALUE};

/// A middlegame and an endgame value.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
struct Pair(i32, i32);

impl std::ops::AddAssign for Pair {
    fn add_assign(&mut self, other: Pair) {
        self.0 += other.0;
        self.1 += other.1;
    }
}

impl std::ops::SubAssign for Pair {
    fn sub_assign(&mut self, other: Pair) {
        self.0 -= other.0;
        self.1 -= other.1;
    }
}

impl std::ops::Mul<i32> for Pair {
    type Output = Pair;
    fn mul(self, n: i32) -> Pair {
        Pair(self.0 * n, self.1 * n)
    }
}

// Mobility: per square a piece attacks beyond a typical count (squares not
// held by our own pieces nor attacked by enemy pawns).
const KNIGHT_MOBILITY: Pair = Pair(4, 4);
const BISHOP_MOBILITY: Pair = Pair(5, 5);
const ROOK_MOBILITY: Pair = Pair(2, 4);
const QUEEN_MOBILITY: Pair = Pair(1, 2);
const TYPICAL_MOBILITY: [i32; 4] = [4, 6, 6, 12];

// Pawn structure.
const PASSED_PAWN: [Pair; 8] = [
    Pair(0, 0),
    Pair(0, 5),
    Pair(2, 10),
    Pair(8, 18),
    Pair(18, 32),
    Pair(35, 60),
    Pair(60, 90),
    Pair(0, 0),
];
const DOUBLED_PAWN: Pair = Pair(-10, -20);
const ISOLATED_PAWN: Pair = Pair(-8, -12);

// Pieces.
const BISHOP_PAIR: Pair = Pair(30, 50);
const ROOK_OPEN_FILE: Pair = Pair(25, 10);
const ROOK_HALF_OPEN_FILE: Pair = Pair(12, 6);
const TEMPO: Pair = Pair(10, 5);

// King safety, middlegame only.
const SHIELD_CLOSE: i32 = 12;
const SHIELD_FAR: i32 = 6;
const ATTACK_WEIGHT: [i32; 4] = [2, 2, 3, 5];
const MAX_KING_DANGER: i32 = 600;

const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
const FULL_PHASE: i32 = 24;

const fn file_mask(file: i32) -> u64 {
    if file < 0 || file > 7 {
        0
    } else {
        0x0101_0101_0101_0101_u64 << file
    }
}

/// Squares in front of a pawn on its own and the adjacent files, for each
/// colour and square: the pawn is passed if no enemy pawn stands there.
const PASSED_SPAN: [[u64; 64]; 2] = {
    let mut spans = [[0; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let file = (sq % 8) as i32;
        let rank = sq / 8;
        let files = file_mask(file - 1) | file_mask(file) | file_mask(file + 1);
        let ahead_white = if rank == 7 {
            0
        } else {
            u64::MAX << ((rank + 1) * 8)
        };
        let ahead_black = if rank == 0 {
            0
        } else {
            u64::MAX >> ((8 - rank) * 8)
        };
        spans[0][sq] = files & ahead_white;
        spans[1][sq] = files & ahead_black;
        sq += 1;
    }
    spans
};

/// The files next to each file, for isolated pawns.
const ADJACENT_FILES: [u64; 8] = {
    let mut masks = [0; 8];
    let mut f = 0;
    while f < 8 {
        masks[f] = file_mask(f as i32 - 1) | file_mask(f as i32 + 1);
        f += 1;
    }
    masks
};

fn color_index(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// The square index into PeSTO's tables (a8 first) for a piece of `color`.
fn table_index(color: Color, sq: Square) -> usize {
    match color {
        Color::White => sq as usize ^ 56,
        Color::Black => sq as usize,
    }
}

/// The rank counted from `color`'s own side, 0..8.
fn relative_rank(color: Color, sq: Square) -> usize {
    let rank = sq.rank() as usize;
    match color {
        Color::White => rank,
        Color::Black => 7 - rank,
    }
}

fn pawn_attacks_of(color: Color, pawns: BitBoard) -> BitBoard {
    let not_a = (pawns & !File::A.bitboard()).0;
    let not_h = (pawns & !File::H.bitboard()).0;
    BitBoard(match color {
        Color::White => (not_a << 7) | (not_h << 9),
        Color::Black => (not_a >> 9) | (not_h >> 7),
    })
}

/// What a term of the evaluation is, for the breakdown.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
enum Term {
    Material,
    Table,
    Mobility,
    RookOpenFile,
    RookHalfOpenFile,
    BishopPair,
    PassedPawn,
    IsolatedPawn,
    DoubledPawn,
    KingAttack,
    PawnShield,
}

impl Term {
    /// The breakdown's group and name.
    fn label(self) -> (&'static str, &'static str) {
        match self {
            Term::Material => ("material", "material"),
            Term::Table => ("piece-square tables", "piece-square table"),
            Term::Mobility => ("mobility", "mobility"),
            Term::RookOpenFile => ("pieces", "rook on an open file"),
            Term::RookHalfOpenFile => ("pieces", "rook on a half-open file"),
            Term::BishopPair => ("pieces", "bishop pair"),
            Term::PassedPawn => ("pawn structure", "passed pawn"),
            Term::IsolatedPawn => ("pawn structure", "isolated pawn"),
            Term::DoubledPawn => ("pawn structure", "doubled pawn"),
            Term::KingAttack => ("king safety", "attack on the enemy king's zone"),
            Term::PawnShield => ("king safety", "pawn shield"),
        }
    }
}

/// Where [`side_terms`] puts each term: the search only sums them (a
/// [`Pair`]); the breakdown keeps them one by one. One code path for both,
/// so the breakdown is the evaluation and not a copy of it.
trait Terms {
    fn add(&mut self, term: Term, at: Option<Square>, value: Pair);
}

impl Terms for Pair {
    #[inline(always)]
    fn add(&mut self, _term: Term, _at: Option<Square>, value: Pair) {
        *self += value;
    }
}

impl Terms for Vec<(Term, Option<Square>, Pair)> {
    fn add(&mut self, term: Term, at: Option<Square>, value: Pair) {
        self.push((term, at, value));
    }
}

/// What one side adds to the phase and the scale-down, besides its terms.
struct Side {
    phase: i32,
    pawns: u32,
    non_pawn_material: i32,
}

fn side_terms(board: &Board, color: Color, terms: &mut impl Terms) -> Side {
    let us = board.colors(color);
    let them = board.colors(!color);
    let occupied = board.occupied();
    let pawns = board.pieces(Piece::Pawn);
    let our_pawns = pawns & us;
    let their_pawns = pawns & them;
    let their_pawn_attacks = pawn_attacks_of(!color, their_pawns);
    let mobility_area = !(us | their_pawn_attacks);
    let their_king = (board.pieces(Piece::King) & them).next_square();
    let king_zone = their_king.map_or(BitBoard::EMPTY, |k| get_king_moves(k) | k.bitboard());

    let mut phase = 0;
    let mut non_pawn_material = 0;
    let mut attack_units = 0;
    let mut attackers = 0;

    for role in Piece::ALL {
        let index = role as usize;
        for sq in board.colored_pieces(color, role) {
            let t = table_index(color, sq);
            terms.add(
                Term::Material,
                Some(sq),
                Pair(MG_VALUE[index], EG_VALUE[index]),
            );
            terms.add(
                Term::Table,
                Some(sq),
                Pair(MG_TABLE[index][t], EG_TABLE[index][t]),
            );
            phase += PHASE_WEIGHT[index];
            let reach = match role {
                Piece::Knight => get_knight_moves(sq),
                Piece::Bishop => get_bishop_moves(sq, occupied),
                Piece::Rook => get_rook_moves(sq, occupied),
                Piece::Queen => get_bishop_moves(sq, occupied) | get_rook_moves(sq, occupied),
                Piece::Pawn | Piece::King => continue,
            };
            non_pawn_material += MG_VALUE[index];
            let minor_index = index - 1;
            let mobility = i32::try_from((reach & mobility_area).len()).unwrap_or(0)
                - TYPICAL_MOBILITY[minor_index];
            let per_square = match role {
                Piece::Knight => KNIGHT_MOBILITY,
                Piece::Bishop => BISHOP_MOBILITY,
                Piece::Rook => ROOK_MOBILITY,
                _ => QUEEN_MOBILITY,
            };
            terms.add(Term::Mobility, Some(sq), per_square * mobility);
            let hits = i32::try_from((reach & king_zone).len()).unwrap_or(0);
            if hits > 0 {
                attackers += 1;
                attack_units += hits * ATTACK_WEIGHT[minor_index];
            }
            if role == Piece::Rook {
                let file = sq.file().bitboard();
                if (file & pawns).is_empty() {
                    terms.add(Term::RookOpenFile, Some(sq), ROOK_OPEN_FILE);
                } else if (file & our_pawns).is_empty() {
                    terms.add(Term::RookHalfOpenFile, Some(sq), ROOK_HALF_OPEN_FILE);
                }
            }
        }
    }

    if (board.pieces(Piece::Bishop) & us).len() >= 2 {
        terms.add(Term::BishopPair, None, BISHOP_PAIR);
    }

    // Pawn structure.
    for sq in our_pawns {
        let file = sq.file() as usize;
        if PASSED_SPAN[color_index(color)][sq as usize] & their_pawns.0 == 0 {
            terms.add(
                Term::PassedPawn,
                Some(sq),
                PASSED_PAWN[relative_rank(color, sq)],
            );
        }
        if ADJACENT_FILES[file] & our_pawns.0 == 0 {
            terms.add(Term::IsolatedPawn, Some(sq), ISOLATED_PAWN);
        }
    }
    for file in File::ALL {
        // Every pawn of a file but the first pays the penalty.
        for sq in (file.bitboard() & our_pawns).into_iter().skip(1) {
            terms.add(Term::DoubledPawn, Some(sq), DOUBLED_PAWN);
        }
    }

    // Our attacks on their king become their danger: counted here, subtracted
    // by the caller from the other side.
    if attackers >= 2 {
        let danger = (attack_units * attack_units * 7 / 16).min(MAX_KING_DANGER);
        terms.add(Term::KingAttack, their_king, Pair(danger, 0));
    }

    // Our own king's pawn shield.
    if let Some(king) = (board.pieces(Piece::King) & us).next_square() {
        let file = king.file() as i32;
        let shield_files = BitBoard(file_mask(file - 1) | file_mask(file) | file_mask(file + 1));
        let rank = king.rank() as usize;
        let (close, far) = match color {
            Color::White => (rank.checked_add(1), rank.checked_add(2)),
            Color::Black => (rank.checked_sub(1), rank.checked_sub(2)),
        };
        let count = |rank: Option<usize>| {
            rank.and_then(Rank::try_index).map_or(0, |r| {
                i32::try_from((r.bitboard() & shield_files & our_pawns).len()).unwrap_or(0)
            })
        };
        let shield = SHIELD_CLOSE * count(close) + SHIELD_FAR * count(far);
        if shield != 0 {
            terms.add(Term::PawnShield, Some(king), Pair(shield, 0));
        }
    }

    Side {
        phase,
        pawns: our_pawns.len(),
        non_pawn_material,
    }
}

/// How the sum of both sides' terms becomes the value, from white's side.
struct Blend {
    phase: i32,
    /// The blend before the division by the full phase.
    numerator: i32,
    /// The blend, truncated.
    blended: i32,
    /// The value after the scale-down of an ending that cannot be won.
    value: i32,
}

fn blend(pos: &Board, white: &Side, black: &Side, mut score: Pair) -> Blend {
    score += match pos.side_to_move() {
        Color::White => TEMPO,
        Color::Black => TEMPO * -1,
    };
    let phase = (white.phase + black.phase).min(FULL_PHASE);
    let numerator = score.0 * phase + score.1 * (FULL_PHASE - phase);
    let blended = numerator / FULL_PHASE;
    let mut value = blended;

    // A side without pawns needs more than a minor piece's worth of extra
    // material to win; without it, trust the evaluation less.
    let (strong, weak) = if blended > 0 {
        (white, black)
    } else {
        (black, white)
    };
    if strong.pawns == 0 && strong.non_pawn_material - weak.non_pawn_material < MG_VALUE[3] {
        value /= 4;
    }
    Blend {
        phase,
        numerator,
        blended,
        value,
    }
}

/// The strong evaluation, from the side to move's point of view.
#[must_use]
pub fn evaluate(pos: &Board) -> i32 {
    let board = pos;
    let mut white_score = Pair::default();
    let mut black_score = Pair::default();
    let white = side_terms(board, Color::White, &mut white_score);
    let black = side_terms(board, Color::Black, &mut black_score);
    white_score -= black_score;
    let value = blend(pos, &white, &black, white_score).value;
    match pos.side_to_move() {
        Color::White => value,
        Color::Black => -value,
    }
}

/// The strong evaluation term by term, each blended by the phase as the
/// whole is; the truncation of the blend and the scale-down of an ending
/// that cannot be won are terms of their own, so the terms add up to
/// [`evaluate`]'s value (from white's side).
#[must_use]
pub fn explain(pos: &Board) -> EvalBreakdown {
    let board = pos;
    let mut recorded = [Vec::new(), Vec::new()];
    let white = side_terms(board, Color::White, &mut recorded[0]);
    let black = side_terms(board, Color::Black, &mut recorded[1]);
    let mut score = Pair::default();
    for (_, _, value) in &recorded[0] {
        score += *value;
    }
    for (_, _, value) in &recorded[1] {
        score -= *value;
    }
    let result = blend(pos, &white, &black, score);
    let full = f64::from(FULL_PHASE);
    let blended =
        |pair: Pair| f64::from(pair.0 * result.phase + pair.1 * (FULL_PHASE - result.phase)) / full;
    let mut terms = Vec::new();
    for (color, sign) in [(Color::White, 1.0), (Color::Black, -1.0)] {
        for &(term, at, value) in &recorded[color_index(color)] {
            let (group, name) = term.label();
            terms.push(EvalTerm {
                group,
                name,
                side: Some(super::side_of(color)),
                point: at.map(|sq| sq.to_string()),
                value: sign * blended(value),
            });
        }
    }
    let tempo = match pos.side_to_move() {
        Color::White => TEMPO,
        Color::Black => TEMPO * -1,
    };
    terms.push(EvalTerm {
        group: "tempo",
        name: "the move (tempo)",
        side: Some(super::side_of(pos.side_to_move())),
        point: None,
        value: blended(tempo),
    });
    let rounding = f64::from(result.blended) - f64::from(result.numerator) / full;
    if rounding != 0.0 {
        terms.push(EvalTerm {
            group: "blend",
            name: "rounding of the blend",
            side: None,
            point: None,
            value: rounding,
        });
    }
    if result.value != result.blended {
        terms.push(EvalTerm {
            group: "blend",
            name: "scale-down: no pawns and too little extra material to win",
            side: None,
            point: None,
            value: f64::from(result.value - result.blended),
        });
    }
    let score = match pos.side_to_move() {
        Color::White => result.value,
        Color::Black => -result.value,
    };
    EvalBreakdown {
        terms,
        score,
        first_player_score: result.value,
        blend: Some(format!(
            "phase {} of {FULL_PHASE}: {} % middlegame",
            result.phase,
            result.phase * 100 / FULL_PHASE
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ChessGame;

    fn eval(fen: &str) -> i32 {
        evaluate(ChessGame::from_fen(fen).unwrap().position())
    }

    #[test]
    fn start_position_is_about_the_tempo() {
        let value = eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!((0..=TEMPO.0).contains(&value), "{value}");
    }

    #[test]
    fn colour_mirror_is_symmetric() {
        // The same position with colours swapped and the board flipped.
        let a = eval("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8");
        let b = eval("r2qkb1r/pp3ppp/2n1pn2/2pp4/3P4/2N1PN2/PP2BPPP/R1BQ1RK1 b kq - 0 8");
        assert_eq!(a, b);
    }

    #[test]
    fn material_dominates() {
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 w - - 0 1") > 800);
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 b - - 0 1") < -800);
    }

    #[test]
    fn passed_pawns_count_more_as_they_advance() {
        let far = eval("4k3/8/8/8/8/8/P7/4K3 w - - 0 1");
        let near = eval("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        assert!(near > far + 50, "{near} vs {far}");
    }

    #[test]
    fn a_lone_minor_piece_is_not_a_win() {
        assert!(eval("4k3/8/8/8/8/8/8/3NK3 w - - 0 1") < 150);
    }

    #[test]
    fn passed_span_masks_are_right() {
        // White pawn on e4: d5..f8 region.
        let e4 = Square::E4;
        let span = BitBoard(PASSED_SPAN[0][e4 as usize]);
        assert!(span.has(Square::D5) && span.has(Square::F8) && span.has(Square::E7));
        assert!(!span.has(Square::E4) && !span.has(Square::C5));
        let span = BitBoard(PASSED_SPAN[1][Square::E5 as usize]);
        assert!(span.has(Square::D4) && span.has(Square::F1));
        assert!(!span.has(Square::E6));
    }
}
