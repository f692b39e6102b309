//! Xiangqi through the shared search: the exact algorithms agree, mates are
//! found, and a lost position is seen as lost.

use banco_search::{Algorithm, Game, Limits, MATE, SearchConfig, Searcher, Silent, Techniques};
use banco_xiangqi::{XiangqiEvaluator, XiangqiGame};
use proptest::prelude::*;

fn search(
    game: &XiangqiGame,
    eval: XiangqiEvaluator,
    algorithm: Algorithm,
    techniques: Techniques,
    depth: u32,
) -> banco_search::SearchResult<banco_xiangqi::Move> {
    let config = SearchConfig {
        algorithm,
        techniques,
        hash_mb: 4,
        ..SearchConfig::default()
    };
    Searcher::new(config).search(game, &eval, &Limits::depth(depth), &mut Silent)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn exact_searches_agree(choices in proptest::collection::vec(any::<u16>(), 0..80), depth in 1_u32..4, simple in any::<bool>()) {
        let mut game = XiangqiGame::new();
        let mut moves = Vec::new();
        for choice in choices {
            game.legal_moves(&mut moves);
            if moves.is_empty() || game.rule_outcome().is_some() {
                break;
            }
            game.make_move(moves[usize::from(choice) % moves.len()]);
        }
        // From the FEN alone: no history, so no repetition inside the search.
        let root = XiangqiGame::from_fen(&game.fen()).unwrap();
        let eval = if simple { XiangqiEvaluator::Simple } else { XiangqiEvaluator::Strong };
        let minimax = search(&root, eval, Algorithm::Minimax, Techniques::NONE, depth).report.value;
        for (algorithm, techniques) in [
            (Algorithm::AlphaBeta, Techniques::NONE),
            (Algorithm::Engine, Techniques::exact()),
            (Algorithm::Mtdf, Techniques::exact()),
        ] {
            let value = search(&root, eval, algorithm, techniques, depth).report.value;
            prop_assert_eq!(value, minimax, "{:?} {}", algorithm, root.fen());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    /// The lab's race: every value-preserving row finds minimax's value.
    #[test]
    fn race_rows_agree_with_minimax(choices in proptest::collection::vec(any::<u16>(), 0..80), depth in 1_u32..3) {
        let mut game = XiangqiGame::new();
        let mut moves = Vec::new();
        for choice in choices {
            game.legal_moves(&mut moves);
            if moves.is_empty() || game.rule_outcome().is_some() {
                break;
            }
            game.make_move(moves[usize::from(choice) % moves.len()]);
        }
        let root = XiangqiGame::from_fen(&game.fen()).unwrap();
        let rows = banco_search::lab::run_race(&root, &XiangqiEvaluator::Strong, depth, 5_000_000, &banco_search::StopFlag::new());
        for row in rows.iter().filter(|r| r.entry.value_preserving) {
            prop_assert_eq!(row.agrees_with_minimax, Some(true), "{} {}", row.entry.name, root.fen());
        }
    }
}

#[test]
fn finds_a_mate_in_one() {
    // Red chariot to the back rank: the black general has no escape.
    let game = XiangqiGame::from_fen("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1").unwrap();
    let result = search(
        &game,
        XiangqiEvaluator::Strong,
        Algorithm::Engine,
        Techniques::ALL,
        4,
    );
    let mv = result.best_move.unwrap();
    let mut after = game.clone();
    after.make_move(mv);
    assert!(after.legal().is_empty(), "{mv} should mate");
    assert_eq!(result.report.value, MATE - 1);
}

#[test]
fn sees_a_forced_loss() {
    // Black to move is mated next move whatever it does.
    let game = XiangqiGame::from_fen("3k5/9/9/9/9/9/9/9/R8/4K4 b - - 0 1").unwrap();
    let result = search(
        &game,
        XiangqiEvaluator::Strong,
        Algorithm::Engine,
        Techniques::ALL,
        5,
    );
    assert!(
        result.report.value <= -(MATE - 10),
        "{}",
        result.report.value
    );
}

#[test]
fn every_algorithm_returns_a_legal_move() {
    let game = XiangqiGame::new();
    for algorithm in Algorithm::ALL {
        let result = search(
            &game,
            XiangqiEvaluator::Simple,
            algorithm,
            Techniques::ALL,
            2,
        );
        assert!(game.legal().contains(&result.best_move.unwrap()));
    }
}
