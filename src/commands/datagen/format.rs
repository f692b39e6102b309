//! Banco's training-data format: a 16-byte header, then fixed-size records,
//! one per position. Little-endian throughout. (The compact format of whole
//! games, [`super::games`], shares the header with its own magic.)
//!
//! Header: the magic `BNCODATA`, the version (`u16`, 1), the game (`u8`: 0
//! chess, 1 xiangqi), the board's square count (`u8`: 64 or 90), and the
//! number of games written (`u32`), so a run can resume where one stopped.
//!
//! Record: the occupied squares as a bitmap (8 bytes for chess, 12 for
//! xiangqi; square `s` is bit `s % 8` of byte `s / 8`); the occupied
//! squares' piece codes, two to a byte in square order, low nibble first,
//! 16 bytes (up to 32 pieces; unused nibbles 0); the side to move (`u8`, 0
//! the first player); the search's score for the side to move (`i16`,
//! centipawns); the game's result for the first player (`u8`: 0 loss, 1
//! draw, 2 win); the ply in the game (`u16`). Chess records are 30 bytes,
//! xiangqi's 34.

use std::io::{self, Read, Write};

use banco_games::TrainingBoard;

/// The file's first bytes.
pub const MAGIC: &[u8; 8] = b"BNCODATA";
/// The format's version.
pub const VERSION: u16 = 1;
/// The header's length.
pub const HEADER_BYTES: usize = 16;
/// Pieces a record holds at most.
pub const MAX_PIECES: usize = 32;

/// One position with what training needs of it.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Sample {
    /// The pieces.
    pub board: TrainingBoard,
    /// Whether the second player is to move.
    pub second_to_move: bool,
    /// The search's score for the side to move, in centipawns.
    pub score: i16,
    /// The game's result for the first player: 0 loss, 1 draw, 2 win.
    pub result: u8,
    /// Plies played before the position.
    pub ply: u16,
}

/// What follows a file's header.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Records {
    /// Fixed-size position records (this module).
    Positions,
    /// Whole games, replayed to positions (`super::games`).
    Games,
}

/// A file's header.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Header {
    /// What follows it.
    pub records: Records,
    /// 0 chess, 1 xiangqi.
    pub game: u8,
    /// The board's squares.
    pub squares: u8,
    /// Games whose positions the file holds.
    pub games: u32,
}

impl Header {
    /// The bytes of the occupancy bitmap.
    #[must_use]
    pub fn bitmap_bytes(self) -> usize {
        usize::from(self.squares).div_ceil(8)
    }

    /// The length of one record.
    #[must_use]
    pub fn record_bytes(self) -> usize {
        self.bitmap_bytes() + MAX_PIECES / 2 + 1 + 2 + 1 + 2
    }

    /// Writes the header.
    ///
    /// # Errors
    ///
    /// The writer's.
    pub fn write(self, out: &mut impl Write) -> io::Result<()> {
        out.write_all(match self.records {
            Records::Positions => MAGIC,
            Records::Games => super::games::MAGIC,
        })?;
        out.write_all(&VERSION.to_le_bytes())?;
        out.write_all(&[self.game, self.squares])?;
        out.write_all(&self.games.to_le_bytes())
    }

    /// Reads a header.
    ///
    /// # Errors
    ///
    /// [`io::ErrorKind::InvalidData`] for a file of another format or version.
    pub fn read(input: &mut impl Read) -> io::Result<Header> {
        let mut bytes = [0; HEADER_BYTES];
        input.read_exact(&mut bytes)?;
        let bad = |what: &str| io::Error::new(io::ErrorKind::InvalidData, what.to_owned());
        let records = if &bytes[..8] == MAGIC {
            Records::Positions
        } else if &bytes[..8] == super::games::MAGIC {
            Records::Games
        } else {
            return Err(bad("not a Banco training-data file"));
        };
        if u16::from_le_bytes([bytes[8], bytes[9]]) != VERSION {
            return Err(bad("a training-data version this build does not read"));
        }
        let header = Header {
            records,
            game: bytes[10],
            squares: bytes[11],
            games: u32::from_le_bytes([bytes[12], bytes[13], bytes[14], bytes[15]]),
        };
        if !matches!((header.game, header.squares), (0, 64) | (1, 90)) {
            return Err(bad("an unknown game in the header"));
        }
        Ok(header)
    }
}

/// Writes one record.
///
/// # Errors
///
/// [`io::ErrorKind::InvalidInput`] for a board of another size or with more
/// than 32 pieces; else the writer's.
pub fn write_sample(out: &mut impl Write, header: Header, sample: &Sample) -> io::Result<()> {
    let invalid = |what: &str| io::Error::new(io::ErrorKind::InvalidInput, what.to_owned());
    if sample.board.squares != header.squares {
        return Err(invalid("a board of another size than the file's"));
    }
    if sample.board.pieces.len() > MAX_PIECES {
        return Err(invalid("more than 32 pieces"));
    }
    let mut bitmap = vec![0_u8; header.bitmap_bytes()];
    let mut nibbles = [0_u8; MAX_PIECES / 2];
    for (i, &(square, code)) in sample.board.pieces.iter().enumerate() {
        if square >= header.squares || code > 15 {
            return Err(invalid("a square or piece out of range"));
        }
        bitmap[usize::from(square / 8)] |= 1 << (square % 8);
        nibbles[i / 2] |= code << (4 * (i % 2));
    }
    out.write_all(&bitmap)?;
    out.write_all(&nibbles)?;
    out.write_all(&[u8::from(sample.second_to_move)])?;
    out.write_all(&sample.score.to_le_bytes())?;
    out.write_all(&[sample.result])?;
    out.write_all(&sample.ply.to_le_bytes())
}

