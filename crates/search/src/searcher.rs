//! The entry point: one object that owns the transposition table and runs the
//! chosen algorithm on any [`Game`].

use std::time::{Duration, Instant};

use crate::engine::Kept;
use crate::engine::history::Memory;
use crate::engine::tt::{TableAllocError, TranspositionTable};
use crate::textbook::{self, Textbook};
use crate::{
    Algorithm, Bound, Evaluator, Game, Limits, Report, SearchConfig, SearchObserver, SearchStats,
};

/// What a search returns.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// The move to play; `None` only when the side to move has no legal move.
    pub best_move: Option<M>,
    /// The last report: value, depth, statistics and principal variation.
    pub report: Report<M>,
}

impl<M: Copy> SearchResult<M> {
    /// A result before any iteration finished: the fallback move, nothing known.
    pub(crate) fn no_search(fallback: Option<M>, start: Instant) -> SearchResult<M> {
        SearchResult {
            best_move: fallback,
            report: Report {
                depth: 0,
                seldepth: 0,
                value: 0,
                bound: Bound::Exact,
                stats: SearchStats::default(),
                elapsed: start.elapsed(),
                pv: fallback.into_iter().collect(),
                hashfull: 0,
                lines: Vec::new(),
                root_moves: Vec::new(),
            },
        }
    }

    /// The reply the search expects, for pondering and display.
    #[must_use]
    pub fn ponder(&self) -> Option<M> {
        self.report.pv.get(1).copied()
    }
}

/// Runs searches with one configuration, one transposition table and each
/// thread's move-ordering memory (history, counter moves), all of which
/// persist from move to move within a game.
///
/// ```
/// use banco_search::testkit::{TicTacToe, TicTacToeEval};
/// use banco_search::{Limits, Searcher, SearchConfig, Silent};
///
/// let mut searcher = Searcher::new(SearchConfig::default());
/// let result = searcher.search(&TicTacToe::new(), &TicTacToeEval, &Limits::depth(9), &mut Silent);
/// assert_eq!(result.report.value, 0); // perfect play draws
/// ```
#[derive(Debug)]
pub struct Searcher {
    config: SearchConfig,
    tt: TranspositionTable,
    memories: Vec<Memory>,
}

impl Searcher {
    /// A searcher with its table allocated.
    #[must_use]
    pub fn new(config: SearchConfig) -> Searcher {
        let tt = TranspositionTable::new(config.hash_mb);
        Searcher {
            config,
            tt,
            memories: Vec::new(),
        }
    }

    /// The configuration in use.
    #[must_use]
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Changes the configuration; a new hash size reallocates (and clears) the table.
    pub fn set_config(&mut self, config: SearchConfig) {
        if config.hash_mb != self.config.hash_mb {
            self.tt = TranspositionTable::new(config.hash_mb);
        }
        self.config = config;
    }

    /// [`Searcher::set_config`] for a size that comes from input: when the
    /// new table cannot be allocated, nothing changes and the old table,
    /// entries and all, stays.
    ///
    /// # Errors
    ///
    /// [`TableAllocError`] when the memory cannot be had.
    pub fn try_set_config(&mut self, config: SearchConfig) -> Result<(), TableAllocError> {
        if config.hash_mb != self.config.hash_mb {
            self.tt = TranspositionTable::try_new(config.hash_mb)?;
        }
        self.config = config;
        Ok(())
    }

    /// Forgets everything learnt (a new game, or another game altogether).
    pub fn clear(&mut self) {
        self.tt.clear();
        for memory in &mut self.memories {
            memory.clear();
        }
    }

    /// Sets the time kept back per move for communication delays.
    pub fn set_move_overhead(&mut self, overhead: Duration) {
        self.config.move_overhead = overhead;
    }

    /// Searches `root` within `limits`, reporting to `observer` after every
    /// iteration. Returns a legal move whenever one exists, however soon it
    /// is stopped.
    pub fn search<G: Game, E: Evaluator<G>>(
        &mut self,
        root: &G,
        eval: &E,
        limits: &Limits,
        observer: &mut dyn SearchObserver<G::Move>,
    ) -> SearchResult<G::Move> {
        let prepared = eval.prepare(root);
        let root = prepared.as_ref().unwrap_or(root);
        match self.config.algorithm {
            Algorithm::Minimax => textbook::search(
                Textbook::Minimax,
                root,
                eval,
                &self.config,
                limits,
                observer,
            ),
            Algorithm::AlphaBeta => textbook::search(
                Textbook::AlphaBeta,
                root,
                eval,
                &self.config,
                limits,
                observer,
            ),
            Algorithm::Engine => crate::engine::search(
                root,
                eval,
                &self.config,
                limits,
                Kept {
                    tt: &self.tt,
                    memories: &mut self.memories,
                },
                false,
                observer,
            ),
            Algorithm::Mtdf => {
                let mut config = self.config.clone();
                // MTD(f) is a driver of zero-window searches that only pays off
                // with a table; aspiration windows are what it replaces.
                config.techniques.transposition_table = true;
                config.techniques.aspiration_windows = false;
                crate::engine::search(
                    root,
                    eval,
                    &config,
                    limits,
                    Kept {
                        tt: &self.tt,
                        memories: &mut self.memories,
                    },
                    true,
                    observer,
                )
            }
        }
    }
}
