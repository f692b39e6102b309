//! Move ordering: scores every legal move once, then hands them out best first
//! by selection, so a node that cuts off early never sorts the rest. Plain
//! quiet moves are scored only when the first of them is due (a staged
//! picker's quiet stage): a node cut off by a capture, a killer or the counter
//! move never reads their histories.
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
/// A plain quiet move not scored yet: below the counter move, above the bad
/// noisy moves, and equal to no real score (history stays far inside its
/// band), so the picker knows to score the quiet moves when it meets one.
pub(crate) const UNSCORED_QUIET: i32 = KILLER - 3;

/// Moves handed out by selection before the rest are sorted at once: most
/// nodes cut off within the first few moves, and the others need them all.
const SELECTION_PICKS: usize = 4;

/// Hands out moves from a buffer best first.
pub(crate) struct Picker {
    next: usize,
    /// Whether the [`UNSCORED_QUIET`] moves have been given their scores.
    quiets_scored: bool,
}

impl Picker {
    pub(crate) fn new() -> Picker {
        Picker {
            next: 0,
            quiets_scored: false,
        }
    }

    /// A picker whose first move was handed out already (the hash move,
    /// searched before the others were scored).
    pub(crate) fn after_first() -> Picker {
        Picker {
            next: 1,
            quiets_scored: false,
        }
    }

    /// The next move and its score, or `None` when all are out. `scores`
    /// runs parallel to `moves`; both are reordered. `score_quiets` replaces
    /// every [`UNSCORED_QUIET`] in `scores` by the move's real score; it is
    /// called at most once a node, when the first such move is due.
    pub(crate) fn pick<M: Copy>(
        &mut self,
        moves: &mut [M],
        scores: &mut [i32],
        score_quiets: impl FnOnce(&[M], &mut [i32]),
    ) -> Option<(M, i32)> {
        let start = self.next;
        if start >= moves.len() {
            return None;
        }
        if start >= SELECTION_PICKS {
            if start == SELECTION_PICKS {
                if !self.quiets_scored {
                    self.quiets_scored = true;
                    score_quiets(&moves[start..], &mut scores[start..]);
                }
                sort_rest(&mut moves[start..], &mut scores[start..]);
            }
            self.next += 1;
            return Some((moves[start], scores[start]));
        }
        let mut best = best_from(scores, start);
        if scores[best] == UNSCORED_QUIET && !self.quiets_scored {
            self.quiets_scored = true;
            score_quiets(&moves[start..], &mut scores[start..]);
            best = best_from(scores, start);
        }
        moves.swap(start, best);
        scores.swap(start, best);
        self.next += 1;
        Some((moves[start], scores[start]))
    }
}

/// The index of the best score from `start` on, the first of equals.
fn best_from(scores: &[i32], start: usize) -> usize {
    let mut best = start;
    for i in start + 1..scores.len() {
        if scores[i] > scores[best] {
            best = i;
        }
    }
    best
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
        while let Some((mv, score)) = picker.pick(&mut moves, &mut scores, |_, _| {}) {
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
        while let Some((mv, _)) = picker.pick(&mut moves, &mut scores, |_, _| {}) {
            got.push(mv);
        }
        assert_eq!(got, (0..10).collect::<Vec<_>>());
    }

    /// Hands out every move, with `quiets` as the real scores of the
    /// moves marked [`UNSCORED_QUIET`]; returns the moves in order and how
    /// many times the quiet moves were scored.
    fn hand_out(scores: &[i32], quiets: &[i32], picks: usize) -> (Vec<u32>, usize) {
        let mut moves: Vec<u32> = (0..u32::try_from(scores.len()).unwrap()).collect();
        let mut scores = scores.to_vec();
        let mut picker = Picker::new();
        let mut got = Vec::new();
        let mut calls = 0;
        while got.len() < picks {
            let Some((mv, score)) = picker.pick(&mut moves, &mut scores, |rest, rest_scores| {
                calls += 1;
                for (&mv, score) in rest.iter().zip(rest_scores.iter_mut()) {
                    if *score == UNSCORED_QUIET {
                        *score = quiets[mv as usize];
                    }
                }
            }) else {
                break;
            };
            assert_ne!(score, UNSCORED_QUIET, "a quiet move handed out unscored");
            got.push(mv);
        }
        (got, calls)
    }

    #[test]
    fn quiet_moves_are_scored_only_when_the_first_is_due() {
        let q = UNSCORED_QUIET;
        let scores = [GOOD_NOISY + 5, q, KILLER, q, BAD_NOISY, GOOD_NOISY + 9, q];
        let quiets = [0, 40, 0, -7, 0, 0, 300];
        // The two good captures and the killer need no quiet score.
        assert_eq!(hand_out(&scores, &quiets, 3), (vec![5, 0, 2], 0));
        // The fourth move is a quiet one: scored once, then best first.
        assert_eq!(
            hand_out(&scores, &quiets, usize::MAX),
            (vec![5, 0, 2, 6, 1, 3, 4], 1)
        );
    }

    proptest::proptest! {
        /// Scoring the quiet moves when they are due hands out the same
        /// order as scoring them all first, ties included.
        #[test]
        fn lazy_quiet_scores_give_the_order_of_scores_known_upfront(
            moves in proptest::collection::vec((0_u8..6, -20_i32..20), 0..40),
        ) {
            // Bands as the search scores them; small values so ties abound.
            let band = |kind: u8, value: i32| match kind {
                0 => HASH_MOVE,
                1 => GOOD_NOISY + value,
                2 => KILLER,
                3 => COUNTER_MOVE,
                4 => value * 100,
                _ => BAD_NOISY + value,
            };
            let upfront: Vec<i32> = moves.iter().map(|&(k, v)| band(k, v)).collect();
            let lazy: Vec<i32> = moves
                .iter()
                .map(|&(k, v)| if k == 4 { UNSCORED_QUIET } else { band(k, v) })
                .collect();
            let (expected, _) = hand_out(&upfront, &upfront, usize::MAX);
            let (got, calls) = hand_out(&lazy, &upfront, usize::MAX);
            proptest::prop_assert_eq!(got, expected);
            proptest::prop_assert!(calls <= 1);
        }
    }
}
