//! What a game is to Banco's front ends, beyond the rules the search sees.

use banco_search::{Evaluator, EvaluatorStrength, Game, Limits, SearchObserver, Searcher};
use serde::Serialize;

use crate::computer::Thought;
use crate::import::{RecordText, move_list};
use crate::{Ending, GameInfo, Setup, SetupError};

/// Why a move typed or sent cannot be played.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum MoveError {
    /// The game has ended.
    #[error("the game is over: {0}")]
    GameOver(String),
    /// The text is not a legal move here; the sentence says why, quoting it.
    #[error("{0}")]
    Invalid(String),
}

/// The points a move touches, for boards to highlight and to match clicks.
#[derive(Clone, Debug, Eq, PartialEq, Serialize)]
pub struct MoveSquares {
    /// Where the piece leaves; `None` for a stone placed on the board.
    pub from: Option<String>,
    /// Where it arrives.
    pub to: String,
    /// The promotion piece letter, if any (`q`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub promotion: Option<char>,
}

/// Game-specific facts a board shows besides the pieces.
#[derive(Clone, Debug, Default, Eq, PartialEq, Serialize)]
pub struct Marks {
    /// The square of the king (or general) in check.
    pub check: Option<String>,
    /// The winning line, for games won by a line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<Vec<String>>,
    /// Points the side to move may not play (renju's forbidden points).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forbidden: Option<Vec<String>>,
    /// The rule the game is played by, where a game has several.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<&'static str>,
}

/// What a record file says of a game besides its moves.
#[derive(Clone, Copy, Debug)]
pub struct RecordHeader<'a> {
    /// The players' names, the first mover's first.
    pub players: [&'a str; 2],
    /// The result (`1-0`, `*`), resignation included.
    pub result: &'a str,
    /// When the game began, milliseconds since 1970.
    pub created_ms: i64,
}

/// A gomoku position as the Gomocup protocol describes it.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct GomocupPosition {
    /// The board size.
    pub size: u8,
    /// The rule as Gomocup's `INFO rule` bits.
    pub rule_bits: u32,
    /// The stones: x, y from the top left, and whether the first player put it there.
    pub stones: Vec<(u8, u8, bool)>,
}

/// A game as every front end drives it. The rules and the evaluation are
/// the game crate's ([`Game`], [`Evaluator`]); this adds setup from text,
/// notation, the ending, the computer's move and records.
pub trait Playable: Game + Sized {
    /// The game's evaluator, made from the one evaluator name.
    type Eval: Evaluator<Self> + Copy + From<EvaluatorStrength> + 'static;

    /// Names, rules, sizes and tuning constants.
    const INFO: GameInfo;

    /// The usual start, by the default rule on the default board.
    fn start() -> Self;

    /// A new game by `setup`.
    ///
    /// # Errors
    ///
    /// A [`SetupError`] naming what is wrong with the rule, size or position.
    fn setup(setup: &Setup) -> Result<Self, SetupError>;

    /// The current position in the game's format; [`Playable::setup`] reads it back.
    fn position(&self) -> String;

    /// What a page's board renderer draws for the current position.
    fn snapshot(&self) -> String {
        self.position()
    }

    /// The moves a person may play here. The search's own list may leave
    /// some out (gomoku searches only near the stones); people get these.
    fn playable_moves(&self) -> Vec<Self::Move> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
    }

    /// A move typed by a person or sent by a program (SAN or UCI, WXF or
    /// ICCS, `h8` or `x,y`), checked to be legal.
    ///
    /// # Errors
    ///
    /// A [`MoveError`] saying why it is not a legal move here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// A move in program notation only (UCI, ICCS, `h8`), as protocols
    /// and the store send it, checked to be legal.
    ///
    /// # Errors
    ///
    /// A [`MoveError`] saying why it is not a legal move here.
    fn parse_code(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// The move in program notation (UCI, ICCS, `h8`), as stored.
    fn move_code(mv: Self::Move) -> String;

    /// The legal move `mv` in the notation people read (SAN, WXF).
    fn move_text(&self, mv: Self::Move) -> String;

    /// A line of moves from here, numbered as people write them.
    fn line_text(&self, moves: &[Self::Move]) -> String;

    /// The whole game so far, numbered.
    fn history_text(&self) -> String;

    /// The points `mv` touches.
    fn move_squares(mv: Self::Move) -> MoveSquares;

    /// How the game ended by its rules, or `None` while it goes on.
    fn ending(&self) -> Option<Ending>;

    /// Whether `side` could still win by some series of legal moves: a
    /// player whose clock runs out loses only to an opponent who could. By
    /// default always; chess says no for a king alone, or with one minor
    /// piece, or with bishops on one colour against a bare king.
    fn can_win(&self, side: banco_search::Side) -> bool {
        let _ = side;
        true
    }

    /// Game-specific facts a board shows (the checked king, a winning line).
    fn marks(&self) -> Marks {
        Marks::default()
    }

    /// The move number people count.
    fn move_number(&self) -> u32;

    /// Moves played since the start position.
    fn plies(&self) -> usize;

    /// Takes back the last move; `false` when there is none.
    fn take_back(&mut self) -> bool;

    /// The computer's move here: the shared search's, unless the game has its
    /// own way of choosing (a threat search before the search). Always
    /// returns a full report of how the move was found.
    fn choose_move(
        &self,
        searcher: &mut Searcher,
        eval: &Self::Eval,
        limits: &Limits,
        observer: &mut dyn SearchObserver<Self::Move>,
    ) -> Thought<Self::Move> {
        let result = searcher.search(self, eval, limits, observer);
        Thought {
            best_move: result.best_move,
            report: result.report,
            note: None,
        }
    }

    /// The game in a record format (`pgn`) with `header`, if the format is
    /// one of [`GameInfo::exports`] other than the position and the moves.
    fn record(&self, format: &str, header: &RecordHeader<'_>) -> Option<String> {
        let _ = (format, header);
        None
    }

    /// What a game record holds: by default a list of moves in any notation
    /// [`Playable::parse_move`] reads, numbers and results left out; games
    /// with a record format of their own (PGN) read it here.
    ///
    /// # Errors
    ///
    /// Why the record's own format does not read.
    fn read_record(text: &str) -> Result<RecordText, String> {
        Ok(RecordText {
            position: None,
            moves: move_list(text),
        })
    }

    /// The pieces square by square, for training data; `None` for games
    /// whose evaluation is not learned from such data (gomoku).
    fn training_board(&self) -> Option<crate::TrainingBoard> {
        None
    }

    /// The board as plain text lines (rank by rank), for protocols' `d`.
    fn board_lines(&self) -> Vec<String>;

    /// The position as a Gomocup brain is told it (gomoku only).
    fn gomocup_position(&self) -> Option<GomocupPosition> {
        None
    }

    /// The computer's answer at this step of a swap opening, the stones
    /// on the board being the opening so far; `None` for games without
    /// swap openings (all but gomoku).
    fn swap_answer(
        &self,
        opening: crate::swap::SwapRule,
        searcher: &mut Searcher,
        plan: &crate::SearchPlan,
    ) -> Option<Result<crate::swap::SwapAnswer, crate::swap::SwapError>> {
        let _ = (opening, searcher, plan);
        None
    }

    /// The name of the player to move.
    fn side_name(&self) -> &'static str {
        Self::INFO.sides[self.side_to_move().index()]
    }
}
