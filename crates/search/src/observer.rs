//! How a search tells the outside what it is doing, without doing I/O itself.

use std::time::Duration;

use crate::{Score, SearchStats};

/// What bound a reported score is.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Bound {
    /// The true value at this depth.
    Exact,
    /// At least this much (the search failed high).
    Lower,
    /// At most this much (the search failed low).
    Upper,
}

/// The state of a search after an iteration: what UCI's `info` lines, the
/// terminal panel and the web page show.
#[derive(Clone, Debug)]
pub struct Report<M> {
    /// Depth of the finished iteration, in plies.
    pub depth: u32,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// The value of the root for the side to move (see [`crate::score`]).
    pub value: i32,
    /// Whether `value` is exact or a bound.
    pub bound: Bound,
    /// Counters so far, summed over threads.
    pub stats: SearchStats,
    /// Time since the search began.
    pub elapsed: Duration,
    /// The principal variation, best move first.
    pub pv: Vec<M>,
    /// Transposition-table fill, in permille (0 when the algorithm has no table).
    pub hashfull: u32,
    /// With multi-PV ([`crate::SearchConfig::multi_pv`] above 1), every line
    /// best first, the first being `value` and `pv`; empty otherwise.
    pub lines: Vec<PvLine<M>>,
    /// What the last iteration spent on each root move, in the order they
    /// will be searched next (best first): the search map. Empty where the
    /// algorithm does not say (the textbook searches, a threat solver).
    pub root_moves: Vec<RootMoveReport<M>>,
}

/// One root move in a [`Report`]: how much of the iteration it took and
/// what it was found to be worth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootMoveReport<M> {
    /// The move.
    pub mv: M,
    /// Nodes searched below it in the iteration (over every window it was
    /// searched in: aspiration re-searches, multi-PV passes).
    pub nodes: u64,
    /// Its value for the side to move, at the iteration's depth.
    pub value: i32,
    /// Whether `value` is exact, or only a bound: a move dismissed by a
    /// null window is worth at most its `value` (`Upper`).
    pub bound: Bound,
    /// The deepest ply reached below it, quiescence included.
    pub seldepth: u32,
}

/// One line of a multi-PV search: a root move's value and its principal
/// variation, the move first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvLine<M> {
    /// The value for the side to move (see [`crate::score`]).
    pub value: i32,
    /// The line, its root move first.
    pub pv: Vec<M>,
}

impl<M> PvLine<M> {
    /// The score as a person reads it.
    #[must_use]
    pub fn score(&self) -> Score {
        Score::from_value(self.value)
    }
}

impl<M> Report<M> {
    /// The score as a person reads it.
    #[must_use]
    pub fn score(&self) -> Score {
        Score::from_value(self.value)
    }

    /// Nodes per second over the whole search so far.
    #[must_use]
    pub fn nps(&self) -> u64 {
        let micros = self.elapsed.as_micros().max(1);
        u64::try_from(u128::from(self.stats.nodes) * 1_000_000 / micros).unwrap_or(u64::MAX)
    }
}

/// Receives reports while a search runs. Implemented by the UCI loop, the
/// terminal, the web socket; a closure `FnMut(&Report<M>)` works too.
pub trait SearchObserver<M> {
    /// Called after every completed iteration (and for fixed-depth algorithms,
    /// once at the end).
    fn on_iteration(&mut self, report: &Report<M>);
}

impl<M, F: FnMut(&Report<M>)> SearchObserver<M> for F {
    fn on_iteration(&mut self, report: &Report<M>) {
        self(report);
    }
}

/// An observer that ignores everything.
#[derive(Copy, Clone, Debug, Default)]
pub struct Silent;

impl<M> SearchObserver<M> for Silent {
    fn on_iteration(&mut self, _report: &Report<M>) {}
}
