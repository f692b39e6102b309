//! The lab's tree recorder on the real games: the tree it draws is the tree
//! the statistics count, and its root value is minimax's.

use banco_chess::{ChessEvaluator, ChessGame};
use banco_gomoku::{GomokuEvaluator, GomokuGame, Rule};
use banco_search::lab::{NodeKind, SearchTree, TreeAlgorithm, record_tree};
use banco_search::{Algorithm, Evaluator, Game, Limits, SearchConfig, Searcher, Silent};
use banco_xiangqi::{XiangqiEvaluator, XiangqiGame};

fn minimax_value<G: Game, E: Evaluator<G>>(game: &G, eval: &E, depth: u32) -> i32 {
    let config = SearchConfig {
        algorithm: Algorithm::Minimax,
        ..SearchConfig::default()
    };
    Searcher::new(config)
        .search(game, eval, &Limits::depth(depth), &mut Silent)
        .report
        .value
}

fn check<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    algorithm: TreeAlgorithm,
    depth: u32,
) -> SearchTree<G::Move> {
    let tree = record_tree(game, eval, algorithm, depth, 10_000_000);
    let what = format!("{algorithm} at depth {depth}");
    assert!(!tree.truncated, "{what}");
    let stats = tree.report.stats;
    let visited = &tree.nodes[..tree.visited];
    let count = |kind: NodeKind| visited.iter().filter(|n| n.kind == kind).count() as u64;
    assert_eq!(visited.len() as u64, stats.nodes, "{what}: nodes");
    assert_eq!(
        visited.iter().filter(|n| n.cutoff).count() as u64,
        stats.cutoffs,
        "{what}: cut-offs"
    );
    assert_eq!(count(NodeKind::Leaf), stats.leaf_nodes, "{what}: leaves");
    assert_eq!(count(NodeKind::Pruned), 0);
    assert_eq!(
        count(NodeKind::Inner) + count(NodeKind::Leaf) + count(NodeKind::Terminal),
        stats.nodes
    );
    assert!(
        tree.nodes[tree.visited..]
            .iter()
            .all(|n| n.kind == NodeKind::Pruned && n.value.is_none())
    );
    if algorithm == TreeAlgorithm::Minimax {
        assert_eq!(tree.nodes.len(), tree.visited, "minimax prunes nothing");
    }
    // The root is MAX: its value is the search's, and minimax's.
    assert_eq!(tree.nodes[0].value, Some(tree.report.value), "{what}");
    assert_eq!(
        tree.report.value,
        minimax_value(game, eval, depth),
        "{what}"
    );
    // The pv nodes follow the reported line from the root.
    let mut at = 0;
    for mv in &tree.report.pv {
        let child = visited
            .iter()
            .find(|n| n.parent == Some(at) && n.mv.as_ref() == Some(mv))
            .unwrap_or_else(|| panic!("{what}: pv move {mv:?} not below node {at}"));
        assert!(child.pv);
        at = child.id;
    }
    assert_eq!(
        visited.iter().filter(|n| n.pv).count(),
        tree.report.pv.len() + 1
    );
    tree
}

#[test]
fn chess_trees_match_the_statistics() {
    let game = ChessGame::new();
    for depth in 1..=3 {
        for algorithm in [TreeAlgorithm::Minimax, TreeAlgorithm::AlphaBeta] {
            check(&game, &ChessEvaluator::Strong, algorithm, depth);
        }
    }
}

/// The issue's own check: the tree of a depth-3 alpha-beta search from the
/// start shows as many nodes as the statistics and as many cut-offs.
#[test]
fn chess_depth_three_alphabeta_tree_counts_what_the_search_counts() {
    let tree = check(
        &ChessGame::new(),
        &ChessEvaluator::Simple,
        TreeAlgorithm::AlphaBeta,
        3,
    );
    assert!(tree.report.stats.cutoffs > 0);
    assert!(
        tree.nodes.len() > tree.visited,
        "cut-offs leave pruned moves"
    );
    let minimax = check(
        &ChessGame::new(),
        &ChessEvaluator::Simple,
        TreeAlgorithm::Minimax,
        3,
    );
    assert_eq!(minimax.report.stats.nodes, 9_323);
    assert!(tree.report.stats.nodes < minimax.report.stats.nodes);
}

#[test]
fn xiangqi_trees_match_the_statistics() {
    let game = XiangqiGame::from_fen("3k5/4a4/4b4/9/2p6/9/9/4B4/5R3/4K4 w - - 0 1").unwrap();
    for depth in 1..=3 {
        for algorithm in [TreeAlgorithm::Minimax, TreeAlgorithm::AlphaBeta] {
            check(&game, &XiangqiEvaluator::Strong, algorithm, depth);
        }
    }
    check(
        &XiangqiGame::new(),
        &XiangqiEvaluator::Simple,
        TreeAlgorithm::AlphaBeta,
        2,
    );
}

#[test]
fn gomoku_trees_match_the_statistics() {
    let game = GomokuGame::from_moves(15, Rule::Freestyle, "h8 h9 i8 g9 j8").unwrap();
    for depth in 1..=2 {
        for algorithm in [TreeAlgorithm::Minimax, TreeAlgorithm::AlphaBeta] {
            check(&game, &GomokuEvaluator::Strong, algorithm, depth);
        }
    }
    check(&game, &GomokuEvaluator::Simple, TreeAlgorithm::AlphaBeta, 3);
}
