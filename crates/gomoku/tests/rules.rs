//! The rules of each variant, mirroring the referee's self-test cases
//! (`match_gomoku.py --selftest`) one by one, plus renju's harder fouls.

mod common;

use banco_gomoku::{Foul, GameStatus, GomokuGame, Point, Rule, Side};
use common::{board, judge, row};

const B: Side = Side::First;
const W: Side = Side::Second;

#[test]
fn freestyle_five_and_overline_win() {
    assert_eq!(
        judge(board(Rule::Freestyle, &row(&[3, 4, 5, 6]), &[]), 7, 7, B),
        "win"
    );
    assert_eq!(
        judge(board(Rule::Freestyle, &row(&[3, 4, 5, 6, 8]), &[]), 7, 7, B),
        "win"
    );
}

#[test]
fn standard_needs_exactly_five() {
    assert_eq!(
        judge(board(Rule::Standard, &row(&[3, 4, 5, 6, 8]), &[]), 7, 7, B),
        ""
    );
    assert_eq!(
        judge(board(Rule::Standard, &row(&[3, 4, 5, 6]), &[]), 7, 7, B),
        "win"
    );
    // White is held to the same rule.
    assert_eq!(
        judge(board(Rule::Standard, &[], &row(&[3, 4, 5, 6, 8])), 7, 7, W),
        ""
    );
}

#[test]
fn renju_overlines() {
    assert_eq!(
        judge(board(Rule::Renju, &row(&[3, 4, 5, 6, 8]), &[]), 7, 7, B),
        "loss"
    );
    assert_eq!(
        board(Rule::Renju, &row(&[3, 4, 5, 6, 8]), &[]).foul_at(Point::new(7, 7)),
        Some(Foul::Overline)
    );
    assert_eq!(
        judge(board(Rule::Renju, &[], &row(&[3, 4, 5, 6, 8])), 7, 7, W),
        "win"
    );
}

#[test]
fn renju_double_three_and_a_closed_three() {
    let open = board(Rule::Renju, &[(6, 7), (5, 7), (7, 6), (7, 5)], &[]);
    assert_eq!(open.foul_at(Point::new(7, 7)), Some(Foul::DoubleThree));
    let closed = board(Rule::Renju, &[(6, 7), (5, 7), (7, 6), (7, 5)], &[(4, 7)]);
    assert_eq!(closed.foul_at(Point::new(7, 7)), None);
}

#[test]
fn renju_double_four_and_four_three() {
    let double = board(
        Rule::Renju,
        &[(4, 7), (5, 7), (6, 7), (7, 4), (7, 5), (7, 6)],
        &[(3, 7), (7, 3)],
    );
    assert_eq!(double.foul_at(Point::new(7, 7)), Some(Foul::DoubleFour));
    assert_eq!(judge(double, 7, 7, B), "loss");
    let four_three = board(
        Rule::Renju,
        &[(4, 7), (5, 7), (6, 7), (7, 5), (7, 6)],
        &[(3, 7)],
    );
    assert_eq!(four_three.foul_at(Point::new(7, 7)), None);
}

#[test]
fn renju_double_four_on_one_line() {
    // X.XX?X.X: stones 3, 5, 6, 9 and the move at 7 make two fours on one row.
    let game = board(Rule::Renju, &row(&[3, 5, 6, 9]), &[]);
    assert_eq!(game.foul_at(Point::new(7, 7)), Some(Foul::DoubleFour));
}

#[test]
fn renju_five_beats_a_foul() {
    let game = board(
        Rule::Renju,
        &[row(&[3, 4, 5, 6]), vec![(7, 3), (7, 4), (7, 5)]].concat(),
        &[(2, 7), (7, 2)],
    );
    assert_eq!(game.foul_at(Point::new(7, 7)), None);
    assert_eq!(judge(game, 7, 7, B), "win");
}

#[test]
fn renju_three_whose_four_point_is_an_overline_is_no_three() {
    // Row: 5, 6, (7), _, 9, 10: the only straight-four point 8 makes six.
    let game = board(
        Rule::Renju,
        &[(5, 7), (6, 7), (9, 7), (10, 7), (7, 5), (7, 6)],
        &[],
    );
    assert_eq!(game.foul_at(Point::new(7, 7)), None);
}

