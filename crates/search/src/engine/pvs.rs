//! Principal variation search at the inner nodes.
//!
//! `PV` is true on the principal variation (the first child of a PV node and
//! re-searches that land inside the window); every other node expects to fail
//! high or low and may be pruned more boldly.

use super::NO_PIECE_TO;
use super::Worker;
use super::params::{
    CONT_PRUNE_MARGIN, CONT_PRUNE_MAX_DEPTH, DEEPER_BASE, DEEPER_PER_PLY, DOUBLE_EXTENSIONS_MAX,
    FHR_MIN_DEPTH, LMR_BAD_NOISY_RELIEF, LMR_CUT_NODE, LMR_MIN_MOVES, PROBCUT_IMPROVING,
    PROBCUT_MARGIN, PROBCUT_MIN_DEPTH, PROBCUT_REDUCTION, RAZOR_BASE, RAZOR_MARGIN,
    SE_TT_DEPTH_MARGIN,
};
use super::picker::{
    BAD_NOISY, COUNTER_MOVE, GOOD_NOISY, HASH_MOVE, KILLER, Picker, UNSCORED_QUIET,
};
use super::tt::NO_MOVE;
use crate::{Bound, Evaluator, Game, INFINITY, MATE_BOUND, MAX_PLY, mate_in, mated_in};

/// Quiet moves searched before late move pruning starts, by depth.
fn late_move_limit(depth: i32, improving: bool) -> usize {
    let base = 3 + depth * depth;
    usize::try_from(if improving { base } else { base / 2 }).unwrap_or(0)
}

/// Moves of any kind searched at a node of this depth before the rest are
/// skipped, where the game prunes by move count at every depth
/// ([`Game::move_count_pruning`]): 3 + depth^1.32 while the position
/// improves, half of that otherwise, scaled by a tunable (the curve gomoku
/// engines use, which grows far slower than chess's 3 + depth², since a
/// gomoku node has tens of candidate points and few of them matter).
fn move_count_limit(depth: i32, improving: bool, percent: i32) -> usize {
    let depth = f64::from(depth.max(0));
    let base = (3.0 + depth.powf(1.32)) * f64::from(percent.max(1)) / 100.0;
    // At most a few thousand: the cast cannot truncate anything that counts.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let base = base as usize;
    if improving { base } else { base / 2 }
}

