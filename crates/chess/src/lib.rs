//! # banco-chess
//!
//! Chess for Banco. [`ChessGame`] adapts cozy-chess's copy-make boards to the
//! search's make/unmake [`banco_search::Game`] with an incremental Zobrist hash
//! and the draw rules; [`notation`] reads and writes SAN and UCI moves and
//! [`pgn`] PGN games, through shakmaty; [`ChessEvaluator`] offers the seeds'
//! simple evaluation, the strong one and the learned one.
//!
//! Moves are cozy-chess's [`Move`] with castling written as the king's
//! two-square step (`e1g1`), as UCI and people write it.
//!
//! ```
//! use banco_chess::{ChessEvaluator, ChessGame, notation};
//! use banco_search::{Limits, Searcher, SearchConfig, Silent};
//!
//! // White mates in one: Qh5xf7#.
//! let game = ChessGame::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")?;
//! let result = Searcher::new(SearchConfig::default())
//!     .search(&game, &ChessEvaluator::Strong, &Limits::depth(3), &mut Silent);
//! assert_eq!(notation::to_san(game.position(), result.best_move.unwrap()), "Qxf7#");
//! # Ok::<_, banco_chess::FenError>(())
//! ```

pub mod bridge;
mod error;
pub mod eval;
mod game;
mod illegal;
mod nnue;
pub mod notation;
pub mod pgn;
pub mod position;
pub mod zobrist;

pub use cozy_chess;
pub use cozy_chess::{Board, Move};
pub use error::{FenError, MoveError, PgnError};
pub use eval::ChessEvaluator;
pub use game::{ChessGame, ChessStatus, captured_role, gives_check};
pub use shakmaty;

/// The standard start position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
