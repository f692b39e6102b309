//! The engine: iterative deepening with aspiration windows over a principal
//! variation search, with a transposition table, quiescence, null-move pruning,
//! late move reductions, reverse futility and futility pruning, killers and
//! history, check and singular extensions, mate-distance pruning and
//! repetition detection; Lazy SMP for more than one thread. MTD(f) reuses the same search.
//!
//! Reading order: [`search`] starts the threads; [`Worker::iterate`] deepens;
//! `Worker::search_root` searches the root moves; `pvs.rs` holds the inner
//! nodes and `qsearch.rs` the horizon.

pub(crate) mod history;
mod mtdf;
pub(crate) mod params;
pub(crate) mod picker;
mod pvs;
mod qsearch;
pub mod tt;

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use self::history::{Killers, Memory};
use self::params::{
    ASPIRATION_MIN_DEPTH, FALLING_EVAL_MAX_PERCENT, FALLING_EVAL_SLACK, LMR_MIN_MOVES, SearchParams,
};
use self::tt::{NO_MOVE, TranspositionTable};
use crate::budget::Budget;
use crate::path::{Path, outcome_value};
use crate::{
    Bound, Evaluator, Game, INFINITY, Imprecision, Limits, MATE_BOUND, MAX_EVAL, MAX_PLY, Outcome,
    PvLine, Report, RootMoveReport, SearchConfig, SearchObserver, SearchResult, SearchStats, Side,
    Techniques,
};

/// How many nodes a helper thread counts before it publishes its statistics.
const FLUSH_INTERVAL: u64 = 1024;

/// What a [`crate::Searcher`] keeps from one search to the next: the
/// shared table, and each thread's ordering memory.
pub(crate) struct Kept<'a> {
    pub(crate) tt: &'a TranspositionTable,
    pub(crate) memories: &'a mut Vec<Memory>,
}

/// State the threads of one search share besides the table.
struct Shared {
    stop: AtomicBool,
    helper_nodes: AtomicU64,
    helper_stats: Mutex<SearchStats>,
}

/// No move's [`Game::piece_to_index`]: a null move, or none recorded.
const NO_PIECE_TO: usize = usize::MAX;

/// Per-ply scratch space, reused from node to node so the search never allocates.
struct Ply<M> {
    moves: Vec<M>,
    scores: Vec<i32>,
    quiets: Vec<M>,
    killers: Killers<M>,
    static_eval: i32,
    /// The move being searched from this ply (`None` for a null move): the
    /// child's counter-move context.
    played: Option<M>,
    /// `played`'s [`Game::piece_to_index`] where continuation history is
    /// on (`NO_PIECE_TO` otherwise, and for a null move).
    played_piece_to: usize,
    /// The move a singular-extension search leaves out (`NO_MOVE` otherwise).
    excluded: u16,
    /// Whether a check given by `played` extends the child's search: always,
    /// unless the game extends only checks that keep their material
    /// ([`Game::SOUND_CHECK_EXTENSION`]).
    check_extends: bool,
    /// Singular extensions of two plies on the path to this node: each
    /// deepens the tree, so they are capped.
    double_extensions: i32,
    /// Beta cut-offs at this ply since the node two plies up was entered:
    /// a node whose children keep failing high is probably failing low
    /// itself, and its later moves can be searched less deep.
    cutoffs: u32,
    /// Where `played` stood in its node's list: 1 for the first move
    /// considered (0 for a null move or a move from quiescence or ProbCut).
    /// A child reached by a late move is less likely to matter to its
    /// parent's result, so its own late moves may be searched deeper.
    move_count: usize,
    /// Whether `played` was a quiet move of the main search (false for a
    /// noisy move, a null move, or one from quiescence or ProbCut).
    played_quiet: bool,
    pv: Vec<M>,
}

impl<M> Default for Ply<M> {
    fn default() -> Self {
        Ply {
            moves: Vec::with_capacity(64),
            scores: Vec::with_capacity(64),
            quiets: Vec::with_capacity(64),
            killers: Killers::default(),
            static_eval: 0,
            played: None,
            played_piece_to: NO_PIECE_TO,
            excluded: NO_MOVE,
            check_extends: true,
            double_extensions: 0,
            cutoffs: 0,
            move_count: 0,
            played_quiet: false,
            pv: Vec::with_capacity(16),
        }
    }
}

