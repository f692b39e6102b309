//! Game clocks: a time control, each side's time left, and which clock runs.
//!
//! The server keeps the clock, not the page: it is charged when a move is
//! stored, it is stored with the game (so a reload or a restart finds it),
//! and a timer ends the game when the side to move's time runs out, whether
//! or not a page is open. Times are wall-clock milliseconds since 1970, the
//! store's clock.
//!
//! The first move of each game is free: the clock starts once the first
//! player has moved, as on most playing sites, so a player is not charged
//! for the time the page takes to open.

use banco_games::{AnyGame, parse_side, side_name};
use banco_search::Side;
use serde::{Deserialize, Serialize};

use crate::error::ApiError;

/// Shortest starting time a clock accepts: one second.
pub const MIN_INITIAL_MS: u64 = 1_000;
/// Longest starting time a clock accepts: three hours.
pub const MAX_INITIAL_MS: u64 = 3 * 60 * 60 * 1_000;
/// Largest increment a clock accepts: three minutes a move.
pub const MAX_INCREMENT_MS: u64 = 3 * 60 * 1_000;

/// A time control: the time each side starts with and the time added after
/// each of its moves (Fischer increment), as `5+3` writes five minutes and
/// three seconds.
#[derive(Clone, Copy, Debug, Eq, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeControl {
    /// Each side's time at the start, in milliseconds.
    pub initial_ms: u64,
    /// Time added after each move, in milliseconds.
    #[serde(default)]
    pub increment_ms: u64,
}

impl TimeControl {
    /// Checks the control's bounds.
    ///
    /// # Errors
    ///
    /// [`ApiError::Invalid`] naming `clock.initial_ms` or `clock.increment_ms`.
    pub fn validate(&self) -> Result<(), ApiError> {
        if !(MIN_INITIAL_MS..=MAX_INITIAL_MS).contains(&self.initial_ms) {
            return Err(ApiError::invalid(
                "clock.initial_ms",
                format!(
                    "{} is out of range: from {MIN_INITIAL_MS} (one second) to {MAX_INITIAL_MS} (three hours)",
                    self.initial_ms
                ),
            ));
        }
        if self.increment_ms > MAX_INCREMENT_MS {
            return Err(ApiError::invalid(
                "clock.increment_ms",
                format!(
                    "{} is out of range: from 0 to {MAX_INCREMENT_MS} (three minutes)",
                    self.increment_ms
                ),
            ));
        }
        Ok(())
    }
}

/// The clock that runs: whose, and since when.
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
struct Running {
    side: Side,
    since_ms: i64,
}

/// Both sides' clocks in one game.
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub struct GameClock {
    control: TimeControl,
    /// Time left when each side's clock last stopped, in milliseconds.
    remaining_ms: [i64; 2],
    running: Option<Running>,
    /// The side whose time ran out, once it has.
    flagged: Option<Side>,
}

impl GameClock {
    /// A clock at the start of a game: full time on both sides, stopped.
    #[must_use]
    pub fn new(control: TimeControl) -> GameClock {
        let initial = i64::try_from(control.initial_ms).unwrap_or(i64::MAX);
        GameClock {
            control,
            remaining_ms: [initial; 2],
            running: None,
            flagged: None,
        }
    }

    /// The time control.
    #[must_use]
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// `side`'s time left at `now_ms`, never below zero.
    #[must_use]
    pub fn remaining_at(&self, side: Side, now_ms: i64) -> i64 {
        let stored = self.remaining_ms[side.index()];
        let left = match self.running {
            Some(running) if running.side == side => {
                stored.saturating_sub(now_ms.saturating_sub(running.since_ms).max(0))
            }
            _ => stored,
        };
        left.max(0)
    }

    /// The side whose clock runs, if one does.
    #[must_use]
    pub fn running_side(&self) -> Option<Side> {
        self.running.map(|r| r.side)
    }

