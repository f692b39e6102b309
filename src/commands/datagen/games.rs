//! The compact format: whole games, a few bytes a position, to keep data
//! in the repository. The positions and their filter are recomputed by
//! replaying the moves ([`replay`]), so nothing but the moves, the
//! search's scores and the result is stored.
//!
//! Header (16 bytes, little-endian): the magic `BNCOGAME`, the version
//! (`u16`, 1), the game (`u8`: 0 chess, 1 xiangqi), the board's squares
//! (`u8`), the games written (`u32`).
//!
//! Then per game: the plies played (`u16`, n), the random opening plies
//! (`u8`, r), the result for the first player (`u8`: 0 loss, 1 draw, 2
//! win), the positions kept (`u16`, for counting without replaying); n
//! moves, one byte each: the move's index among the position's legal
//! moves sorted by their program notation (UCI, ICCS), which no change of
//! move generator alters; then n − r scores (`i16`, centipawns for the side
//! to move), one per searched ply. About three bytes a position.

use std::io::{self, Read, Write};

use banco_games::Playable;
use banco_search::{Evaluator, EvaluatorStrength, Side};

use super::format::Sample;

/// The file's first bytes.
pub const MAGIC: &[u8; 8] = b"BNCOGAME";

/// One game as the file keeps it.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct GameRecord {
    /// Random moves that opened the game (no score).
    pub random_plies: u8,
    /// The result for the first player: 0 loss, 1 draw, 2 win.
    pub result: u8,
    /// Positions kept for training.
    pub kept: u16,
    /// Every move, as its index among the sorted legal moves.
    pub moves: Vec<u8>,
    /// The search's score at each searched ply.
    pub scores: Vec<i16>,
}

/// The legal moves of a position in the file's order: by program notation.
fn sorted_moves<G: Playable>(game: &G) -> Vec<(String, G::Move)> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut named: Vec<(String, G::Move)> =
        moves.into_iter().map(|m| (G::move_code(m), m)).collect();
    named.sort_by(|a, b| a.0.cmp(&b.0));
    named
}

/// A move's byte: its index among the sorted legal moves.
pub fn move_index<G: Playable>(game: &G, mv: G::Move) -> Option<u8> {
    let code = G::move_code(mv);
    sorted_moves(game)
        .iter()
        .position(|(c, _)| *c == code)
        .and_then(|i| u8::try_from(i).ok())
}

/// Writes one game.
///
/// # Errors
///
/// [`io::ErrorKind::InvalidInput`] for a record whose parts do not fit
/// together; else the writer's.
pub fn write_game(out: &mut impl Write, game: &GameRecord) -> io::Result<()> {
    let n = game.moves.len();
    if n > usize::from(u16::MAX)
        || n < usize::from(game.random_plies)
        || game.scores.len() != n - usize::from(game.random_plies)
    {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "a game record whose moves and scores do not match",
        ));
    }
    out.write_all(&u16::try_from(n).unwrap_or(0).to_le_bytes())?;
    out.write_all(&[game.random_plies, game.result])?;
    out.write_all(&game.kept.to_le_bytes())?;
    out.write_all(&game.moves)?;
    for s in &game.scores {
        out.write_all(&s.to_le_bytes())?;
    }
    Ok(())
}

/// Reads one game; `None` at the end of the file.
///
/// # Errors
///
/// A game cut short, or the reader's.
pub fn read_game(input: &mut impl Read) -> io::Result<Option<GameRecord>> {
    let mut head = [0_u8; 6];
    let mut filled = 0;
    while filled < head.len() {
        match input.read(&mut head[filled..])? {
            0 if filled == 0 => return Ok(None),
            0 => return Err(cut()),
            k => filled += k,
        }
    }
    let n = usize::from(u16::from_le_bytes([head[0], head[1]]));
    let random_plies = head[2];
    if usize::from(random_plies) > n || head[3] > 2 {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "a game record with impossible counts",
        ));
    }
    let mut moves = vec![0_u8; n];
    input.read_exact(&mut moves).map_err(|_| cut())?;
    let mut score_bytes = vec![0_u8; 2 * (n - usize::from(random_plies))];
    input.read_exact(&mut score_bytes).map_err(|_| cut())?;
    Ok(Some(GameRecord {
        random_plies,
        result: head[3],
        kept: u16::from_le_bytes([head[4], head[5]]),
        moves,
        scores: score_bytes
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect(),
    }))
}

fn cut() -> io::Error {
    io::Error::new(io::ErrorKind::UnexpectedEof, "a game record cut short")
}

/// The positions a game record keeps, replayed from the start: each
/// searched position not in check whose move (the search's best) is
/// quiet, with its score and the game's result, as `banco datagen` kept
/// them.
///
/// # Errors
///
/// A move byte that is no legal move's.
pub fn replay<G: Playable>(record: &GameRecord) -> Result<Vec<Sample>, String> {
    let mut game = G::start();
    let eval = G::Eval::from(EvaluatorStrength::Strong);
    let mut samples = Vec::new();
    for (ply, &index) in record.moves.iter().enumerate() {
        let moves = sorted_moves(&game);
        let Some(&(_, mv)) = moves.get(usize::from(index)) else {
            return Err(format!("move {} of a game is not legal", ply + 1));
        };
        if let Some(searched) = ply.checked_sub(usize::from(record.random_plies)) {
            let quiet = !game.in_check() && !eval.is_noisy(&game, mv);
            if quiet && let Some(board) = game.training_board() {
                samples.push(Sample {
                    board,
                    second_to_move: game.side_to_move() == Side::Second,
                    score: record.scores[searched],
                    result: record.result,
                    ply: u16::try_from(ply).unwrap_or(u16::MAX),
                });
            }
        }
        game.make_move(mv);
    }
    Ok(samples)
}
