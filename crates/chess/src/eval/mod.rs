//! Chess evaluators: the seeds' simple one and the strong default, behind one
//! [`Evaluator`] so the CLI, the protocols and the lab choose by name.

pub mod pesto;
pub mod seeds;
pub mod strong;
pub mod tactics;

use banco_search::{EvalBreakdown, Evaluator, EvaluatorStrength, Side};
use shakmaty::{Color, Move};

use crate::ChessGame;

/// The player a colour is.
fn side_of(color: Color) -> Side {
    match color {
        Color::White => Side::First,
        Color::Black => Side::Second,
    }
}

/// Which evaluation.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash)]
pub enum ChessEvaluator {
    /// The seeds' material and piece-square tables.
    Simple,
    /// Tapered evaluation with mobility, pawn structure and king safety.
    #[default]
    Strong,
}

impl ChessEvaluator {
    /// Both, simplest first.
    pub const ALL: [ChessEvaluator; 2] = [ChessEvaluator::Simple, ChessEvaluator::Strong];
}

/// The evaluator a name or a difficulty level asks for.
impl From<EvaluatorStrength> for ChessEvaluator {
    fn from(strength: EvaluatorStrength) -> ChessEvaluator {
        match strength {
            EvaluatorStrength::Simple => ChessEvaluator::Simple,
            EvaluatorStrength::Strong => ChessEvaluator::Strong,
        }
    }
}

impl Evaluator<ChessGame> for ChessEvaluator {
    fn name(&self) -> &'static str {
        match self {
            ChessEvaluator::Simple => "simple",
            ChessEvaluator::Strong => "strong",
        }
    }

    fn evaluate(&self, game: &ChessGame) -> i32 {
        match self {
            ChessEvaluator::Simple => seeds::evaluate(game.position()),
            ChessEvaluator::Strong => strong::evaluate(game.position()),
        }
    }

    fn explain(&self, game: &ChessGame) -> Option<EvalBreakdown> {
        Some(match self {
            ChessEvaluator::Simple => seeds::explain(game.position()),
            ChessEvaluator::Strong => strong::explain(game.position()),
        })
    }

    fn noisy_moves(&self, game: &ChessGame, out: &mut Vec<Move>) {
        tactics::noisy_moves(game.position(), out);
    }

    fn is_noisy(&self, _game: &ChessGame, mv: Move) -> bool {
        tactics::is_noisy(mv)
    }

    fn order_hint(&self, _game: &ChessGame, mv: Move) -> i32 {
        tactics::mvv_lva(mv)
    }

    fn exchange_at_least(&self, game: &ChessGame, mv: Move, threshold: i32) -> bool {
        tactics::exchange_at_least(game.position(), mv, threshold)
    }
}