    /// When the running clock reaches zero, in milliseconds since 1970.
    #[must_use]
    pub fn deadline_ms(&self) -> Option<i64> {
        self.running
            .map(|r| r.since_ms.saturating_add(self.remaining_ms[r.side.index()]))
    }

    /// The side whose time ran out, if one's did.
    #[must_use]
    pub fn flagged(&self) -> Option<Side> {
        self.flagged
    }

    /// The side whose running clock has reached zero at `now_ms` and is
    /// not yet marked so.
    #[must_use]
    pub fn due_flag(&self, now_ms: i64) -> Option<Side> {
        let running = self.running?;
        (self.flagged.is_none() && self.remaining_at(running.side, now_ms) == 0)
            .then_some(running.side)
    }

    /// Stops the running clock at `now_ms`, charging its side the time used.
    fn stop(&mut self, now_ms: i64) {
        if let Some(running) = self.running {
            self.remaining_ms[running.side.index()] = self.remaining_at(running.side, now_ms);
            self.running = None;
        }
    }

    /// Marks `side`'s time as run out and stops the clocks.
    pub fn flag(&mut self, side: Side, now_ms: i64) {
        self.stop(now_ms);
        self.remaining_ms[side.index()] = 0;
        self.flagged = Some(side);
    }

    /// Brings the clock up to date with a change of the game from `before`
    /// to `after` stored at `now_ms`, `ended` saying whether the game is
    /// over after it:
    ///
    /// - one move played: its side is charged the time it took and given
    ///   the increment, and the other side's clock starts (the game's first
    ///   move is free and starts the clock);
    /// - moves taken back: the side that was to move is charged, and the
    ///   side now to move runs (nobody gets time back; back at the start,
    ///   the clocks stand until the first move again);
    /// - the game over: the clocks stop.
    ///
    /// A reset or a new position starts a fresh clock: the handler that
    /// makes it replaces the clock before this runs.
    pub fn settle(&mut self, before: &dyn AnyGame, after: &dyn AnyGame, ended: bool, now_ms: i64) {
        let (old, new) = (before.moves(), after.moves());
        let prefix =
            before.setup() == after.setup() && old.iter().zip(new).all(|(a, b)| a.code == b.code);
        let one_move_more = prefix && new.len() == old.len() + 1;
        let same_moves = prefix && new.len() == old.len();
        if one_move_more {
            let mover = before.side_to_move();
            if self.running_side() == Some(mover) {
                self.stop(now_ms);
                let increment = i64::try_from(self.control.increment_ms).unwrap_or(0);
                let slot = &mut self.remaining_ms[mover.index()];
                *slot = slot.saturating_add(increment);
            }
        } else if !same_moves {
            self.stop(now_ms);
        }
        if ended || self.flagged.is_some() {
            self.stop(now_ms);
        } else if !same_moves && !new.is_empty() {
            self.running = Some(Running {
                side: after.side_to_move(),
                since_ms: now_ms,
            });
        } else if new.is_empty() {
            self.running = None;
        }
    }

    /// Takes the game up again after the server was down: the side to move
    /// is not charged for time the server was not running, so a clock that
    /// ran before `started_ms` runs from `started_ms` with the time it had
    /// at its last move.
    pub fn resume_after_restart(&mut self, started_ms: i64) {
        if let Some(running) = &mut self.running
            && running.since_ms < started_ms
        {
            running.since_ms = started_ms;
        }
    }

    /// The clock as the store keeps it.
    #[must_use]
    pub fn stored(&self) -> StoredClock {
        StoredClock {
            control: self.control,
            remaining_ms: self.remaining_ms,
            running: self.running.map(|r| side_name(r.side).to_owned()),
            since_ms: self.running.map(|r| r.since_ms),
            flagged: self.flagged.map(|side| side_name(side).to_owned()),
        }
    }

