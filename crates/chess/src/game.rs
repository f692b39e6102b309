//! Chess as the search sees it: cozy-chess's copy-make boards behind a
//! make/unmake stack, with the hash kept incrementally and the draw rules.
//! Moves write castling as the king's two-square step (`e1g1`), as UCI and
//! people do; [`crate::position`] turns them into cozy-chess's form.

use std::fmt;
use std::sync::Arc;

use banco_search::{EvaluatorStrength, Game, Outcome, SearchParams, Side};
use cozy_chess::{
    Board, Color, Move, Piece, get_bishop_moves, get_king_moves, get_knight_moves,
    get_pawn_attacks, get_rook_moves,
};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

use banco_nnue::{AccumulatorStack, Network};

use crate::error::FenError;
use crate::position;
use crate::{bridge, nnue, zobrist};

/// One position of the stack and its hash.
#[derive(Clone, Debug)]
struct Frame {
    pos: Board,
    hash: u64,
    /// The move that led here; `None` for the start position and null moves.
    last_move: Option<Move>,
}

/// A game of chess from some start position: the current position and every
/// earlier one, so moves can be taken back and repetitions seen.
#[derive(Clone, Debug)]
pub struct ChessGame {
    stack: Vec<Frame>,
    /// The learned evaluation's accumulators, once a net is attached.
    nnue: Option<Box<AccumulatorStack>>,
}

/// Why a game is over, or that it is not.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum ChessStatus {
    /// The game goes on.
    Ongoing,
    /// The side to move is mated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Fifty moves by each side without a capture or a pawn move.
    FiftyMoves,
    /// The same position for the third time with the same side to move.
    Repetition,
    /// Neither side can mate by any series of legal moves.
    InsufficientMaterial,
}

impl ChessStatus {
    /// Whether the game is over.
    #[must_use]
    pub const fn is_over(self) -> bool {
        !matches!(self, ChessStatus::Ongoing)
    }

    /// The result from white's side as PGN writes it.
    #[must_use]
    pub const fn result(self, side_to_move: Color) -> &'static str {
        match self {
            ChessStatus::Ongoing => "*",
            ChessStatus::Checkmate => match side_to_move {
                Color::White => "0-1",
                Color::Black => "1-0",
            },
            _ => "1/2-1/2",
        }
    }
}

impl fmt::Display for ChessStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ChessStatus::Ongoing => "game in progress",
            ChessStatus::Checkmate => "checkmate",
            ChessStatus::Stalemate => "stalemate",
            ChessStatus::FiftyMoves => "draw by the fifty-move rule",
            ChessStatus::Repetition => "draw by threefold repetition",
            ChessStatus::InsufficientMaterial => "draw by insufficient material",
        })
    }
}

impl Default for ChessGame {
    fn default() -> ChessGame {
        ChessGame::from_position(Board::default())
    }
}

impl ChessGame {
    /// The standard start position.
    #[must_use]
    pub fn new() -> ChessGame {
        ChessGame::default()
    }

    /// A game starting from `pos`.
    #[must_use]
    pub fn from_position(pos: Board) -> ChessGame {
        let hash = zobrist::full_hash(&pos);
        ChessGame {
            stack: vec![Frame {
                pos,
                hash,
                last_move: None,
            }],
            nnue: None,
        }
    }

    /// A game starting from a FEN.
    ///
    /// # Errors
    ///
    /// [`FenError`] when the text is not FEN or the position is not legal chess.
    pub fn from_fen(fen: &str) -> Result<ChessGame, FenError> {
        let trimmed = fen.trim();
        let parsed: Fen = trimmed.parse().map_err(|source| FenError::Syntax {
            fen: trimmed.to_owned(),
            source,
        })?;
        let pos: Chess = parsed
            .into_position(CastlingMode::Standard)
            .map_err(|err| FenError::Illegal {
                fen: trimmed.to_owned(),
                reason: err.to_string(),
            })?;
        let board = bridge::cozy_board(&pos).map_err(|reason| FenError::Illegal {
            fen: trimmed.to_owned(),
            reason,
        })?;
        Ok(ChessGame::from_position(board))
    }

