//! The evaluation breakdown is the evaluation: its terms add up to the
//! evaluator's value in every position, and the terms say what they should.

use banco_search::Evaluator;
use banco_search::testkit::{check_breakdown, random_positions};
use banco_xiangqi::{XiangqiEvaluator, XiangqiGame};

#[test]
fn terms_add_up_to_the_value_in_random_positions() {
    let positions = random_positions(&XiangqiGame::new(), 11, 40, 150);
    assert!(positions.len() > 1000);
    for eval in XiangqiEvaluator::ALL {
        for game in &positions {
            if let Err(err) = check_breakdown(&eval, game) {
                panic!("{}: {err}", game.fen());
            }
        }
    }
}

#[test]
fn a_hollow_cannon_is_a_term_on_the_cannons_point() {
    // Red's cannon on the central file with nothing between it and black's general.
    let game =
        XiangqiGame::from_fen("rnbakabnr/9/1c7/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 1")
            .unwrap();
    let breakdown = XiangqiEvaluator::Strong.explain(&game).unwrap();
    let hollow = breakdown
        .terms
        .iter()
        .find(|t| t.name.starts_with("hollow cannon"))
        .unwrap_or_else(|| panic!("no hollow cannon in {:?}", breakdown.terms));
    assert_eq!(hollow.point.as_deref(), Some("e6"));
    assert!(hollow.value > 0.0, "good for red: {hollow:?}");
}
