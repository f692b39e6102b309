//! Move ordering: scores every legal move once, then hands them out best first
//! by selection, so a node that cuts off early never sorts the rest.
//!
//! Order: the hash move; captures and other noisy moves that do not lose
//! material, most valuable victim first; the killers; quiet moves by history;
//! last, noisy moves that lose material by exchange.

/// Score bands, far enough apart that hints and history never cross them.
pub(crate) const HASH_MOVE: i32 = 30_000_000;
pub(crate) const GOOD_NOISY: i32 = 20_000_000;
pub(crate) const KILLER: i32 = 10_000_000;
pub(crate) const BAD_NOISY: i32 = -10_000_000;

/// Hands out moves from a buffer best first.
pub(crate) struct Picker {
    next: usize,
}

impl Picker {
    pub(crate) fn new() -> Picker {
        Picker { next: 0 }
    }

    /// The next move's position in `moves` after swapping it forward, or `None`.
    /// `scores` runs parallel to `moves`.
    pub(crate) fn pick<M: Copy>(
        &mut self,
        moves: &mut [M],
        scores: &mut [i32],
    ) -> Option<(M, i32)> {
        let start = self.next;
        if start >= moves.len() {
            return None;
        }
        let mut best = start;
        for i in start + 1..moves.len() {
            if scores[i] > scores[best] {
                best = i;
            }
        }
        moves.swap(start, best);
        scores.swap(start, best);
        self.next += 1;
        Some((moves[start], scores[start]))
    }
}
