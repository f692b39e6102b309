//! # banco-gomoku
//!
//! Gomoku, caro and renju for Banco, on boards from 15×15 to 20×20.
//!
//! - [`GomokuGame`]: the rules ([`Rule`]) and the search's `Game` contract,
//!   with an incremental Zobrist hash and line patterns kept up to date on
//!   every make and unmake;
//! - [`Point`]: `h8` and Gomocup `x,y` coordinates;
//! - [`GomokuEvaluator`]: the seeds' simple caro evaluation and the strong
//!   pattern evaluation;
//! - [`threat`]: VCF and VCT solvers; [`think`]: choosing a move with them and
//!   the shared search;
//! - [`render`]: a text board and status lines for terminals.
//!
//! ## Rule texts
//!
//! Renju follows the RIF International Rules of Renju (articles 9.2–9.4:
//! five, overline, four, straight four, three, and black's forbidden
//! overline, double-four and double-three, with RIF 9.3's recursive test of
//! the straight-four point; a five beats a foul). The other rules follow the
//! Gomocup rule definitions: freestyle (five or more), standard (exactly
//! five), and caro as the 2023 Gomocup caro league states it ("the winner
//! must have an unbroken row of exactly five stones that is not blocked at
//! both ends"; the board edge is no block, as GomocupJudge judges it). A full
//! board is a draw.
//!
//! ```
//! use banco_gomoku::{GameStatus, GomokuGame, Rule};
//!
//! let mut game = GomokuGame::from_moves(15, Rule::Standard, "h8 a1 i8 a2 j8 a3 k8 a4")?;
//! game.play_str("l8")?;
//! assert!(matches!(game.status(), GameStatus::Five { .. }));
//! # Ok::<_, banco_gomoku::GomokuError>(())
//! ```

mod board;
pub mod combo;
mod error;
pub mod eval;
mod game;
mod pattern;
mod point;
pub mod policy;
pub mod render;
pub mod renju;
mod rule;
mod sightline;
pub mod think;
pub mod threat;
pub mod tune;
mod zobrist;

pub use banco_search::Side;
pub use board::{
    CARO_WEIGHTS, FREESTYLE_WEIGHTS, PatternWeights, RENJU_BLACK_WEIGHTS, RENJU_WHITE_WEIGHTS,
    STANDARD_WEIGHTS, Threat,
};
pub use error::{GomokuError, MoveError, RuleError, SizeError};
pub use eval::GomokuEvaluator;
pub use game::{GameStatus, GomokuGame, PlayedMove};
pub use pattern::{FiveRule, LinePattern};
pub use point::{DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, Point, STRIDE, check_size, parse_size};
pub use renju::Foul;
pub use rule::Rule;
