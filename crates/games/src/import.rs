//! Games read from the records people keep: a chess PGN (its main line and
//! start position), or a list of moves in any notation the game reads (SAN
//! or UCI, WXF or ICCS, `h8` or Gomocup's `x,y`), move numbers and a result
//! allowed between them.

use crate::record::AnyGame;
use crate::{GameKind, MoveError, Setup, SetupError};

/// Why a record could not be read. Nothing is created.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum ImportError {
    /// The game, rule, size or start position is not valid.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A PGN that does not read.
    #[error("bad PGN: {0}")]
    Pgn(String),
    /// The record holds no move.
    #[error("the record holds no move: paste a PGN or moves separated by spaces (1. e4 e5 2. Nf3)")]
    Empty,
    /// A move that cannot be played where the record puts it.
    #[error("move {number} ('{text}') cannot be played: {reason}")]
    Move {
        /// Its number in the record, counting from 1.
        number: usize,
        /// The move as written.
        text: String,
        /// Why.
        reason: MoveError,
    },
}

/// What a game record holds: where it starts and its moves as written.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct RecordText {
    /// The start position, if the record gives one (PGN's `FEN` tag).
    pub position: Option<String>,
    /// The moves, in order, in any notation the game reads.
    pub moves: Vec<String>,
}

/// The moves of a plain list, move numbers (`1.`, `12...`, `1.e4`) and
/// results (`1-0`, `*`) left out.
#[must_use]
pub fn move_list(text: &str) -> Vec<String> {
    text.split_whitespace()
        .filter_map(move_token)
        .map(str::to_owned)
        .collect()
}

/// A token of a move list without its move number; `None` for a number or
/// a result alone.
fn move_token(token: &str) -> Option<&str> {
    if matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*") {
        return None;
    }
    // Digits then dots number a move; digits then a comma are a Gomocup point.
    let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 && token[digits..].starts_with('.') {
        let rest = token[digits..].trim_start_matches('.');
        return (!rest.is_empty()).then_some(rest);
    }
    Some(token)
}

impl GameKind {
    /// A game of this kind from a record: the game's own record format
    /// when it has one (PGN for chess), else a list of moves, played from
    /// `setup`'s position (or the record's own start).
    ///
    /// # Errors
    ///
    /// An [`ImportError`] naming the move that fails and why.
    pub fn import(self, setup: &Setup, text: &str) -> Result<Box<dyn AnyGame>, ImportError> {
        let record = crate::with_game!(self, G => <G as crate::Playable>::read_record(text))
            .map_err(ImportError::Pgn)?;
        if record.moves.is_empty() {
            return Err(ImportError::Empty);
        }
        let start = Setup {
            position: record.position.or_else(|| setup.position.clone()),
            ..setup.clone()
        };
        let mut game = self.setup(&start)?;
        for (index, text) in record.moves.iter().enumerate() {
            game.play(text).map_err(|reason| ImportError::Move {
                number: index + 1,
                text: text.clone(),
                reason,
            })?;
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_results_are_left_out() {
        assert_eq!(
            move_list("1. e4 e5 2.Nf3 Nc6 3... a6 1-0"),
            ["e4", "e5", "Nf3", "Nc6", "a6"]
        );
        assert_eq!(move_list("h8 i9 7,7 *"), ["h8", "i9", "7,7"]);
        assert_eq!(move_list("1. C2.5 H8+7"), ["C2.5", "H8+7"]);
    }

    #[test]
    fn each_game_reads_its_records() {
        let chess = GameKind::Chess
            .import(
                &Setup::default(),
                "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n",
            )
            .unwrap();
        assert_eq!(chess.moves().len(), 5);
        assert_eq!(chess.moves()[4].text, "Bb5");
        let plain = GameKind::Chess
            .import(&Setup::default(), "1.d4 d5 2.c4")
            .unwrap();
        assert_eq!(plain.moves().len(), 3);
        let xiangqi = GameKind::Xiangqi
            .import(&Setup::default(), "1. C2.5 H8+7 2. h0g2")
            .unwrap();
        assert_eq!(xiangqi.moves().len(), 3);
        let gomoku = GameKind::Gomoku
            .import(&Setup::default(), "h8 i9 7,6")
            .unwrap();
        assert_eq!(gomoku.moves().len(), 3);
    }

    #[test]
    fn a_bad_move_is_named_and_nothing_is_made() {
        let Err(err) = GameKind::Chess.import(&Setup::default(), "1. e4 e5 2. Ke3") else {
            panic!("Ke3 is refused");
        };
        assert!(
            matches!(&err, ImportError::Move { number: 3, text, .. } if text == "Ke3"),
            "{err}"
        );
        assert!(
            err.to_string()
                .starts_with("move 3 ('Ke3') cannot be played"),
            "{err}"
        );
        assert!(matches!(
            GameKind::Gomoku.import(&Setup::default(), " 1. "),
            Err(ImportError::Empty)
        ));
        assert!(matches!(
            GameKind::Chess.import(&Setup::default(), "[Event \"x\"] 1. e4 {a note} e5 2. Qxf7"),
            Err(ImportError::Pgn(_))
        ));
    }
}
