//! The lab's race on random game trees and tic-tac-toe: every value-preserving
//! row finds minimax's root value and says so.

use banco_search::lab::{RACE, run_race};
use banco_search::testkit::{RandomTree, RandomTreeEval, TicTacToe, TicTacToeEval};
use banco_search::{Evaluator, Game, StopFlag};
use proptest::prelude::*;

fn exact_rows_agree<G: Game, E: Evaluator<G>>(
    game: &G,
    eval: &E,
    depth: u32,
) -> Result<(), TestCaseError> {
    let rows = run_race(game, eval, depth, 10_000_000, &StopFlag::new());
    prop_assert_eq!(rows.len(), RACE.len());
    let minimax = rows[0].report.value;
    for row in &rows {
        prop_assert!(row.completed, "{} did not complete", row.entry.name);
        if row.entry.value_preserving {
            prop_assert_eq!(
                row.report.value,
                minimax,
                "{} at depth {}",
                row.entry.name,
                depth
            );
            prop_assert_eq!(row.agrees_with_minimax, Some(true));
        } else {
            prop_assert_eq!(row.agrees_with_minimax, None);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_trees_race_to_minimax_value(seed in any::<u64>(), branching in 2_u8..9, depth in 1_u32..4) {
        exact_rows_agree(&RandomTree::new(seed, branching), &RandomTreeEval, depth)?;
    }

    #[test]
    fn tic_tac_toe_races_to_minimax_value(moves in proptest::collection::vec(0_u8..9, 0..5), depth in 1_u32..4) {
        let mut game = TicTacToe::new();
        let mut legal = Vec::new();
        for choice in moves {
            game.legal_moves(&mut legal);
            if legal.is_empty() { break; }
            game.make_move(legal[choice as usize % legal.len()]);
        }
        exact_rows_agree(&game, &TicTacToeEval, depth)?;
    }
}

#[test]
fn pruning_pays_down_the_table() {
    let rows = run_race(
        &RandomTree::new(11, 8),
        &RandomTreeEval,
        5,
        10_000_000,
        &StopFlag::new(),
    );
    let nodes = |name: &str| {
        rows.iter()
            .find(|r| r.entry.name == name)
            .unwrap()
            .report
            .stats
            .nodes
    };
    assert!(nodes("alphabeta") < nodes("minimax"));
    let minimax = rows.iter().find(|r| r.entry.name == "minimax").unwrap();
    let alphabeta = rows.iter().find(|r| r.entry.name == "alphabeta").unwrap();
    assert!(alphabeta.ebf < minimax.ebf);
}
