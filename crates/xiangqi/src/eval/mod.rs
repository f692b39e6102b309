//! Evaluators: the lab's `simple` one (material and piece-square tables),
//! the `strong` default (tapered material and tables, mobility, king safety)
//! and the learned `nnue` one. All share the move hints: captures are the noisy moves, ordered by
//! most valuable victim / least valuable attacker, with a one-recapture
//! exchange estimate.

pub mod nnue;
mod strong;
mod tables;

use banco_search::{EvalBreakdown, EvalTerm, Evaluator, EvaluatorStrength};

use crate::board::{Board, Move};
use crate::game::XiangqiGame;
use crate::piece::{Color, Kind};

pub use tables::{ORDER_VALUE, simple_value};

/// Which evaluation to use.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash)]
pub enum XiangqiEvaluator {
    /// Material and piece-square tables: what a course project would write.
    Simple,
    /// Tapered material and tables, mobility, king safety and the cannon threats.
    #[default]
    Strong,
    /// The learned evaluation (NNUE), updated move by move.
    Nnue,
}

impl XiangqiEvaluator {
    /// All three, simplest first.
    pub const ALL: [XiangqiEvaluator; 3] = [
        XiangqiEvaluator::Simple,
        XiangqiEvaluator::Strong,
        XiangqiEvaluator::Nnue,
    ];
}

/// The evaluator a name or a difficulty level asks for.
impl From<EvaluatorStrength> for XiangqiEvaluator {
    fn from(strength: EvaluatorStrength) -> XiangqiEvaluator {
        match strength {
            EvaluatorStrength::Simple => XiangqiEvaluator::Simple,
            EvaluatorStrength::Strong => XiangqiEvaluator::Strong,
            EvaluatorStrength::Nnue => XiangqiEvaluator::Nnue,
        }
    }
}

/// The simple evaluation of `board` from red's point of view.
fn simple_red(board: &Board) -> i32 {
    board
        .pieces()
        .map(|(sq, piece)| {
            let value = simple_value(piece.kind, piece.color, sq);
            match piece.color {
                Color::Red => value,
                Color::Black => -value,
            }
        })
        .sum()
}

/// The simple evaluation piece by piece, from red's point of view: each
/// piece's material and table value as one term.
fn simple_terms(board: &Board) -> Vec<EvalTerm> {
    board
        .pieces()
        .map(|(sq, piece)| {
            let value = simple_value(piece.kind, piece.color, sq);
            EvalTerm {
                group: "material and tables",
                name: "material and piece-square table",
                side: Some(piece.color.side()),
                point: Some(sq.to_string()),
                value: f64::from(match piece.color {
                    Color::Red => value,
                    Color::Black => -value,
                }),
            }
        })
        .collect()
}

impl Evaluator<XiangqiGame> for XiangqiEvaluator {
    fn name(&self) -> &'static str {
        match self {
            XiangqiEvaluator::Simple => "simple",
            XiangqiEvaluator::Strong => "strong",
            XiangqiEvaluator::Nnue => "nnue",
        }
    }

    fn evaluate(&self, game: &XiangqiGame) -> i32 {
        let board = game.board();
        let red = match self {
            XiangqiEvaluator::Simple => simple_red(board),
            XiangqiEvaluator::Strong => strong::evaluate_red(board),
            XiangqiEvaluator::Nnue => return nnue::evaluate(game),
        };
        match board.side_to_move() {
            Color::Red => red,
            Color::Black => -red,
        }
    }

    fn prepare(&self, root: &XiangqiGame) -> Option<XiangqiGame> {
        (*self == XiangqiEvaluator::Nnue).then(|| {
            let mut game = root.clone();
            game.attach_network(nnue::network());
            game
        })
    }

    fn explain(&self, game: &XiangqiGame) -> Option<EvalBreakdown> {
        let board = game.board();
        let (terms, red, blend) = match self {
            XiangqiEvaluator::Nnue => return Some(nnue::explain(game, nnue::evaluate(game))),
            XiangqiEvaluator::Simple => (simple_terms(board), simple_red(board), None),
            XiangqiEvaluator::Strong => {
                let (terms, red, blend) = strong::explain_red(board);
                (terms, red, Some(blend))
            }
        };
        Some(EvalBreakdown {
            terms,
            score: match board.side_to_move() {
                Color::Red => red,
                Color::Black => -red,
            },
            first_player_score: red,
            blend,
        })
    }

    fn noisy_moves(&self, game: &XiangqiGame, out: &mut Vec<Move>) {
        game.board().generate(out, true);
    }

    fn is_noisy(&self, game: &XiangqiGame, mv: Move) -> bool {
        game.board().piece_at(mv.to).is_some()
    }

    fn order_hint(&self, game: &XiangqiGame, mv: Move) -> i32 {
        let board = game.board();
        let victim = board
            .piece_at(mv.to)
            .map_or(0, |p| ORDER_VALUE[p.kind.index()]);
        let attacker = board
            .piece_at(mv.from)
            .map_or(0, |p| ORDER_VALUE[p.kind.index()]);
        victim * 16 - attacker / 16
    }

    fn exchange_at_least(&self, game: &XiangqiGame, mv: Move, threshold: i32) -> bool {
        exchange_estimate(game.board(), mv) >= threshold
    }

    fn capture_value(&self, game: &XiangqiGame, mv: Move) -> Option<i32> {
        // Xiangqi has no promotion: a capture gains its victim at most.
        Some(
            game.board()
                .piece_at(mv.to)
                .map_or(0, |p| ORDER_VALUE[p.kind.index()]),
        )
    }
}

/// What `mv` wins if the opponent recaptures once when it can: the victim's
/// value, less the mover's when the landing point is defended. A cheap
/// stand-in for a full exchange sequence, good enough to spot captures
/// that hang a chariot for a soldier.
#[must_use]
pub fn exchange_estimate(board: &Board, mv: Move) -> i32 {
    let value = |kind: Kind| ORDER_VALUE[kind.index()];
    let Some(mover) = board.piece_at(mv.from) else {
        return 0;
    };
    let gain = board.piece_at(mv.to).map_or(0, |p| value(p.kind));
    let mut after = board.clone();
    after.apply(mv);
    if after.attacked_by(mv.to, mover.color.opponent()) {
        gain - value(mover.kind)
    } else {
        gain
    }
}