    /// The clock the store kept.
    ///
    /// # Errors
    ///
    /// A text naming what does not read.
    pub fn from_stored(stored: &StoredClock) -> Result<GameClock, String> {
        stored
            .control
            .validate()
            .map_err(|err| format!("clock: {err}"))?;
        let side = |text: &str| parse_side(text).ok_or_else(|| format!("clock: side '{text}'"));
        let running = match (&stored.running, stored.since_ms) {
            (Some(text), Some(since_ms)) => Some(Running {
                side: side(text)?,
                since_ms,
            }),
            (None, None) => None,
            _ => return Err("clock: a running side without its start, or the reverse".into()),
        };
        Ok(GameClock {
            control: stored.control,
            remaining_ms: stored.remaining_ms.map(|ms| ms.max(0)),
            running,
            flagged: stored.flagged.as_deref().map(side).transpose()?,
        })
    }

    /// The clock as the page sees it at `now_ms`.
    #[must_use]
    pub fn view(&self, now_ms: i64) -> ClockView {
        ClockView {
            initial_ms: self.control.initial_ms,
            increment_ms: self.control.increment_ms,
            remaining_ms: [
                self.remaining_at(Side::First, now_ms),
                self.remaining_at(Side::Second, now_ms),
            ],
            running: self.running.map(|r| side_name(r.side)),
            now_ms,
        }
    }
}

/// A clock as the store keeps it (JSON in the game's row).
#[derive(Clone, Debug, Eq, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoredClock {
    control: TimeControl,
    remaining_ms: [i64; 2],
    running: Option<String>,
    since_ms: Option<i64>,
    flagged: Option<String>,
}

/// A clock as the API shows it: the time left on each side at `now_ms`,
/// and which clock runs from then on.
#[derive(Clone, Debug, Serialize)]
pub struct ClockView {
    /// The time control's starting time.
    pub initial_ms: u64,
    /// The time control's increment.
    pub increment_ms: u64,
    /// Time left, first player's then second's.
    pub remaining_ms: [i64; 2],
    /// `first`, `second`, or `null` when both clocks stand.
    pub running: Option<&'static str>,
    /// The server's time of this view, so a page counts down from it.
    pub now_ms: i64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use banco_games::{GameKind, Setup};

    fn control(initial_ms: u64, increment_ms: u64) -> TimeControl {
        TimeControl {
            initial_ms,
            increment_ms,
        }
    }

    fn chess() -> Box<dyn AnyGame> {
        GameKind::Chess.setup(&Setup::default()).unwrap()
    }

    /// Plays `mv` on a copy of `game`, settles `clock` at `now`, returns the copy.
    fn play(clock: &mut GameClock, game: &dyn AnyGame, mv: &str, now: i64) -> Box<dyn AnyGame> {
        let mut after = game.clone_box();
        after.play(mv).unwrap();
        let ended = after.ending().is_some();
        clock.settle(game, after.as_ref(), ended, now);
        after
    }

    #[test]
    fn the_first_move_is_free_and_each_later_one_is_charged_with_its_increment() {
        let mut clock = GameClock::new(control(60_000, 2_000));
        let start = chess();
        let game = play(&mut clock, start.as_ref(), "e4", 5_000);
        assert_eq!(clock.remaining_at(Side::First, 5_000), 60_000);
        assert_eq!(clock.running_side(), Some(Side::Second));
        assert_eq!(clock.remaining_at(Side::Second, 8_000), 57_000);
        let game = play(&mut clock, game.as_ref(), "e5", 8_000);
        assert_eq!(clock.remaining_at(Side::Second, 8_000), 59_000);
        assert_eq!(clock.running_side(), Some(Side::First));
        assert_eq!(clock.deadline_ms(), Some(68_000));
        let _ = play(&mut clock, game.as_ref(), "Nf3", 18_000);
        assert_eq!(clock.remaining_at(Side::First, 18_000), 52_000);
    }

