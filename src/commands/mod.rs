//! One module per subcommand.

pub mod analyze;
pub mod bench;
pub mod compare;
pub mod perft;
pub mod play;
pub mod report;

use banco_chess::ChessGame;

/// Reads `--fen`, or the start position without one.
pub fn chess_game(fen: Option<&str>) -> anyhow::Result<ChessGame> {
    Ok(match fen {
        Some(fen) => ChessGame::from_fen(fen)?,
        None => ChessGame::new(),
    })
}
