//! Multi-PV: the best line agrees with a single-line search at the same
//! depth, and every line's value is its root move's own minimax value.

use banco_chess::{ChessEvaluator, ChessGame};
use banco_search::{Game, Limits, SearchConfig, SearchResult, Searcher, Silent, Techniques};

/// A fixed-depth search with only the techniques that keep minimax's value.
fn exact_search(game: &ChessGame, depth: u32, multi_pv: usize) -> SearchResult<banco_chess::Move> {
    let config = SearchConfig {
        techniques: Techniques::exact(),
        multi_pv,
        ..SearchConfig::default()
    };
    Searcher::new(config).search(
        game,
        &ChessEvaluator::Strong,
        &Limits::depth(depth),
        &mut Silent,
    )
}

const POSITIONS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
];

#[test]
fn the_best_line_is_the_single_line_search_and_each_line_is_its_moves_value() {
    for fen in POSITIONS {
        let game = ChessGame::from_fen(fen).unwrap();
        let depth = 3;
        let single = exact_search(&game, depth, 1);
        let multi = exact_search(&game, depth, 4);
        let lines = &multi.report.lines;
        assert_eq!(lines.len(), 4, "{fen}");
        assert_eq!(lines[0].value, single.report.value, "{fen}");
        assert_eq!(multi.report.value, lines[0].value, "{fen}");
        assert_eq!(multi.best_move, lines[0].pv.first().copied(), "{fen}");
        assert!(single.report.lines.is_empty());
        let mut firsts = Vec::new();
        for line in lines {
            let mv = line.pv[0];
            assert!(!firsts.contains(&mv), "{fen}: {mv:?} twice");
            firsts.push(mv);
            // The line's value is minimax's value of its move.
            let mut child = game.clone();
            child.make_move(mv);
            let below = exact_search(&child, depth - 1, 1);
            assert_eq!(line.value, -below.report.value, "{fen}: {mv:?}");
        }
        assert!(lines.windows(2).all(|w| w[0].value >= w[1].value), "{fen}");
    }
}

#[test]
fn more_lines_than_moves_gives_every_move_once() {
    // White's king on h1 has three moves (g1, g2, h2), no other piece.
    let game = ChessGame::from_fen("k7/8/8/8/8/8/8/7K w - - 0 1").unwrap();
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    let multi = exact_search(&game, 2, 5);
    assert_eq!(legal.len(), 3);
    assert_eq!(multi.report.lines.len(), 3);
}
