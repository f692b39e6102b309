//! King buckets: which copy of the inputs a perspective reads, chosen by
//! where its own king (general) stands, and whether it reads the board
//! mirrored left to right.
//!
//! A piece on a square means something else beside a castled king than in
//! front of one in the centre; with a copy of the piece-square inputs per
//! region of the king, the first layer can weigh it so (the idea of the
//! HalfKP/HalfKA inputs of Stockfish's NNUE, here with a few regions).
//! With mirroring, a king on the left half sees the board turned left to
//! right, so one half's weights serve both (both games' rules are
//! symmetric that way; chess's castling rights are no input).
//!
//! When a king's move changes its perspective's bucket or mirroring, that
//! perspective's accumulator is computed afresh; every other move updates
//! it piece by piece as before.

use crate::Layout;
use crate::error::NetError;

/// The most king buckets a net may have.
pub const MAX_KING_BUCKETS: usize = 16;
/// The map's flag for "read the board mirrored".
const MIRROR: u8 = 0x80;
/// The largest board (xiangqi's 90 points).
const MAX_SQUARES: usize = 90;

/// Per square of a perspective's own king (from that perspective's side),
/// its bucket and whether the board is read mirrored.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct KingBuckets {
    map: [u8; MAX_SQUARES],
    squares: u8,
    count: u8,
}

/// How one perspective reads the board: which copy of the inputs, and
/// mirrored or not.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, Default)]
pub struct Orientation {
    /// The copy of the inputs.
    pub bucket: u8,
    /// Files read right to left.
    pub mirror: bool,
}

/// The named schemes `banco train --king-buckets` offers.
pub const SCHEMES: &[&str] = &["plain", "mirror", "king4", "palace3"];

impl KingBuckets {
    /// One bucket, never mirrored: the plain piece-square inputs.
    #[must_use]
    pub const fn plain(layout: Layout) -> KingBuckets {
        KingBuckets {
            map: [0; MAX_SQUARES],
            squares: layout.squares() as u8,
            count: 1,
        }
    }

    /// A named scheme for a layout, or `None` when the name is none of
    /// [`SCHEMES`] or belongs to the other game:
    ///
    /// - `plain`: one bucket, never mirrored;
    /// - `mirror`: one bucket, the board mirrored when the own king is on
    ///   the left half (chess files a–d, xiangqi files a–d);
    /// - `king4` (chess): mirrored as `mirror`, then four buckets: the
    ///   king on its first rank in the centre (files e–f, or d–c
    ///   mirrored), on its first rank by the corner (g–h, b–a), on its
    ///   second rank, and further up;
    /// - `palace3` (xiangqi): mirrored as `mirror`, then a bucket per rank
    ///   of the palace.
    #[must_use]
    pub fn scheme(layout: Layout, name: &str) -> Option<KingBuckets> {
        let files = layout.files();
        let mut map = [0_u8; MAX_SQUARES];
        for (square, entry) in map.iter_mut().enumerate().take(layout.squares()) {
            let (file, rank) = (square % files, square / files);
            let mirror = file < files / 2;
            let file = if mirror { files - 1 - file } else { file };
            let bucket = match (name, layout) {
                ("plain", _) => return Some(KingBuckets::plain(layout)),
                ("mirror", _) => 0,
                ("king4", Layout::Chess) => match rank {
                    0 if file < 6 => 0,
                    0 => 1,
                    1 => 2,
                    _ => 3,
                },
                ("palace3", Layout::Xiangqi) => rank.min(2) as u8,
                _ => return None,
            };
            *entry = bucket | if mirror { MIRROR } else { 0 };
        }
        KingBuckets::from_map(layout, &map[..layout.squares()]).ok()
    }

    /// The buckets of a net file's map: one byte per square of the own
    /// king, the bucket in the low bits and 0x80 for mirroring.
    ///
    /// # Errors
    ///
    /// [`NetError::Shape`] for a map of the wrong length, a bucket beyond
    /// [`MAX_KING_BUCKETS`], other flag bits, or a bucket no square uses
    /// below the highest one.
    pub fn from_map(layout: Layout, map: &[u8]) -> Result<KingBuckets, NetError> {
        if map.len() != layout.squares() {
            return Err(NetError::Shape(format!(
                "a king map of {} squares for a board of {}",
                map.len(),
                layout.squares()
            )));
        }
        let mut used = [false; MAX_KING_BUCKETS];
        for &entry in map {
            let bucket = usize::from(entry & !MIRROR);
            if bucket >= MAX_KING_BUCKETS {
                return Err(NetError::Shape(format!(
                    "king bucket {bucket} (at most {MAX_KING_BUCKETS})"
                )));
            }
            used[bucket] = true;
        }
        let count = used.iter().rposition(|&u| u).map_or(1, |last| last + 1);
        if used[..count].iter().any(|&u| !u) {
            return Err(NetError::Shape(
                "a king map that leaves a bucket unused".to_string(),
            ));
        }
        let mut full = [0_u8; MAX_SQUARES];
        full[..map.len()].copy_from_slice(map);
        Ok(KingBuckets {
            map: full,
            squares: layout.squares() as u8,
            count: count as u8,
        })
    }

    /// The map as a net file keeps it, one byte per square.
    #[must_use]
    pub fn map(&self) -> &[u8] {
        &self.map[..usize::from(self.squares)]
    }

    /// How many copies of the inputs there are.
    #[must_use]
    pub fn count(&self) -> usize {
        usize::from(self.count)
    }

    /// Whether these are the plain inputs (one bucket, never mirrored).
    #[must_use]
    pub fn is_plain(&self) -> bool {
        self.map().iter().all(|&e| e == 0)
    }

