//! The evaluation breakdown is the evaluation: its terms add up to the
//! evaluator's value in every position, and the terms say what they should.

use banco_chess::{ChessEvaluator, ChessGame};
use banco_search::Evaluator;
use banco_search::testkit::{check_breakdown, random_positions};

#[test]
fn terms_add_up_to_the_value_in_random_positions() {
    let positions = random_positions(&ChessGame::new(), 7, 40, 120);
    assert!(positions.len() > 1000);
    for eval in ChessEvaluator::ALL {
        for game in &positions {
            if let Err(err) = check_breakdown(&eval, game) {
                panic!("{}: {err}", game.fen());
            }
        }
    }
}

#[test]
fn a_pawnless_minor_piece_shows_its_scale_down() {
    let game = ChessGame::from_fen("4k3/8/8/8/8/8/8/3NK3 w - - 0 1").unwrap();
    check_breakdown(&ChessEvaluator::Strong, &game).unwrap();
    let breakdown = ChessEvaluator::Strong.explain(&game).unwrap();
    let scale = breakdown
        .terms
        .iter()
        .find(|t| t.name.starts_with("scale-down"))
        .expect("a scale-down term");
    assert!(scale.value < 0.0, "{scale:?}");
}

#[test]
fn terms_sit_where_they_come_from() {
    // White's rook on the open e-file, a passed pawn on a7, the kings.
    let game = ChessGame::from_fen("7k/P7/8/8/8/8/8/4RK2 w - - 0 1").unwrap();
    let breakdown = ChessEvaluator::Strong.explain(&game).unwrap();
    let find = |name: &str| {
        breakdown
            .terms
            .iter()
            .find(|t| t.name == name)
            .unwrap_or_else(|| panic!("no {name} in {:?}", breakdown.terms))
    };
    assert_eq!(find("rook on an open file").point.as_deref(), Some("e1"));
    let passed = find("passed pawn");
    assert_eq!(passed.point.as_deref(), Some("a7"));
    assert!(passed.value > 0.0);
    let simple = ChessEvaluator::Simple.explain(&game).unwrap();
    let material: f64 = simple
        .terms
        .iter()
        .filter(|t| t.group == "material")
        .map(|t| t.value)
        .sum();
    assert_eq!(material, 600.0);
}
