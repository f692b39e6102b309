//! Choosing a move: what the rules force first, then a forced win by threats,
//! then the shared search, and last a check that the move chosen does not
//! leave the opponent a VCF that another move would stop.
//!
//! 1. the empty board: the centre;
//! 2. a five of our own; else the block of the opponent's five point;
//! 3. a VCF, then a VCT (strong evaluator only);
//! 4. the search, within the limits given;
//! 5. if the opponent then has a VCF, the first move by the ordering hint
//!    after which he has none (when one exists).

use std::time::{Duration, Instant};

use banco_search::{Evaluator, Game, Limits, Report, SearchObserver, Searcher};

use crate::board::Threat;
use crate::threat::{ThreatLimits, ThreatOutcome, vcf, vct};
use crate::{GomokuEvaluator, GomokuGame, Point};

/// Positions the root VCF may visit without a clock.
pub const ROOT_VCF_NODES: u64 = 100_000;
/// Positions the root VCT may visit without a clock.
pub const ROOT_VCT_NODES: u64 = 40_000;
/// Threes a root VCT may play in one line.
pub const ROOT_VCT_THREES: u32 = 3;
/// Positions each safety check of a candidate move may visit.
const SAFETY_VCF_NODES: u64 = 20_000;
/// Candidate moves the safety check tries at most.
const SAFETY_MOVES: usize = 40;

/// Why the move was chosen.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Reason {
    /// The first stone goes in the centre.
    Opening,
    /// It makes five.
    Five,
    /// It stops the opponent's five.
    Block,
    /// It starts a win by continuous fours (the line follows).
    Vcf(Vec<Point>),
    /// It starts a win by continuous threats (the line follows).
    Vct(Vec<Point>),
    /// The search chose it.
    Search,
    /// The search's move left the opponent a VCF; this one does not.
    Defence,
}

/// A chosen move and why.
#[derive(Clone, Debug)]
pub struct Choice {
    /// The move.
    pub point: Point,
    /// Why.
    pub reason: Reason,
    /// The search's last report, when the search ran.
    pub report: Option<Report<Point>>,
}

/// The threat searches' share of a timed move.
fn threat_deadline(limits: &Limits, start: Instant, share: u32) -> Option<Instant> {
    limits
        .move_time
        .map(|t| start + (t / share).max(Duration::from_millis(1)))
}

/// Chooses a move for the side to move; `None` when the game is over.
pub fn choose_move(
    game: &GomokuGame,
    searcher: &mut Searcher,
    eval: GomokuEvaluator,
    limits: &Limits,
    observer: &mut dyn SearchObserver<Point>,
) -> Option<Choice> {
    let start = Instant::now();
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let first = *moves.first()?;
    let choice = |point, reason| {
        Some(Choice {
            point,
            reason,
            report: None,
        })
    };
    if game.stones() == 0 {
        return choice(first, Reason::Opening);
    }
    let board = game.board();
    let me = game.side_to_move();
    if board.count(me, Threat::Five) > 0 {
        return choice(first, Reason::Five);
    }
    if board.count(me.opponent(), Threat::Five) > 0 {
        return choice(first, Reason::Block);
    }
    let quick = limits.depth.is_some_and(|d| d <= 1);
    let strong = eval == GomokuEvaluator::Strong;
    if strong {
        let scale = if quick { 20 } else { 1 };
        let found = vcf(
            game,
            ThreatLimits {
                nodes: ROOT_VCF_NODES / scale,
                deadline: threat_deadline(limits, start, 8),
            },
        );
        if let ThreatOutcome::Win(line) = found.outcome {
            return choice(line[0], Reason::Vcf(line));
        }
        let found = vct(
            game,
            ThreatLimits {
                nodes: ROOT_VCT_NODES / scale,
                deadline: threat_deadline(limits, start, 5),
            },
            ROOT_VCT_THREES,
        );
        if let ThreatOutcome::Win(line) = found.outcome {
            return choice(line[0], Reason::Vct(line));
        }
    }
    let mut limits = limits.clone();
    if let Some(t) = limits.move_time {
        limits.move_time = Some(
            t.saturating_sub(start.elapsed())
                .max(Duration::from_millis(1)),
        );
    }
    let result = searcher.search(game, &eval, &limits, observer);
    let best = result.best_move.unwrap_or(first);
    let mut chosen = Choice {
        point: best,
        reason: Reason::Search,
        report: Some(result.report),
    };
    if strong
        && !quick
        && crate::threat::vcf(&after(game, best), ThreatLimits::nodes(SAFETY_VCF_NODES))
            .winning_move()
            .is_some()
    {
        let mut ordered = moves.clone();
        ordered.sort_by_key(|&p| std::cmp::Reverse(eval.order_hint(game, p)));
        let deadline = threat_deadline(&limits, start, 2).or(Some(start + Duration::from_secs(5)));
        for p in ordered.into_iter().take(SAFETY_MOVES) {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            let answer = vcf(
                &after(game, p),
                ThreatLimits {
                    nodes: SAFETY_VCF_NODES,
                    deadline,
                },
            );
            if answer.outcome == ThreatOutcome::NoWin {
                chosen.point = p;
                chosen.reason = Reason::Defence;
                break;
            }
        }
    }
    Some(chosen)
}

fn after(game: &GomokuGame, p: Point) -> GomokuGame {
    let mut next = game.clone();
    next.make_move(p);
    next
}