/// A root move with what the search learnt about it.
#[derive(Copy, Clone)]
struct RootMove<M> {
    mv: M,
    /// Nodes spent below this move in the current iteration; orders the next one.
    nodes: u64,
    /// Deliberate imprecision added to this move's value (weak levels only).
    noise: i32,
    /// What the last finished iteration learnt, for the search map.
    last: RootMoveSeen,
    /// What the current iteration has learnt so far.
    seen: RootMoveSeen,
}

/// A root move's value, its bound and how deep it went, in one iteration.
#[derive(Copy, Clone)]
struct RootMoveSeen {
    nodes: u64,
    value: i32,
    bound: Bound,
    seldepth: usize,
}

impl Default for RootMoveSeen {
    fn default() -> Self {
        RootMoveSeen {
            nodes: 0,
            value: -INFINITY,
            bound: Bound::Upper,
            seldepth: 0,
        }
    }
}

/// Late move reduction table, indexed by depth and move number.
struct Reductions([[i32; 64]; 64]);

impl Reductions {
    #[allow(clippy::cast_possible_truncation)] // small positive values
    fn new(params: &SearchParams) -> Reductions {
        let base = f64::from(params.lmr_base) / 100.0;
        let divisor = f64::from(params.lmr_divisor.max(1)) / 100.0;
        let mut table = [[0; 64]; 64];
        for (depth, row) in table.iter_mut().enumerate().skip(1) {
            for (moves, r) in row.iter_mut().enumerate().skip(1) {
                *r = (base + (depth as f64).ln() * (moves as f64).ln() / divisor) as i32;
            }
        }
        Reductions(table)
    }

    fn get(&self, depth: i32, moves: usize) -> i32 {
        self.0[depth.clamp(0, 63) as usize][moves.min(63)]
    }
}

/// One search thread.
struct Worker<'a, G: Game, E: Evaluator<G>> {
    /// 0 for the main thread, which reports and watches the clock.
    id: usize,
    is_main: bool,
    game: G,
    eval: &'a E,
    tt: &'a TranspositionTable,
    tech: Techniques,
    /// The tunable numbers of this search.
    params: SearchParams,
    shared: &'a Shared,
    budget: Budget,
    stats: SearchStats,
    flushed: SearchStats,
    seldepth: usize,
    stopped: bool,
    path: Path,
    plies: Vec<Ply<G::Move>>,
    /// History and counter moves, kept by the searcher between searches.
    memory: &'a mut Memory,
    reductions: &'a Reductions,
    root: Vec<RootMove<G::Move>>,
    root_pv: Vec<G::Move>,
    /// Lines searched per iteration (multi-PV); 1 normally.
    multi_pv: usize,
    /// This iteration's lines, best first, when `multi_pv` is above 1.
    lines: Vec<PvLine<G::Move>>,
    /// The depth of the iteration in flight: singular extensions stop at
    /// twice it, so that no line grows without end.
    root_depth: i32,
    /// The root's alpha in the iteration in flight, for the reduction of
    /// the opponent's late moves once one already holds the root move
    /// below it (`lmr_root_alpha`).
    root_alpha: i32,
}

