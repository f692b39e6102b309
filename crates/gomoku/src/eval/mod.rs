//! Gomoku evaluators: the seeds' simple one and the strong default, behind one
//! [`Evaluator`] so the CLI, the protocol and the lab choose by name.
//!
//! The strong evaluator also gives the search its threat hooks: quiescence
//! over fours (and the block of a four), ordering by pattern value, and a
//! small VCF at inner nodes ([`Evaluator::proven_win`]).

pub mod simple;
pub mod strong;

use banco_search::{EvalBreakdown, Evaluator, EvaluatorStrength, Game};

use crate::board::Threat;
use crate::threat::{ThreatLimits, ThreatOutcome, vcf_in_place};
use crate::{GomokuGame, Point};

/// Positions a VCF inside the search may visit.
pub const SEARCH_VCF_NODES: u64 = 8;

/// Which evaluation.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash)]
pub enum GomokuEvaluator {
    /// The seeds' caro evaluation: runs of stones counted per stone.
    Simple,
    /// Incremental line patterns and threats, with a VCF probe.
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
    /// or better). Plain fours are left to the VCF probe that the engine
    /// runs at the same nodes ([`Evaluator::proven_win`]): searched here as
    /// well, every four and its block, they made the quiescence tree of a
    /// crowded position explode.
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
        // A win by fours needs two fours to play (one four alone is
        // blocked), unless a block would be a renju foul; the probe runs at
        // every node, so it looks only where a win is plausible.
        let fours = board.count_at_least(me, Threat::Four);
        let foul_blocks = game.rule() == crate::Rule::Renju && me == banco_search::Side::Second;
        if fours == 0 || (fours == 1 && !foul_blocks) {
            return None;
        }
        let hash = game.hash();
        if let Some(answer) = game.probes().get(hash) {
            return answer;
        }
        let answer = match vcf_in_place(game, ThreatLimits::nodes(SEARCH_VCF_NODES)).outcome {
            ThreatOutcome::Win(line) => u32::try_from(line.len()).ok(),
            _ => None,
        };
        game.probes().put(hash, answer);
        answer
    }
}
