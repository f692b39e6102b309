//! The points that see each point along its four lines, listed once per
//! board size: a stone's update walks a list instead of stepping through
//! coordinates and testing the board's edges at every step.

use std::sync::OnceLock;

use crate::pattern::{REACH, shift_of};
use crate::point::{MAX_SIZE, STRIDE};
use crate::renju::DIRECTIONS;

/// A point that sees another: where it is, along which direction, and the
/// field of its line key that the other point takes.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) struct Sight {
    /// The seeing point's index.
    pub(crate) index: u16,
    /// The direction, an index into `renju::DIRECTIONS`.
    pub(crate) direction: u8,
    /// The bit shift of the seen point's field in the seeing point's key.
    pub(crate) shift: u8,
}

/// Every point's seeing points, at most `REACH` each way on four lines.
pub(crate) struct Sightlines {
    sights: Vec<Sight>,
    /// Where each index's sights start in `sights`; one more at the end.
    starts: Vec<u32>,
}

impl Sightlines {
    /// The shared lists of a board size, built on first use.
    pub(crate) fn get(size: u8) -> &'static Sightlines {
        static LISTS: [OnceLock<Sightlines>; MAX_SIZE as usize + 1] =
            [const { OnceLock::new() }; MAX_SIZE as usize + 1];
        LISTS[usize::from(size.min(MAX_SIZE))].get_or_init(|| Sightlines::build(size.min(MAX_SIZE)))
    }

    fn build(size: u8) -> Sightlines {
        let n = i32::from(size);
        let mut sights = Vec::new();
        let mut starts = Vec::with_capacity(STRIDE * STRIDE + 1);
        for index in 0..STRIDE * STRIDE {
            starts.push(sights.len() as u32);
            let (x, y) = ((index % STRIDE) as i32, (index / STRIDE) as i32);
            if x >= n || y >= n {
                continue;
            }
            for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
                for step in (-REACH..=REACH).filter(|&step| step != 0) {
                    let (qx, qy) = (x + step * dx, y + step * dy);
                    if (0..n).contains(&qx) && (0..n).contains(&qy) {
                        sights.push(Sight {
                            index: (qy as usize * STRIDE + qx as usize) as u16,
                            direction: d as u8,
                            // The stone lies `-step` from the seeing point.
                            shift: shift_of(-step) as u8,
                        });
                    }
                }
            }
        }
        starts.push(sights.len() as u32);
        Sightlines { sights, starts }
    }

    /// The points that see `index`.
    #[inline]
    pub(crate) fn of(&self, index: usize) -> &[Sight] {
        &self.sights[self.starts[index] as usize..self.starts[index + 1] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_corner_is_seen_along_three_lines_and_the_centre_along_four() {
        let lines = Sightlines::get(15);
        // From a corner: the row, the column and one diagonal, five each.
        assert_eq!(lines.of(0).len(), 15);
        let centre = 7 * STRIDE + 7;
        assert_eq!(lines.of(centre).len(), 40);
        assert!(lines.of(centre).iter().all(|s| {
            let (x, y) = (usize::from(s.index) % STRIDE, usize::from(s.index) / STRIDE);
            x.abs_diff(7).max(y.abs_diff(7)) <= REACH as usize
        }));
        // Off a 15-point board, nothing.
        assert!(lines.of(15).is_empty());
    }
}