    fn top(&self) -> &Frame {
        self.stack
            .last()
            .expect("the stack always holds the start position")
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Board {
        &self.top().pos
    }

    /// The start position of the game.
    #[must_use]
    pub fn start_position(&self) -> &Board {
        &self.stack[0].pos
    }

    /// The current position as FEN, with an en passant square only where a
    /// legal move can take there.
    #[must_use]
    pub fn fen(&self) -> String {
        bridge::fen(self.position())
    }

    /// Plies played since the start position.
    #[must_use]
    pub fn plies(&self) -> usize {
        self.stack.len() - 1
    }

    /// Keeps the learned evaluation's accumulators for `net` from now on,
    /// updated by every move made and taken back, so that
    /// [`ChessGame::network_value`] with the same net costs one output
    /// layer.
    pub fn attach_network(&mut self, net: Arc<Network>) {
        let top = self.stack.len() - 1;
        let (white, black) = nnue::features(&net, &self.stack[top].pos);
        self.nnue = Some(Box::new(AccumulatorStack::new(net, top, &white, &black)));
    }

    /// The value of the position for the side to move by `net`, in
    /// centipawns: from the accumulators when `net` is the one attached,
    /// otherwise computed afresh.
    #[must_use]
    pub fn network_value(&self, net: &Arc<Network>) -> i32 {
        let pos = self.position();
        match &self.nnue {
            Some(stack) if Arc::ptr_eq(stack.net(), net) => {
                stack.value(self.stack.len() - 1, nnue::view(pos.side_to_move()))
            }
            _ => nnue::evaluate_afresh(net, pos, pos.side_to_move()),
        }
    }

    /// The value for the side to move by the attached net, if one is.
    #[must_use]
    pub fn attached_network_value(&self) -> Option<i32> {
        let stack = self.nnue.as_ref()?;
        Some(stack.value(
            self.stack.len() - 1,
            nnue::view(self.position().side_to_move()),
        ))
    }

    /// Takes back the last move played; `false` at the start position.
    pub fn undo(&mut self) -> bool {
        if self.stack.len() > 1 {
            self.stack.pop();
            if let Some(stack) = &mut self.nnue {
                let top = self.stack.len() - 1;
                if !stack.is_valid(top) {
                    let (white, black) = nnue::features(stack.net(), &self.stack[top].pos);
                    stack.back_to(top, &white, &black);
                }
            }
            true
        } else {
            false
        }
    }

    /// How many times the current position has occurred, this time included
    /// (the same pieces, side to move, castling and en passant rights).
    #[must_use]
    pub fn repetitions(&self) -> usize {
        let current = self.top().hash;
        let window = usize::from(self.position().halfmove_clock());
        self.stack
            .iter()
            .rev()
            .take(window + 1)
            .step_by(2)
            .filter(|frame| frame.hash == current)
            .count()
    }

    /// Whether the game is over, and why. Unlike the search, which calls a
    /// single repetition a draw, this applies the rules as an arbiter does:
    /// threefold repetition, the fifty-move rule (unless the last move mated),
    /// insufficient material, mate and stalemate.
    #[must_use]
    pub fn status(&self) -> ChessStatus {
        let pos = self.position();
        if !position::has_legal_move(pos) {
            return if position::in_check(pos) {
                ChessStatus::Checkmate
            } else {
                ChessStatus::Stalemate
            };
        }
        if position::is_insufficient_material(pos) {
            ChessStatus::InsufficientMaterial
        } else if pos.halfmove_clock() >= 100 {
            ChessStatus::FiftyMoves
        } else if self.repetitions() >= 3 {
            ChessStatus::Repetition
        } else {
            ChessStatus::Ongoing
        }
    }

    /// The moves played so far, first to last.
    #[must_use]
    pub fn moves(&self) -> Vec<Move> {
        self.stack[1..]
            .iter()
            .filter_map(|frame| frame.last_move)
            .collect()
    }
}

impl Game for ChessGame {
    type Move = Move;
    const MOVE_INDEX_SPACE: usize = 64 * 64;
    // Net 3 against `strong` at 2+0.02: see docs/nnue.md.
    const FULL_STRENGTH_EVALUATOR: EvaluatorStrength = EvaluatorStrength::Nnue;
    const SINGULAR_EXTENSIONS: bool = true;
    // Passed its SPRT at 20,000 nodes (docs/search.md).
    const RAZORING: bool = true;
    // Root reductions, reductions of checks and evasions and pruning at
    // the reduced depth stay off: together they shrank the tree by 14-26 %
    // and scored +8.6 +- 10.5 Elo at 2+0.02 without deciding their SPRT
    // (docs/search.md).
    // Continuation history pruning and deeper/shallower re-searches stay
    // off: each scored about +9 Elo at 20,000 nodes without deciding its
    // SPRT, and the two together +4 (docs/search.md).
    const CONTINUATION_HISTORY: bool = true;
    // Double extensions of a clearly singular hash move, and two plies off
    // a hash move that is not singular where the table's value alone beats
    // beta: passed together at 2+0.02, +15.6 +- 11.6 Elo after 1,735 games
    // (docs/search.md); each had stood near +4 alone. A PV node's later
    // moves a ply shallower once one has raised alpha, below depth 6 (as
    // Stockfish 15.1): passed at 2+0.02, three runs pooled, +21.5 +- 14.4
    // Elo after 1,150 games (docs/search.md). Delta pruning in quiescence
    // at a margin of 100 centipawns, the victim counted at three times its
    // exchange value: passed at 20,000 nodes (docs/search.md).
    const SEARCH_PARAMS: SearchParams = SearchParams {
        double_extension_margin: 12,
        se_fail_high_reduction: 2,
        alpha_raise_max_depth: 6,
        qs_delta_margin: 100,
        ..SearchParams::DEFAULT
    };
    // Extending only checks that keep their material stays off: a tree
    // 7-13 % smaller, +4.0 +- 13.7 Elo at 2+0.02 after 1,224 games,
    // undecided (docs/search.md). With the three late-move switches,
    // cut-node reductions and a ply more of null-move reduction (the tree
    // package: within 2x Stockfish's tree) it stays off too: -1.6 +- 11.6
    // Elo after 1,548 games at 2+0.02, undecided.
    // A piece of either colour (12) on a square.
    const PIECE_TO_SPACE: usize = 12 * 64;
    // Cut-node and bad-capture reductions and ProbCut stay off: their
    // passes had counted repeated games; on a book of 5,000 openings the
    // three together scored +2 ± 15 Elo (docs/search.md).

