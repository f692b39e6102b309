//! The search tree recorder: the tree textbook minimax or alpha-beta really
//! walks, recorded by a tracer inside the textbook search itself, so the
//! tree and the statistics cannot tell different stories.
//!
//! Values and windows are turned from negamax's view (the side to move) into
//! the view the seeds draw trees in: the root's side is MAX, every value is
//! MAX's. At a MIN node negamax's window `(a, b)` is MAX's `(-b, -a)`.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::textbook::{self, Exit, Textbook, Tracer};
use crate::{Evaluator, Game, INFINITY, Limits, Report, SearchConfig, Silent};

/// The algorithms whose tree can be recorded.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum TreeAlgorithm {
    /// Every move to the horizon.
    Minimax,
    /// Alpha-beta in generation order.
    AlphaBeta,
}

impl TreeAlgorithm {
    /// The name the CLI and the API use.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            TreeAlgorithm::Minimax => "minimax",
            TreeAlgorithm::AlphaBeta => "alphabeta",
        }
    }
}

impl fmt::Display for TreeAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A tree algorithm name other than `minimax` or `alphabeta`.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
#[error("no tree for algorithm '{0}': expected minimax or alphabeta")]
pub struct ParseTreeAlgorithmError(pub String);

impl FromStr for TreeAlgorithm {
    type Err = ParseTreeAlgorithmError;

    fn from_str(s: &str) -> Result<TreeAlgorithm, ParseTreeAlgorithmError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "minimax" => Ok(TreeAlgorithm::Minimax),
            "alphabeta" | "alpha-beta" | "ab" => Ok(TreeAlgorithm::AlphaBeta),
            _ => Err(ParseTreeAlgorithmError(s.to_owned())),
        }
    }
}

/// What a node of the tree is.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum NodeKind {
    /// Its moves were searched.
    Inner,
    /// At the horizon: the evaluator's value.
    Leaf,
    /// The game is over there: a rule, a repetition, no legal move.
    Terminal,
    /// A move a beta cut-off left unsearched: never visited, not counted.
    Pruned,
}

impl NodeKind {
    /// `inner`, `leaf`, `terminal` or `pruned`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            NodeKind::Inner => "inner",
            NodeKind::Leaf => "leaf",
            NodeKind::Terminal => "terminal",
            NodeKind::Pruned => "pruned",
        }
    }
}

/// One node of a recorded tree. Values, alpha and beta are MAX's (the root
/// side's), in evaluation units; `None` stands for an infinite bound, or
/// for no value at all (a pruned node, or one a truncated search left).
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct TreeNode<M> {
    /// Visited nodes in visit order (0 is the root), then the pruned ones.
    pub id: usize,
    /// The parent's id; `None` at the root.
    pub parent: Option<usize>,
    /// The move from the parent; `None` at the root.
    pub mv: Option<M>,
    /// Plies below the root.
    pub ply: usize,
    /// Whether MAX (the root's side) moves here: at even plies.
    pub maximizing: bool,
    /// Alpha on entry (minimax has no window: `None`).
    pub alpha: Option<i32>,
    /// Beta on entry.
    pub beta: Option<i32>,
    /// The value the node returned. Alpha-beta is fail-soft, so outside
    /// the window it is a bound: at a cut-off node at least (MAX) or at
    /// most (MIN) this much.
    pub value: Option<i32>,
    /// Inner, leaf, terminal or pruned.
    pub kind: NodeKind,
    /// Whether a beta cut-off ended its move loop (its pruned children follow).
    pub cutoff: bool,
    /// Whether it lies on the root's principal variation.
    pub pv: bool,
}

/// A recorded search tree and the search it records.
#[derive(Clone, Debug)]
pub struct SearchTree<M> {
    /// Which algorithm walked it.
    pub algorithm: TreeAlgorithm,
    /// The depth searched.
    pub depth: u32,
    /// The visited nodes in visit order, then the pruned ones.
    pub nodes: Vec<TreeNode<M>>,
    /// How many of `nodes` were visited (the rest are pruned).
    pub visited: usize,
    /// Whether the node cap stopped the search: the tree is incomplete and
    /// the values near the cut are partial.
    pub truncated: bool,
    /// The search's report: its value (the root's, side to move's view), its
    /// statistics, its principal variation.
    pub report: Report<M>,
    /// The move the search chose.
    pub best_move: Option<M>,
}

