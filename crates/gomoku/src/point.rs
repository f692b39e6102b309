//! Points of the board and the two ways of writing them: `h8` as renju
//! records write it (column letter from `a`, row number from 1 at the bottom)
//! and Gomocup's `x,y` (column and row from 0).
//!
//! The two agree the way the Gomocup opening files and Rapfi read them:
//! `h8` is `7,7`, `a1` is `0,0`.

use std::fmt;

use crate::{MoveError, SizeError};

/// The smallest board side Banco plays.
pub const MIN_SIZE: u8 = 15;
/// The largest board side Banco plays (Gomocup's freestyle board).
pub const MAX_SIZE: u8 = 20;
/// The board side used when none is given.
pub const DEFAULT_SIZE: u8 = 15;
/// Points are indexed `y * STRIDE + x` whatever the board size, so a move
/// index fits every board.
pub const STRIDE: usize = MAX_SIZE as usize;

/// A point of the board: column `x` and row `y`, both from 0.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Column, from 0 (`a`).
    pub x: u8,
    /// Row, from 0 (row 1 in `h8` notation).
    pub y: u8,
}

impl Point {
    /// The point at column `x`, row `y` (from 0).
    #[must_use]
    pub const fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }

    /// The point's index, `y * STRIDE + x`, below `STRIDE * STRIDE`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.y as usize * STRIDE + self.x as usize
    }

    /// The point of an index made by [`Point::index`].
    #[must_use]
    pub const fn from_index(index: usize) -> Point {
        Point {
            x: (index % STRIDE) as u8,
            y: (index / STRIDE) as u8,
        }
    }

    /// The centre of a board of side `size` (`h8` on 15×15, `k11` on 20×20).
    #[must_use]
    pub const fn centre(size: u8) -> Point {
        Point {
            x: size / 2,
            y: size / 2,
        }
    }

    /// Reads `h8` or `x,y`, checking that the point lies on a board of side `size`.
    ///
    /// # Errors
    ///
    /// [`MoveError::Malformed`] for text that is neither form,
    /// [`MoveError::OutOfBoard`] for a point beyond the edge.
    pub fn parse(text: &str, size: u8) -> Result<Point, MoveError> {
        if text.contains(',') {
            Point::parse_gomocup(text, size)
        } else {
            Point::parse_algebraic(text, size)
        }
    }

    /// Reads `h8`: a column letter (`a` to `t`, either case) and a row number from 1.
    ///
    /// # Errors
    ///
    /// As [`Point::parse`].
    pub fn parse_algebraic(text: &str, size: u8) -> Result<Point, MoveError> {
        let malformed = || MoveError::Malformed {
            input: text.to_owned(),
        };
        let trimmed = text.trim();
        let mut chars = trimmed.chars();
        let letter = chars.next().ok_or_else(malformed)?;
        if !letter.is_ascii_alphabetic() {
            return Err(malformed());
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(malformed());
        }
        let x = i64::from(letter.to_ascii_lowercase() as u8 - b'a');
        let row: i64 = digits.parse().map_err(|_| malformed())?;
        checked(x, row - 1, size)
    }

    /// Reads Gomocup's `x,y` (spaces allowed around either number).
    ///
    /// # Errors
    ///
    /// As [`Point::parse`].
    pub fn parse_gomocup(text: &str, size: u8) -> Result<Point, MoveError> {
        let malformed = || MoveError::Malformed {
            input: text.to_owned(),
        };
        let (x, y) = text.trim().split_once(',').ok_or_else(malformed)?;
        let number = |s: &str| -> Result<i64, MoveError> {
            let s = s.trim();
            let digits = s.strip_prefix('-').unwrap_or(s);
            if digits.is_empty() || digits.len() > 9 || !digits.bytes().all(|b| b.is_ascii_digit())
            {
                return Err(malformed());
            }
            s.parse().map_err(|_| malformed())
        };
        checked(number(x)?, number(y)?, size)
    }

    /// Gomocup's `x,y`.
    #[must_use]
    pub fn to_gomocup(self) -> String {
        format!("{},{}", self.x, self.y)
    }

    /// Whether the point lies on a board of side `size`.
    #[must_use]
    pub const fn on_board(self, size: u8) -> bool {
        self.x < size && self.y < size
    }
}

fn checked(x: i64, y: i64, size: u8) -> Result<Point, MoveError> {
    let side = i64::from(size);
    if (0..side).contains(&x) && (0..side).contains(&y) {
        // Both fit in a u8: they are below `size`.
        Ok(Point::new(x as u8, y as u8))
    } else {
        Err(MoveError::OutOfBoard { x, y, size })
    }
}

impl fmt::Display for Point {
    /// `h8`: the column letter and the row number from 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.x), u32::from(self.y) + 1)
    }
}

/// Reads a board side, `15` or `15x15`.
///
/// # Errors
///
/// A number outside 15..=20, a rectangle, or text that is no size.
pub fn parse_size(text: &str) -> Result<u8, SizeError> {
    let err = || SizeError(text.to_owned());
    let trimmed = text.trim();
    let side = match trimmed.split_once(['x', 'X']) {
        Some((w, h)) if w.trim() == h.trim() => w.trim(),
        Some(_) => return Err(err()),
        None => trimmed,
    };
    let n: u8 = side.parse().map_err(|_| err())?;
    check_size(n).map_err(|_| err())
}

/// Checks a board side.
///
/// # Errors
///
/// A side outside 15..=20.
pub fn check_size(size: u8) -> Result<u8, SizeError> {
    if (MIN_SIZE..=MAX_SIZE).contains(&size) {
        Ok(size)
    } else {
        Err(SizeError(size.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_notations_agree() {
        assert_eq!(Point::parse("h8", 15), Ok(Point::new(7, 7)));
        assert_eq!(Point::parse("7,7", 15), Ok(Point::new(7, 7)));
        assert_eq!(Point::parse("A1", 15), Ok(Point::new(0, 0)));
        assert_eq!(Point::parse(" 14 , 0 ", 15), Ok(Point::new(14, 0)));
        assert_eq!(Point::new(19, 19).to_string(), "t20");
        assert_eq!(Point::parse("t20", 20), Ok(Point::new(19, 19)));
    }

    #[test]
    fn bad_points_are_typed() {
        assert!(matches!(
            Point::parse("p1", 15),
            Err(MoveError::OutOfBoard { .. })
        ));
        assert!(matches!(
            Point::parse("15,0", 15),
            Err(MoveError::OutOfBoard { .. })
        ));
        assert!(matches!(
            Point::parse("-1,0", 15),
            Err(MoveError::OutOfBoard { .. })
        ));
        assert!(matches!(
            Point::parse("h", 15),
            Err(MoveError::Malformed { .. })
        ));
        assert!(matches!(
            Point::parse("8h", 15),
            Err(MoveError::Malformed { .. })
        ));
        assert!(matches!(
            Point::parse("1,", 15),
            Err(MoveError::Malformed { .. })
        ));
        assert!(matches!(
            Point::parse("é8", 15),
            Err(MoveError::Malformed { .. })
        ));
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size("15"), Ok(15));
        assert_eq!(parse_size("20x20"), Ok(20));
        assert!(parse_size("19x20").is_err());
        assert!(parse_size("14").is_err());
        assert!(parse_size("big").is_err());
    }
}
