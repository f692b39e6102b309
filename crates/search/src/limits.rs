//! When a search must stop: depth, nodes, time, a clock, or a flag from outside.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// A flag another thread raises to stop a running search (UCI `stop`, a closed page).
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// A lowered flag.
    #[must_use]
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    /// Asks the search to stop as soon as it can; it still returns a move.
    pub fn raise(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Lowers the flag before the next search.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }

    /// Whether the flag is up.
    #[must_use]
    pub fn is_raised(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// The side to move's clock, as UCI's `wtime/btime`, `winc/binc` and `movestogo` give it.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Clock {
    /// Time left on the clock.
    pub remaining: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// Moves until the next time control, if the control has one.
    pub moves_to_go: Option<u32>,
}

/// What bounds one search. Several limits may be set; the first one reached stops it.
/// With none set (and not `infinite`), the search runs until [`Limits::stop`] is raised.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Most nodes to visit.
    pub nodes: Option<u64>,
    /// Fixed time for this move.
    pub move_time: Option<Duration>,
    /// `move_time` is this move's share of a clock the caller keeps (a
    /// Gomocup brain's `time_left`), so time saved is spent later: the search
    /// may end early with a stable best move, as on a clock. Otherwise a
    /// fixed time is spent to its end.
    pub move_time_from_clock: bool,
    /// A game clock to budget from.
    pub clock: Option<Clock>,
    /// Search until stopped, ignoring the clock (UCI `go infinite`).
    pub infinite: bool,
    /// Raised from outside to stop.
    pub stop: StopFlag,
}

impl Limits {
    /// Limits of a fixed depth.
    #[must_use]
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Limits of a fixed node count.
    #[must_use]
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// Limits of a fixed time.
    #[must_use]
    pub fn move_time(time: Duration) -> Limits {
        Limits {
            move_time: Some(time),
            ..Limits::default()
        }
    }
}
