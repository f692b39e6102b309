//! # banco-search
//!
//! Banco's game-independent search. A game implements [`Game`] (rules, make and
//! unmake, a Zobrist hash) and one or more [`Evaluator`]s; a [`Searcher`] then
//! runs any [`Algorithm`] on it:
//!
//! - `minimax` and `alphabeta`, the textbook algorithms at a fixed depth;
//! - `engine`, iterative deepening over a principal variation search with a
//!   transposition table, quiescence, null move, late move reductions and the
//!   rest, each switchable in [`Techniques`];
//! - `mtdf`, MTD(f) over the engine's zero-window search.
//!
//! The [`lab`] races them on one position and records the textbook
//! algorithms' trees node by node.
//!
//! All of them count the same [`SearchStats`] and report a [`Report`] to a
//! [`SearchObserver`] after every iteration. The crate prints nothing and
//! knows no game; the protocols, the terminal and the server drive it.
//!
//! ```
//! use banco_search::testkit::{TicTacToe, TicTacToeEval};
//! use banco_search::{Algorithm, Limits, Searcher, SearchConfig, Silent};
//!
//! // X has taken two corners; O must block the middle of the top row.
//! let game = TicTacToe::from_cells("X.X.O....").unwrap();
//! for algorithm in Algorithm::ALL {
//!     let config = SearchConfig { algorithm, ..SearchConfig::default() };
//!     let result = Searcher::new(config).search(&game, &TicTacToeEval, &Limits::depth(6), &mut Silent);
//!     assert_eq!(result.best_move, Some(1), "{algorithm}");
//! }
//! ```

mod budget;
mod config;
mod engine;
mod eval;
mod game;
mod level;
mod limits;
mod observer;
mod path;
mod perft;
mod score;
mod searcher;
mod stats;
mod textbook;
mod time;

pub mod lab;
#[cfg(any(test, feature = "testkit"))]
pub mod testkit;

pub use config::{
    Algorithm, Imprecision, MAX_HASH_MB, ParseAlgorithmError, SearchConfig, Techniques,
    UnknownTechniqueError,
};
pub use engine::params::{ParamError, ParamOverrides, SearchParams, Tunable};
pub use engine::tt::{TableAllocError, TranspositionTable, TtEntry};
pub use eval::{EvalBreakdown, EvalTerm, Evaluator};
pub use game::{Game, Outcome, Side};
pub use level::{EvaluatorStrength, Level, LevelSettings, ParseEvaluatorError, ParseLevelError};
pub use limits::{Clock, Limits, StopFlag};
pub use observer::{Bound, PvLine, Report, RootMoveReport, SearchObserver, Silent};
pub use path::outcome_value;
pub use perft::{MAX_PERFT_DEPTH, perft, perft_divide, perft_divide_until_stopped};
pub use score::{INFINITY, MATE, MATE_BOUND, MAX_EVAL, MAX_PLY, Score, is_mate, mate_in, mated_in};
pub use searcher::{SearchResult, Searcher};
pub use stats::SearchStats;
pub use time::TimeManager;
