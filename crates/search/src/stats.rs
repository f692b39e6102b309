//! The statistics every algorithm reports, so they can be compared side by side.

use std::ops::AddAssign;

/// Counters of one search. Every algorithm counts the same way:
/// a node is a position the search visited (the root, each position after a
/// move, quiescence positions included); a leaf is a call of the evaluator.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub struct SearchStats {
    /// Positions visited.
    pub nodes: u64,
    /// Static evaluations (the seeds' "leaf nodes").
    pub leaf_nodes: u64,
    /// Beta cut-offs: nodes where a move refuted the opponent's last one and
    /// the remaining moves were pruned (the seeds' "branches pruned").
    pub cutoffs: u64,
    /// Transposition-table probes that found the position.
    pub tt_hits: u64,
    /// Positions visited by quiescence search (a part of `nodes`).
    pub qnodes: u64,
}

impl AddAssign for SearchStats {
    fn add_assign(&mut self, other: SearchStats) {
        self.nodes += other.nodes;
        self.leaf_nodes += other.leaf_nodes;
        self.cutoffs += other.cutoffs;
        self.tt_hits += other.tt_hits;
        self.qnodes += other.qnodes;
    }
}
