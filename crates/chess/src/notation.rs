//! Moves as people and programs write them: SAN (`Nf3`) and UCI (`g1f3`).
//!
//! shakmaty reads and writes both; the board crosses to it through
//! [`crate::bridge`], which is cheap beside a person's typing.

use cozy_chess::{Board, Move};
use shakmaty::san::{San, SanError, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Position};

use crate::bridge::{banco_move, shakmaty_move, shakmaty_position};
use crate::error::MoveError;
use crate::illegal::why_illegal;

fn illegal(pos: &Chess, input: &str) -> MoveError {
    MoveError::Illegal {
        input: input.to_owned(),
        reason: why_illegal(pos, input),
    }
}

/// Reads a move in UCI notation and checks it is legal in `board`.
///
/// # Errors
///
/// [`MoveError::Syntax`] if it is not UCI notation, [`MoveError::Illegal`] if
/// it cannot be played here.
pub fn parse_uci(board: &Board, text: &str) -> Result<Move, MoveError> {
    let input = text.trim();
    let uci: UciMove = input.parse().map_err(|_| MoveError::Syntax {
        input: input.to_owned(),
    })?;
    let pos = shakmaty_position(board);
    uci.to_move(&pos)
        .map(banco_move)
        .map_err(|_| illegal(&pos, input))
}

fn parse_san_in(pos: &Chess, input: &str) -> Result<Move, MoveError> {
    let san: SanPlus = input.parse().map_err(|_| MoveError::Syntax {
        input: input.to_owned(),
    })?;
    san.san
        .to_move(pos)
        .map(banco_move)
        .map_err(|err| match err {
            SanError::AmbiguousSan => MoveError::Ambiguous {
                input: input.to_owned(),
            },
            SanError::IllegalSan => illegal(pos, input),
        })
}

/// Reads a move in SAN and checks it is legal in `board`.
///
/// # Errors
///
/// [`MoveError::Syntax`], [`MoveError::Illegal`] or [`MoveError::Ambiguous`].
pub fn parse_san(board: &Board, text: &str) -> Result<Move, MoveError> {
    parse_san_in(&shakmaty_position(board), text.trim())
}

/// Reads a move written either way: UCI first (`e2e4`), else SAN (`e4`, `0-0`).
///
/// # Errors
///
/// As [`parse_san`]: a move neither notation reads, or one that is illegal here.
pub fn parse_move(board: &Board, text: &str) -> Result<Move, MoveError> {
    let input = text.trim();
    if input.is_empty() {
        return Err(MoveError::Syntax {
            input: String::new(),
        });
    }
    let pos = shakmaty_position(board);
    if let Ok(uci) = input.parse::<UciMove>()
        && let Ok(mv) = uci.to_move(&pos)
    {
        return Ok(banco_move(mv));
    }
    // People write castling with zeros too.
    let normalised = input.replace('0', "O");
    match parse_san_in(&pos, &normalised) {
        Err(MoveError::Syntax { .. }) if input.parse::<UciMove>().is_ok() => {
            Err(illegal(&pos, input))
        }
        Err(MoveError::Syntax { .. }) => Err(MoveError::Syntax {
            input: input.to_owned(),
        }),
        Err(MoveError::Illegal { .. }) => Err(illegal(&pos, input)),
        Err(MoveError::Ambiguous { .. }) => Err(MoveError::Ambiguous {
            input: input.to_owned(),
        }),
        ok => ok,
    }
}

/// A move in UCI notation (castling as king to its destination, `e1g1`).
#[must_use]
pub fn to_uci(mv: Move) -> String {
    mv.to_string()
}

/// A move in SAN with its check or mate suffix (`Nf3`, `Qxf7#`); UCI when
/// the move is not legal in `board`.
#[must_use]
pub fn to_san(board: &Board, mv: Move) -> String {
    let pos = shakmaty_position(board);
    match shakmaty_move(&pos, mv) {
        Some(m) => SanPlus::from_move(pos, m).to_string(),
        None => to_uci(mv),
    }
}

