//! The main thread's view of the limits while a search runs.

use std::time::{Duration, Instant};

use crate::time::TimeManager;
use crate::{Limits, StopFlag};

/// How often, in nodes, the clock and the stop flag are read.
const POLL_INTERVAL: u64 = 1024;

/// Decides when the search in flight must stop.
#[derive(Clone, Debug)]
pub(crate) struct Budget {
    pub(crate) time: TimeManager,
    nodes: Option<u64>,
    stop: StopFlag,
    /// Set once the first iteration is done. A search stopped before that
    /// returns its first root move (the one it was searching, or the first
    /// in its order): every limit counts from the start, because one
    /// iteration can take without bound (gomoku's quiescence over fours).
    pub(crate) armed: bool,
}

impl Budget {
    /// The limits of one search; `moves_to_go` is the number of moves
    /// assumed left when the clock gives none.
    pub(crate) fn new(
        limits: &Limits,
        overhead: Duration,
        start: Instant,
        moves_to_go: u32,
    ) -> Budget {
        Budget {
            time: TimeManager::with_moves_to_go(limits, overhead, start, moves_to_go),
            nodes: limits.nodes,
            stop: limits.stop.clone(),
            armed: false,
        }
    }

    /// Whether to stop now, having visited `nodes` nodes.
    pub(crate) fn exhausted(&self, nodes: u64) -> bool {
        if self.nodes.is_some_and(|limit| nodes >= limit) {
            return true;
        }
        nodes.is_multiple_of(POLL_INTERVAL)
            && (self.stop.is_raised() || self.time.hard_deadline_passed())
    }

    /// Whether the node limit alone is reached.
    pub(crate) fn nodes_exhausted(&self, nodes: u64) -> bool {
        self.nodes.is_some_and(|limit| nodes >= limit)
    }

    /// Whether the external stop flag is up.
    pub(crate) fn stop_raised(&self) -> bool {
        self.stop.is_raised()
    }
}
