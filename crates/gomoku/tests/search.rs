//! The shared search on gomoku: it makes five, stops a four and an open
//! three, and plays a forced win through the threat probe.

mod common;

use banco_gomoku::think::{Reason, choose_move};
use banco_gomoku::{GomokuEvaluator, GomokuGame, Point, Rule, Side};
use banco_search::{Algorithm, EvaluatorStrength, Limits, SearchConfig, Searcher, Silent, is_mate};
use common::board;

fn search(game: &banco_gomoku::GomokuGame, algorithm: Algorithm, depth: u32) -> (Point, i32) {
    let config = SearchConfig {
        algorithm,
        ..SearchConfig::default()
    };
    let result = Searcher::new(config).search(
        game,
        &GomokuEvaluator::Strong,
        &Limits::depth(depth),
        &mut Silent,
    );
    (result.best_move.unwrap(), result.report.value)
}

#[test]
fn every_algorithm_makes_five() {
    let mut game = board(
        Rule::Freestyle,
        &[(3, 3), (4, 4), (5, 5), (6, 6)],
        &[(3, 4), (4, 5), (5, 6), (9, 9)],
    );
    game.set_side_to_move(Side::First);
    for algorithm in Algorithm::ALL {
        let (mv, value) = search(&game, algorithm, 2);
        assert!(
            mv == Point::new(7, 7) || mv == Point::new(2, 2),
            "{algorithm}: {mv}"
        );
        assert!(is_mate(value), "{algorithm}: {value}");
    }
}

#[test]
fn the_engine_blocks_a_four() {
    // White threatens five at l8 (h8..k8, g8 blocked by black).
    let mut game = board(
        Rule::Standard,
        &[(6, 7), (2, 2), (3, 3), (12, 2)],
        &[(7, 7), (8, 7), (9, 7), (10, 7)],
    );
    game.set_side_to_move(Side::First);
    let (mv, _) = search(&game, Algorithm::Engine, 4);
    assert_eq!(mv, Point::new(11, 7));
}

#[test]
fn the_engine_stops_an_open_three() {
    // White h8 i8 j8 open; black has nothing: black must take g8 or k8 (or
    // the far points f8/l8, which leave only a closed four).
    let mut game = board(
        Rule::Freestyle,
        &[(3, 12), (12, 3), (2, 2)],
        &[(7, 7), (8, 7), (9, 7)],
    );
    game.set_side_to_move(Side::First);
    let (mv, _) = search(&game, Algorithm::Engine, 4);
    assert!([5, 6, 10, 11].contains(&mv.x) && mv.y == 7, "{mv}");
}

#[test]
fn the_engine_sees_a_vcf_as_a_mate() {
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
    let (_, value) = search(&game, Algorithm::Engine, 2);
    assert!(is_mate(value) && value > 0, "{value}");
}

#[test]
fn choose_move_plays_the_forced_win_first() {
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
    let mut searcher = Searcher::new(SearchConfig::default());
    let choice = choose_move(
        &game,
        &mut searcher,
        GomokuEvaluator::Strong,
        &Limits::depth(3),
        &mut Silent,
    )
    .unwrap();
    assert!(
        matches!(choice.reason, Reason::Vcf(_)),
        "{:?}",
        choice.reason
    );
}

#[test]
fn choose_move_defends_against_a_vcf() {
    // White threatens a double four at k8 (h8 i8 j8 closed by g8, k9 k10
    // k11 closed by k12); black to move must spoil it.
    let mut game = board(
        Rule::Freestyle,
        &[(6, 7), (10, 11), (1, 1), (1, 3), (3, 1), (13, 13)],
        &[(7, 7), (8, 7), (9, 7), (10, 8), (10, 9), (10, 10)],
    );
    game.set_side_to_move(Side::First);
    let mut searcher = Searcher::new(SearchConfig::default());
    let choice = choose_move(
        &game,
        &mut searcher,
        GomokuEvaluator::Strong,
        &Limits::depth(4),
        &mut Silent,
    )
    .unwrap();
    let mut after = game.clone();
    after.play(choice.point).unwrap();
    let answer =
        banco_gomoku::threat::vcf(&after, banco_gomoku::threat::ThreatLimits::nodes(100_000));
    assert_eq!(
        answer.outcome,
        banco_gomoku::threat::ThreatOutcome::NoWin,
        "{}",
        choice.point
    );
}

