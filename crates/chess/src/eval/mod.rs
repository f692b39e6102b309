//! Chess evaluators: the seeds' simple one and the strong default, behind one
//! [`Evaluator`] so the CLI, the protocols and the lab choose by name.

pub mod nnue;
pub mod pesto;
pub mod seeds;
pub mod strong;
pub mod tactics;

use banco_search::{EvalBreakdown, Evaluator, EvaluatorStrength, Side};
use cozy_chess::{Color, Move};

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
    /// The learned evaluation (NNUE), updated move by move.
    Nnue,
}

impl ChessEvaluator {
    /// All three, simplest first.
    pub const ALL: [ChessEvaluator; 3] = [
        ChessEvaluator::Simple,
        ChessEvaluator::Strong,
        ChessEvaluator::Nnue,
    ];
}

/// The evaluator a name or a difficulty level asks for.
impl From<EvaluatorStrength> for ChessEvaluator {
    fn from(strength: EvaluatorStrength) -> ChessEvaluator {
        match strength {
            EvaluatorStrength::Simple => ChessEvaluator::Simple,
            EvaluatorStrength::Strong => ChessEvaluator::Strong,
            EvaluatorStrength::Nnue => ChessEvaluator::Nnue,
        }
    }
}

impl Evaluator<ChessGame> for ChessEvaluator {
    fn name(&self) -> &'static str {
        match self {
            ChessEvaluator::Simple => "simple",
            ChessEvaluator::Strong => "strong",
            ChessEvaluator::Nnue => "nnue",
        }
    }

    fn evaluate(&self, game: &ChessGame) -> i32 {
        match self {
            ChessEvaluator::Simple => seeds::evaluate(game.position()),
            ChessEvaluator::Strong => strong::evaluate(game.position()),
            ChessEvaluator::Nnue => game
                .attached_network_value()
                .unwrap_or_else(|| game.network_value(&nnue::network())),
        }
    }

    fn prepare(&self, root: &ChessGame) -> Option<ChessGame> {
        (*self == ChessEvaluator::Nnue).then(|| {
            let mut game = root.clone();
            game.attach_network(nnue::network());
            game
        })
    }

    fn explain(&self, game: &ChessGame) -> Option<EvalBreakdown> {
        match self {
            ChessEvaluator::Simple => Some(seeds::explain(game.position())),
            ChessEvaluator::Strong => Some(strong::explain(game.position())),
            ChessEvaluator::Nnue => Some(nnue::explain(game, self.evaluate(game))),
        }
    }

    fn noisy_moves(&self, game: &ChessGame, out: &mut Vec<Move>) {
        tactics::noisy_moves(game.position(), out);
    }

    fn is_noisy(&self, game: &ChessGame, mv: Move) -> bool {
        tactics::is_noisy(game.position(), mv)
    }

    fn order_hint(&self, game: &ChessGame, mv: Move) -> i32 {
        tactics::mvv_lva(game.position(), mv)
    }

    fn exchange_at_least(&self, game: &ChessGame, mv: Move, threshold: i32) -> bool {
        tactics::exchange_at_least(game.position(), mv, threshold)
    }

    fn capture_value(&self, game: &ChessGame, mv: Move) -> Option<i32> {
        tactics::capture_value(game.position(), mv)
    }
}
