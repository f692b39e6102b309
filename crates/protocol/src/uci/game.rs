//! The games UCI plays, chosen with `UCI_Variant` as Fairy-Stockfish does:
//! `chess` (the default) and `xiangqi`, whose moves are ICCS coordinates
//! (files a–i, ranks 0–9 from red's side: `h2e2`).

use banco_chess::shakmaty::Position;
use banco_chess::{ChessEvaluator, ChessGame};
use banco_search::{Evaluator, EvaluatorStrength, Game};
use banco_xiangqi::{XiangqiEvaluator, XiangqiGame};

/// A game as UCI drives it: positions from FEN, moves as coordinate text.
pub trait UciGame: Game {
    /// Its evaluators.
    type Eval: Evaluator<Self> + Copy + std::fmt::Display + Send + 'static;

    /// The standard start position.
    fn start_position() -> Self;

    /// The position a FEN describes.
    ///
    /// # Errors
    ///
    /// What is wrong with the FEN.
    fn from_fen(fen: &str) -> Result<Self, String>;

    /// A coordinate move, checked to be legal here.
    ///
    /// # Errors
    ///
    /// Why the move cannot be played.
    fn parse_move(&self, text: &str) -> Result<Self::Move, String>;

    /// A move as coordinates.
    fn move_text(mv: Self::Move) -> String;

    /// The evaluator of a strength.
    fn evaluator(strength: EvaluatorStrength) -> Self::Eval;

    /// The position as FEN.
    fn fen(&self) -> String;

    /// The board as text lines, for the `d` command.
    fn board_lines(&self) -> Vec<String>;
}

impl UciGame for ChessGame {
    type Eval = ChessEvaluator;

    fn start_position() -> ChessGame {
        ChessGame::new()
    }

    fn from_fen(fen: &str) -> Result<ChessGame, String> {
        ChessGame::from_fen(fen).map_err(|e| e.to_string())
    }

    fn parse_move(&self, text: &str) -> Result<banco_chess::shakmaty::Move, String> {
        banco_chess::notation::parse_uci(self.position(), text).map_err(|e| e.to_string())
    }

    fn move_text(mv: banco_chess::shakmaty::Move) -> String {
        banco_chess::notation::to_uci(mv)
    }

    fn evaluator(strength: EvaluatorStrength) -> ChessEvaluator {
        ChessEvaluator::for_strength(strength)
    }

    fn fen(&self) -> String {
        ChessGame::fen(self)
    }

    fn board_lines(&self) -> Vec<String> {
        self.position()
            .board()
            .to_string()
            .lines()
            .map(str::to_owned)
            .collect()
    }
}

impl UciGame for XiangqiGame {
    type Eval = XiangqiEvaluator;

    fn start_position() -> XiangqiGame {
        XiangqiGame::new()
    }

    fn from_fen(fen: &str) -> Result<XiangqiGame, String> {
        XiangqiGame::from_fen(fen).map_err(|e| format!("invalid FEN '{fen}': {e}"))
    }

    fn parse_move(&self, text: &str) -> Result<banco_xiangqi::Move, String> {
        let mv = banco_xiangqi::notation::parse_iccs(text).map_err(|e| e.to_string())?;
        if self.board().is_legal(mv) {
            Ok(mv)
        } else {
            Err(format!("illegal move '{text}'"))
        }
    }

    fn move_text(mv: banco_xiangqi::Move) -> String {
        mv.to_string()
    }

    fn evaluator(strength: EvaluatorStrength) -> XiangqiEvaluator {
        match strength {
            EvaluatorStrength::Simple => XiangqiEvaluator::Simple,
            EvaluatorStrength::Strong => XiangqiEvaluator::Strong,
        }
    }

    fn fen(&self) -> String {
        XiangqiGame::fen(self)
    }

    fn board_lines(&self) -> Vec<String> {
        let board = self.board();
        (0..10)
            .rev()
            .map(|rank| {
                let row: String = (0..9)
                    .map(|file| {
                        banco_xiangqi::Square::new(file, rank)
                            .and_then(|sq| board.piece_at(sq))
                            .map_or('.', banco_xiangqi::Piece::fen_char)
                    })
                    .collect();
                format!("{rank} {row}")
            })
            .chain(std::iter::once("  abcdefghi".to_owned()))
            .collect()
    }
}

/// The variants `UCI_Variant` offers.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Default)]
pub enum Variant {
    /// Chess.
    #[default]
    Chess,
    /// Xiangqi, with ICCS moves.
    Xiangqi,
}

impl Variant {
    /// Every variant, in the order the `uci` answer lists them.
    pub const ALL: [Variant; 2] = [Variant::Chess, Variant::Xiangqi];

    /// The name `UCI_Variant` takes.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Chess => "chess",
            Variant::Xiangqi => "xiangqi",
        }
    }

    /// The variant a name selects (case ignored).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Variant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(name.trim()))
    }
}

/// The position of whichever game is being played.
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// A chess position.
    Chess(ChessGame),
    /// A xiangqi position (boxed: its mailbox is ten times a chess game's handle).
    Xiangqi(Box<XiangqiGame>),
}

impl AnyGame {
    /// The start position of `variant`.
    #[must_use]
    pub fn start(variant: Variant) -> AnyGame {
        match variant {
            Variant::Chess => AnyGame::Chess(ChessGame::new()),
            Variant::Xiangqi => AnyGame::Xiangqi(Box::new(XiangqiGame::new())),
        }
    }

    /// Which variant this is.
    #[must_use]
    pub fn variant(&self) -> Variant {
        match self {
            AnyGame::Chess(_) => Variant::Chess,
            AnyGame::Xiangqi(_) => Variant::Xiangqi,
        }
    }
}