#[test]
fn choose_move_stops_the_vcf_that_won_a_match_game() {
    // A game Banco lost as white to the seeds' caro program: after black's
    // g9, white's e7 let black win by fours from f7. White must spoil it.
    let game = common::game(
        Rule::Freestyle,
        "h8 i7 h10 h7 j7 j8 k9 i6 h9 j5 g8 k6 h11 h12 i8 l3 k4 g10 g9",
    );
    let mut searcher = Searcher::new(SearchConfig::default());
    let choice = choose_move(
        &game,
        &mut searcher,
        GomokuEvaluator::Strong,
        &Limits::depth(4),
        &mut Silent,
    )
    .unwrap();
    let mut after = game.clone();
    after.play(choice.point).unwrap();
    let answer =
        banco_gomoku::threat::vcf(&after, banco_gomoku::threat::ThreatLimits::nodes(200_000));
    assert_eq!(
        answer.outcome,
        banco_gomoku::threat::ThreatOutcome::NoWin,
        "{} ({:?})",
        choice.point,
        choice.reason
    );
}

#[test]
fn choose_move_stops_the_vct_that_won_a_match_game() {
    // Another lost game: white's i5 here let black win by threes and fours.
    // Depth 4 was enough here until gomoku's margins were scaled and its
    // quiet moves hinted: since then depths 4 and 6 prefer h11 or i11, which
    // lose to wins by three threes that the safety check, reading two,
    // cannot see (depth 5 avoids them). From depth 7 to 10 the search
    // itself avoids them all; level 10 searches deeper.
    let game = common::game(Rule::Freestyle, "h8 h7 i6 i8 j9 j7 i7 j6 h9 k9 g9 j4 j5");
    let mut searcher = Searcher::new(SearchConfig::default());
    let choice = choose_move(
        &game,
        &mut searcher,
        GomokuEvaluator::Strong,
        &Limits::depth(7),
        &mut Silent,
    )
    .unwrap();
    let mut after = game.clone();
    after.play(choice.point).unwrap();
    let limits = banco_gomoku::threat::ThreatLimits::nodes(200_000);
    let fours = banco_gomoku::threat::vcf(&after, limits);
    let threats = banco_gomoku::threat::vct(&after, limits, 3);
    assert_eq!(
        fours.outcome,
        banco_gomoku::threat::ThreatOutcome::NoWin,
        "{}",
        choice.point
    );
    assert!(
        !matches!(threats.outcome, banco_gomoku::threat::ThreatOutcome::Win(_)),
        "{} {:?}",
        choice.point,
        threats
    );
}

#[test]
fn the_seeds_evaluator_searches_too() {
    let mut game = board(
        Rule::Freestyle,
        &[(3, 3), (4, 4), (5, 5), (6, 6)],
        &[(3, 4), (4, 5), (5, 6), (9, 9)],
    );
    game.set_side_to_move(Side::First);
    let simple = GomokuEvaluator::Simple;
    // Black's open four outweighs white's three: good for black, bad for white.
    let for_black = banco_search::Evaluator::evaluate(&simple, &game);
    let mut white_view = game.clone();
    white_view.set_side_to_move(Side::Second);
    assert!(for_black > 0, "{for_black}");
    assert!(banco_search::Evaluator::evaluate(&simple, &white_view) < 0);
    for algorithm in [Algorithm::AlphaBeta, Algorithm::Engine] {
        let config = SearchConfig {
            algorithm,
            ..SearchConfig::default()
        };
        let result = Searcher::new(config).search(&game, &simple, &Limits::depth(2), &mut Silent);
        let mv = result.best_move.unwrap();
        assert!(
            mv == Point::new(7, 7) || mv == Point::new(2, 2),
            "{algorithm}: {mv}"
        );
    }
    assert_eq!(GomokuEvaluator::from(EvaluatorStrength::Simple), simple);
}

