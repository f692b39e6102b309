//! Piece values and piece-square tables, written for Banco from the usual
//! principles of xiangqi play: soldiers gain worth as they cross the river
//! and near the palace (less on the last rank, where they can no longer
//! advance), horses want the centre and the points around the enemy
//! palace, cannons the central file and their home ranks, chariots open and
//! advanced lines, the general its home point.
//!
//! Tables are drawn as red sees the board: the first row is rank 9 (black's
//! back rank), the last rank 0; black reads them with the ranks flipped.

use crate::piece::{Color, Kind};
use crate::square::Square;

/// Values for move ordering and the exchange estimate, indexed by [`Kind::index`].
pub const ORDER_VALUE: [i32; 7] = [3000, 120, 120, 270, 600, 285, 60];

/// The simple evaluator's material, indexed by [`Kind::index`].
const SIMPLE_MATERIAL: [i32; 7] = [0, 120, 120, 270, 600, 285, 30];

#[rustfmt::skip]
pub(super) const SOLDIER: [i32; 90] = [
     0,  2,  4,  6,  8,  6,  4,  2,  0,
    20, 30, 45, 55, 60, 55, 45, 30, 20,
    20, 30, 45, 50, 55, 50, 45, 30, 20,
    20, 27, 35, 42, 45, 42, 35, 27, 20,
    10, 15, 20, 25, 28, 25, 20, 15, 10,
     0,  0,  5,  0, 10,  0,  5,  0,  0,
     0,  0,  0,  0,  2,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,
];

#[rustfmt::skip]
pub(super) const HORSE: [i32; 90] = [
      0,  -5,   5,   5,   0,   5,   5,  -5,   0,
      0,  10,  15,  20,   5,  20,  15,  10,   0,
      5,  15,  20,  25,  20,  25,  20,  15,   5,
      5,  20,  20,  25,  25,  25,  20,  20,   5,
      0,  10,  15,  20,  20,  20,  15,  10,   0,
      0,   8,  12,  15,  15,  15,  12,   8,   0,
      0,   5,  10,  10,  10,  10,  10,   5,   0,
     -5,   2,   5,   5,   0,   5,   5,   2,  -5,
    -10,  -5,   0,   0, -10,   0,   0,  -5, -10,
    -15, -10,  -5, -10, -15, -10,  -5, -10, -15,
];

#[rustfmt::skip]
pub(super) const CANNON: [i32; 90] = [
     5,  5,  0, -5, -5, -5,  0,  5,  5,
     2,  2,  0, -5, -8, -5,  0,  2,  2,
     2,  2,  0, -2,  0, -2,  0,  2,  2,
     0,  0,  0,  0,  5,  0,  0,  0,  0,
     0,  0,  0,  0,  5,  0,  0,  0,  0,
     0,  2,  2,  2,  8,  2,  2,  2,  0,
     0,  0,  0,  0,  5,  0,  0,  0,  0,
     2,  2,  5,  5, 12,  5,  5,  2,  2,
     0,  2,  2,  0,  5,  0,  2,  2,  0,
     0,  0,  2,  5,  5,  5,  2,  0,  0,
];

#[rustfmt::skip]
pub(super) const CHARIOT: [i32; 90] = [
     5,  8,  5, 10, 10, 10,  5,  8,  5,
    10, 15, 12, 18, 20, 18, 12, 15, 10,
     5, 10,  8, 12, 12, 12,  8, 10,  5,
     5, 10,  8, 12, 12, 12,  8, 10,  5,
     5, 12, 10, 12, 14, 12, 10, 12,  5,
     5,  8,  8, 10, 12, 10,  8,  8,  5,
     0,  5,  5,  8,  8,  8,  5,  5,  0,
    -2,  5,  2,  6,  6,  6,  2,  5, -2,
     0,  5,  2,  6,  0,  6,  2,  5,  0,
    -6,  2,  0,  6,  0,  6,  0,  2, -6,
];

#[rustfmt::skip]
pub(super) const GENERAL: [i32; 90] = [
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0, -12, -15, -12, 0, 0, 0,
    0, 0, 0,  -6,  -8,  -6, 0, 0, 0,
    0, 0, 0,   2,   6,   2, 0, 0, 0,
];

#[rustfmt::skip]
pub(super) const ADVISOR: [i32; 90] = [
    0, 0, 0,  0, 0,  0, 0, 0, 0,
    0, 0, 0,  0, 0,  0, 0, 0, 0,
    0, 0, 0,  0, 0,  0, 0, 0, 0,
    0, 0, 0,  0, 0,  0, 0, 0, 0,
    0, 0, 0,  0, 0,  0, 0, 0, 0,
    0, 0, 0,  0, 0,  0, 0, 0, 0,
    0, 0, 0,  0, 0,  0, 0, 0, 0,
    0, 0, 0, -2, 0, -2, 0, 0, 0,
    0, 0, 0,  0, 3,  0, 0, 0, 0,
    0, 0, 0,  0, 0,  0, 0, 0, 0,
];

#[rustfmt::skip]
pub(super) const ELEPHANT: [i32; 90] = [
     0, 0,  0, 0, 0, 0,  0, 0,  0,
     0, 0,  0, 0, 0, 0,  0, 0,  0,
     0, 0,  0, 0, 0, 0,  0, 0,  0,
     0, 0,  0, 0, 0, 0,  0, 0,  0,
     0, 0,  0, 0, 0, 0,  0, 0,  0,
     0, 0, -2, 0, 0, 0, -2, 0,  0,
     0, 0,  0, 0, 0, 0,  0, 0,  0,
    -3, 0,  0, 0, 5, 0,  0, 0, -3,
     0, 0,  0, 0, 0, 0,  0, 0,  0,
     0, 0,  0, 0, 0, 0,  0, 0,  0,
];

/// The table row-major index of `sq` for a piece of `color`.
#[inline]
pub(super) fn table_index(sq: Square, color: Color) -> usize {
    let rank = match color {
        Color::Red => sq.rank(),
        Color::Black => 9 - sq.rank(),
    };
    usize::from(9 - rank) * 9 + usize::from(sq.file())
}

/// The piece-square table of a kind.
pub(super) const fn table(kind: Kind) -> &'static [i32; 90] {
    match kind {
        Kind::General => &GENERAL,
        Kind::Advisor => &ADVISOR,
        Kind::Elephant => &ELEPHANT,
        Kind::Horse => &HORSE,
        Kind::Chariot => &CHARIOT,
        Kind::Cannon => &CANNON,
        Kind::Soldier => &SOLDIER,
    }
}

/// The simple evaluator's worth of a piece of `kind` and `color` on `sq`:
/// material plus table.
#[must_use]
pub fn simple_value(kind: Kind, color: Color, sq: Square) -> i32 {
    SIMPLE_MATERIAL[kind.index()] + table(kind)[table_index(sq, color)]
}