/// Records `algorithm`'s tree on `game` to `depth` plies, stopping once
/// `max_nodes` nodes (visited and pruned together) are recorded. A finished
/// game is a tree of one terminal node, which no search counts.
pub fn record_tree<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    algorithm: TreeAlgorithm,
    depth: u32,
    max_nodes: usize,
) -> SearchTree<G::Move> {
    let depth = depth.max(1);
    let kind = match algorithm {
        TreeAlgorithm::Minimax => Textbook::Minimax,
        TreeAlgorithm::AlphaBeta => Textbook::AlphaBeta,
    };
    let config = SearchConfig {
        move_overhead: Duration::ZERO,
        ..SearchConfig::default()
    };
    let recorder = Recorder::new(max_nodes.max(1));
    let (result, recorder) = textbook::search_traced(
        kind,
        game,
        eval,
        &config,
        &Limits::depth(depth),
        &mut Silent,
        recorder,
    );
    let Recorder {
        mut nodes,
        pruned,
        truncated,
        ..
    } = recorder;
    if nodes.is_empty() {
        nodes.push(TreeNode {
            id: 0,
            parent: None,
            mv: None,
            ply: 0,
            maximizing: true,
            alpha: None,
            beta: None,
            value: finite(result.report.value),
            kind: NodeKind::Terminal,
            cutoff: false,
            pv: false,
        });
    }
    let visited = nodes.len();
    mark_pv(&mut nodes, &result.report.pv);
    for mut node in pruned {
        node.id = nodes.len();
        nodes.push(node);
    }
    SearchTree {
        algorithm,
        depth,
        nodes,
        visited,
        truncated,
        report: result.report,
        best_move: result.best_move,
    }
}

/// Marks the root and the nodes the principal variation runs through.
fn mark_pv<M: PartialEq>(nodes: &mut [TreeNode<M>], pv: &[M]) {
    let Some(root) = nodes.first_mut() else {
        return;
    };
    root.pv = true;
    let mut current = 0;
    for mv in pv {
        let next = nodes
            .iter()
            .position(|n| n.parent == Some(current) && n.mv.as_ref() == Some(mv));
        let Some(next) = next else {
            break;
        };
        nodes[next].pv = true;
        current = next;
    }
}

/// An infinite bound or value as `None`.
fn finite(value: i32) -> Option<i32> {
    (value.abs() < INFINITY).then_some(value)
}

/// The tracer that builds the tree.
struct Recorder<M> {
    nodes: Vec<TreeNode<M>>,
    /// Pruned children; they get their ids after the visited nodes.
    pruned: Vec<TreeNode<M>>,
    /// The ids of the recorded nodes on the current path, one per ply.
    path: Vec<usize>,
    /// The move being made, for the node it leads to.
    pending: Option<M>,
    max_nodes: usize,
    truncated: bool,
}

impl<M> Recorder<M> {
    fn new(max_nodes: usize) -> Recorder<M> {
        Recorder {
            nodes: Vec::new(),
            pruned: Vec::new(),
            path: Vec::new(),
            pending: None,
            max_nodes,
            truncated: false,
        }
    }

    fn full(&self) -> bool {
        self.nodes.len() + self.pruned.len() >= self.max_nodes
    }

    /// The recorded node at `ply`, if the path has one there.
    fn at(&self, ply: usize) -> Option<usize> {
        (self.path.len() == ply + 1).then(|| self.path[ply])
    }
}

/// A value from the side to move's view at `ply`, seen by MAX.
fn for_max(value: i32, ply: usize) -> i32 {
    if ply.is_multiple_of(2) { value } else { -value }
}

impl<M: Copy> Tracer<M> for Recorder<M> {
    fn play(&mut self, mv: M) {
        self.pending = Some(mv);
    }

    fn enter(&mut self, ply: usize, window: Option<(i32, i32)>) -> bool {
        let mv = self.pending.take();
        // The search stops as soon as the tracer refuses a node, so the
        // path always ends at this node's parent.
        if self.full() || self.path.len() != ply {
            self.truncated = true;
            return false;
        }
        let maximizing = ply.is_multiple_of(2);
        let (alpha, beta) = match window {
            Some((a, b)) if maximizing => (finite(a), finite(b)),
            Some((a, b)) => (finite(-b), finite(-a)),
            None => (None, None),
        };
        let id = self.nodes.len();
        self.nodes.push(TreeNode {
            id,
            parent: ply.checked_sub(1).map(|p| self.path[p]),
            mv,
            ply,
            maximizing,
            alpha,
            beta,
            value: None,
            kind: NodeKind::Inner,
            cutoff: false,
            pv: false,
        });
        self.path.push(id);
        true
    }

    fn leave(&mut self, ply: usize, value: i32, exit: Exit) {
        let Some(id) = self.at(ply) else {
            return;
        };
        self.path.pop();
        let node = &mut self.nodes[id];
        let (kind, value) = match exit {
            Exit::Inner => (NodeKind::Inner, finite(for_max(value, ply))),
            Exit::Leaf => (NodeKind::Leaf, finite(for_max(value, ply))),
            Exit::Terminal => (NodeKind::Terminal, finite(for_max(value, ply))),
            Exit::Stopped => (NodeKind::Leaf, None),
        };
        node.kind = kind;
        node.value = value;
    }

