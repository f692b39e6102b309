//! Singular extensions search a node a second time, at the same ply, with
//! its hash move left out. That second search must leave the node as it
//! found it: the principal variation stays a line of legal moves, and the
//! switch really changes the search.

use banco_chess::{ChessEvaluator, ChessGame};
use banco_search::{Game, Limits, SearchConfig, SearchResult, Searcher, Silent, Techniques};

const POSITIONS: [&str; 4] = [
    "r1bq1rk1/pp2bppp/2n1pn2/2pp4/2PP4/2N1PN2/PP2BPPP/R1BQ1RK1 w - - 0 8",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "2r2rk1/pp1bqppp/2n1pn2/3p4/3P4/2PBPN2/P1Q2PPP/R4RK1 b - - 3 14",
    "8/5pk1/6p1/3R4/5P2/6PK/r7/8 w - - 0 45",
];

fn search(fen: &str, singular: bool) -> SearchResult<<ChessGame as Game>::Move> {
    let game = ChessGame::from_fen(fen).unwrap();
    let config = SearchConfig {
        techniques: Techniques {
            singular,
            ..Techniques::ALL
        },
        ..SearchConfig::default()
    };
    Searcher::new(config).search(
        &game,
        &ChessEvaluator::Strong,
        &Limits::depth(10),
        &mut Silent,
    )
}

#[test]
fn the_principal_variation_stays_legal() {
    for fen in POSITIONS {
        let result = search(fen, true);
        let pv = &result.report.pv;
        assert!(!pv.is_empty(), "{fen}");
        assert_eq!(result.best_move, Some(pv[0]), "{fen}");
        let mut game = ChessGame::from_fen(fen).unwrap();
        let mut legal = Vec::new();
        for &mv in pv {
            game.legal_moves(&mut legal);
            assert!(legal.contains(&mv), "{fen}: {pv:?}");
            game.make_move(mv);
        }
    }
}

#[test]
fn the_switch_changes_the_tree() {
    let differs = POSITIONS
        .iter()
        .any(|fen| search(fen, true).report.stats.nodes != search(fen, false).report.stats.nodes);
    assert!(
        differs,
        "singular extensions never changed a depth-10 search"
    );
}
