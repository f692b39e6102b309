//! # banco-xiangqi
//!
//! Xiangqi (Chinese chess, 象棋, cờ tướng) for Banco, written from the rules:
//! every piece rule, the flying-general rule, and the game-end rules below;
//! FEN as Fairy-Stockfish and Pikafish write it; ICCS and WXF notation; two
//! evaluators; and the [`banco_search::Game`] implementation that lets the
//! shared search play it.
//!
//! ## Board representation
//!
//! A padded mailbox: 256 cells, the 90 points inside a border of padding
//! cells that are neither empty nor a piece. Every move a xiangqi piece makes
//! is a step of at most two points or a slide along a line, so the padding
//! ends every slide and rejects every step off the board with the same test
//! that finds an empty point, and the blocking rules (horse leg, elephant
//! eye, cannon screen) are single cell reads. Bitboards need 90 bits, so
//! 128-bit words with shifts that must mask the edges, and the cannon's
//! screen jump has no cheap bitboard form without large lookup tables;
//! measured here, the mailbox's perft speed is set beside Fairy-Stockfish's
//! (a bitboard generator) in `docs/benchmarks.md`.
//!
//! Legal moves are the pseudo-legal ones that leave the mover's general
//! neither attacked nor facing the other general, checked on a scratch board.
//!
//! ## Rules followed
//!
//! - A side with no legal move loses, in check (checkmate) or not (stalemate).
//! - Sixty moves each (120 plies) without a capture draw the game (the
//!   clock counts plies since the last capture, as Fairy-Stockfish's
//!   xiangqi does); a mate given on the last ply still wins.
//! - A position repeated three times draws, unless one side gave check with
//!   every one of its moves in the repeating cycle and the other did not:
//!   then the side giving perpetual check loses (the Asian Xiangqi
//!   Federation's rule, judged first).
//! - Otherwise, when exactly one side *chased* with every one of its moves
//!   in the cycle, that side loses; both chasing is a draw. A move chases
//!   when the piece it moved can, after the move and not before, legally
//!   capture an enemy piece that is not the general nor a soldier still on
//!   its own side of the river, and that is either unprotected (no piece of
//!   its side could legally take back) or worth more than the mover
//!   (chariot over horse and cannon, those over advisor, elephant and
//!   soldier). Generals and soldiers never chase, and a threat on a piece
//!   of the mover's kind that could capture back is a trade offer. The
//!   chased piece is followed as it moves, and all of a side's moves must
//!   chase that one piece. This approximates the AXF chasing rules as
//!   Fairy-Stockfish applies them; it leaves out threats discovered by
//!   moving another piece, a move that checks standing in for a chase (a
//!   side alternating check and chase is not judged to chase), and the
//!   finer AXF cases (exchanges, chases of several pieces in turn, the
//!   named exceptions).
//!
//! ```
//! use banco_xiangqi::{XiangqiGame, notation};
//! use banco_search::Game;
//!
//! let mut game = XiangqiGame::new();
//! let mut moves = Vec::new();
//! game.legal_moves(&mut moves);
//! assert_eq!(moves.len(), 44);
//! let central_cannon = notation::parse_move(game.board(), "C2.5")?;
//! assert_eq!(central_cannon.to_string(), "h2e2");
//! game.play(central_cannon)?;
//! # Ok::<_, banco_xiangqi::MoveError>(())
//! ```

mod board;
mod chase;
mod error;
pub mod eval;
mod fen;
mod game;
mod movegen;
mod nnue;
pub mod notation;
mod piece;
mod square;
mod zobrist;

pub use board::{Board, Move};
pub use error::{FenError, MoveError};
pub use eval::XiangqiEvaluator;
pub use fen::{START_FEN, reachable};
pub use game::{NO_CAPTURE_PLIES, XiangqiGame, XiangqiStatus};
pub use movegen::{in_palace, on_own_half};
pub use piece::{Color, Kind, Piece};
pub use square::{FILES, RANKS, Square};
