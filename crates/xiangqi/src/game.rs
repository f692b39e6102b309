//! A game of xiangqi: the board plus the history the rules need (captures
//! for the sixty-move rule, hashes for repetition, which moves gave check
//! for perpetual check, the moves themselves for perpetual chasing), and the
//! [`banco_search::Game`] implementation.

use std::sync::Arc;

use banco_nnue::{AccumulatorStack, Network};
use banco_search::{EvaluatorStrength, Game, Outcome, SearchParams, Side};

use crate::board::{Board, EMPTY, Move};
use crate::chase;
use crate::error::{FenError, MoveError};
use crate::fen::{self, START_FEN};
use crate::nnue;
use crate::piece::{Color, Kind, Piece};

/// Plies without a capture after which the game is drawn (60 moves each).
pub const NO_CAPTURE_PLIES: u32 = 120;

/// What was needed to take back one move.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Undo {
    /// `None` for a null move.
    pub(crate) mv: Option<Move>,
    /// The cell code the move captured (`EMPTY` if none).
    pub(crate) captured: u8,
    hash_before: u64,
    halfmove_before: u32,
    /// Whether the move left the opponent in check.
    checked: bool,
}

/// The rule that decided a repetition.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
enum Verdict {
    /// Perpetual check.
    Check,
    /// Perpetual chasing.
    Chase,
}

/// How a game stands.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum XiangqiStatus {
    /// The side to move has moves and no rule has ended the game.
    Ongoing,
    /// The side to move is checked and has no legal move.
    Checkmate {
        /// Who won.
        winner: Color,
    },
    /// The side to move is not in check but has no legal move: in xiangqi it loses.
    Stalemate {
        /// Who won.
        winner: Color,
    },
    /// A position repeated three times while one side checked with every move.
    PerpetualCheck {
        /// Who won (the side that was checked).
        winner: Color,
    },
    /// A position repeated three times while one side, checking neither
    /// throughout nor against a perpetual check, chased the same enemy
    /// piece with every move and the other did not.
    PerpetualChase {
        /// Who won (the side that was chased).
        winner: Color,
    },
    /// A position repeated three times with no perpetual check or chase.
    Repetition,
    /// Sixty moves each without a capture.
    NoCaptures,
}

impl XiangqiStatus {
    /// Whether the game has ended.
    #[must_use]
    pub fn is_over(self) -> bool {
        self != XiangqiStatus::Ongoing
    }

    /// The winner, if the game ended with one.
    #[must_use]
    pub fn winner(self) -> Option<Color> {
        match self {
            XiangqiStatus::Checkmate { winner }
            | XiangqiStatus::Stalemate { winner }
            | XiangqiStatus::PerpetualCheck { winner }
            | XiangqiStatus::PerpetualChase { winner } => Some(winner),
            _ => None,
        }
    }
}

impl std::fmt::Display for XiangqiStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            XiangqiStatus::Ongoing => write!(f, "in progress"),
            XiangqiStatus::Checkmate { winner } => write!(f, "checkmate, {} wins", winner.name()),
            XiangqiStatus::Stalemate { winner } => {
                write!(f, "no legal move (stalemate loses), {} wins", winner.name())
            }
            XiangqiStatus::PerpetualCheck { winner } => {
                write!(f, "perpetual check loses, {} wins", winner.name())
            }
            XiangqiStatus::PerpetualChase { winner } => {
                write!(f, "perpetual chasing loses, {} wins", winner.name())
            }
            XiangqiStatus::Repetition => write!(f, "draw by threefold repetition"),
            XiangqiStatus::NoCaptures => write!(f, "draw: sixty moves without a capture"),
        }
    }
}

/// A xiangqi game in progress.
#[derive(Clone, Debug)]
pub struct XiangqiGame {
    board: Board,
    halfmove: u32,
    fullmove: u32,
    history: Vec<Undo>,
    /// Whether the side to move was in check in the set-up position.
    start_in_check: bool,
    start_fullmove: u32,
    /// The learned evaluation's accumulators, once a net is attached;
    /// position `i` is the one after `i` moves of the history.
    nnue: Option<Box<AccumulatorStack>>,
}

