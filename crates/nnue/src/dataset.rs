//! Training positions as the trainer reads them: each perspective's inputs,
//! the search's score and the game's result, both from the side to move's
//! view.

use crate::{InputSet, Layout};

/// Positions held as flat arrays (a few million fit in memory).
#[derive(Clone, Debug)]
pub struct Dataset {
    inputs: InputSet,
    /// Every position's inputs: the mover's, then the same number of the
    /// other side's.
    features: Vec<u16>,
    /// Where each position's inputs start in `features`.
    starts: Vec<u32>,
    /// Each position's piece count.
    counts: Vec<u8>,
    /// The search's score for the side to move, centipawns.
    scores: Vec<i16>,
    /// The game's result for the side to move: 0, 0.5 or 1.
    results: Vec<f32>,
    /// The game each position comes from (held-out sets are whole games).
    games: Vec<u32>,
}

/// One position's view of a [`Dataset`].
#[derive(Copy, Clone, Debug)]
pub struct Position<'a> {
    /// The side to move's inputs.
    pub mover: &'a [u16],
    /// The other side's inputs.
    pub other: &'a [u16],
    /// The search's score for the side to move, centipawns.
    pub score: i16,
    /// The result for the side to move: 0, 0.5 or 1.
    pub result: f32,
    /// The game it comes from.
    pub game: u32,
}

impl Dataset {
    /// An empty set for a layout's plain inputs.
    #[must_use]
    pub fn new(layout: Layout) -> Dataset {
        Dataset::with_inputs(InputSet::plain(layout))
    }

    /// An empty set for these inputs (king buckets included).
    #[must_use]
    pub fn with_inputs(inputs: InputSet) -> Dataset {
        Dataset {
            inputs,
            features: Vec::new(),
            starts: Vec::new(),
            counts: Vec::new(),
            scores: Vec::new(),
            results: Vec::new(),
            games: Vec::new(),
        }
    }

    /// The layout.
    #[must_use]
    pub fn layout(&self) -> Layout {
        self.inputs.layout
    }

    /// The inputs its positions are read as.
    #[must_use]
    pub fn inputs(&self) -> InputSet {
        self.inputs
    }

    /// Positions held.
    #[must_use]
    pub fn len(&self) -> usize {
        self.scores.len()
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.scores.is_empty()
    }

    /// Adds a position: its pieces as `(square, code)` (code as
    /// [`Layout::feature`] reads it), who is to move, the search's score
    /// for the side to move, the result for the first player (0 loss, 1
    /// draw, 2 win) and its game's number. Pieces off the layout are
    /// skipped; `false` if there were any or there are more than 255.
    pub fn push(
        &mut self,
        pieces: &[(u8, u8)],
        second_to_move: bool,
        score: i16,
        first_result: u8,
        game: u32,
    ) -> bool {
        let start = self.features.len();
        let Ok(start) = u32::try_from(start) else {
            return false;
        };
        let mut clean = true;
        let pieces = pieces
            .iter()
            .map(|&(square, code)| (usize::from(square), code));
        for perspective in [second_to_move, !second_to_move] {
            let view = self.inputs.view_features(pieces.clone(), perspective);
            clean &= view.len() == pieces.len();
            self.features
                .extend(view.iter().map(|&f| u16::try_from(f).unwrap_or(0)));
        }
        let count = (self.features.len() - start as usize) / 2;
        let Ok(count) = u8::try_from(count) else {
            self.features.truncate(start as usize);
            return false;
        };
        let first = f32::from(first_result.min(2)) / 2.0;
        self.starts.push(start);
        self.counts.push(count);
        self.scores.push(score);
        self.results
            .push(if second_to_move { 1.0 - first } else { first });
        self.games.push(game);
        clean
    }

    /// The `i`-th position.
    ///
    /// # Panics
    ///
    /// If `i` is not below [`Dataset::len`].
    #[must_use]
    pub fn get(&self, i: usize) -> Position<'_> {
        let start = self.starts[i] as usize;
        let n = usize::from(self.counts[i]);
        Position {
            mover: &self.features[start..start + n],
            other: &self.features[start + n..start + 2 * n],
            score: self.scores[i],
            result: self.results[i],
            game: self.games[i],
        }
    }
}