/// The lab's race on gomoku: the exact rows find minimax's value even where
/// the strong evaluator could prove a win by fours (the threat probe is a
/// technique of its own, off in the exact rows).
#[test]
fn race_rows_agree_with_minimax() {
    use banco_search::{StopFlag, lab::run_race};
    let positions = [
        "h8 h9 i8 g9 j8",
        "h8 i9 h9 h10 h7 h6 g8",
        "h8 i8 h9 h10 g9 f10 i10 j11 g7",
        // Black to move against two open threes: the probe proves white's
        // win one ply down, beyond what a depth-2 minimax sees.
        "a15 h8 o15 i8 a8 j8 o1 c3 h1 c4 a1 c5",
    ];
    for moves in positions {
        let game = banco_gomoku::GomokuGame::from_moves(15, Rule::Freestyle, moves).unwrap();
        for depth in 1..=2 {
            let rows = run_race(
                &game,
                &GomokuEvaluator::Strong,
                depth,
                2_000_000,
                &StopFlag::new(),
            );
            for row in rows.iter().filter(|r| r.entry.value_preserving) {
                assert_eq!(
                    row.agrees_with_minimax,
                    Some(true),
                    "{} at depth {depth} after {moves}: {} vs {}",
                    row.entry.name,
                    row.report.value,
                    rows[0].report.value
                );
            }
        }
    }
}

#[test]
fn shallow_levels_read_no_threat_sequences_with_threes() {
    // After white's i5 black wins by threes and fours (no VCF): a search
    // capped at depth 4 plays the VCT, one capped at depth 3 does not see it.
    let game = common::game(Rule::Freestyle, "h8 h7 i6 i8 j9 j7 i7 j6 h9 k9 g9 j4 j5 i5");
    let reason = |depth| {
        let mut searcher = Searcher::new(SearchConfig::default());
        choose_move(
            &game,
            &mut searcher,
            GomokuEvaluator::Strong,
            &Limits::depth(depth),
            &mut Silent,
        )
        .unwrap()
        .reason
    };
    assert!(matches!(reason(4), Reason::Vct(_)), "{:?}", reason(4));
    assert!(
        !matches!(reason(3), Reason::Vct(_) | Reason::Vcf(_)),
        "{:?}",
        reason(3)
    );
}

#[test]
fn quiet_moves_are_hinted_by_the_lines_they_build_and_block() {
    use banco_search::Evaluator;
    // Black h8 i8 j8, white g8, a15 and a14: k8 makes black a four, worth
    // more than the far corner, where a stone makes only lone stones' lines.
    let mut game = common::game(Rule::Freestyle, "h8 g8 i8 a15 j8 a14");
    game.set_side_to_move(Side::First);
    let hint = |x, y| GomokuEvaluator::Strong.quiet_hint(&game, Point::new(x, y));
    assert!(hint(10, 7) > hint(14, 0), "a four over a far point");
    for x in 0..15 {
        for y in 0..15 {
            if game.stone(Point::new(x, y)).is_none() {
                // Within the history's range: the learned prior's
                // logits may be negative.
                assert!((-16_384..=16_384).contains(&hint(x, y)));
            }
        }
    }
    assert_eq!(
        GomokuEvaluator::Simple.quiet_hint(&game, Point::new(9, 9)),
        0
    );
}

#[test]
fn a_pass_is_refused_against_a_three_and_taken_back_exactly() {
    use banco_search::Game;
    // White's open three (h9 i9 j9) makes a straight four next: no pass.
    let game = GomokuGame::from_moves(15, Rule::Freestyle, "h8 h9 a1 i9 b1 j9").unwrap();
    assert!(!game.null_move_allowed());
    // A quiet position: a pass hands the move over and comes back whole.
    let mut game = GomokuGame::from_moves(15, Rule::Freestyle, "h8 h9 i8").unwrap();
    assert!(game.null_move_allowed());
    let (hash, side) = (game.hash(), game.side_to_move());
    game.make_null_move();
    assert_eq!(game.side_to_move(), side.opponent());
    assert_ne!(game.hash(), hash);
    game.unmake_null_move();
    assert_eq!((game.hash(), game.side_to_move()), (hash, side));
}

#[test]
fn null_move_pruning_set_by_option_still_makes_five() {
    use banco_search::ParamOverrides;
    let mut params = ParamOverrides::default();
    params.set("nmp_min_depth", "2").unwrap();
    params.set("nmp_margin", "5").unwrap();
    let config = SearchConfig {
        params,
        ..SearchConfig::default()
    };
    // Black to move with four in a row open at both ends: five at once.
    let game = GomokuGame::from_moves(15, Rule::Freestyle, "h8 a1 i8 a2 j8 a3 k8 b5").unwrap();
    let result = Searcher::new(config).search(
        &game,
        &GomokuEvaluator::Strong,
        &Limits::depth(6),
        &mut Silent,
    );
    assert!(is_mate(result.report.value));
    assert!(matches!(result.best_move, Some(p) if p.to_string() == "g8" || p.to_string() == "l8"));
}