impl Default for XiangqiGame {
    fn default() -> XiangqiGame {
        XiangqiGame::new()
    }
}

impl XiangqiGame {
    /// The standard start position.
    #[must_use]
    pub fn new() -> XiangqiGame {
        XiangqiGame::from_fen(START_FEN).expect("the start position is valid")
    }

    /// A game from a FEN, with no history.
    ///
    /// # Errors
    ///
    /// A [`FenError`] saying what is wrong with it.
    pub fn from_fen(fen: &str) -> Result<XiangqiGame, FenError> {
        let setup = fen::parse(fen)?;
        Ok(XiangqiGame {
            start_in_check: setup.board.in_check(),
            board: setup.board,
            halfmove: setup.halfmove,
            fullmove: setup.fullmove,
            start_fullmove: setup.fullmove,
            nnue: None,
            history: Vec::with_capacity(256),
        })
    }

    /// The current position.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The FEN of the current position.
    #[must_use]
    pub fn fen(&self) -> String {
        let side = match self.board.side_to_move() {
            Color::Red => 'w',
            Color::Black => 'b',
        };
        format!(
            "{} {side} - - {} {}",
            fen::placement(&self.board),
            self.halfmove,
            self.fullmove
        )
    }

    /// Plies since the last capture.
    #[must_use]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The move number (starts at 1, grows after black's move).
    #[must_use]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The move number the game started from.
    #[must_use]
    pub fn start_fullmove_number(&self) -> u32 {
        self.start_fullmove
    }

