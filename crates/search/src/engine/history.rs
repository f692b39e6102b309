//! Move-ordering memory: killer moves per ply and the history heuristic.
//!
//! A killer is a quiet move that caused a cut-off at the same ply elsewhere in
//! the tree; it often refutes the sibling positions too. History scores every
//! quiet move (by the game's move index and the side that plays it) by how
//! often it caused cut-offs, with a "gravity" term that keeps scores bounded
//! and lets old knowledge fade.
//!
//! History and counter moves live in a [`Memory`] per thread that the
//! [`crate::Searcher`] keeps from one search to the next (cleared for a new
//! game), as engines do: what refuted moves a move ago mostly still does.

use super::params::HISTORY_MAX;
use crate::{Game, Side};

/// What one search thread remembers for ordering from one search to the next.
pub(crate) struct Memory {
    pub(crate) history: History,
    pub(crate) counter_moves: CounterMoves,
    /// Continuation history one ply back: a quiet move as a reply to the
    /// opponent's last move.
    pub(crate) replies: ContinuationHistory,
    /// Continuation history two plies back: a quiet move as a follow-up to
    /// our own move before the opponent's.
    pub(crate) follow_ups: ContinuationHistory,
    /// Continuation history four plies back: a quiet move as a follow-up
    /// to our move two moves ago (read and kept only where the tunable
    /// `continuation_four_plies` asks for it).
    pub(crate) follow_ups_four: ContinuationHistory,
    /// The last search's side to move and value for it (the main
    /// thread's): a value that has fallen since asks for more time.
    pub(crate) previous_value: Option<(Side, i32)>,
}

impl Memory {
    pub(crate) fn new<G: Game>() -> Memory {
        Memory {
            history: History::new::<G>(),
            counter_moves: CounterMoves::new::<G>(),
            replies: ContinuationHistory::new::<G>(),
            follow_ups: ContinuationHistory::new::<G>(),
            follow_ups_four: ContinuationHistory::new::<G>(),
            previous_value: None,
        }
    }

    /// Makes the tables fit `G`'s moves, starting afresh if they were another game's.
    pub(crate) fn fit<G: Game>(&mut self) {
        let continuation_space = if G::CONTINUATION_HISTORY {
            G::PIECE_TO_SPACE
        } else {
            0
        };
        if self.history.space != G::MOVE_INDEX_SPACE || self.replies.space != continuation_space {
            *self = Memory::new::<G>();
        }
    }

    /// Forgets everything (a new game).
    pub(crate) fn clear(&mut self) {
        self.history.table.fill(0);
        self.counter_moves.table.fill(super::tt::NO_MOVE);
        self.replies.table.fill(0);
        self.follow_ups.table.fill(0);
        self.follow_ups_four.table.fill(0);
        self.previous_value = None;
    }
}

impl std::fmt::Debug for Memory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Memory")
            .field("move_index_space", &self.history.space)
            .finish_non_exhaustive()
    }
}

/// History scores for both sides.
pub(crate) struct History {
    table: Vec<i32>,
    space: usize,
}

impl History {
    pub(crate) fn new<G: Game>() -> History {
        History {
            table: vec![0; 2 * G::MOVE_INDEX_SPACE],
            space: G::MOVE_INDEX_SPACE,
        }
    }

    pub(crate) fn get(&self, side: Side, index: usize) -> i32 {
        self.table[side.index() * self.space + index]
    }

    /// Bonus for a cut-off at `depth` (negative `sign` for the moves tried before it).
    pub(crate) fn update(&mut self, side: Side, index: usize, depth: i32, signed_max: i32) {
        apply_bonus(
            &mut self.table[side.index() * self.space + index],
            depth,
            signed_max,
        );
    }
}

/// The history bonus (or, with a negative `signed_max`, malus) for a
/// cut-off at `depth`, applied with gravity: the further a score is from
/// zero, the less a bonus in its own direction moves it.
fn apply_bonus(slot: &mut i32, depth: i32, signed_max: i32) {
    let bonus = (depth * depth * 16).min(signed_max.abs()) * signed_max.signum();
    *slot += bonus - *slot * bonus.abs() / HISTORY_MAX;
}

/// History of a quiet move in the context of an earlier move: indexed by
/// the earlier move's [`Game::piece_to_index`] and this one's. Empty (and
/// never read) in games that do not switch it on.
pub(crate) struct ContinuationHistory {
    table: Vec<i16>,
    space: usize,
}

impl ContinuationHistory {
    fn new<G: Game>() -> ContinuationHistory {
        let space = if G::CONTINUATION_HISTORY {
            G::PIECE_TO_SPACE
        } else {
            0
        };
        ContinuationHistory {
            table: vec![0; space * space],
            space,
        }
    }

    pub(crate) fn get(&self, earlier: usize, index: usize) -> i32 {
        i32::from(self.table[earlier * self.space + index])
    }

    pub(crate) fn update(&mut self, earlier: usize, index: usize, depth: i32, signed_max: i32) {
        let slot = &mut self.table[earlier * self.space + index];
        let mut value = i32::from(*slot);
        apply_bonus(&mut value, depth, signed_max);
        // Gravity keeps the value within ±HISTORY_MAX, which fits.
        *slot = i16::try_from(value).unwrap_or(if value > 0 { i16::MAX } else { i16::MIN });
    }
}

/// Counter moves: for each side and each move index of the opponent's
/// previous move, the key of the quiet move that last refuted it. A reply
/// that refutes a move tends to refute it wherever it is played.
pub(crate) struct CounterMoves {
    table: Vec<u16>,
    space: usize,
}

impl CounterMoves {
    pub(crate) fn new<G: Game>() -> CounterMoves {
        CounterMoves {
            table: vec![super::tt::NO_MOVE; 2 * G::MOVE_INDEX_SPACE],
            space: G::MOVE_INDEX_SPACE,
        }
    }

    /// The key of `side`'s counter to the opponent's move of index `previous`.
    pub(crate) fn get(&self, side: Side, previous: usize) -> u16 {
        self.table[side.index() * self.space + previous]
    }

    pub(crate) fn set(&mut self, side: Side, previous: usize, key: u16) {
        self.table[side.index() * self.space + previous] = key;
    }
}

/// Two killer moves per ply, most recent first.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Killers<M>(pub(crate) [Option<M>; 2]);

impl<M: Copy + Eq> Killers<M> {
    pub(crate) fn record(&mut self, mv: M) {
        if self.0[0] != Some(mv) {
            self.0[1] = self.0[0];
            self.0[0] = Some(mv);
        }
    }

    pub(crate) fn contains(&self, mv: M) -> Option<usize> {
        self.0.iter().position(|&k| k == Some(mv))
    }
}

impl<M> Default for Killers<M> {
    fn default() -> Self {
        Killers([None, None])
    }
}