/// Reads one record; `None` at the end of the file.
///
/// # Errors
///
/// A record cut short, or the reader's.
pub fn read_sample(input: &mut impl Read, header: Header) -> io::Result<Option<Sample>> {
    let mut bytes = vec![0_u8; header.record_bytes()];
    let mut filled = 0;
    while filled < bytes.len() {
        match input.read(&mut bytes[filled..])? {
            0 if filled == 0 => return Ok(None),
            0 => {
                return Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    "a record cut short",
                ));
            }
            n => filled += n,
        }
    }
    let (bitmap, rest) = bytes.split_at(header.bitmap_bytes());
    let (nibbles, rest) = rest.split_at(MAX_PIECES / 2);
    let mut pieces = Vec::new();
    for square in 0..header.squares {
        if bitmap[usize::from(square / 8)] & (1 << (square % 8)) != 0 {
            let i = pieces.len();
            let code = nibbles.get(i / 2).map_or(0, |b| (b >> (4 * (i % 2))) & 0xf);
            pieces.push((square, code));
        }
    }
    Ok(Some(Sample {
        board: TrainingBoard {
            squares: header.squares,
            pieces,
        },
        second_to_move: rest[0] != 0,
        score: i16::from_le_bytes([rest[1], rest[2]]),
        result: rest[3],
        ply: u16::from_le_bytes([rest[4], rest[5]]),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use banco_games::{ChessGame, Playable, XiangqiGame};
    use proptest::prelude::*;

    fn sample(board: TrainingBoard, score: i16, ply: u16) -> Sample {
        Sample {
            board,
            second_to_move: ply % 2 == 1,
            score,
            result: (ply % 3) as u8,
            ply,
        }
    }

    #[test]
    fn records_read_back_as_written() {
        for (game, board) in [
            (0, ChessGame::new().training_board().unwrap()),
            (1, XiangqiGame::new().training_board().unwrap()),
        ] {
            let header = Header {
                records: Records::Positions,
                game,
                squares: board.squares,
                games: 2,
            };
            let samples = [sample(board.clone(), -123, 7), sample(board, 456, 8)];
            let mut bytes = Vec::new();
            header.write(&mut bytes).unwrap();
            for s in &samples {
                write_sample(&mut bytes, header, s).unwrap();
            }
            assert_eq!(bytes.len(), HEADER_BYTES + 2 * header.record_bytes());
            let mut input = bytes.as_slice();
            assert_eq!(Header::read(&mut input).unwrap(), header);
            for s in &samples {
                assert_eq!(read_sample(&mut input, header).unwrap().as_ref(), Some(s));
            }
            assert_eq!(read_sample(&mut input, header).unwrap(), None);
        }
        assert_eq!(
            Header {
                records: Records::Positions,
                game: 0,
                squares: 64,
                games: 0
            }
            .record_bytes(),
            30
        );
        assert_eq!(
            Header {
                records: Records::Positions,
                game: 1,
                squares: 90,
                games: 0
            }
            .record_bytes(),
            34
        );
    }

    #[test]
    fn bad_files_are_refused() {
        assert!(Header::read(&mut &b"NOTBANCO\x01\x00\x00\x40\0\0\0\0"[..]).is_err());
        assert!(Header::read(&mut &b"BNCODATA\x02\x00\x00\x40\0\0\0\0"[..]).is_err());
        assert!(Header::read(&mut &b"BNCODATA\x01\x00\x00\x5a\0\0\0\0"[..]).is_err());
        let header = Header {
            records: Records::Positions,
            game: 0,
            squares: 64,
            games: 0,
        };
        let cut = vec![0_u8; header.record_bytes() - 1];
        assert!(read_sample(&mut cut.as_slice(), header).is_err());
    }

    proptest! {
        #[test]
        fn any_board_round_trips(
            squares in proptest::sample::subsequence((0_u8..64).collect::<Vec<_>>(), 0..=32),
            codes in proptest::collection::vec(0_u8..16, 32),
            score in any::<i16>(),
            ply in any::<u16>(),
        ) {
            let pieces: Vec<(u8, u8)> = squares.iter().zip(&codes).map(|(&s, &c)| (s, c)).collect();
            let header = Header { records: Records::Positions, game: 0, squares: 64, games: 0 };
            let s = sample(TrainingBoard { squares: 64, pieces }, score, ply);
            let mut bytes = Vec::new();
            write_sample(&mut bytes, header, &s).unwrap();
            prop_assert_eq!(read_sample(&mut bytes.as_slice(), header).unwrap(), Some(s));
        }
    }
}