/// Splits a seed and a move key into a shift in `0..=amplitude`.
fn noise(imprecision: Option<Imprecision>, key: u16) -> i32 {
    let Some(Imprecision { amplitude, seed }) = imprecision else {
        return 0;
    };
    if amplitude <= 0 {
        return 0;
    }
    // SplitMix64 finaliser: a cheap, well-mixed hash of (seed, move).
    let mut z = seed ^ (u64::from(key).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    i32::try_from(z % (u64::from(amplitude.unsigned_abs()) + 1)).unwrap_or(0)
}

impl<'a, G: Game, E: Evaluator<G>> Worker<'a, G, E> {
    #[allow(clippy::too_many_arguments)]
    fn new(
        id: usize,
        root: &G,
        eval: &'a E,
        tt: &'a TranspositionTable,
        config: &SearchConfig,
        shared: &'a Shared,
        budget: Budget,
        reductions: &'a Reductions,
        memory: &'a mut Memory,
    ) -> Worker<'a, G, E> {
        let mut legal = Vec::new();
        root.legal_moves(&mut legal);
        let root_moves = legal
            .into_iter()
            .map(|mv| RootMove {
                mv,
                nodes: 0,
                noise: noise(config.imprecision, G::move_key(mv)),
                last: RootMoveSeen::default(),
                seen: RootMoveSeen::default(),
            })
            .collect();
        let mut plies = Vec::with_capacity(MAX_PLY + 2);
        plies.resize_with(MAX_PLY + 2, Ply::default);
        Worker {
            id,
            is_main: id == 0,
            game: root.clone(),
            eval,
            tt,
            tech: config.techniques,
            params: config.params.apply(G::SEARCH_PARAMS),
            shared,
            budget,
            stats: SearchStats::default(),
            flushed: SearchStats::default(),
            seldepth: 0,
            stopped: false,
            root_alpha: -INFINITY,
            path: Path::new(root),
            plies,
            memory,
            reductions,
            root: root_moves,
            root_pv: Vec::new(),
            // Helpers search one line: they only fill the table.
            multi_pv: if id == 0 { config.multi_pv.max(1) } else { 1 },
            lines: Vec::new(),
            root_depth: 0,
        }
    }

    /// The value of a finished game for the side to move, `ply` plies from
    /// the root: a draw is worth `contempt` less at the root side's turns
    /// (even plies) and as much more at its opponent's.
    fn outcome_score(&self, outcome: Outcome, ply: usize) -> i32 {
        match outcome {
            Outcome::Draw if ply.is_multiple_of(2) => -self.params.contempt,
            Outcome::Draw => self.params.contempt,
            _ => outcome_value(outcome, ply),
        }
    }

    /// Counts a node and decides whether to stop.
    fn enter(&mut self, ply: usize) -> bool {
        self.stats.nodes += 1;
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if self.stopped {
            return true;
        }
        if self.is_main {
            let total = self.stats.nodes + self.shared.helper_nodes.load(Ordering::Relaxed);
            if self.budget.exhausted(total) {
                self.stopped = true;
                self.shared.stop.store(true, Ordering::Relaxed);
            }
        } else {
            if self.stats.nodes.is_multiple_of(FLUSH_INTERVAL) {
                self.flush();
            }
            if self.shared.stop.load(Ordering::Relaxed) {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// Publishes a helper's counters for the main thread's reports.
    fn flush(&mut self) {
        let mut delta = self.stats;
        delta.nodes -= self.flushed.nodes;
        delta.leaf_nodes -= self.flushed.leaf_nodes;
        delta.cutoffs -= self.flushed.cutoffs;
        delta.tt_hits -= self.flushed.tt_hits;
        delta.qnodes -= self.flushed.qnodes;
        self.flushed = self.stats;
        self.shared
            .helper_nodes
            .fetch_add(delta.nodes, Ordering::Relaxed);
        if let Ok(mut stats) = self.shared.helper_stats.lock() {
            *stats += delta;
        }
    }

    /// Asks the table for the entry `mv` leads to before the move is made
    /// (see [`TranspositionTable::prefetch`]).
    #[inline]
    fn prefetch_child(&self, mv: G::Move) {
        if self.tech.transposition_table
            && let Some(hash) = self.game.hash_after(mv)
        {
            self.tt.prefetch(hash);
        }
    }

    /// A static evaluation, counted as a leaf.
    fn evaluate(&mut self) -> i32 {
        self.stats.leaf_nodes += 1;
        self.eval.evaluate(&self.game).clamp(-MAX_EVAL, MAX_EVAL)
    }

    /// Copies the child's principal variation behind `mv`.
    fn record_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.plies.split_at_mut(ply + 1);
        let line = &mut head[ply].pv;
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0].pv);
    }

    /// Searches the root moves from `first` on (the earlier ones are the
    /// lines multi-PV has already found) within (`alpha`, `beta`). A move
    /// that raises alpha moves to the front of them, so `self.root[first]`
    /// is always the best move found so far.
    fn search_root(&mut self, depth: i32, mut alpha: i32, beta: i32, first: usize) -> i32 {
        self.stats.nodes += 1;
        self.root_depth = depth;
        self.root_alpha = alpha;
        self.plies[0].pv.clear();
        self.plies[0].double_extensions = 0;
        self.plies[2].cutoffs = 0;
        let hash = self.game.hash();
        let in_check = self.game.in_check();
        let mut best = -INFINITY;
        for i in first..self.root.len() {
            let RootMove { mv, noise, .. } = self.root[i];
            let noisy = self.eval.is_noisy(&self.game, mv);
            let nodes_before = self.stats.nodes;
            // The value of this move is the child's negated value plus the noise,
            // so the child is searched in a window shifted by the noise.
            let (a, b) = (alpha - noise, beta - noise);
            self.prefetch_child(mv);
            self.path.push(hash);
            self.mark_played(0, Some(mv));
            self.plies[0].move_count = i + 1;
            self.plies[0].played_quiet = !noisy;
            self.game.make_move(mv);
            // How deep this move alone went: the search's own maximum is kept aside.
            let seldepth_before = std::mem::take(&mut self.seldepth);
            let mut value;
            if i == first {
                value = -self.negamax::<true>(depth - 1, 1, -b, -a, true, false);
            } else if self.tech.pvs {
                // Late root moves, quiet and not checking, are reduced as
                // late moves of a PV node are below: the previous iteration
                // ordered them by the effort their refutation took.
                let late = i - first;
                let reduction = if G::ROOT_REDUCTIONS
                    && self.tech.late_move_reductions
                    && depth >= self.params.lmr_min_depth
                    && late > LMR_MIN_MOVES
                    && !noisy
                    && !in_check
                    && !self.game.in_check()
                {
                    (self.reductions.get(depth, late) - 1).clamp(0, (depth - 2).max(0))
                } else {
                    0
                };
                value = -self.negamax::<false>(depth - 1 - reduction, 1, -a - 1, -a, true, true);
                if reduction > 0 && value > a && !self.stopped {
                    value = -self.negamax::<false>(depth - 1, 1, -a - 1, -a, true, true);
                }
                if value > a && value < b && !self.stopped {
                    value = -self.negamax::<true>(depth - 1, 1, -b, -a, true, false);
                }
            } else {
                value = -self.negamax::<false>(depth - 1, 1, -b, -a, true, false);
            }
            self.game.unmake_move(mv);
            self.path.pop();
            let move_seldepth = self.seldepth;
            self.seldepth = self.seldepth.max(seldepth_before);
            self.root[i].nodes += self.stats.nodes - nodes_before;
            if self.stopped {
                break;
            }
            if value.abs() < MATE_BOUND {
                value += noise;
            }
            let seen = &mut self.root[i].seen;
            seen.value = value;
            seen.bound = if value <= alpha {
                Bound::Upper
            } else if value >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            seen.seldepth = seen.seldepth.max(move_seldepth);
            best = best.max(value);
            if value > alpha {
                alpha = value;
                self.root_alpha = alpha;
                self.record_pv(0, mv);
                self.root_pv.clone_from(&self.plies[0].pv);
                self.root[first..=i].rotate_right(1);
                if value >= beta {
                    self.stats.cutoffs += 1;
                    break;
                }
            }
        }
        best
    }

    /// The share of the usual time (per cent) the finished iteration's
    /// best move asks for: less when it alone took nearly all the nodes,
    /// its rivals refuted at once (`time_effort_share`).
    fn easy_move_percent(&self) -> u32 {
        let share = u64::try_from(self.params.time_effort_share).unwrap_or(0);
        let total: u64 = self.root.iter().map(|r| r.last.nodes).sum();
        let best = self.root.first().map_or(0, |r| r.last.nodes);
        if share == 0 || total == 0 || best * 100 < share * total {
            100
        } else {
            u32::try_from(self.params.time_effort_scale).unwrap_or(100)
        }
    }

    /// Orders the root moves for the next iteration: the best (the lines,
    /// with multi-PV) first, then by the effort each took (a move that was
    /// hard to refute is likely good).
    fn sort_root(&mut self) {
        let settled = self.multi_pv.clamp(1, self.root.len().max(1));
        if self.root.len() > settled {
            self.root[settled..].sort_by_key(|r| std::cmp::Reverse(r.nodes));
        }
        for root_move in &mut self.root {
            root_move.last = RootMoveSeen {
                nodes: root_move.nodes,
                ..root_move.seen
            };
            root_move.seen = RootMoveSeen::default();
            root_move.nodes = 0;
        }
    }

    /// One iteration: one line, or with multi-PV each line in turn, the
    /// moves of the lines before it left out. Returns the best line's value.
    fn iteration(&mut self, depth: i32, previous: i32) -> i32 {
        if self.multi_pv <= 1 {
            return self.aspiration(depth, previous, 0);
        }
        let count = self.multi_pv.min(self.root.len());
        let before = std::mem::take(&mut self.lines);
        let mut lines = Vec::with_capacity(count);
        for first in 0..count {
            let guess = before.get(first).map_or(previous, |line| line.value);
            let value = self.aspiration(depth, guess, first);
            if self.stopped {
                break;
            }
            lines.push(PvLine {
                value,
                pv: self.root_pv.clone(),
            });
        }
        if self.stopped && lines.len() < count {
            // A cut-short iteration keeps the last complete lines.
            self.lines = before;
            return lines.first().map_or(previous, |line| line.value);
        }
        // A later line may come out better than an earlier one (each was
        // searched in its own window): order them, and their root moves.
        let mut order: Vec<usize> = (0..lines.len()).collect();
        order.sort_by_key(|&k| std::cmp::Reverse(lines[k].value));
        let moves: Vec<RootMove<G::Move>> = order.iter().map(|&k| self.root[k]).collect();
        self.root[..moves.len()].copy_from_slice(&moves);
        self.lines = order.iter().map(|&k| lines[k].clone()).collect();
        self.root_pv.clone_from(&self.lines[0].pv);
        self.lines[0].value
    }

    /// One line's search with aspiration windows around the previous value.
    fn aspiration(&mut self, depth: i32, previous: i32, first: usize) -> i32 {
        if !(self.tech.aspiration_windows
            && u32::try_from(depth).unwrap_or(0) >= ASPIRATION_MIN_DEPTH
            && previous.abs() < MATE_BOUND)
        {
            return self.search_root(depth, -INFINITY, INFINITY, first);
        }
        let mut delta = self.params.aspiration_delta * G::EVAL_SCALE;
        let mut alpha = (previous - delta).max(-INFINITY);
        let mut beta = (previous + delta).min(INFINITY);
        // A value above the window is usually confirmed by a shallower
        // search, and the time saved goes to the next iteration.
        let mut fail_highs = 0;
        loop {
            let search_depth = (depth - fail_highs * self.params.aspiration_fail_high_plies).max(1);
            let value = self.search_root(search_depth, alpha, beta, first);
            if self.stopped {
                return value;
            }
            if value <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (value - delta).max(-INFINITY);
                fail_highs = 0;
            } else if value >= beta {
                beta = (value + delta).min(INFINITY);
                fail_highs += 1;
            } else {
                return value;
            }
            delta += delta;
            if delta > 1_000 {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    fn report(&self, depth: u32, value: i32, start: Instant) -> Report<G::Move> {
        // Show the chosen move's own value, not the deliberate noise on it.
        let noise = self.root.first().map_or(0, |r| r.noise);
        let value = if value.abs() < MATE_BOUND {
            value - noise
        } else {
            value
        };
        let mut stats = self.stats;
        if let Ok(helpers) = self.shared.helper_stats.lock() {
            stats += *helpers;
        }
        Report {
            depth,
            seldepth: u32::try_from(self.seldepth).unwrap_or(u32::MAX),
            value,
            bound: Bound::Exact,
            stats,
            elapsed: start.elapsed(),
            pv: self.root_pv.clone(),
            hashfull: if self.tech.transposition_table {
                self.tt.hashfull()
            } else {
                0
            },
            lines: self.lines.clone(),
            root_moves: self
                .root
                .iter()
                .map(|r| RootMoveReport {
                    mv: r.mv,
                    nodes: r.last.nodes,
                    value: if r.last.value.abs() < MATE_BOUND {
                        r.last.value - r.noise
                    } else {
                        r.last.value
                    },
                    bound: r.last.bound,
                    seldepth: u32::try_from(r.last.seldepth).unwrap_or(u32::MAX),
                })
                .collect(),
        }
    }

    /// Iterative deepening: depth 1, 2, … until a limit, reporting after each
    /// iteration. Only the main thread reports and watches the clock.
    fn iterate(
        &mut self,
        limits: &Limits,
        mtdf: bool,
        observer: &mut dyn SearchObserver<G::Move>,
        start: Instant,
    ) -> SearchResult<G::Move> {
        let mut result = SearchResult::no_search(self.root.first().map(|r| r.mv), start);
        if self.root.is_empty() {
            result.report.value = outcome_value(self.game.no_moves_outcome(), 0);
            return result;
        }
        let max_depth = limits
            .depth
            .map_or(MAX_PLY as i32 - 2, |d| i32::try_from(d.max(1)).unwrap_or(1))
            .min(MAX_PLY as i32 - 2);
        let first_depth = if self.tech.iterative_deepening {
            1
        } else {
            max_depth
        };
        let helper_offset = if self.is_main {
            0
        } else {
            // Helpers run half a step ahead of each other so they fill the
            // table with different depths (Lazy SMP).
            i32::from(self.id % 2 == 1)
        };
        let mut previous = 0;
        let mut instability = 0_u32;
        let mut last_best = None;
        let mut depth = first_depth;
        while depth <= max_depth {
            let search_depth = (depth + helper_offset).min(max_depth);
            let value = if mtdf {
                self.mtdf(search_depth, previous)
            } else {
                self.iteration(search_depth, previous)
            };
            if self.stopped {
                // An iteration cut short still found its best move first,
                // unless no root move finished; a first iteration cut short
                // leaves the first root move, and no report to trust.
                if self.is_main {
                    result.best_move = Some(self.root[0].mv);
                    if self.budget.armed {
                        result.report.pv.clone_from(&self.root_pv);
                    }
                }
                break;
            }
            self.sort_root();
            previous = value;
            if self.is_main {
                let report = self.report(u32::try_from(search_depth).unwrap_or(0), value, start);
                observer.on_iteration(&report);
                result.best_move = Some(self.root[0].mv);
                result.report = report;
                self.budget.armed = true;
                let best = Some(self.root[0].mv);
                instability /= 2;
                if last_best.is_some() && best != last_best {
                    instability += 2;
                }
                last_best = best;
                let stable = u32::try_from(self.params.iteration_start_percent).unwrap_or(55);
                let stretch = (stable + 25 * instability).min(150)
                    * falling_eval_percent(
                        self.params.time_falling_percent,
                        self.memory.previous_value,
                        (self.game.side_to_move(), value),
                        G::EVAL_SCALE,
                    )
                    / 100
                    * self.easy_move_percent()
                    / 100;
                if self.stopped
                    || self.budget.stop_raised()
                    || !self.budget.time.may_start_iteration(stretch)
                    || (self.root.len() == 1 && self.budget.time.is_timed())
                    || self.budget.nodes_exhausted(self.stats.nodes)
                {
                    break;
                }
            } else if self.stopped || self.shared.stop.load(Ordering::Relaxed) {
                break;
            }
            depth += 1;
        }
        if self.is_main && last_best.is_some() {
            self.memory.previous_value = Some((self.game.side_to_move(), previous));
        }
        if !self.is_main {
            self.flush();
        }
        result
    }
}

/// How much more time (in per cent of the usual, at least 100) a value
/// fallen since the same side's last search asks for, at `weight` per cent
/// a centipawn: a position turning bad is where more thought pays
/// (Stockfish's "falling eval"). Values are in the game's units, `scale`
/// of them a centipawn; mates and another side's search ask for nothing.
fn falling_eval_percent(
    weight: i32,
    previous: Option<(Side, i32)>,
    (side, value): (Side, i32),
    scale: i32,
) -> u32 {
    let Some((previous_side, previous)) = previous else {
        return 100;
    };
    if weight == 0
        || previous_side != side
        || previous.abs() >= MATE_BOUND
        || value.abs() >= MATE_BOUND
    {
        return 100;
    }
    let fall = (previous - value) / scale.max(1) - FALLING_EVAL_SLACK;
    let percent = 100_i32
        .saturating_add(weight.saturating_mul(fall.max(0)))
        .min(FALLING_EVAL_MAX_PERCENT);
    u32::try_from(percent).unwrap_or(100)
}

/// Runs the engine (or MTD(f)) on `root` with `threads` threads sharing `tt`.
pub(crate) fn search<G: Game, E: Evaluator<G>>(
    root: &G,
    eval: &E,
    config: &SearchConfig,
    limits: &Limits,
    kept: Kept<'_>,
    mtdf: bool,
    observer: &mut dyn SearchObserver<G::Move>,
) -> SearchResult<G::Move> {
    let Kept { tt, memories } = kept;
    let start = Instant::now();
    let threads = config.threads.max(1);
    memories.resize_with(threads, Memory::new::<G>);
    for memory in memories.iter_mut() {
        memory.fit::<G>();
    }
    let (main_memory, helper_memories) = memories.split_at_mut(1);
    tt.new_search();
    let shared = Shared {
        stop: AtomicBool::new(false),
        helper_nodes: AtomicU64::new(0),
        helper_stats: Mutex::new(SearchStats::default()),
    };
    let params = config.params.apply(G::SEARCH_PARAMS);
    let reductions = Reductions::new(&params);
    let moves_to_go = u32::try_from(params.time_moves_to_go).unwrap_or(1);
    let budget = Budget::new(limits, config.move_overhead, start, moves_to_go);
    let helper_limits = Limits {
        depth: limits.depth,
        ..Limits::default()
    };
    let (mut result, main_stats) = std::thread::scope(|scope| {
        for (id, memory) in (1..threads).zip(helper_memories.iter_mut()) {
            let (shared, reductions, helper_limits) = (&shared, &reductions, &helper_limits);
            let helper_budget =
                Budget::new(&Limits::default(), config.move_overhead, start, moves_to_go);
            scope.spawn(move || {
                let mut worker = Worker::new(
                    id,
                    root,
                    eval,
                    tt,
                    config,
                    shared,
                    helper_budget,
                    reductions,
                    memory,
                );
                worker.iterate(helper_limits, mtdf, &mut crate::Silent, start);
            });
        }
        let mut main = Worker::new(
            0,
            root,
            eval,
            tt,
            config,
            &shared,
            budget,
            &reductions,
            &mut main_memory[0],
        );
        let result = main.iterate(limits, mtdf, observer, start);
        shared.stop.store(true, Ordering::Relaxed);
        (result, main.stats)
    });
    // The helpers have joined and published their last counts.
    result.report.stats = main_stats;
    if let Ok(helpers) = shared.helper_stats.lock() {
        result.report.stats += *helpers;
    }
    result.report.elapsed = start.elapsed();
    result
}

#[cfg(test)]
mod tests {
    use super::falling_eval_percent;
    use crate::{MATE_BOUND, Side};

    #[test]
    fn a_falling_value_asks_for_more_time_within_bounds() {
        let before = Some((Side::First, 50));
        // Off, no earlier search, or the other side's: the usual time.
        assert_eq!(falling_eval_percent(0, before, (Side::First, -100), 1), 100);
        assert_eq!(falling_eval_percent(10, None, (Side::First, -100), 1), 100);
        assert_eq!(
            falling_eval_percent(10, before, (Side::Second, -100), 1),
            100
        );
        // A rise, or a fall within the slack, changes nothing.
        assert_eq!(falling_eval_percent(10, before, (Side::First, 90), 1), 100);
        assert_eq!(falling_eval_percent(10, before, (Side::First, 44), 1), 100);
        // 20 centipawns down, 12 past the slack of 8: 120 % more.
        assert_eq!(falling_eval_percent(10, before, (Side::First, 30), 1), 220);
        // The same fall in a game whose units are ten to the centipawn.
        let tenfold = Some((Side::First, 500));
        assert_eq!(
            falling_eval_percent(10, tenfold, (Side::First, 300), 10),
            220
        );
        // Capped, and mates ask for nothing.
        assert_eq!(
            falling_eval_percent(40, before, (Side::First, -5_000), 1),
            300
        );
        assert_eq!(
            falling_eval_percent(10, before, (Side::First, -MATE_BOUND - 3), 1),
            100
        );
    }
}