impl<G: Game, E: Evaluator<G>> Worker<'_, G, E> {
    /// The horizon: quiescence search, or with it switched off the static
    /// evaluation, as the textbook algorithms do.
    pub(super) fn horizon(&mut self, ply: usize, alpha: i32, beta: i32) -> i32 {
        if self.tech.quiescence {
            return self.qsearch(ply, alpha, beta);
        }
        self.plies[ply].pv.clear();
        if self.enter(ply) {
            return 0;
        }
        if let Some(outcome) = self.path.terminal_outcome(&self.game) {
            return self.outcome_score(outcome, ply);
        }
        self.evaluate()
    }

    /// A gap between two of the evaluator's values in the exchange
    /// evaluation's material units (`exchange_scale_percent`).
    pub(super) fn value_to_exchange(&self, gap: i32) -> i32 {
        gap * 100 / self.params.exchange_scale_percent.max(1)
    }

    /// Whether the noisy move `mv` cannot make up `gap` (in the evaluator's
    /// units): its victim, counted at the generous `qs_delta_scale_percent`
    /// since a bound must hold in every phase, falls short, or, where the
    /// evaluator names no victim's value, its exchange does.
    pub(super) fn capture_futile(&self, mv: G::Move, gap: i32) -> bool {
        match self.eval.capture_value(&self.game, mv) {
            Some(victim) => victim * self.params.qs_delta_scale_percent / 100 <= gap,
            None => !self
                .eval
                .exchange_at_least(&self.game, mv, self.value_to_exchange(gap) + 1),
        }
    }

    /// What a quiet move's history adds to its futility margin (in
    /// centipawns): its plain and continuation history over
    /// `futility_history_divisor`, nothing while that is 0.
    fn futility_history_margin(&self, mv: G::Move, ply: usize) -> i32 {
        let divisor = self.params.futility_history_divisor;
        if divisor == 0 || !self.tech.history {
            return 0;
        }
        let continuation = if G::CONTINUATION_HISTORY {
            self.continuation_score(ply, self.game.piece_to_index(mv))
        } else {
            0
        };
        (self
            .memory
            .history
            .get(self.game.side_to_move(), G::move_index(mv))
            + continuation)
            / divisor
    }

    /// Scores the moves in `moves` for the picker.
    fn score_moves(&self, moves: &[G::Move], scores: &mut Vec<i32>, hash_move: u16, ply: usize) {
        scores.clear();
        let side = self.game.side_to_move();
        let killers = self.plies[ply].killers;
        let counter = match self.previous_move(ply) {
            Some(previous) if self.tech.counter_moves => {
                self.memory.counter_moves.get(side, G::move_index(previous))
            }
            _ => NO_MOVE,
        };
        for &mv in moves {
            let score = if hash_move != NO_MOVE && G::move_key(mv) == hash_move {
                HASH_MOVE
            } else if !self.tech.move_ordering {
                0
            } else if self.eval.is_noisy(&self.game, mv) {
                let hint = self.eval.order_hint(&self.game, mv);
                if self.eval.exchange_at_least(&self.game, mv, 0) {
                    GOOD_NOISY + hint
                } else {
                    BAD_NOISY + hint
                }
            } else if let Some(slot) = killers.contains(mv).filter(|_| self.tech.killers) {
                KILLER - i32::try_from(slot).unwrap_or(0)
            } else if counter != NO_MOVE && G::move_key(mv) == counter {
                COUNTER_MOVE
            } else {
                UNSCORED_QUIET
            };
            scores.push(score);
        }
    }

    /// The plain quiet moves' scores, in place of their [`UNSCORED_QUIET`]:
    /// history (with the continuation tables where the game keeps them) and
    /// the evaluator's hint.
    fn score_quiets(&self, moves: &[G::Move], scores: &mut [i32], ply: usize) {
        let side = self.game.side_to_move();
        for (&mv, score) in moves.iter().zip(scores.iter_mut()) {
            if *score != UNSCORED_QUIET {
                continue;
            }
            *score = if self.tech.history {
                let continuation = if G::CONTINUATION_HISTORY {
                    self.continuation_score(ply, self.game.piece_to_index(mv))
                } else {
                    0
                };
                self.memory.history.get(side, G::move_index(mv))
                    + continuation
                    + self.eval.quiet_hint(&self.game, mv)
            } else {
                self.eval.quiet_hint(&self.game, mv)
            };
        }
    }

    /// Negamax with alpha-beta, searched to `depth` plies below `ply`.
    #[allow(clippy::too_many_lines)] // one pruning step after another, each commented
    pub(super) fn negamax<const PV: bool>(
        &mut self,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        allow_null: bool,
        cut_node: bool,
    ) -> i32 {
        if depth <= 0 {
            return self.horizon(ply, alpha, beta);
        }
        self.plies[ply].pv.clear();
        if self.enter(ply) {
            return 0;
        }
        if let Some(outcome) = self.path.terminal_outcome(&self.game) {
            return self.outcome_score(outcome, ply);
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate();
        }
        if let Some(grandchild) = self.plies.get_mut(ply + 2) {
            grandchild.cutoffs = 0;
        }

        // Mate distance pruning: no line from here can beat a mate already
        // found nearer the root, nor be worse than being mated right here.
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }

        // Set while a singular-extension search of this node tests the
        // other moves: that search must neither trust nor fill the table's
        // entry of the node, which speaks for all the moves.
        let excluded = self.plies[ply].excluded;
        let in_check = self.game.in_check();
        // Check extension: a check is a forcing move, so the horizon moves out.
        if in_check && self.tech.check_extension && ply > 0 && self.plies[ply - 1].check_extends {
            depth += 1;
        }

        // Transposition table: a stored result deep enough, with a bound that
        // settles this window, ends the node at once.
        let hash = self.game.hash();
        let tt_entry = if self.tech.transposition_table {
            self.tt.probe(hash, ply)
        } else {
            None
        };
        // Whether the node is or was on a principal variation (Stockfish's
        // `ttPv`): such a node is reduced less where the tunable asks.
        let tt_pv = PV || tt_entry.is_some_and(|entry| entry.pv);
        let mut hash_move = NO_MOVE;
        if let Some(entry) = tt_entry {
            self.stats.tt_hits += 1;
            hash_move = entry.move_key;
            if !PV && excluded == NO_MOVE && entry.depth >= depth && entry.settles(alpha, beta) {
                return entry.value;
            }
        }

        // Threat probe: the evaluator may prove a forced win for the side to
        // move by itself (gomoku's victory by continuous fours); a proof
        // scores as a mate that many plies away.
        if self.tech.threats
            && excluded == NO_MOVE
            && let Some(plies) = self.eval.proven_win(&mut self.game)
        {
            return mate_in((ply + plies as usize).min(MAX_PLY));
        }

        let static_eval = if in_check {
            -INFINITY
        } else if let Some(entry) = tt_entry {
            entry.eval
        } else {
            self.evaluate()
        };
        self.plies[ply].static_eval = static_eval;
        let improving = !in_check && ply >= 2 && static_eval > self.plies[ply - 2].static_eval;
        // The table's value, where its bound says it is nearer the truth,
        // is the better guess for the pruning decisions below.
        let eval = match tt_entry {
            Some(entry) if !in_check && self.tech.transposition_table => entry.refine(static_eval),
            _ => static_eval,
        };

        if !PV && !in_check && excluded == NO_MOVE {
            // Reverse futility pruning: so far above beta that a quiet move
            // from us is unlikely to be answered by enough from the opponent.
            if self.tech.reverse_futility
                && depth <= self.params.rfp_max_depth
                && !(tt_pv && self.params.rfp_tt_pv > 0)
                && eval.abs() < MATE_BOUND
                && eval - self.params.rfp_margin * G::EVAL_SCALE * (depth - i32::from(improving))
                    >= beta
            {
                return if self.params.rfp_return_blend > 0 {
                    (eval + beta) / 2
                } else {
                    eval
                };
            }

            // Razoring: so far below alpha near the horizon that only a
            // capture could help, which quiescence alone decides.
            if G::RAZORING
                && self.tech.razoring
                && self.tech.quiescence
                && eval.abs() < MATE_BOUND
                && eval + (RAZOR_BASE + RAZOR_MARGIN * depth * depth) * G::EVAL_SCALE < alpha
            {
                let value = self.qsearch(ply, alpha - 1, alpha);
                if self.stopped {
                    return 0;
                }
                if value < alpha {
                    return value;
                }
            }

            // Null-move pruning: if passing still leaves us above beta after a
            // reduced search, a real move will too (unless in zugzwang, which
            // the game rules out with `null_move_allowed`).
            if self.tech.null_move
                && allow_null
                && depth >= self.params.nmp_min_depth
                && eval >= beta
                && beta.abs() < MATE_BOUND
                && (self.params.nmp_margin == 0
                    || static_eval >= beta + self.params.nmp_margin * G::EVAL_SCALE)
                && self.game.null_move_allowed()
            {
                let reduction = self.params.nmp_base_reduction
                    + depth / self.params.nmp_depth_divisor
                    + ((eval - beta) / (self.params.nmp_eval_divisor * G::EVAL_SCALE)).min(3);
                let floor = self.path.push_null(hash);
                self.mark_played(ply, None);
                self.game.make_null_move();
                let value = -self.negamax::<false>(
                    depth - 1 - reduction,
                    ply + 1,
                    -beta,
                    -beta + 1,
                    false,
                    !cut_node,
                );
                self.game.unmake_null_move();
                self.path.pop_null(floor);
                if self.stopped {
                    return 0;
                }
                if value >= beta {
                    return if value >= MATE_BOUND { beta } else { value };
                }
            }
        }

        // ProbCut: a good capture whose shallower search beats beta by a
        // margin would almost surely beat beta at full depth too.
        if !PV
            && !in_check
            && excluded == NO_MOVE
            && self.tech.probcut
            && G::PROBCUT
            && depth >= PROBCUT_MIN_DEPTH
            && beta.abs() < MATE_BOUND
        {
            let probcut_beta =
                beta + (PROBCUT_MARGIN - PROBCUT_IMPROVING * i32::from(improving)) * G::EVAL_SCALE;
            let table_says_no = tt_entry.is_some_and(|entry| {
                entry.depth >= depth - 3
                    && entry.bound != Bound::Lower
                    && entry.value < probcut_beta
            });
            if !table_says_no
                && let Some(value) =
                    self.probcut(depth, ply, hash, probcut_beta, static_eval, cut_node)
            {
                return value;
            }
        }

        // Fail-high reduction: an expected cut node already far above beta
        // will most likely cut with any reasonable move, so a shallower
        // search is enough to show it.
        if self.tech.late_move_reductions
            && !PV
            && cut_node
            && !in_check
            && depth >= FHR_MIN_DEPTH
            && eval >= beta + self.params.fhr_margin * G::EVAL_SCALE
            && self.game.fail_high_reduction()
        {
            depth -= 1;
        }

        // Internal iterative reduction: with no hash move the ordering is a
        // guess, so a cheaper search here is the better investment.
        if self.tech.late_move_reductions
            && self.tech.transposition_table
            && depth >= 4
            && hash_move == NO_MOVE
        {
            // From depth 4, even three plies off leave a ply to search.
            depth -= if PV { self.params.iir_pv_plies } else { 1 };
        }

        let mut moves = std::mem::take(&mut self.plies[ply].moves);
        self.game.legal_moves(&mut moves);
        if moves.is_empty() {
            self.plies[ply].moves = moves;
            return self.outcome_score(self.game.no_moves_outcome(), ply);
        }
        let mut scores = std::mem::take(&mut self.plies[ply].scores);
        scores.clear();
        // The hash move is searched before the others are scored: it often
        // cuts off at once, and then scoring them (an exchange evaluation of
        // every capture) would be wasted.
        let mut picker = Picker::new();
        let mut hash_first = None;
        if hash_move != NO_MOVE
            && let Some(at) = moves.iter().position(|&mv| G::move_key(mv) == hash_move)
        {
            moves.swap(0, at);
            hash_first = Some(moves[0]);
            picker = Picker::after_first();
        }
        let mut quiets = std::mem::take(&mut self.plies[ply].quiets);
        quiets.clear();

        let side = self.game.side_to_move();
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_key = NO_MOVE;
        let mut searched = 0_usize;
        // Moves considered, pruned ones too (Stockfish's move count).
        let mut tried = 0_usize;
        // The hash move proved singular: the node has one good move, and
        // the others' reductions may give back a ply.
        let mut singular_hash = false;
        let move_limit = if !in_check && self.game.move_count_pruning() {
            move_count_limit(depth, improving, self.params.move_count_percent)
        } else {
            usize::MAX
        };
        let mut multi_cut = None;
        loop {
            let (mv, order) = if let Some(mv) = hash_first.take() {
                (mv, HASH_MOVE)
            } else {
                if scores.is_empty() {
                    self.score_moves(&moves, &mut scores, hash_move, ply);
                }
                match picker.pick(&mut moves, &mut scores, |rest, rest_scores| {
                    self.score_quiets(rest, rest_scores, ply);
                }) {
                    Some(picked) => picked,
                    None => break,
                }
            };
            if excluded != NO_MOVE && G::move_key(mv) == excluded {
                continue;
            }
            tried += 1;
            // Move count pruning at any depth, where the game asks for it:
            // once a move that does not lose is in hand, the late moves of
            // a well-ordered list are skipped.
            if searched + 1 >= move_limit && best > -MATE_BOUND && self.tech.futility {
                break;
            }
            let noisy = self.eval.is_noisy(&self.game, mv);

            // Shallow-depth pruning, never before one move is searched, never
            // when only mates are left to find, and never of a checking move.
            if !PV && !in_check && searched > 0 && best > -MATE_BOUND && self.tech.futility {
                let prune = if noisy {
                    // A capture that loses this much by exchange near the horizon.
                    (depth <= self.params.lmp_max_depth
                        && order < GOOD_NOISY
                        && !self.eval.exchange_at_least(
                            &self.game,
                            mv,
                            -self.params.see_prune_margin * depth,
                        ))
                        // Capture futility: the victim taken for nothing,
                        // with the margin, still leaves the position below
                        // alpha (where the evaluator cannot name a victim's
                        // value, what the exchange wins).
                        || (self.params.capture_futility_margin > 0
                            && depth <= self.params.futility_max_depth
                            && self.capture_futile(
                                mv,
                                alpha
                                    - eval
                                    - self.params.capture_futility_margin
                                        * (depth + 1)
                                        * G::EVAL_SCALE,
                            ))
                } else {
                    // Futility and exchange pruning judge a quiet move by
                    // the depth it would be searched to after its late move
                    // reduction, where the game asks for it: a move that
                    // would get a shallow search is held to a shallow
                    // search's margin.
                    let prune_depth = if G::LMR_DEPTH_PRUNING && self.tech.late_move_reductions {
                        (depth - 1 - self.reductions.get(depth, searched) - i32::from(!improving))
                            .max(0)
                    } else {
                        depth
                    };
                    // Late move pruning: the last quiet moves of a well-ordered
                    // list almost never matter near the horizon. Futility
                    // pruning: a quiet move cannot lift a position this far
                    // below alpha.
                    // Exchange pruning of quiets: a piece put where it is
                    // taken for less.
                    (depth <= self.params.lmp_max_depth
                        && quiets.len() >= late_move_limit(depth, improving))
                        || (prune_depth <= self.params.futility_max_depth
                            && eval
                                + (self.params.futility_base
                                    + self.params.futility_margin * prune_depth
                                    + self.futility_history_margin(mv, ply))
                                    * G::EVAL_SCALE
                                <= alpha)
                        || (prune_depth <= self.params.quiet_see_max_depth
                            && !self.eval.exchange_at_least(
                                &self.game,
                                mv,
                                -self.params.quiet_see_margin * prune_depth * prune_depth,
                            ))
                        // Continuation history pruning: a quiet move that
                        // has kept failing in this context of the last two
                        // moves.
                        || (G::CONTINUATION_PRUNING
                            && G::CONTINUATION_HISTORY
                            && self.tech.history
                            && depth <= CONT_PRUNE_MAX_DEPTH
                            && order < COUNTER_MOVE
                            && self.continuation_score(ply, self.game.piece_to_index(mv))
                                < -CONT_PRUNE_MARGIN * (depth - 1))
                };
                if prune && !self.game.gives_check(mv) {
                    continue;
                }
            }

            // Singular extension: a table entry says the hash move is good;
            // if a reduced search of the other moves, against its value less
            // a margin, finds none near it, the hash move is the only move
            // here and is searched a ply deeper. If the others reach beta
            // too, two moves cut and the node is cut at once (multi-cut); if
            // the hash move's value alone is above beta, it is searched a ply
            // less deep.
            let mut extension = 0;
            if order == HASH_MOVE
                && excluded == NO_MOVE
                && self.tech.singular
                && G::SINGULAR_EXTENSIONS
                && self.tech.transposition_table
                && depth >= self.params.se_min_depth
                && i32::try_from(ply).unwrap_or(i32::MAX) < 2 * self.root_depth
                && let Some(entry) = tt_entry
                && entry.move_key == G::move_key(mv)
                && entry.depth >= depth - SE_TT_DEPTH_MARGIN
                && entry.bound != Bound::Upper
                && entry.value.abs() < MATE_BOUND
            {
                let singular_beta =
                    entry.value - self.params.se_margin * depth * G::EVAL_SCALE / 100;
                self.plies[ply].excluded = entry.move_key;
                let value = self.negamax::<false>(
                    (depth - 1) / 2,
                    ply,
                    singular_beta - 1,
                    singular_beta,
                    false,
                    cut_node,
                );
                self.plies[ply].excluded = NO_MOVE;
                self.plies[ply].pv.clear();
                if self.stopped {
                    break;
                }
                if value < singular_beta {
                    singular_hash = !noisy;
                    // Far below: no other move comes near, so the hash
                    // move is searched two plies deeper, a bounded number
                    // of times on one path.
                    extension = if !PV
                        && self.params.double_extension_margin > 0
                        && value
                            < singular_beta - self.params.double_extension_margin * G::EVAL_SCALE
                        && self.plies[ply].double_extensions < DOUBLE_EXTENSIONS_MAX
                    {
                        2
                    } else {
                        1
                    };
                } else if singular_beta >= beta {
                    multi_cut = Some(singular_beta);
                    break;
                } else if entry.value >= beta {
                    extension = -self.params.se_fail_high_reduction;
                } else if cut_node {
                    // An expected cut node whose hash move is not alone:
                    // another move may cut as well, so the hash move is
                    // worth less depth.
                    extension = -self.params.se_cut_node_reduction;
                }
            }

            self.prefetch_child(mv);
            self.path.push(hash);
            self.mark_played(ply, Some(mv));
            self.plies[ply].move_count = tried;
            self.plies[ply].played_quiet = !noisy;
            if extension > 1
                && let Some(child) = self.plies.get_mut(ply + 1)
            {
                child.double_extensions += 1;
            }
            self.game.make_move(mv);
            let gives_check = self.game.in_check();
            let new_depth = depth - 1 + extension;
            let mut value;
            if searched == 0 {
                value =
                    -self.negamax::<PV>(new_depth, ply + 1, -beta, -alpha, true, !PV && !cut_node);
            } else {
                // Late move reductions: later quiet moves are searched less deep
                // first, and again at full depth only if they surprise.
                let mut reduction = 0;
                // A capture that loses material by exchange is as doubtful
                // as a late quiet move, and is reduced like one.
                let bad_noisy = G::BAD_CAPTURE_REDUCTIONS && noisy && order < GOOD_NOISY;
                // Other noisy moves, off the principal variation, keep a
                // share of a quiet move's reduction where the tunable
                // gives them one (Stockfish 15.1 reduces captures off its
                // principal variations).
                let good_noisy = noisy && !bad_noisy;
                if self.tech.late_move_reductions
                    && depth >= self.params.lmr_min_depth
                    && searched >= LMR_MIN_MOVES + usize::from(PV)
                    && (!good_noisy || (!PV && self.params.noisy_reduction_percent > 0))
                    && (G::LMR_CHECKS || (!in_check && !gives_check))
                {
                    reduction = self.reductions.get(depth, searched);
                    // A checking move keeps a ply of its reduction: it is
                    // forcing, and its reply is extended anyway.
                    reduction -= i32::from(gives_check);
                    reduction -= i32::from(PV);
                    reduction += i32::from(!improving);
                    // A node expected to fail high: its late moves are
                    // expected to fail low, so they get less of the budget.
                    reduction += LMR_CUT_NODE * i32::from(cut_node && G::CUT_NODE_REDUCTIONS);
                    // Earlier moves here were refuted by many cut-offs:
                    // this node is failing low, its late moves matter less.
                    let cutoff_limit = self.params.lmr_cutoff_count;
                    reduction += i32::from(
                        cutoff_limit > 0
                            && self.plies[ply + 1].cutoffs > cutoff_limit.unsigned_abs(),
                    );
                    // Reached by a late move of its parent: this node
                    // less often decides anything, and the parent's own
                    // reduction already cut its depth.
                    let parent_limit = self.params.lmr_parent_move_count;
                    reduction -= i32::from(
                        parent_limit > 0
                            && ply > 0
                            && self.plies[ply - 1].move_count
                                > parent_limit.unsigned_abs() as usize,
                    );
                    reduction -= i32::from(self.params.lmr_singular_relief > 0 && singular_hash);
                    // A node once on a principal variation may be on it
                    // again: its late moves keep more depth.
                    reduction -= self.params.lmr_tt_pv * i32::from(!PV && tt_pv);
                    // The opponent already holds the root move below the
                    // root's alpha: this root move will not be chosen, and
                    // the rest of his moves only decide by how much (Rapfi's
                    // rule for its odd plies).
                    reduction += i32::from(
                        self.params.lmr_root_alpha > 0 && ply % 2 == 1 && best >= -self.root_alpha,
                    );
                    if bad_noisy {
                        reduction -= LMR_BAD_NOISY_RELIEF;
                    } else if order >= KILLER - 1 {
                        reduction -= 1;
                    } else if G::CONTINUATION_HISTORY && self.tech.history && order < COUNTER_MOVE {
                        // The continuation tables at half weight: their sum
                        // at full weight, as the ordering reads it, tripled
                        // the range of the relief and failed its test.
                        let piece_to = self.plies[ply].played_piece_to;
                        let stat = self.memory.history.get(side, G::move_index(mv))
                            + self.continuation_score(ply, piece_to) / 2;
                        reduction -= stat / self.params.lmr_history_divisor;
                    } else {
                        reduction -= order / self.params.lmr_history_divisor;
                    }
                    if good_noisy {
                        reduction = reduction * self.params.noisy_reduction_percent / 100;
                    }
                    reduction = reduction.clamp(0, (new_depth - 1).max(0));
                }
                if self.tech.pvs {
                    value = -self.negamax::<false>(
                        new_depth - reduction,
                        ply + 1,
                        -alpha - 1,
                        -alpha,
                        true,
                        true,
                    );
                    if reduction > 0 && value > alpha && !self.stopped {
                        // How surprising the reduced result was says how
                        // deep its re-search should go.
                        let mut full_depth = new_depth;
                        if G::RESEARCH_DEPTH_ADJUST {
                            if value
                                > alpha + (DEEPER_BASE + DEEPER_PER_PLY * reduction) * G::EVAL_SCALE
                            {
                                full_depth += 1;
                            } else if value < best + new_depth * G::EVAL_SCALE {
                                full_depth -= 1;
                            }
                        }
                        if full_depth > new_depth - reduction {
                            value = -self.negamax::<false>(
                                full_depth,
                                ply + 1,
                                -alpha - 1,
                                -alpha,
                                true,
                                !cut_node,
                            );
                        }
                    }
                    if PV && value > alpha && value < beta && !self.stopped {
                        value =
                            -self.negamax::<true>(new_depth, ply + 1, -beta, -alpha, true, false);
                    }
                } else {
                    value = -self.negamax::<false>(
                        new_depth - reduction,
                        ply + 1,
                        -beta,
                        -alpha,
                        true,
                        false,
                    );
                    if reduction > 0 && value > alpha && !self.stopped {
                        value =
                            -self.negamax::<false>(new_depth, ply + 1, -beta, -alpha, true, false);
                    }
                }
            }
            self.game.unmake_move(mv);
            self.path.pop();
            if self.stopped {
                break;
            }
            searched += 1;

            if value > best {
                best = value;
                if value > alpha {
                    alpha = value;
                    best_key = G::move_key(mv);
                    self.record_pv(ply, mv);
                    if value >= beta {
                        self.stats.cutoffs += 1;
                        self.plies[ply].cutoffs += 1;
                        if !noisy {
                            self.reward_quiet(side, mv, &quiets, depth, ply);
                        }
                        break;
                    }
                    // One move has raised alpha: the later ones must beat
                    // it, and a ply less is enough to show most of them
                    // cannot.
                    if PV
                        && self.tech.late_move_reductions
                        && depth > 1
                        && depth < self.params.alpha_raise_max_depth
                        && value.abs() < MATE_BOUND
                        && beta < MATE_BOUND
                    {
                        depth -= 1;
                    }
                }
            }
            if !noisy {
                quiets.push(mv);
            }
        }
        self.plies[ply].moves = moves;
        self.plies[ply].scores = scores;
        self.plies[ply].quiets = quiets;
        if self.stopped {
            return 0;
        }
        if let Some(value) = multi_cut {
            return value;
        }
        if best <= original_alpha && excluded == NO_MOVE {
            self.reward_prior_quiet(ply, depth);
        }

        if self.tech.transposition_table && excluded == NO_MOVE {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            let eval = if in_check { 0 } else { static_eval };
            self.tt
                .store(hash, ply, best_key, best, eval, depth, bound, tt_pv);
        }
        best
    }

    /// ProbCut's search of the node's captures that win at least
    /// `probcut_beta - static_eval` by exchange: a quiescence search against
    /// `probcut_beta`, and where it holds, a search `PROBCUT_REDUCTION`
    /// plies shallower. The first that holds proves the node (stored as a
    /// lower bound); `None` when none does.
    fn probcut(
        &mut self,
        depth: i32,
        ply: usize,
        hash: u64,
        probcut_beta: i32,
        static_eval: i32,
        cut_node: bool,
    ) -> Option<i32> {
        let mut moves = std::mem::take(&mut self.plies[ply].moves);
        self.eval.noisy_moves(&self.game, &mut moves);
        let needed = self.value_to_exchange(probcut_beta - static_eval);
        let mut proof = None;
        for &mv in &moves {
            if !self.eval.exchange_at_least(&self.game, mv, needed) {
                continue;
            }
            self.path.push(hash);
            self.mark_played(ply, Some(mv));
            self.game.make_move(mv);
            let mut value = -self.qsearch(ply + 1, -probcut_beta, -probcut_beta + 1);
            if value >= probcut_beta && !self.stopped {
                value = -self.negamax::<false>(
                    depth - PROBCUT_REDUCTION,
                    ply + 1,
                    -probcut_beta,
                    -probcut_beta + 1,
                    true,
                    !cut_node,
                );
            }
            self.game.unmake_move(mv);
            self.path.pop();
            if self.stopped {
                break;
            }
            if value >= probcut_beta {
                self.stats.cutoffs += 1;
                if self.tech.transposition_table {
                    // The node's mark of a principal variation stays.
                    let tt_pv = self.tt.probe(hash, ply).is_some_and(|entry| entry.pv);
                    self.tt.store(
                        hash,
                        ply,
                        G::move_key(mv),
                        value,
                        static_eval,
                        depth - 3,
                        Bound::Lower,
                        tt_pv,
                    );
                }
                proof = Some(value);
                break;
            }
        }
        self.plies[ply].moves = moves;
        if self.stopped { None } else { proof }
    }

    /// Records the move searched from `ply` (`None` for a null move); to be
    /// called before it is made, while its piece is still on its square.
    pub(super) fn mark_played(&mut self, ply: usize, mv: Option<G::Move>) {
        let doubles = self.plies[ply].double_extensions;
        if let Some(child) = self.plies.get_mut(ply + 1) {
            child.double_extensions = doubles;
        }
        self.plies[ply].played = mv;
        self.plies[ply].move_count = 0;
        self.plies[ply].played_quiet = false;
        self.plies[ply].played_piece_to = match mv {
            Some(mv) if G::CONTINUATION_HISTORY => self.game.piece_to_index(mv),
            _ => NO_PIECE_TO,
        };
        self.plies[ply].check_extends = match mv {
            Some(mv) if G::SOUND_CHECK_EXTENSION && self.tech.check_extension => {
                !self.game.gives_check(mv) || self.eval.exchange_at_least(&self.game, mv, 0)
            }
            _ => true,
        };
    }

    /// The moves one and two plies back, as continuation contexts.
    fn continuation_contexts(&self, ply: usize) -> [usize; 3] {
        let back = |plies: usize| {
            ply.checked_sub(plies)
                .map_or(NO_PIECE_TO, |earlier| self.plies[earlier].played_piece_to)
        };
        let four = if self.params.continuation_four_plies > 0 {
            back(4)
        } else {
            NO_PIECE_TO
        };
        [back(1), back(2), four]
    }

    /// A quiet move's continuation history here: as a reply to the
    /// opponent's last move plus as a follow-up to our move before it
    /// (and, where the tunable asks, to our move before that).
    fn continuation_score(&self, ply: usize, piece_to: usize) -> i32 {
        let [reply, follow_up, four] = self.continuation_contexts(ply);
        let mut score = 0;
        if reply != NO_PIECE_TO {
            score += self.memory.replies.get(reply, piece_to);
        }
        if follow_up != NO_PIECE_TO {
            score += self.memory.follow_ups.get(follow_up, piece_to);
        }
        if four != NO_PIECE_TO {
            score += self.memory.follow_ups_four.get(four, piece_to);
        }
        score
    }

    /// Gives the continuation histories of `piece_to` in the contexts of
    /// the node at `ply` a bonus (a negative `signed_max`: a malus).
    fn update_continuations(
        &mut self,
        contexts: [usize; 3],
        piece_to: usize,
        depth: i32,
        signed_max: i32,
    ) {
        let [reply, follow_up, four] = contexts;
        if reply != NO_PIECE_TO {
            self.memory
                .replies
                .update(reply, piece_to, depth, signed_max);
        }
        if follow_up != NO_PIECE_TO {
            self.memory
                .follow_ups
                .update(follow_up, piece_to, depth, signed_max);
        }
        if four != NO_PIECE_TO {
            self.memory
                .follow_ups_four
                .update(four, piece_to, depth, signed_max);
        }
    }

    /// The opponent's move that led to this node, if it was a real move.
    fn previous_move(&self, ply: usize) -> Option<G::Move> {
        ply.checked_sub(1)
            .and_then(|parent| self.plies[parent].played)
    }

    /// A quiet move refuted the opponent: remember it as a killer, raise its
    /// history and lower that of the quiet moves tried before it.
    /// A node that failed low says the quiet move that led to it was a
    /// good reply: its continuation histories get a bonus (Stockfish
    /// 15.1's bonus for the prior counter move), where the tunable
    /// `prior_quiet_bonus` asks for one, that many plies beyond the node's
    /// depth less one.
    fn reward_prior_quiet(&mut self, ply: usize, depth: i32) {
        let extra = self.params.prior_quiet_bonus;
        if extra == 0 || !G::CONTINUATION_HISTORY || !self.tech.history || ply == 0 {
            return;
        }
        let prior = &self.plies[ply - 1];
        if !prior.played_quiet || prior.played_piece_to == NO_PIECE_TO {
            return;
        }
        let piece_to = prior.played_piece_to;
        let contexts = self.continuation_contexts(ply - 1);
        let bonus_depth = depth + extra - 1;
        let bonus_max = self.params.history_bonus_max;
        self.update_continuations(contexts, piece_to, bonus_depth, bonus_max);
    }

    fn reward_quiet(
        &mut self,
        side: crate::Side,
        mv: G::Move,
        tried: &[G::Move],
        depth: i32,
        ply: usize,
    ) {
        if self.tech.killers {
            self.plies[ply].killers.record(mv);
        }
        if self.tech.counter_moves
            && let Some(previous) = self.previous_move(ply)
        {
            self.memory
                .counter_moves
                .set(side, G::move_index(previous), G::move_key(mv));
        }
        if self.tech.history {
            let bonus_max = self.params.history_bonus_max;
            self.memory
                .history
                .update(side, G::move_index(mv), depth, bonus_max);
            for &other in tried {
                self.memory
                    .history
                    .update(side, G::move_index(other), depth, -bonus_max);
            }
            if G::CONTINUATION_HISTORY {
                let contexts = self.continuation_contexts(ply);
                let moves = std::iter::once((mv, bonus_max))
                    .chain(tried.iter().map(|&other| (other, -bonus_max)));
                for (quiet, signed_max) in moves {
                    let piece_to = self.game.piece_to_index(quiet);
                    self.update_continuations(contexts, piece_to, depth, signed_max);
                }
            }
        }
    }
}
