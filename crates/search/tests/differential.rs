//! Differential tests: every value-preserving search must give minimax's root value.
//!
//! Random game trees never repeat a position, so a fixed-depth search with only
//! exact techniques (ordering, killers, history, transposition table,
//! iterative deepening, aspiration windows, PVS) and MTD(f) must return
//! exactly the minimax value at the root.

use banco_search::testkit::{RandomTree, RandomTreeEval, TicTacToe, TicTacToeEval};
use banco_search::{
    Algorithm, Evaluator, Game, Limits, SearchConfig, Searcher, Silent, Techniques,
};
use proptest::prelude::*;

fn root_value<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    algorithm: Algorithm,
    techniques: Techniques,
    depth: u32,
) -> (i32, u64) {
    let config = SearchConfig {
        algorithm,
        techniques,
        hash_mb: 1,
        ..SearchConfig::default()
    };
    let result = Searcher::new(config).search(game, eval, &Limits::depth(depth), &mut Silent);
    (result.report.value, result.report.stats.nodes)
}

fn all_agree<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    depth: u32,
) -> Result<(), TestCaseError> {
    let (minimax, minimax_nodes) =
        root_value(game, eval, Algorithm::Minimax, Techniques::NONE, depth);
    let (alphabeta, alphabeta_nodes) =
        root_value(game, eval, Algorithm::AlphaBeta, Techniques::NONE, depth);
    prop_assert_eq!(alphabeta, minimax, "alphabeta at depth {}", depth);
    prop_assert!(alphabeta_nodes <= minimax_nodes);
    let variants = [
        ("engine, nothing on", Algorithm::Engine, Techniques::NONE),
        (
            "engine, exact techniques",
            Algorithm::Engine,
            Techniques::exact(),
        ),
        (
            "engine, exact without pvs",
            Algorithm::Engine,
            Techniques {
                pvs: false,
                ..Techniques::exact()
            },
        ),
        (
            "engine, exact without tt",
            Algorithm::Engine,
            Techniques {
                transposition_table: false,
                ..Techniques::exact()
            },
        ),
        (
            "mtdf, exact techniques",
            Algorithm::Mtdf,
            Techniques::exact(),
        ),
    ];
    for (name, algorithm, techniques) in variants {
        let (value, _) = root_value(game, eval, algorithm, techniques, depth);
        prop_assert_eq!(value, minimax, "{} at depth {}", name, depth);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_trees_agree_with_minimax(seed in any::<u64>(), branching in 2_u8..9, depth in 1_u32..6) {
        all_agree(&RandomTree::new(seed, branching), &RandomTreeEval, depth)?;
    }

    #[test]
    fn tic_tac_toe_agrees_with_minimax(moves in proptest::collection::vec(0_u8..9, 0..5), depth in 1_u32..7) {
        let mut game = TicTacToe::new();
        let mut legal = Vec::new();
        for choice in moves {
            game.legal_moves(&mut legal);
            if legal.is_empty() { break; }
            game.make_move(legal[choice as usize % legal.len()]);
        }
        all_agree(&game, &TicTacToeEval, depth)?;
    }
}

#[test]
fn tic_tac_toe_is_a_draw_for_every_algorithm() {
    for algorithm in Algorithm::ALL {
        let (value, _) = root_value(
            &TicTacToe::new(),
            &TicTacToeEval,
            algorithm,
            Techniques::exact(),
            9,
        );
        assert_eq!(value, 0, "{algorithm}");
    }
    // The full engine prunes unsoundly, but not so much that it misjudges the game.
    let (value, _) = root_value(
        &TicTacToe::new(),
        &TicTacToeEval,
        Algorithm::Engine,
        Techniques::ALL,
        9,
    );
    assert_eq!(value, 0);
}

#[test]
fn alphabeta_prunes_what_minimax_visits() {
    let tree = RandomTree::new(7, 6);
    let (_, minimax) = root_value(
        &tree,
        &RandomTreeEval,
        Algorithm::Minimax,
        Techniques::NONE,
        6,
    );
    let (_, alphabeta) = root_value(
        &tree,
        &RandomTreeEval,
        Algorithm::AlphaBeta,
        Techniques::NONE,
        6,
    );
    let (_, engine) = root_value(
        &tree,
        &RandomTreeEval,
        Algorithm::Engine,
        Techniques::exact(),
        6,
    );
    assert!(
        alphabeta * 2 < minimax,
        "alphabeta {alphabeta} vs minimax {minimax}"
    );
    assert!(engine < minimax, "engine {engine} vs minimax {minimax}");
}
