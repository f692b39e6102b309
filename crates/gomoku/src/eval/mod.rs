//! Gomoku evaluators: the seeds' simple one and the strong default, behind one
//! [`Evaluator`] so the CLI, the protocol and the lab choose by name.
//!
//! The strong evaluator also gives the search its threat hooks: quiescence
//! over fours (and the block of a four), ordering by pattern value, and the
//! wins a glance proves at inner nodes ([`Evaluator::proven_win`]: a five to
//! play, or a straight four).

pub mod simple;
pub mod strong;

use banco_search::{EvalBreakdown, Evaluator, EvaluatorStrength, Game};

use crate::board::Threat;
use crate::{GomokuGame, Point};

/// Which evaluation.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash)]
pub enum GomokuEvaluator {
    /// The seeds' caro evaluation: runs of stones counted per stone.
    Simple,
    /// Incremental line patterns and threats.
    #[default]
    Strong,
}

impl GomokuEvaluator {
    /// Both, simplest first.
    pub const ALL: [GomokuEvaluator; 2] = [GomokuEvaluator::Simple, GomokuEvaluator::Strong];
}

/// The evaluator a name or a difficulty level asks for.
impl From<EvaluatorStrength> for GomokuEvaluator {
    fn from(strength: EvaluatorStrength) -> GomokuEvaluator {
        match strength {
            EvaluatorStrength::Simple => GomokuEvaluator::Simple,
            // Gomoku's evaluation is tuned, not learned as a net.
            EvaluatorStrength::Strong | EvaluatorStrength::Nnue => GomokuEvaluator::Strong,
        }
    }
}

impl Evaluator<GomokuGame> for GomokuEvaluator {
    fn name(&self) -> &'static str {
        match self {
            GomokuEvaluator::Simple => "simple",
            GomokuEvaluator::Strong => "strong",
        }
    }

    fn evaluate(&self, game: &GomokuGame) -> i32 {
        match self {
            GomokuEvaluator::Simple => simple::evaluate(game),
            GomokuEvaluator::Strong => strong::evaluate(game),
        }
    }

    fn explain(&self, game: &GomokuGame) -> Option<EvalBreakdown> {
        Some(match self {
            GomokuEvaluator::Simple => simple::explain(game),
            GomokuEvaluator::Strong => strong::explain(game),
        })
    }

    /// Fives if the side to move has one; else the block of the opponent's
    /// five point; else the fours that are also a second threat (four-three
    /// or better). Plain fours are left out: with every four and its block
    /// searched here as well, the quiescence tree of a crowded position
    /// exploded while a VCF probe ran beside it, and without the probe they
    /// gained nothing (docs/search.md).
    fn noisy_moves(&self, game: &GomokuGame, out: &mut Vec<Point>) {
        out.clear();
        if game.rule_outcome().is_some() {
            return;
        }
        let me = game.side_to_move();
        let them = me.opponent();
        let board = game.board();
        if board.count(me, Threat::Five) > 0 {
            game.points_with(me, Threat::Five, out);
        } else if board.count(them, Threat::Five) > 0 {
            game.legal_moves(out);
        } else if *self == GomokuEvaluator::Simple {
            game.points_with(me, Threat::Four, out);
        } else {
            game.points_with(me, Threat::FourThree, out);
        }
    }

    fn is_noisy(&self, game: &GomokuGame, mv: Point) -> bool {
        match self {
            GomokuEvaluator::Simple => false,
            GomokuEvaluator::Strong => strong::is_tactical(game, mv.index()),
        }
    }

    fn order_hint(&self, game: &GomokuGame, mv: Point) -> i32 {
        match self {
            GomokuEvaluator::Simple => simple::centre_first(game, mv),
            GomokuEvaluator::Strong => strong::order_hint(game, mv.index()),
        }
    }

    fn quiet_hint(&self, game: &GomokuGame, mv: Point) -> i32 {
        match self {
            GomokuEvaluator::Simple => 0,
            GomokuEvaluator::Strong => strong::quiet_hint(game, mv.index()),
        }
    }

    fn proven_win(&self, game: &mut GomokuGame) -> Option<u32> {
        if *self == GomokuEvaluator::Simple {
            return None;
        }
        let board = game.board();
        let me = game.side_to_move();
        if board.count(me, Threat::Five) > 0 {
            return Some(1);
        }
        if board.count(me.opponent(), Threat::Five) > 0 {
            return None;
        }
        if board.count(me, Threat::OpenFour) > 0 {
            let mut open = Vec::new();
            game.points_with(me, Threat::OpenFour, &mut open);
            if !open.is_empty() {
                return Some(3);
            }
        }
        // A VCF was searched here too, on a budget of a few nodes, and cost
        // more than it found: with none, freestyle gained 75 Elo and renju
        // lost nothing (docs/search.md). The search's own tree and the
        // threat solvers at the root find the longer wins.
        None
    }
}
