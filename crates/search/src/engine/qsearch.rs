//! Quiescence search: at the horizon, keep searching noisy moves (captures,
//! promotions; fours in gomoku) until the position is quiet, so the evaluation
//! is never taken in the middle of an exchange.
//!
//! The side to move may "stand pat" on its static evaluation instead of
//! capturing; in check it must answer the check, so every legal move is tried.

use super::Worker;
use super::params::QS_SEE_THRESHOLD;
use super::picker::{HASH_MOVE, Picker};
use super::tt::NO_MOVE;
use crate::{Bound, Evaluator, Game, INFINITY, MAX_PLY, mate_in};

impl<G: Game, E: Evaluator<G>> Worker<'_, G, E> {
    pub(super) fn qsearch(&mut self, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.plies[ply].pv.clear();
        if self.enter(ply) {
            return 0;
        }
        self.stats.qnodes += 1;
        if let Some(outcome) = self.game.rule_outcome() {
            return self.outcome_score(outcome, ply);
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate();
        }

        let hash = self.game.hash();
        let mut hash_move = NO_MOVE;
        let tt_entry = if self.tech.transposition_table {
            self.tt.probe(hash, ply)
        } else {
            None
        };
        if let Some(entry) = tt_entry {
            self.stats.tt_hits += 1;
            hash_move = entry.move_key;
            if entry.settles(alpha, beta) {
                return entry.value;
            }
        }

        // Threat probe, as in the main search: fours alone can force a win
        // that standing pat would hide.
        if self.tech.threats
            && let Some(plies) = self.eval.proven_win(&mut self.game)
        {
            return mate_in((ply + plies as usize).min(MAX_PLY));
        }

        let in_check = self.game.in_check();
        let mut moves = std::mem::take(&mut self.plies[ply].moves);
        let mut best;
        let static_eval;
        if in_check {
            static_eval = 0;
            best = -INFINITY;
            self.game.legal_moves(&mut moves);
            if moves.is_empty() {
                self.plies[ply].moves = moves;
                return self.outcome_score(self.game.no_moves_outcome(), ply);
            }
        } else {
            static_eval = match tt_entry {
                Some(entry) => entry.eval,
                None => self.evaluate(),
            };
            let stand_pat = match tt_entry {
                Some(entry) if self.params.qs_table_stand_pat > 0 => entry.refine(static_eval),
                _ => static_eval,
            };
            // Stand pat: the side to move need not capture.
            if stand_pat >= beta {
                self.plies[ply].moves = moves;
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best = stand_pat;
            self.eval.noisy_moves(&self.game, &mut moves);
        }

        let mut scores = std::mem::take(&mut self.plies[ply].scores);
        scores.clear();
        for &mv in &moves {
            scores.push(if G::move_key(mv) == hash_move {
                HASH_MOVE
            } else {
                self.eval.order_hint(&self.game, mv)
            });
        }
        let original_alpha = alpha;
        let futility_base = (!in_check && self.params.qs_delta_margin > 0)
            .then(|| best + self.params.qs_delta_margin * G::EVAL_SCALE);
        let mut best_key = NO_MOVE;
        // Where the last move landed: a capture there is a recapture,
        // which the move limit below never skips.
        let recapture_square = ply
            .checked_sub(1)
            .and_then(|parent| self.plies[parent].played)
            .and_then(G::destination);
        let move_limit = usize::try_from(self.params.qs_move_limit).unwrap_or(0);
        let mut picked = 0_usize;
        let mut picker = Picker::new();
        while let Some((mv, _)) = picker.pick(&mut moves, &mut scores, |_, _| {}) {
            picked += 1;
            // Captures that lose material by exchange cannot help the side
            // that stood pat.
            if !in_check
                && !self
                    .eval
                    .exchange_at_least(&self.game, mv, QS_SEE_THRESHOLD)
            {
                continue;
            }
            // Delta pruning (Stockfish's quiescence futility): even taking
            // the victim for nothing, plus the margin, leaves the side below
            // alpha. The victim's whole value is counted, not the exchange's
            // net gain: inside an exchange the static value is a piece off
            // and a recapture's net gain would never close that gap. A check
            // may win more than the victim, so checks are kept.
            if let Some(futility_base) = futility_base
                && let Some(victim) = self.eval.capture_value(&self.game, mv)
            {
                // Late captures in a list ordered victim first rarely
                // matter, unless they recapture (Stockfish 15.1's move
                // count pruning in quiescence).
                let late =
                    move_limit > 0 && picked > move_limit && recapture_square != G::destination(mv);
                let futility = futility_base + victim * self.params.qs_delta_scale_percent / 100;
                if late && !self.game.gives_check(mv) {
                    continue;
                }
                if futility <= alpha && !self.game.gives_check(mv) {
                    // What the capture could at best have reached bounds
                    // the node's value, not the stand-pat value below it.
                    best = best.max(futility);
                    continue;
                }
                // Even the margin alone does not reach alpha: only a
                // capture that wins material by exchange can.
                if self.params.qs_see_futility > 0
                    && futility_base <= alpha
                    && !self.eval.exchange_at_least(&self.game, mv, 1)
                    && !self.game.gives_check(mv)
                {
                    best = best.max(futility_base);
                    continue;
                }
            }
            self.plies[ply].played = Some(mv);
            self.prefetch_child(mv);
            self.game.make_move(mv);
            let value = -self.qsearch(ply + 1, -beta, -alpha);
            self.game.unmake_move(mv);
            if self.stopped {
                break;
            }
            if value > best {
                best = value;
                if value > alpha {
                    alpha = value;
                    best_key = G::move_key(mv);
                    if value >= beta {
                        self.stats.cutoffs += 1;
                        break;
                    }
                }
            }
        }
        self.plies[ply].moves = moves;
        self.plies[ply].scores = scores;
        if self.stopped {
            return 0;
        }
        if self.tech.transposition_table {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > original_alpha && best_key != NO_MOVE {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt.store(
                hash,
                ply,
                best_key,
                best,
                static_eval,
                0,
                bound,
                tt_entry.is_some_and(|entry| entry.pv),
            );
        }
        best
    }
}
