//! Renju fouls, decided exactly by the RIF definitions (RIF International
//! Rules of Renju, articles 9.2–9.4):
//!
//! - a *five* is an unbroken row of exactly five; an *overline* six or more;
//! - a *four* is a row one stone from a five; a *straight four* an unbroken
//!   four that becomes a five at either end;
//! - a *three* is a row one stone from a straight four, where that stone
//!   would not also make a five and is itself not a forbidden point — checked
//!   recursively (RIF 9.3), so a "three" whose straight-four point is an
//!   overline, double-four or double-three point is no three;
//! - black's overline, double-four (two fours from one stone, also two on
//!   one line as in `X.XXX.X`) and double-three (two threes in different
//!   lines) are forbidden, unless the stone also makes a five.
//!
//! This module scans the stones directly; it is the reference the board's
//! fast pattern tables defer to when a double-three is possible.

use crate::point::STRIDE;
use crate::{Point, Side};

/// Why a black stone is forbidden.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Foul {
    /// Six or more in a row.
    Overline,
    /// Two or more fours at once.
    DoubleFour,
    /// Two or more threes at once.
    DoubleThree,
}

impl Foul {
    /// A name as the referee and the docs write it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Foul::Overline => "overline",
            Foul::DoubleFour => "double-four",
            Foul::DoubleThree => "double-three",
        }
    }
}

impl std::fmt::Display for Foul {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The four line directions: across, up, and the two diagonals.
pub(crate) const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// How deep the recursion of "is that point itself forbidden" may go; real
/// positions never come near it.
const MAX_RECURSION: u32 = 8;

/// A grid of stones to scan: 0 empty, 1 black, 2 white.
pub(crate) struct Grid {
    cells: Vec<u8>,
    size: i32,
}

const BLACK: u8 = 1;

impl Grid {
    /// A grid from cells already coded 0 empty, 1 black, 2 white, indexed by [`Point::index`].
    pub(crate) fn from_cells(size: u8, cells: &[u8]) -> Grid {
        Grid {
            cells: cells.to_vec(),
            size: i32::from(size),
        }
    }

    pub(crate) fn new(size: u8, stone: impl Fn(Point) -> Option<Side>) -> Grid {
        let mut cells = vec![0; STRIDE * STRIDE];
        for y in 0..size {
            for x in 0..size {
                let p = Point::new(x, y);
                cells[p.index()] = match stone(p) {
                    Some(Side::First) => 1,
                    Some(Side::Second) => 2,
                    None => 0,
                };
            }
        }
        Grid {
            cells,
            size: i32::from(size),
        }
    }

    /// The stone at (x, y), or `None` off the board (`Some(0)` when empty).
    fn get(&self, x: i32, y: i32) -> Option<u8> {
        if (0..self.size).contains(&x) && (0..self.size).contains(&y) {
            Some(self.cells[y as usize * STRIDE + x as usize])
        } else {
            None
        }
    }

    fn set(&mut self, x: i32, y: i32, v: u8) {
        self.cells[y as usize * STRIDE + x as usize] = v;
    }

    /// The unbroken black run through (x, y) along (dx, dy): from `start`
    /// to `end` steps (negative, positive) from the point.
    fn run(&self, x: i32, y: i32, dx: i32, dy: i32) -> (i32, i32) {
        let mut lo = 0;
        while self.get(x + (lo - 1) * dx, y + (lo - 1) * dy) == Some(BLACK) {
            lo -= 1;
        }
        let mut hi = 0;
        while self.get(x + (hi + 1) * dx, y + (hi + 1) * dy) == Some(BLACK) {
            hi += 1;
        }
        (lo, hi)
    }

    fn run_len(&self, x: i32, y: i32, dx: i32, dy: i32) -> i32 {
        let (lo, hi) = self.run(x, y, dx, dy);
        hi - lo + 1
    }

