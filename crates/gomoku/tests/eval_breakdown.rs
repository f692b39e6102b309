//! The evaluation breakdown is the evaluation: its terms add up to the
//! evaluator's value in every position, and the terms say what they should.

use banco_gomoku::{GomokuEvaluator, GomokuGame, Rule};
use banco_search::Evaluator;
use banco_search::testkit::{check_breakdown, random_positions};

/// Games with threats on the board: threes, fours, a straight four.
const LINES: [&str; 4] = [
    "h8 h9 i8 i9 j8",
    "h8 h9 i8 i9 j8 j9 k8",
    "h8 h9 i8 i9 j8 g8 k8 l8 i7 i10",
    "h8 i9 h9 i10 h10 i11 h7 i8",
];

#[test]
fn terms_add_up_to_the_value() {
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro] {
        let start = GomokuGame::new(15, rule).unwrap();
        let mut positions = random_positions(&start, 5, 6, 60);
        for line in LINES {
            let game = GomokuGame::from_moves(15, rule, line).unwrap();
            positions.extend(random_positions(&game, 9, 4, 20));
        }
        for eval in GomokuEvaluator::ALL {
            for game in &positions {
                if let Err(err) = check_breakdown(&eval, game) {
                    panic!("{rule:?}: {err}");
                }
            }
        }
    }
}

#[test]
fn an_open_three_shows_at_the_points_that_make_a_straight_four() {
    // Black h8 i8 j8 (open three), white to move: g8 and k8 are black's.
    let game = GomokuGame::from_moves(15, Rule::Freestyle, "h8 h9 i8 i9 j8").unwrap();
    let breakdown = GomokuEvaluator::Strong.explain(&game).unwrap();
    for point in ["g8", "k8"] {
        let term = breakdown
            .terms
            .iter()
            .find(|t| t.point.as_deref() == Some(point) && t.value > 0.0)
            .unwrap_or_else(|| panic!("nothing for black at {point}: {:?}", breakdown.terms));
        assert_eq!(term.name, "a point that makes a straight four");
    }
}

#[test]
fn a_five_to_make_is_the_whole_evaluation() {
    let game = GomokuGame::from_moves(15, Rule::Freestyle, "h8 h9 i8 i9 j8 j9 k8 k9").unwrap();
    let breakdown = GomokuEvaluator::Strong.explain(&game).unwrap();
    assert_eq!(breakdown.terms.len(), 1, "{:?}", breakdown.terms);
    assert_eq!(breakdown.terms[0].name, "a five to make");
    assert!(matches!(
        breakdown.terms[0].point.as_deref(),
        Some("g8" | "l8")
    ));
}
