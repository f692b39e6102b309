//! Threat-space search: proving a forced win by threats the opponent must
//! answer.
//!
//! - **VCF** (victory by continuous fours): the attacker plays only fours;
//!   each four leaves the defender one point, which he must take. The
//!   attacker wins when a four is also a second threat (a straight four, two
//!   fours, or under renju a block on a point forbidden to black). A block
//!   that is itself a four for the defender ends the line: the attacker would
//!   have to answer it.
//! - **VCT** (victory by continuous threats): the attacker may also play
//!   threes that threaten a straight four. The defender may then take any
//!   point on the lines of the threatened straight fours (the points that can
//!   spoil them) or play a four of his own; the attacker must win against
//!   every such answer. A VCF is tried first at every node.
//!
//! Both run on a node budget and an optional deadline, and say `Unknown` when
//! either runs out. Positions already refuted are remembered by hash when
//! the budget is large enough to make that pay.

use std::collections::HashSet;
use std::time::Instant;

use banco_search::{Game, Side};

use crate::board::Threat;
use crate::renju::DIRECTIONS;
use crate::{GomokuGame, Point};

/// Budgets below this many nodes skip the table of refuted positions.
const MEMO_FROM: u64 = 4_096;
/// How often, in nodes, the deadline is read.
const CLOCK_INTERVAL: u64 = 512;

/// What a threat search found.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum ThreatOutcome {
    /// A forced win: the attacker's and defender's moves, the winning five last.
    Win(Vec<Point>),
    /// No win of this kind exists (within the search's own rules).
    NoWin,
    /// The budget ran out first.
    Unknown,
}

/// A threat search's answer and its cost.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct ThreatAnswer {
    /// What was found.
    pub outcome: ThreatOutcome,
    /// Positions visited.
    pub nodes: u64,
}

impl ThreatAnswer {
    /// The first move of a win, if one was found.
    #[must_use]
    pub fn winning_move(&self) -> Option<Point> {
        match &self.outcome {
            ThreatOutcome::Win(line) => line.first().copied(),
            _ => None,
        }
    }
}

/// Bounds on one threat search.
#[derive(Copy, Clone, Debug)]
pub struct ThreatLimits {
    /// Most positions to visit.
    pub nodes: u64,
    /// When to give up, if ever.
    pub deadline: Option<Instant>,
}

impl ThreatLimits {
    /// A node budget alone.
    #[must_use]
    pub const fn nodes(nodes: u64) -> ThreatLimits {
        ThreatLimits {
            nodes,
            deadline: None,
        }
    }
}

/// Searches for a VCF for the side to move.
#[must_use]
pub fn vcf(game: &GomokuGame, limits: ThreatLimits) -> ThreatAnswer {
    let mut solver = Solver::new(limits);
    let mut game = game.clone();
    let mut line = Vec::new();
    let outcome = solver.vcf(&mut game, &mut line);
    solver.answer(outcome, line)
}

/// Searches for a VCT for the side to move, with at most `threes` threes
/// (fours are free) on any line.
#[must_use]
pub fn vct(game: &GomokuGame, limits: ThreatLimits, threes: u32) -> ThreatAnswer {
    let mut solver = Solver::new(limits);
    let mut game = game.clone();
    let mut line = Vec::new();
    let outcome = solver.vct(&mut game, threes, &mut line);
    solver.answer(outcome, line)
}

/// Where a solver remembers the positions it refuted.
enum Refuted {
    /// Nowhere: a small search, where a set would cost more than it saves.
    Off,
    /// A set of its own (the root's large searches).
    Set(HashSet<u64>),
}

impl Refuted {
    fn contains(&self, hash: u64) -> bool {
        match self {
            Refuted::Off => false,
            Refuted::Set(set) => set.contains(&hash),
        }
    }

    fn insert(&mut self, hash: u64) {
        match self {
            Refuted::Off => {}
            Refuted::Set(set) => {
                set.insert(hash);
            }
        }
    }
}

#[derive(Copy, Clone, Debug, Eq, PartialEq)]
enum Found {
    Win,
    No,
    Abort,
}

struct Solver {
    nodes: u64,
    limits: ThreatLimits,
    refuted_vcf: Refuted,
    refuted_vct: HashSet<(u64, u32)>,
    memo: bool,
}

impl Solver {
    fn new(limits: ThreatLimits) -> Solver {
        let memo = limits.nodes >= MEMO_FROM;
        Solver {
            nodes: 0,
            limits,
            refuted_vcf: if memo {
                Refuted::Set(HashSet::new())
            } else {
                Refuted::Off
            },
            refuted_vct: HashSet::new(),
            memo,
        }
    }