    /// Fours through the black stone at (x, y) on one line: 0, 1 or 2.
    fn fours_on_line(&mut self, x: i32, y: i32, dx: i32, dy: i32) -> u32 {
        let mut completions = [0; 8];
        let mut n = 0;
        for k in -4..=4 {
            if k == 0 || self.get(x + k * dx, y + k * dy) != Some(0) {
                continue;
            }
            let (qx, qy) = (x + k * dx, y + k * dy);
            self.set(qx, qy, BLACK);
            let (lo, hi) = self.run(qx, qy, dx, dy);
            self.set(qx, qy, 0);
            // The run through q, in steps from q, must hold (x, y), at -k.
            if hi - lo + 1 == 5 && lo <= -k && -k <= hi {
                completions[n] = k;
                n += 1;
            }
        }
        match n {
            0 => 0,
            1 => 1,
            2 if completions[1] - completions[0] == 5 => 1,
            _ => 2,
        }
    }

    /// Whether black at q (already placed) and (x, y) make a straight four
    /// on this line: exactly four unbroken, both ends empty, and each end
    /// making exactly five.
    fn straight_four(&self, qx: i32, qy: i32, x: i32, y: i32, dx: i32, dy: i32) -> bool {
        let (lo, hi) = self.run(qx, qy, dx, dy);
        if hi - lo + 1 != 4 {
            return false;
        }
        // (x, y) lies on the line: its step from q.
        let step = if dx != 0 {
            (x - qx) / dx
        } else {
            (y - qy) / dy
        };
        if step < lo || step > hi {
            return false;
        }
        let end_empty = |s: i32| self.get(qx + s * dx, qy + s * dy) == Some(0);
        let beyond_black = |s: i32| self.get(qx + s * dx, qy + s * dy) == Some(BLACK);
        end_empty(lo - 1) && end_empty(hi + 1) && !beyond_black(lo - 2) && !beyond_black(hi + 2)
    }

    /// Whether the black stone at (x, y) makes a real three on this line.
    fn three_on_line(&mut self, x: i32, y: i32, dx: i32, dy: i32, depth: u32) -> bool {
        for k in -4..=4 {
            let (qx, qy) = (x + k * dx, y + k * dy);
            if k == 0 || self.get(qx, qy) != Some(0) {
                continue;
            }
            self.set(qx, qy, BLACK);
            let straight = self.straight_four(qx, qy, x, y, dx, dy);
            let five = straight
                && DIRECTIONS
                    .iter()
                    .any(|&(ex, ey)| self.run_len(qx, qy, ex, ey) == 5);
            self.set(qx, qy, 0);
            if straight && !five && self.foul_at(qx, qy, depth + 1).is_none() {
                return true;
            }
        }
        false
    }

    /// The foul black would commit at the empty (x, y), if any.
    pub(crate) fn foul_at(&mut self, x: i32, y: i32, depth: u32) -> Option<Foul> {
        if self.get(x, y) != Some(0) {
            return None;
        }
        self.set(x, y, BLACK);
        let foul = self.judge(x, y, depth);
        self.set(x, y, 0);
        foul
    }

    fn judge(&mut self, x: i32, y: i32, depth: u32) -> Option<Foul> {
        let lengths = DIRECTIONS.map(|(dx, dy)| self.run_len(x, y, dx, dy));
        if lengths.contains(&5) {
            return None;
        }
        if lengths.iter().any(|&l| l >= 6) {
            return Some(Foul::Overline);
        }
        let fours: u32 = DIRECTIONS
            .iter()
            .map(|&(dx, dy)| self.fours_on_line(x, y, dx, dy))
            .sum();
        if fours >= 2 {
            return Some(Foul::DoubleFour);
        }
        if depth > MAX_RECURSION {
            return None;
        }
        let mut threes = 0;
        for (dx, dy) in DIRECTIONS {
            if self.three_on_line(x, y, dx, dy, depth) {
                threes += 1;
                if threes >= 2 {
                    return Some(Foul::DoubleThree);
                }
            }
        }
        None
    }
}

/// The foul a black stone at the empty point `p` would be, on a board of side
/// `size` whose stones `stone` gives.
#[must_use]
pub fn foul(size: u8, stone: impl Fn(Point) -> Option<Side>, p: Point) -> Option<Foul> {
    if !p.on_board(size) {
        return None;
    }
    Grid::new(size, stone).foul_at(i32::from(p.x), i32::from(p.y), 0)
}