    fn cutoff(&mut self, ply: usize, unsearched: &[M]) {
        let Some(id) = self.at(ply) else {
            return;
        };
        self.nodes[id].cutoff = true;
        for &mv in unsearched {
            if self.full() {
                self.truncated = true;
                break;
            }
            self.pruned.push(TreeNode {
                id: 0,
                parent: Some(id),
                mv: Some(mv),
                ply: ply + 1,
                maximizing: (ply + 1).is_multiple_of(2),
                alpha: None,
                beta: None,
                value: None,
                kind: NodeKind::Pruned,
                cutoff: false,
                pv: false,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{RandomTree, RandomTreeEval, TicTacToe, TicTacToeEval};
    use crate::{Algorithm, Searcher};

    fn check<G: Game, E: Evaluator<G>>(game: &G, eval: &E, algorithm: TreeAlgorithm, depth: u32) {
        let tree = record_tree(game, eval, algorithm, depth, 1_000_000);
        assert!(!tree.truncated);
        let stats = tree.report.stats;
        let visited = &tree.nodes[..tree.visited];
        assert_eq!(visited.len() as u64, stats.nodes);
        assert!(visited.iter().all(|n| n.kind != NodeKind::Pruned));
        assert!(
            tree.nodes[tree.visited..]
                .iter()
                .all(|n| n.kind == NodeKind::Pruned)
        );
        assert_eq!(
            visited.iter().filter(|n| n.cutoff).count() as u64,
            stats.cutoffs
        );
        assert_eq!(
            visited.iter().filter(|n| n.kind == NodeKind::Leaf).count() as u64,
            stats.leaf_nodes
        );
        assert_eq!(tree.nodes[0].value, Some(tree.report.value));
        for (i, node) in tree.nodes.iter().enumerate() {
            assert_eq!(node.id, i);
            if let Some(parent) = node.parent {
                assert!(parent < i.min(tree.visited));
                assert_eq!(tree.nodes[parent].ply + 1, node.ply);
            }
        }
        let minimax = Searcher::new(SearchConfig {
            algorithm: Algorithm::Minimax,
            ..SearchConfig::default()
        })
        .search(game, eval, &Limits::depth(depth), &mut Silent);
        assert_eq!(tree.report.value, minimax.report.value);
        let pv: Vec<_> = visited.iter().filter(|n| n.pv).skip(1).collect();
        assert_eq!(pv.len(), tree.report.pv.len());
        for (node, mv) in pv.iter().zip(&tree.report.pv) {
            assert_eq!(node.mv.as_ref(), Some(mv));
        }
    }

    #[test]
    fn the_tree_tells_what_the_statistics_count() {
        for depth in 1..=4 {
            for algorithm in [TreeAlgorithm::Minimax, TreeAlgorithm::AlphaBeta] {
                check(&TicTacToe::new(), &TicTacToeEval, algorithm, depth);
                for seed in 0..8 {
                    check(&RandomTree::new(seed, 5), &RandomTreeEval, algorithm, depth);
                }
            }
        }
    }

    #[test]
    fn min_nodes_see_the_window_turned_round() {
        let tree = record_tree(
            &RandomTree::new(3, 4),
            &RandomTreeEval,
            TreeAlgorithm::AlphaBeta,
            3,
            10_000,
        );
        let root = &tree.nodes[0];
        assert_eq!((root.alpha, root.beta), (None, None));
        assert!(root.maximizing);
        // The second child of the root is searched once MAX has a value:
        // MAX's alpha is raised, the MIN node's beta stays open.
        let second = tree.nodes.iter().filter(|n| n.parent == Some(0)).nth(1);
        let second = second.unwrap();
        assert!(!second.maximizing);
        assert!(second.alpha.is_some() && second.beta.is_none());
    }

    #[test]
    fn the_cap_truncates_and_stops() {
        let tree = record_tree(
            &TicTacToe::new(),
            &TicTacToeEval,
            TreeAlgorithm::Minimax,
            4,
            100,
        );
        assert!(tree.truncated);
        assert_eq!(tree.nodes.len(), 100);
        assert!(tree.report.stats.nodes <= 101);
    }

    #[test]
    fn a_finished_game_is_one_terminal_node() {
        let game = TicTacToe::from_cells("XXXOO....").unwrap();
        let tree = record_tree(&game, &TicTacToeEval, TreeAlgorithm::AlphaBeta, 2, 100);
        assert_eq!(tree.nodes.len(), 1);
        assert_eq!(tree.nodes[0].kind, NodeKind::Terminal);
        assert!(!tree.truncated);
    }
}