#[test]
fn renju_recursive_false_double_three() {
    // Two open threes meet at h8: row 8 (f8 g8) and column h (h6 h7).
    let bare = board(Rule::Renju, &[(5, 7), (6, 7), (7, 5), (7, 6)], &[]);
    assert_eq!(bare.foul_at(Point::new(7, 7)), Some(Foul::DoubleThree));
    // Add stones so that, once h8 is played, both straight-four points of the
    // column (h9 and h5) are double-fours: the column is then no three
    // (RIF 9.3), and h8 makes a single three. The row keeps a real three
    // through e8 (its other point, i8, is itself a double-four).
    let game = board(
        Rule::Renju,
        &[
            (5, 7),
            (6, 7),
            (7, 5),
            (7, 6),
            (9, 8),
            (10, 8),
            (11, 8),
            (6, 9),
            (5, 10),
            (4, 11),
            (4, 4),
            (5, 4),
            (6, 4),
        ],
        &[(12, 8), (3, 12), (3, 4)],
    );
    assert_eq!(game.foul_at(Point::new(7, 8)), Some(Foul::DoubleFour));
    assert_eq!(game.foul_at(Point::new(8, 7)), Some(Foul::DoubleFour));
    assert_eq!(game.foul_at(Point::new(4, 7)), None);
    assert_eq!(game.foul_at(Point::new(7, 7)), None);
    assert_eq!(judge(game, 7, 7, B), "");
}

#[test]
fn caro_blocked_fives() {
    let both = board(Rule::Caro, &row(&[3, 4, 5, 6]), &[(2, 7), (8, 7)]);
    assert_eq!(judge(both, 7, 7, B), "");
    let one = board(Rule::Caro, &row(&[3, 4, 5, 6]), &[(2, 7)]);
    assert_eq!(judge(one, 7, 7, B), "win");
    // The edge is no block.
    let edge = board(Rule::Caro, &row(&[1, 2, 3, 4]), &[(5, 7)]);
    assert_eq!(judge(edge, 0, 7, B), "win");
    assert_eq!(
        judge(board(Rule::Caro, &row(&[3, 4, 5, 6, 8]), &[]), 7, 7, B),
        ""
    );
}

#[test]
fn diagonal_fives() {
    let diagonal = board(Rule::Standard, &[(3, 3), (4, 4), (5, 5), (6, 6)], &[]);
    assert_eq!(judge(diagonal, 7, 7, B), "win");
    let anti = board(Rule::Standard, &[(3, 11), (4, 10), (5, 9), (6, 8)], &[]);
    assert_eq!(judge(anti, 7, 7, B), "win");
}

#[test]
fn a_full_board_is_a_draw() {
    // Fill a 15×15 board in a pattern of pairs that never makes five.
    let mut game = GomokuGame::new(15, Rule::Freestyle).unwrap();
    for y in 0..15_u8 {
        for x in 0..15_u8 {
            let side = if ((x / 2) + y) % 2 == 0 {
                Side::First
            } else {
                Side::Second
            };
            game.place(Point::new(x, y), side).unwrap();
        }
    }
    assert_eq!(game.status(), GameStatus::Draw);
}

#[test]
fn winning_line_and_no_moves_after_the_end() {
    let mut game = common::game(Rule::Freestyle, "h8 a1 i8 a2 j8 a3 k8 a4");
    game.play_str("l8").unwrap();
    match game.status() {
        GameStatus::Five { winner, line } => {
            assert_eq!(winner, Side::First);
            assert_eq!(line.len(), 5);
        }
        other => panic!("expected five, got {other:?}"),
    }
    assert!(game.play_str("b1").is_err());
}

/// The opponent's four is what the search treats as check: the side to
/// move must block or lose; with a five of its own to make it is not held.
#[test]
fn a_four_against_the_side_to_move_is_check() {
    use banco_search::Game;
    let mut four = board(Rule::Freestyle, &row(&[3, 4, 5, 6]), &[(3, 9), (5, 9)]);
    four.set_side_to_move(W);
    assert!(four.in_check());
    four.set_side_to_move(B);
    assert!(!four.in_check(), "black makes five instead");
    let mut both = board(
        Rule::Freestyle,
        &row(&[3, 4, 5, 6]),
        &[(3, 9), (4, 9), (5, 9), (6, 9)],
    );
    both.set_side_to_move(W);
    assert!(!both.in_check(), "white makes five first");
    let mut three = board(Rule::Freestyle, &row(&[4, 5, 6]), &[(3, 9)]);
    three.set_side_to_move(W);
    assert!(!three.in_check(), "an open three is not yet a four");
}