    fn answer(&self, found: Found, line: Vec<Point>) -> ThreatAnswer {
        let outcome = match found {
            Found::Win => ThreatOutcome::Win(line),
            Found::No => ThreatOutcome::NoWin,
            Found::Abort => ThreatOutcome::Unknown,
        };
        ThreatAnswer {
            outcome,
            nodes: self.nodes,
        }
    }

    /// Counts a node; true when the budget is spent.
    fn spent(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.limits.nodes {
            return true;
        }
        self.nodes.is_multiple_of(CLOCK_INTERVAL)
            && self.limits.deadline.is_some_and(|d| Instant::now() >= d)
    }

    fn vcf(&mut self, game: &mut GomokuGame, line: &mut Vec<Point>) -> Found {
        if self.spent() {
            return Found::Abort;
        }
        let me = game.side_to_move();
        let them = me.opponent();
        let board = game.board();
        if let Some(five) = first_point(game, me, Threat::Five) {
            line.push(five);
            return Found::Win;
        }
        let mut candidates = Vec::new();
        if board.count(them, Threat::Five) > 0 {
            // Facing a four: the block must be a four of our own to go on.
            let Some(block) = forced_block(game, them) else {
                return Found::No;
            };
            if !(Threat::Four..Threat::Five).contains(&board.threat(me, block.index())) {
                return Found::No;
            }
            candidates.push(block);
        } else {
            if let Some(open) = first_point(game, me, Threat::OpenFour) {
                line.push(open);
                return self.finish_open_four(game, open, line);
            }
            game.points_with(me, Threat::Four, &mut candidates);
            order_by_value(game, me, &mut candidates);
        }
        let hash = game.hash();
        if self.refuted_vcf.contains(hash) {
            return Found::No;
        }
        for m in candidates {
            match self.after_four(game, m, line, Solver::vcf) {
                Found::No => {}
                found => return found,
            }
        }
        self.refuted_vcf.insert(hash);
        Found::No
    }

    /// After the open four at `open` (already in `line`): the five follows.
    fn finish_open_four(
        &mut self,
        game: &mut GomokuGame,
        open: Point,
        line: &mut Vec<Point>,
    ) -> Found {
        let me = game.side_to_move();
        game.make_move(open);
        let answer = first_point(game, me, Threat::Five);
        // The defender takes one five point, we take another.
        let mut fives = Vec::new();
        game.points_with(me, Threat::Five, &mut fives);
        game.unmake_move(open);
        match (answer, fives.len()) {
            (Some(first), n) if n >= 2 => {
                let second = fives.iter().copied().find(|&p| p != first).unwrap_or(first);
                line.push(first);
                line.push(second);
                Found::Win
            }
            _ => {
                line.pop();
                Found::No
            }
        }
    }

    /// Plays the four `m`, the defender's forced block, and continues with
    /// `next`; a block the defender may not make (a renju foul) wins at once.
    fn after_four(
        &mut self,
        game: &mut GomokuGame,
        m: Point,
        line: &mut Vec<Point>,
        next: impl FnOnce(&mut Solver, &mut GomokuGame, &mut Vec<Point>) -> Found,
    ) -> Found {
        let me = game.side_to_move();
        let defender = me.opponent();
        game.make_move(m);
        let board = game.board();
        if board.count(defender, Threat::Five) > 0 || board.count(me, Threat::Five) == 0 {
            game.unmake_move(m);
            return Found::No;
        }
        let Some(block) = forced_block(game, me) else {
            // Two points make five: the defender can take only one.
            let mut fives = Vec::new();
            game.points_with(me, Threat::Five, &mut fives);
            game.unmake_move(m);
            line.push(m);
            line.extend(fives.iter().take(2));
            return Found::Win;
        };
        if defender == Side::First && game.foul_at(block).is_some() {
            // Renju: black may not block on a forbidden point; white's five follows.
            game.unmake_move(m);
            line.extend([m, block]);
            return Found::Win;
        }
        game.make_move(block);
        let found = if game.rule_outcome().is_some() {
            Found::No
        } else {
            let mut rest = Vec::new();
            let found = next(self, game, &mut rest);
            if found == Found::Win {
                line.push(m);
                line.push(block);
                line.extend(rest);
            }
            found
        };
        game.unmake_move(block);
        game.unmake_move(m);
        found
    }