    fn side_to_move(&self) -> Side {
        match self.position().side_to_move() {
            Color::White => Side::First,
            Color::Black => Side::Second,
        }
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        position::legal_moves(self.position(), out);
    }

    fn legal_move_count(&self, _scratch: &mut Vec<Move>) -> usize {
        position::legal_move_count(self.position())
    }

    fn make_move(&mut self, mv: Move) {
        // The move is played on the copy already on the stack: building the
        // new position aside and pushing it copied it twice.
        self.stack.extend_from_within(self.stack.len() - 1..);
        let [.., before, after] = self.stack.as_mut_slice() else {
            unreachable!("the stack holds the start position and its copy");
        };
        position::play(&mut after.pos, mv);
        after.hash = zobrist::updated_hash(before.hash, &before.pos, mv, &after.pos);
        after.last_move = Some(mv);
        if let Some(stack) = &mut self.nnue {
            let top = self.stack.len() - 1;
            nnue::push(stack, top, &self.stack[top - 1].pos, &self.stack[top].pos);
        }
    }

    fn unmake_move(&mut self, _mv: Move) {
        self.undo();
    }

    fn hash(&self) -> u64 {
        self.top().hash
    }

    fn hash_after(&self, mv: Move) -> Option<u64> {
        let top = self.top();
        Some(zobrist::hash_after_pieces(top.hash, &top.pos, mv))
    }

    fn rule_outcome(&self) -> Option<Outcome> {
        let pos = self.position();
        if pos.halfmove_clock() >= 100 {
            // A mate on the fiftieth move still counts as mate.
            if position::in_check(pos) && !position::has_legal_move(pos) {
                return Some(Outcome::Loss);
            }
            return Some(Outcome::Draw);
        }
        if position::is_insufficient_material(pos) {
            return Some(Outcome::Draw);
        }
        None
    }

