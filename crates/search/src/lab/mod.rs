//! The AI lab: what each idea of game-tree search is worth, measured on one
//! position.
//!
//! - [`run_race`] searches a position to one depth with a fixed list of
//!   algorithms, from textbook minimax to the full engine, one technique
//!   added per row ([`RACE`]), and reports what each cost and whether the
//!   exact ones still find minimax's value;
//! - [`record_tree`] records the tree textbook minimax or alpha-beta walks,
//!   node by node, through the very code that counts their statistics.

mod race;
mod tree;

pub use race::{RACE, RaceEntry, RaceRow, effective_branching_factor, run_race};
pub use tree::{
    NodeKind, ParseTreeAlgorithmError, SearchTree, TreeAlgorithm, TreeNode, record_tree,
};
