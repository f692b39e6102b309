//! The textbook algorithms the seeds teach: minimax and alpha-beta, at a fixed
//! depth, moves in the order the game generates them, evaluation at the
//! horizon. They are the reference the engine is checked against and the
//! baseline the lab measures it from.
//!
//! Both are written as negamax: a node's value is the best of its children's
//! values negated, which is the seeds' MAX-VALUE / MIN-VALUE pair folded into one.

use std::time::Instant;

use crate::budget::Budget;
use crate::path::Path;
use crate::{
    Bound, Evaluator, Game, INFINITY, Limits, MAX_EVAL, MAX_PLY, Report, SearchConfig,
    SearchObserver, SearchResult, SearchStats,
};

/// Which textbook algorithm.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) enum Textbook {
    Minimax,
    AlphaBeta,
}

/// How a node of a textbook search ended.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) enum Exit {
    /// Its moves were searched.
    Inner,
    /// The horizon: the evaluator gave its value.
    Leaf,
    /// The game is over there (a rule, a repetition, no legal move).
    Terminal,
    /// The search was stopped on entering it; it has no value.
    Stopped,
}

/// Watches a textbook search walk its tree, from inside the code that counts
/// the statistics, so what it sees is exactly what was counted. The lab's
/// tree recorder is one; [`NoTrace`] is the normal search's, and since every
/// method defaults to nothing it compiles away.
pub(crate) trait Tracer<M> {
    /// `mv` is about to be made from the node being searched.
    #[inline(always)]
    fn play(&mut self, mv: M) {
        let _ = mv;
    }

    /// A node `ply` plies below the root is entered, with its alpha-beta
    /// window from the side to move's view (`None` for minimax). `false`
    /// asks the search to stop: the tracer can take no more.
    #[inline(always)]
    fn enter(&mut self, ply: usize, window: Option<(i32, i32)>) -> bool {
        let _ = (ply, window);
        true
    }

    /// The node at `ply` returns `value` (side to move's view).
    #[inline(always)]
    fn leave(&mut self, ply: usize, value: i32, exit: Exit) {
        let _ = (ply, value, exit);
    }

    /// The node at `ply` had a beta cut-off; `unsearched` are the moves it prunes.
    #[inline(always)]
    fn cutoff(&mut self, ply: usize, unsearched: &[M]) {
        let _ = (ply, unsearched);
    }
}

/// The tracer of a search nobody watches.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct NoTrace;

impl<M> Tracer<M> for NoTrace {}

struct Context<'a, G: Game, E: Evaluator<G>, T: Tracer<G::Move>> {
    game: G,
    eval: &'a E,
    path: Path,
    stats: SearchStats,
    budget: Budget,
    seldepth: usize,
    stopped: bool,
    /// One move buffer and one principal variation per ply.
    moves: Vec<Vec<G::Move>>,
    pv: Vec<Vec<G::Move>>,
    tracer: T,
}

impl<G: Game, E: Evaluator<G>, T: Tracer<G::Move>> Context<'_, G, E, T> {
    /// Counts a node; says whether the search must stop.
    fn enter(&mut self, ply: usize) -> bool {
        self.stats.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.budget.exhausted(self.stats.nodes) {
            self.stopped = true;
        }
        self.stopped
    }

    fn leaf(&mut self) -> i32 {
        self.stats.leaf_nodes += 1;
        self.eval.evaluate(&self.game).clamp(-MAX_EVAL, MAX_EVAL)
    }

    fn record_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// What both algorithms do before their move loop: count the node, stop
    /// if told to, end at a finished game or at the horizon, and otherwise
    /// generate the moves (`Err` carries the node's value when it ends here).
    fn expand(
        &mut self,
        depth: u32,
        ply: usize,
        window: Option<(i32, i32)>,
    ) -> Result<Vec<G::Move>, i32> {
        self.pv[ply].clear();
        let tracer_full = !self.tracer.enter(ply, window);
        if self.enter(ply) || tracer_full {
            self.stopped = true;
            return Err(self.end(ply, 0, Exit::Stopped));
        }
        if ply > 0
            && let Some(value) = self.path.terminal_value(&self.game, ply)
        {
            return Err(self.end(ply, value, Exit::Terminal));
        }
        if depth == 0 || ply >= MAX_PLY - 1 {
            let value = self.leaf();
            return Err(self.end(ply, value, Exit::Leaf));
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        self.game.legal_moves(&mut moves);
        if moves.is_empty() {
            self.moves[ply] = moves;
            let value = crate::path::outcome_value(self.game.no_moves_outcome(), ply);
            return Err(self.end(ply, value, Exit::Terminal));
        }
        Ok(moves)
    }

    /// Tells the tracer how the node at `ply` ended; gives back its value.
    #[inline(always)]
    fn end(&mut self, ply: usize, value: i32, exit: Exit) -> i32 {
        self.tracer.leave(ply, value, exit);
        value
    }

    /// Minimax: every move, every reply, to the horizon.
    fn minimax(&mut self, depth: u32, ply: usize) -> i32 {
        let moves = match self.expand(depth, ply, None) {
            Ok(moves) => moves,
            Err(value) => return value,
        };
        let mut best = -INFINITY;
        for &mv in &moves {
            self.tracer.play(mv);
            self.path.push(self.game.hash());
            self.game.make_move(mv);
            let value = -self.minimax(depth - 1, ply + 1);
            self.game.unmake_move(mv);
            self.path.pop();
            if self.stopped {
                break;
            }
            if value > best {
                best = value;
                self.record_pv(ply, mv);
            }
        }
        self.moves[ply] = moves;
        self.end(ply, best, Exit::Inner)
    }

    /// Alpha-beta (fail-soft): a move that proves the node is worth at least
    /// `beta` refutes the opponent's previous move, and the rest are pruned.
    fn alphabeta(&mut self, depth: u32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        let moves = match self.expand(depth, ply, Some((alpha, beta))) {
            Ok(moves) => moves,
            Err(value) => return value,
        };
        let mut best = -INFINITY;
        for (i, &mv) in moves.iter().enumerate() {
            self.tracer.play(mv);
            self.path.push(self.game.hash());
            self.game.make_move(mv);
            let value = -self.alphabeta(depth - 1, ply + 1, -beta, -alpha);
            self.game.unmake_move(mv);
            self.path.pop();
            if self.stopped {
                break;
            }
            if value > best {
                best = value;
                self.record_pv(ply, mv);
                if value > alpha {
                    alpha = value;
                }
                if value >= beta {
                    self.stats.cutoffs += 1;
                    self.tracer.cutoff(ply, &moves[i + 1..]);
                    break;
                }
            }
        }
        self.moves[ply] = moves;
        self.end(ply, best, Exit::Inner)
    }
}