/// A line of moves in SAN from `board`, numbered (`12. Nf3 Nc6 13. Bb5`),
/// up to the first move that is not legal.
#[must_use]
pub fn line_to_san(board: &Board, line: &[Move]) -> String {
    let mut pos = shakmaty_position(board);
    let mut out = String::new();
    for (i, &mv) in line.iter().enumerate() {
        let Some(m) = shakmaty_move(&pos, mv) else {
            break;
        };
        let number = pos.fullmoves().get();
        if pos.turn().is_white() {
            out.push_str(&format!("{number}. "));
        } else if i == 0 {
            out.push_str(&format!("{number}... "));
        }
        out.push_str(&SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string());
        out.push(' ');
    }
    out.trim_end().to_owned()
}

/// A SAN move without suffix, for tables; UCI when the move is not legal
/// in `board`.
#[must_use]
pub fn to_san_plain(board: &Board, mv: Move) -> String {
    let pos = shakmaty_position(board);
    match shakmaty_move(&pos, mv) {
        Some(m) => San::from_move(&pos, m).to_string(),
        None => to_uci(mv),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_both_notations() {
        let pos = Board::default();
        assert_eq!(to_uci(parse_move(&pos, "Nf3").unwrap()), "g1f3");
        assert_eq!(to_uci(parse_move(&pos, "g1f3").unwrap()), "g1f3");
        assert_eq!(to_san(&pos, parse_move(&pos, " e2e4 ").unwrap()), "e4");
    }

    #[test]
    fn castles_with_letters_or_zeros() {
        let pos: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
        for text in ["O-O", "0-0", "e1g1"] {
            assert_eq!(to_uci(parse_move(&pos, text).unwrap()), "e1g1", "{text}");
        }
        assert_eq!(to_uci(parse_move(&pos, "0-0-0").unwrap()), "e1c1");
    }

    #[test]
    fn bad_moves_say_why() {
        let pos = Board::default();
        let err = parse_move(&pos, "hello").unwrap_err();
        assert!(matches!(err, MoveError::Syntax { .. }));
        assert!(err.to_string().contains("'hello' is not a move"));
        let err = parse_move(&pos, "e2e5").unwrap_err();
        assert!(matches!(err, MoveError::Illegal { .. }), "{err:?}");
        assert!(err.to_string().contains("illegal move 'e2e5'"));
        let err = parse_move(&pos, "Ke2").unwrap_err();
        assert!(matches!(err, MoveError::Illegal { .. }));
        assert!(matches!(
            parse_move(&pos, "").unwrap_err(),
            MoveError::Syntax { .. }
        ));
        assert!(matches!(
            parse_uci(&pos, "Nf3").unwrap_err(),
            MoveError::Syntax { .. }
        ));
    }

    #[test]
    fn ambiguous_san_is_reported() {
        let pos: Board = "4k3/8/8/8/8/8/R6R/4K3 w - - 0 1".parse().unwrap();
        let err = parse_san(&pos, "Rd2").unwrap_err();
        assert!(matches!(err, MoveError::Ambiguous { .. }), "{err:?}");
        assert!(err.to_string().contains("ambiguous move 'Rd2'"));
        assert_eq!(to_uci(parse_move(&pos, "Rad2").unwrap()), "a2d2");
    }

    #[test]
    fn castling_reads_and_writes_as_the_king_step() {
        let pos: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
        // The king taking its own rook is read as castling too, as UCI
        // engines written for Chess960 send it.
        let castle = parse_uci(&pos, "e1h1").unwrap();
        assert_eq!(to_uci(castle), "e1g1");
        assert_eq!(to_san(&pos, castle), "O-O");
        assert_eq!(to_san(&pos, parse_move(&pos, "O-O-O").unwrap()), "O-O-O");
    }

    #[test]
    fn lines_are_numbered() {
        let pos = Board::default();
        let line: Vec<Move> = ["e2e4", "e7e5", "g1f3"]
            .iter()
            .scan(pos.clone(), |p, m| {
                let mv = parse_uci(p, m).unwrap();
                crate::position::play(p, mv);
                Some(mv)
            })
            .collect();
        assert_eq!(line_to_san(&pos, &line), "1. e4 e5 2. Nf3");
        let mut after = pos.clone();
        crate::position::play(&mut after, line[0]);
        assert_eq!(line_to_san(&after, &line[1..]), "1... e5 2. Nf3");
    }
}