    /// The moves played so far, oldest first.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.history.iter().filter_map(|undo| undo.mv)
    }

    /// The last move played.
    #[must_use]
    pub fn last_move(&self) -> Option<Move> {
        self.history.last().and_then(|undo| undo.mv)
    }

    /// The legal moves here.
    #[must_use]
    pub fn legal(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        self.board.generate(&mut moves, false);
        moves
    }

    /// Plays `mv` after checking that it is legal and the game is not over.
    ///
    /// # Errors
    ///
    /// [`MoveError::Illegal`] or [`MoveError::GameOver`]; the game is unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        if self.status().is_over() {
            return Err(MoveError::GameOver);
        }
        if !self.board.is_legal(mv) {
            return Err(MoveError::Illegal(mv.to_string()));
        }
        self.make_move(mv);
        Ok(())
    }

    /// Keeps the learned evaluation's accumulators for `net` from now on,
    /// updated by every move made and taken back.
    pub fn attach_network(&mut self, net: Arc<Network>) {
        let (red, black) = nnue::features(&net, &self.board);
        self.nnue = Some(Box::new(AccumulatorStack::new(
            net,
            self.history.len(),
            &red,
            &black,
        )));
    }

    /// The value for the side to move by the attached net, if one is.
    #[must_use]
    pub fn attached_network_value(&self) -> Option<i32> {
        let stack = self.nnue.as_ref()?;
        Some(stack.value(self.history.len(), nnue::view(self.board.side_to_move())))
    }

    /// The value for the side to move by `net`, centipawns: from the
    /// accumulators when `net` is the one attached, otherwise afresh.
    #[must_use]
    pub fn network_value(&self, net: &Arc<Network>) -> i32 {
        match &self.nnue {
            Some(stack) if Arc::ptr_eq(stack.net(), net) => {
                stack.value(self.history.len(), nnue::view(self.board.side_to_move()))
            }
            _ => nnue::evaluate_afresh(net, &self.board),
        }
    }

    /// Takes back the last move; `false` when there is none.
    pub fn undo(&mut self) -> bool {
        match self.last_move() {
            Some(mv) => {
                self.unmake_move(mv);
                true
            }
            None => false,
        }
    }

    /// The game's status by the rules, with threefold repetition judged over
    /// the whole history.
    #[must_use]
    pub fn status(&self) -> XiangqiStatus {
        let mut moves = Vec::with_capacity(64);
        self.board.generate(&mut moves, false);
        let winner = self.board.side_to_move().opponent();
        if moves.is_empty() {
            return if self.in_check() {
                XiangqiStatus::Checkmate { winner }
            } else {
                XiangqiStatus::Stalemate { winner }
            };
        }
        if let Some(first) = self.threefold_start() {
            return match self.repetition_loser(self.history.len() - first) {
                Some((loser, Verdict::Check)) => XiangqiStatus::PerpetualCheck {
                    winner: loser.opponent(),
                },
                Some((loser, Verdict::Chase)) => XiangqiStatus::PerpetualChase {
                    winner: loser.opponent(),
                },
                None => XiangqiStatus::Repetition,
            };
        }
        if self.halfmove >= NO_CAPTURE_PLIES {
            return XiangqiStatus::NoCaptures;
        }
        XiangqiStatus::Ongoing
    }

    /// If the current position has occurred twice before since the last
    /// capture, how many moves ago the first of those was played from.
    fn threefold_start(&self) -> Option<usize> {
        let hash = self.board.hash();
        let window = (self.halfmove as usize).min(self.history.len());
        let mut seen = 0;
        let mut back = 2;
        while back <= window {
            let index = self.history.len() - back;
            if self.history[index].hash_before == hash {
                seen += 1;
                if seen == 2 {
                    return Some(index);
                }
            }
            back += 2;
        }
        None
    }

    /// Who loses a repetition whose cycle is the last `plies` moves, and by
    /// which rule: perpetual check is judged first; when neither side or
    /// both checked throughout, the one side that chased throughout loses.
    /// Both checking, both chasing, or neither: a draw (`None`).
    fn repetition_loser(&self, plies: usize) -> Option<(Color, Verdict)> {
        let cycle = &self.history[self.history.len() - plies..];
        let checks = self.perpetual_checks(plies);
        if let Some(checker) = lone_side(checks) {
            return Some((checker, Verdict::Check));
        }
        if checks == [true, true] {
            return None;
        }
        lone_side(chase::perpetual_chasers(&self.board, cycle))
            .map(|chaser| (chaser, Verdict::Chase))
    }

    /// Over the last `plies` moves, for each side (by [`Color::index`]),
    /// whether it gave check with every one of its moves.
    fn perpetual_checks(&self, plies: usize) -> [bool; 2] {
        let recent = &self.history[self.history.len() - plies..];
        // The last move was made by the side not to move.
        let mover_last = self.board.side_to_move().opponent();
        let mut all_checks = [true, true];
        for (i, undo) in recent.iter().rev().enumerate() {
            let mover = if i % 2 == 0 {
                mover_last
            } else {
                mover_last.opponent()
            };
            all_checks[mover.index()] &= undo.checked;
        }
        all_checks
    }

    /// How many pieces of `kind` `color` has.
    #[must_use]
    pub fn count(&self, color: Color, kind: Kind) -> usize {
        self.board
            .pieces()
            .filter(|(_, p)| p.color == color && p.kind == kind)
            .count()
    }
}

/// The one side (by [`Color::index`]) for which `sides` holds, if only one.
fn lone_side(sides: [bool; 2]) -> Option<Color> {
    match sides {
        [true, false] => Some(Color::Red),
        [false, true] => Some(Color::Black),
        _ => None,
    }
}

impl Game for XiangqiGame {
    type Move = Move;

    const MOVE_INDEX_SPACE: usize = 8100;
    // Search runs at about half chess's node rate (0.5–0.66 against
    // 1.2–1.6 million nodes/s in `banco bench`).
    const NODE_COST: u64 = 2;
    // Net 1 against `strong` at 2+0.02: see docs/nnue.md.
    const FULL_STRENGTH_EVALUATOR: EvaluatorStrength = EvaluatorStrength::Nnue;
    // Passed its SPRT in xiangqi too (docs/search.md).
    const SINGULAR_EXTENSIONS: bool = true;
    // A PV node's later moves a ply shallower once one has raised alpha,
    // below depth 6: passed at 2+0.02, +22.0 +- 14.7 Elo after 1,138 games
    // (docs/search.md). Delta pruning in quiescence at a margin of 100,
    // the victim counted at three times its exchange value as in chess:
    // passed at 20,000 nodes on its second run (docs/search.md).
    const SEARCH_PARAMS: SearchParams = SearchParams {
        alpha_raise_max_depth: 6,
        qs_delta_margin: 100,
        ..SearchParams::DEFAULT
    };

