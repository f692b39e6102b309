//! Move ordering: scores every legal move once, then hands them out best first
//! by selection, so a node that cuts off early never sorts the rest.
//!
//! Order: the hash move; captures and other noisy moves that do not lose
//! material, most valuable victim first; the killers; the counter move;
//! quiet moves by history;
//! last, noisy moves that lose material by exchange.

/// Score bands, far enough apart that hints and history never cross them.
pub(crate) const HASH_MOVE: i32 = 30_000_000;
pub(crate) const GOOD_NOISY: i32 = 20_000_000;
pub(crate) const KILLER: i32 = 10_000_000;
/// Below both killers (`KILLER - 1` is the second).
pub(crate) const COUNTER_MOVE: i32 = KILLER - 2;
pub(crate) const BAD_NOISY: i32 = -10_000_000;

/// Moves handed out by selection before the rest are sorted at once: most
/// nodes cut off within the first few moves, and the others need them all.
const SELECTION_PICKS: usize = 4;

/// Hands out moves from a buffer best first.
pub(crate) struct Picker {
    next: usize,
}

impl Picker {
    pub(crate) fn new() -> Picker {
        Picker { next: 0 }
    }

    /// A picker whose first move was handed out already (the hash move,
    /// searched before the others were scored).
    pub(crate) fn after_first() -> Picker {
        Picker { next: 1 }
    }

    /// The next move and its score, or `None` when all are out. `scores`
    /// runs parallel to `moves`; both are reordered.
    pub(crate) fn pick<M: Copy>(
        &mut self,
        moves: &mut [M],
        scores: &mut [i32],
    ) -> Option<(M, i32)> {
        let start = self.next;
        if start >= moves.len() {
            return None;
        }
        if start == SELECTION_PICKS {
            sort_rest(&mut moves[start..], &mut scores[start..]);
        }
        if start >= SELECTION_PICKS {
            self.next += 1;
            return Some((moves[start], scores[start]));
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

/// Sorts `moves` by `scores`, best first, keeping equal scores in their order
/// (insertion sort: the lists are short).
fn sort_rest<M: Copy>(moves: &mut [M], scores: &mut [i32]) {
    for i in 1..moves.len() {
        let (mv, score) = (moves[i], scores[i]);
        let mut j = i;
        while j > 0 && scores[j - 1] < score {
            moves[j] = moves[j - 1];
            scores[j] = scores[j - 1];
            j -= 1;
        }
        moves[j] = mv;
        scores[j] = score;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hands_out_best_first_and_everything_once() {
        let mut moves: Vec<u32> = (0..20).collect();
        let mut scores: Vec<i32> = vec![
            5, 3, 9, -1, 0, 7, 7, 2, 11, 4, 6, 8, 1, 10, -5, 12, 13, 0, 3, 2,
        ];
        let mut expected = scores.clone();
        expected.sort_by(|a, b| b.cmp(a));
        let mut picker = Picker::new();
        let mut got = Vec::new();
        let mut seen = Vec::new();
        while let Some((mv, score)) = picker.pick(&mut moves, &mut scores) {
            got.push(score);
            seen.push(mv);
        }
        assert_eq!(got, expected);
        seen.sort_unstable();
        assert_eq!(seen, (0..20).collect::<Vec<_>>());
    }

    #[test]
    fn equal_scores_keep_generation_order() {
        let mut moves: Vec<u32> = (0..10).collect();
        let mut scores = vec![0; 10];
        let mut picker = Picker::new();
        let mut got = Vec::new();
        while let Some((mv, _)) = picker.pick(&mut moves, &mut scores) {
            got.push(mv);
        }
        assert_eq!(got, (0..10).collect::<Vec<_>>());
    }
}