    /// The orientation of a perspective whose own king stands on
    /// `relative_square` (from its own side); a square off the board reads
    /// plainly.
    #[must_use]
    pub fn orientation(&self, relative_square: usize) -> Orientation {
        let entry = self.map().get(relative_square).copied().unwrap_or(0);
        Orientation {
            bucket: entry & !MIRROR,
            mirror: entry & MIRROR != 0,
        }
    }
}

/// The inputs a net reads: the board's layout and its king buckets.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct InputSet {
    /// The board.
    pub layout: Layout,
    /// The copies of the inputs by the own king's square.
    pub kings: KingBuckets,
}

impl InputSet {
    /// The plain inputs of a layout.
    #[must_use]
    pub const fn plain(layout: Layout) -> InputSet {
        InputSet {
            layout,
            kings: KingBuckets::plain(layout),
        }
    }

    /// Inputs per perspective: the layout's, once per king bucket.
    #[must_use]
    pub fn inputs(&self) -> usize {
        self.layout.inputs() * self.kings.count()
    }

    /// How a perspective reads the board when its own king stands on
    /// `king` (a square of the layout, `None` when it has none).
    #[must_use]
    pub fn orientation(&self, king: Option<usize>, second_perspective: bool) -> Orientation {
        match king {
            Some(square) if square < self.layout.squares() => self
                .kings
                .orientation(self.layout.relative_square(square, second_perspective)),
            _ => Orientation::default(),
        }
    }

    /// The input of a piece for a perspective read with `orientation`, or
    /// `None` off the layout (as [`Layout::feature`]).
    #[must_use]
    pub fn feature(
        &self,
        square: usize,
        code: u8,
        second_perspective: bool,
        orientation: Orientation,
    ) -> Option<usize> {
        let square = if orientation.mirror {
            self.layout.mirrored_square(square)?
        } else {
            square
        };
        let base = self.layout.feature(square, code, second_perspective)?;
        Some(usize::from(orientation.bucket) * self.layout.inputs() + base)
    }

    /// Every input of one perspective from the pieces as `(square, code)`:
    /// its own king found among them.
    #[must_use]
    pub fn view_features(
        &self,
        pieces: impl Iterator<Item = (usize, u8)> + Clone,
        second_perspective: bool,
    ) -> Vec<usize> {
        let own_king = self.layout.king_kind() | if second_perspective { 8 } else { 0 };
        let king = pieces
            .clone()
            .find(|&(_, code)| code == own_king)
            .map(|(square, _)| square);
        let orientation = self.orientation(king, second_perspective);
        pieces
            .filter_map(|(square, code)| {
                self.feature(square, code, second_perspective, orientation)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_schemes_map_every_square() {
        for (layout, name, count) in [
            (Layout::Chess, "plain", 1),
            (Layout::Chess, "mirror", 1),
            (Layout::Chess, "king4", 4),
            (Layout::Xiangqi, "plain", 1),
            (Layout::Xiangqi, "mirror", 1),
            (Layout::Xiangqi, "palace3", 3),
        ] {
            let kings = KingBuckets::scheme(layout, name).unwrap();
            assert_eq!(kings.count(), count, "{layout:?} {name}");
            assert_eq!(kings.is_plain(), name == "plain");
            let again = KingBuckets::from_map(layout, kings.map()).unwrap();
            assert_eq!(again, kings);
        }
        assert!(KingBuckets::scheme(Layout::Xiangqi, "king4").is_none());
        assert!(KingBuckets::scheme(Layout::Chess, "palace3").is_none());
        assert!(KingBuckets::scheme(Layout::Chess, "halfka").is_none());
    }

    #[test]
    fn a_bad_map_is_refused() {
        let mut map = vec![0_u8; 64];
        assert!(KingBuckets::from_map(Layout::Chess, &map[..63]).is_err());
        map[3] = 2;
        assert!(KingBuckets::from_map(Layout::Chess, &map).is_err());
        map[3] = 16;
        assert!(KingBuckets::from_map(Layout::Chess, &map).is_err());
        map[3] = 0x41;
        assert!(KingBuckets::from_map(Layout::Chess, &map).is_err());
        map[3] = 0x81;
        assert_eq!(
            KingBuckets::from_map(Layout::Chess, &map).unwrap().count(),
            2
        );
    }

    #[test]
    fn a_king_on_the_left_reads_the_board_mirrored() {
        let set = InputSet {
            layout: Layout::Chess,
            kings: KingBuckets::scheme(Layout::Chess, "king4").unwrap(),
        };
        // White: king c1, pawn a2; its mirror image: king f1, pawn h2.
        let left = set.view_features([(2, 5), (8, 0)].into_iter(), false);
        let right = set.view_features([(5, 5), (15, 0)].into_iter(), false);
        assert_eq!(left, right);
        // Black's king on g8 is on its own first rank by the corner.
        let black = set.orientation(Some(62), true);
        assert_eq!(
            black,
            Orientation {
                bucket: 1,
                mirror: false
            }
        );
        // Far up the board: the last bucket, its inputs past the others.
        let up = set.orientation(Some(36), false);
        assert_eq!(up.bucket, 3);
        let f = set.feature(0, 0, false, up).unwrap();
        assert!(f >= 3 * Layout::Chess.inputs() && f < set.inputs());
    }

    #[test]
    fn the_plain_set_is_the_layout() {
        for layout in [Layout::Chess, Layout::Xiangqi] {
            let set = InputSet::plain(layout);
            for square in 0..layout.squares() {
                for code in [0, 3, 8, 13] {
                    for second in [false, true] {
                        let o = set.orientation(Some(square), second);
                        assert_eq!(
                            set.feature(square, code, second, o),
                            layout.feature(square, code, second)
                        );
                    }
                }
            }
        }
    }
}