    fn vct(&mut self, game: &mut GomokuGame, threes: u32, line: &mut Vec<Point>) -> Found {
        let mut vcf_line = Vec::new();
        match self.vcf(game, &mut vcf_line) {
            Found::Win => {
                line.extend(vcf_line);
                return Found::Win;
            }
            Found::Abort => return Found::Abort,
            Found::No => {}
        }
        if threes == 0 {
            return Found::No;
        }
        let me = game.side_to_move();
        let them = me.opponent();
        if game.board().count(them, Threat::Five) > 0 {
            // Blocking fours were tried by the VCF.
            return Found::No;
        }
        let key = (game.hash(), threes);
        if self.memo && self.refuted_vct.contains(&key) {
            return Found::No;
        }
        let mut candidates = Vec::new();
        game.points_with(me, Threat::Three, &mut candidates);
        order_by_value(game, me, &mut candidates);
        for m in candidates {
            let threat = game.board().threat(me, m.index());
            let found = if threat >= Threat::Four {
                self.after_four(game, m, line, |solver, game, line| {
                    solver.vct(game, threes, line)
                })
            } else {
                self.after_three(game, m, threes, line)
            };
            match found {
                Found::No => {}
                found => return found,
            }
        }
        if self.memo {
            self.refuted_vct.insert(key);
        }
        Found::No
    }

    /// Plays the three `m`; wins if every defence loses to a further VCT.
    fn after_three(
        &mut self,
        game: &mut GomokuGame,
        m: Point,
        threes: u32,
        line: &mut Vec<Point>,
    ) -> Found {
        if self.spent() {
            return Found::Abort;
        }
        let me = game.side_to_move();
        let defender = me.opponent();
        game.make_move(m);
        let mut open_fours = Vec::new();
        game.points_with(me, Threat::OpenFour, &mut open_fours);
        if open_fours.is_empty() {
            game.unmake_move(m);
            return Found::No;
        }
        let mut defences = Vec::new();
        let size = i32::from(game.size());
        for &p in &open_fours {
            defences.push(p);
            for (dx, dy) in DIRECTIONS {
                for step in -5..=5 {
                    let (x, y) = (i32::from(p.x) + step * dx, i32::from(p.y) + step * dy);
                    if (0..size).contains(&x) && (0..size).contains(&y) {
                        let q = Point::new(x as u8, y as u8);
                        if game.stone(q).is_none() {
                            defences.push(q);
                        }
                    }
                }
            }
        }
        let mut counter = Vec::new();
        game.points_with(defender, Threat::Four, &mut counter);
        defences.extend(counter);
        defences.sort_unstable();
        defences.dedup();
        if defender == Side::First {
            defences.retain(|&d| game.foul_at(d).is_none());
        }
        let mut result = Found::Win;
        let mut first_line = Vec::new();
        for (i, &d) in defences.iter().enumerate() {
            game.make_move(d);
            let mut rest = Vec::new();
            let found = if game.rule_outcome().is_some() {
                Found::No
            } else {
                self.vct(game, threes - 1, &mut rest)
            };
            game.unmake_move(d);
            if found != Found::Win {
                result = found;
                break;
            }
            if i == 0 {
                first_line = [d].into_iter().chain(rest).collect();
            }
        }
        game.unmake_move(m);
        if result == Found::Win {
            line.push(m);
            line.extend(first_line);
        }
        result
    }
}

/// The first empty point (row by row) where `side` makes `threat` or more.
fn first_point(game: &GomokuGame, side: Side, threat: Threat) -> Option<Point> {
    let board = game.board();
    if board.count_at_least(side, threat) == 0 {
        return None;
    }
    let wanted =
        |i: usize| board.is_empty_at(i) && board.threat(side, i) >= threat && game.allowed(side, i);
    if threat >= Threat::Four {
        board.four_points(side).find(|&i| wanted(i))
    } else {
        board.indices().find(|&i| wanted(i))
    }
    .map(Point::from_index)
}

/// The point where `attacker` threatens five, if there is exactly one.
fn forced_block(game: &GomokuGame, attacker: Side) -> Option<Point> {
    if game.board().count(attacker, Threat::Five) == 1 {
        first_point(game, attacker, Threat::Five)
    } else {
        None
    }
}

/// Orders points by what they make for `side`, strongest first.
fn order_by_value(game: &GomokuGame, side: Side, points: &mut [Point]) {
    let board = game.board();
    points.sort_by_key(|p| {
        let i = p.index();
        std::cmp::Reverse((board.threat(side, i), board.value(side, i)))
    });
}