    fn side_to_move(&self) -> Side {
        self.board.side_to_move().side()
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.board.generate(out, false);
    }

    fn make_move(&mut self, mv: Move) {
        let hash_before = self.board.hash();
        let halfmove_before = self.halfmove;
        let captured = self.board.apply(mv);
        if let Some(stack) = &mut self.nnue
            && let Some(moved) = self.board.piece_at(mv.to)
        {
            nnue::push(
                stack,
                self.history.len() + 1,
                mv,
                moved,
                Piece::from_code(captured),
                &self.board,
            );
        }
        self.halfmove = if captured == EMPTY {
            self.halfmove + 1
        } else {
            0
        };
        if self.board.side_to_move() == Color::Red {
            self.fullmove += 1;
        }
        self.history.push(Undo {
            mv: Some(mv),
            captured,
            hash_before,
            halfmove_before,
            checked: self.board.in_check(),
        });
    }

    fn unmake_move(&mut self, mv: Move) {
        let undo = self.history.pop().expect("a move to take back");
        debug_assert_eq!(undo.mv, Some(mv));
        if self.board.side_to_move() == Color::Red {
            self.fullmove -= 1;
        }
        self.board.revert(mv, undo.captured);
        self.halfmove = undo.halfmove_before;
        if let Some(stack) = &mut self.nnue
            && !stack.is_valid(self.history.len())
        {
            let (red, black) = nnue::features(stack.net(), &self.board);
            stack.back_to(self.history.len(), &red, &black);
        }
    }

    fn hash(&self) -> u64 {
        self.board.hash()
    }

    fn hash_after(&self, mv: Move) -> Option<u64> {
        Some(self.board.hash_after(mv))
    }

    fn rule_outcome(&self) -> Option<Outcome> {
        if self.halfmove < NO_CAPTURE_PLIES {
            return None;
        }
        // A mate on the last move still counts.
        if self.in_check() {
            let mut moves = Vec::with_capacity(64);
            self.board.generate(&mut moves, false);
            if moves.is_empty() {
                return None;
            }
        }
        Some(Outcome::Draw)
    }

    fn no_moves_outcome(&self) -> Outcome {
        Outcome::Loss
    }

    fn in_check(&self) -> bool {
        self.history
            .last()
            .map_or(self.start_in_check, |undo| undo.checked)
    }

    fn gives_check(&self, mv: Move) -> bool {
        self.board.gives_check(mv)
    }

    fn move_index(mv: Move) -> usize {
        mv.index()
    }

    fn destination(mv: Move) -> Option<usize> {
        Some(mv.to.index())
    }

    fn move_key(mv: Move) -> u16 {
        mv.index() as u16
    }

    fn reversible_plies(&self) -> usize {
        self.halfmove as usize
    }

    fn previous_hashes(&self, out: &mut Vec<u64>) {
        out.extend(self.history.iter().map(|undo| undo.hash_before));
    }

    fn repetition_outcome(&self, cycle_plies: usize) -> Outcome {
        let plies = cycle_plies.min(self.history.len());
        match self.repetition_loser(plies) {
            Some((loser, _)) if loser == self.board.side_to_move() => Outcome::Loss,
            Some(_) => Outcome::Win,
            None => Outcome::Draw,
        }
    }

    fn null_move_allowed(&self) -> bool {
        !self.in_check() && self.board.has_attackers(self.board.side_to_move())
    }

    fn make_null_move(&mut self) {
        if let Some(stack) = &mut self.nnue {
            stack.push(self.history.len() + 1);
        }
        self.history.push(Undo {
            mv: None,
            captured: EMPTY,
            hash_before: self.board.hash(),
            halfmove_before: self.halfmove,
            checked: false,
        });
        self.halfmove += 1;
        self.board.pass();
    }

    fn unmake_null_move(&mut self) {
        let undo = self.history.pop().expect("a null move to take back");
        self.board.pass();
        self.halfmove = undo.halfmove_before;
        if let Some(stack) = &mut self.nnue
            && !stack.is_valid(self.history.len())
        {
            let (red, black) = nnue::features(stack.net(), &self.board);
            stack.back_to(self.history.len(), &red, &black);
        }
    }
}
