//! The hashes of the positions on the way to the current one, for repetitions.

use crate::{Game, Outcome, mate_in, mated_in};

/// The value of a finished game for the side to move, `ply` plies from the root:
/// quicker wins and slower losses score better.
#[must_use]
pub fn outcome_value(outcome: Outcome, ply: usize) -> i32 {
    match outcome {
        Outcome::Loss => mated_in(ply),
        Outcome::Draw => 0,
        Outcome::Win => mate_in(ply),
    }
}

/// The positions before the current one (the game's history, then the search
/// path), oldest first.
#[derive(Clone, Debug, Default)]
pub(crate) struct Path {
    hashes: Vec<u64>,
    /// Repetitions are not looked for below this index: a null move lies there.
    floor: usize,
}

impl Path {
    /// The game's history up to (not including) `root`.
    pub(crate) fn new<G: Game>(root: &G) -> Path {
        let mut hashes = Vec::with_capacity(256);
        root.previous_hashes(&mut hashes);
        Path { hashes, floor: 0 }
    }

    /// Records the position being left before a move.
    pub(crate) fn push(&mut self, hash: u64) {
        self.hashes.push(hash);
    }

    /// Forgets the last recorded position after the move is taken back.
    pub(crate) fn pop(&mut self) {
        self.hashes.pop();
    }

    /// Records a null move: no repetition may reach back across it. Returns the
    /// floor to restore afterwards.
    pub(crate) fn push_null(&mut self, hash: u64) -> usize {
        let old = self.floor;
        self.hashes.push(hash);
        self.floor = self.hashes.len();
        old
    }

    /// Takes back [`Path::push_null`].
    pub(crate) fn pop_null(&mut self, old_floor: usize) {
        self.hashes.pop();
        self.floor = old_floor;
    }

    /// If the current position (`hash`) occurred before within the last
    /// `reversible` plies, how many plies ago.
    pub(crate) fn repetition(&self, hash: u64, reversible: usize) -> Option<usize> {
        let len = self.hashes.len();
        let limit = reversible.min(len - self.floor);
        let mut back = 2;
        while back <= limit {
            if self.hashes[len - back] == hash {
                return Some(back);
            }
            back += 2;
        }
        None
    }

    /// The terminal value of the current position by rule or repetition, if any.
    pub(crate) fn terminal_value<G: Game>(&self, game: &G, ply: usize) -> Option<i32> {
        self.terminal_outcome(game)
            .map(|outcome| outcome_value(outcome, ply))
    }

    /// How the current position ends by rule or repetition, if it does.
    pub(crate) fn terminal_outcome<G: Game>(&self, game: &G) -> Option<Outcome> {
        if let Some(outcome) = game.rule_outcome() {
            return Some(outcome);
        }
        let reversible = game.reversible_plies();
        if reversible >= 2
            && let Some(cycle) = self.repetition(game.hash(), reversible)
        {
            return Some(game.repetition_outcome(cycle));
        }
        None
    }
}
