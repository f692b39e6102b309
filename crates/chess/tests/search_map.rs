//! The search map: every root move of the last iteration with its share of
//! the nodes, its value and its bound, as the page and the protocols show it.

use banco_chess::{ChessEvaluator, ChessGame};
use banco_search::{Bound, Game, Limits, SearchConfig, Searcher, Silent, Techniques};

const POSITIONS: [&str; 3] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
];

#[test]
fn every_root_move_is_mapped_and_the_best_is_exact() {
    for fen in POSITIONS {
        let game = ChessGame::from_fen(fen).unwrap();
        let mut legal = Vec::new();
        game.legal_moves(&mut legal);
        let result = Searcher::new(SearchConfig::default()).search(
            &game,
            &ChessEvaluator::Strong,
            &Limits::depth(6),
            &mut Silent,
        );
        let report = &result.report;
        let map = &report.root_moves;
        assert_eq!(map.len(), legal.len(), "{fen}");
        for mv in &legal {
            assert!(map.iter().any(|r| r.mv == *mv), "{fen}: {mv:?} missing");
        }
        assert_eq!(map[0].mv, report.pv[0], "{fen}: the best first");
        assert_eq!(map[0].value, report.value, "{fen}");
        assert_eq!(map[0].bound, Bound::Exact, "{fen}");
        let spent: u64 = map.iter().map(|r| r.nodes).sum();
        assert!(spent > 0 && spent <= report.stats.nodes, "{fen}: {spent}");
        assert!(map.iter().all(|r| r.seldepth <= report.seldepth), "{fen}");
        // Every other move is at most as good as the best: refuted moves
        // carry an upper bound at or below it.
        for other in &map[1..] {
            assert!(
                other.value <= report.value || other.bound == Bound::Lower,
                "{fen}: {other:?} against {}",
                report.value
            );
        }
    }
}

#[test]
fn with_exact_techniques_every_bound_is_true() {
    // Alpha-beta without pruning: an upper bound is at least the move's
    // true value, so the map never calls a move worse than it is.
    let game = ChessGame::from_fen(POSITIONS[1]).unwrap();
    let config = SearchConfig {
        techniques: Techniques::exact(),
        ..SearchConfig::default()
    };
    let depth = 3;
    let result = Searcher::new(config.clone()).search(
        &game,
        &ChessEvaluator::Strong,
        &Limits::depth(depth),
        &mut Silent,
    );
    for root in &result.report.root_moves {
        let mut child = game.clone();
        child.make_move(root.mv);
        let value = -Searcher::new(config.clone())
            .search(
                &child,
                &ChessEvaluator::Strong,
                &Limits::depth(depth - 1),
                &mut Silent,
            )
            .report
            .value;
        match root.bound {
            Bound::Exact => assert_eq!(root.value, value, "{:?}", root.mv),
            Bound::Upper => assert!(
                root.value >= value,
                "{:?}: {} < {value}",
                root.mv,
                root.value
            ),
            Bound::Lower => assert!(root.value <= value, "{:?}", root.mv),
        }
    }
}
