//! On random chess positions, minimax, alpha-beta, the engine with only
//! value-preserving techniques, and MTD(f) return the same root score at
//! depths 1 to 3. Positions are set up from FEN, without history, so no
//! repetition can arise inside such shallow searches.

use banco_chess::{ChessEvaluator, ChessGame};
use banco_search::{Algorithm, Game, Limits, SearchConfig, Searcher, Silent, Techniques};
use proptest::prelude::*;

fn value(
    game: &ChessGame,
    eval: ChessEvaluator,
    algorithm: Algorithm,
    techniques: Techniques,
    depth: u32,
) -> i32 {
    let config = SearchConfig {
        algorithm,
        techniques,
        hash_mb: 4,
        ..SearchConfig::default()
    };
    Searcher::new(config)
        .search(game, &eval, &Limits::depth(depth), &mut Silent)
        .report
        .value
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn exact_searches_agree(choices in proptest::collection::vec(any::<u16>(), 0..60), depth in 1_u32..4, simple in any::<bool>()) {
        let mut game = ChessGame::new();
        let mut moves = Vec::new();
        for choice in choices {
            game.legal_moves(&mut moves);
            if moves.is_empty() || game.rule_outcome().is_some() {
                break;
            }
            game.make_move(moves[choice as usize % moves.len()]);
        }
        let root = ChessGame::from_fen(&game.fen()).unwrap();
        let eval = if simple { ChessEvaluator::Simple } else { ChessEvaluator::Strong };
        let minimax = value(&root, eval, Algorithm::Minimax, Techniques::NONE, depth);
        prop_assert_eq!(value(&root, eval, Algorithm::AlphaBeta, Techniques::NONE, depth), minimax, "alphabeta {}", root.fen());
        prop_assert_eq!(value(&root, eval, Algorithm::Engine, Techniques::exact(), depth), minimax, "engine {}", root.fen());
        prop_assert_eq!(value(&root, eval, Algorithm::Mtdf, Techniques::exact(), depth), minimax, "mtdf {}", root.fen());
    }
}

/// A mated root (found by the property above once): every algorithm must
/// report the loss, not a neutral zero.
#[test]
fn mated_root_scores_the_same_everywhere() {
    let root =
        ChessGame::from_fen("rnbqkbnr/3pp3/2p2pQ1/pB4pp/6P1/2P1P2P/PP1P1P2/RNB1K1NR b KQkq - 1 7")
            .unwrap();
    for algorithm in [
        Algorithm::Minimax,
        Algorithm::AlphaBeta,
        Algorithm::Engine,
        Algorithm::Mtdf,
    ] {
        let value = value(
            &root,
            ChessEvaluator::Simple,
            algorithm,
            Techniques::exact(),
            2,
        );
        assert_eq!(value, -banco_search::MATE, "{algorithm:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// The lab's race says the same: every value-preserving row (up to PVS,
    /// and MTD(f)) completes with minimax's value and reports agreement.
    #[test]
    fn race_rows_agree_with_minimax(choices in proptest::collection::vec(any::<u16>(), 0..60), depth in 1_u32..4, simple in any::<bool>()) {
        let mut game = ChessGame::new();
        let mut moves = Vec::new();
        for choice in choices {
            game.legal_moves(&mut moves);
            if moves.is_empty() || game.rule_outcome().is_some() {
                break;
            }
            game.make_move(moves[choice as usize % moves.len()]);
        }
        let root = ChessGame::from_fen(&game.fen()).unwrap();
        let eval = if simple { ChessEvaluator::Simple } else { ChessEvaluator::Strong };
        let rows = banco_search::lab::run_race(&root, &eval, depth, 5_000_000, &banco_search::StopFlag::new());
        let minimax = value(&root, eval, Algorithm::Minimax, Techniques::NONE, depth);
        for row in rows.iter().filter(|r| r.entry.value_preserving) {
            prop_assert_eq!(row.report.value, minimax, "{} {}", row.entry.name, root.fen());
            prop_assert_eq!(row.agrees_with_minimax, Some(true), "{}", row.entry.name);
        }
    }
}