    fn no_moves_outcome(&self) -> Outcome {
        if position::in_check(self.position()) {
            Outcome::Loss
        } else {
            Outcome::Draw
        }
    }

    fn in_check(&self) -> bool {
        position::in_check(self.position())
    }

    fn gives_check(&self, mv: Move) -> bool {
        gives_check(self.position(), mv)
    }

    fn move_index(mv: Move) -> usize {
        mv.from as usize * 64 + mv.to as usize
    }

    fn piece_to_index(&self, mv: Move) -> usize {
        let pos = self.position();
        let colour = match pos.side_to_move() {
            Color::White => 0,
            Color::Black => 6,
        };
        let piece = pos.piece_on(mv.from).map_or(0, |piece| piece as usize);
        (colour + piece) * 64 + mv.to as usize
    }

    fn destination(mv: Move) -> Option<usize> {
        Some(mv.to as usize)
    }

    fn move_key(mv: Move) -> u16 {
        // Promotions count from one (a knight), so that none is zero.
        let promotion = mv.promotion.map_or(0, |piece| piece as u16);
        (promotion << 12) | ((mv.from as u16) << 6) | mv.to as u16
    }

    fn reversible_plies(&self) -> usize {
        usize::from(self.position().halfmove_clock())
    }

    fn previous_hashes(&self, out: &mut Vec<u64>) {
        let before = &self.stack[..self.stack.len() - 1];
        out.extend(before.iter().map(|frame| frame.hash));
    }

    fn null_move_allowed(&self) -> bool {
        let pos = self.position();
        let ours = pos.colors(pos.side_to_move());
        let pawns_and_king = pos.pieces(Piece::Pawn) | pos.pieces(Piece::King);
        !(ours & !pawns_and_king).is_empty() && !position::in_check(pos)
    }

    fn make_null_move(&mut self) {
        let top = self.top();
        let hash = zobrist::null_move_hash(top.hash, &top.pos);
        let pos = top
            .pos
            .null_move()
            .expect("the search passes only when not in check");
        self.stack.push(Frame {
            pos,
            hash,
            last_move: None,
        });
        if let Some(stack) = &mut self.nnue {
            stack.push(self.stack.len() - 1);
        }
    }

    fn unmake_null_move(&mut self) {
        self.undo();
    }
}

/// Whether `mv` (written as Banco writes moves) checks the opponent's king,
/// directly or by discovery. En passant and castling are answered `true`
/// without looking: the search only uses this to spare checks from
/// pruning, so a false alarm costs nothing.
#[must_use]
pub fn gives_check(pos: &Board, mv: Move) -> bool {
    let us = pos.side_to_move();
    let Some(moved) = pos.piece_on(mv.from) else {
        return false;
    };
    if moved == Piece::King && position::is_castle(pos, mv) {
        return true;
    }
    if moved == Piece::Pawn && position::is_en_passant(pos, mv) {
        return true;
    }
    let king = pos.king(!us);
    let occupied = (pos.occupied() ^ mv.from.bitboard()) | mv.to.bitboard();
    let piece = mv.promotion.unwrap_or(moved);
    let reach = match piece {
        Piece::Pawn => get_pawn_attacks(mv.to, us),
        Piece::Knight => get_knight_moves(mv.to),
        Piece::Bishop => get_bishop_moves(mv.to, occupied),
        Piece::Rook => get_rook_moves(mv.to, occupied),
        Piece::Queen => get_bishop_moves(mv.to, occupied) | get_rook_moves(mv.to, occupied),
        Piece::King => get_king_moves(mv.to),
    };
    if reach.has(king) {
        return true;
    }
    let ours = pos.colors(us) & !mv.from.bitboard();
    let queens = pos.pieces(Piece::Queen);
    let diagonal = (pos.pieces(Piece::Bishop) | queens) & ours;
    let straight = (pos.pieces(Piece::Rook) | queens) & ours;
    !(get_bishop_moves(king, occupied) & diagonal).is_empty()
        || !(get_rook_moves(king, occupied) & straight).is_empty()
}

/// The piece a move captures, en passant included.
#[must_use]
pub fn captured_role(pos: &Board, mv: Move) -> Option<Piece> {
    position::captured(pos, mv)
}
