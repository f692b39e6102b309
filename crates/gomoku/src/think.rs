//! Choosing a move: what the rules force first, then a forced win by threats,
//! then the shared search, and last a check that the move chosen does not
//! leave the opponent a VCF that another move would stop.
//!
//! 1. the empty board: the centre;
//! 2. a five of our own; else the block of the opponent's five point;
//! 3. a VCF, then a VCT (strong evaluator only);
//! 4. the search, within the limits given;
//! 5. if the opponent then has a VCF or a VCT, the first move (the points of
//!    his winning line first, then by the ordering hint) after which he has
//!    neither, when one is found in time.

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
/// Threes the safety check's VCT may play in one line.
const SAFETY_VCT_THREES: u32 = 2;
/// A search capped at this depth or less (the weak difficulty levels) reads
/// no threat sequences with threes: a VCT looks far past such a horizon.
/// Wins and defences by fours (VCF) it still sees.
const SHALLOW_DEPTH: u32 = 3;

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
    /// The search's move left the opponent a forced win; this one does not.
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

/// How a timed move's time is shared, in per cent of the move time, counted
/// from the start: the VCF ends by the first mark, the VCT by the second,
/// the search by the third, and the check of the chosen move by the last.
/// The solvers mostly end early on their node budgets and the check is
/// quick unless the move chosen is refuted, so the search's mark is late.
const VCF_UNTIL: u32 = 10;
const VCT_UNTIL: u32 = 20;
const SEARCH_UNTIL: u32 = 85;
const SAFETY_UNTIL: u32 = 95;

/// The instant `percent` of the move time after `start`, if the move is timed.
fn mark(limits: &Limits, start: Instant, percent: u32) -> Option<Instant> {
    limits
        .move_time
        .map(|t| start + (t * percent / 100).max(Duration::from_millis(1)))
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
    let shallow = limits.depth.is_some_and(|d| d <= SHALLOW_DEPTH);
    let safety_threes = if shallow { 0 } else { SAFETY_VCT_THREES };
    let strong = eval == GomokuEvaluator::Strong;
    let scale = if quick { 20 } else { 1 };
    if strong {
        let found = vcf(
            game,
            ThreatLimits {
                nodes: ROOT_VCF_NODES / scale,
                deadline: mark(limits, start, VCF_UNTIL),
            },
        );
        if let ThreatOutcome::Win(line) = found.outcome {
            return choice(line[0], Reason::Vcf(line));
        }
        if !shallow {
            let found = vct(
                game,
                ThreatLimits {
                    nodes: ROOT_VCT_NODES / scale,
                    deadline: mark(limits, start, VCT_UNTIL),
                },
                ROOT_VCT_THREES,
            );
            if let ThreatOutcome::Win(line) = found.outcome {
                return choice(line[0], Reason::Vct(line));
            }
        }
    }
    let mut search_limits = limits.clone();
    if let Some(until) = mark(limits, start, SEARCH_UNTIL) {
        let left = until.saturating_duration_since(Instant::now());
        search_limits.move_time = Some(left.max(Duration::from_millis(1)));
    }
    let result = searcher.search(game, &eval, &search_limits, observer);
    let best = result.best_move.unwrap_or(first);
    let mut chosen = Choice {
        point: best,
        reason: Reason::Search,
        report: Some(result.report),
    };
    if strong {
        let safety = ThreatLimits {
            nodes: SAFETY_VCF_NODES / scale,
            deadline: mark(limits, start, SAFETY_UNTIL),
        };
        if let Some(defence) = defence_against_vcf(game, best, &moves, eval, safety, safety_threes)
        {
            chosen.point = defence;
            chosen.reason = Reason::Defence;
        }
    }
    Some(chosen)
}

/// What the opponent could force after our move: a win by fours, a win by threats.
fn opponent_wins(
    game: &GomokuGame,
    ours: Point,
    limits: ThreatLimits,
    threes: u32,
) -> (bool, bool) {
    let next = after(game, ours);
    let by_fours = matches!(vcf(&next, limits).outcome, ThreatOutcome::Win(_));
    if by_fours {
        return (true, false);
    }
    if threes == 0 {
        return (false, false);
    }
    let threats = ThreatLimits {
        nodes: (limits.nodes / 4).max(1),
        ..limits
    };
    let by_threats = matches!(vct(&next, threats, threes).outcome, ThreatOutcome::Win(_));
    (false, by_threats)
}

/// If `best` leaves the opponent a forced win (VCF or VCT), a move that
/// leaves him none: the points of his winning line first, then the rest by
/// the ordering hint. When no move stops a VCT in time, one that at least
/// stops a VCF the chosen move allowed.
fn defence_against_vcf(
    game: &GomokuGame,
    best: Point,
    moves: &[Point],
    eval: GomokuEvaluator,
    limits: ThreatLimits,
    threes: u32,
) -> Option<Point> {
    let next = after(game, best);
    let (line, best_allows_vcf) = match vcf(&next, limits).outcome {
        ThreatOutcome::Win(line) => (line, true),
        _ if threes == 0 => return None,
        _ => {
            let threats = ThreatLimits {
                nodes: (limits.nodes / 4).max(1),
                ..limits
            };
            match vct(&next, threats, threes).outcome {
                ThreatOutcome::Win(line) => (line, false),
                _ => return None,
            }
        }
    };
    let mut ordered = moves.to_vec();
    ordered.sort_by_key(|&p| std::cmp::Reverse(eval.order_hint(game, p)));
    let mut candidates: Vec<Point> = line.iter().copied().filter(|p| moves.contains(p)).collect();
    candidates.extend(ordered.into_iter().take(SAFETY_MOVES));
    let mut tried = Vec::new();
    let mut stops_fours = None;
    for p in candidates {
        if p == best || tried.contains(&p) {
            continue;
        }
        tried.push(p);
        if limits.deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        match opponent_wins(game, p, limits, threes) {
            (false, false) => return Some(p),
            (false, true) if stops_fours.is_none() => stops_fours = Some(p),
            _ => {}
        }
    }
    if best_allows_vcf { stops_fours } else { None }
}

fn after(game: &GomokuGame, p: Point) -> GomokuGame {
    let mut next = game.clone();
    next.make_move(p);
    next
}