    #[test]
    fn time_runs_out_at_the_deadline_and_only_once() {
        let mut clock = GameClock::new(control(1_000, 0));
        let game = play(&mut clock, chess().as_ref(), "e4", 0);
        assert_eq!(clock.due_flag(999), None);
        assert_eq!(clock.due_flag(1_000), Some(Side::Second));
        clock.flag(Side::Second, 1_000);
        assert_eq!(clock.due_flag(5_000), None);
        assert_eq!(clock.flagged(), Some(Side::Second));
        assert_eq!(clock.running_side(), None);
        assert_eq!(clock.remaining_at(Side::Second, 9_000), 0);
        drop(game);
    }

    #[test]
    fn a_take_back_charges_the_side_to_move_and_a_reset_restores_full_time() {
        let mut clock = GameClock::new(control(60_000, 0));
        let start = chess();
        let one = play(&mut clock, start.as_ref(), "e4", 0);
        let two = play(&mut clock, one.as_ref(), "e5", 10_000);
        let mut back = two.clone_box();
        back.undo();
        clock.settle(two.as_ref(), back.as_ref(), false, 25_000);
        // White used 15 s before the take-back; Black is to move again.
        assert_eq!(clock.remaining_at(Side::First, 25_000), 45_000);
        assert_eq!(clock.running_side(), Some(Side::Second));
        let mut first = back.clone_box();
        first.undo();
        clock.settle(back.as_ref(), first.as_ref(), false, 27_000);
        // Back at the start the clocks stand, and the time used stays used.
        assert_eq!(clock.running_side(), None);
        assert_eq!(clock.remaining_at(Side::Second, 27_000), 48_000);
        let mut reset = back.clone_box();
        reset.reset();
        clock = GameClock::new(clock.control());
        clock.settle(back.as_ref(), reset.as_ref(), false, 30_000);
        assert_eq!(clock, GameClock::new(control(60_000, 0)));
    }

    #[test]
    fn the_end_of_a_game_stops_the_clocks() {
        let mut clock = GameClock::new(control(60_000, 0));
        let mut game = chess();
        for (at, mv) in [(0, "f3"), (1_000, "e5"), (2_000, "g4")] {
            game = play(&mut clock, game.as_ref(), mv, at);
        }
        let _mated = play(&mut clock, game.as_ref(), "Qh4#", 7_000);
        assert_eq!(clock.running_side(), None);
        assert_eq!(clock.remaining_at(Side::Second, 100_000), 54_000);
    }

    #[test]
    fn a_change_that_keeps_the_moves_keeps_the_clock() {
        let mut clock = GameClock::new(control(60_000, 0));
        let one = play(&mut clock, chess().as_ref(), "e4", 0);
        let before = clock;
        clock.settle(one.as_ref(), one.as_ref(), false, 4_000);
        assert_eq!(clock, before);
    }

    #[test]
    fn a_restart_does_not_charge_the_time_the_server_was_down() {
        let mut clock = GameClock::new(control(60_000, 0));
        let _ = play(&mut clock, chess().as_ref(), "e4", 0);
        let mut restored = GameClock::from_stored(&clock.stored()).unwrap();
        assert_eq!(restored, clock);
        restored.resume_after_restart(50_000);
        assert_eq!(restored.remaining_at(Side::Second, 50_000), 60_000);
        assert_eq!(restored.deadline_ms(), Some(110_000));
    }

    #[test]
    fn bad_controls_and_stored_clocks_are_refused() {
        assert!(control(999, 0).validate().is_err());
        assert!(control(MAX_INITIAL_MS + 1, 0).validate().is_err());
        assert!(control(60_000, MAX_INCREMENT_MS + 1).validate().is_err());
        assert!(control(60_000, MAX_INCREMENT_MS).validate().is_ok());
        let mut stored = GameClock::new(control(60_000, 0)).stored();
        stored.running = Some("third".into());
        stored.since_ms = Some(0);
        assert!(GameClock::from_stored(&stored).is_err());
        stored.running = None;
        assert!(GameClock::from_stored(&stored).is_err());
    }
}
