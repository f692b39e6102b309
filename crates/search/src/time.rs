//! Time management: a soft deadline (do not start another iteration) and a
//! hard one (abort the iteration in flight).

use std::time::{Duration, Instant};

use crate::Limits;

/// Moves assumed left in the game when the clock gives no `movestogo`
/// (the engine reads its own, the tunable `time_moves_to_go`).
pub(crate) const DEFAULT_MOVES_TO_GO: u32 = 25;
/// The hard deadline is this many times the soft one, within the clock.
const HARD_TO_SOFT: u32 = 4;
/// Never plan to use more than this fraction (in percent) of the time left on one move.
const MAX_SHARE_PERCENT: u32 = 40;

/// Deadlines for one search, fixed when it starts.
#[derive(Copy, Clone, Debug)]
pub struct TimeManager {
    start: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
    /// The soft deadline is a fixed time for this move, not a share of a
    /// clock: time left unused on the move is lost (UCI `go movetime`,
    /// Gomocup `timeout_turn` without a match clock), so iterations go on
    /// starting until it passes.
    fixed: bool,
}

impl TimeManager {
    /// Reads the limits. `overhead` is kept back for the protocol's and the
    /// operating system's delay between our answer and the opponent's clock.
    #[must_use]
    pub fn new(limits: &Limits, overhead: Duration, start: Instant) -> TimeManager {
        TimeManager::with_moves_to_go(limits, overhead, start, DEFAULT_MOVES_TO_GO)
    }

    /// As [`TimeManager::new`], assuming `moves_to_go` moves left in the
    /// game when the clock gives no `movestogo`.
    #[must_use]
    pub fn with_moves_to_go(
        limits: &Limits,
        overhead: Duration,
        start: Instant,
        moves_to_go: u32,
    ) -> TimeManager {
        let mut soft = None;
        let mut hard = None;
        let mut fixed = false;
        if let Some(move_time) = limits.move_time {
            let budget = move_time
                .saturating_sub(overhead)
                .max(Duration::from_millis(1));
            soft = Some(budget);
            hard = Some(budget);
            fixed = !limits.move_time_from_clock;
        }
        if let (Some(clock), false) = (limits.clock, limits.infinite) {
            let left = clock.remaining.saturating_sub(overhead);
            let moves = clock.moves_to_go.unwrap_or(moves_to_go).clamp(1, 50);
            let share = left / moves + clock.increment * 3 / 4;
            let cap = left * MAX_SHARE_PERCENT / 100;
            let clock_soft = share.min(cap).max(Duration::from_millis(1));
            let clock_hard = (clock_soft * HARD_TO_SOFT)
                .min(left * 3 / 4)
                .max(clock_soft);
            // The clock's share binds unless the move's own time is shorter.
            fixed &= soft.is_some_and(|s: Duration| s <= clock_soft);
            soft = Some(soft.map_or(clock_soft, |s: Duration| s.min(clock_soft)));
            hard = Some(hard.map_or(clock_hard, |h: Duration| h.min(clock_hard)));
        }
        TimeManager {
            start,
            soft,
            hard,
            fixed,
        }
    }

    /// Time since the search began.
    #[must_use]
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether another iteration should start, given a factor (in percent) by
    /// which an unstable best move stretches the soft deadline. On a fixed
    /// move time the factor is ignored: time saved there is not kept for a
    /// later move, and an iteration cut short still offers its best move.
    #[must_use]
    pub fn may_start_iteration(&self, stretch_percent: u32) -> bool {
        match self.soft {
            Some(soft) if self.fixed => self.elapsed() < soft,
            Some(soft) => self.elapsed() < soft * stretch_percent / 100,
            None => true,
        }
    }

    /// Whether the search in flight must stop now.
    #[must_use]
    pub fn hard_deadline_passed(&self) -> bool {
        self.hard.is_some_and(|hard| self.elapsed() >= hard)
    }

    /// Whether any deadline applies.
    #[must_use]
    pub fn is_timed(&self) -> bool {
        self.hard.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Clock;

    #[test]
    fn clock_budget_is_a_share_of_the_time_left() {
        let limits = Limits {
            clock: Some(Clock {
                remaining: Duration::from_secs(10),
                increment: Duration::from_millis(100),
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        let tm = TimeManager::new(&limits, Duration::ZERO, Instant::now());
        let soft = tm.soft.unwrap();
        let hard = tm.hard.unwrap();
        assert!(soft > Duration::from_millis(300) && soft < Duration::from_millis(600));
        assert!(hard >= soft && hard <= Duration::from_millis(7500));
    }

    #[test]
    fn fewer_moves_to_go_spend_more_of_the_clock() {
        let mut limits = Limits {
            clock: Some(Clock {
                remaining: Duration::from_secs(10),
                increment: Duration::from_millis(100),
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        let soft = |limits: &Limits, moves| {
            TimeManager::with_moves_to_go(limits, Duration::ZERO, Instant::now(), moves)
                .soft
                .unwrap()
        };
        // 10 s / 20 + 75 ms against 10 s / 25 + 75 ms.
        assert_eq!(soft(&limits, 20), Duration::from_millis(575));
        assert_eq!(soft(&limits, 25), Duration::from_millis(475));
        // A clock that says how many moves are left overrides the guess.
        if let Some(clock) = limits.clock.as_mut() {
            clock.moves_to_go = Some(10);
        }
        assert_eq!(soft(&limits, 20), Duration::from_millis(1075));
    }

    #[test]
    fn nearly_empty_clock_still_leaves_time() {
        let limits = Limits {
            clock: Some(Clock {
                remaining: Duration::from_millis(20),
                increment: Duration::ZERO,
                moves_to_go: Some(1),
            }),
            ..Limits::default()
        };
        let tm = TimeManager::new(&limits, Duration::from_millis(50), Instant::now());
        assert!(tm.hard.unwrap() <= Duration::from_millis(1));
    }

    #[test]
    fn movetime_is_fixed() {
        let limits = Limits::move_time(Duration::from_millis(500));
        let tm = TimeManager::new(&limits, Duration::from_millis(10), Instant::now());
        assert_eq!(tm.soft, Some(Duration::from_millis(490)));
        assert_eq!(tm.hard, Some(Duration::from_millis(490)));
        assert!(tm.fixed);
        // A stable best move does not end the search early on a fixed time.
        assert!(tm.may_start_iteration(55));
    }

    #[test]
    fn clock_share_shorter_than_movetime_binds() {
        let limits = Limits {
            move_time: Some(Duration::from_secs(60)),
            clock: Some(Clock {
                remaining: Duration::from_secs(10),
                increment: Duration::ZERO,
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        let tm = TimeManager::new(&limits, Duration::ZERO, Instant::now());
        assert!(!tm.fixed);
        let start = Instant::now() - Duration::from_millis(300);
        let late = TimeManager { start, ..tm };
        // 300 ms of a 400 ms share: past 55 % of it, so no new iteration.
        assert!(!late.may_start_iteration(55));
        assert!(late.may_start_iteration(100));
    }
}
