//! VCF and VCT: known wins found within a node budget, and positions with
//! none where the solvers say so.

mod common;

use banco_gomoku::threat::{ThreatLimits, ThreatOutcome, vcf, vct};
use banco_gomoku::{GameStatus, GomokuGame, Point, Rule, Side, Threat};
use banco_search::Game;
use common::board;

/// Replays a claimed win: every attacker move but the last leaves exactly
/// one five point, which the defender takes; the last makes five, or an
/// open four whose five follows.
fn assert_forced(game: &GomokuGame, line: &[Point]) {
    let mut game = game.clone();
    let attacker = game.side_to_move();
    for (i, &p) in line.iter().enumerate() {
        game.play(p).unwrap_or_else(|e| panic!("move {i} {p}: {e}"));
        if let GameStatus::Five { winner, .. } = game.status() {
            assert_eq!(winner, attacker);
            assert_eq!(i, line.len() - 1, "the line goes on after the five");
            return;
        }
        assert_eq!(game.status(), GameStatus::Ongoing);
    }
    panic!("the line {line:?} never made five");
}

/// Black: a closed three on row 8 (h8 i8 j8, white g8), two on column k
/// (k9 k10), a closed three on row 11 (h11 i11 j11, white g11). Black to move.
fn two_step_vcf() -> GomokuGame {
    let mut game = board(
        Rule::Freestyle,
        &[
            (7, 7),
            (8, 7),
            (9, 7),
            (10, 8),
            (10, 9),
            (7, 10),
            (8, 10),
            (9, 10),
        ],
        &[
            (6, 7),
            (6, 10),
            (2, 2),
            (2, 4),
            (3, 2),
            (4, 12),
            (12, 3),
            (13, 13),
        ],
    );
    game.set_side_to_move(Side::First);
    game
}

#[test]
fn double_four_is_a_one_move_vcf() {
    let mut game = board(
        Rule::Freestyle,
        &[(7, 7), (8, 7), (9, 7), (10, 8), (10, 9), (10, 10)],
        &[(6, 7), (10, 11), (1, 1), (1, 3), (3, 1), (13, 13)],
    );
    game.set_side_to_move(Side::First);
    assert_eq!(
        game.threat(Side::First, Point::new(10, 7)),
        Threat::OpenFour
    );
    let answer = vcf(&game, ThreatLimits::nodes(100));
    let ThreatOutcome::Win(line) = &answer.outcome else {
        panic!("no VCF: {answer:?}");
    };
    assert_eq!(line[0], Point::new(10, 7));
    assert_forced(&game, line);
}

#[test]
fn vcf_in_two_fours_within_budget() {
    let game = two_step_vcf();
    let answer = vcf(&game, ThreatLimits::nodes(2_000));
    let ThreatOutcome::Win(line) = &answer.outcome else {
        panic!("no VCF: {answer:?}");
    };
    assert!(answer.nodes <= 2_000);
    assert!(line.len() >= 3, "{line:?}");
    assert_forced(&game, line);
}

#[test]
fn no_vcf_with_a_single_closed_three() {
    let mut game = board(
        Rule::Freestyle,
        &[(7, 7), (8, 7), (9, 7), (3, 3)],
        &[(6, 7), (3, 4), (12, 12), (4, 3)],
    );
    game.set_side_to_move(Side::First);
    assert_eq!(
        vcf(&game, ThreatLimits::nodes(10_000)).outcome,
        ThreatOutcome::NoWin
    );
}

#[test]
fn no_vcf_when_the_defender_has_a_five_point() {
    // Black could make fours, but white already threatens five.
    let mut game = two_step_vcf();
    for x in [1, 2, 3, 4] {
        game.place(Point::new(x, 13), Side::Second).unwrap();
    }
    game.set_side_to_move(Side::First);
    assert_eq!(
        vcf(&game, ThreatLimits::nodes(10_000)).outcome,
        ThreatOutcome::NoWin
    );
}

#[test]
fn vct_finds_a_double_three_win() {
    // Black g8 h8 on row 8 and i9 i10 on column i: i8 makes two open
    // threes, though no four exists yet.
    let mut game = board(
        Rule::Freestyle,
        &[(6, 7), (7, 7), (8, 8), (8, 9)],
        &[(0, 0), (0, 14), (14, 0), (14, 14)],
    );
    game.set_side_to_move(Side::First);
    assert_eq!(
        vcf(&game, ThreatLimits::nodes(10_000)).outcome,
        ThreatOutcome::NoWin
    );
    let answer = vct(&game, ThreatLimits::nodes(200_000), 3);
    let ThreatOutcome::Win(line) = &answer.outcome else {
        panic!("no VCT: {answer:?}");
    };
    assert!(!line.is_empty());
}

#[test]
fn no_vct_on_a_quiet_board() {
    let mut game = board(Rule::Freestyle, &[(7, 7)], &[(8, 8)]);
    game.set_side_to_move(Side::First);
    assert_eq!(
        vct(&game, ThreatLimits::nodes(50_000), 2).outcome,
        ThreatOutcome::NoWin
    );
}

#[test]
fn renju_black_may_not_block_on_a_foul() {
    // White's four ends on a point that is an overline for black: black
    // cannot block, so white's four alone wins.
    let mut game = board(
        Rule::Renju,
        &[(2, 7), (3, 7), (4, 7), (6, 7), (7, 7), (5, 12)],
        &[(5, 9), (5, 10), (5, 11), (12, 12), (12, 0), (13, 0)],
    );
    game.set_side_to_move(Side::Second);
    // f8 joins black's c8..e8 and g8..h8 into six: forbidden to black.
    assert!(game.foul_at(Point::new(5, 7)).is_some());
    let answer = vcf(&game, ThreatLimits::nodes(1_000));
    let ThreatOutcome::Win(line) = &answer.outcome else {
        panic!("no VCF: {answer:?}");
    };
    assert_eq!(line[..2], [Point::new(5, 8), Point::new(5, 7)]);
}