/// Runs a textbook algorithm. With a depth limit it searches that depth once,
/// as the textbook does; without one it searches depth 1, 2, … afresh until
/// another limit stops it, keeping the last finished depth's move.
pub(crate) fn search<G: Game, E: Evaluator<G>>(
    kind: Textbook,
    root: &G,
    eval: &E,
    config: &SearchConfig,
    limits: &Limits,
    observer: &mut dyn SearchObserver<G::Move>,
) -> SearchResult<G::Move> {
    search_traced(kind, root, eval, config, limits, observer, NoTrace).0
}

/// [`search`] with a tracer watching; gives the tracer back with the result.
pub(crate) fn search_traced<G: Game, E: Evaluator<G>, T: Tracer<G::Move>>(
    kind: Textbook,
    root: &G,
    eval: &E,
    config: &SearchConfig,
    limits: &Limits,
    observer: &mut dyn SearchObserver<G::Move>,
    tracer: T,
) -> (SearchResult<G::Move>, T) {
    let start = Instant::now();
    let mut ctx = Context {
        game: root.clone(),
        eval,
        path: Path::new(root),
        stats: SearchStats::default(),
        budget: Budget::new(
            limits,
            config.move_overhead,
            start,
            crate::time::DEFAULT_MOVES_TO_GO,
        ),
        seldepth: 0,
        stopped: false,
        moves: vec![Vec::new(); MAX_PLY + 1],
        pv: vec![Vec::new(); MAX_PLY + 1],
        tracer,
    };
    let mut legal = Vec::new();
    root.legal_moves(&mut legal);
    let mut result = SearchResult::no_search(legal.first().copied(), start);
    if legal.is_empty() {
        // A finished game: report its value, as the engine does, so every
        // algorithm agrees on a mated or stalemated root.
        result.report.value = crate::path::outcome_value(root.no_moves_outcome(), 0);
        return (result, ctx.tracer);
    }
    let (first, last) = match limits.depth {
        Some(depth) => (depth.max(1), depth.max(1)),
        None => (1, MAX_PLY as u32 - 1),
    };
    for depth in first..=last {
        let value = match kind {
            Textbook::Minimax => ctx.minimax(depth, 0),
            Textbook::AlphaBeta => ctx.alphabeta(depth, 0, -INFINITY, INFINITY),
        };
        if ctx.stopped && (ctx.budget.armed || ctx.pv[0].is_empty()) {
            break;
        }
        let report = Report {
            depth,
            seldepth: u32::try_from(ctx.seldepth).unwrap_or(u32::MAX),
            value,
            bound: Bound::Exact,
            stats: ctx.stats,
            elapsed: start.elapsed(),
            pv: ctx.pv[0].clone(),
            hashfull: 0,
            lines: Vec::new(),
            root_moves: Vec::new(),
        };
        observer.on_iteration(&report);
        result.best_move = report.pv.first().copied().or(result.best_move);
        result.report = report;
        ctx.budget.armed = true;
        if ctx.stopped || !ctx.budget.time.may_start_iteration(100) || ctx.budget.stop_raised() {
            break;
        }
    }
    result.report.stats = ctx.stats;
    result.report.elapsed = start.elapsed();
    (result, ctx.tracer)
}
