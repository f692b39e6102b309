//! How the players of a match are given time: a fixed time per move, a
//! clock with an increment (as engine testers play, e.g. `2+0.02`), or a
//! fixed number of nodes per move (for changes that do not touch time).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use banco_search::Side;

/// A clock may run this far below zero before its player loses on time:
/// the pipe and the process switch are not the player's fault.
pub const TIME_MARGIN: Duration = Duration::from_millis(100);

/// The time control of a match.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum TimeControl {
    /// The same time for every move.
    MoveTime(Duration),
    /// A clock per player: `base` for the game, `increment` added after each move.
    Clock {
        /// The time each player starts with.
        base: Duration,
        /// The time added after each of a player's moves.
        increment: Duration,
    },
    /// A fixed number of nodes per move (UCI `go nodes`).
    Nodes(u64),
}

/// A `--tc` that does not read.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
#[error("invalid time control '{0}': expected BASE+INCREMENT in seconds, as 2+0.02 or 10+0.1")]
pub struct ParseTimeControlError(String);

impl FromStr for TimeControl {
    type Err = ParseTimeControlError;

    fn from_str(text: &str) -> Result<TimeControl, ParseTimeControlError> {
        let bad = || ParseTimeControlError(text.to_owned());
        let (base, increment) = text.trim().split_once('+').unwrap_or((text.trim(), "0"));
        let seconds = |s: &str| {
            s.trim()
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && (0.0..=86_400.0).contains(v))
                .map(Duration::from_secs_f64)
        };
        let (base, increment) = (
            seconds(base).ok_or_else(bad)?,
            seconds(increment).ok_or_else(bad)?,
        );
        if base.is_zero() && increment.is_zero() {
            return Err(bad());
        }
        Ok(TimeControl::Clock { base, increment })
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::MoveTime(t) => write!(f, "{} ms a move", t.as_millis()),
            TimeControl::Clock { base, increment } => {
                write!(f, "{}+{}", base.as_secs_f64(), increment.as_secs_f64())
            }
            TimeControl::Nodes(n) => write!(f, "{n} nodes a move"),
        }
    }
}

/// What one player is given for one move.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum MoveLimit {
    /// This long.
    MoveTime(Duration),
    /// Both clocks as they stand, and the increment.
    Clock {
        /// The first player's time left.
        first: Duration,
        /// The second player's time left.
        second: Duration,
        /// The increment after each move.
        increment: Duration,
        /// Who is to move.
        mover: Side,
    },
    /// This many nodes.
    Nodes(u64),
}

impl MoveLimit {
    /// The mover's own time left, for clocks.
    #[must_use]
    pub fn own_time(&self) -> Option<Duration> {
        match *self {
            MoveLimit::Clock {
                first,
                second,
                mover,
                ..
            } => Some(if mover == Side::First { first } else { second }),
            _ => None,
        }
    }
}

/// The players' clocks during one game.
#[derive(Copy, Clone, Debug)]
pub struct GameClock {
    control: TimeControl,
    left: [Duration; 2],
}

impl GameClock {
    /// Both clocks at the start of a game.
    #[must_use]
    pub fn new(control: TimeControl) -> GameClock {
        let start = match control {
            TimeControl::Clock { base, .. } => base,
            _ => Duration::ZERO,
        };
        GameClock {
            control,
            left: [start; 2],
        }
    }

    /// What `mover` is given for its next move.
    #[must_use]
    pub fn limit(&self, mover: Side) -> MoveLimit {
        match self.control {
            TimeControl::MoveTime(t) => MoveLimit::MoveTime(t),
            TimeControl::Nodes(n) => MoveLimit::Nodes(n),
            TimeControl::Clock { increment, .. } => MoveLimit::Clock {
                first: self.left[0],
                second: self.left[1],
                increment,
                mover,
            },
        }
    }

    /// Charges `mover` for a move that took `spent`; `false` when its flag
    /// fell (it used more than its time and the margin).
    pub fn charge(&mut self, mover: Side, spent: Duration) -> bool {
        let TimeControl::Clock { increment, .. } = self.control else {
            return true;
        };
        let left = &mut self.left[mover.index()];
        if spent > *left + TIME_MARGIN {
            *left = Duration::ZERO;
            return false;
        }
        *left = left.saturating_sub(spent) + increment;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_read_and_refuse() {
        assert_eq!(
            "2+0.02".parse(),
            Ok(TimeControl::Clock {
                base: Duration::from_secs(2),
                increment: Duration::from_millis(20)
            })
        );
        assert_eq!(
            "10".parse(),
            Ok(TimeControl::Clock {
                base: Duration::from_secs(10),
                increment: Duration::ZERO
            })
        );
        for bad in ["", "0+0", "two+1", "1+-1", "1e99+0", "inf+0"] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn clocks_run_down_gain_the_increment_and_fall() {
        let mut clock = GameClock::new("1+0.1".parse().unwrap());
        assert!(clock.charge(Side::First, Duration::from_millis(300)));
        assert_eq!(
            clock.limit(Side::Second).own_time(),
            Some(Duration::from_secs(1))
        );
        assert_eq!(
            clock.limit(Side::First).own_time(),
            Some(Duration::from_millis(800))
        );
        // Within the margin the flag stays up; beyond it, it falls.
        assert!(clock.charge(Side::First, Duration::from_millis(850)));
        assert!(!clock.charge(Side::First, Duration::from_millis(500)));
        let mut fixed = GameClock::new(TimeControl::MoveTime(Duration::from_millis(5)));
        assert!(fixed.charge(Side::First, Duration::from_secs(60)));
    }
}
